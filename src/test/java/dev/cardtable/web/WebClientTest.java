package dev.cardtable.web;

import dev.cardtable.support.Api;
import dev.cardtable.support.Browser;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web client served at {@code /}, driven in a real headless Chromium: games played to their
 * end with the mouse and the keyboard, a live game watched from a second browser, a second person
 * joining from a shared link, a finished game replayed with the slider, history and a player's
 * statistics. Every result the page shows is checked against the API. Screenshots go to
 * {@code target/screenshots/}.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebClientTest extends BrowserTest {

    @TestHTTPResource("/")
    URL root;

    /** The game id the page shows, once a game page is open. */
    private static String gameId(Browser b) {
        return b.await(d -> d.findElement(By.id("app")).getDomAttribute("data-game"));
    }

    private static int moves(Browser b) {
        String m = b.driver().findElement(By.id("app")).getDomAttribute("data-moves");
        return m == null ? -1 : Integer.parseInt(m);
    }

    private static String status(Browser b) {
        return b.driver().findElement(By.id("app")).getDomAttribute("data-status");
    }

    /** Waits until the game page shows more than {@code before} moves. */
    private static void awaitMovesBeyond(Browser b, int before) {
        b.await(d -> moves(b) > before);
    }

    private static void pressKey(Browser b, CharSequence key) {
        new Actions(b.driver()).sendKeys(key).perform();
    }

    private static int moveCount(String id) {
        return game(id).getInt("moveCount");
    }

    private static JsonPath game(String id) {
        return as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
    }

    /** "won, 14" per seat, from the result's standings. */
    private static List<String> standings(String id) {
        List<Map<String, Object>> standings = game(id).getList("result.standings");
        return standings.stream().map(st -> st.get("outcome") + ", " + st.get("score")).toList();
    }

    private static void assertResultShown(Browser b, String id) {
        String shown = b.text("#result");
        assertEquals("finished", game(id).getString("status"));
        for (String s : standings(id)) {
            assertTrue(shown.contains(s), () -> "result line '" + shown + "' lacks '" + s + "'");
        }
    }

    private void startScoundrel(Browser b, String name, String seed) {
        b.open(root.toString());
        WebElement nameField = b.visible("#scoundrel-name");
        nameField.clear();
        nameField.sendKeys(name);
        b.visible("#scoundrel-seed").sendKeys(seed);
        b.click("#start-scoundrel");
        b.visible(".board.scoundrel");
    }

    @Test
    void playsScoundrelToItsEndWithMouseAndKeyboard() {
        try (Browser b = Browser.start()) {
            startScoundrel(b, "webalice", "web-1");
            String id = gameId(b);
            assertEquals("20", b.text("#health"));
            assertEquals(4, b.all(".room-card figure").size(), "the first room shows four cards");
            int turn = 0;
            while (!"finished".equals(status(b))) {
                int before = moves(b);
                if (turn == 3) {
                    b.screenshot("scoundrel");
                }
                if (turn == 5) {
                    // A reload keeps the seat: the token stays in the browser.
                    b.driver().navigate().refresh();
                    b.await(d -> moves(b) == before);
                    assertTrue(b.text("#turn").contains("Your turn"), b.text("#turn"));
                }
                if (turn % 2 == 0) {
                    b.all("button.move").getFirst().click();
                } else {
                    pressKey(b, b.all("button.avoid").isEmpty() ? "1" : "a");
                }
                awaitMovesBeyond(b, before);
                assertEquals(Math.max(0, game(id).getInt("view.health")), Integer.parseInt(b.text("#health")),
                        "the page shows the game's health after each move (below zero as 0)");
                turn++;
                assertTrue(turn < 200, "a Scoundrel game ends within 200 moves");
            }
            assertResultShown(b, id);
            assertTrue(b.all("button.move").isEmpty(), "no moves are offered once the game is over");
            b.screenshot("scoundrel-end");
        }
    }

    @Test
    void playsDazzleAgainstHeuristicToItsEnd() {
        try (Browser b = Browser.start(1280, 800)) {
            b.open(root.toString());
            WebElement name = b.visible("#dazzle-name");
            name.clear();
            name.sendKeys("webdazzler");
            Select opponent = new Select(b.visible("#dazzle-opponent"));
            List<String> offered = opponent.getOptions().stream().map(o -> o.getDomAttribute("value")).toList();
            List<String> levels = as(null).get("/api/game-types").jsonPath().getList("find { it.type == 'dazzle' }.aiLevels");
            List<String> expected = new ArrayList<>(levels);
            expected.add(""); // a second person
            assertEquals(expected, offered, "every computer opponent, and a second person, can be chosen");
            opponent.selectByValue("heuristic");
            b.click("#start-dazzle");
            b.visible(".board.dazzle");
            String id = gameId(b);
            assertEquals("heuristic", game(id).getString("seats[1].ai"));
            assertEquals(8, b.all(".hand.seat-1 figure svg.back").size(), "the opponent's hand shows eight card backs");
            assertEquals(8, b.all(".hand.seat-0 button.hand-card").size(), "one's own hand is eight cards to pick");
            assertTrue(b.all(".hand.seat-0 svg.back").isEmpty(), "one's own cards show their colours");
            int turn = 0;
            while (!"finished".equals(status(b))) {
                int before = moves(b);
                List<WebElement> own = b.all("button.move.own");
                if (!own.isEmpty() && turn % 4 == 1) {
                    pressKey(b, "2"); // own the offer's second card by keyboard
                } else if (!own.isEmpty()) {
                    own.getFirst().click();
                } else if (turn % 2 == 0) {
                    // By keyboard: pick the first two cards of the hand, then present them.
                    pressKey(b, "1");
                    b.await(d -> b.all("button.hand-card.picked").size() == 1);
                    pressKey(b, "2");
                    b.await(d -> b.all("button.hand-card.picked").size() == 2);
                    if (turn == 2) {
                        b.screenshot("dazzle");
                        assertBoardFits(b);
                    }
                    pressKey(b, Keys.ENTER);
                } else {
                    List<WebElement> cards = b.all("button.hand-card");
                    cards.get(cards.size() - 1).click();
                    cards = b.all("button.hand-card");
                    cards.get(cards.size() - 2).click();
                    b.click("button.move.present");
                }
                awaitMovesBeyond(b, before);
                turn++;
                assertTrue(turn < 40, "a Dazzle game ends within 36 moves");
            }
            assertEquals(36, moveCount(id), "18 presentations and 18 choices");
            assertResultShown(b, id);
            b.script("window.scrollTo(0, 0)");
            assertBoardFits(b);
            assertTrue(b.all(".colour .pot-row .row-label").stream().allMatch(e -> e.getText().startsWith("Pot, worth")),
                    "each colour's pot is labelled");
            assertTrue(b.all(".colour .owned .row-label").stream().allMatch(e -> e.getText().startsWith("Owned by")),
                    "each seat's owned cards are labelled");
            b.screenshot("dazzle-end");
        }
    }

    /** On a 1280×800 window the whole Dazzle board, one's hand and its keys included, is on screen. */
    private static void assertBoardFits(Browser b) {
        Number bottom = (Number) b.script("return document.querySelector('.board.dazzle').getBoundingClientRect().bottom");
        Number height = (Number) b.script("return window.innerHeight");
        assertTrue(bottom.doubleValue() <= height.doubleValue(), "the board ends at " + bottom + " px, inside the window's "
                + height + " px");
    }

    @Test
    void aSecondBrowserWatchesAGameLive() {
        try (Browser player = Browser.start(); Browser watcher = Browser.start(420, 900)) {
            startScoundrel(player, "webwatched", "web-watch");
            String id = gameId(player);
            watcher.open(root + "#/game/" + id);
            watcher.visible(".board.scoundrel");
            assertTrue(watcher.text("#turn").startsWith("Watching live"), watcher.text("#turn"));
            assertTrue(watcher.all("button.move").isEmpty(), "a spectator is offered no moves");
            for (int i = 0; i < 4; i++) {
                int before = moves(player);
                player.all("button.move").getFirst().click();
                awaitMovesBeyond(player, before);
                int now = moves(player);
                watcher.await(d -> moves(watcher) == now);
                assertEquals(player.text("#health"), watcher.text("#health"));
                assertEquals(texts(player, ".room-card figure"), texts(watcher, ".room-card figure"));
            }
            watcher.screenshot("watch");
        }
    }

    private static List<String> texts(Browser b, String css) {
        return b.all(css).stream().map(e -> e.getDomAttribute("aria-label")).toList();
    }

    @Test
    void aSecondPersonJoinsDazzleFromTheSharedLink() {
        try (Browser host = Browser.start(); Browser guest = Browser.start(420, 900)) {
            host.open(root.toString());
            WebElement name = host.visible("#dazzle-name");
            name.clear();
            name.sendKeys("webhost");
            new Select(host.visible("#dazzle-opponent")).selectByValue("");
            host.click("#start-dazzle");
            String link = host.visible("#share-link").getDomProperty("value");
            String id = gameId(host);
            assertTrue(link.endsWith(id), link);
            assertEquals("waiting", status(host));

            guest.open(link);
            WebElement guestName = guest.visible("#join-name");
            guestName.clear();
            guestName.sendKeys("webguest");
            guest.click("#take-seat");
            guest.visible(".board.dazzle");
            assertEquals("webguest", game(id).getString("seats[1].name"));

            host.visible(".board.dazzle"); // the host's page sees the seat taken
            assertTrue(host.text("#turn").contains("Your turn"));
            assertTrue(guest.all("button.hand-card").isEmpty(), "seat 1 does not present first");
            int before = moves(host);
            host.all("button.hand-card").get(0).click();
            host.all("button.hand-card").get(1).click();
            host.click("button.move.present");
            awaitMovesBeyond(host, before);

            // The guest's page follows live and offers the choice.
            guest.await(d -> guest.all("button.move.own").size() == 2);
            guest.screenshot("dazzle-guest");
            int seen = moves(guest);
            guest.all("button.move.own").getFirst().click();
            awaitMovesBeyond(guest, seen);
            awaitMovesBeyond(host, seen);
            assertEquals(2, moveCount(id));
            assertTrue(guest.text("#turn").contains("Your turn"), "seat 1 presents next");
        }
    }

    /** A Scoundrel game played to its end through the API, always with the first legal move; its id. */
    private static String finishedScoundrel(String seed, String name) {
        Api.Created created = Api.scoundrel(seed, name);
        String id = created.id();
        while (!"finished".equals(game(id).getString("status"))) {
            Map<String, Object> first = as(created.token()).get("/api/games/" + id).jsonPath().getMap("legalMoves[0]");
            Api.move(id, created.token(), first).then().statusCode(200);
        }
        return id;
    }

    @Test
    void replaysAFinishedGamePositionByPosition() {
        String id = finishedScoundrel("web-replay", "webreplayer");
        JsonPath g = game(id);
        int last = moveCount(id);
        int finalHealth = g.getInt("view.health");

        try (Browser b = Browser.start()) {
            b.open(root + "#/replay/" + id);
            WebElement slider = b.visible("#slider");
            assertEquals(String.valueOf(last), slider.getDomAttribute("max"));
            assertTrue(b.text("#position").startsWith("Position " + last + " of " + last));
            b.visible(".replay-board .result");

            slider.sendKeys(Keys.HOME);
            b.await(d -> b.text("#position").startsWith("Position 0 of"));
            assertEquals("20", b.text("#health"));
            Set<String> rooms = new HashSet<>();
            rooms.add(String.join(",", texts(b, ".room-card figure")));
            for (int n = 1; n <= 5; n++) {
                slider.sendKeys(Keys.ARROW_RIGHT);
                int at = n;
                b.await(d -> b.text("#position").startsWith("Position " + at + " of"));
                JsonPath state = as(null).get("/api/games/" + id + "/states/" + n).jsonPath();
                assertEquals(state.getInt("view.health"), Integer.parseInt(b.text("#health")), "health at position " + n);
                assertEquals(state.getList("view.room").size(), b.all(".room-card figure").size(), "room at position " + n);
                rooms.add(String.join(",", texts(b, ".room-card figure")));
            }
            assertTrue(rooms.size() > 3, "the room changes as the slider moves: " + rooms);
            b.screenshot("replay");

            pressKey(b, Keys.END); // the page's own shortcut, with the focus off the slider
            b.await(d -> b.text("#position").startsWith("Position " + last + " of"));
            assertEquals(String.valueOf(Math.max(0, finalHealth)), b.text("#health"), "health below zero shows as 0");
            b.visible(".replay-board .result");
        }
    }

    @Test
    void browsesHistoryAndAPlayersStatistics() {
        String id = finishedScoundrel("web-history", "webhistorian");
        for (int i = 0; i < 20; i++) {
            Api.scoundrel("web-history-" + i, "webhistorian"); // running games: 21 in all, one page holds 20
        }
        try (Browser b = Browser.start(420, 900)) {
            b.open(root + "#/history?player=webhistorian");
            b.await(d -> b.all("table.history tbody tr").size() == 20);
            assertTrue(b.all("table.history tr[data-id='" + id + "']").isEmpty(), "the oldest game is on the next page");
            b.click("#more");
            b.visible("table.history tr[data-id='" + id + "']");
            assertEquals(21, b.all("table.history tbody tr").size());
            assertFalse(b.driver().findElement(By.id("more")).isDisplayed(), "no further page");
            b.driver().findElement(By.linkText("webhistorian")).click();
            b.visible("#stats");
            List<WebElement> cells = b.all("#stats tbody td");
            assertEquals("scoundrel", cells.get(0).getText());
            assertEquals("1", cells.get(1).getText(), "one game played");
            b.await(d -> b.all("table.history tbody tr").size() == 20);
            b.click("#more");
            b.visible("table.history tr[data-id='" + id + "']");
            assertFalse(b.all("table.history tr[data-id='" + id + "'] a[href='#/replay/" + id + "']").isEmpty());
            b.screenshot("history");
        }
    }
}
