package dev.cardtable.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;
import dev.cardtable.engine.scoundrel.solver.Solution;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * The real games {@link ScaleBench} multiplies: played on an empty database, before the fill.
 *
 * <ul>
 *   <li>{@code historyGames} finished games played to their end in-process by the engine and
 *   written in exactly the rows the server writes ({@link HistoryGenerator}: Scoundrel in every
 *   ruleset and binding, won and lost; Dazzle against {@code random} and {@code heuristic} and
 *   between two people, drawn now and then).</li>
 *   <li>Through the API of the running server: {@value #WELL_PLAYED} Scoundrel games played with
 *   the solver's help (its winning line, but for random moves at a rate of 0 to 20 %), so that
 *   some are won, which random and greedy play almost never are; games ended otherwise (resigned, aborted before the
 *   first move, cancelled while waiting, out of time on a Fischer or correspondence clock, and
 *   abandoned: a game backdated by eight days, which the server's sweep then ends as it would),
 *   games still running (Dazzle with correspondence and Fischer clocks, Scoundrel with and
 *   without a clock, a few moves in), games waiting in the lobby (one open seat, every seat
 *   open, and a rematch waiting for its other player), and attempts at today's daily deal of
 *   both rulesets by {@value #DAILY_PLAYERS} registered players: each follows the solver's
 *   winning line but for random moves at its own rate, so the day's board has wins and losses
 *   of many scores.</li>
 * </ul>
 *
 * The server must run with {@code cardtable.sweep.every} short (e.g. {@code 1s}) so that the
 * timeouts and the abandoned games end within seconds; this class waits for them.
 */
final class ScaleTemplates {

    static final int DAILY_PLAYERS = 12;
    /** Scoundrel games played with the solver's help, so that some are won. */
    static final int WELL_PLAYED = 30;

    private static final ScoundrelRules SCOUNDREL = new ScoundrelRules();

    private final BenchHttp http;
    private final Connection c;
    private final Random rnd;
    private final PrintStream out;
    private final List<UUID> mustFinish = new ArrayList<>();
    private int names;

    private ScaleTemplates(BenchHttp http, Connection c, long seed, PrintStream out) {
        this.http = http;
        this.c = c;
        this.rnd = new Random(seed);
        this.out = out;
    }

    /**
     * Plays every template on the server at {@code http}, whose database {@code c} is connected
     * to, and returns when all of them are in their final state.
     *
     * @return the number of games written
     */
    static long play(BenchHttp http, Connection c, int historyGames, long seed, PrintStream out) throws Exception {
        return new ScaleTemplates(http, c, seed, out).play(historyGames, seed);
    }

    private long play(int historyGames, long seed) throws Exception {
        long t0 = System.nanoTime();
        HistoryGenerator.Summary s = new HistoryGenerator(seed, Instant.now()).insert(c, historyGames, i -> { });
        out.printf("  %,d finished games played in-process (%,d Scoundrel, %,d won; %,d Dazzle), %,d moves%n",
                s.games(), s.scoundrel(), s.scoundrelWon(), s.dazzle(), s.moves());
        endings();
        running();
        waiting();
        daily();
        awaitEndings();
        long games = count("select count(*) from games");
        long won = count("""
                select count(*) from games g join seats s on s.game_id = g.id
                where g.type = 'scoundrel' and g.daily is null and s.outcome = 'won'""");
        out.printf("  templates: %,d games (%s; %d Scoundrel games won) in %.1f s%n", games, breakdown(), won,
                (System.nanoTime() - t0) / 1e9);
        return games;
    }

    // ---------------------------------------------------------------- games ended otherwise

    private void endings() throws SQLException {
        for (int i = 0; i < 8; i++) {
            Game g = create(scoundrel(null));
            g = playRandom(g, 2 + rnd.nextInt(14));
            resign(g, 0);
        }
        for (int i = 0; i < 8; i++) {
            Game g = create(dazzleVs(i % 2 == 0 ? "heuristic" : "random", null));
            g = playRandom(g, 2 + rnd.nextInt(12));
            resign(g, 0);
        }
        for (int i = 0; i < 4; i++) {
            Game g = create(dazzlePair(null));
            g = playRandom(g, 2 + rnd.nextInt(20));
            resign(g, rnd.nextInt(2));
        }
        for (int i = 0; i < 6; i++) {
            Game g = create(dazzleOpen(i % 2 == 0 ? null : correspondence("P1D")));
            http.post("/api/games/" + g.id + "/cancel", null, g.tokens[0], 200);
        }
        for (int i = 0; i < 4; i++) {
            Game g = create(dazzlePair(null));
            http.post("/api/games/" + g.id + "/moves", Map.of("action", "abort"), g.tokens[0], 200);
        }
        // Out of time: the shortest clocks the API accepts, ended by the sweep within seconds.
        for (int i = 0; i < 6; i++) {
            mustFinish.add(create(dazzlePair(Map.of("type", "fischer", "initial", "PT1S", "increment", "PT0S"))).uuid());
        }
        for (int i = 0; i < 3; i++) {
            mustFinish.add(create(scoundrel(correspondence("PT1S"))).uuid());
        }
        // Abandoned: a game without a clock, backdated past cardtable.abandon-after (7 days).
        for (int i = 0; i < 6; i++) {
            Game g = playRandom(create(scoundrel(null)), 1 + rnd.nextInt(4));
            backdate(g.uuid());
            mustFinish.add(g.uuid());
        }
        // Scoundrel played well: the solver's line with random moves at some rate, so that some are won.
        ScoundrelSolver solver = new ScoundrelSolver();
        String[][] rulesets = {{"standard", "lessOrEqual"}, {"standard", "strictlyLess"}, {"simple", null}};
        for (int i = 0; i < WELL_PLAYED; i++) {
            String[] r = rulesets[i % rulesets.length];
            Map<String, Object> body = new java.util.LinkedHashMap<>(scoundrel(null));
            body.put("ruleset", r[0]);
            body.put("seed", "scale-template-" + i);
            if (r[1] != null) {
                body.put("options", Map.of(ScoundrelRules.WEAPON_BINDING, r[1]));
            }
            Game g = create(body);
            playGuided(solver, g.uuid(), g.tokens()[0], 0.05 * (i % 5));
        }
        // Played to the end between two people, the source of the waiting rematches below.
        for (int i = 0; i < 4; i++) {
            Game g = playRandom(create(dazzlePair(null)), 500);
            if (i < 2 && g.status().equals("finished")) {
                http.post("/api/games/" + g.id + "/rematch", null, g.tokens[0], 201);
            }
        }
    }

    private void awaitEndings() throws Exception {
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (true) {
            long left;
            try (PreparedStatement ps = c.prepareStatement(
                    "select count(*) from games where id = any(?) and status <> 'finished'")) {
                ps.setArray(1, c.createArrayOf("uuid", mustFinish.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    left = rs.getLong(1);
                }
            }
            if (left == 0) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(left + " games out of time or abandoned were not ended by the server's"
                        + " sweep within 90 s (is cardtable.sweep.every short?)");
            }
            Thread.sleep(500);
        }
    }

    /** Moves every time of game {@code id} eight days back, as if nobody had touched it since. */
    private void backdate(UUID id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                with g as (update games set created_at = created_at - interval '8 days',
                                            updated_at = updated_at - interval '8 days' where id = ?),
                     s as (update seats set created_at = created_at - interval '8 days' where game_id = ?)
                update moves set at = at - interval '8 days' where game_id = ?""")) {
            for (int i = 1; i <= 3; i++) {
                ps.setObject(i, id);
            }
            ps.executeUpdate();
        }
    }

    // ---------------------------------------------------------------- running and waiting games

    private void running() {
        for (int i = 0; i < 12; i++) {
            playRandom(create(dazzlePair(correspondence("P7D"))), rnd.nextInt(13));
        }
        for (int i = 0; i < 8; i++) {
            Map<String, Object> fischer = Map.of("type", "fischer", "initial", "P3D", "increment", "PT1H");
            playRandom(create(dazzleVs("heuristic", fischer)), rnd.nextInt(9));
        }
        for (int i = 0; i < 10; i++) {
            playRandom(create(scoundrel(null)), 1 + rnd.nextInt(20));
        }
        for (int i = 0; i < 4; i++) {
            playRandom(create(scoundrel(correspondence("P7D"))), 1 + rnd.nextInt(10));
        }
    }

    private void waiting() {
        for (int i = 0; i < 8; i++) {
            create(dazzleOpen(i % 3 == 0 ? correspondence("P1D") : null));
        }
        for (int i = 0; i < 2; i++) {
            create(Map.of("type", "dazzle", "seats", List.of(Map.of("open", true), Map.of("open", true))));
        }
    }

    // ---------------------------------------------------------------- the daily deal

    private void daily() throws SQLException {
        ScoundrelSolver solver = new ScoundrelSolver();
        for (int p = 0; p < DAILY_PLAYERS; p++) {
            String name = String.format("daily-%02d", p + 1);
            String key = http.post("/api/players", Map.of("name", name), null, 201).get("key").asText();
            double deviation = p < 2 ? 0 : (p - 1) / (double) DAILY_PLAYERS;
            for (String ruleset : List.of("standard", "simple")) {
                JsonNode g = http.post("/api/daily/" + ruleset + "/attempts", null, null, "X-Player-Key", key, 201);
                playGuided(solver, UUID.fromString(g.get("id").asText()), g.at("/credentials/0/token").asText(), deviation);
            }
        }
    }

    /**
     * Plays a Scoundrel game to its end: the solver's winning line from the current position, but a
     * random legal move with probability {@code deviation} at each turn (after which the line is
     * searched again, until the position can no longer be won).
     */
    private void playGuided(ScoundrelSolver solver, UUID id, String token, double deviation) throws SQLException {
        String ruleset, seed, options;
        try (PreparedStatement ps = c.prepareStatement("select ruleset, seed, options::text from games where id = ?")) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                ruleset = rs.getString(1);
                seed = rs.getString(2);
                options = rs.getString(3);
            }
        }
        Map<String, String> opts;
        try {
            opts = BenchHttp.JSON.readValue(options, new TypeReference<Map<String, String>>() { });
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        ScoundrelState s = SCOUNDREL.deal(new Setup(ruleset, new Options(opts), new Deal.Seeded(seed)));
        List<ScoundrelMove> line = null;
        int at = 0;
        boolean lost = false;
        while (!SCOUNDREL.toAct(s).isEmpty()) {
            List<ScoundrelMove> legal = SCOUNDREL.legalMoves(s, Seat.of(0));
            ScoundrelMove m = null;
            if (!lost && rnd.nextDouble() >= deviation) {
                if (line == null || at >= line.size()) {
                    Solution sol = solver.decide(s, Budget.nodes(400_000));
                    line = sol.winnable() ? sol.line() : null;
                    at = 0;
                    lost = line == null;
                }
                m = line == null ? null : line.get(at++);
            } else {
                line = null;
            }
            if (m == null) {
                m = legal.get(rnd.nextInt(legal.size()));
            }
            http.post("/api/games/" + id + "/moves", SCOUNDREL.writeMove(m), token, 200);
            s = SCOUNDREL.apply(s, Seat.of(0), m);
        }
    }

    // ---------------------------------------------------------------- playing over HTTP

    private record Game(String id, String[] tokens, JsonNode last) {
        UUID uuid() {
            return UUID.fromString(id);
        }

        String status() {
            return last.get("status").asText();
        }
    }

    private Game create(Map<String, Object> body) {
        JsonNode g = http.post("/api/games", body, null, 201);
        String[] tokens = new String[g.get("seats").size()];
        for (JsonNode cred : g.get("credentials")) {
            tokens[cred.get("seat").asInt()] = cred.get("token").asText();
        }
        return new Game(g.get("id").asText(), tokens, g);
    }

    /** Up to {@code moves} random legal moves by the seats this client holds, while the game runs. */
    private Game playRandom(Game g, int moves) {
        JsonNode last = g.last();
        for (int i = 0; i < moves && last.get("status").asText().equals("active"); i++) {
            JsonNode toAct = last.get("toAct");
            if (toAct.isEmpty() || g.tokens()[toAct.get(0).asInt()] == null) {
                break;
            }
            int seat = toAct.get(0).asInt();
            String token = g.tokens()[seat];
            JsonNode seen = last.get("viewer").isNull() || last.get("viewer").asInt() != seat
                    ? http.getJson("/api/games/" + g.id(), token) : last;
            JsonNode legal = seen.get("legalMoves");
            last = http.post("/api/games/" + g.id() + "/moves", legal.get(rnd.nextInt(legal.size())).toString(), token, 200);
        }
        return new Game(g.id(), g.tokens(), last);
    }

    private void resign(Game g, int seat) {
        if (g.status().equals("active")) {
            http.post("/api/games/" + g.id() + "/moves", Map.of("action", "resign"), g.tokens()[seat], 200);
        }
    }

    private String name() {
        return "template-" + (++names);
    }

    private Map<String, Object> scoundrel(Map<String, Object> clock) {
        return withClock(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name()))), clock);
    }

    private Map<String, Object> dazzleVs(String ai, Map<String, Object> clock) {
        return withClock(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name()), Map.of("ai", ai))), clock);
    }

    private Map<String, Object> dazzlePair(Map<String, Object> clock) {
        return withClock(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name()), Map.of("name", name()))), clock);
    }

    private Map<String, Object> dazzleOpen(Map<String, Object> clock) {
        return withClock(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name()), Map.of("open", true))), clock);
    }

    private static Map<String, Object> correspondence(String perMove) {
        return Map.of("type", "correspondence", "perMove", perMove);
    }

    private static Map<String, Object> withClock(Map<String, Object> body, Map<String, Object> clock) {
        if (clock == null) {
            return body;
        }
        Map<String, Object> b = new java.util.LinkedHashMap<>(body);
        b.put("clock", clock);
        return b;
    }

    // ---------------------------------------------------------------- reading back

    private long count(String sql) throws SQLException {
        try (var st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String breakdown() throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (var st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select status || coalesce('/' || (result ->> 'ending'), '') || case when daily is not null then ' daily' else '' end,
                       count(*)
                from games group by 1 order by 1""")) {
            while (rs.next()) {
                sb.append(sb.isEmpty() ? "" : ", ").append(rs.getString(1)).append(' ').append(rs.getLong(2));
            }
        }
        return sb.toString();
    }
}
