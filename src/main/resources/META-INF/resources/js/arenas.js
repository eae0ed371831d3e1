// Arenas (docs/tournaments.md): the list of running, upcoming and finished arenas with a form to
// make one (#/arenas), and an arena's page (#/arenas/{id}) with its countdown, its live table, the
// player's games in it, and Join / Withdraw. While the player plays an arena, each game it pairs
// them into opens by itself, from the arena's page or from the page of their previous arena game.

import * as api from './api.js';
import { clockText, field, h, ratingText, remaining, say, sr, when } from './dom.js';

const STATUSES = [
  { status: 'running', label: 'Running', empty: 'No arena is running right now: make one below, or look at the upcoming ones.' },
  { status: 'upcoming', label: 'Upcoming', empty: 'No arena is planned yet: make one below.' },
  { status: 'finished', label: 'Finished', empty: 'No arena has finished yet.' },
];

const ARENA_HREF = (id) => `#/arenas/${encodeURIComponent(id)}`;

/** "starts in 4:59", "ends in 12:03", "finished" for a list's row or the arena's page, from `now`. */
function timing(a, now = Date.now()) {
  if (a.status === 'upcoming') return `starts in ${remaining(new Date(a.startsAt).getTime() - now)}`;
  if (a.status === 'running') return `ends in ${remaining(new Date(a.endsAt).getTime() - now)}`;
  return a.final ? 'finished' : 'finished; its last games are being played';
}

function conditions(a) {
  const c = [];
  if (a.minRating != null) c.push(`a rating of ${a.minRating} or more`);
  if (a.minRatedGames != null) c.push(`${a.minRatedGames} rated games or more`);
  return c.length ? `to join: ${c.join(' and ')}` : 'open to every registered player';
}

// ---- the list ---------------------------------------------------------------------------------------

const LIST = ['Arena', 'When', 'Clock', 'Players', 'Rated'];

/** `#/arenas[?status=running|upcoming|finished]`: one status's arenas, paged, and the form to make one. */
export async function arenasPage(show, ctx, query) {
  const tab = STATUSES.find((s) => s.status === query.get('status')) || STATUSES[0];
  const body = h('tbody', { id: 'arena-rows' });
  const more = h('button', { id: 'more-arenas', class: 'secondary', hidden: true }, 'More arenas');
  const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
  const table = h('table', { class: 'arena-table responsive', id: 'arenas', 'aria-busy': 'true' },
    h('caption', { class: 'sr-only' }, `${tab.label} arenas`),
    h('thead', {}, h('tr', {}, LIST.map((c) => h('th', { scope: 'col' }, c)))), body);
  let cursor = null;
  const load = async () => {
    table.setAttribute('aria-busy', 'true');
    try {
      const page = await api.arenas(tab.status, cursor);
      cursor = page.next;
      more.hidden = !cursor;
      for (const a of page.items) {
        body.append(h('tr', { 'data-id': a.id },
          cell('Arena', h('a', { href: ARENA_HREF(a.id) }, a.name), h('span', { class: 'muted' }, ` · ${a.type} · ${a.ruleset}`)),
          cell('When', a.status === 'finished' ? `ended ${when(a.endsAt)}` : `${when(a.startsAt)} (${timing(a)})`),
          cell('Clock', clockText(a.clock)),
          cell('Players', String(a.players)),
          cell('Rated', a.rated ? 'rated' : 'casual')));
      }
      if (!body.children.length) body.append(h('tr', {}, h('td', { colspan: LIST.length }, tab.empty)));
    } finally {
      table.setAttribute('aria-busy', 'false');
    }
  };
  more.addEventListener('click', () => load().catch((e) => say(e.message, true)));
  await load();
  show(h('h1', {}, 'Arenas'),
    h('p', {}, 'Dazzle events of fixed length: join for the duration and you are paired again as soon as your game ends. ',
      'A win scores 2, a draw 1; after two wins in a row each win scores 4 and each draw 2, until a game that is not a win. ',
      'The table ranks by points, then performance.'),
    h('nav', { class: 'tabs', 'aria-label': 'arenas by status' }, STATUSES.map((s) => h('a', {
      href: `#/arenas?status=${s.status}`, id: `arenas-${s.status}`, 'aria-current': s === tab ? 'page' : false,
    }, s.label))),
    h('h2', { id: 'arenas-title' }, `${tab.label} arenas`),
    h('div', { class: 'table-wrap' }, table, more),
    createForm(ctx));
}

/** The form to make an arena, for a registered player; a hint to register otherwise. */
function createForm(ctx) {
  const p = api.player();
  if (!p) {
    return h('section', { class: 'card-panel', id: 'new-arena', 'aria-labelledby': 'new-arena-title' },
      h('h2', { id: 'new-arena-title' }, 'Make an arena'),
      h('p', {}, 'Sign in or register a name (', h('a', { href: '#/me' }, 'You'), ') to make an arena or join one.'));
  }
  const num = (id, attrs) => h('input', { id, type: 'number', inputmode: 'numeric', step: 1, ...attrs });
  const name = h('input', { id: 'arena-name', required: true, maxlength: 80, value: `${p.name}’s arena`, autocomplete: 'off' });
  const startNow = h('input', { type: 'radio', name: 'arena-start', id: 'arena-start-now', value: 'now', checked: true });
  const startLater = h('input', { type: 'radio', name: 'arena-start', id: 'arena-start-later', value: 'later' });
  const startsAt = h('input', { id: 'arena-starts-at', type: 'datetime-local', disabled: true });
  const pick = () => {
    startsAt.disabled = !startLater.checked;
    startsAt.required = startLater.checked;
    if (startLater.checked && !startsAt.value) {
      const d = new Date(Date.now() + 15 * 60000);
      d.setSeconds(0, 0);
      startsAt.value = new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
    }
  };
  startNow.addEventListener('change', pick);
  startLater.addEventListener('change', pick);
  const minutes = num('arena-minutes', { required: true, min: 5, max: 1440, value: 30 });
  const initial = num('arena-clock-initial', { required: true, min: 1, max: 60, value: 3 });
  const increment = num('arena-clock-increment', { required: true, min: 0, max: 60, value: 2 });
  const rated = h('input', { type: 'checkbox', id: 'arena-rated', checked: true });
  const minRating = num('arena-min-rating', { min: 0, max: 4000, placeholder: 'none' });
  const minGames = num('arena-min-games', { min: 0, max: 10000, placeholder: 'none' });
  const optional = (input) => (input.value === '' ? null : Number(input.value));
  return h('form', {
    class: 'card-panel', id: 'new-arena', 'aria-labelledby': 'new-arena-title',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const a = await api.createArena({
          name: name.value.trim(), type: 'dazzle', ruleset: null,
          startsAt: startLater.checked ? new Date(startsAt.value).toISOString() : null,
          minutes: Number(minutes.value),
          clock: { type: 'fischer', initial: `PT${Number(initial.value)}M`, increment: `PT${Number(increment.value)}S` },
          rated: rated.checked, minRating: optional(minRating), minRatedGames: optional(minGames),
        });
        say(`The arena “${a.name}” is made.`);
        ctx.go(ARENA_HREF(a.id));
      } catch (e) { say(e.message, true); }
    },
  },
  h('h2', { id: 'new-arena-title' }, 'Make an arena'),
  h('p', {}, `A Dazzle arena made by ${p.name}; anyone registered may join it.`),
  field('Name (1 to 80 characters)', name),
  h('fieldset', { class: 'plain' }, h('legend', {}, 'Start'),
    h('label', { class: 'check' }, startNow, ' Now'),
    h('label', { class: 'check' }, startLater, ' At a time (within 30 days)'),
    field('Start time (your time zone)', startsAt)),
  field('Length in minutes (5 to 1440)', minutes),
  h('fieldset', { class: 'plain range-fields' }, h('legend', {}, 'Clock of each game'),
    field('Minutes each', initial), field('Seconds added a move', increment)),
  h('label', { class: 'check' }, rated, ' Rated games'),
  h('fieldset', { class: 'plain range-fields' }, h('legend', {}, 'To join (optional)'),
    field('Lowest rating', minRating), field('Fewest rated games', minGames)),
  h('button', { type: 'submit', id: 'create-arena' }, 'Make the arena'));
}

// ---- one arena -------------------------------------------------------------------------------------

const TABLE = ['Rank', 'Player', 'Points', 'Games', 'Won · drawn · lost', 'Performance'];
const GAMES = ['Game', 'Opponent', 'Result', 'Points', 'Ended'];

/** The standings' order (docs/tournaments.md): points, then performance (null last), then name. */
function before(x, y) {
  if (x.points !== y.points) return y.points - x.points;
  const px = x.performance == null ? -Infinity : x.performance;
  const py = y.performance == null ? -Infinity : y.performance;
  if (px !== py) return py - px;
  return x.player < y.player ? -1 : x.player > y.player ? 1 : 0;
}

const same = (a, b) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** Opens `gameId` of arena `arenaId` when the player is on that arena's page or on the page of one of its games. */
function openIfFollowing(arenaId, gameId, go) {
  api.noteArenaGame(gameId, arenaId);
  const hash = location.hash;
  if (hash === `#/game/${gameId}`) return; // opened already (both streams tell it)
  const onGame = /^#\/game\/([^/?]+)/.exec(hash);
  const following = hash.startsWith(ARENA_HREF(arenaId)) && !hash.slice(ARENA_HREF(arenaId).length).replace(/^\?.*/, '')
    || (onGame && onGame[1] !== gameId && api.arenaOfGame(decodeURIComponent(onGame[1])) === arenaId);
  if (following) {
    say('Your next arena game starts.');
    go(`#/game/${gameId}`);
  }
}

/**
 * The player's event stream announced a game (`gameStart`); one with `arena` opens by itself while
 * the player follows that arena (its page, or a page of one of its games).
 */
export function arenaGameStarted(data, go) {
  if (data && data.arena && data.gameId) openIfFollowing(data.arena, data.gameId, go);
}

/** `#/arenas/{id}`: the arena, its countdown, the live table, the player's games, Join and Withdraw. */
export async function arenaPage(show, ctx, id) {
  let arena = await api.arena(id);
  const p = api.player();
  const entries = new Map(); // player → entry, the loaded part of the standings
  let next = null;
  const first = await api.arenaStandings(id);
  for (const e of first.items) entries.set(e.player, e);
  next = first.next;
  let sheet = p ? await api.arenaSheet(id, p.name) : null;
  // The player's games of this arena, as the sheet names them, link back to it from their pages.
  const noteGames = () => {
    if (!sheet) return;
    for (const r of sheet.results || []) api.noteArenaGame(r.gameId, id);
    if (typeof sheet.playing === 'string') api.noteArenaGame(sheet.playing, id);
  };
  noteGames();

  const heading = h('h1', { id: 'arena-name' }, arena.name);
  const details = h('dl', { class: 'arena-details', id: 'arena-details' });
  const statusWords = h('span', { id: 'arena-status', role: 'status' });
  const countdown = h('span', { id: 'arena-countdown', role: 'timer', 'aria-live': 'off' });
  const statusLine = h('p', { id: 'arena-state' }, statusWords, ' ', countdown);
  const actions = h('div', { class: 'actions', id: 'arena-actions', role: 'group', 'aria-label': 'your place in the arena' });
  const body = h('tbody', { id: 'standings-rows' });
  const more = h('button', { id: 'more-standings', class: 'secondary', hidden: true }, 'More players');
  const news = h('ol', { class: 'log' }, h('li', { class: 'muted waiting' }, 'Each game’s result appears here as it ends.'));
  const newsLog = h('div', { id: 'arena-news', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'arena-news-title' }, news);
  const mine = h('div', { id: 'my-games' });

  const drawDetails = () => {
    const item = (term, ...value) => [h('dt', {}, term), h('dd', {}, ...value)];
    details.replaceChildren(...[
      item('Game', `${arena.type} · ${arena.ruleset}`),
      item('Clock', clockText(arena.clock)),
      item('Rated', arena.rated ? 'rated: every game changes the ratings' : 'casual'),
      item('Who may join', conditions(arena)),
      item('Starts', when(arena.startsAt)),
      item('Ends', when(arena.endsAt), h('span', { class: 'muted' }, ` (no new pairing after ${new Date(arena.pairingEndsAt).toLocaleTimeString()})`)),
      item('Made by', h('a', { href: `#/player/${encodeURIComponent(arena.createdBy)}` }, arena.createdBy)),
      item('Players', h('span', { id: 'arena-players' }, String(arena.players)))].flat());
    const words = { upcoming: 'Upcoming', running: 'Running', finished: arena.final ? 'Finished: the table is final' : 'Finished: its last games are being played' };
    statusWords.replaceChildren(h('strong', {}, words[arena.status] || arena.status), arena.status === 'finished' ? '' : ':');
    if (arena.status === 'finished') countdown.textContent = '';
    tick();
  };
  const tick = () => {
    const now = Date.now();
    if (arena.status === 'upcoming') countdown.textContent = `starts in ${remaining(new Date(arena.startsAt).getTime() - now)}`;
    else if (arena.status === 'running') countdown.textContent = `ends in ${remaining(new Date(arena.endsAt).getTime() - now)}`;
    const due = arena.status === 'upcoming' ? arena.startsAt : arena.status === 'running' ? arena.endsAt : null;
    if (due && now > new Date(due).getTime() + 1000) reread();
  };
  let rereading = false;
  const reread = async () => {
    if (rereading) return;
    rereading = true;
    try {
      const was = arena.status;
      arena = await api.arena(id);
      drawDetails();
      drawActions();
      if (arena.status !== was && arena.status === 'running') say('The arena has started.');
    } catch { /* kept as shown; asked again at the next tick */ } finally {
      setTimeout(() => { rereading = false; }, 2000);
    }
  };

  const me = () => (p && sheet ? sheet : null);
  const joined = () => Boolean(me() && !me().withdrawn);
  const drawActions = () => {
    if (!p) {
      actions.replaceChildren(h('p', { id: 'arena-sign-in' }, 'Sign in or register a name (', h('a', { href: '#/me' }, 'You'), ') to join this arena.'));
      return;
    }
    const items = [];
    if (arena.status !== 'finished') {
      if (joined()) {
        items.push(h('p', { id: 'arena-joined' }, arena.status === 'running'
          ? 'You are in: each game the arena pairs you into opens here by itself.'
          : 'You are in: your first game opens here by itself when the arena starts.'));
        items.push(h('button', { id: 'arena-withdraw', class: 'secondary', onclick: async () => {
          try {
            await api.withdrawArena(id);
            say(arena.status === 'running' ? 'You are paused: you keep your points and are not paired again until you join again.' : 'You left the arena.');
            await refreshSheet();
          } catch (e) { say(e.message, true); }
        } }, arena.status === 'running' ? 'Pause (withdraw)' : 'Withdraw'));
      } else {
        if (me()) items.push(h('p', { id: 'arena-paused' }, 'You are paused: you keep your points, and are not paired until you join again.'));
        items.push(h('button', { id: 'arena-join', onclick: async () => {
          try {
            await api.joinArena(id);
            say(arena.status === 'running' ? 'You joined: your game opens as soon as you are paired.' : 'You joined: your first game opens when the arena starts.');
            await refreshSheet();
          } catch (e) { say(e.message, true); }
        } }, me() ? 'Join again' : 'Join'));
      }
    }
    if (playingGame) items.push(h('a', { id: 'arena-current-game', href: `#/game/${playingGame}` }, 'Your game in progress'));
    actions.replaceChildren(...items);
  };

  const row = (e, rank) => h('tr', { 'data-player': e.player, class: p && same(e.player, p.name) ? 'me' : null },
    h('td', { 'data-label': 'Rank' }, String(rank)),
    h('td', { 'data-label': 'Player' }, h('a', { href: `#/player/${encodeURIComponent(e.player)}` }, e.player),
      e.rating == null ? null : h('span', { class: 'rating' }, ` ${ratingText(e.rating)}`, sr(' rating')),
      e.onStreak ? h('span', { class: 'badge streak', title: 'on a streak: a win scores 4' }, 'on a streak') : null,
      e.playing ? h('span', { class: 'muted' }, ' · playing') : null,
      e.withdrawn ? h('span', { class: 'muted' }, ' · paused') : null,
      p && same(e.player, p.name) ? sr(' (you)') : null),
    h('td', { 'data-label': 'Points' }, String(e.points)),
    h('td', { 'data-label': 'Games' }, String(e.games)),
    h('td', { 'data-label': 'Won · drawn · lost' }, `${e.wins} · ${e.draws} · ${e.losses}`),
    h('td', { 'data-label': 'Performance' }, e.performance == null ? '–' : String(e.performance)));
  const drawTable = () => {
    const list = [...entries.values()].sort(before);
    body.replaceChildren(...(list.length ? list.map((e, i) => row(e, i + 1))
      : [h('tr', {}, h('td', { colspan: TABLE.length }, 'Nobody has joined yet.'))]));
    more.hidden = !next;
  };
  const table = h('table', { class: 'arena-table responsive', id: 'standings' },
    h('caption', { class: 'sr-only' }, `Standings of ${arena.name}`),
    h('thead', {}, h('tr', {}, TABLE.map((c) => h('th', { scope: 'col' }, c)))), body);
  more.addEventListener('click', async () => {
    try {
      const page = await api.arenaStandings(id, next);
      for (const e of page.items) if (!entries.has(e.player)) entries.set(e.player, e);
      next = page.next;
      drawTable();
    } catch (e) { say(e.message, true); }
  });

  const drawMine = () => {
    if (!p) { mine.replaceChildren(); return; }
    const results = me() ? me().results || [] : [];
    const cell = (label, ...c) => h('td', { 'data-label': label }, ...c);
    mine.replaceChildren(h('h2', { id: 'my-games-title' }, 'Your games'),
      results.length ? h('div', { class: 'table-wrap' }, h('table', { class: 'arena-table responsive', id: 'my-results' },
        h('caption', { class: 'sr-only' }, 'Your games in this arena, in the order they counted'),
        h('thead', {}, h('tr', {}, GAMES.map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, results.map((r, i) => h('tr', { 'data-game': r.gameId },
          cell('Game', h('a', { href: `#/game/${r.gameId}` }, `Game ${i + 1}`)),
          cell('Opponent', r.opponent),
          cell('Result', r.result),
          cell('Points', String(r.points)),
          cell('Ended', when(r.endedAt)))))))
        : h('p', { class: 'muted', id: 'my-games-none' }, me() ? 'No game of yours has ended in this arena yet.' : 'You have not joined this arena.'),
      me() ? h('p', { id: 'my-points' }, `Your points: ${me().points} from ${me().games} game${me().games === 1 ? '' : 's'}${me().onStreak ? ', on a streak' : ''}.`) : null);
  };
  const refreshSheet = async () => {
    if (!p) return;
    sheet = await api.arenaSheet(id, p.name);
    noteGames();
    if (sheet) entries.set(sheet.player, { ...entries.get(sheet.player), ...sheet });
    if (sheet && typeof sheet.playing === 'string') playingGame = sheet.playing;
    else if (sheet && sheet.playing === null) playingGame = null;
    else for (const n of [...entries.keys()]) if (same(n, p.name)) entries.delete(n); // left before the start
    drawTable();
    drawMine();
    drawActions();
  };

  // The player's arena game in progress: their entry names it (`playing`), and each pairing tells it.
  let playingGame = sheet && typeof sheet.playing === 'string' ? sheet.playing : null;
  const opened = new Set();
  const stop = api.followArena(id, (kind, data) => {
    if (kind === 'standing') {
      if (next && ![...entries.values()].some((e) => before(data, e) <= 0) && !entries.has(data.player)) return; // below the loaded part
      entries.set(data.player, data);
      drawTable();
      if (p && same(data.player, p.name)) refreshSheet().catch(() => {});
    } else if (kind === 'result') {
      for (const w of news.querySelectorAll('.waiting')) w.remove();
      news.prepend(h('li', {}, data.results.map((r) => `${r.player} ${r.result} (+${r.points})`).join(' · ')));
      while (news.children.length > 5) news.lastChild.remove();
      if (p && data.results.some((r) => same(r.player, p.name))) {
        if (playingGame === data.gameId) playingGame = null;
        refreshSheet().catch(() => {});
      }
    } else if (kind === 'pairing') {
      if (p && data.players.some((n) => same(n, p.name)) && !opened.has(data.gameId)) {
        opened.add(data.gameId);
        api.noteArenaGame(data.gameId, id);
        // An old pairing replayed by the stream opens nothing: only a game still being played.
        api.loadGame(data.gameId).then((g) => {
          if (g.status === 'finished') return;
          playingGame = data.gameId;
          drawActions();
          openIfFollowing(id, data.gameId, ctx.go);
        }, () => {});
      }
    } else if (kind === 'finished') {
      arena = data;
      drawDetails();
      drawActions();
      say(data.final ? 'The arena is over: the table is final.' : 'The arena is over: its last games are being played.');
    }
  });
  const timer = setInterval(tick, 1000);
  ctx.onLeave(() => { stop(); clearInterval(timer); });

  drawDetails();
  drawTable();
  drawMine();
  drawActions();
  if (!location.hash.startsWith(ARENA_HREF(id))) return; // left (or sent into a game) while this page was read
  show(heading,
    h('p', { class: 'links' }, h('a', { href: '#/arenas' }, 'All arenas')),
    statusLine,
    actions,
    h('section', { 'aria-labelledby': 'standings-title' },
      h('h2', { id: 'standings-title' }, 'Standings'),
      h('p', { class: 'muted' }, 'Updated live; each result is read out from the latest results below it. Points: a win 2, a draw 1; on a streak (after two wins in a row) 4 and 2.'),
      h('div', { class: 'table-wrap' }, table, more),
      h('h3', { id: 'arena-news-title' }, 'Latest results'), newsLog),
    h('section', { 'aria-labelledby': 'my-games-title' }, mine),
    h('section', { 'aria-labelledby': 'arena-about' }, h('h2', { id: 'arena-about' }, 'About this arena'), details));
}
