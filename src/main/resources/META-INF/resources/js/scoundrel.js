// Scoundrel's board: health, dungeon, discard pile, weapon with its slain monsters, the room and
// the moves the viewer may make. Keys: 1–4 the room card's main move, Shift+1–4 a monster fought
// barehanded, A avoid the room.

import { h, sr } from './dom.js';
import { scoundrelBack, scoundrelCard, scoundrelSvg } from './cards.js';

function moveLabel(move, card, moves) {
  if (move.action === 'avoid') return 'Avoid the room';
  const c = scoundrelCard(card);
  if (c.role === 'potion') return 'Drink';
  if (c.role === 'weapon') return 'Equip';
  if (move.barehanded) return 'Fight barehanded';
  const bare = moves.some((m) => m.card === card && m.barehanded);
  return bare ? 'Fight with weapon' : 'Fight';
}

/** A card's short name, e.g. "queen of spades". */
export function cardName(code) {
  return scoundrelCard(code).label.replace(/ \(.*\)$/, '');
}

/** One sentence for a log entry's move. */
export function describe(move) {
  if (!move) return 'the deal';
  if (move.action === 'avoid') return 'avoided the room';
  const c = scoundrelCard(move.card);
  const name = cardName(move.card);
  if (c.role === 'potion') return `drank the ${name}`;
  if (c.role === 'weapon') return `equipped the ${name}`;
  return `fought the ${name}${move.barehanded ? ' barehanded' : ''}`;
}

/** A move as advice, e.g. "fight the queen of spades barehanded" (for hints). */
export function advise(move) {
  if (move.action === 'avoid') return 'avoid the room';
  const c = scoundrelCard(move.card);
  const name = cardName(move.card);
  if (c.role === 'potion') return `drink the ${name}`;
  if (c.role === 'weapon') return `equip the ${name}`;
  return `fight the ${name}${move.barehanded ? ' barehanded' : ''}`;
}

/**
 * The board for `game` (`{view, legalMoves}`); `onMove(move)` is called for a chosen move, and
 * `keys` (a Map) receives this board's keyboard shortcuts.
 */
export function board(game, onMove, keys) {
  const v = game.view;
  const moves = game.legalMoves;
  // Health below zero is how far the last blow went past death; it counts in the score (shown at
  // the end), while the health shown stops at 0.
  const health = Math.max(0, v.health);
  const healthPct = Math.max(0, Math.min(100, (100 * health) / v.maxHealth));

  const room = v.room.map((card, i) => {
    const c = scoundrelCard(card);
    const own = moves.filter((m) => m.action === 'play' && m.card === card);
    const buttons = own.map((m) => {
      const key = m.barehanded ? `Shift+${i + 1}` : `${i + 1}`;
      keys.set(m.barehanded ? `!${i + 1}` : `${i + 1}`, () => onMove(m));
      return h('button', {
        class: `move ${m.barehanded ? 'barehanded' : ''}`,
        'data-card': card,
        onclick: () => onMove(m),
      }, moveLabel(m, card, moves), sr(`: ${c.label}, key`), ' ', h('kbd', {}, key));
    });
    return h('li', { class: 'room-card' }, h('figure', { 'aria-label': c.label, role: 'img' }, scoundrelSvg(card)), buttons);
  });

  const avoid = moves.find((m) => m.action === 'avoid');
  if (avoid) keys.set('a', () => onMove(avoid));

  const weapon = v.weapon
    ? h('div', { class: 'weapon' },
      h('figure', { role: 'img', 'aria-label': `weapon: ${scoundrelCard(v.weapon.card).label}` }, scoundrelSvg(v.weapon.card)),
      h('ol', { class: 'slain', 'aria-label': 'monsters slain with it' },
        v.weapon.slain.map((s) => h('li', {}, h('figure', { role: 'img', 'aria-label': scoundrelCard(s).label }, scoundrelSvg(s))))))
    : h('p', { class: 'muted' }, 'No weapon');

  return h('section', { class: 'board scoundrel', 'aria-label': 'Scoundrel board' },
    h('div', { class: 'stats' },
      h('div', { class: 'health' },
        h('span', { class: 'label' }, 'Health '),
        h('strong', { id: 'health' }, String(health)), ` / ${v.maxHealth}`,
        h('div', { class: 'meter', role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': v.maxHealth, 'aria-valuenow': health, 'aria-label': 'health' },
          h('div', { class: 'meter-fill', style: { width: `${healthPct}%` } }))),
      h('div', { class: 'pile' }, h('figure', { role: 'img', 'aria-label': `dungeon: ${v.dungeonCount} cards` }, scoundrelBack(v.dungeonCount)), h('span', {}, 'Dungeon')),
      h('div', { class: 'pile' }, h('span', { id: 'discard' }, `Discard: ${v.discardCount}`),
        v.potionUsedThisTurn ? h('span', { class: 'muted' }, 'A potion was used this turn') : null)),
    h('div', { class: 'area' }, h('h2', {}, 'Weapon'), weapon),
    h('div', { class: 'area' }, h('h2', {}, 'Room'),
      v.room.length ? h('ol', { class: 'room' }, room) : h('p', { class: 'muted' }, 'The room is empty')),
    avoid ? h('p', {}, h('button', { class: 'move avoid', onclick: () => onMove(avoid) }, 'Avoid the room', sr(', key'), ' ', h('kbd', {}, 'A'))) : null,
  );
}
