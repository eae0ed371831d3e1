package dev.cardtable.accounts;

import dev.cardtable.engine.Rng;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Accounts over HTTP: a password hashed with Argon2id, signing in to a session in an HttpOnly
 * cookie that opens what the key opens, the cross-site check of cookie requests, one answer for a
 * wrong name and a wrong password, sessions listed and ended, signing out, and a lost key recovered.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class AccountsTest {

    static final String PASSWORD = "correct horse battery";

    /** This server's origin, as a browser on its pages sends it. */
    static String own() {
        return "http://localhost:" + RestAssured.port;
    }

    static RequestSpecification json() {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON);
    }

    /** A request signed in by session {@code token}, from this server's own pages. */
    static RequestSpecification session(String token) {
        return json().cookie("cardtable_session", token).header("Origin", own());
    }

    /** Registers a fresh name with {@code PASSWORD} set by its key; returns {name, key}. */
    static String[] account(String prefix) {
        String name = PlayersTest.unique(prefix);
        String key = PlayersTest.register(name);
        json().header("X-Player-Key", key).body(Map.of("password", PASSWORD)).post("/api/account/password")
                .then().statusCode(204);
        return new String[]{name, key};
    }

    static Response signIn(String name, String password) {
        return json().body(Map.of("name", name, "password", password)).post("/api/sessions").then().extract().response();
    }

    /** Signs {@code name} in with {@code PASSWORD} and returns the session token. */
    static String signedIn(String name) {
        Response r = signIn(name, PASSWORD);
        assertEquals(201, r.statusCode(), r.asString());
        return r.getCookie("cardtable_session");
    }

    @Test
    void aPasswordIsStoredAsAnArgon2idHashAtThePublishedParameters() throws Exception {
        String[] a = account("Hash");
        String hash = Db.scalar("select a.hash from account_passwords a join players p on p.id = a.player_id where p.name = ?", a[0]);
        assertTrue(hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"), hash);
        assertFalse(hash.contains(PASSWORD));
        assertTrue(Passwords.verify(PASSWORD, hash));
        assertFalse(Passwords.verify(PASSWORD + "!", hash));
    }

    @Test
    void signingInGivesAnHttpOnlyLaxCookieStoredHashedThatOpensWhatTheKeyOpens() throws Exception {
        String[] a = account("Sign");
        Response r = signIn(a[0].toUpperCase(), PASSWORD);
        assertEquals(201, r.statusCode());
        assertEquals(a[0], r.path("name"));
        assertEquals(Boolean.TRUE, r.path("session.current"));
        String header = r.getHeader("Set-Cookie");
        String token = r.getCookie("cardtable_session");
        assertNotNull(token);
        assertEquals(43, token.length());
        assertTrue(header.contains("HttpOnly"), header);
        assertTrue(header.contains("SameSite=Lax"), header);
        assertTrue(header.contains("Path=/api"), header);
        assertFalse(header.contains("Secure"), "plain HTTP: not Secure " + header);
        assertFalse(r.asString().contains(token), "the token is in the cookie only");
        assertEquals(Rng.sha256Hex(token), Db.scalar("select token_hash from account_sessions where id = ?::uuid",
                (String) r.path("session.id")));
        assertEquals("0", Db.scalar("select count(*) from account_sessions where token_hash = ?", token));

        json().cookie("cardtable_session", token).get("/api/account").then().statusCode(200).body("name", equalTo(a[0]))
                .header("Cache-Control", equalTo("private, no-cache")); // no shared cache keeps a signed-in answer
        // A game created with the session seats the player verified, as the key would.
        String id = session(token).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", a[0]))))
                .post("/api/games").then().statusCode(201).extract().path("id");
        assertEquals(Db.scalar("select id::text from players where name = ? and revoked_at is null", a[0]),
                Db.scalar("select player_id::text from seats where game_id = ?::uuid", id));
    }

    @Test
    void aCookiePostFromAnotherOriginIsRefusedAndChangesNothing() throws Exception {
        String[] a = account("Csrf");
        String token = signedIn(a[0]);
        String hash = Db.scalar("select a.hash from account_passwords a join players p on p.id = a.player_id where p.name = ?", a[0]);
        String games = Db.scalar("select count(*) from seats s join players p on p.id = s.player_id where p.name = ?", a[0]);
        Map<String, ?> game = Map.of("type", "scoundrel", "seats", List.of(Map.of("name", a[0])));

        json().cookie("cardtable_session", token).header("Origin", "https://evil.example")
                .body(Map.of("password", "another password 1", "currentPassword", PASSWORD)).post("/api/account/password")
                .then().statusCode(403).body("code", equalTo("cross-site-request"));
        json().cookie("cardtable_session", token).header("Origin", "https://evil.example").body(game)
                .post("/api/games").then().statusCode(403).body("code", equalTo("cross-site-request"));
        json().cookie("cardtable_session", token).header("Sec-Fetch-Site", "cross-site").body(game)
                .post("/api/games").then().statusCode(403).body("code", equalTo("cross-site-request"));
        json().cookie("cardtable_session", token).body(game) // neither header: not known to be from this site
                .post("/api/games").then().statusCode(403).body("code", equalTo("cross-site-request"));
        json().cookie("cardtable_session", token).header("Origin", "https://evil.example")
                .delete("/api/sessions").then().statusCode(403).body("code", equalTo("cross-site-request"));

        assertEquals(hash, Db.scalar("select a.hash from account_passwords a join players p on p.id = a.player_id where p.name = ?", a[0]));
        assertEquals(games, Db.scalar("select count(*) from seats s join players p on p.id = s.player_id where p.name = ?", a[0]));
        assertEquals("1", Db.scalar("select count(*) from account_sessions where token_hash = ?", Rng.sha256Hex(token)));

        // Reading is no change: allowed from anywhere. From this site's pages, the same write goes through.
        json().cookie("cardtable_session", token).header("Origin", "https://evil.example").get("/api/account")
                .then().statusCode(200);
        json().cookie("cardtable_session", token).header("Sec-Fetch-Site", "same-origin").body(game)
                .post("/api/games").then().statusCode(201);
        session(token).body(game).post("/api/games").then().statusCode(201);
        // A foreign page cannot sign a browser in either.
        String sessions = Db.scalar("select count(*) from account_sessions s join players p on p.id = s.player_id where p.name = ?", a[0]);
        json().header("Origin", "https://evil.example").body(Map.of("name", a[0], "password", PASSWORD))
                .post("/api/sessions").then().statusCode(403).body("code", equalTo("cross-site-request"))
                .body("detail", containsString("its Origin names another site")).header("Set-Cookie", nullValue());
        for (String site : List.of("cross-site", "same-site", "none")) {
            json().header("Sec-Fetch-Site", site).body(Map.of("name", a[0], "password", PASSWORD))
                    .post("/api/sessions").then().statusCode(403).body("code", equalTo("cross-site-request"))
                    .body("detail", containsString("its Sec-Fetch-Site is not same-origin")).header("Set-Cookie", nullValue());
        }
        assertEquals(sessions, Db.scalar("select count(*) from account_sessions s join players p on p.id = s.player_id where p.name = ?", a[0]));
        // From this site's pages, and from a program that sends neither header, the sign-in goes through.
        json().header("Sec-Fetch-Site", "same-origin").body(Map.of("name", a[0], "password", PASSWORD))
                .post("/api/sessions").then().statusCode(201);
        json().body(Map.of("name", a[0], "password", PASSWORD)).post("/api/sessions").then().statusCode(201);
    }

    @Test
    void aWrongNameAndAWrongPasswordGetTheSameAnswerInComparableTime() {
        String[] a = account("Same");
        String noPassword = PlayersTest.unique("NoPw");
        PlayersTest.register(noPassword);
        List<Long> wrongPassword = new ArrayList<>();
        List<Long> wrongName = new ArrayList<>();
        Map<String, Object> first = null;
        for (int i = 0; i < 7; i++) {
            for (String[] attempt : List.of(new String[]{a[0], "not the password"},
                    new String[]{PlayersTest.unique("Nobody"), "not the password"},
                    new String[]{noPassword, "not the password"})) {
                long t0 = System.nanoTime();
                Response r = signIn(attempt[0], attempt[1]);
                long took = System.nanoTime() - t0;
                assertEquals(401, r.statusCode());
                assertNull(r.getHeader("Set-Cookie"));
                Map<String, Object> body = new HashMap<>(r.jsonPath().getMap(""));
                body.remove("traceId");
                if (first == null) {
                    first = body;
                }
                assertEquals(first, body, "one answer for every wrong sign-in");
                if (attempt[0].equals(a[0])) {
                    wrongPassword.add(took);
                } else {
                    wrongName.add(took); // an unknown name, or one without a password
                }
            }
        }
        assertEquals("sign-in-failed", first.get("code"));
        // The fastest of each, which the machine's other work slows least. Both verify one Argon2id
        // hash (tens of milliseconds); an answer without it would take a few.
        long pw = Collections.min(wrongPassword);
        long name = Collections.min(wrongName);
        assertTrue(name * 2 > pw && pw * 2 > name, "wrong password " + pw / 1_000_000 + " ms, wrong name "
                + name / 1_000_000 + " ms");
    }

    private static void assertNull(Object o) {
        org.junit.jupiter.api.Assertions.assertNull(o);
    }

    @Test
    void aPlayerListsItsSessionsAndEndsOneOrAll() {
        String[] a = account("Sess");
        String mine = signedIn(a[0]);
        String other = signedIn(a[0]);
        Response list = session(mine).get("/api/sessions").then().statusCode(200).extract().response();
        assertEquals(2, list.jsonPath().getList("items").size());
        assertEquals(List.of(false, true), list.jsonPath().getList("items.current"), "newest first; this one is current");
        String otherId = list.path("items[0].id");

        session(mine).delete("/api/sessions/" + otherId).then().statusCode(204);
        json().cookie("cardtable_session", other).get("/api/account").then().statusCode(401)
                .body("code", equalTo("session-invalid"));
        session(mine).get("/api/account").then().statusCode(200);
        session(mine).delete("/api/sessions/" + otherId).then().statusCode(404).body("code", equalTo("session-not-found"));
        session(mine).delete("/api/sessions/not-a-session").then().statusCode(404).body("code", equalTo("session-not-found"));

        // Another player cannot end this one's sessions.
        String[] b = account("Sess");
        String theirs = signedIn(b[0]);
        String mineId = session(mine).get("/api/sessions").then().extract().path("items[0].id");
        session(theirs).delete("/api/sessions/" + mineId).then().statusCode(404);
        session(mine).get("/api/account").then().statusCode(200);

        // The key ends them all; so does a session, its own too.
        String third = signedIn(a[0]);
        json().header("X-Player-Key", a[1]).delete("/api/sessions").then().statusCode(204);
        json().cookie("cardtable_session", mine).get("/api/account").then().statusCode(401);
        json().cookie("cardtable_session", third).get("/api/account").then().statusCode(401);
        String fourth = signedIn(a[0]);
        Response all = session(fourth).delete("/api/sessions").then().statusCode(204).extract().response();
        assertTrue(all.getHeader("Set-Cookie").contains("Max-Age=0"));
        json().cookie("cardtable_session", fourth).get("/api/account").then().statusCode(401);
    }

    @Test
    void signingOutEndsTheSessionAndClearsTheCookie() {
        String[] a = account("Out");
        String token = signedIn(a[0]);
        Response r = session(token).delete("/api/sessions/current").then().statusCode(204).extract().response();
        String header = r.getHeader("Set-Cookie");
        assertTrue(header.startsWith("cardtable_session=;") && header.contains("Max-Age=0"), header);
        json().cookie("cardtable_session", token).get("/api/account").then().statusCode(401)
                .body("code", equalTo("session-invalid"));
        json().cookie("cardtable_session", token).get("/api/sessions").then().statusCode(401);
        // Signing out again, or without a session, is no error.
        session(token).delete("/api/sessions/current").then().statusCode(204);
    }

    @Test
    void aPlayerWhoLostTheKeySignsInAndGetsANewOneAndTheOldStopsWorking() {
        String[] a = account("Lost");
        String lost = a[1];
        String token = signedIn(a[0]);
        Response r = session(token).post("/api/players/" + a[0] + "/key").then().statusCode(200)
                .body("name", equalTo(a[0])).extract().response();
        String fresh = r.path("key");
        assertNotEquals(lost, fresh);
        json().header("X-Player-Key", lost).get("/api/account").then().statusCode(401).body("code", equalTo("player-key-invalid"));
        json().header("X-Player-Key", fresh).get("/api/account").then().statusCode(200).body("name", equalTo(a[0]));
        // The session and the password outlive the key.
        session(token).get("/api/account").then().statusCode(200);
        signedIn(a[0]);
    }

    @Test
    void passwordRules() throws Exception {
        String name = PlayersTest.unique("Rules");
        String key = PlayersTest.register(name);
        json().header("X-Player-Key", key).body(Map.of("password", "short")).post("/api/account/password")
                .then().statusCode(422).body("code", equalTo("password-unacceptable"));
        json().header("X-Player-Key", key).body(Map.of("password", "x".repeat(257))).post("/api/account/password")
                .then().statusCode(422).body("code", equalTo("password-unacceptable"));
        json().header("X-Player-Key", key).body(Map.of()).post("/api/account/password")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        json().body(Map.of("password", PASSWORD)).post("/api/account/password")
                .then().statusCode(401).body("code", equalTo("player-key-required"));
        json().header("X-Player-Key", key).body(Map.of("password", PASSWORD)).post("/api/account/password").then().statusCode(204);

        String token = signedIn(name);
        String other = signedIn(name);
        // Signed in by a session, the current password must be given to change it.
        session(token).body(Map.of("password", "a new password")).post("/api/account/password")
                .then().statusCode(403).body("code", equalTo("password-mismatch"));
        session(token).body(Map.of("password", "a new password", "currentPassword", "wrong password"))
                .post("/api/account/password").then().statusCode(403).body("code", equalTo("password-mismatch"));
        session(token).body(Map.of("password", "a new password", "currentPassword", PASSWORD))
                .post("/api/account/password").then().statusCode(204);
        // The change ends the player's other sessions, not this one.
        session(token).get("/api/account").then().statusCode(200);
        json().cookie("cardtable_session", other).get("/api/account").then().statusCode(401);
        assertEquals(401, signIn(name, PASSWORD).statusCode());
        assertEquals(201, signIn(name, "a new password").statusCode());
        json().body(Map.of("name", name)).post("/api/sessions").then().statusCode(400).body("code", equalTo("malformed-request"));
    }

    @Test
    void revokingTheKeyEndsTheSessionsAndThePassword() throws Exception {
        String[] a = account("Rev");
        String token = signedIn(a[0]);
        json().header("X-Player-Key", a[1]).delete("/api/players/" + a[0] + "/key").then().statusCode(204);
        json().cookie("cardtable_session", token).get("/api/account").then().statusCode(401)
                .body("code", equalTo("session-invalid"));
        assertEquals(401, signIn(a[0], PASSWORD).statusCode());
        assertEquals("0", Db.scalar("select count(*) from account_sessions s join players p on p.id = s.player_id where p.name = ?", a[0]));
    }

    @Test
    void aSessionIsSentAsItsCookieOnly() {
        String[] a = account("Mark");
        String token = signedIn(a[0]);
        json().header("X-Player-Key", "session:" + token).get("/api/account").then().statusCode(401)
                .body("code", equalTo("player-key-invalid"));
        // With both, the key is the credential, and a key request needs no Origin.
        String[] b = account("Mark");
        json().cookie("cardtable_session", token).header("X-Player-Key", b[1]).get("/api/account").then().statusCode(200)
                .body("name", equalTo(b[0]));
        json().cookie("cardtable_session", "NoSuchSessionToken").get("/api/account").then().statusCode(401)
                .body("code", equalTo("session-invalid"));
        // Anonymous reads do not need the session, even a stale one.
        json().cookie("cardtable_session", "NoSuchSessionToken").get("/api/lobby").then().statusCode(200)
                .header("Set-Cookie", nullValue());
    }

    @Test
    void aPasskeyChallengeNamesThisSiteAndKeepsItsCookieToTheApi() {
        String key = PlayersTest.register(PlayersTest.unique("Rp"));
        io.restassured.response.Response r = json().header("X-Player-Key", key).post("/api/account/passkeys/challenge");
        r.then().statusCode(200).body("rp.name", equalTo("Card Table"));
        String cookie = r.getHeaders().getValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("cardtable_passkey_challenge=")).findFirst().orElseThrow();
        assertTrue(cookie.contains("Path=/api"), cookie);
    }
}
