package dev.cardtable.platform.game;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Opponents;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.ai.DazzleOpponents;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.platform.JsonText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToIntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The move path reads the current position from the stored state and never replays; the log
 * stays the source of truth. Random playouts over 1,000 seeds per game and ruleset play exactly as
 * the server does (every move applied to the state read back from its stored JSON, every move
 * stored in its JSON notation) and prove that the stored state equals the {@link Replay} of the
 * stored log at every step. Every seventh game may end early, as the server ends games: a
 * resignation, an abort before every seat has moved, a timeout or an abandonment.
 */
class StoredStateTest {

    private static final int SEEDS = 1_000;

    private final JsonText json = JsonText.with(new ObjectMapper().registerModule(new JavaTimeModule()));

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({"scoundrel,standard,lessOrEqual", "scoundrel,standard,strictlyLess", "scoundrel,simple,",
            "dazzle,standard,"})
    void theStoredStateIsTheReplayOfTheStoredLog(String type, String ruleset, String binding) {
        GameType<?, ?, ?> t = type.equals("scoundrel")
                ? new GameType<>(new ScoundrelRules(), Opponents.none(type))
                : new GameType<>(new DazzleRules(), new DazzleOpponents());
        Map<String, String> options = binding == null ? Map.of() : Map.of(ScoundrelRules.WEAPON_BINDING, binding);
        long moves = 0;
        for (int i = 0; i < SEEDS; i++) {
            moves += playAndCheck(t, ruleset, options, type + "-" + ruleset + "-" + binding + "-" + i, i % 2 == 1,
                    i % 7 == 3, s -> s instanceof ScoundrelState st ? st.health() : 0);
        }
        assertTrue(moves > SEEDS * 10L, "the playouts played whole games: " + moves + " moves");
        assertTrue(endedEarly > SEEDS / 20, "some games ended early: " + endedEarly);
    }

    private static final List<String> ENDINGS = List.of("resign", "timeout", "abandon", "abort");

    private int endedEarly;

    @Test
    void aScoundrelStateStoredWithoutKnownBottomCardsStillLoadsAndKnowsNoneOfThem() {
        ScoundrelRules rules = new ScoundrelRules();
        ScoundrelState dealt = rules.deal(new Setup("standard", Options.none(), new Deal.Seeded("old-state")));
        ScoundrelState avoided = rules.apply(dealt, Seat.of(0), rules.legalMoves(dealt, Seat.of(0)).getFirst());
        assertEquals(4, avoided.knownBottom());
        String stored = json.write(avoided);
        String before = stored.replace(",\"knownBottom\":4", "");
        assertTrue(!before.contains("knownBottom"), before);
        ScoundrelState read = json.read(before, ScoundrelState.class);
        assertEquals(0, read.knownBottom());
        assertEquals(avoided.dungeon(), read.dungeon());
        assertEquals(read.dungeon(), read.unseen());
        assertEquals(List.of(), read.bottomRooms());
    }

    private <S, M, V> int playAndCheck(GameType<S, M, V> type, String ruleset, Map<String, String> given, String seed,
                                       boolean greedy, boolean endEarly, ToIntFunction<Object> health) {
        Rules<S, M, V> rules = type.rules();
        GameInfo.RulesetInfo info = type.info().ruleset(ruleset);
        Options options = info.resolve(given);
        String stored = json.write(rules.deal(new Setup(ruleset, options, new Deal.Seeded(seed))));
        Rng rng = Rng.fromSeed("playout:" + seed);
        List<MoveRow> log = new ArrayList<>();
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        GameRow game = GameRow.builder().id(UUID.randomUUID()).type(type.name()).ruleset(ruleset)
                .rulesetVersion(info.version()).options(json.write(options.values())).seed(seed)
                .seedCommitment(Rng.commitment(seed)).status(Status.ACTIVE).state(stored).createdAt(at).updatedAt(at)
                .build();
        List<String> states = new ArrayList<>(List.of(stored));
        while (true) {
            S state = json.read(stored, rules.stateType());
            List<Seat> toAct = rules.toAct(state);
            if (toAct.isEmpty()) {
                break;
            }
            Seat seat = toAct.get(rng.below(toAct.size()));
            List<M> legal = rules.legalMoves(state, seat);
            // Odd seeds play greedily for health, so that long games (weapons, slain monsters, the
            // final room) are covered as well as the quick deaths of random play.
            M move = legal.get(rng.below(legal.size()));
            if (greedy) {
                int best = Integer.MIN_VALUE;
                for (M m : legal) {
                    int h = health.applyAsInt(rules.apply(state, seat, m));
                    if (h > best || (h == best && rng.below(2) == 0)) {
                        best = h;
                        move = m;
                    }
                }
            }
            if (endEarly && rng.below(log.isEmpty() ? 4 : 25) == 0) {
                // An abort is legal only before the first move: later, the game is resigned instead.
                String action = ENDINGS.get(rng.below(log.isEmpty() ? 4 : 3));
                move = rules.parseMove(Map.of("action", action));
                endedEarly++;
            }
            S next = rules.apply(state, seat, move);
            log.add(new MoveRow(log.size() + 1, seat.number(), json.write(rules.writeMove(move)), at));
            stored = json.write(next);
            states.add(stored);
        }
        Replay<S, M, V> replay = Replay.of(type, game, log, json);
        for (int n = 0; n <= log.size(); n++) {
            assertEquals(replay.at(n), json.read(states.get(n), rules.stateType()),
                    seed + ": the stored state after move " + n + " is the replay of the log");
        }
        return log.size();
    }
}
