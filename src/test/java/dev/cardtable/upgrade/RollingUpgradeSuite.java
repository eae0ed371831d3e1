package dev.cardtable.upgrade;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rolling upgrade of issue 47, under load, once per release named in
 * {@code deploy/upgrade/releases} (docs/cluster.md, "The upgrade test"). Each old release is built
 * from git ({@link Releases}); the new build is the current tree's packaged server. On one
 * PostgreSQL 15 (a fresh database per upgrade) and behind HAProxy ({@link Site}), the instances
 * change in the order of a Kubernetes rolling update of two replicas with maxSurge 25% and
 * maxUnavailable 25% (one pod more, none fewer): two old instances serve; one new instance starts
 * (its Flyway migrates the schema) and joins; one old instance leaves (out of the balancer, then
 * SIGTERM); a second new one starts and joins; the last old one leaves; the load goes on a little
 * on the new build alone. All along, players play Scoundrel and Dazzle against every computer
 * level ({@link Load}) and spectators follow the games' event streams ({@link Spectators}),
 * using only what both builds understand. Asserted, all reported together: no new instance exited
 * while starting (one that does is started again, as the kubelet would, at most three times);
 * every request answered 2xx (no 5xx, and no other error either); the load reached old and new
 * instances together, and only new ones once
 * the old were gone; every acknowledged move in its game's final log at its position, the same
 * move, nothing applied twice; every event stream exactly its game's log; and, the old instances
 * gone and {@code read_model_marks} drained by the new ones (at most 60 s), no row from
 * {@code read_model_disagreements()} nor from the test's own comparison of player_games with the
 * seats ({@link ReadModels}). Run by {@code ./mvnw -Pupgrade verify} (the pom's {@code upgrade}
 * profile); {@code -Dupgrade.reconcile=off} starts the new instances with
 * {@code cardtable.read-models.reconcile-every=off}, {@code -Dupgrade.from=KEY} runs one upgrade.
 * Every phase is bounded; the figures are printed and written to {@code target/upgrade-figures.md}.
 */
class RollingUpgradeSuite {

    /** Clients playing at once ({@code -Dupgrade.players}), the first two of them registered. */
    private static final int PLAYERS = Integer.getInteger("upgrade.players", 8);
    private static final int REGISTERED = Math.min(2, PLAYERS);
    /** Spectators following games at once ({@code -Dupgrade.spectators}). */
    private static final int SPECTATORS = Integer.getInteger("upgrade.spectators", 4);
    private static final Duration PAUSE = Duration.ofMillis(60);
    /** How long the load runs in each arrangement of instances ({@code -Dupgrade.phase-seconds}). */
    private static final Duration PHASE = Duration.ofSeconds(Long.getLong("upgrade.phase-seconds", 15));
    /** From leaving the balancer to SIGTERM, as a preStop pause gives the endpoints time to change. */
    private static final Duration PRE_STOP = Duration.ofSeconds(1);
    private static final Duration START_LIMIT = Duration.ofMinutes(3);
    /** Restarts of a new instance that exits while starting, as the kubelet would restart it. */
    private static final int RESTARTS = 3;

    private static final Path ROOT = Path.of(System.getProperty("cardtable.root", ".")).toAbsolutePath();
    private static final Path RUN = Path.of(System.getenv().getOrDefault("CARDTABLE_UPGRADE_DIR",
            System.getProperty("upgrade.dir", "/tmp/cardtable-upgrade-it")));
    private static final Map<String, String> FIGURES = new LinkedHashMap<>();

    private static Postgres pg;
    private static Releases.Build current;

    static Stream<Arguments> releases() {
        String only = System.getProperty("upgrade.from", "");
        return Releases.read(ROOT.resolve("deploy/upgrade/releases")).stream()
                .filter(r -> only.isBlank() || only.equals(r.key()))
                .map(r -> Arguments.of(r.key(), r.commit()));
    }

    @BeforeAll
    static void database() throws IOException {
        current = Releases.current(ROOT, Path.of(System.getProperty("upgrade.jar", ROOT.resolve("target/quarkus-app/quarkus-run.jar").toString())));
        Leftovers.stop(RUN);
        Files.createDirectories(RUN.resolve("pg"));
        RUN.toFile().setReadable(true, false);
        RUN.toFile().setExecutable(true, false);
        pg = Postgres.start(RUN.resolve("pg"), Leftovers.freePort());
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (pg != null) {
                pg.close();
            }
        } finally {
            StringBuilder sb = new StringBuilder("| figure | value |\n|---|---|\n");
            FIGURES.forEach((k, v) -> sb.append("| ").append(k).append(" | ").append(v).append(" |\n"));
            System.out.println("\nUpgrade figures:\n" + sb);
            Files.createDirectories(ROOT.resolve("target"));
            Files.writeString(ROOT.resolve("target/upgrade-figures.md"), sb.toString());
        }
    }

    @ParameterizedTest(name = "from {0} ({1})")
    @MethodSource("releases")
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aRollingUpgradeUnderLoad(String key, String commit) throws Exception {
        String f = key + ": ";
        long[] took = new long[1];
        Releases.Build old = Releases.build(ROOT, new Releases.Release(key, commit), took);
        FIGURES.put(f + "build of " + old.name(), took[0] == 0 ? "cached" : seconds(took[0]));
        String database = "upgrade_" + key.replaceAll("[^a-z0-9]", "_");
        pg.createDatabase(database);
        Calls calls = new Calls();
        List<String> restarts = new ArrayList<>();
        try (Site site = Site.open(RUN.resolve(key), RUN.resolve("pids"), pg.jdbc(database))) {
            long t = System.nanoTime();
            site.start("old1", old, settings(old, false));
            site.start("old2", old, settings(old, false));
            site.awaitReady("old1", START_LIMIT);
            site.awaitReady("old2", START_LIMIT);
            site.startBalancer();
            FIGURES.put(f + "two old instances ready (old schema created)", seconds(System.nanoTime() - t));
            // The daily deal is made by the first request of the day: before the load, not in it.
            HttpResponse<String> daily = Http.send(Http.client("127.0.0.1"), site.api(), "GET", "/api/daily/standard",
                    null, null, null, null);
            assertEquals(200, daily.statusCode(), daily.body());

            long loadStart = System.nanoTime();
            Load load = Load.start(site.api(), PLAYERS, REGISTERED, 20, PAUSE, calls);
            Spectators spectators = Spectators.start(site.api(), SPECTATORS, 21, calls, load::watchable);
            long mixedFrom;
            long newOnlyFrom;
            try {
                phase(f + "old build only", load, PHASE);
                t = System.nanoTime();
                restarts.addAll(site.startReady("new1", current, settings(current, true), START_LIMIT, RESTARTS));
                site.join("new1");
                FIGURES.put(f + "new1 started, schema migrated, in rotation", seconds(System.nanoTime() - t));
                mixedFrom = System.nanoTime();
                phase(f + "two old, one new", load, PHASE);
                FIGURES.put(f + "old1 out of rotation, SIGTERM to exit", seconds(site.leave("old1", PRE_STOP).toNanos()));
                t = System.nanoTime();
                restarts.addAll(site.startReady("new2", current, settings(current, true), START_LIMIT, RESTARTS));
                site.join("new2");
                FIGURES.put(f + "new2 started and in rotation", seconds(System.nanoTime() - t));
                phase(f + "one old, two new", load, PHASE);
                FIGURES.put(f + "old2 out of rotation, SIGTERM to exit", seconds(site.leave("old2", PRE_STOP).toNanos()));
                newOnlyFrom = System.nanoTime();
                phase(f + "new build only", load, PHASE);
            } finally {
                t = System.nanoTime();
                load.close();
                spectators.close();
                FIGURES.put(f + "games in play finished after the load stopped", seconds(System.nanoTime() - t));
            }
            FIGURES.put(f + "load, start to end", seconds(System.nanoTime() - loadStart));
            List<Executable> checks = new ArrayList<>();
            FIGURES.put(f + "new instances restarted while starting", restarts.size() + (restarts.isEmpty() ? "" : " " + restarts));
            checks.add(() -> assertEquals(List.of(), restarts, "new instances that exited while starting"));
            judge(f, site, load, spectators, calls, mixedFrom, newOnlyFrom, checks);
            checkReadModels(f, database, checks);
            assertAll(key, checks);
        } finally {
            FIGURES.put(f + "responses by kind and status", byKind(calls));
        }
    }

    /** What the clients saw against what the logs say: the checks, added to {@code checks}. */
    private static void judge(String f, Site site, Load load, Spectators spectators, Calls calls, long mixedFrom, long newOnlyFrom,
                              List<Executable> checks) throws IOException, InterruptedException {
        checks.add(() -> assertEquals(List.of(), load.crashes(), "players that failed"));
        FIGURES.put(f + "games played by kind", load.gamesByKind().toString());
        Map<String, Long> mixed = calls.servedSince(mixedFrom);
        FIGURES.put(f + "requests served from new1's start on", mixed.toString());
        checks.add(() -> assertTrue(mixed.containsKey("new1") && (mixed.containsKey("old1") || mixed.containsKey("old2")),
                "the old and the new build served the load together: " + mixed));
        Map<String, Long> newOnly = calls.servedSince(newOnlyFrom);
        checks.add(() -> assertEquals(Set.of("new1", "new2"), newOnly.keySet(),
                "only the new build serves once the old instances are gone: " + newOnly));
        List<Calls.Call> failed = calls.all().stream().filter(c -> !c.ok()).toList();
        long serverErrors = failed.stream().filter(c -> c.status() >= 500).count();
        FIGURES.put(f + "5xx, other failures", serverErrors + ", " + (failed.size() - serverErrors));
        checks.add(() -> assertEquals(0, serverErrors, "5xx answers: " + failed.stream().filter(c -> c.status() >= 500).limit(5).toList()));
        checks.add(() -> assertEquals(List.of(), failed.stream().filter(c -> c.status() < 500).limit(5).toList(),
                "other requests not answered 2xx (" + (failed.size() - serverErrors) + ")"));

        Load.Tally t = load.verify(site.api());
        FIGURES.put(f + "moves acknowledged, lost, duplicated, replayed by key",
                t.acked() + ", " + t.lost() + ", " + t.duplicated() + ", " + t.replayed());
        checks.add(() -> assertEquals(0, t.lost(), "acknowledged moves missing from their game's log"));
        checks.add(() -> assertEquals(0, t.duplicated(), "moves applied twice or without acknowledgement"));
        List<String> inexact = spectators.verify(site.api());
        int followed = spectators.followedCount();
        FIGURES.put(f + "event streams followed, not exact", followed + ", " + inexact.size());
        checks.add(() -> assertTrue(followed >= SPECTATORS, "games followed: " + followed));
        checks.add(() -> assertEquals(List.of(), inexact, "event streams that were not exactly the log"));
    }

    /**
     * The read models against the base tables, once the new instances have drained
     * read_model_marks (at most 60 s): the check, added to {@code checks}, and what was found printed.
     */
    private static void checkReadModels(String f, String database, List<Executable> checks) throws Exception {
        try (Connection c = pg.connect(database)) {
            long t = System.nanoTime();
            String pending = ReadModels.awaitDrained(c, Duration.ofSeconds(60));
            FIGURES.put(f + "read_model_marks drained", pending == null ? seconds(System.nanoTime() - t) : "no: " + pending);
            ReadModels.Found disagreements = ReadModels.disagreements(c);
            ReadModels.Found own = ReadModels.playerGamesAgainstSeats(c);
            FIGURES.put(f + "read-model disagreements (function, test's own)", disagreements.total() + ", " + own.total());
            List<String> problems = new ArrayList<>();
            if (pending != null) {
                problems.add(pending);
            }
            problems.addAll(disagreements.shown());
            problems.addAll(own.shown());
            if (!problems.isEmpty()) {
                System.out.println(f + "read models against their base tables:\n  " + String.join("\n  ", problems));
            }
            String summary = "read models against games, seats and moves (printed above): read_model_marks "
                    + (pending == null ? "drained" : pending) + "; read_model_disagreements(): " + disagreements.total()
                    + " rows; player_games against the seats: " + own.total() + " rows; the first: "
                    + problems.subList(0, Math.min(5, problems.size()));
            checks.add(() -> assertTrue(problems.isEmpty(), summary));
        }
    }

    /** Lets the load run for {@code length} (failing early if a player fails) and records the moves acknowledged meanwhile. */
    private static void phase(String name, Load load, Duration length) throws InterruptedException {
        int before = load.acknowledged();
        long end = System.nanoTime() + length.toNanos();
        while (System.nanoTime() < end) {
            if (!load.crashes().isEmpty()) {
                throw new AssertionError(name + ": a player failed: " + load.crashes().getFirst(), load.crashes().getFirst());
            }
            Thread.sleep(100);
        }
        int moves = load.acknowledged() - before;
        FIGURES.put(name + ": moves acknowledged in " + length.toSeconds() + " s", Integer.toString(moves));
        assertTrue(moves >= 10, name + ": only " + moves + " moves acknowledged");
    }

    /**
     * The settings of an instance of {@code build}: rate limits far above the load's (only those
     * the build knows: an unknown key under a mapped prefix stops a Quarkus server), and, for the
     * new build with {@code -Dupgrade.reconcile=off}, no reconciliation of the read models.
     */
    private static Map<String, String> settings(Releases.Build build, boolean isNew) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : List.of("create", "seat", "move", "register", "import", "budget.address", "budget.addresses", "budget.player")) {
            if (build.known().contains("cardtable.rate-limit." + k)) {
                out.put("cardtable.rate-limit." + k, "100000000");
            }
        }
        if (isNew && "off".equals(System.getProperty("upgrade.reconcile", "on"))) {
            out.put("cardtable.read-models.reconcile-every", "off");
        }
        return out;
    }

    private static String byKind(Calls calls) {
        Map<String, Map<Integer, Long>> out = new LinkedHashMap<>();
        for (String kind : List.of("register", "create", "move", "stream")) {
            out.put(kind, calls.byStatus(c -> c.kind().equals(kind)));
        }
        return out.toString();
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / 1e9);
    }
}
