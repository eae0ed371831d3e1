// A short summary of each game's rules (docs/rules/) and the score explained at the end of a game.

import { h, seatName } from './dom.js';

const SUMMARIES = {
  scoundrel: [
    'A solo dungeon crawl with 44 cards. You start with 20 health (also the most you can have).',
    'Each turn the room is filled to four cards. Face three of them one at a time and the fourth stays for the next room, or avoid the whole room (never twice in a row).',
    'Clubs and spades are monsters (2 to 14): fought barehanded they cost their value in health. Diamonds are weapons: a monster fought with the weapon costs only what it exceeds the weapon by, but afterwards the weapon may only be used on weaker monsters (or, in some rulesets, equal ones).',
    'Hearts are potions: they heal by their value, only one per turn, up to 20.',
    'You win by getting through the whole dungeon alive.',
  ],
  dazzle: [
    'Two players, four colours (blue, green, red, yellow), cards worth 1 to 3. You see the values of your rival’s cards but not their colours.',
    'Each of 9 rounds, the first seat presents two cards of its hand; the other seat owns one of them and the other is invested in its colour’s pot. Then the roles swap.',
    'Owned cards raise your claim on a colour; invested cards raise what the colour is worth.',
    'At the end, whoever has the strictly higher claim on a colour scores its pot; equal claims score nothing. The higher total wins.',
  ],
};

/** A folded "How to play" summary for `type`, or null for a type this client does not know. */
export function rulesSummary(type) {
  const lines = SUMMARIES[type];
  if (!lines) return null;
  return h('details', { class: 'rules', 'data-rules': type },
    h('summary', {}, `How to play ${type[0].toUpperCase()}${type.slice(1)}`),
    h('ul', {}, lines.map((l) => h('li', {}, l))));
}

/** How the scores of a finished game came about, in words, or null when there is nothing to explain. */
export function scoreExplained(game) {
  const r = game.result;
  if (!r || r.standings.every((st) => st.score == null)) return null;
  if (game.type === 'scoundrel') {
    const st = r.standings[0];
    const text = st.outcome === 'won'
      ? `Score ${st.score}: you survived the dungeon, so the score is the health left (at full health, a potion faced last adds its value).`
      : `Score ${st.score}: the health you ended with, minus every monster you had not yet faced.`;
    return h('p', { class: 'score-explained', id: 'score-explained' }, text);
  }
  if (game.type === 'dazzle' && r.detail && r.detail.colors) {
    const names = { B: 'blue', G: 'green', R: 'red', Y: 'yellow' };
    const items = Object.entries(r.detail.colors).map(([code, c]) => {
      const [a, b] = c.claims;
      const winner = a === b ? 'nobody (equal claims)' : seatName(game.seats[a > b ? 0 : 1]);
      return h('li', {}, `${names[code]}: worth ${c.worth}, claims ${a}–${b}: ${winner}${a === b ? '' : ` scores ${c.worth}`}`);
    });
    return h('div', { class: 'score-explained', id: 'score-explained' },
      h('p', {}, 'Each colour’s pot goes to the seat with the higher claim:'), h('ul', {}, items));
  }
  return null;
}
