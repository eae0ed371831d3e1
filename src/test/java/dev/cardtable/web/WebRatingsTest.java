package dev.cardtable.web;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Browser;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.net.URL;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.web.WebFeaturesTest.accessible;
import static dev.cardtable.web.WebFeaturesTest.desktop;
import static dev.cardtable.web.WebFeaturesTest.gameId;
import static dev.cardtable.web.WebFeaturesTest.onPage;
import static dev.cardtable.web.WebFeaturesTest.pageStatus;
import static dev.cardtable.web.WebFeaturesTest.phone;
import static dev.cardtable.web.WebFeaturesTest.type;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rated play in the web client ({@code docs/ratings.md}): a rated game opened in the lobby with a
 * rating range and taken by a second registered player whose rating lies in it, its ratings beside the names and their change at the end on
 * both pages, a player's ratings with the chart of their history, and the leaderboard, at both
 * sizes, each checked against the API and with axe-core.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebRatingsTest extends BrowserTest {

    private static final JsonPathConfig DOUBLES = JsonPathConfig.jsonPathConfig()
            .numberReturnType(JsonPathConfig.NumberReturnType.DOUBLE);

    @TestHTTPResource("/")
    URL root;

    /** Keeps {@code name}'s key in the browser, as a person pasting it on the "You" page does. */
    private void keep(Browser b, String name, String key) {
        b.open(root + "#/me");
        onPage(b, "me");
        type(b, "#paste-name", name);
        type(b, "#paste-key", key);
        b.click("#paste-button");
        b.visible("#player-key");
    }

    private static JsonPath game(String id) {
        return as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath(DOUBLES);
    }

    private static String expectedChange(JsonPath g, int seat) {
        double before = g.getDouble("seats[" + seat + "].rating");
        double diff = g.getDouble("seats[" + seat + "].ratingDiff");
        long d = Math.round(diff);
        String sign = d > 0 ? "+" + d : d < 0 ? "−" + (-d) : "±0";
        return g.getString("seats[" + seat + "].name") + " " + Math.round(before) + " → " + Math.round(before + diff)
                + " (" + sign + ")";
    }

    @Test
    void aRatedGameFromTheLobbyShowsRatingsAndTheirChangeThenThePlayerAndTheLeaderboard() throws Exception {
        String hostName = PlayersTest.unique("rh");
        String guestName = PlayersTest.unique("rg");
        String hostKey = PlayersTest.register(hostName);
        String guestKey = PlayersTest.register(guestName);
        try (Browser host = desktop(); Browser guest = phone()) {
            // Without a key, the rated choice is there but cannot be taken.
            host.open(root.toString());
            onPage(host, "home");
            assertFalse(host.visible("#dazzle-rated").isEnabled(), "rated play needs a registered name");

            keep(host, hostName, hostKey);
            keep(guest, guestName, guestKey);
            host.open(root + "#/lobby");
            onPage(host, "lobby");
            WebElement rated = host.visible("#open-rated");
            assertTrue(rated.isEnabled());
            assertFalse(host.driver().findElement(By.id("open-rating-range")).isDisplayed(),
                    "the rating range is asked for a rated game only");
            rated.click();
            // A rated game may ask for a rating range (docs/ratings.md, "Rating ranges").
            type(host, "#open-rating-min", "1400");
            type(host, "#open-rating-max", "1600");
            accessible(host, "the lobby's rated game with a rating range (desktop)");
            host.click("#open-dazzle");
            host.visible("#share-link");
            String id = gameId(host);
            JsonPath opened = game(id);
            assertTrue(opened.getBoolean("rated"));
            assertTrue(opened.getBoolean("seats[0].verified"));
            assertEquals(Map.of("min", 1400, "max", 1600), as(null).get("/api/games/" + id).then().extract()
                    .path("ratingRange"));
            host.visible("#rated");
            assertEquals("for 1400–1600", host.text("#rating-range"));

            guest.open(root + "#/lobby");
            onPage(guest, "lobby");
            String row = "#lobby tr[data-id='" + id + "']";
            assertTrue(guest.text(row).contains("rated"), guest.text(row));
            assertTrue(guest.text(row).contains(hostName + " (1500)"), "a new player's rating: " + guest.text(row));
            assertTrue(guest.text(row).contains("for 1400–1600"), "the game's rating range: " + guest.text(row));
            accessible(guest, "the lobby with a rating range (phone)");
            type(guest, "#lobby-name", guestName);
            guest.click(row + " button.take");
            guest.visible(".board.dazzle");
            JsonPath started = game(id);
            assertEquals("active", started.getString("status"));
            assertTrue(started.getBoolean("seats[1].verified"));

            // Both names carry their rating before the game.
            host.await(d -> d.findElements(By.cssSelector(".seats .rating")).size() == 2);
            String guestRating = host.text(".seats li[data-seat='1'] .rating");
            assertTrue(guestRating.contains(String.valueOf(Math.round(started.getDouble("seats[1].rating")))), guestRating);
            accessible(host, "a rated game (desktop)");

            // The guest resigns; both pages show each rating's change, as the API has it.
            guest.click("#resign");
            guest.click("#resign-confirm");
            guest.await(d -> "finished".equals(pageStatus(guest)));
            JsonPath over = game(id);
            assertTrue(over.getDouble("seats[0].ratingDiff") > 0, "the winner gains");
            assertTrue(over.getDouble("seats[1].ratingDiff") < 0, "the loser loses");
            String changes = "Ratings: " + expectedChange(over, 0) + " · " + expectedChange(over, 1);
            guest.await(d -> changes.equals(guest.text("#rating-changes")));
            host.await(d -> "finished".equals(pageStatus(host)));
            host.await(d -> changes.equals(host.text("#rating-changes")));
            accessible(guest, "a rated game's end (phone)");
            accessible(host, "a rated game's end (desktop)");
            host.screenshot("dazzle-rated-end");

            // A second rated game, by the API: the guest's page shows two points of history as a line.
            String second = as(null).header("X-Player-Key", hostKey)
                    .body(Map.of("type", "dazzle", "rated", true, "seats", List.of(Map.of("name", hostName), Map.of("open", true))))
                    .post("/api/games").then().statusCode(201).extract().path("id");
            String guestToken = as(null).header("X-Player-Key", guestKey).body(Map.of("name", guestName))
                    .post("/api/games/" + second + "/seats/1").then().statusCode(200).extract().path("credentials[0].token");
            as(guestToken).body(Map.of("action", "resign")).post("/api/games/" + second + "/moves").then().statusCode(200);
            JsonPath ratings = as(null).get("/api/players/" + guestName + "/ratings").then().statusCode(200)
                    .extract().jsonPath(DOUBLES);
            guest.open(root + "#/player/" + guestName);
            onPage(guest, "player");
            String perfRow = "#ratings tr[data-perf='dazzle/standard']";
            assertTrue(guest.text(perfRow).contains(String.valueOf(Math.round(ratings.getDouble("ratings[0].rating")))),
                    guest.text(perfRow));
            assertTrue(guest.text(perfRow).contains("provisional"), "two games leave a rating provisional");
            String points = guest.visible("#rating-chart-dazzle-standard polyline").getDomAttribute("points");
            assertEquals(3, points.trim().split(" ").length, "the rating before the first game and after each: " + points);
            accessible(guest, "a player's ratings (phone)");
            guest.screenshot("player-ratings-phone");
        }

        // The leaderboard: settled, recent ratings in order; provisional ones are left out.
        List<String> settled = List.of(PlayersTest.unique("lw"), PlayersTest.unique("lw"), PlayersTest.unique("lw"));
        for (int i = 0; i < settled.size(); i++) {
            PlayersTest.register(settled.get(i));
            UUID player = UUID.fromString(Db.scalar("select id from players where name = ? and revoked_at is null", settled.get(i)));
            Db.update("insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games, last_played)"
                    + " values (?, 'dazzle', 'standard', ?, 60, 0.06, 40, ?)", player, 20_000.0 + i, Timestamp.from(Instant.now()));
        }
        try (Browser b = desktop(); Browser p = phone()) {
            b.open(root + "#/ratings");
            onPage(b, "ratings");
            List<String> names = b.all("#leaderboard-rows tr").stream().map(r -> r.getDomAttribute("data-name")).toList();
            assertEquals(List.of(settled.get(2), settled.get(1), settled.get(0)), names.subList(0, 3));
            assertFalse(names.contains(hostName), "a provisional rating is not on the leaderboard");
            assertEquals("1", b.text("#leaderboard-rows tr:first-child td[data-label='Rank']"));
            assertEquals("20002", b.text("#leaderboard-rows tr:first-child td[data-label='Rating']"));
            assertEquals(3, b.all("#level-ratings li").size(), "each computer level's rating");
            accessible(b, "the leaderboard (desktop)");
            b.screenshot("leaderboard");
            p.open(root + "#/ratings");
            onPage(p, "ratings");
            p.visible("#leaderboard-rows tr");
            accessible(p, "the leaderboard (phone)");
        }
    }
}
