package dev.cardtable.engine.scoundrel;

import java.util.List;

/**
 * What a viewer sees of a Scoundrel game: the {@code view} of {@code docs/api.md}, component for
 * component, so that it serialises to that shape as it is:
 *
 * <pre>{@code
 * {"health":13, "maxHealth":20, "room":["6S","9H","2C"],
 *  "weapon":{"card":"5D","slain":["QS","6C"]}, "dungeonCount":37, "discardCount":0,
 *  "canAvoid":false, "potionUsedThisTurn":false}
 * }</pre>
 *
 * Everything but the dungeon order is open in Scoundrel, so every viewer gets the same view, and
 * the dungeon shows only its size.
 *
 * @param health             current health; below 0 after a lost fight (unclamped)
 * @param maxHealth          the most health a potion can restore to: 20
 * @param room               the room's card codes, in the order drawn
 * @param weapon             the equipped weapon, or {@code null}
 * @param dungeonCount       cards left in the dungeon
 * @param discardCount       cards in the discard pile
 * @param canAvoid           whether {@code {"action":"avoid"}} is legal now
 * @param potionUsedThisTurn whether a potion has been faced this turn (in {@code standard}, another
 *                           one this turn would not heal)
 */
public record ScoundrelView(
        int health,
        int maxHealth,
        List<String> room,
        Weapon weapon,
        int dungeonCount,
        int discardCount,
        boolean canAvoid,
        boolean potionUsedThisTurn) {

    public ScoundrelView {
        room = List.copyOf(room);
    }

    /**
     * The equipped weapon.
     *
     * @param card  the weapon's code, e.g. {@code "7D"}
     * @param slain the codes of the monsters it has slain, in order; the last one binds it
     */
    public record Weapon(String card, List<String> slain) {
        public Weapon {
            slain = List.copyOf(slain);
        }
    }
}
