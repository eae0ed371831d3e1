package dev.cardtable.web;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Browser;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.tournaments.ArenaPairing;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.web.WebFeaturesTest.accessible;
import static dev.cardtable.web.WebFeaturesTest.desktop;
import static dev.cardtable.web.WebFeaturesTest.gameId;
import static dev.cardtable.web.WebFeaturesTest.onPage;
import static dev.cardtable.web.WebFeaturesTest.pageStatus;
import static dev.cardtable.web.WebFeaturesTest.phone;
import static dev.cardtable.web.WebFeaturesTest.type;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arenas in the web client (docs/web-client.md, docs/tournaments.md): a signed-in player makes an
 * arena that starts at once and joins it; a second player joins by the API; the pairing opens the
 * game in the browser with no click; the opponent resigns, the game's page links back to the
 * arena, whose live table and "your games" show the result as the API has it; the next pairing
 * opens by itself from the arena's page. axe finds nothing on the list and the arena's page at
 * both sizes.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebArenasTest extends BrowserTest {

    private static final String PASSWORD = "a password for arenas";

    @TestHTTPResource("/")
    URL root;

    @Inject
    ArenaPairing pairing;

    /**
     * Runs the arena's pairing, as the server's job does each second (the tests' profile turns the
     * job off), until {@code condition} holds in the browser.
     */
    private static <T> T pairUntil(ArenaPairing pairing, Browser b, Function<WebDriver, T> condition) {
        for (int i = 0; i < 100; i++) {
            pairing.run();
            try {
                T t = condition.apply(b.driver());
                if (t != null && !Boolean.FALSE.equals(t)) {
                    return t;
                }
                Thread.sleep(200);
            } catch (org.openqa.selenium.NoSuchElementException e) {
                // not yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return b.await(condition);
    }

    private static JsonPath arena(String id) {
        return as(null).get("/api/arenas/" + id).then().statusCode(200).extract().jsonPath();
    }

    private static JsonPath sheet(String id, String name) {
        return as(null).get("/api/arenas/" + id + "/players/" + name).then().statusCode(200).extract().jsonPath();
    }

    /** {@code POST path} with {@code key}, which must succeed. */
    private static void post(String key, String path) {
        int status = as(null).header("X-Player-Key", key).post(path).then().extract().statusCode();
        assertTrue(status / 100 == 2, path + " answered " + status);
    }

    private void signIn(Browser b, String name) {
        b.open(root + "#/me");
        onPage(b, "me");
        type(b, "#sign-in-name", name);
        type(b, "#sign-in-password", PASSWORD);
        b.click("#sign-in-button");
        b.visible("#sign-out");
    }

    /** The id of the arena the browser shows, from the address. */
    private static String shownArena(Browser b) {
        return b.await(d -> {
            String url = d.getCurrentUrl();
            int at = url.indexOf("#/arenas/");
            return at < 0 ? null : url.substring(at + "#/arenas/".length());
        });
    }

    @Test
    void makeJoinBePairedIntoAGameWithoutAClickSeeTheResultAndTheNextPairing() {
        String me = PlayersTest.unique("ar").toLowerCase();
        String them = PlayersTest.unique("ao");
        String myKey = PlayersTest.register(me);
        String theirKey = PlayersTest.register(them);
        as(null).header("X-Player-Key", myKey).body(Map.of("password", PASSWORD)).post("/api/account/password")
                .then().statusCode(204);
        String id;
        try (Browser b = desktop()) {
            signIn(b, me);
            b.click("header nav a[href='#/arenas']");
            onPage(b, "arenas");
            assertEquals("page", b.visible("#arenas-running").getDomAttribute("aria-current"));
            accessible(b, "the arenas, signed in (desktop)");

            String name = "Arena " + me;
            type(b, "#arena-name", name);
            type(b, "#arena-minutes", "5");
            type(b, "#arena-clock-initial", "1");
            type(b, "#arena-clock-increment", "0");
            b.click("#create-arena");
            id = shownArena(b);
            onPage(b, "arenas");
            b.visible("#arena-join");
            JsonPath made = arena(id);
            assertEquals(name, made.getString("name"));
            assertEquals(me, made.getString("createdBy"));
            assertEquals("running", made.getString("status"));
            assertEquals("PT1M", made.getString("clock.initial"));
            assertEquals("PT0S", made.getString("clock.increment"));
            assertEquals(name, b.text("#arena-name"));
            b.await(d -> d.findElement(By.id("arena-countdown")).getText().startsWith("ends in 4:")
                    || d.findElement(By.id("arena-countdown")).getText().startsWith("ends in 5:"));

            // Joining: the table shows the player at once, as the API does.
            b.click("#arena-join");
            b.visible("#arena-joined");
            b.visible("#standings-rows tr[data-player='" + me + "']");
            assertEquals(List.of(me), as(null).get("/api/arenas/" + id + "/standings").then().statusCode(200)
                    .extract().path("items.player"));
            accessible(b, "an arena joined, waiting for a pairing (desktop)");

            // A second player joins by the API; the arena pairs the two, and the game opens with no click.
            post(theirKey, "/api/arenas/" + id + "/join");
            pairUntil(pairing, b, d -> !d.findElements(By.cssSelector(".board.dazzle")).isEmpty());
            b.visible(".board.dazzle");
            String game = gameId(b);
            List<String> seats = as(null).get("/api/games/" + game).then().statusCode(200).extract().path("seats.name");
            assertTrue(seats.contains(me) && seats.contains(them), seats.toString());
            b.visible("#arena-link");

            // The opponent pauses (so that the two are not paired again at once) and resigns.
            post(theirKey, "/api/arenas/" + id + "/withdraw");
            as(null).header("X-Player-Key", theirKey).body(Map.of("action", "resign")).post("/api/games/" + game + "/moves")
                    .then().statusCode(200);
            b.await(d -> "finished".equals(pageStatus(b)));
            b.visible("#arena-line.arena-next");

            // Back on the arena's page, the table and the player's games show the result.
            b.click("#arena-link");
            onPage(b, "arenas");
            JsonPath mine = b.await(d -> {
                JsonPath s = sheet(id, me);
                return s.getList("results").isEmpty() ? null : s;
            });
            assertEquals("won", mine.getString("results[0].result"));
            assertEquals(2, mine.getInt("points"));
            String row = "#standings-rows tr[data-player='" + me + "']";
            b.await(d -> "2".equals(d.findElement(By.cssSelector(row + " td[data-label='Points']")).getText()));
            assertEquals("1", b.text(row + " td[data-label='Rank']"));
            assertEquals("1", b.text(row + " td[data-label='Games']"));
            b.visible("#my-results tr[data-game='" + game + "']");
            assertEquals(them, b.text("#my-results tr[data-game='" + game + "'] td[data-label='Opponent']"));
            assertEquals("won", b.text("#my-results tr[data-game='" + game + "'] td[data-label='Result']"));
            accessible(b, "an arena's page with a result (desktop)");
            b.script("window.scrollTo(0, 0)");
            b.screenshot("arena");

            // The opponent comes back: the next pairing opens from the arena's page, again with no click.
            post(theirKey, "/api/arenas/" + id + "/join");
            pairUntil(pairing, b, d -> {
                String now = d.findElement(By.id("app")).getDomAttribute("data-game");
                return now != null && !now.equals(game) ? now : null;
            });
            String second = gameId(b);
            assertNotEquals(game, second);
            post(theirKey, "/api/arenas/" + id + "/withdraw");
            as(null).header("X-Player-Key", theirKey).body(Map.of("action", "resign")).post("/api/games/" + second + "/moves")
                    .then().statusCode(200);
            b.await(d -> "finished".equals(pageStatus(b)));
            b.await(d -> sheet(id, me).getInt("points") == 4 ? true : null);
        }

        // At a phone's size: the list with the arena in it, and the arena's page, for a player with a key.
        try (Browser p = phone()) {
            p.open(root + "#/me");
            onPage(p, "me");
            type(p, "#paste-name", them);
            type(p, "#paste-key", theirKey);
            p.click("#paste-button");
            p.visible("#player-key");
            p.open(root + "#/arenas");
            onPage(p, "arenas");
            p.visible("#arenas tr[data-id='" + id + "']");
            accessible(p, "the arenas (phone)");
            p.script("window.scrollTo(0, 0)");
            p.screenshot("arenas-phone");
            p.click("#arenas tr[data-id='" + id + "'] a");
            onPage(p, "arenas");
            p.visible("#arena-join");
            p.visible("#standings-rows tr[data-player='" + me + "']");
            p.visible("#my-results");
            accessible(p, "an arena's page, paused (phone)");

            // Watched live: a third player joins and loses to the first, who is on a streak (a win scores 4);
            // the table moves and the latest results read the result out.
            String third = PlayersTest.unique("at");
            String thirdKey = PlayersTest.register(third);
            post(thirdKey, "/api/arenas/" + id + "/join");
            p.visible("#standings-rows tr[data-player='" + third + "']");
            String game3 = null;
            for (int i = 0; i < 100 && game3 == null; i++) {
                pairing.run();
                game3 = sheet(id, third).getString("playing");
            }
            assertTrue(game3 != null, "the first and the third player are paired");
            as(null).header("X-Player-Key", thirdKey).body(Map.of("action", "resign")).post("/api/games/" + game3 + "/moves")
                    .then().statusCode(200);
            p.await(d -> d.findElement(By.id("arena-news")).getText().contains(me + " won (+4)"));
            String row = "#standings-rows tr[data-player='" + me + "']";
            p.await(d -> "8".equals(d.findElement(By.cssSelector(row + " td[data-label='Points']")).getText()));
            assertEquals(8, sheet(id, me).getInt("points"));
            // The live table keeps the standings' order (points, then performance, then name), as the API has it.
            List<String> order = as(null).get("/api/arenas/" + id + "/standings").then().statusCode(200)
                    .extract().path("items.player");
            assertEquals(me, order.get(0));
            p.await(d -> order.equals(p.all("#standings-rows tr").stream().map(r -> r.getDomAttribute("data-player")).toList()));
            accessible(p, "an arena's page with a result read out (phone)");
            p.script("window.scrollTo(0, 0)");
            p.screenshot("arena-phone");
        }
    }
}
