package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Ending;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The full state of a Scoundrel game, the dungeon order included: it never leaves the server
 * (clients get a {@link ScoundrelView}). Immutable; {@link ScoundrelRules} makes every new state.
 *
 * <p>At every moment {@code dungeon + room + discard + slain + weapon} are the 44 cards, each once
 * ({@code scoundrel.md}, "End of the game").
 *
 * @param ruleset             {@code standard} or {@code simple}
 * @param weaponBinding       the binding rule; {@link WeaponBinding#NONE} exactly in {@code simple}
 * @param dungeon             the dungeon, top (next drawn) first
 * @param room                the room, in the order drawn (a carried-over card first)
 * @param discard             the discard pile, oldest first
 * @param health              current health; may be 0 or below once the game is lost (unclamped)
 * @param weapon              the equipped weapon, or {@code null}
 * @param slain               the monsters slain with {@code weapon}, in order; the last one binds
 *                            it. Empty when there is no weapon
 * @param previousRoomAvoided whether the room before this one was avoided, which forbids avoiding
 *                            this one ("A turn", "Avoid")
 * @param roomFaced           whether a card of this room has been faced
 * @param potionUsedThisTurn  whether a potion has been faced this turn; in {@code standard} a
 *                            further potion this turn has no effect
 * @param lastFaced           the card faced most recently, or {@code null} before the first: it
 *                            decides the won potion bonus ("Score")
 * @param knownBottom         how many cards at the bottom of the dungeon were put there by avoids
 *                            and so are known to the player, in order ("Avoid"); the cards above
 *                            them have never been seen. 0 in states stored before this component
 *                            existed, which only under-reports what the player knows
 * @param ending              how the run ended early (resigned, aborted, out of time,
 *                            abandoned), or {@code null} while it runs or once it is played out
 */
public record ScoundrelState(
        Ruleset ruleset,
        WeaponBinding weaponBinding,
        List<Card> dungeon,
        List<Card> room,
        List<Card> discard,
        int health,
        Card weapon,
        List<Card> slain,
        boolean previousRoomAvoided,
        boolean roomFaced,
        boolean potionUsedThisTurn,
        Card lastFaced,
        int knownBottom,
        Ending ending) {

    /** A state of a run that has not ended early. */
    public ScoundrelState(Ruleset ruleset, WeaponBinding weaponBinding, List<Card> dungeon, List<Card> room,
                          List<Card> discard, int health, Card weapon, List<Card> slain, boolean previousRoomAvoided,
                          boolean roomFaced, boolean potionUsedThisTurn, Card lastFaced, int knownBottom) {
        this(ruleset, weaponBinding, dungeon, room, discard, health, weapon, slain, previousRoomAvoided, roomFaced,
                potionUsedThisTurn, lastFaced, knownBottom, null);
    }

    /** The two rulesets of {@code scoundrel.md}. */
    public enum Ruleset {
        /** The designers' rules with the open points pinned (the default). */
        STANDARD("standard"),
        /** The terminal version's variant: no binding, no barehanded choice, every potion heals. */
        SIMPLE("simple");

        private final String id;

        Ruleset(String id) {
            this.id = id;
        }

        /** The name used in the API, e.g. {@code standard}. */
        public String id() {
            return id;
        }
    }

    /**
     * Which monsters a weapon that has already slain may still be used on ({@code scoundrel.md},
     * "Face a card", "Weapon binding").
     */
    public enum WeaponBinding {
        /** Monsters of value at most the last slain ({@code "lessOrEqual"}, the default). */
        LESS_OR_EQUAL("lessOrEqual"),
        /** Monsters of value strictly below the last slain ({@code "strictlyLess"}). */
        STRICTLY_LESS("strictlyLess"),
        /** Any monster: the {@code simple} ruleset has no binding. */
        NONE(null);

        private final String option;

        WeaponBinding(String option) {
            this.option = option;
        }

        /** The value of the {@code weaponBinding} option, or {@code null} for {@link #NONE}. */
        public String option() {
            return option;
        }

        /**
         * Whether a weapon whose last slain monster is {@code lastSlain} (or {@code null} for a
         * fresh weapon) may be used on {@code monster}.
         */
        public boolean allows(Card lastSlain, Card monster) {
            if (lastSlain == null) {
                return true;
            }
            return switch (this) {
                case LESS_OR_EQUAL -> monster.value() <= lastSlain.value();
                case STRICTLY_LESS -> monster.value() < lastSlain.value();
                case NONE -> true;
            };
        }

        /** The binding whose option value is {@code option}. */
        static WeaponBinding ofOption(String option) {
            for (WeaponBinding b : values()) {
                if (b.option != null && b.option.equals(option)) {
                    return b;
                }
            }
            throw new IllegalArgumentException("no weapon binding " + option);
        }
    }

    public ScoundrelState {
        Objects.requireNonNull(ruleset, "ruleset");
        Objects.requireNonNull(weaponBinding, "weaponBinding");
        if ((ruleset == Ruleset.SIMPLE) != (weaponBinding == WeaponBinding.NONE)) {
            throw new IllegalArgumentException("the simple ruleset, and only it, has no weapon binding");
        }
        dungeon = List.copyOf(dungeon);
        room = List.copyOf(room);
        discard = List.copyOf(discard);
        slain = List.copyOf(slain);
        if (weapon == null && !slain.isEmpty()) {
            throw new IllegalArgumentException("slain monsters without a weapon");
        }
        if (knownBottom < 0 || knownBottom > dungeon.size()) {
            throw new IllegalArgumentException("known bottom cards must be 0 to the dungeon's size: " + knownBottom);
        }
    }

    /** A state with no avoided cards in the dungeon ({@code knownBottom} 0). */
    public ScoundrelState(Ruleset ruleset, WeaponBinding weaponBinding, List<Card> dungeon, List<Card> room,
                          List<Card> discard, int health, Card weapon, List<Card> slain, boolean previousRoomAvoided,
                          boolean roomFaced, boolean potionUsedThisTurn, Card lastFaced) {
        this(ruleset, weaponBinding, dungeon, room, discard, health, weapon, slain, previousRoomAvoided, roomFaced,
                potionUsedThisTurn, lastFaced, 0);
    }

    /** The dungeon cards the player has never seen: all but the {@code knownBottom} ones. */
    public List<Card> unseen() {
        return dungeon.subList(0, dungeon.size() - knownBottom);
    }

    /**
     * The avoided rooms still at the bottom of the dungeon, top first, each in the order it will
     * be drawn. Every avoid puts a full room of 4 there, so the bottom splits into fours from the
     * end; the first may be the rest of a room already partly drawn again.
     */
    public List<List<Card>> bottomRooms() {
        List<List<Card>> rooms = new ArrayList<>();
        int end = dungeon.size();
        int start = end - knownBottom;
        int first = knownBottom % ScoundrelRules.ROOM_SIZE;
        if (first > 0) {
            rooms.add(dungeon.subList(start, start + first));
        }
        for (int at = start + first; at < end; at += ScoundrelRules.ROOM_SIZE) {
            rooms.add(dungeon.subList(at, at + ScoundrelRules.ROOM_SIZE));
        }
        return rooms;
    }

    /** This state, ended as {@code ending}. */
    public ScoundrelState withEnding(Ending ending) {
        return new ScoundrelState(ruleset, weaponBinding, dungeon, room, discard, health, weapon, slain,
                previousRoomAvoided, roomFaced, potionUsedThisTurn, lastFaced, knownBottom, ending);
    }

    /**
     * Whether a move has been played: an avoid marks the room, and every card faced leaves the
     * room for the weapon or the discard pile, neither of which ever empties again.
     */
    public boolean started() {
        return previousRoomAvoided || roomFaced || weapon != null || !discard.isEmpty();
    }

    /** The monster the weapon slew last, which binds it; {@code null} for no weapon or a fresh one. */
    public Card lastSlain() {
        return slain.isEmpty() ? null : slain.getLast();
    }
}
