package dev.cardtable.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The generic random-playout check every game's rules must pass, after OpenSpiel's
 * {@code tests/basic_tests.h}. It plays whole games with random legal moves and, at every step,
 * checks the {@link Rules} contract:
 * <ul>
 *   <li>the deal is a pure function of the setup;</li>
 *   <li>the game-specific invariant holds (for example: every card accounted for);</li>
 *   <li>{@code toAct} is ascending and in range; every seat to act has legal moves, no other seat
 *       has any, the result is absent; once over, nobody acts, nobody has legal moves, and the
 *       result has one standing per seat;</li>
 *   <li>legal moves are deterministic and distinct, survive {@code writeMove}/{@code parseMove},
 *       and each of them applies;</li>
 *   <li>each supplied illegal move, and any move by a seat not to act, is rejected with
 *       {@link IllegalMove} and changes nothing; after the end, even the last move is rejected;</li>
 *   <li>views (every seat, the spectator, and the omniscient viewer at the end) and
 *       {@code revealed} compute;</li>
 *   <li>replaying the log, as played and after a JSON round trip of every move, reproduces an
 *       equal state.</li>
 * </ul>
 * Randomness comes only from seeded {@link Rng}s, so a failure names the game index, setup and
 * generator seed to rerun it with {@link #playOne(Setup, long)}.
 *
 * <p>Instances are immutable; the {@code with…} methods return configured copies.
 *
 * @param <S> the rules' state
 * @param <M> the rules' moves
 * @param <V> the rules' views
 */
public final class RandomPlayouts<S, M, V> {

    /** Picks the next move of a playout. */
    @FunctionalInterface
    public interface Chooser<S, M> {
        /**
         * @param state the current state
         * @param seat  the seat that moves
         * @param legal the seat's legal moves, non-empty
         * @param rng   the playout's generator: the only source of randomness allowed
         * @return an element of {@code legal}
         */
        M choose(S state, Seat seat, List<M> legal, Rng rng);
    }

    /**
     * What the playouts saw.
     *
     * @param games           games played
     * @param moves           moves applied along the played lines
     * @param longest         the most moves in one game
     * @param illegalRejected illegal moves that were rejected as they should be
     * @param results         each game's result, in game order
     */
    public record Summary(int games, long moves, int longest, long illegalRejected, List<Result> results) {
    }

    private final Rules<S, M, V> rules;
    private final Consumer<S> invariant;
    private final Function<S, List<M>> illegalMoves;
    private final Chooser<S, M> chooser;
    private final int maxMoves;
    private final boolean applyEveryLegalMove;
    private final int endingOneIn;

    private RandomPlayouts(Rules<S, M, V> rules, Consumer<S> invariant, Function<S, List<M>> illegalMoves,
                           Chooser<S, M> chooser, int maxMoves, boolean applyEveryLegalMove) {
        this(rules, invariant, illegalMoves, chooser, maxMoves, applyEveryLegalMove, 0);
    }

    private RandomPlayouts(Rules<S, M, V> rules, Consumer<S> invariant, Function<S, List<M>> illegalMoves,
                           Chooser<S, M> chooser, int maxMoves, boolean applyEveryLegalMove, int endingOneIn) {
        this.endingOneIn = endingOneIn;
        this.rules = Objects.requireNonNull(rules);
        this.invariant = Objects.requireNonNull(invariant);
        this.illegalMoves = Objects.requireNonNull(illegalMoves);
        this.chooser = Objects.requireNonNull(chooser);
        this.maxMoves = maxMoves;
        this.applyEveryLegalMove = applyEveryLegalMove;
    }

    /**
     * A checker for {@code rules} with no game-specific invariant, no illegal-move candidates,
     * uniform random choices, every legal move applied at every step, and at most 10,000 moves a
     * game.
     */
    public static <S, M, V> RandomPlayouts<S, M, V> of(Rules<S, M, V> rules) {
        return new RandomPlayouts<>(rules, s -> { }, s -> List.of(),
                (state, seat, legal, rng) -> legal.get(rng.below(legal.size())), 10_000, true);
    }

    /**
     * Checks {@code check} on every state reached: each deal, each state along the played line,
     * and each state a legal move leads to. It should throw (an {@link AssertionError} or any
     * exception) when the state is inconsistent.
     */
    public RandomPlayouts<S, M, V> withInvariant(Consumer<S> check) {
        return new RandomPlayouts<>(rules, check, illegalMoves, chooser, maxMoves, applyEveryLegalMove);
    }

    /**
     * Supplies, for a state where the game is not over, moves that must be illegal for the seat to
     * act (for example a card that is not in hand). Each is checked to be absent from the legal
     * moves, to be rejected with {@link IllegalMove}, and to leave the state unchanged.
     */
    public RandomPlayouts<S, M, V> withIllegalMoves(Function<S, List<M>> candidates) {
        return new RandomPlayouts<>(rules, invariant, candidates, chooser, maxMoves, applyEveryLegalMove);
    }

    /** Uses {@code choose} instead of uniform random choices, for example to reach the end more often. */
    public RandomPlayouts<S, M, V> withChooser(Chooser<S, M> choose) {
        return new RandomPlayouts<>(rules, invariant, illegalMoves, choose, maxMoves, applyEveryLegalMove);
    }

    /** Fails a game that has not ended after {@code moves} moves. */
    public RandomPlayouts<S, M, V> withMaxMoves(int moves) {
        return new RandomPlayouts<>(rules, invariant, illegalMoves, chooser, moves, applyEveryLegalMove);
    }

    /**
     * Whether to apply every legal move at every step (the default) or only the chosen one; turn it
     * off for games with very many legal moves.
     */
    public RandomPlayouts<S, M, V> withEveryLegalMoveApplied(boolean every) {
        return new RandomPlayouts<>(rules, invariant, illegalMoves, chooser, maxMoves, every);
    }

    /**
     * Ends games early now and then: before each move, with chance 1 in {@code oneIn}, a random
     * seat (any seat, not only the one to act) resigns, or, until every seat has moved, aborts.
     * Checks that these endings are never listed as legal moves, that an abort once every seat has
     * moved is rejected, and that the ended game has a result and replays like any other.
     */
    public RandomPlayouts<S, M, V> withEndings(int oneIn) {
        return new RandomPlayouts<>(rules, invariant, illegalMoves, chooser, maxMoves, applyEveryLegalMove, oneIn);
    }

    /**
     * Plays {@code games} games, game {@code i} from {@code setups.apply(i)} with the generator
     * {@link #gameSeed(long, int) gameSeed(rngSeed, i)}.
     *
     * @throws AssertionError at the first broken check, naming the game, its setup, generator seed
     *                        and the moves so far
     */
    public Summary run(IntFunction<Setup> setups, int games, long rngSeed) {
        long moves = 0;
        int longest = 0;
        long rejected = 0;
        List<Result> results = new ArrayList<>(games);
        for (int i = 0; i < games; i++) {
            Setup setup = setups.apply(i);
            long seed = gameSeed(rngSeed, i);
            Game game = play(setup, seed, "game " + i);
            moves += game.plays.size();
            longest = Math.max(longest, game.plays.size());
            rejected += game.rejected;
            results.add(game.result);
        }
        return new Summary(games, moves, longest, rejected, List.copyOf(results));
    }

    /** Plays one game, as game {@code i} of {@link #run} would with {@code gameSeed(rngSeed, i)}. */
    public Summary playOne(Setup setup, long gameSeed) {
        Game game = play(setup, gameSeed, "game");
        return new Summary(1, game.plays.size(), game.plays.size(), game.rejected, List.of(game.result));
    }

    /** The generator seed of game {@code index} in a run seeded with {@code rngSeed}. */
    public static long gameSeed(long rngSeed, int index) {
        return new Rng(rngSeed ^ (0x9E3779B97F4A7C15L * (index + 1L))).next();
    }

    private final class Game {
        final List<Rules.Play<M>> plays = new ArrayList<>();
        long rejected;
        Result result;
    }

    private Game play(Setup setup, long gameSeed, String name) {
        Game game = new Game();
        try {
            playChecked(setup, new Rng(gameSeed), game);
            return game;
        } catch (AssertionError | RuntimeException e) {
            List<Object> log = game.plays.stream()
                    .map(p -> (Object) ("seat " + p.seat().number() + " " + rules.writeMove(p.move())))
                    .toList();
            throw new AssertionError(name + " (" + setup + ", generator seed " + gameSeed + ") after "
                    + game.plays.size() + " moves " + log + ": " + e, e);
        }
    }

    private void playChecked(Setup setup, Rng rng, Game game) {
        int seats = rules.info().seats();
        List<Viewer> viewers = new ArrayList<>();
        for (int n = 0; n < seats; n++) {
            viewers.add(Viewer.seat(Seat.of(n)));
        }
        viewers.add(Viewer.spectator());

        S state = rules.deal(setup);
        check(Objects.equals(state, rules.deal(setup)), () -> "the deal is not a pure function of the setup");
        List<V> views = viewsOf(state, viewers);

        while (true) {
            invariant.accept(state);
            List<Seat> toAct = rules.toAct(state);
            if (toAct.isEmpty()) {
                break;
            }
            check(game.plays.size() < maxMoves, () -> "no end after " + maxMoves + " moves");
            check(rules.result(state).isEmpty(), () -> "a result while seats are still to act");
            checkToAct(toAct, seats);

            for (int n = 0; n <= seats; n++) {
                Seat seat = Seat.of(n);
                List<M> legal = rules.legalMoves(state, seat);
                if (!toAct.contains(seat)) {
                    check(legal.isEmpty(), () -> "seat " + seat.number() + " is not to act but has legal moves " + legal);
                    continue;
                }
                check(!legal.isEmpty(), () -> "seat " + seat.number() + " is to act but has no legal move");
                check(legal.equals(rules.legalMoves(state, seat)), () -> "legal moves are not deterministic");
                check(new HashSet<>(legal).size() == legal.size(), () -> "duplicate legal moves " + legal);
                for (M move : legal) {
                    checkRoundTrip(move);
                    if (applyEveryLegalMove) {
                        S next = applyLegal(state, seat, move);
                        invariant.accept(next);
                    }
                }
            }

            Seat mover = toAct.get(rng.below(toAct.size()));
            List<M> legal = rules.legalMoves(state, mover);
            if (endingOneIn > 0) {
                M abort = rules.parseMove(new HashMap<>(Map.of("action", "abort")));
                check(!legal.contains(abort), () -> "an abort is listed among the legal moves");
                boolean everySeatMoved = game.plays.stream().map(p -> p.seat().number()).distinct().count() == seats;
                if (everySeatMoved) {
                    expectRejected(state, mover, abort);
                    game.rejected++;
                }
                if (rng.below(endingOneIn) == 0) {
                    String action = !everySeatMoved && rng.below(2) == 0 ? "abort" : "resign";
                    M end = rules.parseMove(new HashMap<>(Map.of("action", action)));
                    Seat by = Seat.of(rng.below(seats));
                    state = applyLegal(state, by, end);
                    game.plays.add(new Rules.Play<>(by, end));
                    views = viewsOf(state, viewers);
                    continue;
                }
            }
            for (M illegal : illegalMoves.apply(state)) {
                check(!legal.contains(illegal), () -> "the supplied illegal move " + illegal + " is legal");
                expectRejected(state, mover, illegal);
                game.rejected++;
            }
            M move = chooser.choose(state, mover, legal, rng);
            check(legal.contains(move), () -> "the chooser picked " + move + ", which is not legal");
            for (int n = 0; n <= seats; n++) {
                Seat other = Seat.of(n);
                if (!toAct.contains(other)) {
                    expectRejected(state, other, move);
                    game.rejected++;
                }
            }

            S next = applyLegal(state, mover, move);
            game.plays.add(new Rules.Play<>(mover, move));
            List<V> nextViews = viewsOf(next, viewers);
            for (int v = 0; v < viewers.size(); v++) {
                Viewer viewer = viewers.get(v);
                List<Drawn> drawn = rules.drawn(views.get(v), nextViews.get(v), move);
                check(drawn != null, () -> "drawn(…) returned null for " + viewer);
            }
            state = next;
            views = nextViews;
        }

        S end = state;
        Result result = rules.result(end).orElseThrow(() -> new AssertionError("over but no result"));
        check(result.standings().size() == seats, () -> "standings " + result.standings() + " for " + seats + " seats");
        for (int n = 0; n <= seats; n++) {
            Seat seat = Seat.of(n);
            check(rules.legalMoves(end, seat).isEmpty(), () -> "legal moves for seat " + seat.number() + " after the end");
        }
        if (!game.plays.isEmpty()) {
            Rules.Play<M> last = game.plays.getLast();
            expectRejected(state, last.seat(), last.move());
            game.rejected++;
        }
        rules.view(state, Viewer.omniscient());
        game.result = result;

        S replayed = rules.replay(setup, game.plays);
        check(replayed.equals(end), () -> "replaying the log gives another state:\n  played   " + end
                + "\n  replayed " + replayed);
        List<Rules.Play<M>> reread = game.plays.stream()
                .map(p -> new Rules.Play<>(p.seat(), rules.parseMove(jsonCopy(rules.writeMove(p.move())))))
                .toList();
        check(rules.replay(setup, reread).equals(state), () -> "replaying the log read back from JSON gives another state");
    }

    private void checkToAct(List<Seat> toAct, int seats) {
        for (int k = 0; k < toAct.size(); k++) {
            int n = toAct.get(k).number();
            check(n < seats, () -> "seat " + n + " to act, but the game has " + seats + " seats");
            boolean ascending = k == 0 || toAct.get(k - 1).number() < n;
            check(ascending, () -> "toAct is not ascending and distinct: " + toAct);
        }
    }

    private void checkRoundTrip(M move) {
        Map<String, Object> json = rules.writeMove(move);
        M back = rules.parseMove(jsonCopy(json));
        check(move.equals(back), () -> "writeMove/parseMove changed " + move + " via " + json + " into " + back);
    }

    private S applyLegal(S state, Seat seat, M move) {
        try {
            return rules.apply(state, seat, move);
        } catch (IllegalMove e) {
            throw new AssertionError("the legal move " + rules.writeMove(move) + " of seat " + seat.number()
                    + " was rejected: " + e.getMessage(), e);
        }
    }

    private void expectRejected(S state, Seat seat, M move) {
        String before = String.valueOf(state);
        int hash = state.hashCode();
        try {
            S after = rules.apply(state, seat, move);
            throw new AssertionError("seat " + seat.number() + " played " + move + ", which should be illegal,"
                    + " and got " + after);
        } catch (IllegalMove expected) {
            check(expected.getMessage() != null && !expected.getMessage().isBlank(), () ->
                    "an IllegalMove without a reason");
        }
        check(before.equals(String.valueOf(state)) && hash == state.hashCode(), () ->
                "a rejected move changed the state");
    }

    private List<V> viewsOf(S state, List<Viewer> viewers) {
        List<V> views = new ArrayList<>(viewers.size());
        for (Viewer viewer : viewers) {
            V view = rules.view(state, viewer);
            check(view != null, () -> "no view for " + viewer);
            views.add(view);
        }
        return views;
    }

    /** A fresh mutable copy, as a JSON library would hand the rules a parsed body. */
    private static Map<String, Object> jsonCopy(Map<String, Object> json) {
        return new HashMap<>(json);
    }

    private static void check(boolean ok, Supplier<String> message) {
        if (!ok) {
            throw new AssertionError(message.get());
        }
    }
}
