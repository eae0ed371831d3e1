// A typed Card Table client: openapi-fetch over the types openapi-typescript generates from
// openapi.yaml (npm run generate). Every path, parameter, body and answer below is checked by tsc.

import createClient from "openapi-fetch";
import type { components, paths } from "./generated/api.js";

export type Schemas = components["schemas"];
export type Game = Schemas["Game"];
export type ScoundrelGame = Schemas["ScoundrelGame"];
export type DazzleGame = Schemas["DazzleGame"];
export type GameEvent = Schemas["GameEvent"];
export type MoveEvent = Schemas["MoveEvent"];
export type Problem = Schemas["Problem"];
export type Client = ReturnType<typeof createClient<paths>>;

/** A client of the server at `baseUrl` (e.g. "http://localhost:8080"); with a seat token, that seat's. */
export function connect(baseUrl: string, seatToken?: string): Client {
  // The document declares which operations take the seat token (the `seatToken` scheme), but
  // openapi-fetch applies no security scheme itself: a seat's client sends the token in the
  // Authorization header of its requests. A seat's event stream is opened with a stream ticket by
  // a client without it (a request with both is refused).
  const headers: Record<string, string> = seatToken ? { Authorization: `Bearer ${seatToken}` } : {};
  return createClient<paths>({ baseUrl, headers });
}

/** A request's answer: its data, or an Error naming the problem's code (docs/api.md, "Errors"). */
export function must<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) {
    const problem = answer.error as Partial<Problem> | undefined;
    throw new Error(`${what}: HTTP ${answer.response.status} ${problem?.code ?? ""} ${problem?.detail ?? ""}`.trim());
  }
  return answer.data;
}

/** The seat token the server hands out once, in `credentials`, for `seat`. */
export function tokenOf(game: Game, seat: number): string {
  const credential = game.credentials?.find((c) => c.seat === seat);
  if (!credential) throw new Error(`no credential for seat ${seat} of game ${game.id}`);
  return credential.token;
}
