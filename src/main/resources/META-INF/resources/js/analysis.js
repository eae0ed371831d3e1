// The post-game analysis of a finished Scoundrel game beside its replay (docs/api.md, "Post-game
// analysis"): per position whether the game could still be won and the best score still
// reachable, and the turning point with the move that would have kept it, following the slider.

import * as api from './api.js';
import { h } from './dom.js';

const scoreText = (s) => (s == null ? 'unknown' : String(s));

/** What the solver says of position `i` (`p` its entry of the analysis), in words. */
function positionText(p, i, last, Board) {
  const head = `Position ${i}: `;
  if (p.winnable == null) return `${head}not decided within the solver's budget.`;
  if (i === last && !p.bestMove) return `${head}the game is over, score ${scoreText(p.bestScore)}.`;
  const verdict = p.winnable ? 'could still be won' : 'could no longer be won';
  const best = p.bestMove ? ` · ${p.winnable ? 'best move' : 'least bad move'}: ${Board.advise(p.bestMove)}` : '';
  return `${head}${verdict} · best reachable score ${scoreText(p.bestScore)}${best}.`;
}

function turningText(t, Board) {
  const played = Board.describe(t.played);
  if (t.kind === 'lost-the-win') {
    return `Turning point: move ${t.move} (${played}) lost a game that could be won: the best reachable score fell from ${t.bestScoreBefore} to ${scoreText(t.bestScoreAfter)}. Better: ${Board.advise(t.better)}.`;
  }
  return `Turning point: move ${t.move} (${played}) lowered the best reachable score most, from ${t.bestScoreBefore} to ${scoreText(t.bestScoreAfter)}. Better: ${Board.advise(t.better)}.`;
}

/**
 * The analysis panel of game `g` (`Board` its board module, `goTo(i)` moves the replay to
 * position `i`). Returns `{node, step(i)}`: `step` is called whenever the replay shows position
 * `i`. The analysis is fetched once; a busy server (`503 server-busy`) is asked again after its
 * `retryAfter`, a few times.
 */
export function analysisPanel(g, Board, goTo) {
  const state = h('p', { id: 'analysis-state', class: 'muted' }, 'Analysing every position with the full-information solver…');
  const here = h('p', { id: 'analysis-position', 'aria-live': 'polite' });
  const strip = h('ol', { class: 'analysis-strip', 'aria-hidden': 'true' });
  const turn = h('div', { id: 'turning-point' });
  const node = h('section', { id: 'analysis', class: 'card-panel analysis', 'aria-labelledby': 'analysis-title', 'data-state': 'loading' },
    h('h2', { id: 'analysis-title' }, 'Analysis'), state, here, strip, turn);
  let a = null;
  let current = 0;

  const step = (i) => {
    current = i;
    if (!a) return;
    const last = a.positions.length - 1;
    let text = i > last ? `Position ${i}: the game ended without play here (resigned, called off or out of time); the analysis stops at position ${last}.`
      : positionText(a.positions[i], i, last, Board);
    if (a.turningPoint && a.turningPoint.move === i) text += ' The move that led here was the turning point.';
    here.textContent = text;
    strip.querySelectorAll('li').forEach((li, k) => li.classList.toggle('current', k === i));
  };

  const render = (result) => {
    a = result;
    node.dataset.state = 'ready';
    const t = a.turningPoint;
    state.textContent = t ? 'Every position as the solver judges it, with the whole dungeon order known.'
      : 'Every position as the solver judges it: no move lowered the best reachable score.';
    strip.replaceChildren(...a.positions.map((p, k) => h('li', {
      class: `${p.winnable == null ? 'unknown' : p.winnable ? 'winnable' : 'lost'}${t && t.move === k ? ' turn' : ''}`,
      onclick: () => goTo(k),
    })));
    if (t) {
      turn.replaceChildren(h('p', { id: 'turning-text' }, turningText(t, Board)),
        h('button', { id: 'turning-go', class: 'secondary', onclick: () => goTo(t.move - 1) }, `Show the position before move ${t.move}`));
    }
    step(current);
  };

  const load = async (tries) => {
    try {
      render(await api.analysis(g.id));
    } catch (e) {
      const wait = e.problem && e.problem.retryAfter;
      if (e.code === 'server-busy' && tries > 0 && wait) {
        state.textContent = `The server is busy analysing other games; asking again in ${wait} s.`;
        setTimeout(() => { if (node.isConnected) load(tries - 1); }, wait * 1000);
        return;
      }
      node.dataset.state = 'error';
      state.textContent = `No analysis: ${e.message}`;
    }
  };
  load(5);
  return { node, step };
}
