// The daily deal: today's deal per ruleset, one attempt per registered player, the day's board
// (live) and the all-time table.

import * as api from './api.js';
import { h, say, when } from './dom.js';

const RULESETS = ['standard', 'simple'];

function boardTable(items) {
  return h('table', { class: 'board-table responsive' },
    h('thead', {}, h('tr', {}, ['Rank', 'Player', 'Score', 'Moves', 'Outcome', 'Finished'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, items.length ? items.map((e) => h('tr', { 'data-player': e.player },
      [['Rank', e.rank], ['Player', h('a', { href: `#/player/${encodeURIComponent(e.player)}` }, e.player)], ['Score', e.score],
        ['Moves', e.moves], ['Outcome', e.outcome], ['Finished', when(e.finishedAt)]]
        .map(([l, c]) => h('td', { 'data-label': l }, c instanceof Node ? c : String(c)))))
      : h('tr', {}, h('td', { colspan: 6 }, 'Nobody has finished today’s deal yet.'))));
}

function tableOfAllTime(items) {
  return h('table', { class: 'board-table responsive' },
    h('thead', {}, h('tr', {}, ['Rank', 'Player', 'Days played', 'Days won', 'Total score', 'Best'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, items.length ? items.map((e) => h('tr', { 'data-player': e.player },
      [['Rank', e.rank], ['Player', e.player], ['Days played', e.played], ['Days won', e.won], ['Total score', e.totalScore], ['Best', e.bestScore]]
        .map(([l, c]) => h('td', { 'data-label': l }, String(c)))))
      : h('tr', {}, h('td', { colspan: 6 }, 'No daily deal has been finished yet.'))));
}

/** `#/daily` or `#/daily/{ruleset}`. */
export async function dailyPage(show, ctx, ruleset = 'standard') {
  if (!RULESETS.includes(ruleset)) ruleset = 'standard';
  const p = api.player();
  const today = await api.daily(ruleset);
  const [board, table] = await Promise.all([api.dailyBoard(ruleset, today.day).catch(() => ({ items: [] })), api.dailyTable(ruleset)]);
  const boardBox = h('div', { class: 'table-wrap', id: 'daily-board' }, boardTable(board.items));
  const refresh = () => api.dailyBoard(ruleset, today.day).then((b) => boardBox.replaceChildren(boardTable(b.items)), () => {});
  let attempt;
  if (!p) {
    attempt = h('p', { id: 'daily-register' }, 'The daily deal is played once a day by registered players: ',
      h('a', { href: '#/me' }, 'register a name'), ' first.');
  } else if (today.attempt) {
    attempt = h('p', { id: 'daily-attempted' }, `You have played today’s ${ruleset} deal. `,
      h('a', { href: `#/game/${today.attempt}`, id: 'daily-game' }, 'Open your game'), '.');
  } else {
    attempt = h('p', {}, h('button', { id: 'daily-play', onclick: async () => {
      try { const g = await api.dailyAttempt(ruleset); ctx.go(`#/game/${g.id}`); } catch (e) { say(e.message, true); }
    } }, `Play today’s ${ruleset} deal as ${p.name}`), h('span', { class: 'muted' }, ' One attempt: it counts however it ends.'));
  }
  show(h('h1', {}, 'Daily deal'),
    h('nav', { class: 'tabs', 'aria-label': 'rulesets' }, RULESETS.map((r) => h('a', { href: `#/daily/${r}`, 'aria-current': r === ruleset ? 'page' : null }, r))),
    h('p', {}, `${today.day} (UTC): one Scoundrel deal, the same for everyone, proved winnable. `,
      `It closes ${when(today.endsAt)}.`),
    attempt,
    h('details', { class: 'sealed', id: 'sealed' }, h('summary', {}, 'Why are today’s games sealed?'),
      h('p', {}, 'Everyone plays the same dungeon today, so until the day is over only the player of a daily game can open it: ',
        'its page, moves, replay and record answer anyone else “sealed”. The deal’s seed is fixed in advance by its commitment ',
        h('code', { class: 'commitment' }, today.seedCommitment), ' and shown when the day ends, so anyone can check that nobody changed it. ',
        'Hints are not offered in daily games.')),
    today.previous ? h('p', { class: 'muted small' }, `Yesterday’s (${today.previous.day}) seed, now revealed: `, h('code', {}, today.previous.seed || '—')) : null,
    h('h2', {}, `Today’s board (${ruleset})`), h('p', { class: 'muted' }, 'Best score first, then fewer moves, then who finished first; updated live.'), boardBox,
    h('h2', {}, 'All-time table'), h('p', { class: 'muted' }, 'Days won, then total score.'),
    h('div', { class: 'table-wrap', id: 'daily-table' }, tableOfAllTime(table.items)));
  ctx.onLeave(api.followDailyBoard(ruleset, today.day, refresh));
}
