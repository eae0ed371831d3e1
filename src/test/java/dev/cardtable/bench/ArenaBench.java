package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.ArenaBots;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * An arena of many bots on one packaged server of its own ({@code docs/tournaments.md},
 * {@code docs/benchmarks.md}, "An arena of 1,000 bots"): registers {@code --bots} players
 * ({@link ArenaBots}: each follows its event stream and plays every arena game it is paired into,
 * its first legal move on each turn), makes an arena of {@code --minutes} starting at once, joins
 * them all, and while it runs reads the standings' first page once a second. Reports the pairings
 * per second, the wait from a game's {@code gameFinish} to the player's next {@code gameStart} on
 * its stream (p50, p99, max), the same wait as stored (from the game's {@code finished_at} to the
 * creation of the player's next arena game, with the endings before the pairing closed that had
 * none), the standings read's p50 and p99, and the one-minute load average while it ran. Each bot
 * thinks {@code --think} (2 s by default) before each move, a blitz player's pace, or with
 * {@code --spread s} (0 to 1; 0 by default) a time drawn uniformly within ±s of it; the bots are
 * registered and following their streams before the arena is made, starting at once.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.ArenaBench \
 *   -Dexec.args="--bots 1000 --minutes 10 --think 2s"
 * </pre>
 */
public final class ArenaBench {

    private ArenaBench() {
    }

    static String run(String base, String jdbc, int count, int minutes, Duration think, double spread) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        BenchHttp host = new BenchHttp(base);
        String tag = UUID.randomUUID().toString().substring(0, 6);
        String key = host.post("/api/players", Map.of("name", "benchHost" + tag), null, 201).path("key").asText();
        Histogram standingsMillis = new ConcurrentHistogram(3);
        double loadSum = 0;
        double loadMax = 0;
        int loadSamples = 0;
        long started;
        int waitsCount;
        Histogram waits = new Histogram(3);
        String statuses;
        List<String> failures;
        String arena;
        // The bots are registered and following their streams before the arena starts.
        try (ArenaBots bots = ArenaBots.register(null, count, "b" + tag + "-", List.of(base)).think(think).spread(spread)) {
            bots.start();
            arena = host.post("/api/arenas", Map.of("name", "Bench " + tag, "type", "dazzle",
                    "minutes", minutes, "clock", Map.of("type", "fischer", "initial", "PT5M", "increment", "PT3S"), "rated", true),
                    null, "X-Player-Key", key, 201).path("id").asText();
            bots.enter(arena);
            started = System.nanoTime();
            long end = started + Duration.ofMinutes(minutes).toNanos();
            while (System.nanoTime() < end) {
                long t = System.nanoTime();
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/api/arenas/" + arena
                        + "/standings?limit=50")).header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    standingsMillis.recordValue(Math.max(1, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t)));
                }
                double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
                loadSum += load;
                loadMax = Math.max(loadMax, load);
                loadSamples++;
                Thread.sleep(1000);
            }
            // The last games play out.
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
            while (System.nanoTime() < deadline) {
                JsonNode view = BenchHttp.read(http.send(HttpRequest.newBuilder(URI.create(base + "/api/arenas/" + arena))
                        .header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString()).body());
                if (view.path("final").asBoolean()) {
                    break;
                }
                Thread.sleep(2000);
            }
            for (long w : bots.waits()) {
                waits.recordValue(Math.max(1, w));
            }
            waitsCount = bots.waits().size();
            statuses = bots.statuses().toString();
            failures = bots.failures();
        }
        long games;
        long twice;
        Histogram stored = new Histogram(3);
        long unpaired;
        try (Connection c = DriverManager.getConnection(jdbc, "postgres", "postgres"); Statement s = c.createStatement()) {
            games = scalar(s, "select count(*) from arena_games where arena_id = '" + arena + "'");
            twice = scalar(s, "select count(*) from arena_games a join arena_games b on a.arena_id = b.arena_id "
                    + "and a.game_id < b.game_id join seats sa on sa.game_id = a.game_id join seats sb on sb.game_id = b.game_id "
                    + "and sb.player_id = sa.player_id join games ga on ga.id = a.game_id join games gb on gb.id = b.game_id "
                    + "where a.arena_id = '" + arena + "' and ga.created_at < coalesce(gb.finished_at, 'infinity') "
                    + "and gb.created_at < coalesce(ga.finished_at, 'infinity')");
            // As stored: from each game's end to the player's next arena game's creation.
            String next = "with g as (select st.player_id, gm.created_at, gm.finished_at from arena_games ag "
                    + "join games gm on gm.id = ag.game_id join seats st on st.game_id = gm.id where ag.arena_id = '" + arena
                    + "'), n as (select player_id, finished_at, lead(created_at) over (partition by player_id "
                    + "order by created_at) as next from g) ";
            try (ResultSet rs = s.executeQuery(next + "select (extract(epoch from next - finished_at) * 1000)::bigint "
                    + "from n where next is not null")) {
                while (rs.next()) {
                    stored.recordValue(Math.max(1, rs.getLong(1)));
                }
            }
            unpaired = scalar(s, next + "select count(*) from n, arenas a where a.id = '" + arena + "' and n.next is null "
                    + "and n.finished_at < a.pairing_ends_at");
        }
        double seconds = minutes * 60.0;
        return "bots: " + count + ", thinking " + think.toMillis() + " ms a move (spread " + spread + "), arena of " + minutes
                + " min; load average (1 min) while it ran: mean "
                + String.format("%.1f", loadSamples == 0 ? 0 : loadSum / loadSamples) + ", max " + String.format("%.1f", loadMax) + "\n"
                + "games paired: " + games + " (" + String.format("%.2f", games / seconds) + " pairings/s); "
                + "players in two arena games at once: " + twice + "\n"
                + "gameFinish → next gameStart on the player's stream: " + waitsCount + " waits, p50 "
                + waits.getValueAtPercentile(50) + " ms, p99 " + waits.getValueAtPercentile(99) + " ms, max "
                + waits.getMaxValue() + " ms\n"
                + "game's end → the player's next arena game, as stored (finished_at → created_at): " + stored.getTotalCount()
                + " waits, p50 " + stored.getValueAtPercentile(50) + " ms, p99 " + stored.getValueAtPercentile(99) + " ms, max "
                + stored.getMaxValue() + " ms; " + unpaired + " endings before the pairing closed had no next game\n"
                + "standings (first 50) read: " + standingsMillis.getTotalCount() + " reads, p50 "
                + standingsMillis.getValueAtPercentile(50) + " ms, p99 " + standingsMillis.getValueAtPercentile(99) + " ms\n"
                + "statuses: " + statuses + "\n"
                + (failures.isEmpty() ? "" : "failures (first 10): " + failures.subList(0, Math.min(10, failures.size())) + "\n");
    }

    private static long scalar(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> a = Args.parse(argv);
        int bots = Integer.parseInt(a.getOrDefault("bots", "1000"));
        int minutes = Integer.parseInt(a.getOrDefault("minutes", "10"));
        Duration think = Args.duration(a.getOrDefault("think", "2s"));
        double spread = Double.parseDouble(a.getOrDefault("spread", "0"));
        if (a.containsKey("jar")) {
            System.setProperty("cardtable.jar", a.get("jar"));
        }
        String text = Soak.onOwnServer("cardtable-arenabench-", 300, (server, jdbc) -> run(server.baseUri(), jdbc, bots, minutes, think,
                spread));
        System.out.println(text);
        if (a.containsKey("out")) {
            Files.writeString(Path.of(a.get("out")), text);
        }
        System.exit(0);
    }
}
