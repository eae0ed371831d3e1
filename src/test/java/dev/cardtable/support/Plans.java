package dev.cardtable.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Query plans read as a test reads them: a statement run with {@code EXPLAIN (ANALYZE, FORMAT JSON)}
 * on the {@link FilledSchema}, and what each of its scans did. A query that answers from the size of
 * its answer reads no big table from end to end and walks about as many rows as it returns.
 */
public final class Plans {

    /** The tables whose every row a read must never walk. */
    public static final Set<String> BIG = Set.of("games", "seats", "moves", "player_games", "player_stats",
            "daily_attempts");

    private static final ObjectMapper JSON = new ObjectMapper();

    private Plans() {
    }

    /**
     * One scan of a plan.
     *
     * @param node     its node type (Seq Scan, Index Scan, …)
     * @param relation the table it reads
     * @param index    the index it walks, or null
     * @param walked   the rows it read: returned plus removed by its filter, over all its loops
     */
    public record Scan(String node, String relation, String index, long walked) {
    }

    /** The plan of {@code sql} with {@code params}, run on {@code c}. */
    public static JsonNode explain(Connection c, String sql, List<Object> params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("explain (analyze, format json) " + sql)) {
            for (int i = 0; i < params.size(); i++) {
                Object p = params.get(i);
                ps.setObject(i + 1, p instanceof Instant t ? Timestamp.from(t) : p);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return JSON.readTree(rs.getString(1)).get(0).get("Plan");
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Every scan of {@code plan}. */
    public static List<Scan> scans(JsonNode plan) {
        List<Scan> out = new ArrayList<>();
        collect(plan, out);
        return out;
    }

    private static void collect(JsonNode node, List<Scan> out) {
        if (node.has("Relation Name")) {
            long loops = Math.max(1, node.path("Actual Loops").asLong());
            long walked = (node.path("Actual Rows").asLong() + node.path("Rows Removed by Filter").asLong()
                    + node.path("Rows Removed by Index Recheck").asLong()) * loops;
            out.add(new Scan(node.path("Node Type").asText(), node.path("Relation Name").asText(),
                    node.has("Index Name") ? node.path("Index Name").asText() : null, walked));
        }
        for (JsonNode child : node.path("Plans")) {
            collect(child, out);
        }
    }

    /**
     * Why {@code plan} does not answer from the size of its answer: a sequential scan of a
     * {@link #BIG} table, or a scan that walked more than {@code most} rows; empty when it does.
     */
    public static List<String> faults(JsonNode plan, long most) {
        List<String> out = new ArrayList<>();
        for (Scan s : scans(plan)) {
            if (BIG.contains(s.relation()) && s.node().equals("Seq Scan")) {
                out.add("sequential scan of " + s.relation());
            } else if (s.walked() > most) {
                out.add(s.node() + " of " + s.relation() + (s.index() == null ? "" : " by " + s.index()) + " walked "
                        + s.walked() + " rows (at most " + most + ")");
            }
        }
        return out;
    }

    /** Every sequential scan of {@code table} in {@code plan}, as a fault. */
    public static List<String> seqScans(JsonNode plan, String table) {
        return scans(plan).stream().filter(s -> s.relation().equals(table) && s.node().equals("Seq Scan"))
                .map(s -> "sequential scan of " + table).toList();
    }

    /** Whether a node of {@code plan} walks index {@code index} (an index scan, or a bitmap's). */
    public static boolean uses(JsonNode plan, String index) {
        if (index.equals(plan.path("Index Name").asText())) {
            return true;
        }
        for (JsonNode child : plan.path("Plans")) {
            if (uses(child, index)) {
                return true;
            }
        }
        return false;
    }

    /** The uuid PostgreSQL makes of {@code md5(text)}, as the fills name their players and games. */
    public static java.util.UUID md5Uuid(Connection c, String text) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select md5(?)::uuid")) {
            ps.setString(1, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getObject(1, java.util.UUID.class);
            }
        }
    }

    /**
     * Registered players seated in the {@link FilledSchema}: the one in the most games, and one in
     * about the median number.
     */
    public static List<java.util.UUID> seatedPlayers(Connection c) throws SQLException {
        List<java.util.UUID> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                select player_id from (select player_id, count(*) n from seats where player_id is not null
                                       group by player_id) t order by n desc, player_id""");
             ResultSet rs = ps.executeQuery()) {
            List<java.util.UUID> all = new ArrayList<>();
            while (rs.next()) {
                all.add(rs.getObject(1, java.util.UUID.class));
            }
            out.add(all.getFirst());
            out.add(all.get(all.size() / 2));
        }
        return out;
    }

    /**
     * Registers the fill's heavy name ({@link FilledSchema#HEAVY}, tens of thousands of games,
     * about a hundred not yet ended) as {@code name}, in the caller's transaction: its rows of
     * {@code player_games} get the new player's id, and the table is analysed again.
     *
     * @return the new player's id, {@code md5(name)::uuid}
     */
    public static java.util.UUID registerHeavy(Connection c, String name) throws SQLException {
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("""
                    insert into players (id, name, key_hash, created_at)
                    values (md5('%1$s')::uuid, '%1$s', md5('heavy-key'), timestamptz '2026-01-01');
                    update player_games set player_id = md5('%1$s')::uuid where name = '%2$s';
                    analyze player_games;
                    """.formatted(name, FilledSchema.HEAVY));
        }
        return md5Uuid(c, name);
    }
}
