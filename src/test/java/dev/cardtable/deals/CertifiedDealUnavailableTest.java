package dev.cardtable.deals;

import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** When no seed can be proved winnable within the budget, the client is told to come back later. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(CertifiedDealUnavailableTest.TinyBudget.class)
class CertifiedDealUnavailableTest {

    /** A budget no deal is decided in. */
    public static class TinyBudget implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.certified.nodes", "1", "cardtable.certified.attempts", "3");
        }
    }

    @Inject
    MovableClock clock;

    @Test
    void noProvedDealIsA503WithRetryAfterAndNothingStored() throws Exception {
        String before = Db.scalar("select count(*) from games");
        as(null).body(Map.of("type", "scoundrel", "certified", true, "seats", List.of(Map.of("name", "unlucky"))))
                .post("/api/games").then().statusCode(503).body("code", equalTo("certified-deal-unavailable"))
                .header("Retry-After", "5").body("retryAfter", equalTo(5));
        assertEquals(before, Db.scalar("select count(*) from games"));
        // The day's deal, once made, is kept: ask on a day that other test classes on the same
        // database (in whatever order they run) have not reached, then put the clock back.
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate day = today.plusDays(20_000);
        while (!"0".equals(Db.scalar("select count(*) from daily_deals where day = ?", day))) {
            day = day.plusDays(1);
        }
        clock.advance(Duration.between(clock.instant(), day.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60)));
        try {
            as(null).get("/api/daily/standard").then().statusCode(503).body("code", equalTo("certified-deal-unavailable"));
            assertEquals("0", Db.scalar("select count(*) from daily_deals where day = ?", day));
        } finally {
            clock.reset();
        }
    }
}
