package dev.cardtable.bench;

import dev.cardtable.accounts.Passwords;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * What a password sign-in costs ({@code docs/benchmarks.md}, "Password sign-in"): first one
 * Argon2id verification at the published parameters (m = 19 MiB, t = 2, p = 1) on this JVM, by the
 * thread's CPU time; then sign-ins over HTTP to a packaged server ({@code ./mvnw package} first),
 * one at a time, by the server process's CPU time ({@code /proc}). Arguments:
 * {@code --hashes N} (default 200), {@code --signins N} (default 200; 0 skips the server).
 */
public final class PasswordBench {

    private PasswordBench() {
    }

    public static void main(String[] args) throws Exception {
        int hashes = 200;
        int signIns = 200;
        for (int i = 0; i < args.length - 1; i += 2) {
            switch (args[i]) {
                case "--hashes" -> hashes = Integer.parseInt(args[i + 1]);
                case "--signins" -> signIns = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        hashOnly(hashes);
        if (signIns > 0) {
            overHttp(signIns);
        }
    }

    private static void hashOnly(int n) {
        String phc = Passwords.hash("correct horse battery");
        for (int i = 0; i < 20; i++) {
            Passwords.verify("wrong password", phc);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            Passwords.verify("wrong password " + i, phc);
        }
        double cpuMs = (threads.getCurrentThreadCpuTime() - cpu0) / 1e6 / n;
        double wallMs = (System.nanoTime() - wall0) / 1e6 / n;
        System.out.printf("argon2id m=%d KiB t=%d p=%d: %d verifications, %.2f ms CPU and %.2f ms wall each; "
                        + "%.1f verifications/s per core%n", Passwords.MEMORY_KIB, Passwords.ITERATIONS,
                Passwords.PARALLELISM, n, cpuMs, wallMs, 1000 / cpuMs);
    }

    private static void overHttp(int n) {
        Map<String, String> props = new HashMap<>(PostgresResource.database().datasourceConfig());
        props.put("cardtable.rate-limit.sign-in", "100000000");
        props.put("cardtable.rate-limit.sign-in-name", "100000000");
        try (ServerProcess server = ServerProcess.start(props)) {
            RestAssured.baseURI = server.baseUri();
            String name = "bench-" + System.nanoTime() % 1_000_000;
            String key = RestAssured.given().contentType(ContentType.JSON).body(Map.of("name", name))
                    .post("/api/players").then().statusCode(201).extract().path("key");
            RestAssured.given().contentType(ContentType.JSON).header("X-Player-Key", key)
                    .body(Map.of("password", "correct horse battery")).post("/api/account/password").then().statusCode(204);
            for (int i = 0; i < 30; i++) { // warm-up
                signIn(name, i % 2 == 0 ? "correct horse battery" : "wrong password", i % 2 == 0 ? 201 : 401);
            }
            long ticks0 = ProcStat.cpuTicks(server.pid());
            long wall0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                signIn(name, "correct horse battery", 201);
            }
            double wallMs = (System.nanoTime() - wall0) / 1e6 / n;
            double cpuMs = (ProcStat.cpuTicks(server.pid()) - ticks0) * 1000.0 / ProcStat.TICKS_PER_SECOND / n;
            System.out.printf("HTTP sign-in (right password, one at a time): %d sign-ins, server JVM %.2f ms CPU each, "
                    + "%.2f ms round trip; %.1f sign-ins/s per core%n", n, cpuMs, wallMs, 1000 / cpuMs);
        }
    }

    private static void signIn(String name, String password, int status) {
        RestAssured.given().contentType(ContentType.JSON).body(Map.of("name", name, "password", password))
                .post("/api/sessions").then().statusCode(status);
    }
}
