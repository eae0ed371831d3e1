package dev.cardtable.engine.dazzle;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one viewer may see of a Dazzle game ({@code dazzle.md}, "Who sees what"), built only by
 * {@link DazzleRules#view}. Every component is a string, number, boolean, list, map or
 * {@code null}, so the record serializes to JSON as it stands:
 * <pre>
 * {"seat":1, "round":3, "phase":"choose", "toAct":[1], "offer":["G2","R3"],
 *  "seats":[{"hand":null, "handValues":[3,2,2,1,1,1], "handSize":6,
 *            "deck":{"3":1,"2":3,"1":2}, "deckCards":null},
 *           {"hand":["Y3","G2",…,"B1"], "handValues":[3,2,…,1], "handSize":8,
 *            "deck":{"3":1,"2":3,"1":2}, "deckCards":null}],
 *  "removed":{"3":2,"2":6,"1":4}, "removedCards":null,
 *  "colors":{"B":{"pot":["B2"], "worth":2, "owned":[["B3"],[]], "claims":[3,0]}, "G":{…}, …},
 *  "revealed":false}
 * </pre>
 * Map keys keep a fixed order (values 3, 2, 1; colours B, G, R, Y) so that equal views serialize
 * to equal bytes.
 *
 * @param seat         the viewer's seat, or {@code null} for spectators and the omniscient viewer
 * @param round        the round, 1 to 9 (9 once the game is over)
 * @param phase        {@code "present"}, {@code "choose"}, or {@code "over"} once the game is over
 * @param toAct        the seat to act, as a one-element list; empty once the game is over
 * @param offer        the presented pair awaiting a choice, codes in canonical order, or {@code null}
 * @param seats        per seat, indexed by seat number
 * @param removed      the removed cards' value counts, keys {@code "3"}, {@code "2"}, {@code "1"}
 * @param removedCards the removed cards' codes in canonical order, or {@code null} until revealed
 * @param colors       per colour code B, G, R, Y: the pot, its worth, the owned rows and claims
 * @param revealed     whether every card is shown (the game is over, or the viewer is omniscient)
 */
public record DazzleView(Integer seat, int round, String phase, List<Integer> toAct, List<String> offer,
                         List<SeatView> seats, Map<String, Integer> removed,
                         List<String> removedCards, Map<String, ColourView> colors,
                         boolean revealed) {

    public DazzleView {
        toAct = List.copyOf(toAct);
        offer = offer == null ? null : List.copyOf(offer);
        seats = List.copyOf(seats);
        removed = ordered(removed);
        removedCards = removedCards == null ? null : List.copyOf(removedCards);
        colors = ordered(colors);
    }

    /**
     * One seat as the viewer sees it.
     *
     * @param hand       the hand's codes in {@link DazzleRules#HAND_ORDER} (highest value first,
     *                   then colour) when the viewer may see its colours (its owner, or everyone
     *                   once revealed); otherwise {@code null}
     * @param handValues the hand's values in the same order, so index i is the same card in both
     *                   (always shown: card backs show values)
     * @param handSize   the number of cards in the hand
     * @param deck       the deck's value counts, keys {@code "3"}, {@code "2"}, {@code "1"}; the
     *                   order of values in a deck is public (see {@link DazzleRules#DECK_VALUES})
     * @param deckCards  the deck's codes top first once revealed, else {@code null}
     */
    public record SeatView(List<String> hand, List<Integer> handValues, int handSize,
                           Map<String, Integer> deck, List<String> deckCards) {
        public SeatView {
            hand = hand == null ? null : List.copyOf(hand);
            handValues = List.copyOf(handValues);
            deck = ordered(deck);
            deckCards = deckCards == null ? null : List.copyOf(deckCards);
        }

        /** The number of cards left in the deck. */
        public int deckSize() {
            int n = 0;
            for (int c : deck.values()) {
                n += c;
            }
            return n;
        }
    }

    /**
     * One colour on the table (all public).
     *
     * @param pot    the invested cards' codes, in the order invested
     * @param worth  the pot's sum
     * @param owned  each seat's owned cards of this colour, in the order owned, indexed by seat
     * @param claims each seat's claim (sum of its owned cards), indexed by seat
     */
    public record ColourView(List<String> pot, int worth, List<List<String>> owned,
                             List<Integer> claims) {
        public ColourView {
            pot = List.copyOf(pot);
            owned = owned.stream().map(List::copyOf).toList();
            claims = List.copyOf(claims);
        }
    }

    private static <T> Map<String, T> ordered(Map<String, T> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
