// The lobby: games waiting for players, kept current from GET /api/lobby and its event stream;
// take a seat, open a game, cancel one's own.

import * as api from './api.js';
import { clockText, h, nameInput, field, ratingText, remember, say, when } from './dom.js';
import { dazzleForm } from './home.js';
import { quickPairing } from './social.js';

/** `#/lobby`; `ctx.onLeave(fn)` stops the live list. */
export async function lobbyPage(show, ctx) {
  const types = await api.gameTypes();
  const dazzle = types.find((t) => t.type === 'dazzle');
  const body = h('tbody', { id: 'lobby-games' });
  const items = new Map();
  const p = api.player();
  const name = nameInput('lobby-name', p ? p.name : undefined);

  const row = (g) => {
    const mine = api.storedSeat(g.id);
    const action = mine
      ? h('button', { class: 'secondary cancel', 'data-id': g.id, onclick: async () => {
        try { await api.cancelGame(g.id); remove(g.id); say('Your game was called off.'); } catch (e) { say(e.message, true); }
      } }, 'Cancel your game')
      : h('button', { class: 'take', 'data-id': g.id, onclick: async () => {
        if (!name.reportValidity()) return;
        remember(name.value);
        try { await api.takeSeat(g.id, g.openSeats[0], name.value); ctx.go(`#/game/${g.id}`); } catch (e) { say(e.message, true); }
      } }, 'Take the seat');
    return h('tr', { 'data-id': g.id },
      h('td', { 'data-label': 'Game' }, `${g.type} · ${g.ruleset}${g.rated ? ' · rated' : ''}`,
        g.ratingRange ? h('span', { class: 'range' }, ` · for ${g.ratingRange.min}–${g.ratingRange.max}`) : null),
      h('td', { 'data-label': 'Waiting' }, g.waiting.map((w, i) => [i ? ', ' : '', w,
        g.ratings && g.ratings[i] != null ? h('span', { class: 'rating' }, ` (${ratingText(g.ratings[i])})`) : null])),
      h('td', { 'data-label': 'Clock' }, clockText(g.clock && g.clock.type ? g.clock : null)),
      h('td', { 'data-label': 'Since' }, when(g.since)),
      h('td', { 'data-label': 'Join' }, h('span', { class: 'links' }, action, h('a', { href: `#/game/${g.id}` }, mine ? 'open' : 'look'))));
  };
  const draw = () => {
    const list = [...items.values()].sort((a, b) => (a.since < b.since ? 1 : -1));
    body.replaceChildren(...(list.length ? list.map(row) : [h('tr', {}, h('td', { colspan: 5 }, 'Nobody is waiting right now: open a game below.'))]));
  };
  const remove = (id) => { items.delete(id); draw(); };

  // Followed from before the first read, so that no change is missed; shown once the list is read,
  // so that the rows do not push the form below them down as they arrive.
  const stop = api.followLobby((kind, data) => {
    if (kind === 'opened') items.set(data.id, data);
    else items.delete(data.id);
    draw();
  });
  ctx.onLeave(stop);
  let cursor = null;
  do {
    const page = await api.lobby(undefined, cursor);
    for (const g of page.items) items.set(g.id, g);
    cursor = page.next;
  } while (cursor && items.size < 200);
  draw();

  show(h('h1', {}, 'Lobby'),
    h('p', {}, 'Games waiting for a second player, updated live. Take a seat to start playing at once.'),
    quickPairing(ctx.go, ctx.onLeave),
    field('Your name for a seat', name),
    h('div', { class: 'table-wrap' }, h('table', { class: 'lobby responsive', id: 'lobby' },
      h('thead', {}, h('tr', {}, ['Game', 'Waiting', 'Clock', 'Since', 'Join'].map((c) => h('th', { scope: 'col' }, c)))), body)),
    dazzle ? dazzleForm(dazzle, ctx.go, true) : null);
}
