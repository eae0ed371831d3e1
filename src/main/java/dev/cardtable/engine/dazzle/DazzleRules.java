package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Drawn;
import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.MoveJson;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove.Own;
import dev.cardtable.engine.dazzle.DazzleMove.Present;
import dev.cardtable.engine.dazzle.DazzleState.Phase;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The rules of Dazzle as {@code dazzle.md} describes them: the value-fair deal, nine rounds of
 * present and own, scoring by strictly higher claims, and who sees what. Stateless and
 * thread-safe.
 */
public final class DazzleRules implements Rules<DazzleState, DazzleMove, DazzleView> {

    /** The actions of a Dazzle move ({@code dazzle.md}), besides the endings every game has. */
    private static final List<String> ACTIONS = List.of("present", "own");

    /** The game type name. */
    public static final String TYPE = "dazzle";

    /** The only ruleset. */
    public static final String STANDARD = "standard";

    /** The number of rounds ({@code dazzle.md}, "Play"). */
    public static final int ROUNDS = 9;

    /** Cards in a starting hand, and cards drawn at the end of a round. */
    public static final int HAND_SIZE = 8, DRAW = 2;

    /**
     * The values of one pile top first ({@code dazzle.md}, "The deal", step 3): every pile of every
     * valid deal has exactly these values in this order.
     */
    public static final List<Integer> PILE_VALUES = List.of(3, 2, 2, 2, 1, 1);

    /**
     * The values of a full 18-card deck, top first: three piles. Public knowledge, so a deck of
     * {@code n} cards holds the last {@code n} of these values, in this order.
     */
    public static final List<Integer> DECK_VALUES;

    static {
        List<Integer> d = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            d.addAll(PILE_VALUES);
        }
        DECK_VALUES = List.copyOf(d);
    }

    /**
     * The order of a hand in a view, its codes and values alike: highest value first, then colour
     * B, G, R, Y ({@code docs/api.md}, "Views").
     */
    public static final Comparator<Card> HAND_ORDER =
            Comparator.comparingInt(Card::value).reversed().thenComparing(Card::colour);

    /** The first character of a card whose colour the viewer may not see, followed by its value. */
    public static final String HIDDEN = "?";

    private static final int DECK_SIZE = 18, REMOVED_SIZE = 12;

    private static final GameInfo INFO = new GameInfo(TYPE, 2,
            List.of(new GameInfo.RulesetInfo(STANDARD, 1, true,
                    "Two players, nine rounds of present and own; value-fair deal with random colours",
                    List.of())),
            List.of());

    /**
     * Type {@code dazzle}, 2 seats, ruleset {@code standard} (version 1, the default, no options).
     * The rules know none of the computer opponents, so the AI levels are empty; they live in
     * {@code dev.cardtable.engine.dazzle.ai.DazzleOpponents}.
     */
    @Override
    public GameInfo info() {
        return INFO;
    }

    /** {@link DazzleState}: a record of lists of {@link Card} records, ints and an enum. */
    @Override
    public Class<DazzleState> stateType() {
        return DazzleState.class;
    }

    // ---------------------------------------------------------------- the deal

    /**
     * The state after the deal ({@code dazzle.md}, "The deal"): seat 0's deck is piles 0–2, seat
     * 1's piles 3–5, piles 6–7 are removed, and each seat draws 8 cards.
     *
     * @throws MalformedInput for another ruleset, any option, or a custom deal that is not a valid
     *                        deal (see {@link #parseDeal})
     */
    @Override
    public DazzleState deal(Setup setup) {
        if (!STANDARD.equals(setup.ruleset())) {
            throw new MalformedInput("unknown ruleset '" + setup.ruleset() + "' for dazzle; expected one of ["
                    + STANDARD + "]");
        }
        if (setup.options() != null && !setup.options().values().isEmpty()) {
            throw new MalformedInput("ruleset standard of dazzle takes no options");
        }
        List<List<Card>> decks;
        List<Card> removed;
        switch (setup.deal()) {
            case Deal.Seeded seeded -> {
                List<List<Card>> piles = piles(seeded.seed());
                decks = List.of(concat(piles.subList(0, 3)), concat(piles.subList(3, 6)));
                removed = concat(piles.subList(6, 8));
            }
            case Deal.Custom custom -> {
                List<List<Card>> piles = checkCustom(custom);
                decks = List.of(piles.get(0), piles.get(1));
                removed = piles.get(2);
            }
        }
        List<List<Card>> hands = new ArrayList<>();
        List<List<Card>> rest = new ArrayList<>();
        for (List<Card> deck : decks) {
            hands.add(deck.subList(0, HAND_SIZE));
            rest.add(deck.subList(HAND_SIZE, deck.size()));
        }
        List<List<Card>> empty4 = List.of(List.of(), List.of(), List.of(), List.of());
        return new DazzleState(hands, rest, removed, List.of(), empty4, List.of(empty4, empty4),
                1, Phase.PRESENT, 0);
    }

    /**
     * The 8 piles of a seeded deal, each top first ({@code dazzle.md}, "The deal", steps 1–3): the
     * canonical order shuffled with the seed, stably sorted by value highest first, and dealt
     * round-robin.
     */
    static List<List<Card>> piles(String seed) {
        List<Card> cards = Card.canonicalDeck();
        Rng.fromSeed(seed).shuffle(cards);
        // List.sort is a stable merge sort, as step 2 requires.
        cards.sort(Comparator.comparingInt(Card::value).reversed());
        List<List<Card>> piles = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            piles.add(new ArrayList<>());
        }
        for (int k = 0; k < cards.size(); k++) {
            piles.get(k % 8).add(cards.get(k));
        }
        return piles.stream().map(List::copyOf).toList();
    }

    /**
     * Reads a custom deal {@code {"decks":[[18 codes],[18 codes]],"removed":[12 codes]}}, decks
     * top first, into {@code Deal.Custom(piles = [deck0, deck1, removed])}. Only the shape and the
     * codes are checked here; {@link #deal} checks that it is a valid deal: exactly the 48 cards,
     * each deck's values {@link #DECK_VALUES} top first (so that the deal stays value-fair, as
     * {@code dazzle.md} "The deal" makes every seeded deal), and the removed cards the rest.
     *
     * @throws MalformedInput for another shape or an unknown card code
     */
    @Override
    public Deal.Custom parseDeal(Object json) {
        if (!(json instanceof Map<?, ?> map)) {
            throw new MalformedInput("a dazzle deal must be an object {\"decks\":[[18 codes],[18 codes]],\"removed\":[12 codes]}");
        }
        if (!map.keySet().equals(Set.of("decks", "removed"))) {
            throw new MalformedInput("a dazzle deal has exactly the keys \"decks\" and \"removed\"");
        }
        if (!(map.get("decks") instanceof List<?> decks) || decks.size() != 2) {
            throw new MalformedInput("\"decks\" must be a list of two decks");
        }
        List<List<String>> piles = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            piles.add(codes(decks.get(i), "decks[" + i + "]"));
        }
        piles.add(codes(map.get("removed"), "removed"));
        return new Deal.Custom(piles);
    }

    private static List<String> codes(Object json, String where) {
        if (!(json instanceof List<?> list)) {
            throw new MalformedInput(where + " must be a list of card codes");
        }
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String s)) {
                throw new MalformedInput(where + " must contain only card codes (strings)");
            }
            Card.parse(s);
            out.add(s);
        }
        return out;
    }

    private static List<List<Card>> checkCustom(Deal.Custom custom) {
        List<List<String>> piles = custom.piles();
        if (piles.size() != 3) {
            throw new MalformedInput("a dazzle deal has two decks and the removed cards");
        }
        List<List<Card>> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String where = i < 2 ? "decks[" + i + "]" : "removed";
            int size = i < 2 ? DECK_SIZE : REMOVED_SIZE;
            if (piles.get(i).size() != size) {
                throw new MalformedInput(where + " must have " + size + " cards, not " + piles.get(i).size());
            }
            List<Card> cards = piles.get(i).stream().map(Card::parse).toList();
            if (i < 2 && !cards.stream().map(Card::value).toList().equals(DECK_VALUES)) {
                throw new MalformedInput(where + " must have the values " + DECK_VALUES
                        + " top first, so that the deal is value-fair");
            }
            out.add(cards);
        }
        Map<Card, Integer> counts = new TreeMap<>();
        for (List<Card> pile : out) {
            for (Card c : pile) {
                counts.merge(c, 1, Integer::sum);
            }
        }
        for (Card c : Card.canonicalDeck()) {
            int n = counts.getOrDefault(c, 0);
            if (n != Card.copies(c.value())) {
                throw new MalformedInput("a dazzle deal must hold exactly the 48 cards: " + c + " appears "
                        + n + " times, not " + Card.copies(c.value()));
            }
        }
        return out;
    }

    private static List<Card> concat(List<List<Card>> piles) {
        List<Card> out = new ArrayList<>();
        piles.forEach(out::addAll);
        return List.copyOf(out);
    }

    // ---------------------------------------------------------------- play

    /** The seat to act, or none once the game is over. */
    @Override
    public List<Seat> toAct(DazzleState state) {
        return state.over() ? List.of() : List.of(Seat.of(state.mover()));
    }

    /**
     * The legal moves of {@code seat} in a deterministic order; empty when it may not act. In the
     * present phase: every distinct unordered pair of codes of the hand (a pair of equal codes
     * only when the hand holds two), sorted canonically by first then second card. In the choose
     * phase: owning each offered card, one move per distinct code.
     */
    @Override
    public List<DazzleMove> legalMoves(DazzleState state, Seat seat) {
        if (state.over() || seat.number() != state.mover()) {
            return List.of();
        }
        List<DazzleMove> moves = new ArrayList<>();
        if (state.phase() == Phase.PRESENT) {
            Map<Card, Integer> counts = counts(state.hands().get(state.mover()));
            List<Card> codes = new ArrayList<>(counts.keySet());
            for (int i = 0; i < codes.size(); i++) {
                Card a = codes.get(i);
                if (counts.get(a) >= 2) {
                    moves.add(new Present(a, a));
                }
                for (int j = i + 1; j < codes.size(); j++) {
                    moves.add(new Present(a, codes.get(j)));
                }
            }
        } else {
            Card a = state.offer().get(0), b = state.offer().get(1);
            moves.add(new Own(a));
            if (!a.equals(b)) {
                moves.add(new Own(b));
            }
        }
        return List.copyOf(moves);
    }

    /**
     * The state after {@code seat} plays {@code move} ({@code dazzle.md}, "Play"). Presenting takes
     * the two cards out of the hand into the offer; owning puts the chosen card on the chooser's
     * ownership row and invests the other in its colour's pot; after seat 0's choice both seats
     * draw 2 cards from their decks if not empty, and the next round begins.
     *
     * @throws IllegalMove "the game is over", "not your turn: …", "… must present …" / "… must own
     *                     …" for the wrong kind of move, "… is not in your hand", "… is not one of
     *                     the offered cards". Messages name only the mover's own or public cards.
     *                     An {@link DazzleMove.End} is checked by {@link Ending#of}: any seat may
     *                     resign, and abort until both seats have moved.
     */
    @Override
    public DazzleState apply(DazzleState state, Seat seat, DazzleMove move) {
        if (move instanceof DazzleMove.End end) {
            return state.withEnding(Ending.of(end.kind(), seat, 2, toAct(state), state.bothSeatsMoved()));
        }
        if (state.over()) {
            throw new IllegalMove("the game is over");
        }
        if (seat.number() != state.mover()) {
            throw new IllegalMove("not your turn: seat " + state.mover() + " is to "
                    + (state.phase() == Phase.PRESENT ? "present" : "choose"));
        }
        return switch (move) {
            case Present p -> present(state, p);
            case Own o -> own(state, o);
            case DazzleMove.End end -> throw new IllegalStateException("handled above");
        };
    }

    private static DazzleState present(DazzleState s, Present p) {
        if (s.phase() != Phase.PRESENT) {
            throw new IllegalMove("you must own one of the offered cards now, not present");
        }
        int me = s.mover();
        List<Card> hand = new ArrayList<>(s.hands().get(me));
        if (!hand.remove(p.a())) {
            throw new IllegalMove(p.a() + " is not in your hand");
        }
        if (!hand.remove(p.b())) {
            throw new IllegalMove(p.a().equals(p.b()) ? "your hand holds only one " + p.a()
                    : p.b() + " is not in your hand");
        }
        List<List<Card>> hands = replace(s.hands(), me, hand);
        return new DazzleState(hands, s.decks(), s.removed(), List.of(p.a(), p.b()), s.pots(),
                s.owned(), s.round(), Phase.CHOOSE, 1 - me);
    }

    private static DazzleState own(DazzleState s, Own o) {
        if (s.phase() != Phase.CHOOSE) {
            throw new IllegalMove("you must present two cards of your hand now, not own");
        }
        Card a = s.offer().get(0), b = s.offer().get(1);
        Card invested;
        if (o.card().equals(a)) {
            invested = b;
        } else if (o.card().equals(b)) {
            invested = a;
        } else {
            throw new IllegalMove(o.card() + " is not one of the offered cards (" + a + ", " + b + ")");
        }
        int me = s.mover();
        int oc = o.card().colour().ordinal(), ic = invested.colour().ordinal();
        List<List<Card>> myRows = replace(s.owned().get(me), oc, append(s.owned().get(me).get(oc), o.card()));
        List<List<List<Card>>> owned = replace(s.owned(), me, myRows);
        List<List<Card>> pots = replace(s.pots(), ic, append(s.pots().get(ic), invested));
        List<List<Card>> hands = s.hands(), decks = s.decks();
        int round = s.round();
        Phase phase = Phase.PRESENT;
        int next = me;
        // Seat 0 presents first, so seat 1's presentation ends with seat 0's choice: the round's end.
        if (me == 0) {
            List<List<Card>> h = new ArrayList<>(), d = new ArrayList<>();
            for (int seat = 0; seat < 2; seat++) {
                List<Card> deck = decks.get(seat);
                int n = Math.min(DRAW, deck.size());
                h.add(concat(List.of(hands.get(seat), deck.subList(0, n))));
                d.add(deck.subList(n, deck.size()));
            }
            hands = h;
            decks = d;
            if (round == ROUNDS) {
                phase = Phase.OVER;
                next = -1;
            } else {
                round++;
                next = 0;
            }
        }
        return new DazzleState(hands, decks, s.removed(), List.of(), pots, owned, round, phase, next);
    }

    private static List<Card> append(List<Card> list, Card c) {
        List<Card> out = new ArrayList<>(list);
        out.add(c);
        return out;
    }

    private static <T> List<T> replace(List<T> list, int i, T value) {
        List<T> out = new ArrayList<>(list);
        out.set(i, value);
        return out;
    }

    private static Map<Card, Integer> counts(Collection<Card> cards) {
        Map<Card, Integer> counts = new TreeMap<>();
        for (Card c : cards) {
            counts.merge(c, 1, Integer::sum);
        }
        return counts;
    }

    /** The result once the game is over ({@code dazzle.md}, "Scoring"), else empty. */
    @Override
    public Optional<DazzleResult> result(DazzleState state) {
        if (!state.over()) {
            return Optional.empty();
        }
        DazzleResult table = score(state);
        return Optional.of(state.ending() == null ? table : table.endedAs(state.ending()));
    }

    /** Scores the table of {@code state} as it stands, whether or not the game is over. */
    public static DazzleResult score(DazzleState state) {
        int[] worth = new int[4];
        int[][] claims = new int[2][4];
        for (Card.Colour c : Card.Colour.values()) {
            worth[c.ordinal()] = state.worth(c);
            for (int seat = 0; seat < 2; seat++) {
                claims[seat][c.ordinal()] = state.claim(seat, c);
            }
        }
        return DazzleResult.score(worth, claims);
    }

    // ---------------------------------------------------------------- views

    /**
     * What {@code viewer} may see ({@code dazzle.md}, "Who sees what"): a seat sees its own hand's
     * codes and only the values of the other hand; everyone sees deck and removed value counts and
     * the whole table. Once the game is over, or for {@link Viewer.Omniscient}, every card is shown.
     * A hand's codes and values share one order, {@link #HAND_ORDER} (highest value first, then
     * colour), so that index i is the same card in both; it depends on nothing the viewer may not
     * see, so nothing about hidden colours leaks through order.
     */
    @Override
    public DazzleView view(DazzleState state, Viewer viewer) {
        boolean all = state.over() || viewer instanceof Viewer.Omniscient;
        Integer viewerSeat = viewer instanceof Viewer.SeatViewer(Seat seat) ? seat.number() : null;
        List<DazzleView.SeatView> seats = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            List<Card> hand = state.hands().get(s);
            boolean sees = all || viewer.sitsAt(Seat.of(s));
            List<Card> ordered = hand.stream().sorted(HAND_ORDER).toList();
            List<String> handCodes = sees ? ordered.stream().map(Card::code).toList() : null;
            List<Integer> values = ordered.stream().map(Card::value).toList();
            List<Card> deck = state.decks().get(s);
            seats.add(new DazzleView.SeatView(handCodes, values, hand.size(), valueCounts(deck),
                    all ? deck.stream().map(Card::code).toList() : null));
        }
        Map<String, DazzleView.ColourView> colors = new LinkedHashMap<>();
        for (Card.Colour c : Card.Colour.values()) {
            List<Card> pot = state.pots().get(c.ordinal());
            List<List<String>> owned = new ArrayList<>();
            List<Integer> claims = new ArrayList<>();
            for (int s = 0; s < 2; s++) {
                owned.add(state.owned().get(s).get(c.ordinal()).stream().map(Card::code).toList());
                claims.add(state.claim(s, c));
            }
            colors.put(c.name(), new DazzleView.ColourView(pot.stream().map(Card::code).toList(),
                    state.worth(c), owned, claims));
        }
        return new DazzleView(viewerSeat, state.round(), state.phase().name().toLowerCase(java.util.Locale.ROOT),
                state.over() ? List.of() : List.of(state.mover()),
                state.offer().isEmpty() ? null : state.offer().stream().map(Card::code).toList(),
                seats, valueCounts(state.removed()),
                all ? state.removed().stream().sorted().map(Card::code).toList() : null,
                colors, all);
    }

    private static Map<String, Integer> valueCounts(List<Card> cards) {
        int[] n = new int[Card.MAX_VALUE + 1];
        for (Card c : cards) {
            n[c.value()]++;
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int v = Card.MAX_VALUE; v >= Card.MIN_VALUE; v--) {
            out.put(Integer.toString(v), n[v]);
        }
        return out;
    }

    /**
     * The cards drawn when the move ended a round with draws, per seat that drew, in hand order
     * (highest value first, then colour): the codes where the viewer sees that hand's colours, else
     * {@code "?"} and the value ({@code "?2"}), e.g. {@code [{"seat":0,"cards":["B2","R2"]},
     * {"seat":1,"cards":["?2","?1"]}]} for seat 0. Empty when nothing was drawn. Computed from the
     * views alone, so it cannot show more than they do.
     */
    @Override
    public List<Drawn> drawn(DazzleView before, DazzleView after, DazzleMove move) {
        List<Drawn> drawn = new ArrayList<>(2);
        for (int s = 0; s < 2; s++) {
            DazzleView.SeatView b = before.seats().get(s), a = after.seats().get(s);
            if (a.deckSize() >= b.deckSize()) {
                continue;
            }
            List<String> cards = new ArrayList<>();
            if (a.hand() != null && b.hand() != null) {
                cards.addAll(a.hand());
                for (String c : b.hand()) {
                    cards.remove(c);
                }
            } else {
                for (String v : b.deck().keySet()) {
                    for (int i = a.deck().get(v); i < b.deck().get(v); i++) {
                        cards.add(HIDDEN + v);
                    }
                }
            }
            drawn.add(new Drawn(s, cards));
        }
        return List.copyOf(drawn);
    }

    // ---------------------------------------------------------------- moves as JSON

    /**
     * Reads {@code {"action":"present","cards":["R3","G2"]}} or {@code {"action":"own","card":"R3"}}.
     *
     * @throws MalformedInput for an unknown action, missing or extra keys, a value of the wrong
     *                        type, an unknown card code, or not exactly two presented cards
     */
    @Override
    public DazzleMove parseMove(Map<String, ?> json) {
        String a = MoveJson.action(json, ACTIONS);
        Ending.Kind end = EndMove.parse(json);
        if (end != null) {
            return new DazzleMove.End(end);
        }
        switch (a) {
            case "present" -> {
                MoveJson.onlyFields(json, a, Set.of("cards"));
                if (!(json.get("cards") instanceof List<?> cards) || cards.size() != 2
                        || !(cards.get(0) instanceof String c0) || !(cards.get(1) instanceof String c1)) {
                    throw new MalformedInput("\"present\" needs \"cards\": a list of two card codes");
                }
                return new Present(Card.parse(c0), Card.parse(c1));
            }
            case "own" -> {
                MoveJson.onlyFields(json, a, Set.of("card"));
                if (!(json.get("card") instanceof String c)) {
                    throw new MalformedInput("\"own\" needs \"card\": a card code");
                }
                return new Own(Card.parse(c));
            }
            default -> throw new IllegalStateException("unhandled action " + a);
        }
    }

    /** The JSON form of {@code move}; {@link #parseMove} reads it back to an equal move. */
    @Override
    public Map<String, Object> writeMove(DazzleMove move) {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (move) {
            case DazzleMove.End end -> out.putAll(EndMove.write(end.kind()));
            case Present p -> {
                out.put("action", "present");
                out.put("cards", List.of(p.a().code(), p.b().code()));
            }
            case Own o -> {
                out.put("action", "own");
                out.put("card", o.card().code());
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
