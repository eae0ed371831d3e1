// Following a game's live events (docs/api.md, "Live events"): `text/event-stream` read with
// fetch and parsed by eventsource-parser, each event typed as the document describes it
// (GameEvent: `move` with a MoveEvent as data, `end` with a GameEnd, `error` with a Problem).

import type { EventSourceMessage } from "eventsource-parser";
import { EventSourceParserStream } from "eventsource-parser/stream";
import type { Client, GameEvent, MoveEvent, Schemas } from "./client.js";

/** What a followed stream delivered: the move events in order, and whether the `end` event came. */
export interface Followed {
  moves: MoveEvent[];
  ended: boolean;
}

/** A message of a game's stream as the GameEvent it is; an event the document does not name is an error. */
function gameEvent(message: EventSourceMessage): GameEvent {
  const { event, id, data } = message;
  switch (event) {
    case "move":
      if (id === undefined) throw new Error("a move event without its id");
      return { event, id, data };
    case "end":
    case "error":
      return { event, data };
    default:
      throw new Error(`a game's stream sent an event the document does not describe: ${event ?? "(unnamed)"}`);
  }
}

function isMoveEvent(value: unknown): value is MoveEvent {
  if (typeof value !== "object" || value === null) return false;
  const { entry, game } = value as { entry?: { seq?: unknown }; game?: { id?: unknown; type?: unknown } };
  return typeof entry?.seq === "number" && typeof game?.id === "string" && typeof game.type === "string";
}

/**
 * Opens game `id`'s event stream from its first move — a seat's stream with `ticket`
 * (POST /api/games/{id}/stream-tickets), the spectators' without — and reads it until the
 * `end` event (the game is over and every move was sent) or until `signal` aborts.
 */
export async function follow(client: Client, id: string, ticket: string | undefined, signal: AbortSignal): Promise<Followed> {
  const answer = await client.GET("/api/games/{id}/events", {
    params: { path: { id }, query: ticket ? { cursor: "0", ticket } : { cursor: "0" } },
    headers: { Accept: "text/event-stream" },
    parseAs: "stream",
    signal,
  });
  if (!answer.response.ok || !answer.data) {
    throw new Error(`events of ${id}: HTTP ${answer.response.status}`);
  }
  const followed: Followed = { moves: [], ended: false };
  const events = answer.data.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const event = gameEvent(value);
      if (event.event === "move") {
        const data: unknown = JSON.parse(event.data);
        if (!isMoveEvent(data)) throw new Error(`event ${event.id} of ${id} is not a move event`);
        followed.moves.push(data);
      } else if (event.event === "end") {
        const end = JSON.parse(event.data) as Schemas["GameEnd"];
        followed.ended = end.status === "finished";
        break;
      } else {
        const problem = JSON.parse(event.data) as Partial<Schemas["Problem"]>;
        throw new Error(`the stream of ${id} ended with a problem: ${problem.code ?? event.data}`);
      }
    }
  } catch (e) {
    if (!signal.aborted) throw e;
  } finally {
    // The server closes a finished game's stream only at its next heartbeat: stop reading now.
    await reader.cancel().catch(() => undefined);
  }
  return followed;
}
