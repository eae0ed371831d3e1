// Cards drawn as SVG pictures: Scoundrel's French-suited cards and Dazzle's coloured cards, whose
// backs show their values. Each function returns an <svg> element (aria-hidden: the button or
// figure around it carries the words) plus a plain-language name for the card.

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function frame(className) {
  const svg = el('svg', { viewBox: '0 0 70 100', class: `card ${className}`, 'aria-hidden': 'true', focusable: 'false' });
  return svg;
}

// ---- Scoundrel ----------------------------------------------------------------------------------

const SUITS = {
  S: { symbol: '♠', name: 'spades', red: false, role: 'monster' },
  C: { symbol: '♣', name: 'clubs', red: false, role: 'monster' },
  D: { symbol: '♦', name: 'diamonds', red: true, role: 'weapon' },
  H: { symbol: '♥', name: 'hearts', red: true, role: 'potion' },
};
const RANK_NAMES = { A: 'ace', K: 'king', Q: 'queen', J: 'jack' };
const RANK_VALUES = { A: 14, K: 13, Q: 12, J: 11 };

/** `{rank, suit, value, role, red, label}` of a Scoundrel card code such as `"QS"` or `"10H"`. */
export function scoundrelCard(code) {
  const rank = code.slice(0, -1);
  const suit = SUITS[code.slice(-1)];
  const value = RANK_VALUES[rank] || Number(rank);
  const label = `${RANK_NAMES[rank] || rank} of ${suit.name} (${suit.role} ${value})`;
  return { rank, suit, value, role: suit.role, red: suit.red, label };
}

/** The picture of a Scoundrel card. */
export function scoundrelSvg(code) {
  const c = scoundrelCard(code);
  const svg = frame(`scoundrel ${c.red ? 'red' : 'black'} ${c.role}`);
  svg.append(
    el('rect', { x: 1, y: 1, width: 68, height: 98, rx: 6, class: 'face' }),
    el('text', { x: 6, y: 17, class: 'rank' }, c.rank),
    el('text', { x: 6, y: 30, class: 'pip' }, c.suit.symbol),
    el('text', { x: 35, y: 60, class: 'centre', 'text-anchor': 'middle' }, c.suit.symbol),
    el('text', { x: 35, y: 78, class: 'role', 'text-anchor': 'middle' }, `${c.role} ${c.value}`),
    el('text', { x: 64, y: 95, class: 'rank', 'text-anchor': 'end' }, c.rank),
  );
  return svg;
}

/** A face-down Scoundrel card (the dungeon), with `count` written on it. */
export function scoundrelBack(count) {
  const svg = frame('back');
  svg.append(
    el('rect', { x: 1, y: 1, width: 68, height: 98, rx: 6, class: 'back-face' }),
    el('rect', { x: 7, y: 7, width: 56, height: 86, rx: 4, class: 'back-pattern' }),
    el('text', { x: 35, y: 58, class: 'back-value', 'text-anchor': 'middle' }, String(count)),
  );
  return svg;
}

// ---- Dazzle -------------------------------------------------------------------------------------

export const COLOURS = {
  B: { name: 'blue' },
  G: { name: 'green' },
  R: { name: 'red' },
  Y: { name: 'yellow' },
};

/** `{colour, value, hidden, label}` of a Dazzle card code (`"B3"`, or `"?2"` for a card back). */
export function dazzleCard(code) {
  const colour = code[0] === '?' ? null : code[0];
  const value = Number(code.slice(1));
  const label = colour ? `${COLOURS[colour].name} ${value}` : `hidden card, value ${value}`;
  return { colour, value, hidden: !colour, label };
}

const PIPS = { 1: [[35, 50]], 2: [[35, 36], [35, 64]], 3: [[35, 28], [35, 50], [35, 72]] };

/** The picture of a Dazzle card: its colour and value, or its back showing only the value. */
export function dazzleSvg(code) {
  const c = dazzleCard(code);
  if (c.hidden) {
    const svg = frame('dazzle back');
    svg.append(
      el('rect', { x: 1, y: 1, width: 68, height: 98, rx: 6, class: 'back-face' }),
      el('rect', { x: 7, y: 7, width: 56, height: 86, rx: 4, class: 'back-pattern' }),
      el('circle', { cx: 35, cy: 50, r: 16, class: 'back-disc' }),
      el('text', { x: 35, y: 58, class: 'back-value', 'text-anchor': 'middle' }, String(c.value)),
    );
    return svg;
  }
  const svg = frame(`dazzle colour-${c.colour}`);
  svg.append(
    el('rect', { x: 1, y: 1, width: 68, height: 98, rx: 6, class: 'face' }),
    el('text', { x: 7, y: 19, class: 'rank' }, String(c.value)),
    el('text', { x: 63, y: 94, class: 'rank', 'text-anchor': 'end' }, String(c.value)),
    el('text', { x: 7, y: 94, class: 'colour-letter' }, c.colour),
  );
  for (const [x, y] of PIPS[c.value] || []) svg.append(el('circle', { cx: x, cy: y, r: 8, class: 'pip' }));
  return svg;
}
