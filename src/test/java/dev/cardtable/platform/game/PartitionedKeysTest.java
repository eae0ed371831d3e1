package dev.cardtable.platform.game;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.db.SqlTimes;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PartitionedSchema;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server on a schema whose game tables are hash-partitioned by game id
 * ({@link PartitionedSchema}): it stores its games in the partitions, and {@code EXPLAIN} of each
 * hot statement, as the stores send it, shows that it touches one partition of each table, with a
 * plan made for the values (custom) and with one made for any values (generic, pruned as it runs).
 */
@QuarkusTest
@TestProfile(PartitionedSchema.class)
@QuarkusTestResource(PostgresResource.class)
class PartitionedKeysTest {

    private static final Pattern PARTITION = Pattern.compile("(games|seats|moves|idempotency_keys|game_fingerprints)_p(\\d+)");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A statement and how to bind its parameters for game {@code id}. */
    private interface Binder {
        void bind(PreparedStatement ps, UUID id) throws SQLException;
    }

    @Test
    void theServerStoresEachGameInThePartitionsOfItsId() throws Exception {
        assertEquals("p", Db.scalar("select relkind::text from pg_class where relname = 'games' and relnamespace = current_schema()::regnamespace"));
        Api.Created g = Api.scoundrel("partitioned-" + UUID.randomUUID(), "parted");
        Api.move(g.id(), g.token(), g.response().jsonPath().getMap("legalMoves[0]")).then().statusCode(200);
        String games = Db.scalar("select tableoid::regclass::text from games where id = ?::uuid", g.id());
        String moves = Db.scalar("select distinct tableoid::regclass::text from moves where game_id = ?::uuid", g.id());
        String seats = Db.scalar("select string_agg(distinct tableoid::regclass::text, ',') from seats where game_id = ?::uuid", g.id());
        Matcher m = PARTITION.matcher(games);
        assertTrue(m.matches(), games);
        // Hash partitions of equal modulus place one game id in the same remainder in every table.
        assertEquals("moves_p" + m.group(2), moves);
        assertEquals("seats_p" + m.group(2), seats);
    }

    @Test
    void everyHotStatementTouchesOnePartitionOfEachTable() throws Exception {
        Api.Created g = Api.scoundrel("explained-" + UUID.randomUUID(), "explainer");
        UUID id = UUID.fromString(g.id());
        String remainder = PARTITION.matcher(Db.scalar("select tableoid::regclass::text from games where id = ?", id))
                .results().findFirst().orElseThrow().group(2);
        GameRow.GameUpdate update = new GameRow.GameUpdate(Status.ACTIVE, 1, "{}", null, Instant.now(), null, null, null);
        Map<String, Binder> statements = new TreeMap<>();
        statements.put("game read", (ps, gid) -> {
            ps.setObject(1, gid);
            ps.setObject(2, gid);
        });
        Map<String, String> sql = new TreeMap<>();
        sql.put("game read", GameRows.SELECT_GAME);
        sql.put("game lock", GameRows.SELECT_GAME + " for update of g");
        statements.put("game lock", statements.get("game read"));
        sql.put("moves read", MoveLog.SELECT_LOG);
        statements.put("moves read", (ps, gid) -> {
            ps.setObject(1, gid);
            ps.setInt(2, 0);
            ps.setInt(3, 50);
        });
        sql.put("move write", MoveLog.advanceSql(1));
        statements.put("move write", (ps, gid) -> {
            int i = GameStore.setUpdate(ps, 1, update);
            ps.setObject(i++, gid);
            ps.setInt(i++, 0);
            ps.setInt(i++, 0);
            ps.setObject(i++, gid);
            ps.setInt(i++, 1);
            ps.setInt(i++, 0);
            ps.setString(i++, "{}");
            SqlTimes.setTime(ps, i, Instant.now());
        });
        sql.put("seat read", "select seat, kind, name, token_hash, outcome from seats where game_id = ? order by seat");
        statements.put("seat read", (ps, gid) -> ps.setObject(1, gid));
        sql.put("seat write", """
                update seats set kind = ?, name = ?, ai_level = ?, ai_budget = ?, token_hash = ?, outcome = ?, score = ?,
                                 player_id = ?
                where game_id = ? and seat = ?""");
        statements.put("seat write", (ps, gid) -> {
            ps.setString(1, "human");
            ps.setString(2, "explainer");
            ps.setString(3, null);
            ps.setObject(4, null, java.sql.Types.INTEGER);
            ps.setString(5, null);
            ps.setString(6, null);
            ps.setObject(7, null, java.sql.Types.INTEGER);
            ps.setObject(8, null);
            ps.setObject(9, gid);
            ps.setInt(10, 0);
        });
        sql.put("idempotency read", "select request_hash, response from idempotency_keys where game_id = ? and seat = ? and key = ?");
        statements.put("idempotency read", (ps, gid) -> {
            ps.setObject(1, gid);
            ps.setInt(2, 0);
            ps.setString(3, "k");
        });
        sql.put("fingerprint link read", "select 1 from game_fingerprints where game_id = ?");
        statements.put("fingerprint link read", (ps, gid) -> ps.setObject(1, gid));

        List<String> report = new ArrayList<>();
        try (Connection c = Db.connect()) {
            for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
                try (Statement st = c.createStatement()) {
                    st.execute("set plan_cache_mode = " + mode);
                }
                for (var e : sql.entrySet()) {
                    List<String> touched = touched(c, e.getValue(), statements.get(e.getKey()), id);
                    report.add(mode + " " + e.getKey() + ": " + touched);
                    assertFalse(touched.isEmpty(), e.getKey() + " touched no partition (" + mode + ")");
                    for (String p : touched) {
                        assertTrue(p.endsWith("_p" + remainder), e.getKey() + " touched " + p + ", not the game's partition ("
                                + mode + "): " + touched);
                    }
                    assertEquals(touched.stream().map(p -> p.replaceAll("_p\\d+$", "")).distinct().count(), touched.size(),
                            e.getKey() + " touched more than one partition of a table (" + mode + "): " + touched);
                }
            }
        }
        System.out.println("partitions touched per statement:\n  " + String.join("\n  ", report));
    }

    /** The partitions {@code sql}'s plan for game {@code id} reads or writes, once each. */
    private static List<String> touched(Connection c, String sql, Binder binder, UUID id) throws Exception {
        try (PreparedStatement ps = c.prepareStatement("explain (format json) " + sql)) {
            binder.bind(ps, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                List<String> out = new ArrayList<>();
                collect(JSON.readTree(rs.getString(1)), out);
                return out.stream().distinct().sorted().toList();
            }
        }
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.isObject()) {
            JsonNode rel = node.get("Relation Name");
            if (rel != null && PARTITION.matcher(rel.asText()).matches()) {
                out.add(rel.asText());
            }
            node.forEach(n -> collect(n, out));
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, out));
        }
    }
}
