// Plays a Scoundrel game and a Dazzle game against a computer opponent to the end, following the
// Dazzle game's event stream as its seat, and prints a JSON summary as its last line.
//
//   npm ci && npm run generate && npm run build && npm run play -- http://localhost:8080 [seed]

import { connect, must, tokenOf, type DazzleGame, type ScoundrelGame } from "./client.js";
import { chooseScoundrelMove } from "./scoundrel.js";
import { follow } from "./events.js";

const baseUrl = process.argv[2] ?? "http://localhost:8080";
const seed = process.argv[3] ?? "typescript-client";

/** Scoundrel, solo, played greedily until the game is over (won or lost). */
async function playScoundrel() {
  const created = must(await connect(baseUrl).POST("/api/games", {
    body: { type: "scoundrel", seed, seats: [{ name: "ts-scoundrel" }] },
  }), "create a Scoundrel game");
  if (created.type !== "scoundrel") throw new Error(`asked for Scoundrel, got ${created.type}`);
  const seat = connect(baseUrl, tokenOf(created, 0));
  let game: ScoundrelGame = created;
  let moves = 0;
  while (game.status === "active") {
    const move = chooseScoundrelMove(game);
    if (!move) throw new Error(`game ${game.id} is active but offers no legal move`);
    const next = must(await seat.POST("/api/games/{id}/moves", { params: { path: { id: game.id } }, body: move }), "a Scoundrel move");
    if (next.type !== "scoundrel") throw new Error(`game ${game.id} changed type`);
    game = next;
    if (++moves > 100) throw new Error("a Scoundrel game ends within 100 moves");
  }
  const standing = game.result?.standings[0];
  return { id: game.id, status: game.status, moves, moveCount: game.moveCount, outcome: standing?.outcome ?? null, score: standing?.score ?? null };
}

/**
 * Dazzle against the heuristic computer opponent, seat 0 always taking its first legal move;
 * seat 0's event stream is followed with a stream ticket while the game is played.
 */
async function playDazzle() {
  const spectator = connect(baseUrl);
  const created = must(await spectator.POST("/api/games", {
    body: { type: "dazzle", seed, seats: [{ name: "ts-dazzle" }, { ai: "heuristic" }] },
  }), "create a Dazzle game");
  if (created.type !== "dazzle") throw new Error(`asked for Dazzle, got ${created.type}`);
  const seat = connect(baseUrl, tokenOf(created, 0));
  const ticket = must(await seat.POST("/api/games/{id}/stream-tickets", { params: { path: { id: created.id } } }), "a stream ticket");
  const stop = new AbortController();
  // A ticket opens the stream without the seat token: a request carrying both is refused.
  const stream = follow(spectator, created.id, ticket.ticket, stop.signal);

  let game: DazzleGame = created;
  let moves = 0;
  while (game.status === "active") {
    if (!game.toAct.includes(0)) throw new Error(`game ${game.id}: the computer seat did not answer`);
    const move = game.legalMoves[0];
    if (!move) throw new Error(`game ${game.id} is seat 0's turn but offers no legal move`);
    const next = must(await seat.POST("/api/games/{id}/moves", { params: { path: { id: game.id } }, body: move }), "a Dazzle move");
    if (next.type !== "dazzle") throw new Error(`game ${game.id} changed type`);
    game = next;
    if (++moves > 40) throw new Error("seat 0 makes at most 18 presentations and 18 choices");
  }

  const deadline = setTimeout(() => stop.abort(), 30_000);
  const followed = await stream.finally(() => clearTimeout(deadline));
  const seqs = followed.moves.map((e) => e.entry.seq);
  // While the game runs, seat 0's events show the other hand's values only (docs/api.md, "Views").
  const hidden = followed.moves.every((e) => e.game.type !== "dazzle" || e.game.status !== "active"
    || e.game.view.seats[1]?.hand === null);
  const last = followed.moves.at(-1)?.game;
  return {
    game: { id: game.id, status: game.status, seatMoves: moves, moveCount: game.moveCount, standings: game.result?.standings ?? [] },
    events: {
      moveEvents: followed.moves.length,
      inOrder: seqs.every((s, i) => s === i + 1),
      ended: followed.ended,
      lastStatus: last?.status ?? null,
      opponentColoursHidden: hidden,
    },
  };
}

const scoundrel = await playScoundrel();
console.error(`scoundrel ${scoundrel.id}: ${scoundrel.status} after ${scoundrel.moves} moves, ${scoundrel.outcome} ${scoundrel.score}`);
const dazzle = await playDazzle();
console.error(`dazzle ${dazzle.game.id}: ${dazzle.game.status} after ${dazzle.game.moveCount} moves; ${dazzle.events.moveEvents} move events`);
console.log(JSON.stringify({ scoundrel, dazzle: dazzle.game, events: { game: dazzle.game.id, ...dazzle.events } }));
