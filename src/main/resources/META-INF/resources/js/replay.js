// Step through a game position by position: a slider, buttons and keys; for a finished Scoundrel
// game the post-game analysis follows the slider.

import * as api from './api.js';
import { endingText, h, seatName, sr, standingsText } from './dom.js';
import { boards, describe } from './game.js';
import { analysisPanel } from './analysis.js';

/** Opens the replay of game `id`; `ctx.setKeys(map)` receives the page's keys. */
export async function replayPage(show, ctx, id) {
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
    caption.textContent = `Position ${i} of ${last}: ${item.entry ? who + describe(Board, item.entry.move) : 'the deal'}`;
    const position = { ...g, version: i, view: item.view, toAct: item.toAct, result: item.result, legalMoves: [] };
    boardBox.replaceChildren(Board.board(position, () => {}, new Map(), () => {}));
    if (item.result) boardBox.append(h('div', { class: 'result' }, h('p', {}, `Game over — ${standingsText(position)}`), h('p', {}, endingText(position))));
    if (analysis) analysis.step(i);
  };
  const analysis = g.type === 'scoundrel' && g.status === 'finished' ? analysisPanel(g, Board, (n) => step(n)) : null;
  slider.addEventListener('input', () => step(Number(slider.value)));
  ctx.setKeys(new Map([
    ['ArrowLeft', () => step(Number(slider.value) - 1)], ['ArrowRight', () => step(Number(slider.value) + 1)],
    ['Home', () => step(0)], ['End', () => step(last)],
  ]));
  // The visible text (an arrow and a short word) is part of each button's name; the key is added for screen readers.
  const btn = (cls, text, key, f) => h('button', { class: cls, onclick: f }, text, sr(`, key ${key}`));
  show(
    h('h1', {}, `Replay · ${g.type}`, h('span', { class: 'muted' }, ` · ${g.seats.map(seatName).join(' v ')}`)),
    g.result ? h('p', {}, `${standingsText(g)} · ${endingText(g)}`) : h('p', { class: 'muted' }, 'The game is still running: replaying what has been played so far.'),
    h('div', { class: 'replay-controls' },
      h('div', { class: 'replay-buttons' },
        btn('first', '« First', 'Home', () => step(0)),
        btn('back', '‹ Back', 'left arrow', () => step(Number(slider.value) - 1)),
        btn('next', 'Next ›', 'right arrow', () => step(Number(slider.value) + 1)),
        btn('last', 'Last »', 'End', () => step(last))),
      slider),
    caption, boardBox, analysis ? analysis.node : null,
    h('p', { class: 'links' }, h('a', { href: `#/game/${id}` }, 'Open the game'), h('a', { href: '#/history' }, 'History')));
  step(last);
}
