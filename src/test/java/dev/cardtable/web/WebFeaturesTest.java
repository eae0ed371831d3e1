package dev.cardtable.web;

import dev.cardtable.support.Api;
import dev.cardtable.support.Axe;
import dev.cardtable.support.Browser;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the web client offers beyond playing: the lobby and two people at a table with clocks,
 * resigning, calling a game off and the rematch; players and their keys; the daily deal; hints;
 * records; every history filter. Each is driven in a real Chromium as a person would (clicks and
 * keys, one browser per person, desktop 1280×800 and phone 390×844), checked against the API, and
 * every page and state visited is checked with axe-core (0 violations) and for Content-Security-
 * Policy reports in the console.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebFeaturesTest extends BrowserTest {

    @TestHTTPResource("/")
    URL root;

    static Browser desktop() {
        return Browser.start(1280, 800);
    }

    static Browser phone() {
        return Browser.start(390, 844);
    }

    /** axe-core finds nothing, and the console reports no Content-Security-Policy violation. */
    static void accessible(Browser b, String state) {
        Axe.assertClean(b, state);
        List<String> csp = b.consoleErrors().stream().filter(m -> m.contains("Content Security Policy")).toList();
        assertTrue(csp.isEmpty(), () -> state + ": " + csp);
    }

    static String gameId(Browser b) {
        return b.await(d -> d.findElement(By.id("app")).getDomAttribute("data-game"));
    }

    static String pageStatus(Browser b) {
        return b.driver().findElement(By.id("app")).getDomAttribute("data-status");
    }

    static int moves(Browser b) {
        String m = b.driver().findElement(By.id("app")).getDomAttribute("data-moves");
        return m == null ? -1 : Integer.parseInt(m);
    }

    static JsonPath game(String id) {
        return as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
    }

    static void type(Browser b, String css, String text) {
        WebElement e = b.visible(css);
        e.clear();
        e.sendKeys(text);
    }

    /** Waits until the page shows route {@code page} loaded (body's data-page). */
    static void onPage(Browser b, String page) {
        b.await(d -> page.equals(d.findElement(By.tagName("body")).getDomAttribute("data-page")));
    }

    @Test
    void twoPeopleMeetInTheLobbyPlayWithClocksResignAndRematch() {
        try (Browser host = desktop(); Browser guest = phone()) {
            guest.open(root + "#/lobby");
            onPage(guest, "lobby");
            host.open(root + "#/lobby");
            onPage(host, "lobby");
            accessible(host, "the lobby (desktop)");
            type(host, "#open-name", "lobbyhost");
            new Select(host.visible("#open-clock")).selectByValue("fischer-3-2");
            host.click("#open-dazzle");
            host.visible("#share-link");
            String id = gameId(host);
            assertEquals("fischer", game(id).getString("clock.type"));
            assertEquals("PT3M", game(id).getString("clock.initial"));
            accessible(host, "a waiting game");

            // The guest's lobby shows the new game live, without a reload.
            guest.visible("#lobby tr[data-id='" + id + "'] button.take");
            guest.screenshot("lobby-phone");
            accessible(guest, "the lobby with a game (phone)");
            type(guest, "#lobby-name", "lobbyguest");
            guest.click("#lobby tr[data-id='" + id + "'] button.take");
            guest.visible(".board.dazzle");
            JsonPath g = game(id);
            assertEquals("active", g.getString("status"));
            assertEquals("lobbyguest", g.getString("seats[1].name"));

            // Both clocks are shown; the host's runs down while the guest's stands.
            host.visible(".board.dazzle");
            String before = host.text("#clock-0");
            host.await(d -> !host.text("#clock-0").equals(before));
            assertTrue(host.text("#clock-0").startsWith("2:5") || host.text("#clock-0").startsWith("3:0"), host.text("#clock-0"));
            assertEquals("3:00", host.text("#clock-1"));
            assertTrue(host.visible("#clock-0").getDomAttribute("class").contains("running"));
            guest.visible("#clock-0");
            accessible(host, "a two-person Dazzle game with clocks (desktop)");
            host.screenshot("dazzle-two-people");

            host.all("button.hand-card").get(0).click();
            host.all("button.hand-card").get(1).click();
            host.click("button.move.present");
            guest.await(d -> guest.all("button.move.own").size() == 2);
            // Only one seat has moved: either may still call the game off.
            assertEquals("Call the game off", guest.visible("#abort").getText());
            accessible(guest, "a Dazzle offer (phone)");
            guest.screenshot("dazzle-offer-phone");

            // The guest resigns (with a confirmation); both pages say what happened.
            guest.click("#resign");
            guest.click("#resign-confirm");
            guest.await(d -> "finished".equals(pageStatus(guest)));
            JsonPath over = game(id);
            assertEquals("resigned", over.getString("result.ending"));
            assertEquals(1, over.getInt("result.endedBy"));
            assertEquals("lobbyguest resigned.", guest.text("#ending"));
            host.await(d -> "finished".equals(pageStatus(host)));
            assertEquals("lobbyguest resigned.", host.text("#ending"));
            assertTrue(host.text("#result").contains("lobbyhost: won"), host.text("#result"));
            accessible(host, "a game ended by resignation");

            // The host offers a rematch; the guest's finished page sees the offer and accepts it.
            host.click("#rematch");
            host.visible("#rematch-waiting");
            String rematch = gameId(host);
            assertNotEquals(id, rematch);
            guest.visible("#rematch-offered");
            guest.click("#rematch");
            guest.await(d -> rematch.equals(gameId(guest)));
            guest.visible(".board.dazzle");
            JsonPath r = game(rematch);
            assertEquals("active", r.getString("status"));
            assertEquals("lobbyguest", r.getString("seats[0].name"), "the seats are swapped");
            assertEquals("lobbyhost", r.getString("seats[1].name"));
            assertEquals(id, r.getString("rematchOf"));
            host.visible(".board.dazzle");
            assertTrue(guest.text("#turn").contains("Your turn"), "seat 0 presents first");
        }
    }

    @Test
    void aClockRunsOutWhileSomeoneWatchesAndThePageSaysSo() {
        Response created = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "slowpoke"), Map.of("open", true)),
                "clock", Map.of("type", "fischer", "initial", "PT15S", "increment", "PT0S")));
        created.then().statusCode(201);
        String id = created.path("id");
        as(null).body(Map.of("name", "quickpoke")).post("/api/games/" + id + "/seats/1").then().statusCode(200);
        try (Browser b = phone()) {
            b.open(root + "#/game/" + id);
            b.visible(".board.dazzle");
            assertTrue(b.visible("#clock-0").getDomAttribute("class").contains("running"));
            assertEquals("0:15", b.text("#clock-1"));
            b.await(d -> "finished".equals(pageStatus(b)));
            assertEquals("slowpoke ran out of time.", b.text("#ending"));
            JsonPath g = game(id);
            assertEquals("timeout", g.getString("result.ending"));
            assertEquals(0, g.getInt("result.endedBy"));
            assertTrue(b.text("#result").contains("quickpoke: won"), b.text("#result"));
            accessible(b, "a game ended on time (phone)");
        }
    }

    @Test
    void aWaitingGameIsCancelledFromTheLobbyAndShowsNoResult() {
        try (Browser host = desktop(); Browser other = phone()) {
            other.open(root + "#/lobby");
            onPage(other, "lobby");
            host.open(root + "#/lobby");
            type(host, "#open-name", "lob");
            host.click("#open-dazzle");
            host.visible("#share-link");
            String id = gameId(host);
            other.visible("#lobby tr[data-id='" + id + "']");

            host.open(root + "#/lobby");
            host.click("#lobby tr[data-id='" + id + "'] button.cancel");
            host.await(d -> host.all("#lobby tr[data-id='" + id + "']").isEmpty());
            other.await(d -> other.all("#lobby tr[data-id='" + id + "']").isEmpty()); // live
            assertEquals("aborted", game(id).getString("result.ending"));

            host.open(root + "#/game/" + id);
            host.visible("#result");
            String shown = host.text("#result");
            assertFalse(shown.contains("null"), shown);
            assertTrue(shown.contains("no result"), shown);
            assertTrue(host.text("#ending").startsWith("Called off before every seat had moved"));
            assertTrue(host.all("#rematch").isEmpty(), "no rematch of a game that never started");
            accessible(host, "a cancelled game");

            other.open(root + "#/history?player=lob");
            other.visible("table.history tr[data-id='" + id + "']");
            String row = other.text("table.history tr[data-id='" + id + "']");
            assertFalse(row.contains("null"), row);
            assertTrue(row.contains("aborted"), row);
        }
    }

    /** Plays Scoundrel through the page by clicking the first move until the game is over. */
    static void playToTheEnd(Browser b) {
        int turn = 0;
        while (!"finished".equals(pageStatus(b))) {
            int before = moves(b);
            b.all("button.move").getFirst().click();
            b.await(d -> moves(b) > before);
            assertTrue(++turn < 200, "a Scoundrel game ends within 200 moves");
        }
    }

    @Test
    void scoundrelHintsCertifiedDealsRulesAndCallingOff() {
        try (Browser b = desktop()) {
            b.open(root.toString());
            onPage(b, "home");
            accessible(b, "the new-game page (desktop)");
            b.screenshot("home");
            type(b, "#scoundrel-name", "hinter");
            type(b, "#scoundrel-seed", "web-hint");
            b.click("#start-scoundrel");
            b.visible(".board.scoundrel");
            String id = gameId(b);
            String token = b.script("return JSON.parse(localStorage.getItem('cardtable.seat.' + arguments[0])).token", id).toString();

            b.click("#hint");
            b.await(d -> b.text("#hint-text").startsWith("Hint:"));
            JsonPath hint = as(token).get("/api/games/" + id + "/hint").then().statusCode(200).extract().jsonPath();
            String shown = b.text("#hint-text");
            assertTrue(shown.contains(hint.getString("reason")), shown + " / " + hint.getString("reason"));
            Map<String, Object> move = hint.getMap("move");
            if (move.get("card") != null) {
                String card = move.get("card").toString();
                String label = b.visible(".room-card button[data-card='" + card + "']").getAttribute("textContent");
                assertTrue(shown.startsWith("Hint: " + (label.contains("Drink") ? "drink" : label.contains("Equip") ? "equip" : "fight")), shown);
            } else {
                assertTrue(shown.startsWith("Hint: avoid the room"), shown);
            }
            b.click("details[data-rules='scoundrel'] summary");
            assertTrue(b.text("details[data-rules='scoundrel']").contains("20 health"));
            accessible(b, "a Scoundrel game with a hint and the rules open");
            b.screenshot("scoundrel-hint");

            // A certified deal, called off before its first move.
            b.open(root.toString());
            type(b, "#scoundrel-name", "certifier");
            b.click("#scoundrel-certified");
            assertFalse(b.visible("#scoundrel-seed").isEnabled(), "a certified deal is dealt from a secret seed");
            b.click("#start-scoundrel");
            b.visible("#certified");
            String certified = gameId(b);
            assertTrue(game(certified).getBoolean("certified"));
            b.click("#abort");
            b.await(d -> "finished".equals(pageStatus(b)));
            assertEquals("aborted", game(certified).getString("result.ending"));
            assertTrue(b.text("#ending").startsWith("Called off"));
            // Over, the deal's certificate is shown with its seed.
            JsonPath over = game(certified);
            assertEquals("The deal's certificate: best score " + over.getInt("certificate.bestScore") + "; first moves that keep it winnable: "
                    + over.getInt("certificate.winningFirstMoves") + " of " + over.getInt("certificate.firstMoves") + ".", b.text("#certificate"));
        }
    }

    @Test
    void aFinishedGamesScoreIsExplainedAndHealthNeverShowsBelowZero() {
        try (Browser b = phone()) {
            b.open(root.toString());
            type(b, "#scoundrel-name", "scorer");
            type(b, "#scoundrel-seed", "web-score-2");
            b.click("#start-scoundrel");
            b.visible(".board.scoundrel");
            String id = gameId(b);
            accessible(b, "a Scoundrel game (phone)");
            b.script("window.scrollTo(0, 0)");
            b.screenshot("scoundrel-phone");
            playToTheEnd(b);
            JsonPath g = game(id);
            assertEquals(Math.max(0, g.getInt("view.health")), Integer.parseInt(b.text("#health")));
            assertTrue(b.text("#score-explained").startsWith("Score " + g.getInt("result.standings[0].score")));
            accessible(b, "a finished Scoundrel game (phone)");
        }
    }

    @Test
    void aPlayerRegistersKeepsTheKeyPlaysTheDailyDealAndUsesTheKeyElsewhere() {
        try (Browser a = desktop(); Browser other = phone()) {
            a.open(root + "#/me");
            onPage(a, "me");
            accessible(a, "the player page before registering");
            type(a, "#register-name", "dailyann");
            a.click("#register-button");
            a.visible("#player-key");
            String key = a.visible("#player-key").getDomProperty("value");
            assertEquals(43, key.length());
            as(null).body(Map.of("name", "DailyAnn")).post("/api/players").then().statusCode(409); // registered
            accessible(a, "the player page with a key");
            a.screenshot("player");

            a.open(root + "#/daily");
            onPage(a, "daily");
            accessible(a, "the daily deal before playing");
            a.screenshot("daily");
            a.click("#daily-play");
            a.visible(".board.scoundrel");
            String id = gameId(a);
            as(null).get("/api/games/" + id).then().statusCode(403); // sealed to others while the day runs
            JsonPath g = as(token(a, id)).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
            assertTrue(g.getBoolean("seats[0].verified"));
            assertTrue(a.all("#hint").isEmpty(), "no hints in a daily game");
            String day = as(null).get("/api/daily/standard").jsonPath().getString("day");
            assertEquals(day, as(token(a, id)).get("/api/games/" + id).jsonPath().getString("daily"));
            other.open(root + "#/daily");
            onPage(other, "daily");
            assertTrue(other.all("#daily-board tr[data-player='dailyann']").isEmpty());
            playToTheEnd(a);
            other.visible("#daily-board tr[data-player='dailyann']"); // live, without a reload
            assertEquals("dailyann", other.visible("#daily-board tr[data-player='dailyann'] a").getText());

            a.open(root + "#/daily");
            a.visible("#daily-attempted");
            a.visible("#daily-board tr[data-player='dailyann']");
            JsonPath board = as(null).get("/api/daily/standard/" + day + "/leaderboard").jsonPath();
            String row = a.text("#daily-board tr[data-player='dailyann']");
            assertTrue(row.contains(String.valueOf(board.getInt("items.find { it.player == 'dailyann' }.score"))), row);
            a.visible("#daily-table tr[data-player='dailyann']");
            a.click("#sealed summary");
            accessible(a, "the daily deal after playing");

            // Another person opening the sealed game sees why, and nothing of the page before.
            other.open(root + "#/history");
            other.visible("table.history");
            other.open(root + "#/game/" + id);
            other.await(d -> other.text("h1").equals("This game is sealed"));
            assertTrue(other.all("table.history").isEmpty(), "the previous page's content is gone");
            assertTrue(other.text("#page-error").contains("daily deal"));
            accessible(other, "a sealed game (phone)");

            // The key pasted on another device: the daily page knows the attempt, new seats are verified.
            other.open(root + "#/me");
            type(other, "#paste-name", "dailyann");
            type(other, "#paste-key", key);
            other.click("#paste-button");
            other.visible("#player-key");
            other.open(root + "#/daily");
            other.visible("#daily-attempted");
            other.open(root.toString());
            assertEquals("dailyann", other.visible("#scoundrel-name").getDomProperty("value"));
            other.click("#start-scoundrel");
            other.visible(".board.scoundrel");
            assertTrue(game(gameId(other)).getBoolean("seats[0].verified"), "a seat taken with the key is verified");

            // Statistics and streaks, as the API counts them.
            other.open(root + "#/player/dailyann");
            other.visible("#streaks");
            JsonPath streaks = as(null).get("/api/players/dailyann/streaks").jsonPath();
            String line = other.text("#streaks tbody tr");
            assertTrue(line.startsWith("standard"), line);
            assertTrue(line.contains(streaks.getInt("rulesets[0].played.current") + " / " + streaks.getInt("rulesets[0].played.longest")), line);
            JsonPath stats = as(null).get("/api/players/dailyann/stats").jsonPath();
            assertEquals(String.valueOf(stats.getInt("types[0].played")), other.all("#stats tbody td").get(1).getText());
            accessible(other, "a registered player's page (phone)");
            other.script("window.scrollTo(0, 0)");
            other.screenshot("player-stats-phone");
        }
    }

    static String token(Browser b, String id) {
        return b.script("return JSON.parse(localStorage.getItem('cardtable.seat.' + arguments[0])).token", id).toString();
    }

    @Test
    void aRecordIsDownloadedAndLoadedToReplayOrPlayOn() throws IOException {
        try (Browser b = desktop()) {
            b.open(root.toString());
            type(b, "#scoundrel-name", "recorder");
            type(b, "#scoundrel-seed", "web-record");
            b.click("#start-scoundrel");
            b.visible(".board.scoundrel");
            String id = gameId(b);
            playToTheEnd(b);
            b.click("#download-record");
            Path file = b.await(d -> {
                try (Stream<Path> files = Files.exists(b.downloads()) ? Files.list(b.downloads()) : Stream.empty()) {
                    return files.filter(p -> p.toString().endsWith(".json")).findFirst().orElse(null);
                } catch (IOException e) {
                    return null;
                }
            });
            Map<String, Object> downloaded = new JsonPath(Files.readString(file)).getMap("$");
            Map<String, Object> record = as(null).get("/api/games/" + id + "/record").jsonPath().getMap("$");
            assertEquals(record, downloaded, "the file is the game's record");
            accessible(b, "a finished game with its record saved");

            // The record cut short after two moves: loading it continues the game here.
            Map<String, Object> cut = new HashMap<>(record);
            cut.put("moves", ((List<?>) record.get("moves")).subList(0, 2));
            cut.put("result", null);
            cut.put("status", "active");
            cut.put("finishedAt", null);
            Path cutFile = Files.createTempFile("cut-record", ".json");
            Files.writeString(cutFile, toJson(cut));
            b.open(root.toString());
            b.visible("#record-file").sendKeys(cutFile.toString());
            b.click("#import-record");
            b.await(d -> !id.equals(gameId(b)) && "active".equals(pageStatus(b)));
            String resumed = gameId(b);
            assertEquals(2, game(resumed).getInt("moveCount"));
            assertTrue(b.text("#turn").contains("Your turn"), "the loaded game is played on from this browser");
            int before = moves(b);
            b.all("button.move").getFirst().click();
            b.await(d -> moves(b) > before);
            assertEquals(3, game(resumed).getInt("moveCount"));

            // The whole record of a game already here opens that game.
            b.open(root.toString());
            b.visible("#record-file").sendKeys(file.toString());
            b.click("#import-record");
            b.await(d -> id.equals(gameId(b)));
        }
    }

    /**
     * Waits until the history page drawn for the current route has read its games: filter
     * {@code filter} shows {@code value} (only the new page's form does) and its table is no longer busy.
     */
    /**
     * Submits the history's filters. The page shown until then (its form already holding the new
     * values, its table not busy) is marked stale first, so that {@link #historyShown} waits for
     * the page of the new query and not the old one.
     */
    static void filter(Browser b) {
        b.script("document.querySelector('table.history').setAttribute('data-stale', 'true')");
        b.click("#filter");
    }

    static void historyShown(Browser b, String filter, String value) {
        b.await(d -> (Boolean) b.script("const f = document.getElementById('filter-' + arguments[0]);"
                + " return f !== null && f.value === arguments[1]"
                + " && document.querySelector(\"table.history[aria-busy='false']:not([data-stale])\") !== null", filter, value));
    }

    static String toJson(Object value) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aFinishedScoundrelGamesReplayShowsItsAnalysisFollowingTheSlider() {
        // Played by the API with the first legal move each time: a winnable deal lost.
        Api.Created g = Api.scoundrel("web-analysis", "analyst");
        for (int i = 0; !"finished".equals(game(g.id()).getString("status")); i++) {
            Map<String, Object> first = as(g.token()).get("/api/games/" + g.id()).jsonPath().getMap("legalMoves[0]");
            Api.move(g.id(), g.token(), first).then().statusCode(200);
            assertTrue(i < 200, "a Scoundrel game ends within 200 moves");
        }
        JsonPath a = as(null).get("/api/games/" + g.id() + "/analysis").then().statusCode(200).extract().jsonPath();
        int last = a.getList("positions").size() - 1;
        int turn = a.getInt("turningPoint.move");
        try (Browser b = phone()) {
            b.open(root + "#/replay/" + g.id());
            b.visible("#analysis[data-state='ready']");
            // The slider starts at the end: the game's score.
            assertEquals("Position " + last + ": the game is over, score " + a.getInt("positions[" + last + "].bestScore") + ".",
                    b.text("#analysis-position"));
            assertEquals(last + 1, b.all(".analysis-strip li").size(), "one mark per position");

            b.click("button.first");
            b.await(d -> b.text("#analysis-position").startsWith("Position 0: "));
            String deal = b.text("#analysis-position");
            assertTrue(deal.startsWith("Position 0: " + (a.getBoolean("positions[0].winnable") ? "could still be won" : "could no longer be won")
                    + " · best reachable score " + a.getInt("positions[0].bestScore") + " · "), deal);
            assertEquals(0, b.all(".analysis-strip li").indexOf(b.visible(".analysis-strip li.current")));

            // The turning point, and the position before it, where the better move was open.
            String turning = b.text("#turning-text");
            assertTrue(turning.startsWith("Turning point: move " + turn + " ("), turning);
            assertTrue("lost-the-win".equals(a.getString("turningPoint.kind")) == turning.contains("lost a game that could be won"), turning);
            String better = turning.substring(turning.indexOf("Better: ") + "Better: ".length(), turning.length() - 1);
            b.click("#turning-go");
            b.await(d -> b.text("#analysis-position").startsWith("Position " + (turn - 1) + ": "));
            assertEquals(String.valueOf(turn - 1), b.visible("#slider").getDomProperty("value"));
            assertTrue(b.text("#position").startsWith("Position " + (turn - 1) + " of " + last), b.text("#position"));
            assertTrue(b.text("#analysis-position").contains(" move: " + better + "."), b.text("#analysis-position") + " / " + better);
            b.click("button.next");
            b.await(d -> b.text("#analysis-position").startsWith("Position " + turn + ": "));
            assertTrue(b.text("#analysis-position").endsWith("The move that led here was the turning point."));
            assertTrue(b.text("#analysis-position").contains((turn == last ? "score " : "best reachable score ")
                    + a.getInt("positions[" + turn + "].bestScore")), b.text("#analysis-position"));

            assertTrue((Boolean) b.script("return document.documentElement.scrollWidth <= window.innerWidth"), "nothing scrolls sideways");
            accessible(b, "a replay with its analysis (phone)");
            b.screenshot("replay-analysis-phone");
        }
        try (Browser b = desktop()) {
            b.open(root + "#/replay/" + g.id());
            b.visible("#analysis[data-state='ready']");
            b.click("#turning-go");
            b.await(d -> b.text("#analysis-position").startsWith("Position " + (turn - 1) + ": "));
            accessible(b, "a replay with its analysis (desktop)");
            b.screenshot("replay-analysis");
        }
    }

    @Test
    void historyOffersEveryFilterAndFitsAPhone() {
        Api.Created running = Api.scoundrel("web-filter-1", "filterfan");
        Response aborted = Api.move(running.id(), running.token(), Map.of("action", "abort"));
        aborted.then().statusCode(200);
        Api.scoundrel("web-filter-2", "filterfan");
        Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "filterfan"), Map.of("ai", "random")))).then().statusCode(201);
        try (Browser b = phone()) {
            b.open(root + "#/history");
            onPage(b, "history");
            assertEquals(List.of("", "won", "lost", "drawn", "abandoned"),
                    new Select(b.visible("#filter-result")).getOptions().stream().map(o -> o.getDomAttribute("value")).toList());
            type(b, "#filter-player", "filterfan");
            new Select(b.visible("#filter-type")).selectByValue("scoundrel");
            new Select(b.visible("#filter-status")).selectByValue("finished");
            filter(b);
            b.await(d -> d.getCurrentUrl().contains("status=finished"));
            historyShown(b, "status", "finished");
            b.visible("table.history tr[data-id='" + running.id() + "']");
            List<String> ids = as(null).get("/api/games?player=filterfan&type=scoundrel&status=finished").jsonPath().getList("items.id");
            assertEquals(ids, b.all("table.history tbody tr[data-id]").stream().map(e -> e.getDomAttribute("data-id")).toList());
            // On a phone every row's status, result and links are on screen: nothing scrolls sideways.
            assertTrue((Boolean) b.script("return document.documentElement.scrollWidth <= window.innerWidth"));
            WebElement replay = b.visible("table.history tr[data-id='" + running.id() + "'] a[href^='#/replay/']");
            assertTrue((Boolean) b.script("const r = arguments[0].getBoundingClientRect(); return r.right <= window.innerWidth", replay));
            accessible(b, "history filtered (phone)");
            b.screenshot("history-phone");

            new Select(b.visible("#filter-result")).selectByValue("abandoned");
            new Select(b.visible("#filter-status")).selectByValue("");
            new Select(b.visible("#filter-type")).selectByValue("");
            filter(b);
            b.await(d -> d.getCurrentUrl().contains("result=abandoned"));
            historyShown(b, "result", "abandoned");
            List<String> abandoned = as(null).get("/api/games?player=filterfan&result=abandoned").jsonPath().getList("items.id");
            assertEquals(abandoned, b.all("table.history tbody tr[data-id]").stream().map(e -> e.getDomAttribute("data-id")).toList());

            // Dates: games created after tomorrow are none.
            String tomorrow = java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(1).toString();
            b.open(root + "#/history?player=filterfan&createdAfter=" + tomorrow + "T00:00:00Z");
            historyShown(b, "createdAfter", tomorrow);
            b.visible("table.history tbody tr");
            assertTrue(b.all("table.history tbody tr[data-id]").isEmpty());
            assertEquals(tomorrow, b.visible("#filter-createdAfter").getDomProperty("value"));

            // A replay on a phone: the four buttons on one row.
            b.open(root + "#/replay/" + running.id());
            b.visible("#slider");
            List<WebElement> buttons = b.all(".replay-buttons button");
            assertEquals(4, buttons.size());
            assertEquals(1, buttons.stream().map(e -> e.getRect().getY()).distinct().count(), "one row of buttons");
            accessible(b, "a replay (phone)");

            // The ruleset choice fits the phone's width.
            b.open(root.toString());
            WebElement ruleset = b.visible("#scoundrel-ruleset");
            assertTrue((Boolean) b.script("return arguments[0].getBoundingClientRect().right <= window.innerWidth", ruleset));
            assertEquals("standard", new Select(ruleset).getFirstSelectedOption().getText(), "the option is the ruleset's name");
            assertFalse(b.text("#ruleset-about").isBlank(), "its description is shown under the choice, not cut off in it");
            assertTrue((Boolean) b.script("return document.documentElement.scrollWidth <= window.innerWidth"));
            accessible(b, "the new-game page (phone)");
            b.screenshot("home-phone");

            // The first Tab reaches the skip link, which moves to the content.
            b.open(root + "#/lobby");
            onPage(b, "lobby");
            new Actions(b.driver()).sendKeys(Keys.TAB).perform();
            assertEquals("Skip to the content", b.driver().switchTo().activeElement().getText());
            new Actions(b.driver()).sendKeys(Keys.ENTER).perform();
            b.await(d -> "content".equals(d.switchTo().activeElement().getDomAttribute("id")));
            assertTrue(b.driver().getCurrentUrl().endsWith("#/lobby"), "the skip link keeps the page");
        }
    }
}
