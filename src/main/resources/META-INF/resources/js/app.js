// The web client's pages, routed by the URL's fragment:
//   #/                 new game (Scoundrel; Dazzle against a computer or a second person)
//   #/game/{id}        play or watch a game live; take its open seat
//   #/replay/{id}      step through a game position by position
//   #/history?…        browse games; #/player/{name}: a player's statistics and games

import * as api from './api.js';
import { h, say, seatName, standingsText } from './dom.js';
import * as scoundrel from './scoundrel.js';
import * as dazzle from './dazzle.js';

const app = document.getElementById('app');
const boards = { scoundrel, dazzle };
let keys = new Map();
let leave = () => {};

const NAME_PATTERN = '[A-Za-z0-9_.\\-]{1,40}';

function rememberedName() {
  return localStorage.getItem('cardtable.name') || '';
}

function remember(name) {
  localStorage.setItem('cardtable.name', name);
}

function show(...nodes) {
  app.replaceChildren(...nodes.filter((n) => n !== null && n !== undefined && n !== false));
}

function failed(e) {
  say(e.message || String(e), true);
}

function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '';
}

// ---- new game -----------------------------------------------------------------------------------

function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

function nameInput(id) {
  return h('input', { id, name: 'name', required: true, pattern: NAME_PATTERN, value: rememberedName(), autocomplete: 'nickname', title: '1 to 40 letters, digits, _ - .' });
}

function scoundrelForm(type) {
  const rulesets = type.rulesets;
  const ruleset = h('select', { id: 'scoundrel-ruleset' }, rulesets.map((r) => h('option', { value: r.name, selected: r.isDefault }, `${r.name} — ${r.description}`)));
  const optionsBox = h('div', { class: 'options' });
  const drawOptions = () => {
    const r = rulesets.find((x) => x.name === ruleset.value);
    optionsBox.replaceChildren(...r.options.map((o) => field(o.description || o.name,
      h('select', { id: `scoundrel-${o.name}`, 'data-option': o.name }, o.values.map((v) => h('option', { value: v, selected: v === o.defaultValue }, v))))));
  };
  ruleset.addEventListener('change', drawOptions);
  drawOptions();
  const name = nameInput('scoundrel-name');
  const seed = h('input', { id: 'scoundrel-seed', placeholder: 'secret (made by the server)', maxlength: 200 });
  return h('form', {
    class: 'card-panel', id: 'new-scoundrel',
    onsubmit: async (ev) => {
      ev.preventDefault();
      remember(name.value);
      const options = Object.fromEntries([...optionsBox.querySelectorAll('select')].map((s) => [s.dataset.option, s.value]));
      try {
        const g = await api.createGame({ type: 'scoundrel', ruleset: ruleset.value, seed: seed.value || undefined, options, seats: [{ name: name.value }] });
        location.hash = `#/game/${g.id}`;
      } catch (e) { failed(e); }
    },
  },
  h('h2', {}, 'Scoundrel'),
  h('p', {}, 'The solo dungeon crawl: fight monsters (♠ ♣), equip weapons (♦), drink potions (♥). Survive the deck.'),
  field('Your name', name), field('Ruleset', ruleset), optionsBox, field('Seed (optional)', seed),
  h('button', { type: 'submit', id: 'start-scoundrel' }, 'Start Scoundrel'));
}

function dazzleForm(type) {
  const opponent = h('select', { id: 'dazzle-opponent' },
    type.aiLevels.map((l) => h('option', { value: l, selected: l === 'heuristic' }, `computer: ${l}`)),
    h('option', { value: '' }, 'a second person (share a link)'));
  const name = nameInput('dazzle-name');
  const seed = h('input', { id: 'dazzle-seed', placeholder: 'secret (made by the server)', maxlength: 200 });
  const seedNote = h('small', { class: 'muted' }, '');
  opponent.addEventListener('change', () => {
    seed.disabled = !opponent.value;
    seedNote.textContent = opponent.value ? '' : 'A game with a second person is always dealt from a secret seed.';
  });
  return h('form', {
    class: 'card-panel', id: 'new-dazzle',
    onsubmit: async (ev) => {
      ev.preventDefault();
      remember(name.value);
      const other = opponent.value ? { ai: opponent.value } : { open: true };
      try {
        const g = await api.createGame({ type: 'dazzle', seed: opponent.value ? seed.value || undefined : undefined, seats: [{ name: name.value }, other] });
        location.hash = `#/game/${g.id}`;
      } catch (e) { failed(e); }
    },
  },
  h('h2', {}, 'Dazzle'),
  h('p', {}, 'Two players, hidden colours: present two cards, your rival owns one and the other is invested in its colour’s pot.'),
  field('Your name', name), field('Opponent', opponent), field('Seed (optional)', seed), seedNote,
  h('button', { type: 'submit', id: 'start-dazzle' }, 'Start Dazzle'));
}

async function home() {
  show(h('h1', {}, 'New game'), h('p', { class: 'muted' }, 'Loading…'));
  const types = await api.gameTypes();
  const byType = Object.fromEntries(types.map((t) => [t.type, t]));
  const forms = [];
  if (byType.scoundrel) forms.push(scoundrelForm(byType.scoundrel));
  if (byType.dazzle) forms.push(dazzleForm(byType.dazzle));
  show(h('h1', {}, 'New game'), h('div', { class: 'panels' }, forms),
    h('p', {}, 'Or ', h('a', { href: '#/history' }, 'browse past and running games'), '.'),
    await myGames());
}

/** The running games this browser holds a seat in, to go back to. */
async function myGames() {
  const games = await Promise.all(api.storedGameIds().map((id) => api.loadGame(id).catch(() => null)));
  const running = games.filter((g) => g && g.viewer != null && g.status !== 'finished')
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1)).slice(0, 10);
  if (!running.length) return null;
  return h('section', { id: 'my-games' }, h('h2', {}, 'Your running games'),
    h('ul', {}, running.map((g) => h('li', {}, h('a', { href: `#/game/${g.id}` },
      `${g.type} · ${g.seats.map(seatName).join(' v ')} · move ${g.moveCount}${g.status === 'waiting' ? ' · waiting for a player' : ''}`)))));
}

// ---- a game, live ---------------------------------------------------------------------------------

function seatsLine(game) {
  return h('ul', { class: 'seats' }, game.seats.map((s) => h('li', { class: game.toAct.includes(s.seat) ? 'to-act' : '' },
    s.kind === 'human' ? h('a', { href: `#/player/${encodeURIComponent(s.name)}` }, s.name) : seatName(s),
    game.viewer === s.seat ? ' (you)' : '',
    game.toAct.includes(s.seat) ? ' · to act' : '')));
}

function turnLine(game) {
  if (game.status === 'finished') return h('p', { class: 'result', id: 'result', role: 'status' }, `Game over — ${standingsText(game)}`);
  if (game.status === 'waiting') return h('p', { id: 'turn' }, 'Waiting for every seat to be taken.');
  if (game.viewer != null && game.toAct.includes(game.viewer)) return h('p', { id: 'turn', class: 'your-turn' }, 'Your turn.');
  const names = game.toAct.map((s) => seatName(game.seats[s])).join(', ');
  return h('p', { id: 'turn' }, game.viewer == null ? `Watching live · to act: ${names}` : `Waiting for ${names}…`);
}

function joinBox(game) {
  if (game.status !== 'waiting') return null;
  const open = game.seats.find((s) => s.kind === 'open');
  if (!open) return null;
  if (game.viewer != null) {
    const link = api.shareLink(game.id);
    const input = h('input', { id: 'share-link', readonly: true, value: link, 'aria-label': 'link for the second player', onfocus: (e) => e.target.select() });
    return h('div', { class: 'card-panel join' },
      h('p', {}, 'Send this link to the second player; the game starts when they take the seat.'),
      input,
      h('button', { onclick: () => navigator.clipboard && navigator.clipboard.writeText(link).then(() => say('Link copied.')) }, 'Copy link'));
  }
  const name = nameInput('join-name');
  return h('form', {
    class: 'card-panel join', id: 'join',
    onsubmit: async (ev) => {
      ev.preventDefault();
      remember(name.value);
      try {
        await api.takeSeat(game.id, open.seat, name.value);
        route();
      } catch (e) { failed(e); }
    },
  }, h('p', {}, `Seat ${open.seat} is open: take it to play.`), field('Your name', name), h('button', { type: 'submit', id: 'take-seat' }, 'Take the seat'));
}

/** The last few moves of the game, each in words with the cards it drew. */
function recentMoves(id, Board) {
  const list = h('ol', { class: 'log', id: 'log' });
  const box = h('section', { class: 'recent', 'aria-label': 'last moves' }, h('h2', {}, 'Last moves'), list);
  const refresh = async (game) => {
    const page = await api.moveLog(id, String(Math.max(0, game.moveCount - 6)));
    list.start = page.items.length ? page.items[0].seq : 1;
    list.replaceChildren(...page.items.map((e) => h('li', {},
      `${seatName(game.seats[e.seat])} ${Board.describe(e.move)}`,
      e.drawn.map((d) => `; ${game.seats.length > 1 ? `${seatName(game.seats[d.seat])} drew` : 'drew'} ${d.cards.map(Board.cardName).join(', ')}`))));
    if (!page.items.length) list.replaceChildren(h('li', { class: 'muted' }, 'No moves yet.'));
  };
  return { box, refresh: (game) => refresh(game).catch(() => {}) };
}

async function gamePage(id) {
  let current = await api.loadGame(id);
  let stop = () => {};
  let poll = null;
  let busy = false;
  const log = recentMoves(id, boards[current.type]);

  const draw = () => {
    keys = new Map();
    const Board = boards[current.type];
    const move = async (m) => {
      if (busy) return;
      busy = true;
      say('…');
      try {
        update(await api.submitMove(id, m));
        say('');
      } catch (e) { failed(e); } finally { busy = false; }
    };
    const focused = document.activeElement && document.activeElement.getAttribute('aria-label');
    Object.assign(app.dataset, { game: id, version: current.version, moves: current.moveCount, status: current.status });
    show(
      h('h1', {}, `${current.type[0].toUpperCase()}${current.type.slice(1)}`, h('span', { class: 'muted' }, ` · ${current.ruleset} · move ${current.moveCount}`)),
      seatsLine(current),
      turnLine(current),
      joinBox(current),
      current.status === 'waiting' ? null : Board.board(current, move, keys, draw),
      current.status === 'waiting' ? null : log.box,
      h('p', { class: 'links' },
        current.status === 'finished' ? h('a', { href: `#/replay/${id}`, id: 'replay-link' }, 'Replay this game') : null,
        ' ', h('a', { href: `#/game/${id}`, id: 'watch-link' }, 'Link to this game'),
        ' ', h('a', { href: '#/' }, 'New game')),
    );
    // Keep keyboard focus on the same control across redraws, or on the first move.
    const again = focused && [...app.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === focused);
    if (again) again.focus();
  };

  const update = (g) => {
    if (g.version < current.version) return;
    const moved = g.moveCount !== current.moveCount;
    current = g;
    draw();
    if (moved) log.refresh(current);
    if (current.status === 'finished') { stop(); }
    if (current.status !== 'waiting' && poll) { clearInterval(poll); poll = null; }
  };

  draw();
  log.refresh(current);
  if (current.status !== 'finished') stop = api.follow(id, current.moveCount, update);
  // Seat takings are no move events: while the game waits, look again every two seconds.
  if (current.status === 'waiting') poll = setInterval(() => api.loadGame(id).then(update, () => {}), 2000);
  leave = () => { stop(); if (poll) clearInterval(poll); };
}

// ---- replay ---------------------------------------------------------------------------------------

async function replayPage(id) {
  const [g, t] = await Promise.all([api.loadGame(id), api.timeline(id)]);
  const Board = boards[g.type];
  const last = t.items.length - 1;
  const slider = h('input', { type: 'range', id: 'slider', min: 0, max: last, value: last, step: 1, 'aria-label': 'position' });
  const caption = h('p', { id: 'position', 'aria-live': 'polite' });
  const boardBox = h('div', { class: 'replay-board' });
  const step = (n) => {
    const i = Math.max(0, Math.min(last, n));
    slider.value = String(i);
    const item = t.items[i];
    const who = item.entry ? `${seatName(g.seats[item.entry.seat])} ` : '';
    caption.textContent = `Position ${i} of ${last}: ${item.entry ? who + Board.describe(item.entry.move) : 'the deal'}`;
    const position = { ...g, version: i, view: item.view, toAct: item.toAct, result: item.result, legalMoves: [] };
    boardBox.replaceChildren(Board.board(position, () => {}, new Map(), () => {}));
    if (item.result) boardBox.append(h('p', { class: 'result' }, `Game over — ${standingsText(position)}`));
  };
  slider.addEventListener('input', () => step(Number(slider.value)));
  keys = new Map([
    ['ArrowLeft', () => step(Number(slider.value) - 1)], ['ArrowRight', () => step(Number(slider.value) + 1)],
    ['Home', () => step(0)], ['End', () => step(last)],
  ]);
  const btn = (label, text, k, f) => h('button', { onclick: f, 'aria-label': `${label} (key ${k})` }, text);
  show(
    h('h1', {}, `Replay · ${g.type}`, h('span', { class: 'muted' }, ` · ${g.seats.map(seatName).join(' v ')}`)),
    g.result ? h('p', {}, standingsText(g)) : h('p', { class: 'muted' }, 'The game is still running: replaying what has been played so far.'),
    h('div', { class: 'replay-controls' },
      btn('first position', '« First', 'Home', () => step(0)),
      btn('previous position', '‹ Back', '←', () => step(Number(slider.value) - 1)),
      slider,
      btn('next position', 'Next ›', '→', () => step(Number(slider.value) + 1)),
      btn('last position', 'Last »', 'End', () => step(last))),
    caption, boardBox,
    h('p', { class: 'links' }, h('a', { href: `#/game/${id}` }, 'Open the game'), ' ', h('a', { href: '#/history' }, 'History')));
  step(last);
}

// ---- history and players -----------------------------------------------------------------------

function historyTable(filters) {
  const body = h('tbody');
  const more = h('button', { id: 'more', hidden: true }, 'More games');
  let cursor = null;
  const load = async () => {
    const page = await api.history(filters, cursor);
    cursor = page.next;
    more.hidden = !cursor;
    for (const g of page.items) {
      body.append(h('tr', { 'data-id': g.id },
        h('td', {}, when(g.createdAt)),
        h('td', {}, g.type),
        h('td', {}, g.seats.map((s, i) => [i ? ' v ' : '', s.kind === 'human' ? h('a', { href: `#/player/${encodeURIComponent(s.name)}` }, s.name) : seatName(s)])),
        h('td', {}, g.status),
        h('td', {}, g.result ? g.result.standings.map((st) => `${st.outcome} ${st.score}`).join(' / ') : ''),
        h('td', {}, h('a', { href: `#/game/${g.id}` }, g.status === 'finished' ? 'view' : 'watch'), ' ',
          h('a', { href: `#/replay/${g.id}` }, 'replay'))));
    }
    if (!body.children.length) body.append(h('tr', {}, h('td', { colspan: 6 }, 'No games.')));
  };
  more.addEventListener('click', () => load().catch(failed));
  const table = h('table', { class: 'history' },
    h('thead', {}, h('tr', {}, ['Created', 'Game', 'Seats', 'Status', 'Result', ''].map((c) => h('th', { scope: 'col' }, c)))), body);
  return { node: h('div', { class: 'table-wrap' }, table, more), load };
}

async function historyPage(params) {
  const filters = Object.fromEntries(['type', 'status', 'player', 'result'].map((k) => [k, params.get(k) || '']));
  const select = (name, values) => field(name, h('select', { name }, ['', ...values].map((v) => h('option', { value: v, selected: filters[name] === v }, v || 'any'))));
  const form = h('form', {
    class: 'filters',
    onsubmit: (ev) => {
      ev.preventDefault();
      const q = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (v) q.set(k, v);
      location.hash = `#/history?${q}`;
    },
  }, select('type', ['scoundrel', 'dazzle']), select('status', ['waiting', 'active', 'finished']),
  field('player', h('input', { name: 'player', value: filters.player, pattern: NAME_PATTERN })),
  select('result', ['won', 'lost', 'drawn']), h('button', { type: 'submit' }, 'Filter'));
  const table = historyTable(filters);
  show(h('h1', {}, 'History'), form, table.node);
  await table.load();
}

async function playerPage(name) {
  const stats = await api.playerStats(name);
  const table = historyTable({ player: name });
  show(h('h1', {}, `Player ${name}`),
    h('div', { class: 'table-wrap' }, h('table', { class: 'stats', id: 'stats' },
      h('thead', {}, h('tr', {}, ['Game', 'Played', 'Won', 'Lost', 'Drawn', 'Best score', 'Mean score'].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, stats.types.length ? stats.types.map((t) => h('tr', {},
        [t.type, t.played, t.won, t.lost, t.drawn, t.bestScore ?? '', t.meanScore ?? ''].map((c) => h('td', {}, String(c)))))
        : h('tr', {}, h('td', { colspan: 7 }, 'No finished games yet.'))))),
    h('h2', {}, 'Games'), table.node);
  await table.load();
}

// ---- routing and keys -----------------------------------------------------------------------------

async function route() {
  for (const k of ['game', 'version', 'moves', 'status']) delete app.dataset[k];
  leave();
  leave = () => {};
  keys = new Map();
  say('');
  const [path, query] = (location.hash.slice(1) || '/').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === 'game' && parts[1]) await gamePage(parts[1]);
    else if (parts[0] === 'replay' && parts[1]) await replayPage(parts[1]);
    else if (parts[0] === 'history') await historyPage(new URLSearchParams(query || ''));
    else if (parts[0] === 'player' && parts[1]) await playerPage(parts[1]);
    else await home();
  } catch (e) {
    failed(e);
  }
  document.body.dataset.page = parts[0] || 'home';
}

function typing(target) {
  return target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

document.addEventListener('keydown', (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
  if ((ev.key === 'Enter' || ev.key === ' ') && ['BUTTON', 'A'].includes(ev.target.tagName)) return; // the focused control acts
  if (ev.key === '?') { const k = document.getElementById('keys'); k.open = !k.open; ev.preventDefault(); return; }
  let key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  // Shift+digit arrives as the shifted character; use the physical key.
  if (ev.shiftKey && /^Digit[1-9]$/.test(ev.code)) key = `!${ev.code.slice(5)}`;
  const action = keys.get(key);
  if (action) { ev.preventDefault(); action(); return; }
  if (key === 'n') location.hash = '#/';
  else if (key === 'h') location.hash = '#/history';
});

window.addEventListener('hashchange', route);
route();
