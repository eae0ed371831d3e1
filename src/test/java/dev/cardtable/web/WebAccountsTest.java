package dev.cardtable.web;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Browser;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.support.ui.Select;

import java.net.URL;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.web.WebFeaturesTest.accessible;
import static dev.cardtable.web.WebFeaturesTest.desktop;
import static dev.cardtable.web.WebFeaturesTest.gameId;
import static dev.cardtable.web.WebFeaturesTest.onPage;
import static dev.cardtable.web.WebFeaturesTest.phone;
import static dev.cardtable.web.WebFeaturesTest.type;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Accounts in the web client (docs/web-client.md): register, see the key once, set a password
 * (which signs in and takes the key out of the browser), sign out; sign in on a second browser
 * profile at a phone's size and play a rated game there, signed in by the session alone. Neither
 * browser's storage holds the key once signed in; axe finds nothing on the pages at either size.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebAccountsTest extends BrowserTest {

    private static final String PASSWORD = "a password for the browser";

    @TestHTTPResource("/")
    URL root;

    /** Everything the page's scripts can keep: local and session storage, and the readable cookies. */
    private static String storage(Browser b) {
        return (String) b.script("return JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie");
    }

    private static String status(Browser b) {
        return b.driver().findElement(org.openqa.selenium.By.id("status")).getText();
    }

    @Test
    void registerSetAPasswordSignOutSignInElsewhereAndPlayARatedGame() {
        String name = PlayersTest.unique("acct").toLowerCase();
        String key;
        try (Browser a = desktop()) {
            a.open(root + "#/me");
            onPage(a, "me");
            accessible(a, "signed out: sign in, register, paste a key");
            type(a, "#register-name", name);
            a.click("#register-button");
            key = a.visible("#player-key").getDomProperty("value");
            assertEquals(43, key.length());
            accessible(a, "registered, the key shown");

            type(a, "#new-password", PASSWORD);
            a.click("#password-button");
            a.visible("#sign-out");
            assertEquals(name, a.text("#me-name"));
            assertFalse(storage(a).contains(key), "signed in, the browser keeps no key: " + storage(a));
            assertTrue(a.all("#player-key").isEmpty(), "the key is not shown again");
            accessible(a, "signed in (desktop)");

            a.click("#sign-out");
            a.visible("#sign-in-button");
            assertFalse(storage(a).contains(key));
        }
        try (Browser b = phone()) {
            b.open(root + "#/me");
            onPage(b, "me");
            accessible(b, "signed out (phone)");
            type(b, "#sign-in-name", name);
            type(b, "#sign-in-password", "not the password");
            b.click("#sign-in-button");
            b.await(d -> b.text("#status").contains("wrong") ? true : null);
            b.visible("#sign-in-password").clear();
            type(b, "#sign-in-password", PASSWORD);
            b.click("#sign-in-button");
            b.visible("#sign-out");
            assertEquals(name, b.text("#me-name"));
            assertEquals(1, b.all("#sessions li").size(), "the first browser signed out: one session");
            assertFalse(storage(b).contains(key), "signed in, the browser keeps no key: " + storage(b));
            accessible(b, "signed in (phone)");

            // A rated game against the computer, seated verified by the session alone.
            b.open(root.toString());
            onPage(b, "home");
            new Select(b.visible("#dazzle-opponent")).selectByValue("random");
            b.click("#dazzle-rated");
            assertEquals(name, b.visible("#dazzle-name").getDomProperty("value"));
            b.click("#start-dazzle");
            b.await(d -> !b.all(".board.dazzle").isEmpty() || !status(b).isBlank() ? true : null);
            assertFalse(b.all(".board.dazzle").isEmpty(), () -> "the game opens: " + status(b));
            String id = gameId(b);
            JsonPath g = as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
            assertTrue(g.getBoolean("rated"));
            assertTrue(g.getBoolean("seats[0].verified"));
            b.click("#resign");
            b.click("#resign-confirm");
            b.await(d -> "finished".equals(as(null).get("/api/games/" + id).jsonPath().getString("status")) ? true : null);
            assertEquals(1, as(null).get("/api/players/" + name + "/ratings").jsonPath().getInt("ratings[0].games"),
                    "the rated game counted");
            assertFalse(storage(b).contains(key));
        }
    }
}
