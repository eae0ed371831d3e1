package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Ending;

import java.util.ArrayList;
import java.util.List;

/**
 * The full state of a Dazzle game, hidden colours included: it never leaves the server; clients
 * get a {@link DazzleView}. Immutable: {@link DazzleRules#apply} returns a new state.
 *
 * @param hands  each seat's hand, indexed by seat, in the order the cards were dealt and drawn
 *               (never shown in this order: views sort it)
 * @param decks  each seat's deck, indexed by seat, top first
 * @param removed the 12 cards removed from the game at the deal ({@code dazzle.md}, "The deal")
 * @param offer  the two presented cards awaiting a choice, in canonical order; empty otherwise
 * @param pots   the invested cards of each colour, indexed by {@link Card.Colour#ordinal()}, in
 *               the order they were invested
 * @param owned  each seat's ownership rows: {@code owned.get(seat).get(colour)}, in the order owned
 * @param round  the round, 1 to 9 (stays 9 once the game is over)
 * @param phase  what the mover does now
 * @param mover  the seat to act, 0 or 1; -1 once every card has been played
 * @param ending how the game ended early (resigned, aborted, out of time, abandoned), or
 *               {@code null}; the table stays as it stood
 */
public record DazzleState(List<List<Card>> hands, List<List<Card>> decks, List<Card> removed,
                          List<Card> offer, List<List<Card>> pots, List<List<List<Card>>> owned,
                          int round, Phase phase, int mover, Ending ending) {

    /** A state of a game that has not ended early. */
    public DazzleState(List<List<Card>> hands, List<List<Card>> decks, List<Card> removed, List<Card> offer,
                       List<List<Card>> pots, List<List<List<Card>>> owned, int round, Phase phase, int mover) {
        this(hands, decks, removed, offer, pots, owned, round, phase, mover, null);
    }

    /** What the seat to act does ({@code dazzle.md}, "Play"). */
    public enum Phase {
        /** Present two cards of the hand. */
        PRESENT,
        /** Own one of the two offered cards. */
        CHOOSE,
        /** Nothing: the game is over. */
        OVER
    }

    public DazzleState {
        hands = copy2(hands);
        decks = copy2(decks);
        removed = List.copyOf(removed);
        offer = List.copyOf(offer);
        pots = copy2(pots);
        owned = owned.stream().map(DazzleState::copy2).toList();
        if (hands.size() != 2 || decks.size() != 2 || pots.size() != 4 || owned.size() != 2
                || owned.get(0).size() != 4 || owned.get(1).size() != 4) {
            throw new IllegalArgumentException("a Dazzle state has 2 seats and 4 colours");
        }
        if (phase == null || (phase == Phase.OVER) != (mover == -1) || mover < -1 || mover > 1) {
            throw new IllegalArgumentException("inconsistent phase " + phase + " and mover " + mover);
        }
        if ((phase == Phase.CHOOSE) != (offer.size() == 2) || (offer.size() != 0 && offer.size() != 2)) {
            throw new IllegalArgumentException("an offer of two cards exists exactly in the choose phase");
        }
    }

    /**
     * Whether the game is over: every card has been played ({@code dazzle.md}, "Play"), or it
     * ended early.
     */
    public boolean over() {
        return phase == Phase.OVER || ending != null;
    }

    /** This state, ended as {@code ending}. */
    public DazzleState withEnding(Ending ending) {
        return new DazzleState(hands, decks, removed, offer, pots, owned, round, phase, mover, ending);
    }

    /**
     * Whether both seats have played a move: a card is owned. Every round's two moves are by
     * different seats (one presents, the other owns), so the first card owned is the second move.
     */
    public boolean bothSeatsMoved() {
        return owned.stream().flatMap(List::stream).anyMatch(row -> !row.isEmpty());
    }

    /** The worth of {@code colour}: the sum of its pot ({@code dazzle.md}, "Scoring"). */
    public int worth(Card.Colour colour) {
        return sum(pots.get(colour.ordinal()));
    }

    /** The claim of {@code seat} on {@code colour}: the sum of its owned cards there. */
    public int claim(int seat, Card.Colour colour) {
        return sum(owned.get(seat).get(colour.ordinal()));
    }

    static int sum(List<Card> cards) {
        int s = 0;
        for (Card c : cards) {
            s += c.value();
        }
        return s;
    }

    private static List<List<Card>> copy2(List<List<Card>> lists) {
        List<List<Card>> out = new ArrayList<>(lists.size());
        for (List<Card> l : lists) {
            out.add(List.copyOf(l));
        }
        return List.copyOf(out);
    }
}
