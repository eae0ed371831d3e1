package dev.cardtable.accounts;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static dev.cardtable.accounts.AccountsTest.PASSWORD;
import static dev.cardtable.accounts.AccountsTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sign-in limits per name and per address (Bucket4j, in PostgreSQL): past either, {@code 429
 * rate-limited}, alike for a registered name and an unknown one, and even the right password waits.
 * Behind a trusted proxy (forwarded headers on), the address is the forwarded one and a session
 * signed in over TLS gets a {@code Secure} cookie.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(SignInLimitsTest.LowLimits.class)
class SignInLimitsTest {

    /** Three sign-ins per name and six per address a minute, behind a trusted proxy. */
    public static class LowLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.rate-limit.sign-in", "6",
                    "cardtable.rate-limit.sign-in-name", "3",
                    "quarkus.http.proxy.proxy-address-forwarding", "true",
                    "quarkus.http.proxy.allow-x-forwarded", "true",
                    "quarkus.http.proxy.enable-forwarded-host", "true");
        }
    }

    @BeforeEach
    @AfterEach
    void emptySharedBuckets() throws Exception {
        Db.update("delete from rate_limit_buckets");
    }

    private static Response signIn(String address, String name, String password) {
        return json().header("X-Forwarded-For", address).body(Map.of("name", name, "password", password))
                .post("/api/sessions").then().extract().response();
    }

    private static Map<String, Object> body(Response r) {
        Map<String, Object> b = new HashMap<>(r.jsonPath().getMap(""));
        b.remove("traceId");
        // How long to wait depends on when the name's first sign-in came, not on whether it is registered.
        b.remove("retryAfter");
        b.put("detail", r.jsonPath().getString("detail").replaceAll("try again in \\d+ s", "try again in N s"));
        return b;
    }

    @Test
    void aNameTakesThreeSignInsAMinuteWhetherRegisteredOrNot() {
        String[] a = AccountsTest.account("Lim");
        String unknown = PlayersTest.unique("Lim");
        for (int i = 0; i < 3; i++) {
            // Spread over addresses: the name's limit holds whatever the address.
            assertEquals(401, signIn("192.0.2." + (10 + i), a[0], "wrong password").statusCode());
            assertEquals(401, signIn("192.0.2." + (20 + i), unknown, "wrong password").statusCode());
        }
        Response known = signIn("192.0.2.30", a[0], "wrong password");
        Response nobody = signIn("192.0.2.31", unknown, "wrong password");
        assertEquals(429, known.statusCode());
        assertEquals(429, nobody.statusCode());
        assertEquals("sign-in-name", known.path("limitName"));
        assertEquals(body(known), body(nobody), "one answer whether the name is registered or not");
        assertNotNull(known.getHeader("Retry-After"));
        // Even the right password waits now: the limit is checked before the password.
        Response right = signIn("192.0.2.32", a[0], PASSWORD);
        assertEquals(429, right.statusCode());
        assertEquals(body(known), body(right));
        // Another name is not held back.
        String[] b = AccountsTest.account("Lim");
        assertEquals(201, signIn("192.0.2.33", b[0], PASSWORD).statusCode());
    }

    @Test
    void anAddressTakesSixSignInsAMinuteWhateverTheNames() {
        for (int i = 0; i < 6; i++) {
            assertEquals(401, signIn("198.51.100.7", PlayersTest.unique("Addr"), "wrong password").statusCode());
        }
        Response refused = signIn("198.51.100.7", PlayersTest.unique("Addr"), "wrong password");
        assertEquals(429, refused.statusCode());
        assertEquals("sign-in", refused.path("limitName"));
        String[] a = AccountsTest.account("Addr");
        assertEquals(429, signIn("198.51.100.7", a[0], PASSWORD).statusCode());
        // Another address is not held back.
        assertEquals(201, signIn("198.51.100.8", a[0], PASSWORD).statusCode());
    }

    @Test
    void overTlsAtTheProxyTheCookieIsSecure() {
        String[] a = AccountsTest.account("Tls");
        Response tls = json().header("X-Forwarded-Proto", "https").header("X-Forwarded-For", "203.0.113.5")
                .body(Map.of("name", a[0], "password", PASSWORD)).post("/api/sessions").then().statusCode(201).extract().response();
        assertTrue(tls.getHeader("Set-Cookie").contains("; Secure"), tls.getHeader("Set-Cookie"));
        Response plain = json().header("X-Forwarded-For", "203.0.113.5")
                .body(Map.of("name", a[0], "password", PASSWORD)).post("/api/sessions").then().statusCode(201).extract().response();
        assertFalse(plain.getHeader("Set-Cookie").contains("Secure"), plain.getHeader("Set-Cookie"));
    }
}
