// A small helper for building DOM nodes, and the page's status line.

/** `h('button', {class: 'x', onclick: f}, 'text', child)`: an element with attributes and children. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k === 'style') Object.assign(node.style, v); // CSSOM, which the page's CSP allows (no style attribute)
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

/** A rating as shown: whole points (`1662`). */
export function ratingText(r) {
  return String(Math.round(r));
}

/** A rating change as shown, with its sign: `+162`, `−38`, `±0`. */
export function ratingDiffText(d) {
  const n = Math.round(d);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** Text read by screen readers only (part of a control's name, next to what is shown). */
export function sr(text) {
  return h('span', { class: 'sr-only' }, text);
}

/** "won, 14" for one standing; an aborted or abandoned game's seats have no outcome. */
function standingText(st) {
  if (st.outcome == null) return 'no result';
  return st.score == null ? st.outcome : `${st.outcome}, ${st.score}`;
}

/**
 * How a finished game ended, in words (docs/api.md, "Endings"): completed, resigned, timeout,
 * aborted, abandoned; an ending this client does not know is shown by its name.
 */
export function endingText(game) {
  const r = game.result;
  if (!r) return '';
  const who = r.endedBy == null ? 'a seat' : seatName(game.seats[r.endedBy]);
  switch (r.ending) {
    case 'completed': return 'Played to the end.';
    case 'resigned': return `${who} resigned.`;
    case 'timeout': return `${who} ran out of time.`;
    case 'aborted': return 'Called off before every seat had moved: nobody won or lost, and the game does not count.';
    case 'abandoned': return 'Abandoned: nobody moved for too long, so nobody won or lost.';
    default: return `Ended: ${r.ending}.`;
  }
}

/**
 * Each seat's outcome and score from a result's standings ("alice: won, 14 · computer: lost, 7");
 * a game without outcomes (aborted, abandoned) says so instead of listing empty standings.
 */
export function standingsText(game) {
  const r = game.result;
  if (!r) return '';
  if (r.standings.every((st) => st.outcome == null)) return game.type ? `no result (${r.ending})` : 'no result';
  return r.standings.map((st) => `${seatName(game.seats[st.seat])}: ${standingText(st)}`).join(' · ');
}

/** The result column of a history row: "won 14 / lost 7", or the ending for games without outcomes. */
export function shortResult(result) {
  if (!result) return '';
  if (result.standings.every((st) => st.outcome == null)) return result.ending;
  const text = result.standings.map((st) => (st.score == null ? st.outcome : `${st.outcome} ${st.score}`)).join(' / ');
  return result.ending && result.ending !== 'completed' ? `${text} (${result.ending})` : text;
}

// ---- form pieces shared by the pages --------------------------------------------------------------

export const NAME_PATTERN = '[A-Za-z0-9_.\\-]{1,40}';

/** The name last typed in this browser (localStorage). */
export function rememberedName() {
  return localStorage.getItem('cardtable.name') || '';
}

/** Remembers `name` as the one to offer next time. */
export function remember(name) {
  localStorage.setItem('cardtable.name', name);
}

/** A labelled form field: `label` above `input`. */
export function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

/** A name field, filled with `initial` (the registered player's name or the last one typed). */
export function nameInput(id, initial) {
  return h('input', { id, name: 'name', required: true, pattern: NAME_PATTERN, value: initial ?? rememberedName(), autocomplete: 'nickname', title: '1 to 40 letters, digits, _ - .' });
}

/** A time in the reader's locale, or '' for none. */
export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '';
}

/** The time controls offered at creation (docs/api.md, "Clocks"), `value` → the `clock` sent. */
export const CLOCKS = {
  '': { label: 'no clock', clock: undefined },
  'fischer-1-0': { label: '1 minute each', clock: { type: 'fischer', initial: 'PT1M', increment: 'PT0S' } },
  'fischer-3-2': { label: '3 minutes each + 2 s a move', clock: { type: 'fischer', initial: 'PT3M', increment: 'PT2S' } },
  'fischer-10-5': { label: '10 minutes each + 5 s a move', clock: { type: 'fischer', initial: 'PT10M', increment: 'PT5S' } },
  'corr-1d': { label: 'a day per move', clock: { type: 'correspondence', perMove: 'PT24H' } },
  'corr-3d': { label: 'three days per move', clock: { type: 'correspondence', perMove: 'P3D' } },
};

/** The clock choice of a creation form. */
export function clockSelect(id) {
  return h('select', { id, name: 'clock' }, Object.entries(CLOCKS).map(([v, c]) => h('option', { value: v }, c.label)));
}

/** A clock's settings in words: "3 min + 2 s", "24 h per move". */
export function clockText(clock) {
  if (!clock) return 'no clock';
  const d = (iso) => isoText(iso);
  if (clock.type === 'correspondence') return `${d(clock.perMove)} per move`;
  return clock.increment && clock.increment !== 'PT0S' ? `${d(clock.initial)} + ${d(clock.increment)}` : `${d(clock.initial)} each`;
}

function isoText(iso) {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso || '');
  if (!m) return iso || '';
  const parts = [];
  if (m[1]) parts.push(`${m[1]} d`);
  if (m[2]) parts.push(`${m[2]} h`);
  if (m[3]) parts.push(`${m[3]} min`);
  if (m[4] && m[4] !== '0') parts.push(`${m[4]} s`);
  return parts.join(' ') || '0 s';
}

/** Milliseconds as "1:05", "0:07" or "2 d 3 h". */
export function remaining(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
