package dev.cardtable.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.bench.ProcStat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failure tests of the cluster of {@code deploy/cluster/} (docs/cluster.md): three instances
 * behind HAProxy on a Patroni-managed PostgreSQL primary with a synchronous standby, brought up
 * by {@code up.sh} on loopback ports and stopped by {@code down.sh} whatever happens. Each test
 * plays real games through HAProxy while something breaks, then compares what clients were told
 * with what the database holds. Run by {@code ./mvnw -Pcluster verify} (see the pom's
 * {@code cluster} profile); every phase is bounded in time and moves. The figures are printed
 * and written to {@code target/cluster-figures.md}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ClusterFailureSuite {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Clients playing at once in the load phases. */
    private static final int CLIENTS = 16;
    private static final Duration PAUSE = Duration.ofMillis(40);
    private static final Duration PHASE = Duration.ofMinutes(2);

    private static Cluster cluster;
    private static final Map<String, String> FIGURES = new LinkedHashMap<>();

    @BeforeAll
    static void up() {
        Path root = Path.of(System.getProperty("cardtable.root", ".")).toAbsolutePath();
        Path jar = Path.of(System.getProperty("cardtable.cluster.jar", root.resolve("target/cluster-app/quarkus-run.jar").toString()));
        Path run = Path.of(System.getenv().getOrDefault("CARDTABLE_CLUSTER_DIR",
                System.getProperty("cardtable.cluster.dir", "/tmp/cardtable-cluster-it")));
        // The moves and creates of the load phases are far above a person's; registrations keep
        // their limit (10 a minute per address) for the rate-limit test.
        String opts = "-Xms64m -Xmx320m -XX:+UseSerialGC -Dcardtable.rate-limit.create=100000 -Dcardtable.rate-limit.move=100000"
                + " -Dcardtable.rate-limit.seat=100000 -Dcardtable.rate-limit.budget.address=100000000 -Dcardtable.rate-limit.budget.addresses=100000000";
        long start = System.nanoTime();
        cluster = Cluster.up(root.resolve("deploy/cluster"), run, jar, opts);
        FIGURES.put("cluster start-up (up.sh)", seconds(System.nanoTime() - start));
    }

    @AfterAll
    static void down() throws IOException {
        try {
            if (cluster != null) {
                cluster.close();
            }
        } finally {
            StringBuilder sb = new StringBuilder("| figure | value |\n|---|---|\n");
            FIGURES.forEach((k, v) -> sb.append("| ").append(k).append(" | ").append(v).append(" |\n"));
            System.out.println("\nCluster figures:\n" + sb);
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target/cluster-figures.md"), sb.toString());
        }
    }

    @Test
    @Order(1)
    void oneGamesMovesPassThroughEveryInstanceAndOnlyTheApiIsExposed() throws Exception {
        HttpClient http = Players.client("127.0.2.1");
        // Until HAProxy has all three instances in rotation (a freshly started one ramps up over 5 s).
        Set<String> inRotation = new LinkedHashSet<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (inRotation.size() < 3 && System.nanoTime() < deadline) {
            Players.send(http, cluster.api(), "GET", "/api/games?limit=1", null, null, null).headers()
                    .firstValue("X-Served-By").ifPresent(inRotation::add);
            Thread.sleep(100);
        }
        assertEquals(3, inRotation.size(), "instances in rotation: " + inRotation);
        // The last one seen may still be ramping up (slowstart 5s in haproxy.cfg.in): until then it
        // gets less than a third of the requests. Wait that out so that round-robin is even.
        Thread.sleep(5_500);
        HttpResponse<String> created = Players.send(http, cluster.api(), "POST", "/api/games",
                "{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"roundrobin\"}]}", null, null);
        assertEquals(201, created.statusCode(), created.body());
        var game = JSON.readTree(created.body());
        String id = game.get("id").asText();
        String token = game.get("credentials").get(0).get("token").asText();
        Set<String> servedBy = new LinkedHashSet<>();
        for (int i = 0; i < 9 && servedBy.size() < 3 && "active".equals(game.get("status").asText()); i++) {
            HttpResponse<String> r = Players.send(http, cluster.api(), "POST", "/api/games/" + id + "/moves",
                    JSON.writeValueAsString(game.get("legalMoves").get(0)), token, UUID.randomUUID().toString());
            assertEquals(200, r.statusCode(), r.body());
            servedBy.add(r.headers().firstValue("X-Served-By").orElseThrow());
            game = JSON.readTree(r.body());
        }
        assertEquals(Set.of("app1", "app2", "app3"), servedBy, "round-robin, no stickiness: one game's moves on every instance");
        FIGURES.put("instances serving one game's first moves", String.join(", ", servedBy));

        // Health and metrics only on each instance's management port; the balancer refuses /q/.
        assertEquals(404, Players.send(http, cluster.api(), "GET", "/q/metrics", null, null, null).statusCode());
        assertEquals(404, Players.send(http, cluster.instance(1), "GET", "/q/metrics", null, null, null).statusCode());
        HttpResponse<String> metrics = http.send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(cluster.management(1) + "/q/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.body().contains("cardtable_moves_applied_total"), "metrics on the management port");
    }

    @Test
    @Order(2)
    void rateLimitsCountTheClientBehindTheProxyNotTheProxy() throws Exception {
        HttpClient a = Players.client("127.0.3.1");
        int allowed = 0;
        HttpResponse<String> r;
        do {
            r = Players.send(a, cluster.api(), "POST", "/api/players", "{\"name\":\"" + name() + "\"}", null, null);
            allowed += r.statusCode() == 201 ? 1 : 0;
        } while (r.statusCode() == 201 && allowed < 50);
        assertEquals(429, r.statusCode(), r.body());
        assertEquals(10, allowed, "registrations per address and minute");
        // A forged X-Forwarded-For is replaced by HAProxy: the client is still itself.
        HttpResponse<String> forged = Players.sendWith(a, cluster.api(), "/api/players", "{\"name\":\"" + name() + "\"}",
                "X-Forwarded-For", "10.1.2.3");
        assertEquals(429, forged.statusCode(), forged.body());
        // Another client behind the same proxy has an allowance of its own.
        HttpResponse<String> other = Players.send(Players.client("127.0.3.2"), cluster.api(), "POST", "/api/players",
                "{\"name\":\"" + name() + "\"}", null, null);
        assertEquals(201, other.statusCode(), other.body());
    }

    @Test
    @Order(3)
    void steadyLoadCostsAndMemory() throws Exception {
        long[] before = cpuTicks();
        long start = System.nanoTime();
        Players p = Players.start(cluster.api(), CLIENTS, 10, PAUSE, Integer.MAX_VALUE);
        Thread.sleep(15_000);
        p.close();
        long elapsed = System.nanoTime() - start;
        long[] after = cpuTicks();
        Players.Tally t = p.verify(cluster.api());
        assertClean("steady", p, t, false, false);
        long ticks = 0;
        for (int i = 0; i < 3; i++) {
            assertTrue(before[i] >= 0 && after[i] >= 0, "instance " + (i + 1) + " kept running");
            ticks += after[i] - before[i];
        }
        double cpuSeconds = ticks / (double) ProcStat.TICKS_PER_SECOND;
        FIGURES.put("steady: moves acknowledged in " + seconds(elapsed), Integer.toString(t.acked()));
        FIGURES.put("steady: CPU-seconds of the three instances per 1,000 moves",
                String.format("%.1f", cpuSeconds * 1000 / Math.max(1, t.acked())));
        for (int n = 1; n <= 3; n++) {
            FIGURES.put("resident memory of app" + n + " after steady load",
                    ProcStat.status(cluster.pid("app" + n)).getOrDefault("VmRSS", "?"));
        }
    }

    @Test
    @Order(4)
    void prometheusScrapesEveryInstanceAndTheMovesOfTheSteadyLoad() throws Exception {
        long start = System.nanoTime();
        String prometheus = cluster.startPrometheus();
        try {
            FIGURES.putAll(ClusterMonitoring.check(prometheus, Duration.ofSeconds(60)));
        } finally {
            cluster.stopPrometheus();
        }
        FIGURES.put("prometheus: started, every target up, moves counted, rules evaluated, in", seconds(System.nanoTime() - start));
    }

    @Test
    @Order(5)
    void anInstanceKilledUnderLoadLosesAndRepeatsNothing() throws Exception {
        Players p = Players.start(cluster.api(), CLIENTS, 11, PAUSE, Integer.MAX_VALUE);
        p.awaitAcknowledged(100, PHASE);
        long killed = System.nanoTime();
        cluster.kill(2);
        p.awaitAcknowledged(p.acknowledged() + 100, PHASE);
        cluster.start(2);
        long back = System.nanoTime();
        p.awaitAcknowledged(p.acknowledged() + 60, PHASE);
        // The balancer takes the restarted instance back after its health checks pass (slow start):
        // the load goes on, bounded, until the instance has served a call again.
        long until = System.nanoTime() + PHASE.toNanos();
        while (System.nanoTime() < until
                && p.calls().stream().noneMatch(c -> "app2".equals(c.servedBy()) && c.start() > back)) {
            Thread.sleep(250);
        }
        p.close();
        Players.Tally t = p.verify(cluster.api());
        assertClean("kill -9 of an instance", p, t, true, true);
        assertTrue(p.calls().stream().anyMatch(c -> "app2".equals(c.servedBy()) && c.start() > back),
                "the restarted instance serves again");
        FIGURES.put("kill -9 of an instance: instance restarted and ready after", seconds(back - killed));
    }

    @Test
    @Order(6)
    void eventStreamsResumeOnAnotherInstanceWithEveryEventOnce() throws Exception {
        Players p = Players.start(cluster.api(), 4, 12, Duration.ofMillis(400), 1);
        awaitGames(p, 4);
        List<String> games = p.games();
        Map<Watcher, String> watched = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            String game = games.get(i % 4);
            watched.put(new Watcher(cluster.api() + "/api/games/" + game + "/events", "127.0.4." + (i + 1)), game);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (watched.keySet().stream().anyMatch(w -> w.instances().isEmpty()) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Map<String, Long> byInstance = watched.keySet().stream()
                .collect(Collectors.groupingBy(w -> w.instances().isEmpty() ? "?" : w.instances().getFirst(), TreeMap::new,
                        Collectors.counting()));
        String victim = byInstance.entrySet().stream().filter(e -> !e.getKey().equals("?"))
                .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        int n = Integer.parseInt(victim.substring(3));
        cluster.kill(n);
        p.close();
        try {
            for (Watcher w : watched.keySet()) {
                assertTrue(w.awaitEnd(Duration.ofSeconds(60)), "watcher of " + watched.get(w) + " got the end event");
            }
        } finally {
            watched.keySet().forEach(Watcher::close);
            cluster.start(n);
        }
        List<Long> reconnects = new ArrayList<>();
        int moved = 0;
        for (Map.Entry<Watcher, String> e : watched.entrySet()) {
            Watcher w = e.getKey();
            int logSize = logSize(e.getValue());
            assertEquals(IntStream.rangeClosed(1, logSize).boxed().toList(), w.ids(),
                    "every move event once, in order, against the log of " + e.getValue());
            // A watcher of the killed instance either got its game's end from it before the kill cut
            // its stream (a game may end as the kill lands), or reconnected elsewhere; either way
            // its events were every entry of the log once, in order (above).
            if (w.instances().getFirst().equals(victim) && w.instances().size() >= 2) {
                moved++;
                assertTrue(!w.instances().get(1).equals(victim), "reconnected elsewhere: " + w.instances());
                reconnects.addAll(w.reconnectMillis());
            }
            assertTrue(w.refusals().stream().allMatch(s -> s == 503), "only 503 while reconnecting: " + w.refusals());
        }
        assertTrue(moved > 0, "some watcher was on the killed instance");
        Players.Tally t = p.verify(cluster.api());
        assertClean("event streams", p, t, true, true);
        FIGURES.put("event streams: watchers, of them on the killed instance", watched.size() + ", " + moved);
        FIGURES.put("event streams: move events checked, gaps, repeats",
                watched.keySet().stream().mapToInt(w -> w.ids().size()).sum() + ", 0, 0");
        assertTrue(!reconnects.isEmpty(), "watchers of the killed instance reconnected");
        FIGURES.put("event streams: reconnect time (ms) median / max", reconnects.stream().sorted().toList()
                .get(reconnects.size() / 2) + " / " + reconnects.stream().mapToLong(Long::longValue).max().orElse(0));
    }

    @Test
    @Order(7)
    void aDrainedInstanceFailsNoRequest() throws Exception {
        Players p = Players.start(cluster.api(), CLIENTS, 13, PAUSE, Integer.MAX_VALUE);
        p.awaitAcknowledged(100, PHASE);
        long stopping = System.nanoTime();
        cluster.stop(3);
        long stopped = System.nanoTime();
        p.awaitAcknowledged(p.acknowledged() + 80, PHASE);
        cluster.start(3);
        p.awaitAcknowledged(p.acknowledged() + 60, PHASE);
        p.close();
        Players.Tally t = p.verify(cluster.api());
        assertClean("drain", p, t, false, false);
        List<Players.Call> failed = p.calls().stream().filter(c -> !c.ok()).toList();
        assertEquals(List.of(), failed, "no request fails while an instance drains");
        FIGURES.put("drain: requests, failed", p.calls().size() + ", 0");
        FIGURES.put("drain: SIGTERM to exit", seconds(stopped - stopping));
    }

    @Test
    @Order(8)
    void aPatroniSwitchoverUnderLoad() throws Exception {
        failover("switchover", () -> cluster.switchover());
    }

    @Test
    @Order(9)
    void aKilledPrimaryPostmasterUnderLoad() throws Exception {
        failover("kill -9 of the primary's postmaster", () -> FIGURES.put("crash: killed", cluster.killPrimary()));
    }

    private void failover(String what, Runnable fault) throws Exception {
        cluster.awaitSync(Duration.ofSeconds(90));
        String before = cluster.primary();
        Players p = Players.start(cluster.api(), CLIENTS, what.startsWith("switch") ? 14 : 15, PAUSE, Integer.MAX_VALUE);
        p.awaitAcknowledged(80, PHASE);
        awaitGames(p, 4);
        List<Watcher> watchers = new ArrayList<>();
        List<String> games = p.games().subList(0, 4);
        for (int i = 0; i < 4; i++) {
            watchers.add(new Watcher(cluster.api() + "/api/games/" + games.get(i) + "/events", "127.0.5." + (i + 1)));
        }
        long faultAt = System.nanoTime();
        fault.run();
        p.awaitAcknowledged(p.acknowledged() + 150, PHASE);
        p.close();
        try {
            for (Watcher w : watchers) {
                assertTrue(w.awaitEnd(Duration.ofSeconds(60)), "a watcher got its game's end");
            }
        } finally {
            watchers.forEach(Watcher::close);
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(IntStream.rangeClosed(1, logSize(games.get(i))).boxed().toList(), watchers.get(i).ids(),
                    "every move event once after the failover");
        }
        Players.Tally t = p.verify(cluster.api());
        assertClean(what, p, t, true, false);
        List<Players.Call> failed = p.calls().stream().filter(c -> !c.ok() && c.end() > faultAt).toList();
        String window = failed.isEmpty() ? "0 s"
                : seconds(failed.stream().mapToLong(Players.Call::end).max().orElseThrow()
                        - Math.min(faultAt, failed.stream().mapToLong(Players.Call::start).min().orElseThrow()));
        FIGURES.put(what + ": primary before, after", before + ", " + cluster.primary());
        FIGURES.put(what + ": outage window (fault to last 503)", window);
        FIGURES.put(what + ": event gaps, repeats (4 watchers)", "0, 0");
        cluster.awaitSync(Duration.ofSeconds(120));
    }

    /**
     * Asserts that every move acknowledged is in the log exactly once and nothing else is; that
     * clients saw only successes and (when {@code unavailableAllowed}) {@code 503} with
     * {@code Retry-After}, never another error, and a connection closed without a response only
     * when {@code cutAllowed} (an instance killed under the request); records the figures.
     */
    private static void assertClean(String phase, Players p, Players.Tally t, boolean unavailableAllowed, boolean cutAllowed) {
        Map<Integer, Long> byStatus = p.calls().stream().collect(Collectors.groupingBy(Players.Call::status, TreeMap::new,
                Collectors.counting()));
        FIGURES.put(phase + ": acknowledged, lost, duplicated, replayed by key",
                t.acked() + ", " + t.lost() + ", " + t.duplicated() + ", " + t.replayed());
        FIGURES.put(phase + ": responses by status", byStatus.toString());
        assertTrue(t.acked() > 0, "moves were played");
        assertEquals(0, t.lost(), phase + ": acknowledged moves lost");
        assertEquals(0, t.duplicated(), phase + ": moves applied twice");
        for (Players.Call c : p.calls()) {
            if (c.ok() || (cutAllowed && c.status() == 0)) {
                continue;
            }
            assertTrue(unavailableAllowed && c.status() == 503, phase + ": unexpected " + c);
            assertNotNull(c.retryAfter(), phase + ": 503 without Retry-After: " + c);
            assertTrue(c.body().contains("\"service-unavailable\""), phase + ": " + c);
        }
    }

    private static void awaitGames(Players p, int n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (p.games().size() < n) {
            assertTrue(System.nanoTime() < deadline, "games created: " + p.games().size());
            Thread.sleep(50);
        }
    }

    private static int logSize(String game) throws Exception {
        HttpResponse<String> r = Players.send(Players.client("127.0.0.1"), cluster.api(), "GET",
                "/api/games/" + game + "/moves?limit=500", null, null, null);
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body()).get("items").size();
    }

    private static long[] cpuTicks() {
        long[] t = new long[3];
        for (int n = 1; n <= 3; n++) {
            t[n - 1] = ProcStat.cpuTicks(cluster.pid("app" + n));
        }
        return t;
    }

    private static String name() {
        return "c" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / 1e9);
    }
}
