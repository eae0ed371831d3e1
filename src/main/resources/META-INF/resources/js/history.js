// History with every filter of GET /api/games, and a player's page (statistics, streaks, games).

import * as api from './api.js';
import { challengeSection } from './social.js';
import { NAME_PATTERN, field, h, ratingText, say, seatName, shortResult, when } from './dom.js';
import { playerRatingsSection } from './ratings.js';

/** A paged table of games; `filters` are the query's fields. Returns `{node, load}`. */
export function historyTable(filters) {
  const body = h('tbody');
  const more = h('button', { id: 'more', hidden: true }, 'More games');
  let cursor = null;
  const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
  // aria-busy: true while a page is being read, so that readers (and tests) know the rows are not final.
  const load = async () => {
    table.setAttribute('aria-busy', 'true');
    try {
      const page = await api.history(filters, cursor);
      cursor = page.next;
      more.hidden = !cursor;
      for (const g of page.items) {
        body.append(h('tr', { 'data-id': g.id },
          cell('Created', when(g.createdAt)),
          cell('Game', g.type, g.rated ? h('span', { class: 'badge' }, 'rated') : null),
          cell('Seats', g.seats.map((s, i) => [i ? ' v ' : '', s.kind === 'human' ? h('a', { href: `#/player/${encodeURIComponent(s.name)}` }, s.name) : seatName(s),
            s.rating == null ? null : h('span', { class: 'rating' }, ` (${ratingText(s.rating)})`)])),
          cell('Status', g.status),
          cell('Result', shortResult(g.result)),
          cell('Open', h('span', { class: 'links' }, h('a', { href: `#/game/${g.id}` }, g.status === 'finished' ? 'view' : 'watch'),
            h('a', { href: `#/replay/${g.id}` }, 'replay')))));
      }
      if (!body.children.length) body.append(h('tr', {}, h('td', { colspan: 6 }, 'No games.')));
    } finally {
      table.setAttribute('aria-busy', 'false');
    }
  };
  more.addEventListener('click', () => load().catch((e) => say(e.message, true)));
  const table = h('table', { class: 'history responsive', 'aria-busy': 'true' },
    h('thead', {}, h('tr', {}, ['Created', 'Game', 'Seats', 'Status', 'Result', 'Open'].map((c) => h('th', { scope: 'col' }, c)))), body);
  return { node: h('div', { class: 'table-wrap' }, table, more), load };
}

const FILTERS = ['type', 'status', 'player', 'result', 'rated', 'createdAfter', 'createdBefore'];

/** `#/history?type=&status=&player=&result=&rated=&createdAfter=&createdBefore=`. */
export async function historyPage(show, params) {
  const filters = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) || '']));
  // values: each option's value, or [value, label].
  const select = (name, label, values) => field(label, h('select', { name, id: `filter-${name}` },
    ['', ...values].map((v) => (Array.isArray(v) ? v : [v, v]))
      .map(([v, text]) => h('option', { value: v, selected: filters[name] === v }, text || 'any'))));
  // Dates are picked as days and sent as the start of that day (UTC), as the API's times are.
  const day = (name, label) => field(label, h('input', { type: 'date', name, id: `filter-${name}`, value: filters[name] ? filters[name].slice(0, 10) : '' }));
  const form = h('form', {
    class: 'filters', id: 'history-filters',
    onsubmit: (ev) => {
      ev.preventDefault();
      const q = new URLSearchParams();
      for (const [k, v] of new FormData(form)) {
        if (!v) continue;
        q.set(k, k.startsWith('created') ? `${v}T00:00:00Z` : v);
      }
      location.hash = `#/history?${q}`;
    },
  }, select('type', 'Game', ['scoundrel', 'dazzle']), select('status', 'Status', ['waiting', 'active', 'finished']),
  field('Player', h('input', { name: 'player', id: 'filter-player', value: filters.player, pattern: NAME_PATTERN })),
  select('result', 'Result', ['won', 'lost', 'drawn', 'abandoned']),
  select('rated', 'Rated', [['true', 'rated'], ['false', 'unrated']]),
  day('createdAfter', 'Created after'), day('createdBefore', 'Created before'),
  h('button', { type: 'submit', id: 'filter' }, 'Filter'));
  const table = historyTable(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)));
  // The first page of games is read before the page is shown: the table does not grow under the reader.
  await table.load();
  show(h('h1', {}, 'History'),
    h('p', { class: 'muted' }, 'Result: the player’s outcome, or any person’s without a player; “abandoned”: games nobody finished.'),
    form, table.node);
}

const STATS = ['Game', 'Played', 'Won', 'Lost', 'Drawn', 'Abandoned', 'Best score', 'Mean score'];
const STREAKS = ['Ruleset', 'Days played', 'Days won', 'Playing streak (now / best)', 'Winning streak (now / best)', 'Last played'];

/** `#/player/{name}`: ratings (registered names), statistics per game, daily-deal streaks, games. */
export async function playerPage(show, name, ctx) {
  const [stats, streaks, ratings] = await Promise.all([api.playerStats(name), api.streaks(name).catch(() => null),
    playerRatingsSection(name).catch(() => null)]);
  const table = historyTable({ player: name });
  await table.load();
  const head = (cols) => h('thead', {}, h('tr', {}, cols.map((c) => h('th', { scope: 'col' }, c))));
  show(h('h1', {}, `Player ${stats.player || name}`, stats.verified ? h('span', { class: 'badge' }, 'registered') : null),
    h('p', { class: 'muted' }, stats.verified
      ? 'A registered name: only the games its player sat down to with its key count.'
      : 'Nobody registered this name: every game played under it counts.'),
    stats.verified && ctx ? challengeSection(stats.player || name, ctx.go, ctx.onLeave) : null,
    ratings,
    h('h2', {}, 'Statistics'),
    h('div', { class: 'table-wrap' }, h('table', { class: 'stats responsive', id: 'stats' },
      head(STATS),
      h('tbody', {}, stats.types.length ? stats.types.map((t) => h('tr', {},
        [t.type, t.played, t.won, t.lost, t.drawn, t.abandoned ?? 0, t.bestScore ?? '', t.meanScore == null ? '' : Math.round(t.meanScore * 10) / 10]
          .map((c, i) => h('td', { 'data-label': STATS[i] }, String(c)))))
        : h('tr', {}, h('td', { colspan: 8 }, 'No finished games yet.'))))),
    streaks && streaks.rulesets.length ? [h('h2', {}, 'Daily deal streaks'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'stats responsive', id: 'streaks' },
        head(STREAKS),
        h('tbody', {}, streaks.rulesets.map((r) => h('tr', {},
          [r.ruleset, r.days, r.wins, `${r.played.current} / ${r.played.longest}`, `${r.won.current} / ${r.won.longest}`, r.lastPlayed || '']
            .map((c, i) => h('td', { 'data-label': STREAKS[i] }, String(c))))))))] : null,
    h('h2', {}, 'Games'), table.node);
}
