package dev.cardtable.web;

import dev.cardtable.pairing.Pairing;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Browser;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.net.URL;
import java.util.List;
import java.util.Map;

import static dev.cardtable.web.WebFeaturesTest.accessible;
import static dev.cardtable.web.WebFeaturesTest.desktop;
import static dev.cardtable.web.WebFeaturesTest.gameId;
import static dev.cardtable.web.WebFeaturesTest.onPage;
import static dev.cardtable.web.WebFeaturesTest.phone;
import static dev.cardtable.web.WebFeaturesTest.type;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Challenges and quick pairing in the web client (docs/web-client.md): a challenge made to the
 * browser's player shows up live and is accepted into a game the browser plays by its key; the
 * browser challenges a player from their page and follows it into the game once accepted; quick
 * pairing waits, can be cancelled, and opens the game when paired. axe finds nothing at both sizes.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebChallengesTest extends BrowserTest {

    @TestHTTPResource("/")
    URL root;

    @Inject
    Pairing pairing;

    static RequestSpecification as(String key) {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON).header("X-Player-Key", key);
    }

    private void keep(Browser b, String name, String key) {
        b.open(root + "#/me");
        onPage(b, "me");
        type(b, "#paste-name", name);
        type(b, "#paste-key", key);
        b.click("#paste-button");
        b.visible("#player-key");
    }

    @Test
    void aChallengeIsSeenLiveAcceptedAndPlayedByKey() {
        String me = PlayersTest.unique("wc"), them = PlayersTest.unique("wt");
        String myKey = PlayersTest.register(me), theirKey = PlayersTest.register(them);
        try (Browser b = desktop()) {
            keep(b, me, myKey);
            b.open(root + "#/lobby");
            onPage(b, "lobby");
            String id = as(theirKey).body(Map.of("player", me, "type", "dazzle", "challengerSeat", 1)).post("/api/challenges")
                    .then().statusCode(201).extract().path("id");
            b.visible("#incoming li[data-id='" + id + "']");
            assertTrue(b.text("#incoming").contains(them + " challenges you to dazzle"), b.text("#incoming"));
            accessible(b, "an incoming challenge (desktop)");
            b.click("#incoming button.accept[data-id='" + id + "']");
            b.visible(".board.dazzle");
            String game = gameId(b);
            assertEquals(game, as(theirKey).get("/api/challenges/" + id).then().extract().path("gameId"));
            // The challenger took seat 1, so the browser's seat 0 moves first.
            b.await(d -> d.findElement(By.id("turn")).getText().contains("Your turn"));
            b.await(d -> d.findElements(By.cssSelector("#incoming li")).isEmpty());
        }
    }

    @Test
    void aPlayerIsChallengedFromTheirPageAndTheGameOpensOnceAccepted() {
        String me = PlayersTest.unique("wd"), them = PlayersTest.unique("we");
        String myKey = PlayersTest.register(me), theirKey = PlayersTest.register(them);
        try (Browser b = phone()) {
            keep(b, me, myKey);
            b.open(root + "#/player/" + them);
            onPage(b, "player");
            b.visible("#challenge-rated").click();
            b.click("#challenge-button");
            b.await(d -> d.findElement(By.id("challenge-state")).getText().contains("waiting for an answer"));
            accessible(b, "a challenge sent, waiting (phone)");
            List<String> ids = as(theirKey).get("/api/challenges").then().statusCode(200).extract().path("in.id");
            assertEquals(1, ids.size());
            as(theirKey).post("/api/challenges/" + ids.get(0) + "/accept").then().statusCode(201);
            b.visible(".board.dazzle");
            String game = gameId(b);
            as(myKey).get("/api/games/" + game).then().statusCode(200)
                    .body("rated", org.hamcrest.Matchers.equalTo(true));
            // The browser holds no seat token of a game it did not accept: its key opens its seat.
            b.await(d -> d.findElements(By.cssSelector(".seats li")).stream()
                    .anyMatch(li -> li.getText().contains(me) && li.getText().contains("(you)")));
        }
    }

    @Test
    void quickPairingWaitsCancelsAndOpensThePairedGame() {
        String me = PlayersTest.unique("wf"), them = PlayersTest.unique("wg");
        String myKey = PlayersTest.register(me), theirKey = PlayersTest.register(them);
        try (Browser b = desktop(); Browser small = phone()) {
            keep(b, me, myKey);
            b.open(root + "#/lobby");
            onPage(b, "lobby");
            b.click("#quick-find");
            b.await(d -> d.findElement(By.id("quick-state")).getText().contains("Looking for an opponent"));
            accessible(b, "quick pairing, waiting (desktop)");
            b.click("#quick-cancel");
            b.await(d -> d.findElement(By.id("quick-state")).getText().contains("Stopped looking"));
            assertEquals(List.of(), as(myKey).get("/api/seeks").then().extract().path("items"));

            b.click("#quick-find");
            b.await(d -> d.findElement(By.id("quick-state")).getText().contains("Looking for an opponent"));
            as(theirKey).body(Map.of("type", "dazzle", "rated", true)).post("/api/seeks").then().statusCode(201);
            for (int i = 0; i < 50 && b.driver().findElements(By.cssSelector(".board.dazzle")).isEmpty(); i++) {
                pairing.run();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            b.visible(".board.dazzle");
            String game = gameId(b);
            List<String> names = as(myKey).get("/api/games/" + game).then().statusCode(200).extract().path("seats.name");
            assertTrue(names.contains(me) && names.contains(them), names.toString());

            keep(small, them, theirKey);
            small.open(root + "#/lobby");
            onPage(small, "lobby");
            small.visible("#quick-find");
            accessible(small, "quick pairing (phone)");
        }
    }
}
