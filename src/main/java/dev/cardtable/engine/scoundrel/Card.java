package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.MalformedInput;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One of the 44 Scoundrel cards ({@code scoundrel.md}, "Cards and notation"): clubs and spades
 * 2–A are monsters, diamonds 2–10 weapons, hearts 2–10 potions.
 *
 * <p>Cards compare in the canonical order of {@code scoundrel.md}, "Setup": suits C, D, H, S, and
 * within a suit ranks ascending. Their JSON form is the {@link #code() code}, e.g. {@code "10H"}.
 *
 * @param suit  the suit
 * @param value the value: pips for number cards, J = 11, Q = 12, K = 13, A = 14
 */
public record Card(Suit suit, int value) implements Comparable<Card> {

    /** The four suits, in canonical order. */
    public enum Suit {
        /** {@code C}: monsters 2–A. */
        CLUBS('C', Kind.MONSTER, 14),
        /** {@code D}: weapons 2–10. */
        DIAMONDS('D', Kind.WEAPON, 10),
        /** {@code H}: potions 2–10. */
        HEARTS('H', Kind.POTION, 10),
        /** {@code S}: monsters 2–A. */
        SPADES('S', Kind.MONSTER, 14);

        private final char letter;
        private final Kind kind;
        private final int highest;

        Suit(char letter, Kind kind, int highest) {
            this.letter = letter;
            this.kind = kind;
            this.highest = highest;
        }

        /** The letter used in card codes: {@code C}, {@code D}, {@code H} or {@code S}. */
        public char letter() {
            return letter;
        }

        /** What every card of this suit is. */
        public Kind kind() {
            return kind;
        }
    }

    /** What a card does when it is faced ({@code scoundrel.md}, "A turn"). */
    public enum Kind {
        /** Clubs and spades: fought, with the weapon or barehanded. */
        MONSTER,
        /** Diamonds: equipped. */
        WEAPON,
        /** Hearts: heal. */
        POTION
    }

    /** The lowest value of any card. */
    public static final int LOWEST = 2;

    private static final List<Card> ALL;
    private static final Map<String, Card> BY_CODE;

    static {
        List<Card> all = new ArrayList<>(44);
        for (Suit s : Suit.values()) {
            for (int v = LOWEST; v <= s.highest; v++) {
                all.add(new Card(s, v));
            }
        }
        ALL = Collections.unmodifiableList(all);
        Map<String, Card> byCode = new LinkedHashMap<>();
        for (Card c : all) {
            byCode.put(c.code(), c);
        }
        BY_CODE = Collections.unmodifiableMap(byCode);
    }

    /**
     * The card of {@code suit} and {@code value}.
     *
     * @throws IllegalArgumentException when the suit and value are not one of the 44 cards (for
     *                                  example a red face card); use {@link #parse(String)} for
     *                                  input from outside
     */
    public Card {
        if (suit == null || value < LOWEST || value > suit.highest) {
            throw new IllegalArgumentException("not a Scoundrel card: " + suit + " " + value);
        }
    }

    /** All 44 cards in canonical order (C, D, H, S; ranks ascending): the order before shuffling. */
    public static List<Card> all() {
        return ALL;
    }

    /**
     * The card with {@code code}, exactly as written in {@code scoundrel.md} ("Cards and
     * notation"): rank {@code 2}…{@code 10}, {@code J}, {@code Q}, {@code K}, {@code A}, then suit
     * {@code C}, {@code D}, {@code H} or {@code S}; case-sensitive, no spaces.
     *
     * @throws MalformedInput for {@code null} or anything that is not one of the 44 codes
     */
    public static Card parse(String code) {
        Card c = code == null ? null : BY_CODE.get(code);
        if (c == null) {
            throw new MalformedInput("unknown card code " + quote(code)
                    + "; a Scoundrel card is a rank 2-10, J, Q, K, A and a suit C, D, H, S (for example 10H, AS),"
                    + " with no red face cards or red aces");
        }
        return c;
    }

    /**
     * Whether {@code code} is one of the 44 codes.
     */
    public static boolean isCode(String code) {
        return code != null && BY_CODE.containsKey(code);
    }

    /** The card code, e.g. {@code 10H}, {@code AS}. */
    public String code() {
        String rank = switch (value) {
            case 11 -> "J";
            case 12 -> "Q";
            case 13 -> "K";
            case 14 -> "A";
            default -> Integer.toString(value);
        };
        return rank + suit.letter;
    }

    /** Monster, weapon or potion, by suit. */
    public Kind kind() {
        return suit.kind;
    }

    /** True for clubs and spades. */
    public boolean monster() {
        return kind() == Kind.MONSTER;
    }

    /** True for diamonds. */
    public boolean weapon() {
        return kind() == Kind.WEAPON;
    }

    /** True for hearts. */
    public boolean potion() {
        return kind() == Kind.POTION;
    }

    @Override
    public int compareTo(Card other) {
        int bySuit = suit.compareTo(other.suit);
        return bySuit != 0 ? bySuit : Integer.compare(value, other.value);
    }

    /** The code, so that cards read naturally in messages and test output. */
    @Override
    public String toString() {
        return code();
    }

    /** Codes of {@code cards}, in order. */
    static List<String> codes(List<Card> cards) {
        return cards.stream().map(Card::code).toList();
    }

    /**
     * Quotes caller input for an error message, cut short so that a huge string is not echoed back.
     */
    static String quote(Object input) {
        if (input == null) {
            return "null";
        }
        String s = input.toString();
        return "'" + (s.length() > 24 ? s.substring(0, 24) + "…" : s) + "'";
    }
}
