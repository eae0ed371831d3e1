// A greedy Scoundrel player, shared by the programs that play (play.ts, oauth.ts).

import type { ScoundrelGame, Schemas } from "./client.js";

const RANKS: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };

/** A Scoundrel card's rank, 2 to 14 ("10D" → 10, "QS" → 12; docs/rules/scoundrel.md). */
function rank(card: string): number {
  const r = card.slice(0, -1);
  return RANKS[r] ?? Number(r);
}

/**
 * A greedy Scoundrel player: the legal move that costs the least health now — drink a potion,
 * equip a weapon, fight the monster that hurts least — avoiding the room only when every play
 * hurts more than a third of the health left.
 */
export function chooseScoundrelMove(game: ScoundrelGame): Schemas["ScoundrelMove"] | undefined {
  const v = game.view;
  const cost = (m: Schemas["ScoundrelMove"]): number => {
    if (m.action === "avoid" || !m.card) return v.health / 3;
    const suit = m.card.slice(-1);
    if (suit === "H") return v.potionUsedThisTurn ? 0 : -Math.min(rank(m.card), v.maxHealth - v.health);
    if (suit === "D") return 0;
    // A monster: with the weapon where the move does not say barehanded and a weapon may be used.
    const armed = !m.barehanded && v.weapon !== null && game.legalMoves.some((o) => o.card === m.card && o.barehanded);
    return armed && v.weapon ? Math.max(0, rank(m.card) - rank(v.weapon.card)) : rank(m.card);
  };
  return [...game.legalMoves].sort((a, b) => cost(a) - cost(b))[0];
}
