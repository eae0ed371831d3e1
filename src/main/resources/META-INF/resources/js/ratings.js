// Ratings: a perf's leaderboard (#/ratings), and a player's ratings with a chart of each perf's
// history (on #/player/{name}). Glicko-2, docs/ratings.md.

import * as api from './api.js';
import { h, ratingDiffText, ratingText, say, when } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The perfs that are rated: Dazzle's rulesets (Scoundrel is solo and not rated). */
async function perfs() {
  const types = await api.gameTypes();
  const dazzle = types.find((t) => t.type === 'dazzle');
  return dazzle ? dazzle.rulesets.map((r) => ({ gameType: 'dazzle', ruleset: r.name })) : [];
}

const BOARD = ['Rank', 'Player', 'Rating', 'Deviation', 'Games', 'Last played'];

/** `#/ratings[/gameType/ruleset]`: the leaderboard of one perf, paged, and the computer levels' ratings. */
export async function ratingsPage(show, gameType, ruleset) {
  const [all, params] = await Promise.all([perfs(), api.ratingParameters()]);
  const perf = all.find((p) => p.gameType === gameType && p.ruleset === ruleset) || all[0];
  const body = h('tbody', { id: 'leaderboard-rows' });
  const more = h('button', { id: 'more', hidden: true }, 'More players');
  const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
  let cursor = null;
  const load = async () => {
    table.setAttribute('aria-busy', 'true');
    try {
      const page = await api.leaderboard(perf.gameType, perf.ruleset, cursor);
      cursor = page.next;
      more.hidden = !cursor;
      for (const e of page.items) {
        body.append(h('tr', { 'data-name': e.name },
          cell('Rank', String(e.rank)),
          cell('Player', h('a', { href: `#/player/${encodeURIComponent(e.name)}` }, e.name)),
          cell('Rating', ratingText(e.rating)),
          cell('Deviation', `±${ratingText(e.deviation)}`),
          cell('Games', String(e.games)),
          cell('Last played', e.lastPlayed ? when(e.lastPlayed) : '')));
      }
      if (!body.children.length) {
        body.append(h('tr', {}, h('td', { colspan: BOARD.length },
          'Nobody is ranked yet: a rating is ranked once it has settled and its player has played lately.')));
      }
    } finally {
      table.setAttribute('aria-busy', 'false');
    }
  };
  more.addEventListener('click', () => load().catch((e) => say(e.message, true)));
  const table = h('table', { class: 'stats responsive', id: 'leaderboard', 'aria-busy': 'true' },
    h('caption', { class: 'sr-only' }, `Leaderboard of ${perf.gameType} ${perf.ruleset}`),
    h('thead', {}, h('tr', {}, BOARD.map((c) => h('th', { scope: 'col' }, c)))), body);
  await load();
  const levels = Object.entries(params.levels || {}).sort((a, b) => a[1].rating - b[1].rating);
  show(h('h1', {}, 'Ratings'),
    h('p', {}, `${params.system || 'Glicko-2'} ratings of rated games between registered players, and against the computer. `,
      `Everyone starts at ${ratingText(params.initial.rating)} ± ${ratingText(params.initial.deviation)}; `,
      `a rating is provisional while its deviation is above ${ratingText(params.provisionalDeviation)}, and the leaderboard leaves out `,
      'provisional ratings and players who have not played for a while. Play a rated game from “New game” or the lobby once you have ',
      h('a', { href: '#/me' }, 'registered a name'), '.'),
    all.length > 1 ? h('p', { class: 'links' }, all.map((p) => h('a', {
      href: `#/ratings/${p.gameType}/${p.ruleset}`, 'aria-current': p === perf ? 'page' : false,
    }, `${p.gameType} · ${p.ruleset}`))) : null,
    h('h2', {}, `Leaderboard: ${perf.gameType} · ${perf.ruleset}`),
    h('div', { class: 'table-wrap' }, table, more),
    levels.length ? [h('h2', {}, 'The computer opponents'),
      h('p', { class: 'muted' }, 'Each level’s rating is measured by a round robin between the levels; a rated game against the computer rates only you.'),
      h('ul', { id: 'level-ratings' }, levels.map(([name, l]) => h('li', {}, `${name}: ${ratingText(l.rating)}`)))] : null);
}

/**
 * A chart of a perf's rating history, oldest to newest (`points` newest first, as the API pages
 * them): an SVG line with the lowest and highest ratings marked, and the same in words.
 */
function chart(perf, points) {
  const list = [...points].reverse();
  const id = `rating-chart-${perf.gameType}-${perf.ruleset}`;
  if (list.length < 1) return null;
  const values = [list[0].rating - list[0].diff, ...list.map((p) => p.rating)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(hi - lo, 1);
  const w = 600;
  const ht = 160;
  const pad = 8;
  const x = (i) => pad + (i * (w - 2 * pad)) / (values.length - 1);
  const y = (v) => pad + ((hi - v) * (ht - 2 * pad)) / span;
  const picture = svg('svg', { viewBox: `0 0 ${w} ${ht}`, class: 'rating-chart', id, 'aria-hidden': 'true', focusable: 'false' });
  picture.append(svg('line', { x1: pad, x2: w - pad, y1: y(lo), y2: y(lo), class: 'axis' }),
    svg('line', { x1: pad, x2: w - pad, y1: y(hi), y2: y(hi), class: 'axis' }),
    svg('polyline', { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '), class: 'line' }));
  return h('figure', { class: 'chart' }, picture,
    h('figcaption', {}, `From ${ratingText(values[0])} to ${ratingText(values[values.length - 1])} over the last `,
      `${list.length} rated games; lowest ${ratingText(lo)}, highest ${ratingText(hi)}.`));
}

const PERF = ['Game', 'Rating', 'Deviation', 'Games', 'Rank', 'Last played'];

/**
 * A player's ratings per perf with each one's chart, for the player's page, as a flat list of
 * nodes (nulls to be left out); null when there are none.
 */
export async function playerRatingsSection(name) {
  const r = await api.playerRatings(name);
  if (!r || !r.ratings.length) return null;
  const histories = await Promise.all(r.ratings.map((p) => api.ratingHistory(name, p.gameType, p.ruleset).catch(() => ({ items: [] }))));
  const head = h('thead', {}, h('tr', {}, PERF.map((c) => h('th', { scope: 'col' }, c))));
  const rows = r.ratings.map((p) => h('tr', { 'data-perf': `${p.gameType}/${p.ruleset}` },
    [`${p.gameType} · ${p.ruleset}`, `${ratingText(p.rating)}${p.provisional ? '?' : ''}`, `±${ratingText(p.deviation)}`, p.games,
      p.rank == null ? (p.provisional ? 'provisional' : 'not ranked lately') : `#${p.rank}`, p.lastPlayed ? when(p.lastPlayed) : '']
      .map((c, i) => h('td', { 'data-label': PERF[i] }, String(c)))));
  const last = (p, items) => (items.length ? ` Last game: ${ratingDiffText(items[0].diff)}.` : '');
  return [h('h2', {}, 'Ratings'),
    h('p', { class: 'muted' }, 'Glicko-2 (a “?” marks a provisional rating, still settling). ', h('a', { href: '#/ratings' }, 'The leaderboard'), '.'),
    h('div', { class: 'table-wrap' }, h('table', { class: 'stats responsive', id: 'ratings' }, head, h('tbody', {}, rows))),
    r.ratings.map((p, i) => [h('h3', {}, `${p.gameType} · ${p.ruleset}`), h('p', {}, `Rating ${ratingText(p.rating)}.${last(p, histories[i].items)}`),
      chart(p, histories[i].items)])].flat(3);
}
