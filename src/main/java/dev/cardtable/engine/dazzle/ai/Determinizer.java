package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.dazzle.Card;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;
import java.util.Map;

/**
 * Turns one seat's {@link DazzleView} into {@link Position}s that guess the hidden colours
 * ({@code dazzle.md}, "Computer opponents"). Values are public: the other hand's values are in the
 * view, and a deck of {@code n} cards holds the last {@code n} values of
 * {@link DazzleRules#DECK_VALUES}. For each value, the colours this seat has not seen (48 cards
 * minus its own hand and the table) are shuffled into that value's unseen slots: the other hand,
 * both decks and the removed cards. Every such guess is equally likely to be the truth as far as
 * the view tells.
 *
 * <p>A view that shows every card (a finished game, or an omniscient view in tests) has no unseen
 * slots: every sample is the exact position.
 */
final class Determinizer {

    /** The known part: own hand, the table, sizes, whose turn; unknown kinds are filled per sample. */
    final Position base = new Position();
    final int me;
    /** pool[v]: the unseen colours of value v, shuffled per sample. */
    private final int[][] pool = new int[4][];
    /** The other hand's unseen slots per value. */
    private final int[] otherHandSlots = new int[4];
    /** deckSlots[seat][v]: positions in base.deck[seat] that hold value v but an unseen colour. */
    private final int[][][] deckSlots = new int[2][4][];

    private Determinizer(int me) {
        this.me = me;
    }

    /**
     * Reads {@code view}, the view of the seat to act.
     *
     * @throws IllegalArgumentException when the view is a spectator's or is inconsistent
     */
    static Determinizer of(DazzleView view) {
        if (view.toAct().isEmpty()) {
            throw new IllegalArgumentException("the game is over");
        }
        int toAct = view.toAct().getFirst();
        int me = view.seat() != null ? view.seat() : toAct;
        Determinizer d = new Determinizer(me);
        Position p = d.base;
        p.round = view.round();
        p.step = switch (view.phase()) {
            case "present" -> toAct == 0 ? 0 : 2;
            case "choose" -> toAct == 1 ? 1 : 3;
            default -> throw new IllegalArgumentException("unknown phase " + view.phase());
        };
        // seen[kind]: cards of the kind this seat has seen outside the unseen slots.
        int[] seen = new int[Position.KINDS];
        if (view.offer() != null) {
            p.offerA = Card.parse(view.offer().get(0)).index();
            p.offerB = Card.parse(view.offer().get(1)).index();
            seen[p.offerA]++;
            seen[p.offerB]++;
        }
        for (Card.Colour c : Card.Colour.values()) {
            DazzleView.ColourView cv = view.colors().get(c.name());
            p.worth[c.ordinal()] = cv.worth();
            for (int s = 0; s < 2; s++) {
                p.claim[s][c.ordinal()] = cv.claims().get(s);
                cv.owned().get(s).forEach(code -> seen[Card.parse(code).index()]++);
            }
            cv.pot().forEach(code -> seen[Card.parse(code).index()]++);
        }
        int[] unseenSlots = new int[4];
        for (int s = 0; s < 2; s++) {
            DazzleView.SeatView sv = view.seats().get(s);
            p.handSize[s] = sv.handSize();
            if (sv.hand() != null) {
                for (String code : sv.hand()) {
                    int k = Card.parse(code).index();
                    p.hand[s][k]++;
                    seen[k]++;
                }
            } else if (s == me) {
                throw new IllegalArgumentException("the view must show the hand of the seat to think for");
            } else {
                for (int v : sv.handValues()) {
                    d.otherHandSlots[v]++;
                    unseenSlots[v]++;
                }
            }
            d.fillDeck(s, sv, seen, unseenSlots);
        }
        if (view.removedCards() != null) {
            view.removedCards().forEach(code -> seen[Card.parse(code).index()]++);
        } else {
            for (Map.Entry<String, Integer> e : view.removed().entrySet()) {
                unseenSlots[Integer.parseInt(e.getKey())] += e.getValue();
            }
        }
        for (int v = 1; v <= 3; v++) {
            int n = 0;
            int[] colours = new int[unseenSlots[v]];
            for (int c = 0; c < 4; c++) {
                int left = Card.copies(v) - seen[c * 3 + v - 1];
                for (int i = 0; i < left; i++) {
                    if (n == colours.length) {
                        throw new IllegalArgumentException("the view shows more cards of value " + v + " than exist");
                    }
                    colours[n++] = c;
                }
            }
            if (n != colours.length) {
                throw new IllegalArgumentException("the view's unseen cards of value " + v + " do not add up");
            }
            d.pool[v] = colours;
        }
        return d;
    }

    private void fillDeck(int s, DazzleView.SeatView sv, int[] seen, int[] unseenSlots) {
        Position p = base;
        if (sv.deckCards() != null) {
            List<String> cards = sv.deckCards();
            for (int i = 0; i < cards.size(); i++) {
                int k = Card.parse(cards.get(i)).index();
                p.deck[s][i] = k;
                seen[k]++;
            }
            p.deckLen[s] = cards.size();
            for (int v = 1; v <= 3; v++) {
                deckSlots[s][v] = new int[0];
            }
            return;
        }
        int n = sv.deckSize();
        List<Integer> all = DazzleRules.DECK_VALUES;
        int[] values = new int[n];
        int[] count = new int[4];
        for (int i = 0; i < n; i++) {
            values[i] = all.get(all.size() - n + i);
            count[values[i]]++;
        }
        boolean matches = true;
        for (int v = 1; v <= 3; v++) {
            matches &= sv.deck().get(Integer.toString(v)) == count[v];
        }
        if (!matches) {
            // Only a deal that breaks the deck structure gets here; keep the counts, highest first.
            int i = 0;
            for (int v = 3; v >= 1; v--) {
                for (int j = 0; j < sv.deck().get(Integer.toString(v)); j++) {
                    values[i++] = v;
                }
            }
            java.util.Arrays.fill(count, 0);
            for (int v : values) {
                count[v]++;
            }
        }
        p.deckLen[s] = n;
        for (int v = 1; v <= 3; v++) {
            int[] slots = new int[count[v]];
            int j = 0;
            for (int i = 0; i < n; i++) {
                if (values[i] == v) {
                    slots[j++] = i;
                    // A placeholder of the right value; the colour is chosen per sample.
                    p.deck[s][i] = v - 1;
                }
            }
            deckSlots[s][v] = slots;
            unseenSlots[v] += count[v];
        }
    }

    /** Writes into {@code out} the known position with every unseen slot filled by a fresh guess. */
    void sample(Rng rng, Position out) {
        out.copyFrom(base);
        int other = 1 - me;
        for (int v = 1; v <= 3; v++) {
            int[] colours = pool[v];
            if (colours.length == 0) {
                continue;
            }
            // Only as many positions as get used need to be drawn: the rest are the removed cards.
            int used = otherHandSlots[v] + deckSlots[0][v].length + deckSlots[1][v].length;
            for (int i = 0; i < used; i++) {
                int j = i + rng.below(colours.length - i);
                int t = colours[i];
                colours[i] = colours[j];
                colours[j] = t;
            }
            int i = 0;
            for (int h = 0; h < otherHandSlots[v]; h++) {
                out.hand[other][colours[i++] * 3 + v - 1]++;
            }
            for (int s = 0; s < 2; s++) {
                for (int slot : deckSlots[s][v]) {
                    out.deck[s][slot] = colours[i++] * 3 + v - 1;
                }
            }
        }
    }
}
