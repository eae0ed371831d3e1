// Signs a player in by OAuth 2.0 — authorization code with PKCE, through oauth4webapi — asking only
// `game:play`, plays a Scoundrel game through with the token it gets, shows that a challenge (which
// needs `challenge:write`) is refused with `403 scope-missing`, revokes the token and shows that it
// no longer works. Prints a JSON summary as its last line.
//
//   CARDTABLE_NAME=alice CARDTABLE_PASSWORD=… npm run oauth -- http://localhost:8080
//
// A front end of its own sends its player's browser to the consent page (the metadata's
// authorization_endpoint), where the player signs in and says yes; the browser then comes back to
// the front end's redirect_uri with a code. A program has no browser, so here it does what the
// consent page would, as a test harness does: it signs in with the name and password
// (POST /api/sessions, a session cookie) and answers the consent page's request itself
// (POST /api/oauth/authorize with that cookie, from the server's own origin). Everything else is
// what any OAuth client does: discovery (RFC 8414), PKCE (S256), state, the code's exchange at the
// token endpoint, revocation.

import * as oauth from "oauth4webapi";
import { connect, must, type Problem, type ScoundrelGame } from "./client.js";
import { chooseScoundrelMove } from "./scoundrel.js";

const baseUrl = process.argv[2] ?? "http://localhost:8080";
const name = process.env.CARDTABLE_NAME ?? "";
const password = process.env.CARDTABLE_PASSWORD ?? "";
if (!name || !password) throw new Error("set CARDTABLE_NAME and CARDTABLE_PASSWORD to a registered player's name and password");

const issuer = new URL(baseUrl);
const origin = issuer.origin;
// oauth4webapi speaks to HTTPS servers only, unless told otherwise: a server on this machine for
// development or tests is plain HTTP.
const insecure = issuer.protocol === "http:";
const http = { [oauth.allowInsecureRequests]: insecure };

// The client is known by a URL of its own (no registration): its redirect_uri is on the same origin.
const client: oauth.Client = { client_id: "http://127.0.0.1:8787/typescript-example" };
const redirectUri = "http://127.0.0.1:8787/typescript-example/callback";
const scope = "game:play";

/** The authorization server's metadata, from /.well-known/oauth-authorization-server. */
async function discover(): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...http });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** The session cookie of a password sign-in (`name=value`), as a browser would keep it. */
async function signIn(): Promise<string> {
  const answer = await connect(baseUrl).POST("/api/sessions", { body: { name, password }, headers: { Origin: origin } });
  must(answer, "sign in");
  const cookies = answer.response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter((c) => c.includes("="));
  if (cookies.length === 0) throw new Error("sign in: no session cookie");
  return cookies.join("; ");
}

/** What the consent page does when its player clicks "Authorize": the redirect it answers. */
async function consent(authorizationUrl: URL, cookie: string): Promise<URL> {
  const response = await fetch(new URL("/api/oauth/authorize", baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie, Origin: origin },
    body: JSON.stringify({ query: authorizationUrl.search.slice(1), approve: true }),
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== "object" || body === null || !("redirectTo" in body) || typeof body.redirectTo !== "string") {
    throw new Error(`authorize: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return new URL(body.redirectTo);
}

/** A Scoundrel game of the token's player, played greedily to the end with the token alone. */
async function playScoundrel(accessToken: string) {
  const player = connect(baseUrl, accessToken);
  const created = must(await player.POST("/api/games", {
    body: { type: "scoundrel", seed: "typescript-oauth", seats: [{ name }] },
  }), "create a Scoundrel game with the token");
  if (created.type !== "scoundrel") throw new Error(`asked for Scoundrel, got ${created.type}`);
  let game: ScoundrelGame = created;
  let moves = 0;
  while (game.status === "active") {
    const move = chooseScoundrelMove(game);
    if (!move) throw new Error(`game ${game.id} is active but offers no legal move`);
    const next = must(await player.POST("/api/games/{id}/moves", { params: { path: { id: game.id } }, body: move }), "a move with the token");
    if (next.type !== "scoundrel") throw new Error(`game ${game.id} changed type`);
    game = next;
    if (++moves > 100) throw new Error("a Scoundrel game ends within 100 moves");
  }
  const standing = game.result?.standings[0];
  return { id: game.id, status: game.status, moves, verified: game.seats[0]?.verified ?? false,
    outcome: standing?.outcome ?? null, score: standing?.score ?? null };
}

/** A refused request's status and problem: `code`, and the `scope` a token lacked. */
function refusal(answer: { error?: unknown; response: Response }) {
  const problem = answer.error as (Partial<Problem> & { scope?: unknown }) | undefined;
  return { status: answer.response.status, code: problem?.code ?? null, scope: typeof problem?.scope === "string" ? problem.scope : null };
}

const as = await discover();
const codeVerifier = oauth.generateRandomCodeVerifier();
const state = oauth.generateRandomState();
if (!as.authorization_endpoint) throw new Error("the metadata names no authorization_endpoint");
const authorizationUrl = new URL(as.authorization_endpoint);
authorizationUrl.search = new URLSearchParams({
  response_type: "code",
  client_id: client.client_id,
  redirect_uri: redirectUri,
  scope,
  state,
  code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
  code_challenge_method: "S256",
}).toString().replace(/\+/g, "%20");
console.error(`a browser would open ${authorizationUrl.href}`);

const cookie = await signIn();
const callback = await consent(authorizationUrl, cookie);
if (callback.origin + callback.pathname !== redirectUri) throw new Error(`sent back to ${callback.href}, not ${redirectUri}`);
const params = oauth.validateAuthResponse(as, client, callback, state);
const tokenResponse = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, codeVerifier, http);
const token = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
console.error(`token for ${token.scope ?? scope}, expires in ${token.expires_in ?? "?"} s`);

const scoundrel = await playScoundrel(token.access_token);
console.error(`scoundrel ${scoundrel.id}: ${scoundrel.status} after ${scoundrel.moves} moves, ${scoundrel.outcome} ${scoundrel.score}`);

const challenge = refusal(await connect(baseUrl, token.access_token).POST("/api/challenges", {
  body: { player: name, type: "dazzle" },
}));
console.error(`a challenge with a game:play token: HTTP ${challenge.status} ${challenge.code} (needs ${challenge.scope})`);

const revoked = await oauth.revocationRequest(as, client, oauth.None(), token.access_token, http);
await oauth.processRevocationResponse(revoked);
const afterRevocation = refusal(await connect(baseUrl, token.access_token).POST("/api/games", {
  body: { type: "scoundrel", seed: "typescript-oauth-revoked", seats: [{ name }] },
}));

console.log(JSON.stringify({
  token: { type: token.token_type, scope: token.scope ?? null, prefix: token.access_token.slice(0, 4), expiresIn: token.expires_in ?? null },
  scoundrel,
  challenge,
  afterRevocation,
}));
