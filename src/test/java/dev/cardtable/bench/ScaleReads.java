package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * Every read path of the API timed over HTTP on a filled database, one request at a time, and
 * (with {@code check}) each answer compared with {@link ScaleTruth}: each filter of the history
 * and their combinations, cursor pages deep into a heavy player's and a bot's history, the lobby,
 * statistics and streaks of light and heavy players and a bot, the daily deal's boards and
 * all-time tables, and one game's reads (the game, its moves, a past position, the timeline, the
 * record, the post-game analysis) for a Scoundrel, a Dazzle, the oldest and a running game.
 */
final class ScaleReads {

    /**
     * One read's outcome.
     *
     * @param group    what it belongs to (history, paging, lobby, players, daily, game)
     * @param read     the request
     * @param latency  the timed requests' latencies in nanoseconds
     * @param bytes    the timed answers' total size
     * @param problems what the check found wrong (empty when it found nothing or did not run)
     * @param checked  whether the answer was checked
     */
    record Result(String group, String read, Histogram latency, long bytes, List<String> problems, boolean checked) {
    }

    /** The fewest timed requests of a read that runs out of time. */
    static final int MIN_REPS = 10;

    /** Compares an answer of {@code path} with the truth. */
    private interface Check {
        List<String> problems(JsonNode answer) throws SQLException;
    }

    private record Case(String group, String read, IntFunction<String> path, Check check, int reps, int warmup) {
    }

    /**
     * Who and what to read.
     *
     * @param heavy             the heavy registered player
     * @param bot               a bot
     * @param heavyUnregistered the busiest pool name, not registered
     * @param lightUnregistered a pool name with few games
     * @param lightRegistered   a registered daily player with the fewest games
     * @param scoundrel         a finished Scoundrel game of a month or more ago, with moves
     * @param dazzle            a finished Dazzle game, with moves
     * @param oldest            the oldest game with moves
     * @param active            a running game
     * @param unanalysed        finished Scoundrel games with moves and no analysis yet
     */
    record Population(String heavy, String bot, String heavyUnregistered, String lightUnregistered,
                      String lightRegistered, Game scoundrel, Game dazzle, Game oldest, Game active,
                      List<UUID> unanalysed) {
    }

    /** A game and its number of moves. */
    record Game(UUID id, int moves) {
    }

    private final BenchHttp http;
    private final Connection c;
    private final ScaleTruth truth;
    private final int reps;
    private final int warmup;
    private final int analysisReps;
    private final long maxNanosPerRead;
    private final PrintStream out;
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private final LocalDate today = ScaleTruth.today();

    /**
     * @param check       whether to compare the first answer of each read with the base tables
     * @param reps        timed requests per read
     * @param warmup      untimed requests before them
     * @param analysisReps analyses of games not yet analysed to time
     * @param maxPerRead  once a read has taken this long (warm-up included), it stops after
     *                    {@value #MIN_REPS} timed requests or more
     */
    ScaleReads(BenchHttp http, Connection c, boolean check, int reps, int warmup, int analysisReps,
               java.time.Duration maxPerRead, PrintStream out) {
        this.maxNanosPerRead = maxPerRead.toNanos();
        this.http = http;
        this.c = c;
        this.truth = check ? new ScaleTruth(c) : null;
        this.reps = reps;
        this.warmup = warmup;
        this.analysisReps = analysisReps;
        this.out = out;
    }

    /** Finds the players and games to read in the filled database. */
    static Population population(Connection c, String heavy, int bots, int players, int analysisReps) throws SQLException {
        String bot = bots > 0 ? ScaleFill.BOT_PREFIX + 1 : heavy;
        List<String> pool = HistoryGenerator.names(players);
        String lightRegistered = text(c, """
                select p.name from players p where exists (select 1 from daily_attempts a where a.player_id = p.id)
                order by (select count(*) from seats s where s.player_id = p.id), p.name limit 1""");
        String lightUnregistered;
        try (PreparedStatement ps = c.prepareStatement("""
                select name from seats where name = any(?) and player_id is null
                group by name order by count(*), name limit 1""")) {
            ps.setArray(1, c.createArrayOf("text", pool.subList(Math.max(0, pool.size() - 200), pool.size()).toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                lightUnregistered = rs.next() ? rs.getString(1) : pool.getLast();
            }
        }
        Game scoundrel = game(c, "g.type = 'scoundrel' and g.version >= 30 and g.created_at < now() - interval '30 days'"
                + " and g.result ->> 'ending' = 'completed'", "desc", 0);
        Game dazzle = game(c, "g.type = 'dazzle' and g.created_at < now() - interval '30 days'"
                + " and g.result ->> 'ending' = 'completed'", "desc", 0);
        Game oldest = game(c, "g.type = 'scoundrel'", "asc", 0);
        Game active = null;
        try (PreparedStatement ps = c.prepareStatement("""
                select id, version from games where status = 'active' order by created_at desc limit 1""");
             ResultSet rs = ps.executeQuery()) {
            if (rs.next()) {
                active = new Game(rs.getObject(1, UUID.class), rs.getInt(2));
            }
        }
        List<UUID> unanalysed = new ArrayList<>();
        for (int i = 1; unanalysed.size() < analysisReps && i <= analysisReps + 20; i++) {
            Game g = game(c, "g.type = 'scoundrel' and g.version >= 20 and g.created_at < now() - interval '30 days'"
                    + " and not exists (select 1 from game_analyses x where x.game_id = g.id)", "desc", i);
            if (g != null && !g.id().equals(scoundrel.id())) {
                unanalysed.add(g.id());
            }
        }
        return new Population(heavy, bot, pool.getFirst(), lightUnregistered, lightRegistered, scoundrel, dazzle, oldest,
                active, unanalysed);
    }

    /** The {@code offset}-th finished game with moves matching {@code where}, newest or oldest first. */
    private static Game game(Connection c, String where, String order, int offset) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                select g.id, g.version from games g
                where g.status = 'finished' and %s and exists (select 1 from moves m where m.game_id = g.id)
                order by g.created_at %s, g.id offset %d limit 1""".formatted(where, order, offset));
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? new Game(rs.getObject(1, UUID.class), rs.getInt(2)) : null;
        }
    }

    private static String text(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    /** Times (and checks) every read whose name matches {@code only}. */
    List<Result> run(Population pop, Pattern only) throws SQLException {
        List<Result> results = new ArrayList<>();
        for (Case k : cases(pop)) {
            if (only != null && !only.matcher(k.group() + " " + k.read()).find()) {
                continue;
            }
            results.add(run(k));
        }
        return results;
    }

    /** Times one read of {@code path} as every other, without a check (for another server than the one checked). */
    Result timed(String group, String read, String path) {
        return run(new Case(group, read, i -> path, a -> List.of(), reps, warmup));
    }

    private Result run(Case k) {
        Histogram h = new Histogram(600_000_000_000L, 3);
        long bytes = 0;
        List<String> problems = new ArrayList<>();
        boolean checked = false;
        long start = System.nanoTime();
        for (int i = 0; i < k.warmup() + k.reps(); i++) {
            if (h.getTotalCount() >= MIN_REPS && System.nanoTime() - start > maxNanosPerRead) {
                break; // a slow read: its figures from the requests timed so far
            }
            String path = k.path().apply(i);
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.get(path);
            long t1 = System.nanoTime();
            if (r.statusCode() != 200) {
                problems.add("GET " + path + " → " + r.statusCode() + ": " + r.body());
                break;
            }
            if (i >= k.warmup()) {
                h.recordValue(t1 - t0);
                bytes += r.body().length();
            }
            if (truth != null && (i == 0 || k.read().startsWith("analysis, not yet analysed"))) {
                try {
                    List<String> found = k.check().problems(BenchHttp.read(r.body()));
                    found.forEach(p -> problems.add("GET " + path + ": " + p));
                    checked = true;
                } catch (SQLException | RuntimeException e) {
                    problems.add("GET " + path + ": the check failed: " + e);
                }
            }
        }
        out.printf("  %-9s %-92s p50 %8.1f  p99 %8.1f ms%s%n", k.group(), k.read(), h.getValueAtPercentile(50) / 1e6,
                h.getValueAtPercentile(99) / 1e6, problems.isEmpty() ? (checked ? "  ok" : "") : "  MISMATCH " + problems);
        return new Result(k.group(), k.read(), h, bytes, problems, checked);
    }

    // ---------------------------------------------------------------- the reads

    private List<Case> cases(Population pop) throws SQLException {
        List<Case> cases = new ArrayList<>();
        String h = pop.heavy(), b = pop.bot();
        String weekAgo = now.minus(7, ChronoUnit.DAYS).toString();
        String yearAgo = now.minus(365, ChronoUnit.DAYS).toString();
        String yearAndWeekAgo = now.minus(372, ChronoUnit.DAYS).toString();
        String twoYearsAgo = now.minus(700, ChronoUnit.DAYS).toString();
        for (String q : List.of("", "type=scoundrel", "type=dazzle", "status=finished", "status=active",
                "status=waiting", "result=won", "result=lost", "result=drawn", "result=abandoned",
                "type=dazzle&status=finished&result=drawn",
                "player=" + h, "player=" + h + "&type=dazzle", "player=" + h + "&status=waiting",
                "player=" + h + "&status=active", "player=" + h + "&result=drawn",
                "player=" + h + "&type=dazzle&result=won", "player=" + h + "&result=abandoned",
                "player=" + b, "player=" + b + "&type=dazzle&result=drawn",
                "player=" + pop.heavyUnregistered(), "player=" + pop.lightUnregistered(), "player=nobody-plays-here",
                "createdAfter=" + weekAgo, "createdBefore=" + yearAgo,
                "createdAfter=" + yearAndWeekAgo + "&createdBefore=" + yearAgo,
                "player=" + h + "&createdAfter=" + yearAndWeekAgo + "&createdBefore=" + yearAgo,
                "type=scoundrel&status=finished&createdBefore=" + twoYearsAgo)) {
            String query = (q.isEmpty() ? "" : q + "&") + "limit=20";
            cases.add(history("history", "GET /api/games?" + query, query, 1, null));
        }
        paging(cases, "player=" + h + "&limit=20", List.of(1, 10, 50, 100));
        paging(cases, "player=" + b + "&limit=20", List.of(50, 100));
        paging(cases, "limit=20", List.of(10, 100));
        paging(cases, "player=" + h + "&createdAfter=" + yearAndWeekAgo + "&createdBefore=" + yearAgo + "&limit=20",
                List.of(10, 50));

        cases.add(constant("lobby", "GET /api/lobby?limit=20", "/api/lobby?limit=20", a -> truth.lobby(a, null, 0)));
        cases.add(constant("lobby", "GET /api/lobby?type=dazzle&limit=20", "/api/lobby?type=dazzle&limit=20",
                a -> truth.lobby(a, "dazzle", 0)));
        String lobbyCursor = http.getJson("/api/lobby?limit=20").path("nextCursor").asText(null);
        if (lobbyCursor != null) {
            cases.add(constant("lobby", "GET /api/lobby?limit=20, page 2", "/api/lobby?limit=20&cursor=" + enc(lobbyCursor),
                    a -> truth.lobby(a, null, 20)));
        }

        Map<String, String> players = new LinkedHashMap<>();
        players.put("heavy, registered", h);
        players.put("bot", b);
        players.put("heavy, not registered", pop.heavyUnregistered());
        players.put("light, not registered", pop.lightUnregistered());
        players.put("light, registered", pop.lightRegistered());
        for (var e : players.entrySet()) {
            if (e.getValue() == null) {
                continue;
            }
            String name = e.getValue();
            cases.add(constant("players", "stats of " + name + " (" + e.getKey() + ", " + seats(name) + " seats)",
                    "/api/players/" + name + "/stats", a -> truth.stats(a, name)));
        }
        for (String name : new String[]{h, b, pop.lightRegistered()}) {
            if (name != null) {
                cases.add(constant("players", "streaks of " + name + " (" + attempts(name) + " daily attempts)",
                        "/api/players/" + name + "/streaks", a -> truth.streaks(a, name, today)));
            }
        }

        LocalDate yesterday = today.minusDays(1);
        for (String ruleset : List.of("standard", "simple")) {
            board(cases, ruleset, yesterday, ruleset.equals("standard") ? 2 : 1);
        }
        board(cases, "standard", today.minusDays(365), 1);
        table(cases, "standard", List.of(1, 5));
        table(cases, "simple", List.of(1));

        gameReads(cases, "Scoundrel", pop.scoundrel());
        gameReads(cases, "Dazzle", pop.dazzle());
        gameReads(cases, "the oldest", pop.oldest());
        if (pop.active() != null) {
            UUID id = pop.active().id();
            cases.add(constant("game", "GET /api/games/{id}, a running game", "/api/games/" + id, a -> truth.game(a, id)));
        }
        if (pop.scoundrel() != null) {
            UUID id = pop.scoundrel().id();
            String path = "/api/games/" + id + "/analysis";
            // The analysis is computed by the first request and stored; this case times the stored one.
            http.getJson(path);
            cases.add(constant("game", "analysis, analysed (Scoundrel game of " + pop.scoundrel().moves() + " moves)", path,
                    a -> truth.analysis(a, id)));
        }
        if (!pop.unanalysed().isEmpty() && analysisReps > 0) {
            List<UUID> ids = pop.unanalysed();
            cases.add(new Case("game", "analysis, not yet analysed (each request a new Scoundrel game)",
                    i -> "/api/games/" + ids.get(i % ids.size()) + "/analysis",
                    a -> truth.analysis(a, UUID.fromString(a.get("gameId").asText())), Math.min(analysisReps, ids.size()), 0));
        }
        return cases;
    }

    private Case constant(String group, String read, String path, Check check) {
        return new Case(group, read, i -> path, check, reps, warmup);
    }

    private Case history(String group, String read, String query, int page, String cursor) {
        Map<String, String> q = query(query);
        String path = "/api/games?" + encodeQuery(query) + (cursor == null ? "" : "&cursor=" + enc(cursor));
        return constant(group, read, path, a -> truth.history(a, q, (page - 1) * Integer.parseInt(q.get("limit"))));
    }

    /** Pages {@code pages} of a history query reached by following nextCursor from page 1. */
    private void paging(List<Case> cases, String query, List<Integer> pages) {
        int last = pages.stream().mapToInt(Integer::intValue).max().orElse(1);
        String cursor = null;
        for (int page = 1; page <= last; page++) {
            if (pages.contains(page)) {
                cases.add(history("paging", "GET /api/games?" + query + ", page " + page + (page > 1 ? " by cursor" : ""),
                        query, page, cursor));
            }
            JsonNode p = http.getJson("/api/games?" + encodeQuery(query) + (cursor == null ? "" : "&cursor=" + enc(cursor)));
            cursor = p.path("nextCursor").asText(null);
            if (cursor == null) {
                out.printf("  (GET /api/games?%s has %d pages: deeper pages not read)%n", query, page);
                return;
            }
        }
    }

    private void board(List<Case> cases, String ruleset, LocalDate day, int pages) {
        String base = "/api/daily/" + ruleset + "/" + day + "/leaderboard?limit=20";
        String cursor = null;
        for (int page = 1; page <= pages; page++) {
            String path = base + (cursor == null ? "" : "&cursor=" + enc(cursor));
            int offset = (page - 1) * 20;
            HttpResponse<String> r = http.get(path);
            if (r.statusCode() != 200) {
                out.printf("  (%s → %d: no board)%n", path, r.statusCode());
                return;
            }
            JsonNode first = BenchHttp.read(r.body());
            cases.add(constant("daily", "day's board, " + ruleset + " " + day + " (" + first.get("items").size()
                            + " entries on the page), page " + page, path, a -> truth.board(a, ruleset, day, offset)));
            cursor = first.path("nextCursor").asText(null);
            if (cursor == null) {
                return;
            }
        }
    }

    private void table(List<Case> cases, String ruleset, List<Integer> pages) {
        String base = "/api/daily/" + ruleset + "/leaderboard?limit=20";
        String cursor = null;
        int last = pages.stream().mapToInt(Integer::intValue).max().orElse(1);
        for (int page = 1; page <= last; page++) {
            String path = base + (cursor == null ? "" : "&cursor=" + enc(cursor));
            int offset = (page - 1) * 20;
            if (pages.contains(page)) {
                cases.add(constant("daily", "all-time table, " + ruleset + ", page " + page, path,
                        a -> truth.table(a, ruleset, offset)));
            }
            cursor = http.getJson(path).path("nextCursor").asText(null);
            if (cursor == null) {
                return;
            }
        }
    }

    private void gameReads(List<Case> cases, String what, Game g) {
        if (g == null) {
            out.println("  (no " + what + " game with moves to read)");
            return;
        }
        UUID id = g.id();
        String label = what + " game of " + g.moves() + " moves";
        int mid = g.moves() / 2;
        cases.add(constant("game", "GET /api/games/{id}, " + label, "/api/games/" + id, a -> truth.game(a, id)));
        cases.add(constant("game", "GET /api/games/{id}/moves, " + label, "/api/games/" + id + "/moves",
                a -> truth.moves(a, id)));
        cases.add(constant("game", "GET /api/games/{id}/states/" + mid + ", " + label, "/api/games/" + id + "/states/" + mid,
                a -> truth.state(a, id, mid)));
        cases.add(constant("game", "GET /api/games/{id}/timeline, " + label, "/api/games/" + id + "/timeline",
                a -> truth.timeline(a, id)));
        cases.add(constant("game", "GET /api/games/{id}/record, " + label, "/api/games/" + id + "/record",
                a -> truth.record(a, id)));
    }

    private long seats(String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select count(*) from seats where name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private long attempts(String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "select count(*) from daily_attempts a join players p on p.id = a.player_id where p.name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static Map<String, String> query(String query) {
        Map<String, String> q = new LinkedHashMap<>();
        for (String part : query.split("&")) {
            int eq = part.indexOf('=');
            q.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return q;
    }

    private static String encodeQuery(String query) {
        StringBuilder sb = new StringBuilder();
        query(query).forEach((k, v) -> sb.append(sb.isEmpty() ? "" : "&").append(k).append('=').append(enc(v)));
        return sb.toString();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
