package dev.cardtable.bench;

import dev.cardtable.support.FilledSchema;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Fills a database to a number of games by copying the templates of {@link ScaleTemplates} in SQL,
 * with new ids, players and times; no HTTP, no server running. The schema is the one the server's
 * migrations made, and stays exactly so: the constraints and indexes of {@code games}, {@code seats}
 * and {@code moves} (and the foreign keys that point at them) are read from the catalog, dropped,
 * and made again from their own definitions after the rows are in; a fingerprint of the whole
 * schema (columns, constraints, indexes, persistence) before and after must be equal.
 *
 * <p>The shape, each part a function of the seed ({@code hashint8extended}, so a fill is
 * reproducible):
 * <ul>
 *   <li><b>Time.</b> Games are created over {@code days} days before {@code now}, more of them
 *   lately (the density grows threefold from the first day to the last), and inserted in order of
 *   creation, as a live site writes them.</li>
 *   <li><b>Players.</b> The first seat of a game is the heavy player ({@code heavy}, a share
 *   {@code heavyShare} of all games), one of {@code bots} bots ({@code bot-1} … with
 *   {@code botGames} games each), or a name of a pool of {@code players} drawn with a Zipf-like
 *   popularity (density ∝ rank<sup>−0.9</sup>); a second human seat (Dazzle between two people)
 *   is drawn from the pool. Every fifth pool name, the heavy player and the bots are registered
 *   ({@code players}), and every seat under a registered name is verified.</li>
 *   <li><b>Endings.</b> Finished games copy a completed template (90 %), a resigned one (5 %),
 *   abandoned (2.5 %), aborted or cancelled (1.5 %) or out of time (1 %).</li>
 *   <li><b>The daily deal.</b> Every past day of the span has a deal of each daily ruleset; the
 *   heavy player attempts it on 95 % of days, the bots on every day, and enough registered pool
 *   players (drawn at random among them, so from heavy to light), each on a share of days between
 *   10 % and 90 %, that attempts make about
 *   {@code dailyShare} of all games. An attempt copies one of the day's template plays and
 *   starts at a time of its day; one started late may finish after midnight and so not count.</li>
 *   <li><b>Running and waiting games.</b> {@code active} games in play, started within the last
 *   two days (their clocks and deadlines moved with them, so none runs out during a run), and a
 *   lobby of {@code lobby} waiting games: a third opened within the last hour, the others at any
 *   time of the span (a waiting game stays until somebody takes its seat), one in ten a rematch,
 *   which the lobby does not list.</li>
 *   <li><b>Moves.</b> Every game has its moves unless {@code movesFraction} is below 1: then only
 *   that share of the finished games (chosen by a hash of the game), and every running and daily
 *   game, has them; games without moves keep their rows, state, result and move count.</li>
 *   <li><b>Fingerprints.</b> Each finished game gets a record fingerprint row of the real shape
 *   (a SHA-256 hex), made from its id: not the game's real fingerprint, so that the tables a
 *   game's end writes have their real size. No read path reads them.</li>
 * </ul>
 *
 * Inserts run in transactions that also truncate their table: with {@code wal_level=minimal}
 * (which {@link ScaleBench} sets for the fill) PostgreSQL then writes no WAL for them.
 */
final class ScaleFill {

    /** The bots' names are this prefix and 1, 2, … */
    static final String BOT_PREFIX = "bot-";
    /** Zipf-like exponent of the pool's popularity. */
    static final double ZIPF = 0.9;
    /** One pool name in this many is registered. */
    static final int REGISTERED_EVERY = 5;

    /**
     * What to fill.
     *
     * @param games         total games, all kinds
     * @param players       names in the pool
     * @param heavy         the heavy player's name
     * @param heavyShare    the heavy player's share of games
     * @param bots          number of bots
     * @param botGames      games of each bot
     * @param lobby         waiting games
     * @param active        games in play
     * @param dailyShare    daily attempts' share of games
     * @param days          days of history
     * @param movesFraction share of finished games with their moves
     * @param fingerprints  whether to fill the fingerprint tables
     * @param seed          the hash seed
     * @param now           the fill's present
     */
    record Shape(long games, int players, String heavy, double heavyShare, int bots, long botGames, int lobby,
                 int active, double dailyShare, int days, double movesFraction, boolean fingerprints, long seed,
                 Instant now) {
    }

    /** The tables filled with one row or more per game, whose constraints and indexes are made after their rows. */
    private static final List<String> BIG = List.of("games", "seats", "moves", "game_fingerprints", "fingerprints",
            "player_games", "player_stats", "daily_standings");
    private static final String BIG_ARRAY = BIG.stream().map(t -> "'" + t + "'")
            .collect(Collectors.joining(", ", "array[", "]::regclass[]"));
    /** Tables of games' data that the fill empties (the templates' rows) and does not fill, or fills itself later. */
    private static final List<String> EMPTIED = List.of("idempotency_keys", "game_analyses", "daily_attempts",
            "game_watchers");

    private final Shape shape;
    private final Supplier<Connection> connections;
    private final PrintStream out;
    private final Map<String, Double> phases = new LinkedHashMap<>();
    private final Map<String, int[]> templates = new LinkedHashMap<>();

    private ScaleFill(Shape shape, Supplier<Connection> connections, PrintStream out) {
        this.shape = shape;
        this.connections = connections;
        this.out = out;
    }

    /**
     * Fills the database, whose only games are the templates, to {@code shape.games()} games.
     *
     * @param connections new connections to the database, each closed by this method
     * @return seconds per phase, in order
     */
    static Map<String, Double> fill(Shape shape, Supplier<Connection> connections, PrintStream out) throws Exception {
        return new ScaleFill(shape, connections, out).run();
    }

    private Map<String, Double> run() throws Exception {
        try (Connection c = connections.get()) {
            settings(c);
            String before = schema(c);
            phase("templates and names", () -> {
                snapshotTemplates(c);
                names(c);
            });
            phase("plan", () -> plan(c));
            List<String[]> constraints = constraints(c);
            List<String[]> indexes = indexes(c);
            phase("drop constraints and indexes", () -> drop(c, constraints, indexes));
            phase("insert games, seats, moves, fingerprints", this::insertBig);
            phase("players, daily deals and attempts", () -> small(c));
            phase("read models", () -> readModels(c));
            phase("constraints and indexes", () -> rebuild(constraints, indexes));
            phase("rematch links, ratings", () -> {
                exec(c, "update games g set rematch = w.id from scale_plan w where w.rematch_of = g.id");
                rated(c);
            });
            phase("vacuum analyze", this::vacuum);
            phase("drop staging tables", () -> {
                for (String t : List.of("scale_plan", "scale_names", "scale_tpl_moves", "scale_tpl_seats",
                        "scale_tpl_games", "scale_tpl")) {
                    exec(c, "drop table if exists " + t);
                }
            });
            String after = schema(c);
            if (!after.equals(before)) {
                throw new IllegalStateException("the fill changed the schema:\nbefore:\n" + before + "\nafter:\n" + after);
            }
            out.println("  schema after the fill: identical to the migrations' (columns, constraints, indexes)");
        }
        return phases;
    }

    private interface Step {
        void run() throws Exception;
    }

    private void phase(String name, Step step) throws Exception {
        long t0 = System.nanoTime();
        out.printf("  %s …%n", name);
        step.run();
        double s = (System.nanoTime() - t0) / 1e9;
        phases.put(name, s);
        out.printf("  %s: %.1f s%n", name, s);
    }

    private static void settings(Connection c) throws SQLException {
        exec(c, "set max_parallel_workers_per_gather = 0");
        exec(c, "set max_parallel_maintenance_workers = 0");
        exec(c, "set work_mem = '256MB'");
        exec(c, "set maintenance_work_mem = '1GB'");
        exec(c, "set jit = off");
    }

    // ---------------------------------------------------------------- templates, names, the plan

    private void snapshotTemplates(Connection c) throws SQLException {
        exec(c, """
                create unlogged table scale_tpl as
                select (row_number() over (order by cat, created_at, id))::int k, id, cat from (
                  select id, created_at, case
                      when status = 'waiting' then 'waiting'
                      when status = 'active' then 'active'
                      when daily is not null then 'daily-' || ruleset
                      else 'finished-' || coalesce(result ->> 'ending', 'completed') end cat
                  from games) g""");
        exec(c, "create unlogged table scale_tpl_games as select t.k, g.* from games g join scale_tpl t on t.id = g.id");
        exec(c, "create unlogged table scale_tpl_seats as select t.k, s.* from seats s join scale_tpl t on t.id = s.game_id");
        exec(c, """
                create unlogged table scale_tpl_moves as
                select t.k, g.created_at tpl_created, m.* from moves m join scale_tpl t on t.id = m.game_id
                join games g on g.id = m.game_id""");
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "select cat, min(k), count(*) from scale_tpl group by cat order by cat")) {
            while (rs.next()) {
                templates.put(rs.getString(1), new int[]{rs.getInt(2), rs.getInt(3)});
            }
        }
        out.println("    templates: " + templates.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()[1])
                .collect(Collectors.joining(", ")));
        for (String need : List.of("finished-completed", "active", "waiting", "daily-standard", "daily-simple")) {
            if (!templates.containsKey(need)) {
                throw new IllegalStateException("no template of kind " + need);
            }
        }
    }

    /**
     * {@code scale_names}: the pool (ranks 1 …), the heavy player (rank 0) and the bots (ranks −1 …),
     * with a player id for the registered and a share of days for the daily players.
     */
    private void names(Connection c) throws SQLException {
        exec(c, "create unlogged table scale_names (rank int primary key, name text not null, player_id uuid, daily_q float8)");
        List<String> pool = HistoryGenerator.names(shape.players());
        try (var ps = c.prepareStatement("insert into scale_names (rank, name) values (?, ?)")) {
            for (int i = 0; i < pool.size(); i++) {
                ps.setInt(1, i + 1);
                ps.setString(2, pool.get(i));
                ps.addBatch();
            }
            ps.setInt(1, 0);
            ps.setString(2, shape.heavy());
            ps.addBatch();
            for (int b = 1; b <= shape.bots(); b++) {
                ps.setInt(1, -b);
                ps.setString(2, BOT_PREFIX + b);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        exec(c, "update scale_names set player_id = md5('scale-player:%d:' || name)::uuid where rank <= 0 or rank %% %d = 0"
                .formatted(shape.seed(), REGISTERED_EVERY));
        // Daily players: the heavy player, the bots, and registered pool names drawn at random.
        long target = Math.round(shape.dailyShare() * shape.games());
        double perDay = target / (2.0 * shape.days());
        int regulars = (int) Math.max(1, Math.round((perDay - 0.95 - shape.bots()) / 0.5));
        exec(c, "update scale_names set daily_q = case when rank = 0 then 0.95 else 1.0 end where rank <= 0");
        long registered = shape.players() / REGISTERED_EVERY;
        exec(c, """
                update scale_names set daily_q = 0.1 + 0.8 * %s
                where rank > 0 and player_id is not null and %s < %s""".formatted(unit("rank", 11), unit("rank", 13),
                num(Math.min(1.0, regulars / (double) Math.max(1, registered)))));
        exec(c, "analyze scale_names");
    }

    /** A uniform number in [0, 1) from {@code key} (a bigint expression) and the stream {@code k}. */
    private String unit(String key, int k) {
        return "(((hashint8extended((%s)::bigint, %d) >> 11) & 9007199254740991)::float8 / 9007199254740992.0)"
                .formatted(key, shape.seed() * 64 + k);
    }

    /** A pool rank, Zipf-like: the inverse of the continuous density ∝ x^−ZIPF on [1, players + 1). */
    private String zipf(String u) {
        double e = 1 - ZIPF;
        return "least(%d, floor(power(1 + %s * (%s), %s))::int)".formatted(shape.players(), u,
                num(Math.pow(shape.players() + 1, e) - 1), num(1 / e));
    }

    /** The template of a kind: {@code cat}'s first template plus {@code u} × its count. */
    private String template(String cat, String u) {
        int[] t = templates.get(cat);
        return "(%d + floor(%s * %d)::int)".formatted(t[0], u, t[1]);
    }

    /** A finished game's template: the kind by {@code u}, the template within it by {@code v}. */
    private String finishedTemplate(String u, String v) {
        Map<String, Double> weights = new LinkedHashMap<>();
        weights.put("finished-completed", 0.90);
        weights.put("finished-resigned", 0.05);
        weights.put("finished-abandoned", 0.025);
        weights.put("finished-aborted", 0.015);
        weights.put("finished-timeout", 0.01);
        weights.keySet().retainAll(templates.keySet());
        double total = weights.values().stream().mapToDouble(Double::doubleValue).sum();
        StringBuilder sb = new StringBuilder("case");
        double cum = 0;
        List<String> cats = new ArrayList<>(weights.keySet());
        for (int i = 0; i < cats.size(); i++) {
            cum += weights.get(cats.get(i)) / total;
            sb.append(i == cats.size() - 1 ? " else " : " when " + u + " < " + num(cum) + " then ")
                    .append(template(cats.get(i), v));
        }
        return sb.append(" end").toString();
    }

    /** The first seat's rank: 0 the heavy player, −b bot b, else a pool rank. */
    private String firstSeat(String key) {
        double botShare = (double) shape.bots() * shape.botGames() / shape.games();
        return "case when %s < %s then 0 when %s < %s then -1 - floor(%s * %d)::int else %s end".formatted(
                unit(key, 3), num(shape.heavyShare()), unit(key, 3), num(shape.heavyShare() + botShare),
                unit(key, 4), Math.max(1, shape.bots()), zipf(unit(key, 5)));
    }

    private void plan(Connection c) throws SQLException {
        Instant now = shape.now();
        long nowEpoch = now.getEpochSecond();
        long span = shape.days() * 86_400L;
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        exec(c, """
                create unlogged table scale_raw (id uuid, created timestamptz, tpl int, rank0 int, rank1 int, daily date,
                                                 with_moves boolean, rematch_of bigint)""");
        // Daily attempts: each daily player on a share of the past days, per ruleset.
        String dayKey = "((extract(epoch from d)::bigint / 86400) * 4 + r.i) * 100000000 + (n.rank + 1000)";
        exec(c, """
                insert into scale_raw
                select md5('scale-daily:%d:' || d::date || ':' || r.ruleset || ':' || n.rank)::uuid,
                       (d + make_interval(secs => %s * 84600)) at time zone 'UTC',
                       case r.ruleset when 'standard' then %s else %s end, n.rank, null, d::date, true, null
                from generate_series(date '%s', date '%s', interval '1 day') d
                cross join (values ('standard', 1), ('simple', 2)) r(ruleset, i)
                cross join scale_names n
                where n.daily_q is not null and %s < n.daily_q""".formatted(shape.seed(), unit(dayKey, 21),
                template("daily-standard", unit(dayKey, 22)), template("daily-simple", unit(dayKey, 22)),
                today.minusDays(shape.days()), today.minusDays(1), unit(dayKey, 20)));
        long daily = count(c, "select count(*) from scale_raw");
        long bulk = shape.games() - daily - shape.active() - shape.lobby();
        if (bulk < 1) {
            throw new IllegalStateException("--games " + shape.games() + " leaves no room for finished games beside "
                    + daily + " daily attempts, " + shape.active() + " running and " + shape.lobby() + " waiting games");
        }
        // Finished games, in order of creation: position x in [0, 1) of the span, density (1 + 2x) / 2.
        exec(c, """
                insert into scale_raw
                select md5('scale:%d:' || n)::uuid,
                       to_timestamp(%d + %d * ((sqrt(1 + 8 * ((n - 0.5) / %d)) - 1) / 2) - 60),
                       %s, %s, %s, null, %s < %s, null
                from generate_series(1, %d) n""".formatted(shape.seed(), nowEpoch - span, span, bulk,
                finishedTemplate(unit("n", 1), unit("n", 2)), firstSeat("n"), zipf(unit("n", 6)),
                unit("n", 7), num(shape.movesFraction()), bulk));
        // Running games: started within the last two days.
        exec(c, """
                insert into scale_raw
                select md5('scale-active:%d:' || n)::uuid, to_timestamp(%d - %s * 172800), %s, %s, %s, null, true, null
                from generate_series(1, %d) n""".formatted(shape.seed(), nowEpoch, unit("-n", 8),
                template("active", unit("-n", 9)), firstSeat("-n"), zipf(unit("-n", 6)), shape.active()));
        // The lobby: a third opened within the hour, the rest at any time; one in ten a rematch.
        exec(c, """
                insert into scale_raw
                select md5('scale-waiting:%d:' || n)::uuid,
                       to_timestamp(case when n %% 3 = 0 then %d - %s * 3600 else %d + %s * %d end),
                       %s, %s, %s, null, true, case when n %% 10 = 5 then 1 + floor(%s * %d)::bigint end
                from generate_series(1, %d) n""".formatted(shape.seed(), nowEpoch, unit("-1000000 - n", 10),
                nowEpoch - span, unit("-1000000 - n", 10), span, template("waiting", unit("-1000000 - n", 9)),
                zipf(unit("-1000000 - n", 5)), zipf(unit("-1000000 - n", 6)), unit("-1000000 - n", 12), bulk,
                shape.lobby()));
        exec(c, """
                create unlogged table scale_plan as
                select r.id, r.created, r.tpl, a.name name0, a.player_id pid0,
                       b.name name1, b.player_id pid1, r.daily, r.with_moves,
                       case when r.rematch_of is not null then md5('scale:%d:' || r.rematch_of)::uuid end rematch_of
                from scale_raw r join scale_names a on a.rank = r.rank0 left join scale_names b on b.rank = r.rank1
                order by r.created, r.id""".formatted(shape.seed()));
        exec(c, "drop table scale_raw");
        exec(c, "analyze scale_plan");
        out.printf("    plan: %,d games (%,d finished, %,d daily attempts, %,d running, %,d waiting)%n",
                count(c, "select count(*) from scale_plan"), bulk, daily, shape.active(), shape.lobby());
    }

    // ---------------------------------------------------------------- the schema's constraints and indexes

    /** Constraints of the big tables and foreign keys to them: {table, name, definition, contype}, foreign keys last. */
    private static List<String[]> constraints(Connection c) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select conrelid::regclass::text, conname, pg_get_constraintdef(oid), contype from pg_constraint
                where contype in ('p', 'u', 'f', 'x')
                  and (conrelid = any(%s) or (contype = 'f' and confrelid = any(%s)))
                order by contype = 'f', conrelid::regclass::text, conname""".formatted(BIG_ARRAY, BIG_ARRAY))) {
            while (rs.next()) {
                out.add(new String[]{rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)});
            }
        }
        return out;
    }

    /** Indexes of the big tables that no constraint owns: {table, name, definition}. */
    private static List<String[]> indexes(Connection c) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select i.indrelid::regclass::text, i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
                from pg_index i
                where i.indrelid = any(%s)
                  and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
                order by 1, 2""".formatted(BIG_ARRAY))) {
            while (rs.next()) {
                out.add(new String[]{rs.getString(1), rs.getString(2), rs.getString(3)});
            }
        }
        return out;
    }

    private void drop(Connection c, List<String[]> constraints, List<String[]> indexes) throws SQLException {
        for (String[] k : constraints.reversed()) {
            exec(c, "alter table " + k[0] + " drop constraint " + k[1]);
        }
        for (String[] i : indexes) {
            exec(c, "drop index " + i[1]);
        }
        for (String t : EMPTIED) {
            exec(c, "truncate " + t);
        }
    }

    private void rebuild(List<String[]> constraints, List<String[]> indexes) throws Exception {
        List<String> parallel = new ArrayList<>();
        // Largest first, so that the two connections finish together.
        constraints.stream().filter(k -> !k[3].equals("f")).sorted((a, b) -> Integer.compare(rank(a[0]), rank(b[0])))
                .forEach(k -> parallel.add("alter table " + k[0] + " add constraint " + k[1] + " " + k[2]));
        indexes.forEach(i -> parallel.add(i[2]));
        runOnTwo(parallel);
        // A foreign key takes a lock on the table it references that excludes another: one at a time.
        try (Connection c = connections.get()) {
            settings(c);
            for (String[] k : constraints) {
                if (k[3].equals("f")) {
                    long t0 = System.nanoTime();
                    exec(c, "alter table " + k[0] + " add constraint " + k[1] + " " + k[2]);
                    out.printf("    %.1f s  foreign key %s.%s%n", (System.nanoTime() - t0) / 1e9, k[0], k[1]);
                }
            }
        }
    }

    private static int rank(String table) {
        return switch (table) {
            case "moves" -> 0;
            case "games" -> 1;
            case "fingerprints" -> 2;
            default -> 3;
        };
    }

    /** Runs {@code statements} on two connections, each taking the next one left. */
    private void runOnTwo(List<String> statements) throws Exception {
        java.util.concurrent.ConcurrentLinkedQueue<String> queue = new java.util.concurrent.ConcurrentLinkedQueue<>(statements);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                done.add(pool.submit(() -> {
                    try (Connection c = connections.get()) {
                        settings(c);
                        for (String sql = queue.poll(); sql != null; sql = queue.poll()) {
                            long t0 = System.nanoTime();
                            exec(c, sql);
                            out.printf("    %.1f s  %s%n", (System.nanoTime() - t0) / 1e9, abbreviate(sql));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---------------------------------------------------------------- the rows

    private void insertBig() throws Exception {
        // Each table is truncated and filled in one transaction: with wal_level=minimal, no WAL.
        List<List<String>> one = List.of(List.of("truncate games", insert("games", Map.of(
                        "id", "p.id",
                        "created_at", "p.created",
                        "updated_at", "p.created + (t.updated_at - t.created_at)",
                        "finished_at", "p.created + (t.finished_at - t.created_at)",
                        "deadline", "p.created + (t.deadline - t.created_at)",
                        "clock_state", """
                                case when t.clock_state is null then null else jsonb_set(t.clock_state, '{turnStart}',
                                  to_jsonb(to_char(((t.clock_state ->> 'turnStart')::timestamptz + (p.created - t.created_at))
                                    at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))) end""",
                        "rematch_of", "p.rematch_of",
                        "rematch", "null",
                        "daily", "p.daily"), "scale_tpl_games t", "")),
                List.of("truncate seats", insert("seats", Map.of(
                        "game_id", "p.id",
                        "name", "case when t.kind = 'human' then case t.seat when 0 then p.name0 else p.name1 end else t.name end",
                        "player_id", "case when t.kind = 'human' then case t.seat when 0 then p.pid0 else p.pid1 end end",
                        "created_at", "p.created"), "scale_tpl_seats t", "")));
        List<List<String>> two = new ArrayList<>(List.of(List.of("truncate moves", insert("moves", Map.of(
                "game_id", "p.id",
                "at", "p.created + (t.at - t.tpl_created)"), "scale_tpl_moves t", "where p.with_moves"))));
        String fingerprint = "encode(sha256(convert_to('scale-fingerprint:' || p.id, 'UTF8')), 'hex')";
        String finished = "from scale_plan p join scale_tpl_games t on t.k = p.tpl where t.status = 'finished'";
        two.add(shape.fingerprints() ? List.of("truncate game_fingerprints",
                "insert into game_fingerprints (game_id, hash) select p.id, " + fingerprint + " " + finished)
                : List.of("truncate game_fingerprints"));
        two.add(shape.fingerprints() ? List.of("truncate fingerprints",
                "insert into fingerprints (hash, game_id) select " + fingerprint + ", p.id " + finished)
                : List.of("truncate fingerprints"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (List<List<String>> script : List.of(one, two)) {
                done.add(pool.submit(() -> {
                    try (Connection c = connections.get()) {
                        settings(c);
                        for (List<String> transaction : script) {
                            c.setAutoCommit(false);
                            long t0 = System.nanoTime();
                            for (String sql : transaction) {
                                exec(c, sql);
                            }
                            c.commit();
                            c.setAutoCommit(true);
                            out.printf("    %.1f s  %s%n", (System.nanoTime() - t0) / 1e9, abbreviate(transaction.getLast()));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@code insert into table} of every column of {@code table}: {@code override}'s expression
     * where it has one, else the template's column {@code t.col}; one row per plan row and
     * template row ({@code from}, joined on the template number).
     */
    private String insert(String table, Map<String, String> override, String from, String where) {
        List<String> cols = columns(table);
        return "insert into %s (%s) select %s from scale_plan p join %s on t.k = p.tpl %s".formatted(table,
                String.join(", ", cols), cols.stream().map(col -> override.getOrDefault(col, "t." + col))
                        .collect(Collectors.joining(", ")), from, where);
    }

    private List<String> columns(String table) {
        try (Connection c = connections.get(); var ps = c.prepareStatement("""
                select column_name from information_schema.columns
                where table_schema = 'public' and table_name = ? order by ordinal_position""")) {
            ps.setString(1, table);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void small(Connection c) throws SQLException {
        exec(c, """
                insert into players (id, name, key_hash, created_at)
                select player_id, name, encode(sha256(convert_to('scale-key:%d:' || name, 'UTF8')), 'hex'), to_timestamp(%d)
                from scale_names where player_id is not null""".formatted(shape.seed(),
                shape.now().getEpochSecond() - shape.days() * 86_400L - 86_400));
        exec(c, """
                insert into daily_deals (day, ruleset, seed, seed_commitment, created_at)
                select d.daily, t.ruleset, t.seed, t.seed_commitment, d.daily::timestamp at time zone 'UTC'
                from (select distinct daily from scale_plan where daily is not null) d
                cross join (select distinct on (ruleset) ruleset, seed, seed_commitment from scale_tpl_games
                            where daily is not null order by ruleset, k) t
                on conflict do nothing""");
        exec(c, """
                insert into daily_attempts (day, ruleset, player_id, game_id, started_at)
                select p.daily, t.ruleset, p.pid0, p.id, p.created
                from scale_plan p join scale_tpl_games t on t.k = p.tpl where p.daily is not null""");
    }

    /**
     * The read models (migration V11), written from the base tables by the migration's own
     * statements, as a database that had these games before the migration gets them.
     */
    private void readModels(Connection c) throws SQLException {
        exec(c, "truncate player_games, player_stats, daily_standings");
        for (String sql : FilledSchema.readModelBackfill()) {
            long t0 = System.nanoTime();
            exec(c, sql);
            out.printf("    %.1f s  %s%n", (System.nanoTime() - t0) / 1e9, abbreviate(sql));
        }
    }

    /**
     * The hook for rated games. Ratings do not exist yet in this schema; once they do, this is
     * where the fill gives a share of the finished games a rating change and the players their
     * ratings (from the base tables, in SQL, as the rest of the fill). Until then it only says
     * whether the schema has a table it should fill.
     */
    private void rated(Connection c) throws SQLException {
        long tables = count(c, "select count(*) from pg_tables where schemaname = 'public' and tablename like '%rating%'");
        out.println(tables == 0 ? "    ratings: none in this schema, nothing to fill"
                : "    ratings: the schema has rating tables, which this fill does not fill yet (ScaleFill.rated)");
    }

    private void vacuum() throws Exception {
        List<String> tables = new ArrayList<>(List.of("moves", "games", "seats", "fingerprints", "game_fingerprints",
                "players", "daily_deals", "player_games", "player_stats", "daily_standings"));
        tables.addAll(EMPTIED);
        runOnTwo(tables.stream().map(t -> "vacuum analyze " + t).toList());
    }

    // ---------------------------------------------------------------- helpers

    /** Columns, constraints, indexes and persistence of every table: equal strings, equal schemas. */
    static String schema(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select string_agg(x, E'\\n' order by x) from (
                  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
                         || ' ' || coalesce(column_default, '') x
                  from information_schema.columns where table_schema = 'public' and table_name not like 'scale\\_%'
                  union all
                  select 'index ' || i.indexrelid::regclass || ' ' || pg_get_indexdef(i.indexrelid)
                  from pg_index i join pg_class t on t.oid = i.indrelid
                  where t.relnamespace = 'public'::regnamespace and t.relname not like 'scale\\_%'
                  union all
                  select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
                         || ' validated ' || convalidated
                  from pg_constraint where connamespace = 'public'::regnamespace
                  union all
                  select 'table ' || relname || ' ' || relpersistence::text from pg_class
                  where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and relname not like 'scale\\_%'
                ) s""")) {
            rs.next();
            return rs.getString(1);
        }
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.17g", d);
    }

    private static String abbreviate(String sql) {
        String one = sql.replaceAll("\\s+", " ").trim();
        return one.length() <= 110 ? one : one.substring(0, 107) + "…";
    }
}
