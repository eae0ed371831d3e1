package dev.cardtable.web;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Browser;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.virtualauthenticator.HasVirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;

import java.net.URL;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Passkeys in headless Chromium with Selenium's virtual authenticator (Chrome DevTools' WebAuthn
 * domain): a registered player adds a passkey, signs out, and signs in with it alone, naming no
 * account; the session is an HttpOnly cookie that no script reads, and nothing keeps the key.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebPasskeyTest extends BrowserTest {

    @TestHTTPResource("/")
    URL root;

    /** Runs {@code body} as an async function on the page and returns what it resolves to (as JSON text). */
    private static String run(Browser b, String body, Object... args) {
        Object out = ((org.openqa.selenium.JavascriptExecutor) b.driver()).executeAsyncScript(
                "const done = arguments[arguments.length - 1]; const args = Array.from(arguments).slice(0, -1);"
                        + "(async () => {" + body + "})().then(r => done(JSON.stringify(r)),"
                        + " e => done(JSON.stringify({error: String(e)})));", args);
        return (String) out;
    }

    private static final String ADD = """
            const key = args[0];
            let r = await fetch('/api/account/passkeys/challenge', {method: 'POST', headers: {'X-Player-Key': key}});
            if (r.status !== 200) return {step: 'challenge', status: r.status, body: await r.text()};
            const options = PublicKeyCredential.parseCreationOptionsFromJSON(await r.json());
            const credential = await navigator.credentials.create({publicKey: options});
            r = await fetch('/api/account/passkeys', {method: 'POST',
                headers: {'X-Player-Key': key, 'Content-Type': 'application/json'},
                body: JSON.stringify(credential.toJSON())});
            return {status: r.status, body: await r.json()};
            """;

    private static final String SIGN_IN = """
            let r = await fetch('/api/sessions/passkey/challenge', {method: 'POST'});
            if (r.status !== 200) return {step: 'challenge', status: r.status, body: await r.text()};
            const options = PublicKeyCredential.parseRequestOptionsFromJSON(await r.json());
            const assertion = await navigator.credentials.get({publicKey: options});
            r = await fetch('/api/sessions/passkey', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify(assertion.toJSON())});
            const signedIn = {status: r.status, body: await r.json()};
            const me = await fetch('/api/account');
            return {signedIn, account: me.status, name: me.status === 200 ? (await me.json()).name : null,
                cookie: document.cookie, storage: JSON.stringify(localStorage) + JSON.stringify(sessionStorage)};
            """;

    private static final String SIGN_OUT = """
            const r = await fetch('/api/sessions/current', {method: 'DELETE'});
            const me = await fetch('/api/account');
            return {status: r.status, account: me.status};
            """;

    @Test
    void aPlayerAddsAPasskeySignsOutAndSignsInWithIt() throws Exception {
        String name = PlayersTest.unique("Pk");
        String key = PlayersTest.register(name);
        try (Browser b = Browser.start()) {
            b.open(root.toString());
            VirtualAuthenticator authenticator = ((HasVirtualAuthenticator) b.driver()).addVirtualAuthenticator(
                    new VirtualAuthenticatorOptions()
                            .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
                            .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
                            .setHasResidentKey(true)
                            .setHasUserVerification(true)
                            .setIsUserVerified(true));
            String added = run(b, ADD, key);
            assertTrue(added.contains("\"status\":201"), added);
            assertEquals(1, authenticator.getCredentials().size());
            assertEquals("1", Db.scalar("select count(*) from account_passkeys k join players p on p.id = k.player_id "
                    + "where p.name = ?", name));

            String first = run(b, SIGN_IN);
            assertTrue(first.contains("\"status\":201") && first.contains("\"account\":200"), first);
            assertTrue(first.contains("\"name\":\"" + name + "\""), first);
            assertFalse(first.contains("cardtable_session"), "the session cookie is HttpOnly: " + first);
            assertFalse(first.contains(key), "nothing in the page keeps the key: " + first);

            String out = run(b, SIGN_OUT);
            assertEquals("{\"status\":204,\"account\":401}", out);
            // The player lists its passkey by the authenticator's credential id.
            String credentialId = java.util.Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(authenticator.getCredentials().getFirst().getId());
            io.restassured.RestAssured.given().header("X-Player-Key", key).get("/api/account/passkeys").then().statusCode(200)
                    .body("items.id", org.hamcrest.Matchers.contains(credentialId));

            String again = run(b, SIGN_IN);
            assertTrue(again.contains("\"status\":201") && again.contains("\"account\":200"), again);

            // Removed on the server, the passkey signs no one in, though the authenticator still holds it.
            run(b, SIGN_OUT);
            io.restassured.RestAssured.given().header("X-Player-Key", key).delete("/api/account/passkeys/" + credentialId)
                    .then().statusCode(204);
            io.restassured.RestAssured.given().header("X-Player-Key", key).delete("/api/account/passkeys/" + credentialId)
                    .then().statusCode(404).body("code", org.hamcrest.Matchers.equalTo("passkey-not-found"));
            String removed = run(b, SIGN_IN);
            assertTrue(removed.contains("\"status\":401") && removed.contains("sign-in-failed"), removed);
            assertEquals("0", Db.scalar("select count(*) from account_sessions s join players p on p.id = s.player_id "
                    + "where p.name = ?", name));

            // Without the passkey in the authenticator, signing in fails, and says nothing of the account.
            authenticator.removeAllCredentials();
            run(b, SIGN_OUT);
            String none = run(b, "try {" + SIGN_IN + "} catch (e) { return {refused: e.name}; }");
            assertEquals("{\"refused\":\"NotAllowedError\"}", none);
        }
    }

    @Test
    void theYouPageAddsAPasskeyAndSignsInWithIt() {
        String name = PlayersTest.unique("pkui").toLowerCase();
        String key = PlayersTest.register(name);
        io.restassured.RestAssured.given().contentType("application/json").header("X-Player-Key", key)
                .body(Map.of("password", "a password for passkeys")).post("/api/account/password").then().statusCode(204);
        try (Browser b = WebFeaturesTest.desktop()) {
            b.open(root + "#/me");
            WebFeaturesTest.onPage(b, "me");
            ((HasVirtualAuthenticator) b.driver()).addVirtualAuthenticator(new VirtualAuthenticatorOptions()
                    .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
                    .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
                    .setHasResidentKey(true).setHasUserVerification(true).setIsUserVerified(true));
            WebFeaturesTest.type(b, "#sign-in-name", name);
            WebFeaturesTest.type(b, "#sign-in-password", "a password for passkeys");
            b.click("#sign-in-button");
            b.visible("#add-passkey");
            b.click("#add-passkey");
            b.await(d -> b.text("#status").contains("passkey is added") ? true : null);
            assertEquals(1, b.all("#passkeys li").size());
            WebFeaturesTest.accessible(b, "signed in, a passkey added");
            b.click("#sign-out");
            b.visible("#passkey-sign-in");
            b.click("#passkey-sign-in");
            b.visible("#sign-out");
            assertEquals(name, b.text("#me-name"));
            String kept = (String) b.script("return JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie");
            assertFalse(kept.contains(key), kept);
        }
    }

    @Test
    void aForgedAssertionSignsNoOneIn() {
        // Straight at the API: an assertion the server never challenged is refused like a wrong password.
        io.restassured.response.Response r = io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("id", "AAAA", "rawId", "AAAA", "type", "public-key",
                        "response", Map.of("clientDataJSON", "e30", "authenticatorData", "AAAA", "signature", "AAAA")))
                .post("/api/sessions/passkey").then().extract().response();
        assertEquals(401, r.statusCode());
        assertEquals("sign-in-failed", r.path("code"));
    }
}
