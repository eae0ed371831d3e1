// The only module that speaks HTTP or knows the shape of the server's payloads (docs/api.md, the
// contract's "one vocabulary": results with per-seat `standings`, `toAct` arrays, `cursor` /
// `nextCursor` paging, Dazzle hands whose `hand` and `handValues` share one order, `drawn` as a
// list per seat, timeline items with their log `entry`, events carrying `{entry, game}`, stream
// tickets). Everything else in the client works on the plain objects this module returns, so a
// change of payload is absorbed here.

const BASE = '/api';

/** A failed request: `status`, the problem's `code` and `detail` when the server sent one. */
export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.code = problem ? problem.code : undefined;
    this.problem = problem || null;
  }
}

async function request(method, path, { token, body, playerKey, anonymous } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (playerKey) headers['X-Player-Key'] = playerKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    // The session cookie goes along (same origin) unless the request is for someone else's seat.
    credentials: anonymous ? 'omit' : 'same-origin',
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

/**
 * `GET /api/game-types`: `[{type, seats, rulesets:[{name, version, isDefault, description,
 * options:[{name, values, defaultValue, description}]}], aiLevels}]`.
 */
export async function gameTypes() {
  return request('GET', '/game-types');
}

// ---- the registered player ----------------------------------------------------------------------
// Signed in (docs/api.md, "Accounts and sessions"), the player is a session in an HttpOnly cookie
// that no script reads: the browser sends it, and nothing here keeps the key. Without a session, a
// registered name and its player key (docs/api.md, "Players and keys") may still be kept in
// localStorage, so that every game this browser starts or joins under that name seats the player
// verified; signing in forgets it.

const PLAYER_KEY = 'cardtable.player';

/** The signed-in account, `{name}`, as `GET /api/account` said at start or sign-in; null when signed out. */
let account = null;

// Only whether this browser signed in (the name, never a key or the session) is kept, so that a
// browser that never did asks nothing at start (and logs no 401).
const SIGNED_IN = 'cardtable.signedIn';

function signedInAs(name) {
  account = name ? { name } : null;
  if (name) localStorage.setItem(SIGNED_IN, name);
  else localStorage.removeItem(SIGNED_IN);
}

/** Asks the server who the session cookie signs in as, when this browser signed in; call once before the first page. */
export async function loadAccount() {
  if (!localStorage.getItem(SIGNED_IN)) return null;
  try {
    signedInAs((await request('GET', '/account')).name);
  } catch {
    signedInAs(null); // ended elsewhere, or expired
  }
  return account;
}

/** The signed-in account `{name}`, or null. */
export function signedIn() {
  return account;
}

/**
 * This browser's registered player: `{name, session: true}` when signed in (requests then carry
 * the cookie), else `{name, key}` when it holds the key, else null.
 */
export function player() {
  if (account) return { name: account.name, session: true };
  try {
    const p = JSON.parse(localStorage.getItem(PLAYER_KEY) || 'null');
    return p && p.name && p.key ? p : null;
  } catch {
    return null;
  }
}

/** Keeps `{name, key}` as this browser's player. */
export function keepPlayer(name, key) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ name, key }));
}

/** Forgets this browser's player key (the registration stays on the server). */
export function forgetPlayer() {
  localStorage.removeItem(PLAYER_KEY);
}

/** Whether `name` is this browser's registered player (names compare without case). */
function mine(name) {
  const p = player();
  return Boolean(p && name && p.name.toLowerCase() === String(name).toLowerCase());
}

/** The key to send when `name` is this browser's registered player (none when signed in: the cookie goes). */
function keyFor(name) {
  return mine(name) ? player().key : undefined;
}

/** `POST /api/sessions`: signs in with a password; the key kept here, if any, is forgotten. */
export async function signIn(name, password) {
  const r = await request('POST', '/sessions', { body: { name, password } });
  signedInAs(r.name);
  forgetPlayer();
  return r;
}

/** `GET /api/account`, always asked: the signed-in account `{name}`, or null when the cookie signs no one in (401). */
export async function whoIsSignedIn() {
  try {
    signedInAs((await request('GET', '/account')).name);
  } catch (e) {
    if (e.status !== 401) throw e;
    signedInAs(null);
  }
  return account;
}

/**
 * `POST /api/oauth/authorize` with the session cookie (docs/api.md, "The consent page"): the
 * consent page's query as it came, and the player's answer; `{redirectTo}` to send the browser to.
 */
export async function authorize(query, approve) {
  return request('POST', '/oauth/authorize', { body: { query, approve } });
}

/** `DELETE /api/sessions/current`: ends this browser's session and clears its cookie. */
export async function signOut() {
  await request('DELETE', '/sessions/current');
  signedInAs(null);
}

/** `POST /api/account/password` with the session or the kept key; `current` when one is set. */
export async function setPassword(password, current) {
  const p = player();
  const body = current ? { password, currentPassword: current } : { password };
  return request('POST', '/account/password', { body, playerKey: p && p.key });
}

/** `GET /api/sessions`: `{items:[{id, createdAt, expiresAt, userAgent, current}]}`. */
export async function sessions() {
  const p = player();
  return request('GET', '/sessions', { playerKey: p && p.key });
}

/** `DELETE /api/sessions/{id}`. */
export async function endSession(id) {
  const p = player();
  return request('DELETE', `/sessions/${enc(id)}`, { playerKey: p && p.key });
}

/** `DELETE /api/sessions`: every session of the player ends, this one too. */
export async function endAllSessions() {
  const p = player();
  await request('DELETE', '/sessions', { playerKey: p && p.key });
  if (account) signedInAs(null);
}

/** Whether this browser can make and use passkeys. */
export function passkeysSupported() {
  return Boolean(window.PublicKeyCredential && navigator.credentials
    && PublicKeyCredential.parseCreationOptionsFromJSON && PublicKeyCredential.parseRequestOptionsFromJSON);
}

/** Adds a passkey made by this browser's authenticator to the signed-in player (or the key holder). */
export async function addPasskey() {
  const p = player();
  const options = await request('POST', '/account/passkeys/challenge', { playerKey: p && p.key });
  const credential = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
  return request('POST', '/account/passkeys', { body: credential.toJSON(), playerKey: p && p.key });
}

/** `GET /api/account/passkeys`: `{items:[{id, createdAt}]}`. */
export async function passkeys() {
  const p = player();
  return request('GET', '/account/passkeys', { playerKey: p && p.key });
}

/** `DELETE /api/account/passkeys/{id}`. */
export async function removePasskey(id) {
  const p = player();
  return request('DELETE', `/account/passkeys/${enc(id)}`, { playerKey: p && p.key });
}

/** Signs in with a passkey the authenticator offers (the options name no account). */
export async function passkeySignIn() {
  const options = await request('POST', '/sessions/passkey/challenge');
  const assertion = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
  const r = await request('POST', '/sessions/passkey', { body: assertion.toJSON() });
  signedInAs(r.name);
  forgetPlayer();
  return r;
}


/** `POST /api/players`: registers `name`; keeps and returns `{name, key, createdAt}`. */
export async function register(name) {
  const created = await request('POST', '/players', { body: { name } });
  keepPlayer(created.name, created.key);
  return created;
}

/**
 * `POST /api/players/{name}/key` with the kept key or the session: a new key. Kept in place of the
 * old one when this browser keeps the key; signed in, it is only returned, to be shown once.
 */
export async function rotateKey() {
  const p = player();
  const renewed = await request('POST', `/players/${enc(p.name)}/key`, { playerKey: p.key });
  if (!p.session) keepPlayer(renewed.name, renewed.key);
  return renewed;
}

/**
 * Checks a pasted key: `GET /api/daily/standard` with it answers `401 player-key-invalid` for a
 * key that opens no registration. Keeps it when the server accepts it.
 */
export async function checkAndKeepKey(name, key) {
  await request('GET', '/daily/standard', { playerKey: key });
  keepPlayer(name, key);
}

/** `GET /api/players/{name}/streaks`: `{player, rulesets:[…]}` (registered names only). */
export async function streaks(name) {
  return request('GET', `/players/${enc(name)}/streaks`);
}

// ---- games ------------------------------------------------------------------------------------------

/**
 * Creates a game (`POST /api/games`) from `{type, ruleset?, seed?, options?, seats, clock?,
 * certified?}` and keeps the first credential this browser received. A seat under this browser's
 * registered name is seated verified (the player key goes along). Returns the game.
 */
export async function createGame(body) {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== '' && v !== null && v !== false));
  const human = (body.seats || []).find((s) => s.name && mine(s.name));
  const created = await request('POST', '/games', { body: clean, playerKey: human ? keyFor(human.name) : undefined,
    anonymous: !(human && mine(human.name)) });
  storeCredentials(created.id, created.credentials);
  return created;
}

/** Takes open seat `seat` of `gameId` as `name`; keeps the token. Returns the game as the new seat sees it. */
export async function takeSeat(gameId, seat, name) {
  const taken = await request('POST', `/games/${enc(gameId)}/seats/${seat}`, { body: { name }, playerKey: keyFor(name), anonymous: !mine(name) });
  storeCredentials(gameId, taken.credentials);
  return taken;
}

/**
 * How this browser opens its seat of `gameId`: the seat token it keeps, else its registered
 * player's key, which opens the seat that player holds verified in any game (docs/api.md, "One
 * credential per player"): a game started by a challenge or quick pairing needs no token.
 */
function seatAuth(gameId) {
  const mine = storedSeat(gameId);
  if (mine) return { token: mine.token };
  const p = player();
  return p ? { playerKey: p.key } : {};
}

/** `POST /api/games/{id}/cancel` with this browser's seat: a waiting game ends aborted. */
export async function cancelGame(gameId) {
  return request('POST', `/games/${enc(gameId)}/cancel`, seatAuth(gameId));
}

/**
 * `POST /api/games/{id}/rematch` with this browser's seat of the finished game: offers the rematch
 * (201) or accepts the one offered (200). Keeps the new seat's token; returns the rematch.
 */
export async function rematch(gameId) {
  const created = await request('POST', `/games/${enc(gameId)}/rematch`, seatAuth(gameId));
  storeCredentials(created.id, created.credentials);
  return created;
}

/** `GET /api/games/{id}/hint` for this browser's seat: `{move, reason, wins, samples}`. */
export async function hint(gameId) {
  return request('GET', `/games/${enc(gameId)}/hint`, seatAuth(gameId));
}

/**
 * `GET /api/games/{id}/analysis` (a finished Scoundrel game, no token): `{gameId, analysedAt,
 * positions:[{moves, played, winnable, bestScore, bestMove}], turningPoint}` where `turningPoint`
 * is null or `{move, kind, played, better, bestScoreBefore, bestScoreAfter}`, `kind` being
 * `lost-the-win` or `lowered-best-score`. A busy server answers `503 server-busy` with `retryAfter`.
 */
export async function analysis(gameId) {
  return request('GET', `/games/${enc(gameId)}/analysis`);
}

/** `GET /api/games/{id}/record`: the game's portable record (a JSON object). */
export async function record(gameId) {
  const mine = storedSeat(gameId);
  return request('GET', `/games/${enc(gameId)}/record`, { token: mine && mine.token });
}

/**
 * `POST /api/games/import` of a record (the parsed JSON of a record file): the new game, with
 * fresh seat tokens (kept) when the record was cut short.
 */
export async function importRecord(rec) {
  const created = await request('POST', '/games/import', { body: rec });
  storeCredentials(created.id, created.credentials);
  return created;
}

/**
 * The game as this browser's seat (or a spectator) sees it: `{id, type, ruleset, status,
 * version, moveCount, seats:[{seat, kind, name, ai, aiBudget}], toAct:[…], viewer, view,
 * legalMoves, result, …}` where `result` is null or `{standings:[{seat, outcome, score}],
 * ending, endedBy, detail}`. A stored token the server no longer knows is forgotten.
 */
export async function loadGame(gameId) {
  const mine = storedSeat(gameId);
  try {
    return await request('GET', `/games/${enc(gameId)}`, seatAuth(gameId));
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
  return request('POST', `/games/${enc(gameId)}/moves`, { ...seatAuth(gameId), body: move });
}

/**
 * Every position of `gameId` from the deal on, as this browser's seat (or a spectator) sees it:
 * `{id, type, items:[{n, entry, toAct, view, result}]}`, `entry` null for the deal.
 */
export async function timeline(gameId) {
  return request('GET', `/games/${enc(gameId)}/timeline`, seatAuth(gameId));
}

/**
 * A page of the move log after entry `cursor`: `{items, next}`, each item
 * `{seq, seat, move, at, drawn:[{seat, cards}]}` (cards as codes, `"?v"` where the colour is
 * hidden); `next` is the cursor of the following page, or null.
 */
export async function moveLog(gameId, cursor) {
  const q = cursor ? `?cursor=${enc(cursor)}` : '';
  const page = await request('GET', `/games/${enc(gameId)}/moves${q}`, seatAuth(gameId));
  return { items: page.items, next: page.nextCursor };
}

/** A page of history (`GET /api/games`): `{items, next}`; `filters` are the query's fields. */
export async function history(filters = {}, cursor) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/games?${q}`);
  return { items: page.items, next: page.nextCursor };
}

/** `GET /api/players/{name}/stats`: `{player, verified, types:[{type, played, won, lost, drawn, abandoned, bestScore, meanScore}]}`. */
export async function playerStats(name) {
  return request('GET', `/players/${enc(name)}/stats`);
}

// ---- lobby and daily deal -------------------------------------------------------------------------

/**
 * `GET /api/ratings`: the rating system's published parameters, `{system, initial:{rating,
 * deviation, volatility}, tau, period, deviationFloor, deviationCeiling, provisionalDeviation,
 * leaderboardInactiveAfter, levels:{name:{rating, deviation}}}` (docs/ratings.md).
 */
export async function ratingParameters() {
  return request('GET', '/ratings');
}

/**
 * `GET /api/players/{name}/ratings`: `{name, ratings:[{gameType, ruleset, rating, deviation,
 * volatility, games, provisional, lastPlayed, rank}]}`; null for a name nobody registered.
 */
export async function playerRatings(name) {
  try {
    return await request('GET', `/players/${enc(name)}/ratings`);
  } catch (e) {
    if (e.status === 404) return null;
    throw e;
  }
}

/**
 * A page of a player's rating history, newest first: `{items:[{gameId, at, rating, deviation,
 * volatility, diff}], next}`, each point the rating after its game and `diff` the game's change.
 */
export async function ratingHistory(name, gameType, ruleset, cursor, limit = 100) {
  const q = new URLSearchParams({ limit: String(limit) });
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/players/${enc(name)}/ratings/${enc(gameType)}/${enc(ruleset)}/history?${q}`);
  return { items: page.items, next: page.nextCursor };
}

/** A page of a perf's leaderboard: `{items:[{rank, name, rating, deviation, games, lastPlayed}], next}`. */
export async function leaderboard(gameType, ruleset, cursor) {
  const q = new URLSearchParams({ limit: '50' });
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/ratings/${enc(gameType)}/${enc(ruleset)}/leaderboard?${q}`);
  return { items: page.items, next: page.nextCursor };
}

/** A page of the lobby: `{items:[{id, type, ruleset, openSeats, waiting, since, clock, rated, ratings, ratingRange}], next}`. */
export async function lobby(type, cursor) {
  const q = new URLSearchParams();
  if (type) q.set('type', type);
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/lobby?${q}`);
  return { items: page.items, next: page.nextCursor };
}

/**
 * Follows the lobby live: `onEvent(kind, data)` for each `opened` (data: a lobby item), `filled`
 * and `cancelled` (data `{id}`). Returns a function that stops following.
 */
export function followLobby(onEvent) {
  const source = new EventSource(`${BASE}/lobby/events`);
  for (const kind of ['opened', 'filled', 'cancelled']) {
    source.addEventListener(kind, (ev) => onEvent(kind, JSON.parse(ev.data)));
  }
  return () => source.close();
}

/** `GET /api/daily/{ruleset}` (with the kept key, so that `attempt` names this player's game). */
export async function daily(ruleset) {
  const p = player();
  return request('GET', `/daily/${enc(ruleset)}`, { playerKey: p && p.key });
}

/** `POST /api/daily/{ruleset}/attempts` with the kept key: this player's game of today's deal. */
export async function dailyAttempt(ruleset) {
  const p = player();
  const created = await request('POST', `/daily/${enc(ruleset)}/attempts`, { playerKey: p && p.key });
  storeCredentials(created.id, created.credentials);
  return created;
}

/** The day's board: `{items:[{rank, player, gameId, score, moves, outcome, finishedAt}], next}`. */
export async function dailyBoard(ruleset, day) {
  const page = await request('GET', `/daily/${enc(ruleset)}/${enc(day)}/leaderboard?limit=100`);
  return { items: page.items, next: page.nextCursor };
}

/** Follows a day's board: `onFinished(entry)` for each attempt counted. Returns a stop function. */
export function followDailyBoard(ruleset, day, onFinished) {
  const source = new EventSource(`${BASE}/daily/${enc(ruleset)}/${enc(day)}/leaderboard/events`);
  source.addEventListener('finished', (ev) => onFinished(JSON.parse(ev.data)));
  return () => source.close();
}

/** The all-time table: `{items:[{rank, player, played, won, totalScore, bestScore}], next}`. */
export async function dailyTable(ruleset) {
  const page = await request('GET', `/daily/${enc(ruleset)}/leaderboard?limit=100`);
  return { items: page.items, next: page.nextCursor };
}

// ---- live events -------------------------------------------------------------------------------

/**
 * Follows `gameId` live from the entry after `fromSeq`. Opens this browser's seat's stream with
 * a stream ticket when it holds a seat, else the spectators' stream, and calls `onGame(game)`
 * with the game each event carries (as `GET /api/games/{id}` shows it to this viewer after that
 * move). A stream that closes (e.g. a reconnection with an expired ticket) is reopened with a
 * fresh ticket from the last entry seen. Returns a function that stops following.
 */
export function follow(gameId, fromSeq, onGame) {
  let source = null;
  let stopped = false;
  let last = fromSeq || 0;

  async function open() {
    const auth = seatAuth(gameId);
    const q = new URLSearchParams({ cursor: String(last) });
    if (auth.token || auth.playerKey) {
      try {
        const t = await request('POST', `/games/${enc(gameId)}/stream-tickets`, auth);
        q.set('ticket', t.ticket);
      } catch (e) {
        // A player key whose player holds no seat of the game watches as a spectator.
        if (!(e.status === 401 && auth.playerKey)) {
          if (!stopped) setTimeout(open, 2000);
          return;
        }
      }
    }
    if (stopped) return;
    source = new EventSource(`${BASE}/games/${enc(gameId)}/events?${q}`);
    source.addEventListener('move', (ev) => {
      const data = JSON.parse(ev.data);
      last = Math.max(last, data.entry.seq);
      if (!stopped) onGame(data.game);
    });
    source.addEventListener('end', () => source.close());
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && !stopped) setTimeout(open, 1000);
    };
  }

  open();
  return () => {
    stopped = true;
    if (source) source.close();
  };
}

// ---- challenges, quick pairing and the player's event stream (docs/api.md) ----------------------

function keyed() {
  const p = player();
  if (!p) throw new ApiError(401, { code: 'player-key-required', detail: 'Register a name (You) first.' });
  return p;
}

/** `POST /api/challenges` from this browser's player to `name`: `{rated, challengerSeat?}`. */
export async function challenge(name, { rated, challengerSeat } = {}) {
  const body = { player: name, type: 'dazzle', rated: !!rated };
  if (challengerSeat === 0 || challengerSeat === 1) body.challengerSeat = challengerSeat;
  return request('POST', '/challenges', { body, playerKey: keyed().key });
}

/** `GET /api/challenges/{id}` as this browser's player. */
export async function getChallenge(id) {
  return request('GET', `/challenges/${enc(id)}`, { playerKey: keyed().key });
}

/** Accepts challenge `id`: `{challenge, game}`; keeps the new seat's token. */
export async function acceptChallenge(id) {
  const accepted = await request('POST', `/challenges/${enc(id)}/accept`, { playerKey: keyed().key });
  storeCredentials(accepted.game.id, accepted.game.credentials);
  return accepted;
}

/** Declines challenge `id` with `reason` (default `generic`). */
export async function declineChallenge(id, reason) {
  return request('POST', `/challenges/${enc(id)}/decline`, { playerKey: keyed().key, body: reason ? { reason } : {} });
}

/** Cancels this browser's player's challenge `id`. */
export async function cancelChallenge(id) {
  return request('POST', `/challenges/${enc(id)}/cancel`, { playerKey: keyed().key });
}

/** `POST /api/seeks`: asks for any Dazzle opponent near this player's strength. */
export async function seek({ rated } = {}) {
  return request('POST', '/seeks', { body: { type: 'dazzle', rated: !!rated }, playerKey: keyed().key });
}

/** `GET /api/seeks/{id}` (which keeps the seek open while this page waits). */
export async function getSeek(id) {
  return request('GET', `/seeks/${enc(id)}`, { playerKey: keyed().key });
}

/** `DELETE /api/seeks/{id}`. */
export async function cancelSeek(id) {
  return request('DELETE', `/seeks/${enc(id)}`, { playerKey: keyed().key });
}

/**
 * Follows this browser's player's event stream (a ticket taken with the key, so the key never goes
 * into a URL): `onEvent(kind, data)` for `snapshot`, `challenge`, `challengeDeclined`,
 * `challengeCancelled`, `challengeExpired`, `gameStart`, `yourTurn`, `gameFinish`. A stream that
 * closes (a rotated key closes it too) is reopened with a fresh ticket taken with the key as stored
 * now (and a fresh snapshot). Returns a function that stops.
 */
export function followPlayer(onEvent) {
  let source = null;
  let stopped = false;
  async function open() {
    const p = player(); // read each time: a rotated key closes the stream, and the new one reopens it
    if (stopped || !p) return;
    let ticket;
    try {
      ticket = (await request('POST', `/players/${enc(p.name)}/events/tickets`, { playerKey: p.key })).ticket;
    } catch (e) {
      if (!stopped && e.status !== 401 && e.status !== 403 && e.status !== 404) setTimeout(open, 5000);
      return;
    }
    if (stopped) return;
    source = new EventSource(`${BASE}/players/${enc(p.name)}/events?ticket=${enc(ticket)}`);
    for (const kind of ['snapshot', 'challenge', 'challengeDeclined', 'challengeCancelled', 'challengeExpired', 'gameStart', 'yourTurn', 'gameFinish']) {
      source.addEventListener(kind, (ev) => { if (!stopped) onEvent(kind, JSON.parse(ev.data)); });
    }
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && !stopped) setTimeout(open, 2000);
    };
  }
  open();
  return () => {
    stopped = true;
    if (source) source.close();
  };
}

// ---- arenas (docs/tournaments.md) -----------------------------------------------------------------

/**
 * A page of the arenas of one `status` (`upcoming` soonest first, `running`, `finished` latest
 * first): `{items:[arena], next}`, each arena `{id, name, type, ruleset, clock, rated, minRating,
 * minRatedGames, startsAt, endsAt, pairingEndsAt, status, createdBy, createdAt, players, final}`.
 */
export async function arenas(status, cursor, limit = 20) {
  const q = new URLSearchParams({ status, limit: String(limit) });
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/arenas?${q}`);
  return { items: page.items, next: page.nextCursor };
}

/** `GET /api/arenas/{id}`: the arena; `404 arena-not-found`. */
export async function arena(id) {
  return request('GET', `/arenas/${enc(id)}`);
}

/**
 * `POST /api/arenas` as this browser's player: `{name, type, startsAt (null: now), minutes,
 * clock:{type:'fischer', initial, increment}, rated, minRating, minRatedGames}`; the arena made.
 */
export async function createArena(body) {
  return request('POST', '/arenas', { body, playerKey: keyed().key });
}

/** `POST /api/arenas/{id}/join` as this browser's player (also: come back after withdrawing). */
export async function joinArena(id) {
  return request('POST', `/arenas/${enc(id)}/join`, { playerKey: keyed().key });
}

/** `POST /api/arenas/{id}/withdraw` as this browser's player: leaves before the start, pauses while it runs. */
export async function withdrawArena(id) {
  return request('POST', `/arenas/${enc(id)}/withdraw`, { playerKey: keyed().key });
}

/**
 * A page of an arena's standings: `{items:[{rank, player, rating, points, games, wins, draws,
 * losses, streak, onStreak, performance, withdrawn, playing}], next}`.
 */
export async function arenaStandings(id, cursor, limit = 50) {
  const q = new URLSearchParams({ limit: String(limit) });
  if (cursor) q.set('cursor', cursor);
  const page = await request('GET', `/arenas/${enc(id)}/standings?${q}`);
  return { items: page.items, next: page.nextCursor };
}

/**
 * `GET /api/arenas/{id}/players/{name}`: the player's sheet, their standings entry and `results`
 * `[{gameId, opponent, result, points, endedAt}]` in the order they counted; null for a player
 * who has not joined.
 */
export async function arenaSheet(id, name) {
  try {
    return await request('GET', `/arenas/${enc(id)}/players/${enc(name)}`);
  } catch (e) {
    if (e.status === 404 && e.code !== 'arena-not-found') return null;
    throw e;
  }
}

/**
 * Follows an arena's event stream: `onEvent(kind, data)` for each `pairing` (`{gameId,
 * players}`), `result` (`{gameId, results:[{player, result, points}]}`), `standing` (an entry of
 * the standings) and `finished` (the arena). The browser resumes a dropped stream from the last
 * event's id. Returns a function that stops.
 */
export function followArena(id, onEvent) {
  const source = new EventSource(`${BASE}/arenas/${enc(id)}/events`);
  for (const kind of ['pairing', 'result', 'standing', 'finished']) {
    source.addEventListener(kind, (ev) => onEvent(kind, JSON.parse(ev.data)));
  }
  return () => source.close();
}

// The arena of each arena game this browser has seen announced (sessionStorage), so that the
// game's page links back to it and the next pairing opens by itself.
const arenaKey = (gameId) => `cardtable.arenaGame.${gameId}`;

/** Remembers that `gameId` is a game of arena `arenaId`. */
export function noteArenaGame(gameId, arenaId) {
  if (gameId && arenaId) sessionStorage.setItem(arenaKey(gameId), arenaId);
}

/** The arena `gameId` belongs to, as this tab saw it announced, or null. */
export function arenaOfGame(gameId) {
  return sessionStorage.getItem(arenaKey(gameId));
}

// ---- payload shapes ----------------------------------------------------------------------------

/**
 * The cards of seat `i`'s Dazzle hand, in the view's hand order: codes where the viewer sees the
 * colours, `"?v"` card backs (value only) otherwise.
 */
export function dazzleHand(view, i) {
  const s = view.seats[i];
  return s.hand || s.handValues.map((v) => `?${v}`);
}

/** The link a second person opens to take the open seat of `gameId`. */
export function shareLink(gameId) {
  return `${location.origin}${location.pathname}#/game/${gameId}`;
}
