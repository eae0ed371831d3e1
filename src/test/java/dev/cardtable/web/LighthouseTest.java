package dev.cardtable.web;

import dev.cardtable.support.Api;
import dev.cardtable.support.Browser;
import dev.cardtable.support.Lighthouse.Preset;
import dev.cardtable.support.Lighthouse.Report;
import dev.cardtable.support.Lighthouse;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lighthouse ({@link Lighthouse#VERSION}) on the web client's four main pages — the start page,
 * a Scoundrel game and a Dazzle game against a computer opponent (each as its seat's player, whose
 * token is in the browser's storage as the client keeps it) and the replay of a finished game with
 * its analysis — at Lighthouse's mobile and desktop presets. Each page must hold still while it
 * loads (cumulative layout shift at most 0.1, Lighthouse's "good") and score 100 for accessibility
 * and best practices and at least 95 for SEO. Performance is a timing on a shared machine and is
 * reported, not asserted: {@code target/lighthouse/summary.md}, and docs/benchmarks.md.
 *
 * <p>The test server speaks plain HTTP on {@code localhost}, which Lighthouse, like browsers, counts
 * as a secure origin: {@code is-on-https} passes as it would behind TLS, and {@code redirects-http}
 * (HTTP sent on to HTTPS) does not apply. Every audit of the four categories is kept.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class LighthouseTest extends BrowserTest {

    /** Cumulative layout shift Lighthouse calls "good". */
    private static final double MAX_CLS = 0.1;

    @TestHTTPResource("/")
    URL root;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void everyPageHoldsStillAndScoresFullMarks() throws IOException {
        Api.Created scoundrel = Api.scoundrel("lighthouse-scoundrel", "lighthouse");
        play(scoundrel.id(), scoundrel.token(), 3);
        io.restassured.response.Response d = Api.create(Map.of("type", "dazzle", "seed", "lighthouse-dazzle",
                "seats", List.of(Map.of("name", "lighthouse"), Map.of("ai", "heuristic"))));
        String dazzle = d.path("id");
        String dazzleToken = d.path("credentials[0].token");
        play(dazzle, dazzleToken, 6);
        Api.Created finished = Api.scoundrel("lighthouse-replay", "lighthouse");
        play(finished.id(), finished.token(), 200);
        assertEquals("finished", game(finished.id(), null).getString("status"));
        // The analysis is computed once, by its first request; both presets then load the same document.
        as(null).get("/api/games/" + finished.id() + "/analysis").then().statusCode(200);

        // The browser keeps seat tokens in local storage (js/api.js); Lighthouse runs on that profile.
        Path profile = freshProfile();
        try (Browser b = Browser.withProfile(profile)) {
            b.open(root + "api/game-types");
            b.script("localStorage.setItem('cardtable.name', 'lighthouse');"
                    + "localStorage.setItem('cardtable.seat.' + arguments[0], JSON.stringify({seat: 0, token: arguments[1]}));"
                    + "localStorage.setItem('cardtable.seat.' + arguments[2], JSON.stringify({seat: 0, token: arguments[3]}));",
                    scoundrel.id(), scoundrel.token(), dazzle, dazzleToken);
        }

        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("start", root.toString());
        pages.put("scoundrel", root + "#/game/" + scoundrel.id());
        pages.put("dazzle", root + "#/game/" + dazzle);
        pages.put("replay", root + "#/replay/" + finished.id());
        List<Report> reports = new ArrayList<>();
        for (Map.Entry<String, String> page : pages.entrySet()) {
            for (Preset preset : Preset.values()) {
                reports.add(Lighthouse.run(page.getKey(), page.getValue(), preset, profile));
            }
        }
        String table = table(reports);
        Files.writeString(Path.of("target", "lighthouse", "summary.md"), table);
        System.out.println(table);

        List<String> failures = new ArrayList<>();
        for (Report r : reports) {
            String where = r.page() + " (" + r.preset().label() + ")";
            if (!(r.cls() <= MAX_CLS)) {
                failures.add(where + ": cumulative layout shift " + r.cls() + " > " + MAX_CLS);
            }
            require(failures, r, "accessibility", 100);
            require(failures, r, "best-practices", 100);
            require(failures, r, "seo", 95);
        }
        assertTrue(failures.isEmpty(), () -> String.join("\n", failures) + "\n" + table);
    }

    private static void require(List<String> failures, Report r, String category, int least) {
        int score = r.scores().get(category);
        if (score < least) {
            failures.add(r.page() + " (" + r.preset().label() + "): " + category + " " + score + " < " + least
                    + "; audits: " + String.join("; ", r.lost().get(category)));
        }
    }

    /** Plays up to {@code moves} first legal moves of {@code id} as {@code token}, stopping at the end. */
    private static void play(String id, String token, int moves) {
        for (int i = 0; i < moves; i++) {
            JsonPath g = game(id, token);
            if (!"active".equals(g.getString("status"))) {
                return;
            }
            Map<String, Object> move = g.getMap("legalMoves[0]");
            Api.move(id, token, move).then().statusCode(200);
        }
    }

    private static JsonPath game(String id, String token) {
        return as(token).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
    }

    private static Path freshProfile() throws IOException {
        Path profile = Path.of("target", "lighthouse", "profile");
        if (Files.exists(profile)) {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return Files.createDirectories(profile);
    }

    private static String table(List<Report> reports) {
        StringBuilder t = new StringBuilder("| page | preset | performance | accessibility | best practices | SEO | CLS |\n"
                + "|---|---|---:|---:|---:|---:|---:|\n");
        for (Report r : reports) {
            t.append(String.format(java.util.Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %.3f |%n", r.page(), r.preset().label(),
                    r.scores().get("performance"), r.scores().get("accessibility"), r.scores().get("best-practices"),
                    r.scores().get("seo"), r.cls()));
        }
        for (Report r : reports) {
            r.lost().forEach((category, audits) -> audits.forEach(a ->
                    t.append("\n- ").append(r.page()).append(" (").append(r.preset().label()).append("), ")
                            .append(category).append(": ").append(a)));
        }
        return t.append('\n').toString();
    }
}
