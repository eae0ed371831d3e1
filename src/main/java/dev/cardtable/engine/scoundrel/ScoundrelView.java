package dev.cardtable.engine.scoundrel;

import java.util.List;

/**
 * What a viewer sees of a Scoundrel game: the {@code view} of {@code docs/api.md}, component for
 * component, so that it serialises to that shape as it is:
 *
 * <pre>{@code
 * {"health":13, "maxHealth":20, "room":["6S","9H","2C"],
 *  "weapon":{"card":"5D","slain":["QS","6C"]}, "dungeonCount":37, "discardCount":0,
 *  "canAvoid":false, "potionUsedThisTurn":false,
 *  "unseen":["2C","3C",…], "bottomRooms":[["KS","10S","4H","9C"]]}
 * }</pre>
 *
 * Everything but the order of the never-seen dungeon cards is open in Scoundrel, so every viewer
 * gets the same view: what a careful player knows. The dungeon is {@code unseen} (in some hidden
 * order) on top of {@code bottomRooms}.
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
 * @param unseen             the codes of the dungeon cards never seen, as a set: sorted in the
 *                           canonical order (suits C, D, H, S; ranks ascending), not in dungeon order
 * @param bottomRooms        the avoided rooms at the bottom of the dungeon, in the order they will
 *                           be drawn, each a list of codes in its order ({@code scoundrel.md},
 *                           "Avoid"); the first may be the rest of a room partly drawn again. Its
 *                           cards and {@code unseen} together make up {@code dungeonCount}
 */
public record ScoundrelView(
        int health,
        int maxHealth,
        List<String> room,
        Weapon weapon,
        int dungeonCount,
        int discardCount,
        boolean canAvoid,
        boolean potionUsedThisTurn,
        List<String> unseen,
        List<List<String>> bottomRooms) {

    public ScoundrelView {
        room = List.copyOf(room);
        unseen = List.copyOf(unseen);
        bottomRooms = bottomRooms.stream().map(List::copyOf).toList();
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
