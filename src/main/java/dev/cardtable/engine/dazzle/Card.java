package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.MalformedInput;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One Dazzle card: a colour and a value ({@code dazzle.md}, "Cards and notation"). Cards with the
 * same code are interchangeable, so a card is a value object and equal cards are the same card.
 *
 * @param colour the colour, {@code B}, {@code G}, {@code R} or {@code Y}
 * @param value  the value, 1 to 3
 */
public record Card(Colour colour, int value) implements Comparable<Card> {

    /** The four colours in canonical order. */
    public enum Colour {
        B, G, R, Y
    }

    /** The lowest and highest card value. */
    public static final int MIN_VALUE = 1, MAX_VALUE = 3;

    /** How many cards of each value one colour has, indexed by value (index 0 unused). */
    private static final int[] COPIES = {0, 4, 6, 2};

    private static final Card[] TYPES = new Card[12];

    static {
        for (Colour c : Colour.values()) {
            for (int v = MIN_VALUE; v <= MAX_VALUE; v++) {
                TYPES[c.ordinal() * 3 + v - 1] = new Card(c, v);
            }
        }
    }

    /** Orders cards canonically: by colour B, G, R, Y, then by value ascending. */
    public static final Comparator<Card> CANONICAL =
            Comparator.comparing(Card::colour).thenComparingInt(Card::value);

    public Card {
        if (colour == null) {
            throw new IllegalArgumentException("colour is required");
        }
        if (value < MIN_VALUE || value > MAX_VALUE) {
            throw new IllegalArgumentException("value must be 1 to 3: " + value);
        }
    }

    /** The card {@code colour}{@code value}. */
    public static Card of(Colour colour, int value) {
        return TYPES[colour.ordinal() * 3 + value - 1];
    }

    /**
     * The card with the given code, e.g. {@code "R3"}: an upper-case colour letter and a value
     * 1–3, nothing else (case-sensitive).
     *
     * @throws MalformedInput for anything else, including {@code null}
     */
    public static Card parse(String code) {
        if (code == null || code.length() != 2) {
            throw new MalformedInput("unknown card code " + quote(code)
                    + "; expected a colour B, G, R or Y followed by a value 1 to 3, e.g. R3");
        }
        int colour = "BGRY".indexOf(code.charAt(0));
        int value = code.charAt(1) - '0';
        if (colour < 0 || value < MIN_VALUE || value > MAX_VALUE) {
            throw new MalformedInput("unknown card code " + quote(code)
                    + "; expected a colour B, G, R or Y followed by a value 1 to 3, e.g. R3");
        }
        return TYPES[colour * 3 + value - 1];
    }

    /**
     * The 48 cards in canonical order ({@code dazzle.md}, "The deal", step 1): colours B, G, R, Y;
     * within a colour four 1s, six 2s, two 3s.
     */
    public static List<Card> canonicalDeck() {
        List<Card> deck = new ArrayList<>(48);
        for (Colour c : Colour.values()) {
            for (int v = MIN_VALUE; v <= MAX_VALUE; v++) {
                for (int i = 0; i < COPIES[v]; i++) {
                    deck.add(of(c, v));
                }
            }
        }
        return deck;
    }

    /** How many copies of each card of {@code value} the game has (4, 6 or 2). */
    public static int copies(int value) {
        return COPIES[value];
    }

    /** The card's code, colour then value, e.g. {@code "R3"}. */
    public String code() {
        return colour.name() + value;
    }

    /**
     * A dense index 0–11 of the card's code, {@code colour * 3 + value - 1}; the inverse of
     * {@link #ofIndex(int)}.
     */
    public int index() {
        return colour.ordinal() * 3 + value - 1;
    }

    /** The card whose {@link #index()} is {@code index}. */
    public static Card ofIndex(int index) {
        return TYPES[index];
    }

    @Override
    public int compareTo(Card other) {
        return CANONICAL.compare(this, other);
    }

    @Override
    public String toString() {
        return code();
    }

    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        // Echo at most a short prefix so that error bodies stay small.
        String shown = s.length() > 8 ? s.substring(0, 8) + "…" : s;
        return "'" + shown + "'";
    }
}
