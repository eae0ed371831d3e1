// A game's page: play or watch it live, take its open seat, cancel it while it waits, the clocks,
// a hint (Scoundrel), resign or abort, the result and how it ended, the record, the rematch.

import * as api from './api.js';
import { clockText, endingText, field, h, nameInput, ratingDiffText, ratingText, remaining, remember, say, seatName, sr, standingsText } from './dom.js';
import { rulesSummary, scoreExplained } from './rules.js';
import * as scoundrel from './scoundrel.js';
import * as dazzle from './dazzle.js';

export const boards = { scoundrel, dazzle };

const title = (type) => `${type[0].toUpperCase()}${type.slice(1)}`;

function seatsLine(game) {
  return h('ul', { class: 'seats' }, game.seats.map((s) => h('li', { class: game.toAct.includes(s.seat) ? 'to-act' : '', 'data-seat': s.seat },
    s.kind === 'human' ? h('a', { href: `#/player/${encodeURIComponent(s.name)}` }, s.name) : seatName(s),
    s.verified ? h('span', { class: 'verified', title: 'registered player, seated with its key' }, ' ✔', sr(' verified')) : null,
    s.rating == null ? null : h('span', { class: 'rating' }, ` ${ratingText(s.rating)}`, sr(' rating')),
    game.viewer === s.seat ? ' (you)' : '',
    game.toAct.includes(s.seat) ? ' · to act' : '')));
}

/** A rated game's rating changes, once rated: "alice 1500 → 1662 (+162)" per rated seat. */
function ratingChanges(game) {
  if (!game.rated) return null;
  const rated = game.seats.filter((s) => s.kind === 'human' && s.rating != null && s.ratingDiff != null);
  if (!rated.length) return h('p', { id: 'rating-changes' }, 'A rated game that does not count: nobody’s rating changed.');
  return h('p', { id: 'rating-changes' }, 'Ratings: ', rated.map((s, i) => [i ? ' · ' : '',
    h('span', { 'data-seat': s.seat }, `${seatName(s)} ${ratingText(s.rating)} → ${ratingText(s.rating + s.ratingDiff)} (${ratingDiffText(s.ratingDiff)})`)]));
}

function turnLine(game) {
  if (game.status === 'finished') {
    return h('div', { class: 'result', id: 'result', role: 'status' },
      h('p', {}, `Game over — ${standingsText(game)}`),
      h('p', { id: 'ending' }, endingText(game)),
      ratingChanges(game),
      scoreExplained(game));
  }
  if (game.status === 'waiting') return h('p', { id: 'turn' }, 'Waiting for every seat to be taken.');
  if (game.viewer != null && game.toAct.includes(game.viewer)) return h('p', { id: 'turn', class: 'your-turn' }, 'Your turn.');
  const names = game.toAct.map((s) => seatName(game.seats[s])).join(', ');
  return h('p', { id: 'turn' }, game.viewer == null ? `Watching live · to act: ${names}` : `Waiting for ${names}…`);
}

/** How hard a certified or daily deal is (docs/api.md, "Certified deals"), shown once the game is over. */
function certificateLine(c) {
  if (!c) return null;
  const best = c.bestScore == null ? 'not settled' : String(c.bestScore);
  const first = c.winningFirstMoves == null ? 'not settled' : `${c.winningFirstMoves} of ${c.firstMoves}`;
  return h('p', { id: 'certificate' }, `The deal's certificate: best score ${best}; first moves that keep it winnable: ${first}.`);
}

/** Each seat's clock; the seat to act counts down from the deadline. Returns `{node, tick}`. */
function clocks(game) {
  const c = game.clock;
  if (!c) return { node: null, tick: () => {} };
  const cells = game.seats.map((s) => h('span', { class: 'time', id: `clock-${s.seat}` }, ''));
  const tick = () => {
    game.seats.forEach((s, i) => {
      const running = game.status === 'active' && c.deadline && game.toAct.includes(i);
      const ms = running ? new Date(c.deadline).getTime() - Date.now() : (c.remainingMs ? c.remainingMs[i] : null);
      cells[i].textContent = ms == null ? '–' : remaining(ms);
      cells[i].classList.toggle('running', Boolean(running));
      cells[i].classList.toggle('low', running && ms < 10000);
    });
  };
  tick();
  const node = h('div', { class: 'clocks', id: 'clocks', 'aria-label': `clocks: ${clockText(c)}`, role: 'group' },
    h('span', { class: 'muted' }, `Clock: ${clockText(c)}`),
    game.seats.map((s, i) => h('span', { class: 'clock' }, `${seatName(s)} `, cells[i])));
  tick();
  return { node, tick };
}

function joinBox(game, route) {
  if (game.status !== 'waiting') return null;
  const open = game.seats.find((s) => s.kind === 'open');
  if (!open) return null;
  if (game.viewer != null) {
    const cancel = h('button', { id: 'cancel-game', class: 'secondary', onclick: async () => {
      try { await api.cancelGame(game.id); say('The game was called off.'); route(); } catch (e) { say(e.message, true); }
    } }, 'Cancel this game');
    if (game.rematchOf) {
      return h('div', { class: 'card-panel join' },
        h('p', { id: 'rematch-waiting' }, 'The other seat is kept for your opponent: the rematch starts when they accept it from the finished game’s page.'),
        cancel);
    }
    const link = api.shareLink(game.id);
    const input = h('input', { id: 'share-link', readonly: true, value: link, onfocus: (e) => e.target.select() });
    return h('div', { class: 'card-panel join' },
      h('p', {}, 'Send this link to the second player, or wait for someone to take the seat from the lobby; the game starts when the seat is taken.'),
      field('Link for the second player', input),
      h('p', { class: 'links' },
        h('button', { onclick: () => navigator.clipboard && navigator.clipboard.writeText(link).then(() => say('Link copied.')) }, 'Copy link'),
        cancel));
  }
  const p = api.player();
  const name = nameInput('join-name', p ? p.name : undefined);
  return h('form', {
    class: 'card-panel join', id: 'join',
    onsubmit: async (ev) => {
      ev.preventDefault();
      remember(name.value);
      try {
        await api.takeSeat(game.id, open.seat, name.value);
        route();
      } catch (e) { say(e.message, true); }
    },
  }, h('p', {}, `Seat ${open.seat} is open: take it to play.`), field('Your name', name), h('button', { type: 'submit', id: 'take-seat' }, 'Take the seat'));
}

/** The last few moves of the game, each in words with the cards it drew. */
function recentMoves(id, Board) {
  const list = h('ol', { class: 'log', id: 'log' });
  const box = h('section', { class: 'recent', 'aria-labelledby': 'last-moves' }, h('h2', { id: 'last-moves' }, 'Last moves'), list);
  const refresh = async (game) => {
    const page = await api.moveLog(id, String(Math.max(0, game.moveCount - 6)));
    list.start = page.items.length ? page.items[0].seq : 1;
    list.replaceChildren(...page.items.map((e) => h('li', {},
      `${seatName(game.seats[e.seat])} ${describe(Board, e.move)}`,
      e.drawn.map((d) => `; ${game.seats.length > 1 ? `${seatName(game.seats[d.seat])} drew` : 'drew'} ${d.cards.map(Board.cardName).join(', ')}`))));
    if (!page.items.length) list.replaceChildren(h('li', { class: 'muted' }, 'No moves yet.'));
  };
  return { box, refresh: (game) => refresh(game).catch(() => {}) };
}

/** A log entry's move in words, endings included. */
export function describe(Board, move) {
  if (move && move.action === 'resign') return 'resigned';
  if (move && move.action === 'abort') return 'called the game off';
  if (move && move.action === 'timeout') return 'ran out of time';
  if (move && move.action === 'abandon') return 'abandoned the game (nobody moved for too long)';
  return Board.describe(move);
}

/** Hint, resign and abort for the viewer's seat of a running game. */
function seatActions(game, move, hintBox) {
  if (game.status !== 'active' || game.viewer == null) return null;
  const buttons = [];
  const myTurn = game.toAct.includes(game.viewer);
  // A rated Scoundrel game has no hints while it runs and cannot be called off (docs/ratings.md).
  const ratedSolo = game.rated && game.seats.length === 1;
  if (game.type === 'scoundrel' && !game.daily && !game.rated && myTurn) {
    buttons.push(h('button', { id: 'hint', class: 'secondary', onclick: async () => {
      hintBox.textContent = 'Thinking…';
      try {
        const hint = await api.hint(game.id);
        hintBox.replaceChildren(h('strong', {}, `Hint: ${scoundrel.advise(hint.move)}`), ` — ${hint.reason}.`);
      } catch (e) { hintBox.textContent = ''; say(e.message, true); }
    } }, 'Hint'));
  }
  if (game.moveCount < game.seats.length && !ratedSolo) {
    buttons.push(h('button', { id: 'abort', class: 'secondary', onclick: () => move({ action: 'abort' }) }, 'Call the game off'));
  }
  const confirm = h('span', { class: 'confirm', hidden: true },
    'Give up this game? ',
    h('button', { id: 'resign-confirm', class: 'danger', onclick: () => move({ action: 'resign' }) }, 'Yes, resign'), ' ',
    h('button', { class: 'secondary', onclick: () => { confirm.hidden = true; } }, 'No'));
  buttons.push(h('button', { id: 'resign', class: 'secondary', onclick: () => { confirm.hidden = false; } }, 'Resign'), confirm);
  return h('div', { class: 'actions', role: 'group', 'aria-label': 'game actions' }, buttons);
}

/** Record download and the rematch, once the game is over. */
function afterActions(game, go) {
  if (game.status !== 'finished') return null;
  const items = [];
  items.push(h('button', { id: 'download-record', class: 'secondary', onclick: async () => {
    try {
      const rec = await api.record(game.id);
      const url = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 2)], { type: 'application/json' }));
      const a = h('a', { href: url, download: `cardtable-${game.type}-${game.id}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      say('The record was saved: load it from “New game” to replay it or play it on.');
    } catch (e) { say(e.message, true); }
  } }, 'Download the record'));
  const ended = game.result && game.result.ending;
  if (game.viewer != null && !game.daily && ended !== 'aborted') {
    if (game.rematch && api.storedSeat(game.rematch)) {
      items.push(h('a', { id: 'rematch-link', href: `#/game/${game.rematch}` }, 'Go to the rematch'));
    } else {
      items.push(h('button', { id: 'rematch', onclick: async () => {
        try { const g = await api.rematch(game.id); go(`#/game/${g.id}`); } catch (e) { say(e.message, true); }
      } }, game.rematch ? 'Accept the rematch' : 'Offer a rematch'));
      if (game.rematch) items.push(h('span', { id: 'rematch-offered' }, 'Your opponent offers a rematch.'));
    }
  }
  return h('div', { class: 'actions', role: 'group', 'aria-label': 'after the game' }, items);
}

/**
 * Opens game `id`. `ctx` is the router's: `{setKeys(map), onLeave(fn), route(), go(hash)}`.
 */
export async function gamePage(app, show, ctx, id) {
  let current = await api.loadGame(id);
  let stop = () => {};
  let poll = null;
  let ticker = null;
  let busy = false;
  let reread = false;
  const log = recentMoves(id, boards[current.type]);
  const hintBox = h('p', { id: 'hint-text', class: 'hint', 'aria-live': 'polite' });

  const draw = () => {
    const keys = new Map();
    const Board = boards[current.type];
    const move = async (m) => {
      if (busy) return;
      busy = true;
      say('…');
      try {
        update(await api.submitMove(id, m));
        say('');
      } catch (e) { say(e.message, true); } finally { busy = false; }
    };
    const focused = document.activeElement && document.activeElement.tagName === 'BUTTON' ? document.activeElement.textContent : null;
    Object.assign(app.dataset, { game: id, version: current.version, moves: current.moveCount, status: current.status });
    const clock = clocks(current);
    if (ticker) clearInterval(ticker);
    let asked = false;
    ticker = current.clock && current.status === 'active' ? setInterval(() => {
      clock.tick();
      // Past the deadline the server ends the game on time at the next read: read it once.
      if (!asked && current.clock.deadline && Date.now() > new Date(current.clock.deadline).getTime() + 500) {
        asked = true;
        api.loadGame(id).then(update, () => {});
      }
    }, 250) : null;
    const range = current.ratingRange && current.status === 'waiting'
      ? h('span', { class: 'badge', id: 'rating-range' }, `for ${current.ratingRange.min}–${current.ratingRange.max}`) : null;
    const badges = [current.rated ? h('span', { class: 'badge', id: 'rated' }, 'rated') : null, range, current.certified ? h('span', { class: 'badge', id: 'certified' }, 'certified winnable') : null,
      current.daily ? h('a', { class: 'badge', href: '#/daily' }, `daily deal ${current.daily}`) : null];
    // A game of an arena links back to it; once over, the arena's next pairing opens here by itself.
    const arena = current.arena || api.arenaOfGame(id);
    if (current.arena) api.noteArenaGame(id, current.arena);
    const arenaLine = arena ? h('p', { id: 'arena-line', class: current.status === 'finished' ? 'arena-next' : null },
      current.status === 'finished' && current.viewer != null ? 'Your next arena game opens here by itself as soon as you are paired. ' : 'A game of an arena. ',
      h('a', { id: 'arena-link', href: `#/arenas/${encodeURIComponent(arena)}` }, 'Back to the arena')) : null;
    show(
      h('h1', {}, title(current.type), h('span', { class: 'muted' }, ` · ${current.ruleset} · move ${current.moveCount}`), ' ', badges),
      current.status === 'finished' ? null : arenaLine,
      seatsLine(current),
      clock.node,
      turnLine(current),
      certificateLine(current.certificate),
      joinBox(current, ctx.route),
      current.status === 'waiting' ? null : Board.board(current, move, keys, draw),
      seatActions(current, move, hintBox),
      current.status === 'active' ? hintBox : null,
      current.status === 'finished' ? arenaLine : null,
      afterActions(current, ctx.go),
      current.status === 'waiting' ? null : log.box,
      rulesSummary(current.type),
      h('p', { class: 'links' },
        current.status === 'finished' ? h('a', { href: `#/replay/${id}`, id: 'replay-link' }, 'Replay this game') : null,
        h('a', { href: `#/game/${id}`, id: 'watch-link' }, 'Link to this game'),
        h('a', { href: '#/' }, 'New game')),
    );
    ctx.setKeys(keys);
    const again = focused && [...app.querySelectorAll('button')].find((b) => b.textContent === focused);
    if (again) again.focus();
  };

  const update = (g) => {
    if (g.version < current.version) return;
    const moved = g.moveCount !== current.moveCount;
    const rerated = g.seats.some((s, i) => s.ratingDiff !== current.seats[i].ratingDiff);
    const changed = g.version !== current.version || g.rematch !== current.rematch || g.status !== current.status || rerated;
    if (moved) hintBox.textContent = '';
    current = g;
    if (changed) draw();
    if (moved) log.refresh(current);
    if (current.status === 'finished') stop();
    // An ending that arrived as a live event is read once more when it is rated and shows no change yet.
    if (current.status === 'finished' && current.rated && !reread && current.seats.every((s) => s.ratingDiff == null)) {
      reread = true;
      api.loadGame(id).then(update, () => {});
    }
    watch();
  };

  // Seat takings are no move events, and an offered rematch changes a finished game without one:
  // while the game waits, or is over with this browser's seat and no rematch, look every 2 seconds.
  const watch = () => {
    const wanted = current.status === 'waiting' || (current.status === 'finished' && current.viewer != null && !current.rematch && !current.daily);
    if (wanted && !poll) poll = setInterval(() => api.loadGame(id).then(update, () => {}), 2000);
    if (!wanted && poll) { clearInterval(poll); poll = null; }
  };

  // The last moves are part of the first drawing, so that nothing moves when they arrive.
  await log.refresh(current);
  draw();
  if (current.status !== 'finished') stop = api.follow(id, current.moveCount, update);
  watch();
  ctx.onLeave(() => { stop(); if (poll) clearInterval(poll); if (ticker) clearInterval(ticker); });
}
