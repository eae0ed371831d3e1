package dev.cardtable.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.platform.game.view.GameResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * What each read of {@link ScaleReads} should answer, computed from the base tables alone
 * ({@code games}, {@code seats}, {@code moves}, {@code players}, {@code daily_attempts}) with the
 * definitions of {@code docs/api.md}, and past positions by replaying the move log through the
 * engine: never from a table the server keeps only to answer faster. So the check stays valid
 * whatever the server reads. Each method compares an answer with that truth and returns what
 * differs (empty when nothing does).
 * Times read from the base tables are compared at the payloads' precision, the millisecond
 * (docs/api.md, "One vocabulary").
 */
public final class ScaleTruth {

    private static final Map<String, Rules<?, ?, ?>> RULES = Map.of(ScoundrelRules.TYPE, new ScoundrelRules(),
            DazzleRules.TYPE, new DazzleRules());

    private final Connection c;

    /** @param c a connection to the database the server under test uses */
    public ScaleTruth(Connection c) {
        this.c = c;
    }

    // ---------------------------------------------------------------- history and lobby

    /** One player's outcome of a game from its seats {@code s}: theirs when they agree, a draw when they differ. */
    private static final String OUTCOME = "case when count(distinct s.outcome) > 1 then 'drawn' else max(s.outcome) end";

    /**
     * A page of {@code GET /api/games} with the filters {@code q} ({@code docs/api.md}, "History"),
     * the page that starts after {@code offset} games.
     */
    List<String> history(JsonNode page, Map<String, String> q, int offset) throws SQLException {
        int limit = Integer.parseInt(q.getOrDefault("limit", "20"));
        StringBuilder sql = new StringBuilder("select g.id from games g where true");
        List<Object> p = new ArrayList<>();
        if (q.containsKey("type")) {
            sql.append(" and g.type = ?");
            p.add(q.get("type"));
        }
        if (q.containsKey("status")) {
            sql.append(" and g.status = ?");
            p.add(q.get("status"));
        }
        if (q.containsKey("player")) {
            // The player's outcome, with result: its seats' outcome, a draw when they differ
            // (docs/api.md, "History": a game counts once per player).
            sql.append(q.containsKey("result") ? " and (select " + OUTCOME + " from seats s where s.game_id = g.id"
                    + " and s.kind = 'human' and s.name = ?) = ?"
                    : " and exists (select 1 from seats s where s.game_id = g.id and s.kind = 'human' and s.name = ?)");
            p.add(q.get("player"));
            if (q.containsKey("result")) {
                p.add(q.get("result"));
            }
        } else if (q.containsKey("result")) {
            // Without a player: any player's outcome, as above.
            sql.append(" and exists (select 1 from seats s where s.game_id = g.id and s.kind = 'human' and s.name is not null"
                    + " group by s.name having " + OUTCOME + " = ?)");
            p.add(q.get("result"));
        }
        if (q.containsKey("createdAfter")) {
            sql.append(" and g.created_at > ?::timestamptz");
            p.add(q.get("createdAfter"));
        }
        if (q.containsKey("createdBefore")) {
            sql.append(" and g.created_at < ?::timestamptz");
            p.add(q.get("createdBefore"));
        }
        sql.append(" order by g.created_at desc, g.id desc offset ? limit ?");
        p.add(offset);
        p.add(limit + 1);
        List<UUID> truth = ids(sql.toString(), p);
        List<String> problems = new ArrayList<>();
        pageOf(page, truth, limit, problems);
        problems.addAll(summaries(page.get("items")));
        return problems;
    }

    /** A page of {@code GET /api/lobby}: waiting games, rematches left out, newest first. */
    List<String> lobby(JsonNode page, String type, int offset) throws SQLException {
        List<Object> p = new ArrayList<>();
        String sql = "select g.id from games g where g.status = 'waiting' and g.rematch_of is null"
                + (type == null ? "" : " and g.type = ?") + " order by g.created_at desc, g.id desc offset ? limit 21";
        if (type != null) {
            p.add(type);
        }
        p.add(offset);
        List<String> problems = new ArrayList<>();
        pageOf(page, ids(sql, p), 20, problems);
        for (JsonNode item : page.get("items")) {
            UUID id = UUID.fromString(item.get("id").asText());
            Game g = game(id);
            List<Integer> open = new ArrayList<>();
            List<String> waiting = new ArrayList<>();
            for (SeatTruth s : g.seats()) {
                if (s.kind().equals("open")) {
                    open.add(s.seat());
                } else if (s.kind().equals("human")) {
                    waiting.add(s.name());
                }
            }
            same(problems, id + " openSeats", open, ints(item.get("openSeats")));
            same(problems, id + " waiting", waiting, texts(item.get("waiting")));
            same(problems, id + " type", g.type(), item.get("type").asText());
            same(problems, id + " since", g.createdAt(), Instant.parse(item.get("since").asText()));
        }
        return problems;
    }

    private static void pageOf(JsonNode page, List<UUID> truth, int limit, List<String> problems) {
        List<UUID> got = new ArrayList<>();
        for (JsonNode item : page.get("items")) {
            got.add(UUID.fromString(item.get("id").asText()));
        }
        List<UUID> expected = truth.subList(0, Math.min(limit, truth.size()));
        if (!got.equals(expected)) {
            problems.add("items " + got.size() + " " + abbreviate(got) + " != expected " + expected.size() + " "
                    + abbreviate(expected));
        }
        boolean more = truth.size() > limit;
        if (page.get("nextCursor").isNull() == more) {
            problems.add("nextCursor " + page.get("nextCursor") + " but more games follow: " + more);
        }
    }

    /** History items against their games' rows. */
    private List<String> summaries(JsonNode items) throws SQLException {
        List<String> problems = new ArrayList<>();
        for (JsonNode item : items) {
            UUID id = UUID.fromString(item.get("id").asText());
            Game g = game(id);
            same(problems, id + " status", g.status(), item.get("status").asText());
            same(problems, id + " type", g.type(), item.get("type").asText());
            same(problems, id + " moveCount", g.version(), item.get("moveCount").asInt());
            same(problems, id + " version", g.version() + g.seatsTaken(), item.get("version").asInt());
            same(problems, id + " createdAt", g.createdAt(), Instant.parse(item.get("createdAt").asText()));
            same(problems, id + " seats", g.seatNames(), seatNames(item.get("seats")));
            same(problems, id + " result", g.status().equals("finished") ? g.result() : null,
                    item.get("result").isNull() ? null : item.get("result"));
        }
        return problems;
    }

    // ---------------------------------------------------------------- players

    /** {@code GET /api/players/{name}/stats}: per type, over the name's (or its player's verified) seats. */
    public List<String> stats(JsonNode s, String name) throws SQLException {
        List<String> problems = new ArrayList<>();
        UUID player = registered(name);
        same(problems, "verified", player != null, s.get("verified").asBoolean());
        Map<String, Object[]> truth = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("""
                select game_type, count(*) filter (where o <> 'abandoned'),
                       count(*) filter (where o = 'won'), count(*) filter (where o = 'lost'),
                       count(*) filter (where o = 'drawn'), count(*) filter (where o = 'abandoned'),
                       max(sc), avg(sc)::float8
                from (select s.game_type, s.game_id, %s o, max(s.score) sc
                      from seats s join games g on g.id = s.game_id
                      where g.status = 'finished' and s.outcome is not null and s.kind = 'human' and %s
                      group by s.game_type, s.game_id) x
                group by game_type order by game_type""".formatted(OUTCOME, player != null ? "s.player_id = ?" : "s.name = ?"))) {
            ps.setObject(1, player != null ? player : name);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    truth.put(rs.getString(1), new Object[]{rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                            rs.getLong(6), rs.getObject(7), rs.getObject(8)});
                }
            }
        }
        Map<String, JsonNode> got = new LinkedHashMap<>();
        s.get("types").forEach(t -> got.put(t.get("type").asText(), t));
        same(problems, "types", List.copyOf(truth.keySet()), List.copyOf(got.keySet()));
        truth.forEach((type, t) -> {
            JsonNode g = got.get(type);
            if (g == null) {
                return;
            }
            String[] keys = {"played", "won", "lost", "drawn", "abandoned"};
            for (int i = 0; i < keys.length; i++) {
                same(problems, type + " " + keys[i], t[i], g.get(keys[i]).asLong());
            }
            same(problems, type + " bestScore", t[5] == null ? null : ((Number) t[5]).longValue(),
                    g.get("bestScore").isNull() ? null : g.get("bestScore").asLong());
            if ((t[6] == null) != g.get("meanScore").isNull()
                    || t[6] != null && Math.abs((Double) t[6] - g.get("meanScore").asDouble()) > 0.0051) {
                problems.add(type + " meanScore " + g.get("meanScore") + " != " + t[6]);
            }
        });
        return problems;
    }

    /**
     * {@code GET /api/players/{name}/streaks} of a registered name: per ruleset its days, wins,
     * last day and runs of consecutive UTC days played and won ({@code docs/api.md}, "Streaks").
     */
    List<String> streaks(JsonNode s, String name, LocalDate today) throws SQLException {
        List<String> problems = new ArrayList<>();
        UUID player = registered(name);
        Map<String, Set<LocalDate>> played = new LinkedHashMap<>();
        Map<String, Set<LocalDate>> won = new LinkedHashMap<>();
        played.put("standard", new HashSet<>());
        played.put("simple", new HashSet<>());
        try (PreparedStatement ps = c.prepareStatement("""
                select a.ruleset, a.day, coalesce(s.outcome = 'won' and g.status = 'finished'
                                                  and g.finished_at < (a.day + 1)::timestamp at time zone 'UTC', false)
                from daily_attempts a join games g on g.id = a.game_id join seats s on s.game_id = g.id and s.seat = 0
                where a.player_id = ?""")) {
            ps.setObject(1, player);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    LocalDate day = rs.getObject(2, LocalDate.class);
                    played.computeIfAbsent(rs.getString(1), k -> new HashSet<>()).add(day);
                    Set<LocalDate> w = won.computeIfAbsent(rs.getString(1), k -> new HashSet<>());
                    if (rs.getBoolean(3)) {
                        w.add(day);
                    }
                }
            }
        }
        played.values().removeIf(Set::isEmpty);
        Map<String, JsonNode> got = new LinkedHashMap<>();
        s.get("rulesets").forEach(r -> got.put(r.get("ruleset").asText(), r));
        same(problems, "rulesets", List.copyOf(played.keySet()), List.copyOf(got.keySet()));
        played.forEach((ruleset, days) -> {
            JsonNode g = got.get(ruleset);
            if (g == null) {
                return;
            }
            Set<LocalDate> w = won.getOrDefault(ruleset, Set.of());
            same(problems, ruleset + " played", runs(days, today), List.of(g.at("/played/current").asInt(),
                    g.at("/played/longest").asInt()));
            same(problems, ruleset + " won", runs(w, today), List.of(g.at("/won/current").asInt(),
                    g.at("/won/longest").asInt()));
            same(problems, ruleset + " days", (long) days.size(), g.get("days").asLong());
            same(problems, ruleset + " wins", (long) w.size(), g.get("wins").asLong());
            same(problems, ruleset + " lastPlayed", days.stream().max(LocalDate::compareTo).orElseThrow().toString(),
                    g.get("lastPlayed").asText());
        });
        return problems;
    }

    /** The current run (ending today, or yesterday while today has none) and the longest run. */
    static List<Integer> runs(Set<LocalDate> days, LocalDate today) {
        List<LocalDate> sorted = days.stream().sorted().toList();
        int longest = 0, run = 0;
        LocalDate prev = null;
        for (LocalDate d : sorted) {
            run = prev != null && prev.plusDays(1).equals(d) ? run + 1 : 1;
            longest = Math.max(longest, run);
            prev = d;
        }
        LocalDate end = days.contains(today) ? today : today.minusDays(1);
        int current = 0;
        while (days.contains(end.minusDays(current))) {
            current++;
        }
        return List.of(current, longest);
    }

    private UUID registered(String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "select id from players where lower(name) = lower(?) and revoked_at is null")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getObject(1, UUID.class) : null;
            }
        }
    }

    // ---------------------------------------------------------------- the daily deal's boards

    /** A day's counted attempts: finished within the day, with a score. Parameters: ruleset[, day]. */
    private static final String COUNTED = """
            from daily_attempts a join games g on g.id = a.game_id join seats s on s.game_id = g.id and s.seat = 0
            join players p on p.id = a.player_id
            where a.ruleset = ? and g.status = 'finished' and s.score is not null
              and g.finished_at < (a.day + 1)::timestamp at time zone 'UTC'""";

    /** A page of a day's board: score descending, then fewer moves, then who finished first. */
    List<String> board(JsonNode b, String ruleset, LocalDate day, int offset) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select p.name, g.id, s.score, g.version, s.outcome, g.finished_at "
                + COUNTED + " and a.day = ? order by s.score desc, g.version, g.finished_at, g.id")) {
            ps.setString(1, ruleset);
            ps.setObject(2, day);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(List.of(rs.getString(1), rs.getObject(2, UUID.class).toString(), rs.getLong(3),
                            rs.getLong(4), rs.getString(5), rs.getObject(6, OffsetDateTime.class).toInstant().truncatedTo(ChronoUnit.MILLIS)));
                }
            }
        }
        // Equal score, moves and finishing time share a rank (rank(): 1 + the entries strictly better).
        List<List<Object>> ranked = ranked(rows, r -> List.of(r.get(2), r.get(3), r.get(5)));
        List<List<Object>> got = new ArrayList<>();
        for (JsonNode e : b.get("items")) {
            got.add(List.of(e.get("rank").asLong(), e.get("player").asText(), e.get("gameId").asText(),
                    e.get("score").asLong(), e.get("moves").asLong(), e.get("outcome").asText(),
                    Instant.parse(e.get("finishedAt").asText())));
        }
        return window(got, ranked, offset, 20, b.get("nextCursor"));
    }

    /** A page of the all-time table: days won, then total score, then name. */
    List<String> table(JsonNode t, String ruleset, int offset) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                select p.name, count(*), count(*) filter (where s.outcome = 'won'), sum(s.score), max(s.score), p.id
                """ + COUNTED + " group by p.id, p.name order by 3 desc, 4 desc, p.name, p.id")) {
            ps.setString(1, ruleset);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(List.of(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)));
                }
            }
        }
        List<List<Object>> ranked = ranked(rows, r -> List.of(r.get(2), r.get(3)));
        List<List<Object>> got = new ArrayList<>();
        for (JsonNode e : t.get("items")) {
            got.add(List.of(e.get("rank").asLong(), e.get("player").asText(), e.get("played").asLong(),
                    e.get("won").asLong(), e.get("totalScore").asLong(), e.get("bestScore").asLong()));
        }
        return window(got, ranked, offset, 20, t.get("nextCursor"));
    }

    /** Rows (already in order) with their rank in front: equal keys share the rank of the first. */
    private static List<List<Object>> ranked(List<List<Object>> rows, java.util.function.Function<List<Object>, List<Object>> key) {
        List<List<Object>> out = new ArrayList<>();
        long rank = 0;
        List<Object> last = null;
        for (int i = 0; i < rows.size(); i++) {
            List<Object> k = key.apply(rows.get(i));
            if (!k.equals(last)) {
                rank = i + 1;
                last = k;
            }
            List<Object> r = new ArrayList<>();
            r.add(rank);
            r.addAll(rows.get(i));
            out.add(r);
        }
        return out;
    }

    private static List<String> window(List<List<Object>> got, List<List<Object>> truth, int offset, int limit,
                                       JsonNode nextCursor) {
        List<String> problems = new ArrayList<>();
        List<List<Object>> expected = truth.subList(Math.min(offset, truth.size()), Math.min(offset + limit, truth.size()));
        for (int i = 0; i < Math.max(got.size(), expected.size()); i++) {
            List<Object> g = i < got.size() ? got.get(i) : null;
            List<Object> e = i < expected.size() ? expected.get(i) : null;
            if (!Objects.equals(g, e)) {
                problems.add("entry " + (offset + i + 1) + ": " + g + " != expected " + e);
                if (problems.size() > 3) {
                    break;
                }
            }
        }
        if (nextCursor.isNull() == (truth.size() > offset + limit)) {
            problems.add("nextCursor " + nextCursor + " with " + truth.size() + " entries in all");
        }
        return problems;
    }

    // ---------------------------------------------------------------- one game

    /** {@code GET /api/games/{id}} without a token: the row, its seats, and the view of its position. */
    List<String> game(JsonNode got, UUID id) throws SQLException {
        List<String> problems = new ArrayList<>();
        Game g = game(id);
        Replayed r = replay(g);
        same(problems, "status", g.status(), got.get("status").asText());
        same(problems, "moveCount", g.version(), got.get("moveCount").asInt());
        same(problems, "version", g.version() + g.seatsTaken(), got.get("version").asInt());
        same(problems, "seats", g.seatNames(), seatNames(got.get("seats")));
        same(problems, "seed", g.seedShown() ? g.seed() : null,
                got.get("seed").isNull() ? null : got.get("seed").asText());
        same(problems, "result", g.result(), got.get("result").isNull() ? null : got.get("result"));
        same(problems, "view", r.views().getLast(), got.get("view"));
        return problems;
    }

    /** The first page of {@code GET /api/games/{id}/moves} (100 entries). */
    List<String> moves(JsonNode got, UUID id) throws SQLException {
        List<String> problems = new ArrayList<>();
        List<MoveTruth> log = log(id);
        List<MoveTruth> expected = log.subList(0, Math.min(100, log.size()));
        JsonNode items = got.get("items");
        same(problems, "entries", expected.size(), items.size());
        for (int i = 0; i < Math.min(expected.size(), items.size()); i++) {
            problems.addAll(entry("entry " + (i + 1), expected.get(i), items.get(i)));
        }
        same(problems, "nextCursor", log.size() > 100, !got.get("nextCursor").isNull());
        return problems;
    }

    /** {@code GET /api/games/{id}/states/{n}}: the position after move n, replayed from the log. */
    List<String> state(JsonNode got, UUID id, int n) throws SQLException {
        List<String> problems = new ArrayList<>();
        Replayed r = replay(game(id));
        same(problems, "n", n, got.get("n").asInt());
        same(problems, "toAct", r.toAct().get(n), ints(got.get("toAct")));
        same(problems, "view", r.views().get(n), got.get("view"));
        same(problems, "result", r.results().get(n), got.get("result").isNull() ? null : got.get("result"));
        return problems;
    }

    /** {@code GET /api/games/{id}/timeline}: every position with the entry that led to it. */
    List<String> timeline(JsonNode got, UUID id) throws SQLException {
        List<String> problems = new ArrayList<>();
        Game g = game(id);
        Replayed r = replay(g);
        List<MoveTruth> log = log(id);
        JsonNode items = got.get("items");
        same(problems, "positions", log.size() + 1, items.size());
        for (int n = 0; n < Math.min(items.size(), log.size() + 1) && problems.size() < 4; n++) {
            JsonNode item = items.get(n);
            same(problems, "n", n, item.get("n").asInt());
            if (n > 0) {
                problems.addAll(entry("entry " + n, log.get(n - 1), item.get("entry")));
            }
            same(problems, "view " + n, r.views().get(n), item.get("view"));
        }
        return problems;
    }

    /** {@code GET /api/games/{id}/record}: seats, seed, moves and result of the rows. */
    List<String> record(JsonNode got, UUID id) throws SQLException {
        List<String> problems = new ArrayList<>();
        Game g = game(id);
        List<MoveTruth> log = log(id);
        same(problems, "type", g.type(), got.get("type").asText());
        same(problems, "status", g.status(), got.get("status").asText());
        same(problems, "seed", g.seedShown() ? g.seed() : null,
                got.get("seed").isNull() ? null : got.get("seed").asText());
        same(problems, "seats", g.seatNames(), seatNames(got.get("seats")));
        same(problems, "result", g.result(), got.get("result").isNull() ? null : got.get("result"));
        JsonNode moves = got.get("moves");
        same(problems, "moves", log.size(), moves.size());
        for (int i = 0; i < Math.min(log.size(), moves.size()); i++) {
            problems.addAll(entry("move " + (i + 1), log.get(i), moves.get(i)));
        }
        return problems;
    }

    /** {@code GET /api/games/{id}/analysis}: one position per move of play, each naming the move played. */
    List<String> analysis(JsonNode got, UUID id) throws SQLException {
        List<String> problems = new ArrayList<>();
        List<MoveTruth> log = log(id);
        same(problems, "gameId", id.toString(), got.get("gameId").asText());
        JsonNode positions = got.get("positions");
        if (positions.isEmpty() || positions.size() > log.size() + 1) {
            problems.add(positions.size() + " positions for " + log.size() + " moves");
            return problems;
        }
        for (int i = 0; i < positions.size(); i++) {
            same(problems, "position " + i, i, positions.get(i).get("moves").asInt());
            same(problems, "played " + i, i == 0 ? null : log.get(i - 1).move(),
                    positions.get(i).get("played").isNull() ? null : positions.get(i).get("played"));
        }
        return problems;
    }

    private static List<String> entry(String what, MoveTruth m, JsonNode item) {
        List<String> problems = new ArrayList<>();
        same(problems, what + " seq", m.seq(), item.get("seq").asInt());
        same(problems, what + " seat", m.seat(), item.get("seat").asInt());
        same(problems, what + " move", m.move(), item.get("move"));
        same(problems, what + " at", m.at(), Instant.parse(item.get("at").asText()));
        return problems;
    }

    // ---------------------------------------------------------------- rows and replay

    private record SeatTruth(int seat, String kind, String name) {
    }

    private record Game(UUID id, String type, String ruleset, String options, String seed, String status, int version,
                        int seatsTaken, Instant createdAt, JsonNode result, LocalDate daily, List<SeatTruth> seats) {
        /** The seed is shown once the game is over; a daily game's once its day is over too. */
        boolean seedShown() {
            return status.equals("finished") && (daily == null || daily.isBefore(today()));
        }

        List<String> seatNames() {
            return seats.stream().map(s -> s.seat() + ":" + s.kind() + ":" + s.name()).toList();
        }
    }

    private record MoveTruth(int seq, int seat, JsonNode move, Instant at) {
    }

    private record Replayed(List<JsonNode> views, List<List<Integer>> toAct, List<JsonNode> results) {
    }

    private Game game(UUID id) throws SQLException {
        List<SeatTruth> seats = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select seat, kind, name from seats where game_id = ? order by seat")) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    seats.add(new SeatTruth(rs.getInt(1), rs.getString(2), rs.getString(3)));
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("""
                select type, ruleset, options::text, seed, status, version, seats_taken, created_at, result::text, daily
                from games where id = ?""")) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no game " + id);
                }
                return new Game(id, rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                        rs.getInt(6), rs.getInt(7), rs.getObject(8, OffsetDateTime.class).toInstant().truncatedTo(ChronoUnit.MILLIS),
                        rs.getString(9) == null ? null : BenchHttp.read(rs.getString(9)),
                        rs.getObject(10, LocalDate.class), seats);
            }
        }
    }

    private List<MoveTruth> log(UUID id) throws SQLException {
        List<MoveTruth> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select seq, seat, move::text, at from moves where game_id = ? order by seq")) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new MoveTruth(rs.getInt(1), rs.getInt(2), BenchHttp.read(rs.getString(3)),
                            rs.getObject(4, OffsetDateTime.class).toInstant().truncatedTo(ChronoUnit.MILLIS)));
                }
            }
        }
        return out;
    }

    /** Every position of the game from its deal and log, as a caller without a token sees it. */
    private Replayed replay(Game g) throws SQLException {
        Map<String, String> options;
        try {
            options = BenchHttp.JSON.readValue(g.options(), new TypeReference<Map<String, String>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Setup setup = new Setup(g.ruleset(), new Options(options), new Deal.Seeded(g.seed()));
        Viewer viewer = g.status().equals("finished") ? Viewer.omniscient() : Viewer.spectator();
        return replay(RULES.get(g.type()), setup, log(g.id()), viewer);
    }

    private static <S, M, V> Replayed replay(Rules<S, M, V> rules, Setup setup, List<MoveTruth> log, Viewer viewer) {
        List<JsonNode> views = new ArrayList<>();
        List<List<Integer>> toAct = new ArrayList<>();
        List<JsonNode> results = new ArrayList<>();
        S s = rules.deal(setup);
        for (int n = 0; ; n++) {
            views.add(BenchHttp.read(HistoryGenerator.write(rules.view(s, viewer))));
            toAct.add(rules.toAct(s).stream().map(Seat::number).toList());
            results.add(rules.result(s).map(r -> BenchHttp.read(HistoryGenerator.write(GameResult.of(r)))).orElse(null));
            if (n == log.size()) {
                return new Replayed(views, toAct, results);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> json = BenchHttp.JSON.convertValue(log.get(n).move(), Map.class);
            s = rules.apply(s, Seat.of(log.get(n).seat()), rules.parseMove(json));
        }
    }

    private List<UUID> ids(String sql, List<Object> params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.size(); i++) {
                ps.setObject(i + 1, params.get(i));
            }
            List<UUID> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getObject(1, UUID.class));
                }
            }
            return out;
        }
    }

    private static List<String> seatNames(JsonNode seats) {
        List<String> out = new ArrayList<>();
        seats.forEach(s -> out.add(s.get("seat").asInt() + ":" + s.get("kind").asText() + ":"
                + (s.get("name").isNull() ? null : s.get("name").asText())));
        return out;
    }

    private static List<Integer> ints(JsonNode a) {
        List<Integer> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asInt()));
        return out;
    }

    private static List<String> texts(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asText()));
        return out;
    }

    private static void same(List<String> problems, String what, Object expected, Object got) {
        if (!Objects.equals(expected, got)) {
            problems.add(what + ": " + abbreviate(got) + " != expected " + abbreviate(expected));
        }
    }

    private static String abbreviate(Object o) {
        String s = String.valueOf(o);
        return s.length() <= 300 ? s : s.substring(0, 297) + "…";
    }

    /** Today in UTC, the day the daily deal's streaks are seen from. */
    static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }
}
