// The only module that speaks HTTP or knows the shape of the server's payloads (docs/api.md).
// Everything else in the client works on the plain objects this module returns, so a change of
// payload vocabulary is absorbed here. Readers accept both the current vocabulary (results with
// `standings`, `nextCursor` on the move log, timeline `entry`, `drawn` as a list per seat, events
// carrying `{entry, game}`) and the earlier one where telling them apart is trivial.

const BASE = '/api';

/** A failed request: `status`, the problem's `code` and `detail` when the server sent one. */
export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.code = problem ? problem.code : undefined;
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

const enc = encodeURIComponent;

// ---- seat tokens -------------------------------------------------------------------------------
// A seat's token is kept per game id in sessionStorage (this tab, survives reloads) and in
// localStorage (other tabs of this browser, after a restart).

const tokenKey = (gameId) => `cardtable.seat.${gameId}`;

/** The stored seat of `gameId` on this browser, `{seat, token}`, or null. */
export function storedSeat(gameId) {
  const raw = sessionStorage.getItem(tokenKey(gameId)) || localStorage.getItem(tokenKey(gameId));
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function storeCredentials(gameId, credentials) {
  if (!credentials || credentials.length === 0) return;
  const { seat, token } = credentials[0];
  const value = JSON.stringify({ seat, token });
  sessionStorage.setItem(tokenKey(gameId), value);
  localStorage.setItem(tokenKey(gameId), value);
}

/** The ids of the games this browser holds a seat in (localStorage). */
export function storedGameIds() {
  const prefix = tokenKey('');
  return Object.keys(localStorage).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

/** Forgets this browser's seat in `gameId`. */
export function forgetSeat(gameId) {
  sessionStorage.removeItem(tokenKey(gameId));
  localStorage.removeItem(tokenKey(gameId));
}

// ---- resources ---------------------------------------------------------------------------------

/** `GET /api/game-types`, normalised: `{type, seats, rulesets:[{name, isDefault, description, options}], aiLevels}`. */
export async function gameTypes() {
  const types = await request('GET', '/game-types');
  return types.map((t) => ({
    type: t.type,
    seats: t.seats,
    aiLevels: t.aiLevels || [],
    rulesets: (t.rulesets || []).map((r) => ({
      name: r.name,
      description: r.description || '',
      isDefault: Boolean(r.isDefault ?? r.default),
      options: (r.options || []).map((o) => ({
        name: o.name, values: o.values || [], defaultValue: o.defaultValue, description: o.description || '',
      })),
    })),
  }));
}

/**
 * Creates a game (`POST /api/games`) from `{type, ruleset?, seed?, options?, seats}` and keeps
 * the first credential this browser received. Returns the game.
 */
export async function createGame(body) {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== ''));
  const created = await request('POST', '/games', { body: clean });
  storeCredentials(created.id, created.credentials);
  return game(created);
}

/** Takes open seat `seat` of `gameId` as `name`; keeps the token. Returns the game as the new seat sees it. */
export async function takeSeat(gameId, seat, name) {
  const taken = await request('POST', `/games/${enc(gameId)}/seats/${seat}`, { body: { name } });
  const creds = taken.credentials || (taken.token ? [{ seat, token: taken.token }] : []);
  storeCredentials(gameId, creds);
  return loadGame(gameId);
}

/** The game as this browser's seat (or a spectator) sees it. */
export async function loadGame(gameId) {
  const mine = storedSeat(gameId);
  try {
    return game(await request('GET', `/games/${enc(gameId)}`, { token: mine && mine.token }));
  } catch (e) {
    if (e.status === 401 && mine) {
      forgetSeat(gameId);
      return loadGame(gameId);
    }
    throw e;
  }
}

/** Submits `move` for this browser's seat; returns the game after it (and any computer replies). */
export async function submitMove(gameId, move) {
  const mine = storedSeat(gameId);
  return game(await request('POST', `/games/${enc(gameId)}/moves`, { token: mine && mine.token, body: move }));
}

/** Every position of `gameId` from the deal on: `[{n, entry, toAct, view, result}]`. */
export async function timeline(gameId) {
  const mine = storedSeat(gameId);
  const t = await request('GET', `/games/${enc(gameId)}/timeline`, { token: mine && mine.token });
  return {
    id: t.id,
    type: t.type,
    items: t.items.map((i) => ({
      n: i.n,
      entry: entry(i.entry !== undefined ? i.entry : i.move),
      toAct: i.toAct || [],
      view: i.view,
      result: result(i.result),
    })),
  };
}

/** A page of the move log: `{items, next}` (`next` is the cursor of the following page or null). */
export async function moveLog(gameId, cursor) {
  const mine = storedSeat(gameId);
  const q = cursor ? `?cursor=${enc(cursor)}&after=${enc(cursor)}` : '';
  const page = await request('GET', `/games/${enc(gameId)}/moves${q}`, { token: mine && mine.token });
  const next = page.nextCursor !== undefined ? page.nextCursor : page.nextAfter;
  return { items: page.items.map(entry), next: next == null ? null : String(next) };
}

/** A page of history (`GET /api/games`): `{items, next}`; `filters` are the query's fields. */
export async function history(filters = {}, cursor) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/games?${q}`);
  return { items: page.items.map(summary), next: page.nextCursor || null };
}

/** `GET /api/players/{name}/stats`: `{player, types:[{type, played, won, lost, drawn, bestScore, meanScore}]}`. */
export async function playerStats(name) {
  return request('GET', `/players/${enc(name)}/stats`);
}

// ---- live events -------------------------------------------------------------------------------

/**
 * Follows `gameId` live. Opens the seat's stream with a stream ticket when this browser holds a
 * seat and the server issues tickets, else the spectators' stream. Calls `onGame(game)` with the
 * game after each move: the event's own game where the event carries one for this viewer, else
 * the game fetched afresh. Returns a function that stops following.
 */
export function follow(gameId, fromSeq, onGame) {
  let source = null;
  let stopped = false;
  let last = fromSeq || 0;
  let seatStream = false;

  async function ticket() {
    const mine = storedSeat(gameId);
    if (!mine) return null;
    try {
      const t = await request('POST', `/games/${enc(gameId)}/stream-tickets`, { token: mine.token });
      return t && t.ticket;
    } catch {
      return null; // no tickets here: follow the spectators' stream and fetch the seat's view
    }
  }

  async function open() {
    const t = await ticket();
    if (stopped) return;
    seatStream = Boolean(t) || !storedSeat(gameId);
    const q = new URLSearchParams({ cursor: String(last), after: String(last) });
    if (t) q.set('ticket', t);
    source = new EventSource(`${BASE}/games/${enc(gameId)}/events?${q}`);
    source.addEventListener('move', async (ev) => {
      const data = JSON.parse(ev.data);
      const seq = Number(ev.lastEventId || (data.entry ? data.entry.seq : data.seq));
      if (seq > last) last = seq;
      const g = data.game && seatStream ? game(data.game) : await loadGame(gameId);
      if (!stopped) onGame(g);
    });
    source.addEventListener('end', () => source.close());
    source.onerror = () => {
      // A closed stream (e.g. an expired ticket on reconnect) is reopened with a fresh ticket.
      if (source.readyState === EventSource.CLOSED && !stopped) setTimeout(open, 1000);
    };
  }

  open();
  return () => {
    stopped = true;
    if (source) source.close();
  };
}

// ---- payload shapes ----------------------------------------------------------------------------

/**
 * A game payload, normalised: the server's fields plus `moveCount` (moves applied), `result` as
 * `{standings:[{seat, outcome, score}], detail}` or null, and `seats` with `name`/`ai` always set.
 */
export function game(g) {
  return {
    ...g,
    moveCount: g.moveCount ?? g.version,
    toAct: Array.isArray(g.toAct) ? g.toAct : g.toAct == null ? [] : [g.toAct],
    seats: (g.seats || []).map(seat),
    legalMoves: g.legalMoves || [],
    result: result(g.result, g.seats),
    viewer: g.viewer ?? null,
  };
}

function seat(s) {
  return { seat: s.seat, kind: s.kind, name: s.name ?? null, ai: s.ai ?? null };
}

function summary(s) {
  return { ...s, seats: (s.seats || []).map(seat), result: result(s.result, s.seats) };
}

/** A result in the one shape of docs/api.md ("Results"), or null. */
export function result(r) {
  if (!r) return null;
  if (Array.isArray(r.standings)) return { standings: r.standings, detail: r.detail || {}, ending: r.ending };
  if (r.outcome !== undefined) return { standings: [{ seat: 0, outcome: r.outcome, score: r.score }], detail: {} };
  if (Array.isArray(r.scores)) {
    const standings = r.scores.map((score, seat) => ({
      seat,
      score,
      outcome: r.winner == null ? 'drawn' : r.winner === seat ? 'won' : 'lost',
    }));
    return { standings, detail: { colors: r.colors } };
  }
  return { standings: [], detail: r };
}

/** A log entry: `{seq, seat, move, at, drawn:[{seat, cards}]}` (cards as codes, `"?v"` when hidden), or null. */
export function entry(e) {
  if (!e) return null;
  return { seq: e.seq, seat: e.seat, move: e.move && e.move.move ? e.move.move : e.move, at: e.at, drawn: drawn(e) };
}

function drawn(e) {
  const d = e.drawn;
  if (!d) return [];
  if (Array.isArray(d)) {
    if (d.length && typeof d[0] === 'object') return d;
    return d.length ? [{ seat: e.seat, cards: d }] : [];
  }
  return Object.entries(d).map(([s, cards]) => ({
    seat: Number(s),
    cards: cards.map((c) => (typeof c === 'number' ? `?${c}` : c)),
  }));
}

/**
 * The cards of seat `i`'s Dazzle hand, in the view's hand order: codes where the viewer sees the
 * colours, `"?v"` card backs (value only) otherwise.
 */
export function dazzleHand(view, i) {
  const s = view.seats[i];
  if (s.hand) return s.hand;
  return (s.handValues || []).map((v) => `?${v}`);
}

/** The seats to act in a Dazzle view (an array in the current vocabulary, a number before). */
export function dazzleToAct(view) {
  return Array.isArray(view.toAct) ? view.toAct : view.toAct == null ? [] : [view.toAct];
}

/** The link a second person opens to take the open seat of `gameId`. */
export function shareLink(gameId) {
  return `${location.origin}${location.pathname}#/game/${gameId}`;
}
