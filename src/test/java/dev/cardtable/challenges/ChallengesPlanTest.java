package dev.cardtable.challenges;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.MigratedDatabase;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A player's pending challenges, in and out ({@code docs/api.md}, "Challenges"), are read from the
 * partial indexes of pending challenges: on {@value #CHALLENGES} challenges of {@value #PLAYERS}
 * players, one in {@value #PENDING_ONE_IN} pending, each list walks about the player's pending
 * challenges, with no sequential scan of {@code challenges}.
 */
class ChallengesPlanTest {

    private static final int CHALLENGES = 200_000;
    private static final int PLAYERS = 2_000;
    private static final int PENDING_ONE_IN = 100;

    @Test
    void theListsInAndOutWalkThePendingIndexes() throws Exception {
        MigratedDatabase db = MigratedDatabase.create("cardtable_challenge_plans");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("""
                    insert into players (id, name, key_hash, created_at)
                    select md5('p' || i)::uuid, 'c' || i, md5('k' || i), timestamptz '2026-01-01'
                    from generate_series(1, %3$d) i;
                    insert into challenges (id, challenger_id, challenger_name, dest_id, dest_name, game_type, ruleset,
                                            rated, status, created_at, expires_at, ended_at)
                    select md5('c' || i)::uuid, md5('p' || (1 + i %% %3$d))::uuid, 'c' || (1 + i %% %3$d),
                           md5('p' || (1 + (i * 7) %% %3$d))::uuid, 'c' || (1 + (i * 7) %% %3$d), 'dazzle', 'standard',
                           false,
                           case when i %% %2$d = 0 then 'pending' when i %% 4 = 1 then 'declined'
                                when i %% 4 = 2 then 'expired' when i %% 4 = 3 then 'canceled' else 'accepted' end,
                           timestamptz '2026-01-01' + make_interval(secs => i),
                           timestamptz '2026-12-01' + make_interval(secs => i),
                           case when i %% %2$d <> 0 then timestamptz '2026-01-01' + make_interval(secs => i + 60) end
                    from generate_series(1, %1$d) i;
                    """.formatted(CHALLENGES, PENDING_ONE_IN, PLAYERS));
            st.execute("vacuum analyze challenges");
            // The players with pending challenges: a challenger of i = 100k and the one it challenges.
            UUID challenger = Plans.md5Uuid(c, "p" + (1 + PENDING_ONE_IN % PLAYERS));
            UUID dest = Plans.md5Uuid(c, "p" + (1 + (PENDING_ONE_IN * 7) % PLAYERS));
            Instant now = Instant.parse("2026-06-01T00:00:00Z");
            List<String> faults = new ArrayList<>();
            Map<String, Object[]> lists = Map.of(
                    "in", new Object[] {ChallengeQueries.PENDING_IN, dest, "challenges_in_idx"},
                    "out", new Object[] {ChallengeQueries.PENDING_OUT, challenger, "challenges_out_idx"});
            for (Map.Entry<String, Object[]> l : lists.entrySet()) {
                JsonNode plan = Plans.explain(c, ((String) l.getValue()[0]).replaceAll("\\?\\d+", "?"),
                        List.of(l.getValue()[1], now));
                faults.addAll(Plans.seqScans(plan, "challenges"));
                // About the player's own pending challenges: not every pending one, nor every challenge.
                long own = pendingOf(c, (UUID) l.getValue()[1]);
                assertTrue(own > 0 && own < CHALLENGES / PENDING_ONE_IN, l.getKey() + ": " + own + " pending");
                faults.addAll(Plans.faults(plan, 2 * own + 10));
                assertTrue(Plans.uses(plan, (String) l.getValue()[2]), l.getKey() + ": " + plan);
            }
            assertEquals(List.of(), faults);
        }
    }

    /** How many pending challenges player {@code id} made or was sent. */
    private static long pendingOf(Connection c, UUID id) throws Exception {
        try (var ps = c.prepareStatement("select count(*) from challenges where status = 'pending' and (challenger_id = ?"
                + " or dest_id = ?)")) {
            ps.setObject(1, id);
            ps.setObject(2, id);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
