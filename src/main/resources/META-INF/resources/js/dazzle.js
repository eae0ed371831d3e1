// Dazzle's board: both hands (the other seat's as card backs showing values), the four colours
// with their pots, owned cards and claims, the offer, and the viewer's moves. Keys: 1–8 pick a
// card of your hand, Enter or P present the two picked, 1 or 2 own a card of an offer made to you.

import { h, seatName, sr } from './dom.js';
import { COLOURS, dazzleCard, dazzleSvg } from './cards.js';
import { dazzleHand } from './api.js';

let picked = { key: null, cards: [] };

function samePair(a, b) {
  return a.length === 2 && b.length === 2 && [...a].sort().join() === [...b].sort().join();
}

/** A card's short name, e.g. "blue 3", or "a hidden 2". */
export function cardName(code) {
  const c = dazzleCard(code);
  return c.hidden ? `a hidden ${c.value}` : c.label;
}

/** One sentence for a log entry's move. */
export function describe(move) {
  if (!move) return 'the deal';
  if (move.action === 'present') return `presented ${move.cards.map((c) => dazzleCard(c).label).join(' and ')}`;
  return `owned ${dazzleCard(move.card).label}`;
}

function cardFigure(code, extra = {}) {
  return h('figure', { role: 'img', 'aria-label': dazzleCard(code).label, ...extra }, dazzleSvg(code));
}

function handRow(game, seat, interactive, onMove, keys, rerender, mine) {
  const v = game.view;
  const cards = dazzleHand(v, seat);
  const s = v.seats[seat];
  const deckSize = Object.values(s.deck || {}).reduce((a, b) => a + b, 0);
  const title = `${seatName(game.seats[seat])}${game.viewer === seat ? ' (you)' : ''}`;
  let items;
  if (interactive) {
    const presents = game.legalMoves.filter((m) => m.action === 'present');
    items = cards.map((code, i) => {
      const on = picked.cards.includes(i);
      const toggle = () => {
        picked.cards = on ? picked.cards.filter((x) => x !== i) : [...picked.cards, i].slice(-2);
        rerender();
      };
      if (i < 9) keys.set(String(i + 1), toggle);
      return h('li', {}, h('button', {
        class: `hand-card${on ? ' picked' : ''}`,
        'aria-pressed': on ? 'true' : 'false',
        'data-card': code,
        onclick: toggle,
      }, dazzleSvg(code), sr(`${dazzleCard(code).label}, key`), h('kbd', {}, String(i + 1))));
    });
    const pair = picked.cards.map((i) => cards[i]);
    const legal = presents.find((m) => samePair(m.cards, pair));
    const present = () => { if (legal) { picked.cards = []; onMove(legal); } };
    keys.set('Enter', present);
    keys.set('p', present);
    items.push(h('li', { class: 'present' }, h('button', {
      class: 'move present', disabled: !legal, onclick: present,
    }, 'Present', sr(legal ? ` ${pair.map((c) => dazzleCard(c).label).join(' and ')}, key` : ': pick two cards first, key'), ' ', h('kbd', {}, 'Enter'))));
  } else {
    items = cards.map((code) => h('li', {}, cardFigure(code)));
  }
  return h('div', { class: `hand seat-${seat}${mine ? ' mine' : ''}`, 'data-seat': seat },
    h('h2', {}, title, h('span', { class: 'muted' }, ` · ${s.handSize} in hand · deck ${deckSize}`)),
    h('ol', { class: 'cards' }, items));
}

function colours(game) {
  const v = game.view;
  const rows = Object.entries(v.colors).map(([code, c]) => h('div', { class: `colour colour-${code}`, 'data-colour': code },
    h('h3', {}, COLOURS[code].name),
    h('div', { class: 'pot-row' },
      h('span', { class: 'row-label' }, 'Pot, ', h('strong', { class: 'worth' }, `worth ${c.worth}`)),
      c.pot.length
        ? h('ol', { class: 'mini pot', 'aria-label': `${COLOURS[code].name} pot` }, c.pot.map((p) => h('li', {}, cardFigure(p))))
        : null),
    c.owned.map((owned, seat) => h('div', { class: `owned owned-${seat}` },
      h('span', { class: 'row-label' }, `Owned by ${game.viewer === seat ? 'you' : seatName(game.seats[seat])}, `,
        h('strong', {}, `claim ${c.claims[seat]}`)),
      owned.length
        ? h('ol', { class: 'mini', 'aria-label': `${COLOURS[code].name} owned by ${seatName(game.seats[seat])}` },
          owned.map((o) => h('li', {}, cardFigure(o))))
        : null))));
  return h('div', { class: 'colours' }, rows);
}

function offer(game, onMove, keys) {
  const v = game.view;
  // While the game runs, the offer's place is kept when no pair is on the table: the board does
  // not jump when one is put there.
  if (!v.offer) {
    return v.phase === 'over' ? null : h('div', { class: 'offer none' }, h('h2', {}, 'Offer'), h('p', { class: 'muted' }, 'No pair on the table.'));
  }
  const owns = game.legalMoves.filter((m) => m.action === 'own');
  const items = v.offer.map((code, i) => {
    const m = owns.find((o) => o.card === code);
    if (m) keys.set(String(i + 1), () => onMove(m));
    return h('li', {}, cardFigure(code), m
      ? h('button', { class: 'move own', 'data-card': code, onclick: () => onMove(m) },
        'Own', sr(` ${dazzleCard(code).label} (the other is invested), key`), ' ', h('kbd', {}, String(i + 1)))
      : null);
  });
  return h('div', { class: 'offer' }, h('h2', {}, 'Offer'), h('ol', { class: 'cards' }, items));
}

/**
 * The board for `game` (`{view, legalMoves, viewer, seats}`); `onMove(move)` is called for a
 * chosen move, `keys` (a Map) receives the board's shortcuts, `rerender()` redraws after a pick.
 */
export function board(game, onMove, keys, rerender) {
  const v = game.view;
  const key = `${game.id}:${game.version}`;
  if (picked.key !== key) picked = { key, cards: [] };
  const me = game.viewer ?? 0;
  const other = 1 - me;
  const canPresent = game.legalMoves.some((m) => m.action === 'present');
  return h('section', { class: 'board dazzle', 'aria-label': 'Dazzle board' },
    h('p', { class: 'round' }, h('strong', { id: 'round' }, `Round ${v.round} of 9`), ` · ${v.phase}`),
    handRow(game, other, false, onMove, keys, rerender, false),
    offer(game, onMove, keys),
    colours(game),
    handRow(game, me, canPresent, onMove, keys, rerender, true),
  );
}
