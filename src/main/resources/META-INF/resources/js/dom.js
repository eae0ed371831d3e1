// A small helper for building DOM nodes, and the page's status line.

/** `h('button', {class: 'x', onclick: f}, 'text', child)`: an element with attributes and children. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (v === true) node.setAttribute(k, '');
    else node.setAttribute(k, v);
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else node.append(c instanceof Node ? c : String(c));
  }
}

/** Shows `message` in the page's live status line (read out by screen readers). */
export function say(message, isError = false) {
  const status = document.getElementById('status');
  status.textContent = message || '';
  status.classList.toggle('error', Boolean(isError));
}

/** A seat's display name: the human's name, the computer's level, or "open seat". */
export function seatName(s) {
  if (!s) return '?';
  if (s.kind === 'ai') return `computer (${s.ai})`;
  if (s.kind === 'open') return 'open seat';
  return s.name;
}

/**
 * Each seat's outcome and score from a result's standings; an ending other than "completed"
 * (docs/api.md, "Results") is shown by its name.
 */
export function standingsText(game) {
  const r = game.result;
  if (!r) return '';
  const text = r.standings.map((st) => `${seatName(game.seats[st.seat])}: ${st.outcome}, ${st.score}`).join(' · ');
  return r.ending && r.ending !== 'completed' ? `${text} (${r.ending})` : text;
}
