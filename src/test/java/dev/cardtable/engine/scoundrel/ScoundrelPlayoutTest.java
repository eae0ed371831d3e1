package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Drawn;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.RandomPlayouts;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.Fixtures.Variant;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.cardtable.engine.scoundrel.Fixtures.PLAYER;
import static dev.cardtable.engine.scoundrel.Fixtures.RULES;
import static dev.cardtable.engine.scoundrel.Fixtures.assertAllCardsAccountedFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenSpiel-style random playouts over many seeds in every ruleset and binding, with the
 * Scoundrel invariants of {@code scoundrel.md} checked at every state.
 */
class ScoundrelPlayoutTest {

    private static final int GAMES = 1_000;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void randomPlayoutsKeepEveryRule(Variant v) {
        RandomPlayouts.Summary summary = checker()
                .run(i -> v.seeded("playout-" + v.name() + "-" + i), GAMES, 20261129L);
        assertEquals(GAMES, summary.games());
        assertTrue(summary.illegalRejected() >= GAMES, "illegal moves were tried and rejected");
        assertTrue(summary.results().stream().allMatch(r -> score(r) >= -188 && score(r) <= 30));
    }

    /**
     * Random play nearly always dies within a few rooms, and in {@code standard} even a careful
     * player seldom clears a random dungeon. So the end of the game is played out on gentle deals:
     * {@link ScoundrelEndTest#PERFECT} with 20 random neighbours swapped, by a player that looks
     * through the whole turn (peeking at the dungeon, which is fine for a test driver).
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void playoutsThatResignOrAbortEndWithALostOrUncountedRunAndReplay(Variant v) {
        RandomPlayouts.Summary summary = checker().withEndings(8)
                .run(i -> v.seeded("ending-" + v.name() + "-" + i), 300, 11L);
        List<ScoundrelResult> results = summary.results().stream().map(r -> (ScoundrelResult) r).toList();
        assertTrue(results.stream().anyMatch(r -> r.ending().equals("resigned") && r.outcome().equals("lost")));
        assertTrue(results.stream().anyMatch(r -> r.ending().equals("aborted") && r.outcome() == null));
        assertTrue(results.stream().filter(r -> r.score() != null).allMatch(r -> r.score() >= -188 && r.score() <= 30));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void carefulPlayoutsOnGentleDealsReachTheEndAndKeepEveryRule(Variant v) {
        RandomPlayouts.Summary summary = checker()
                .withChooser(ScoundrelPlayoutTest::bestForTheTurn)
                .run(i -> v.setup(gentleDeal(i)), 100, 7L);
        long won = summary.results().stream().filter(r -> ((ScoundrelResult) r).outcome().equals("won")).count();
        assertTrue(won > 0, "some careful games are won");
        assertTrue(summary.longest() >= 44, "a won game faces all 44 cards");
    }

    @Test
    void theCheckerCatchesALegalMoveThatDoesNotApply() {
        Rules<ScoundrelState, ScoundrelMove, ScoundrelView> broken = new Delegate() {
            @Override
            public List<ScoundrelMove> legalMoves(ScoundrelState state, Seat seat) {
                List<ScoundrelMove> moves = new ArrayList<>(RULES.legalMoves(state, seat));
                if (!moves.isEmpty() && !state.dungeon().isEmpty()) {
                    moves.add(ScoundrelMove.play(state.dungeon().getFirst()));
                }
                return moves;
            }
        };
        AssertionError e = assertThrows(AssertionError.class, () -> RandomPlayouts.of(broken)
                .run(i -> Variant.LESS_OR_EQUAL.seeded("broken-" + i), 5, 1L));
        assertTrue(e.getMessage().contains("was rejected"), e.getMessage());
    }

    @Test
    void theCheckerCatchesALostCard() {
        Rules<ScoundrelState, ScoundrelMove, ScoundrelView> broken = new Delegate() {
            @Override
            public ScoundrelState apply(ScoundrelState state, Seat seat, ScoundrelMove move) {
                ScoundrelState s = RULES.apply(state, seat, move);
                return new ScoundrelState(s.ruleset(), s.weaponBinding(), s.dungeon(), s.room(), List.of(),
                        s.health(), s.weapon(), s.slain(), s.previousRoomAvoided(), s.roomFaced(),
                        s.potionUsedThisTurn(), s.lastFaced());
            }
        };
        assertThrows(AssertionError.class, () -> RandomPlayouts.of(broken)
                .withInvariant(ScoundrelPlayoutTest::invariant)
                .run(i -> Variant.SIMPLE.seeded("lost-card-" + i), 5, 1L));
    }

    @Test
    void theCheckerCatchesAMoveThatDoesNotSurviveItsJsonForm() {
        Rules<ScoundrelState, ScoundrelMove, ScoundrelView> broken = new Delegate() {
            @Override
            public Map<String, Object> writeMove(ScoundrelMove move) {
                Map<String, Object> json = new java.util.HashMap<>(RULES.writeMove(move));
                json.remove("barehanded");
                return json;
            }
        };
        AssertionError e = assertThrows(AssertionError.class, () -> RandomPlayouts.of(broken)
                .withChooser(ScoundrelPlayoutTest::bestForTheTurn)
                .run(i -> Variant.LESS_OR_EQUAL.seeded("json-" + i), 50, 1L));
        assertTrue(e.getMessage().contains("writeMove/parseMove"), e.getMessage());
    }

    private static RandomPlayouts<ScoundrelState, ScoundrelMove, ScoundrelView> checker() {
        return RandomPlayouts.of(RULES)
                .withInvariant(ScoundrelPlayoutTest::invariant)
                .withIllegalMoves(ScoundrelPlayoutTest::illegalMoves)
                .withMaxMoves(200);
    }

    /** What must hold in every state of every game ({@code scoundrel.md}). */
    static void invariant(ScoundrelState s) {
        assertAllCardsAccountedFor(s);
        boolean over = s.ending() != null || s.health() <= 0 || (s.dungeon().isEmpty() && s.room().isEmpty());
        assertEquals(over, RULES.toAct(s).isEmpty(), "over exactly on death, an empty dungeon and room, or an early end");
        assertEquals(over, RULES.result(s).isPresent());
        assertTrue(s.health() <= ScoundrelRules.MAX_HEALTH, "health never above 20");
        assertTrue(s.room().size() <= 4, "at most four cards in the room");
        if (!over && !s.dungeon().isEmpty()) {
            assertTrue(s.room().size() >= 2, () -> "a room is refilled when one card is left: " + s);
        }
        assertTrue(s.weapon() == null || s.weapon().weapon(), "only diamonds are equipped");
        assertTrue(s.slain().stream().allMatch(Card::monster), "only monsters are slain");
        for (int i = 1; i < s.slain().size(); i++) {
            int before = s.slain().get(i - 1).value();
            int now = s.slain().get(i).value();
            if (s.weaponBinding() == WeaponBinding.LESS_OR_EQUAL) {
                assertTrue(now <= before, () -> "binding lessOrEqual broken: " + s.slain());
            } else if (s.weaponBinding() == WeaponBinding.STRICTLY_LESS) {
                assertTrue(now < before, () -> "binding strictlyLess broken: " + s.slain());
            }
        }
        ScoundrelView view = RULES.view(s, Viewer.spectator());
        assertEquals(s.dungeon().size(), view.dungeonCount());
        assertEquals(s.discard().size(), view.discardCount());
        assertEquals(Card.codes(s.room()), view.room());
        assertEquals(RULES.legalMoves(s, PLAYER).contains(ScoundrelMove.avoid()), view.canAvoid());
        // The dungeon is the unseen cards (shown as a sorted set) on top of the known bottom rooms.
        List<String> bottom = view.bottomRooms().stream().flatMap(List::stream).toList();
        assertEquals(view.dungeonCount(), view.unseen().size() + bottom.size());
        assertEquals(Card.codes(s.dungeon().subList(s.dungeon().size() - bottom.size(), s.dungeon().size())), bottom);
        assertEquals(Card.codes(s.dungeon().subList(0, view.unseen().size()).stream().sorted().toList()),
                view.unseen());
        for (int i = 1; i < view.bottomRooms().size(); i++) {
            assertEquals(4, view.bottomRooms().get(i).size(), "only the first bottom room may be partly drawn");
        }
        Optional<ScoundrelResult> result = RULES.result(s);
        result.filter(r -> r.score() != null)
                .ifPresent(r -> assertTrue(r.score() >= -188 && r.score() <= 30, () -> "score out of range: " + r));
        result.filter(r -> r.score() == null).ifPresent(r -> assertEquals("aborted", r.ending(), "only an abort scores nothing"));
    }

    /** Moves the player may not make in {@code s}, a game not yet over. */
    static List<ScoundrelMove> illegalMoves(ScoundrelState s) {
        List<ScoundrelMove> moves = new ArrayList<>();
        Card outside = !s.dungeon().isEmpty() ? s.dungeon().getLast()
                : !s.discard().isEmpty() ? s.discard().getFirst()
                : s.weapon();
        if (outside != null) {
            moves.add(ScoundrelMove.play(outside));
        }
        if (!RULES.legalMoves(s, PLAYER).contains(ScoundrelMove.avoid())) {
            moves.add(ScoundrelMove.avoid());
        }
        if (s.ruleset() == ScoundrelState.Ruleset.SIMPLE) {
            s.room().stream().filter(Card::monster).findFirst().ifPresent(m -> moves.add(ScoundrelMove.barehanded(m)));
        }
        return moves;
    }

    /** {@link ScoundrelEndTest#PERFECT} with 20 neighbouring pairs swapped at random. */
    private static Deal.Custom gentleDeal(int index) {
        List<String> order = new ArrayList<>(Fixtures.codes(ScoundrelEndTest.PERFECT));
        Rng rng = Rng.fromSeed("gentle-" + index);
        for (int k = 0; k < 20; k++) {
            int j = rng.below(order.size() - 1);
            java.util.Collections.swap(order, j, j + 1);
        }
        return new Deal.Custom(List.of(order));
    }

    /** The first move of the best way through the rest of this turn (and of the next room, after an avoid). */
    private static ScoundrelMove bestForTheTurn(ScoundrelState s, Seat seat, List<ScoundrelMove> legal, Rng rng) {
        ScoundrelMove best = legal.get(rng.below(legal.size()));
        double bestValue = Double.NEGATIVE_INFINITY;
        for (ScoundrelMove m : legal) {
            double value = valueOf(s, m);
            if (value > bestValue) {
                best = m;
                bestValue = value;
            }
        }
        return best;
    }

    private static double valueOf(ScoundrelState s, ScoundrelMove move) {
        ScoundrelState next = RULES.apply(s, PLAYER, move);
        if (move instanceof ScoundrelMove.Avoid) {
            return RULES.legalMoves(next, PLAYER).stream().mapToDouble(m -> valueOf(next, m)).max().orElseThrow() - 0.5;
        }
        if (RULES.toAct(next).isEmpty() || !next.roomFaced()) {
            return standing(next);
        }
        return RULES.legalMoves(next, PLAYER).stream().mapToDouble(m -> valueOf(next, m)).max().orElseThrow();
    }

    /** Health, plus what the weapon is still good for. */
    private static double standing(ScoundrelState s) {
        if (s.health() <= 0) {
            return -1000 + s.health();
        }
        if (RULES.toAct(s).isEmpty()) {
            return 1000;
        }
        if (s.weapon() == null) {
            return s.health();
        }
        int bound = s.lastSlain() == null ? 15 : s.lastSlain().value() - 1;
        return s.health() + Math.min(s.weapon().value(), bound);
    }

    private static int score(Result r) {
        return ((ScoundrelResult) r).score();
    }

    /** {@link ScoundrelRules}, for tests to break one method at a time. */
    private static class Delegate implements Rules<ScoundrelState, ScoundrelMove, ScoundrelView> {
        @Override
        public GameInfo info() {
            return RULES.info();
        }

        @Override
        public Class<ScoundrelState> stateType() {
            return RULES.stateType();
        }

        @Override
        public ScoundrelState deal(Setup setup) {
            return RULES.deal(setup);
        }

        @Override
        public List<Seat> toAct(ScoundrelState state) {
            return RULES.toAct(state);
        }

        @Override
        public List<ScoundrelMove> legalMoves(ScoundrelState state, Seat seat) {
            return RULES.legalMoves(state, seat);
        }

        @Override
        public ScoundrelState apply(ScoundrelState state, Seat seat, ScoundrelMove move) {
            return RULES.apply(state, seat, move);
        }

        @Override
        public ScoundrelView view(ScoundrelState state, Viewer viewer) {
            return RULES.view(state, viewer);
        }

        @Override
        public Optional<ScoundrelResult> result(ScoundrelState state) {
            return RULES.result(state);
        }

        @Override
        public ScoundrelMove parseMove(Map<String, ?> json) {
            return RULES.parseMove(json);
        }

        @Override
        public Map<String, Object> writeMove(ScoundrelMove move) {
            return RULES.writeMove(move);
        }

        @Override
        public Deal.Custom parseDeal(Object json) {
            return RULES.parseDeal(json);
        }

        @Override
        public List<Drawn> drawn(ScoundrelView before, ScoundrelView after, ScoundrelMove move) {
            return RULES.drawn(before, after, move);
        }
    }
}
