package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.List;

/**
 * A search position: {@link ScoundrelState} cut down to what decides the rest of the game, with
 * cards as indexes into {@link Card#all()}. The dungeon is the slice {@code [head, tail)} of the
 * search's {@link Tape}: avoided rooms are appended at its end, drawn cards leave at its head.
 *
 * <p>Weapon and last slain monster are kept as values (0 for none, 0 for a fresh weapon): the
 * monsters a weapon slew matter for the rest of the game only through the last one. The
 * discard pile does not matter at all; the last card faced matters only once the game is over.
 */
final class Position {

    static final int MONSTER = 0;
    static final int WEAPON = 1;
    static final int POTION = 2;

    /** Kind of each card index: {@link #MONSTER}, {@link #WEAPON} or {@link #POTION}. */
    static final int[] KIND = new int[44];
    /** Value of each card index. */
    static final int[] VALUE = new int[44];
    static final long MONSTERS;
    static final long WEAPONS;
    static final long POTIONS;
    /** The monsters worth more than each weapon value 0 to 14: those that cost damage against it. */
    private static final long[] ABOVE = new long[15];
    /** Sum of the values of a byte of card bits: {@code SUM8[k][b]} for bits {@code 8k} to {@code 8k + 7}. */
    private static final int[][] SUM8 = new int[6][256];
    /** Card index by suit ordinal and value. */
    private static final int[][] INDEX = new int[Card.Suit.values().length][15];

    static {
        long m = 0;
        long w = 0;
        long p = 0;
        for (int i = 0; i < 44; i++) {
            Card c = Card.all().get(i);
            VALUE[i] = c.value();
            KIND[i] = switch (c.kind()) {
                case MONSTER -> MONSTER;
                case WEAPON -> WEAPON;
                case POTION -> POTION;
            };
            switch (KIND[i]) {
                case MONSTER -> m |= 1L << i;
                case WEAPON -> w |= 1L << i;
                default -> p |= 1L << i;
            }
        }
        MONSTERS = m;
        WEAPONS = w;
        POTIONS = p;
        for (int v = 0; v < ABOVE.length; v++) {
            for (int i = 0; i < 44; i++) {
                if (KIND[i] == MONSTER && VALUE[i] > v) {
                    ABOVE[v] |= 1L << i;
                }
            }
        }
        for (int k = 0; k < SUM8.length; k++) {
            for (int b = 0; b < 256; b++) {
                for (int j = 0; j < 8 && 8 * k + j < 44; j++) {
                    SUM8[k][b] += (b >>> j & 1) * VALUE[8 * k + j];
                }
            }
        }
        for (int i = 0; i < 44; i++) {
            Card c = Card.all().get(i);
            INDEX[c.suit().ordinal()][c.value()] = i;
        }
    }

    int head;
    int tail;
    final byte[] room = new byte[ScoundrelRules.ROOM_SIZE];
    int roomSize;
    int health;
    int weapon;
    int lastSlain;
    /**
     * The highest monster value the weapon may still be used on: 0 without a weapon, 14 for a
     * fresh one (or any weapon in {@code simple}), else the last slain monster's value (less one
     * under {@code strictlyLess}).
     */
    int reach;
    boolean previousRoomAvoided;
    boolean roomFaced;
    boolean potionUsed;
    int lastFaced = -1;
    /** The cards in the room or the dungeon, one bit per card index. */
    long remaining;

    /** Makes this position a copy of {@code other}; returns this. */
    Position copyFrom(Position other) {
        Position p = this;
        Position o = other;
        p.head = o.head;
        p.tail = o.tail;
        System.arraycopy(o.room, 0, p.room, 0, o.roomSize);
        p.roomSize = o.roomSize;
        p.health = o.health;
        p.weapon = o.weapon;
        p.lastSlain = o.lastSlain;
        p.reach = o.reach;
        p.previousRoomAvoided = o.previousRoomAvoided;
        p.roomFaced = o.roomFaced;
        p.potionUsed = o.potionUsed;
        p.lastFaced = o.lastFaced;
        p.remaining = o.remaining;
        return p;
    }

    /** The search position of {@code state}, whose dungeon is written onto {@code tape} from 0. */
    static Position of(ScoundrelState state, Tape tape) {
        return of(state, tape, state.weaponBinding());
    }

    private static Position of(ScoundrelState state, Tape tape, ScoundrelState.WeaponBinding binding) {
        Position p = new Position();
        List<Card> dungeon = state.dungeon();
        for (Card c : dungeon) {
            tape.write(p.tail++, index(c));
        }
        for (Card c : state.room()) {
            p.room[p.roomSize++] = (byte) index(c);
        }
        for (Card c : dungeon) {
            p.remaining |= 1L << index(c);
        }
        for (Card c : state.room()) {
            p.remaining |= 1L << index(c);
        }
        p.health = state.health();
        p.weapon = state.weapon() == null ? 0 : state.weapon().value();
        p.lastSlain = state.lastSlain() == null ? 0 : state.lastSlain().value();
        p.reach = reach(binding, p.weapon, p.lastSlain);
        p.previousRoomAvoided = state.previousRoomAvoided();
        p.roomFaced = state.roomFaced();
        p.potionUsed = state.potionUsedThisTurn();
        p.lastFaced = state.lastFaced() == null ? -1 : index(state.lastFaced());
        return p;
    }

    /** {@link #reach} of a weapon of value {@code weapon} (0 for none) that last slew {@code lastSlain}. */
    static int reach(ScoundrelState.WeaponBinding binding, int weapon, int lastSlain) {
        if (weapon == 0) {
            return 0;
        }
        if (lastSlain == 0 || binding == ScoundrelState.WeaponBinding.NONE) {
            return 14;
        }
        return binding == ScoundrelState.WeaponBinding.STRICTLY_LESS ? lastSlain - 1 : lastSlain;
    }

    /** The index of {@code card} in {@link Card#all()}. */
    static int index(Card card) {
        return INDEX[card.suit().ordinal()][card.value()];
    }

    boolean dungeonEmpty() {
        return head == tail;
    }

    /** Lost (health 0 or below) or won (dungeon and room empty). */
    boolean over() {
        return health <= 0 || (dungeonEmpty() && roomSize == 0);
    }

    /** The score of a finished game ({@code scoundrel.md}, "Score"). */
    int score() {
        if (health <= 0) {
            return health - sum(remaining & MONSTERS);
        }
        boolean bonus = health == ScoundrelRules.MAX_HEALTH && lastFaced >= 0 && KIND[lastFaced] == POTION;
        return bonus ? ScoundrelRules.MAX_HEALTH + VALUE[lastFaced] : health;
    }

    /**
     * An upper bound on every score reachable from here. Health can rise by at most the potions
     * left, and every monster left costs at least its value above the best weapon that can still
     * be held — whether it is fought (damage) or still unfaced at death (score). A won game
     * scores at most 20, or 20 plus a potion left when health can reach 20.
     */
    int upperBound() {
        return upperBound(rawBound());
    }

    /** {@link #upperBound()} from this position's {@link #rawBound()}, already computed. */
    int upperBound(int bound) {
        if (bound <= 0) {
            return bound;
        }
        if (bound >= ScoundrelRules.MAX_HEALTH && (remaining & POTIONS) != 0) {
            return ScoundrelRules.MAX_HEALTH + VALUE[63 - Long.numberOfLeadingZeros(remaining & POTIONS)];
        }
        return Math.min(ScoundrelRules.MAX_HEALTH, bound);
    }

    /**
     * Health plus the potions left minus the least the monsters left must cost (each at least
     * its value above the best weapon that may still be used on it): the bound of
     * {@link #upperBound()} before the caps of a won game's score. Also how promising a
     * position is, for move ordering.
     */
    int rawBound() {
        long weapons = remaining & WEAPONS;
        int next = weapons == 0 ? 0 : VALUE[63 - Long.numberOfLeadingZeros(weapons)];
        int bestWeapon = Math.max(weapon, next);
        int damage;
        if (weapon <= next || reach >= 14) {
            long costly = remaining & ABOVE[bestWeapon];
            damage = sum(costly) - bestWeapon * Long.bitCount(costly);
        } else {
            // The weapon held is the best, but binding keeps it off the monsters above its
            // reach: those cost at least their value above the best weapon still to come.
            long held = remaining & ABOVE[bestWeapon] & ~ABOVE[reach];
            long beyond = remaining & ABOVE[Math.max(reach, next)];
            damage = sum(held) - bestWeapon * Long.bitCount(held) + sum(beyond) - next * Long.bitCount(beyond);
        }
        return health + sum(remaining & POTIONS) - damage;
    }

    /** The monsters of value at most {@code value} (0 to 14), one bit per card index. */
    static long atMost(int value) {
        return MONSTERS & ~ABOVE[Math.max(0, value)];
    }

    /**
     * The highest value of the monsters in {@code monsters} (one bit per card index), or 0 for
     * none. Clubs are indexes 0–12 and spades 31–43, each ranked 2 to A.
     */
    static int highestValue(long monsters) {
        int values = (int) (monsters & 0x1FFF) | (int) (monsters >>> 31 & 0x1FFF);
        return values == 0 ? 0 : 33 - Integer.numberOfLeadingZeros(values);
    }

    /** The sum of the values of the cards in {@code cards}, one bit per card index. */
    static int sum(long cards) {
        int c = (int) cards;
        int d = (int) (cards >>> 32);
        return SUM8[0][c & 0xFF] + SUM8[1][c >>> 8 & 0xFF] + SUM8[2][c >>> 16 & 0xFF] + SUM8[3][c >>> 24]
                + SUM8[4][d & 0xFF] + SUM8[5][d >>> 8 & 0xFF];
    }
}
