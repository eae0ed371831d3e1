package dev.cardtable.engine;

import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hooks the service relies on besides play itself: {@link Rules#stateType()}, the class it
 * stores states as, and {@link Rules#projectMove}, which both games leave as the identity.
 */
class RulesHooksTest {

    private static final ScoundrelRules SCOUNDREL = new ScoundrelRules();
    private static final DazzleRules DAZZLE = new DazzleRules();

    private static final List<Setup> SCOUNDREL_SETUPS = List.of(
            setup("standard", Map.of(), "state-type-1"),
            setup("standard", Map.of("weaponBinding", "strictlyLess"), "state-type-2"),
            setup("simple", Map.of(), "state-type-3"));

    private static final List<Setup> DAZZLE_SETUPS = List.of(
            setup("standard", Map.of(), "state-type-1"),
            setup("standard", Map.of(), "state-type-2"));

    @Test
    void stateTypeIsTheClassOfTheDeal() {
        assertSame(ScoundrelState.class, SCOUNDREL.stateType());
        assertSame(DazzleState.class, DAZZLE.stateType());
        for (Setup setup : SCOUNDREL_SETUPS) {
            assertSame(SCOUNDREL.stateType(), SCOUNDREL.deal(setup).getClass(), setup.toString());
        }
        for (Setup setup : DAZZLE_SETUPS) {
            assertSame(DAZZLE.stateType(), DAZZLE.deal(setup).getClass(), setup.toString());
        }
    }

    @Test
    void everyStateOfAGameIsARecordThatItsComponentsRebuild() throws Exception {
        for (Setup setup : SCOUNDREL_SETUPS) {
            playChecking(SCOUNDREL, setup);
        }
        for (Setup setup : DAZZLE_SETUPS) {
            playChecking(DAZZLE, setup);
        }
    }

    @Test
    void bothGamesShowEveryMoveAsPlayed() {
        for (Setup setup : SCOUNDREL_SETUPS) {
            playCheckingProjection(SCOUNDREL, setup);
        }
        for (Setup setup : DAZZLE_SETUPS) {
            playCheckingProjection(DAZZLE, setup);
        }
    }

    /** Plays a random game, checking the state's class and record round trip at every step. */
    private static <S, M, V> void playChecking(Rules<S, M, V> rules, Setup setup) throws Exception {
        Class<S> type = rules.stateType();
        assertTrue(type.isRecord(), type + " is a record");
        Rng rng = Rng.fromSeed(setup.toString());
        S state = rules.deal(setup);
        while (true) {
            assertSame(type, state.getClass(), setup.toString());
            assertEquals(state, rebuild(type, state), "the record components rebuild an equal state");
            List<Seat> toAct = rules.toAct(state);
            if (toAct.isEmpty()) {
                return;
            }
            Seat seat = toAct.getFirst();
            List<M> legal = rules.legalMoves(state, seat);
            state = rules.apply(state, seat, legal.get(rng.below(legal.size())));
        }
    }

    /** Plays a random game, checking that every viewer sees every move as it was played. */
    private static <S, M, V> void playCheckingProjection(Rules<S, M, V> rules, Setup setup) {
        int seats = rules.info().seats();
        Rng rng = Rng.fromSeed(setup.toString());
        S state = rules.deal(setup);
        while (!rules.toAct(state).isEmpty()) {
            Seat seat = rules.toAct(state).getFirst();
            List<M> legal = rules.legalMoves(state, seat);
            M move = legal.get(rng.below(legal.size()));
            for (int v = 0; v < seats; v++) {
                assertSame(move, rules.projectMove(move, seat, Viewer.seat(Seat.of(v))));
            }
            assertSame(move, rules.projectMove(move, seat, Viewer.spectator()));
            assertSame(move, rules.projectMove(move, seat, Viewer.omniscient()));
            state = rules.apply(state, seat, move);
        }
    }

    /** A copy of {@code state} made by its canonical constructor from its record components. */
    private static <S> S rebuild(Class<S> type, S state) throws Exception {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getAccessor().invoke(state);
        }
        return type.getDeclaredConstructor(types).newInstance(values);
    }

    private static Setup setup(String ruleset, Map<String, String> options, String seed) {
        return new Setup(ruleset, new Options(options), new Deal.Seeded(seed));
    }
}
