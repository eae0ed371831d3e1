package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.ResponseShapes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The response-shape check that every HTTP test's responses and events pass through
 * ({@link ResponseShapes}, called by {@code OpenApiValidation}) passes the contract's one
 * vocabulary (a {@code glicko} object's ratings to the hundredth among it) and fails on a time of
 * another precision, a rating of another form, or a status word spelt otherwise, wherever in a
 * payload it is.
 */
class ResponseShapesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String GOOD = """
            {"createdAt":"2026-12-07T10:30:46.200Z","finishedAt":null,"status":"cancelled",
             "seats":[{"rating":1500,"ratingDiff":-162},{"rating":null,"ratingDiff":null}],
             "ratings":[1500,null],"aiRatings":{"random":1203},"volatility":0.0599,
             "dealRating":{"rating":1662,"deviation":290,"glicko":{"rating":1662.21,"deviation":290.23,"volatility":0.06}},
             "items":[{"at":"2026-12-07T00:00:00.000Z","diff":12,"deviation":290}],
             "clock":{"initial":"PT5M"},"detail":"the seed is 2026-12-07T10:30"}""";

    @Test
    void theVocabularyPasses() throws Exception {
        assertDoesNotThrow(() -> ResponseShapes.check(JSON.readTree(GOOD), "good"));
        assertDoesNotThrow(() -> ResponseShapes.checkEventName("challengeCancelled", "event"));
    }

    @Test
    void anotherFormAnywhereFails() throws Exception {
        List<String[]> broken = List.of(
                new String[]{"\"createdAt\":\"2026-12-07T10:30:46.200Z\"", "\"createdAt\":\"2026-12-07T10:30:46Z\""},
                new String[]{"\"createdAt\":\"2026-12-07T10:30:46.200Z\"", "\"createdAt\":\"2026-12-07T10:30:46.200123Z\""},
                new String[]{"\"at\":\"2026-12-07T00:00:00.000Z\"", "\"at\":\"2026-12-07T01:00:00.000+01:00\""},
                new String[]{"\"rating\":1500,", "\"rating\":1500.0,"},
                new String[]{"\"ratingDiff\":-162", "\"ratingDiff\":-162.21000000000004"},
                new String[]{"\"diff\":12", "\"diff\":12.5"},
                new String[]{"\"rating\":1662,", "\"rating\":1662.21,"},
                new String[]{"[1500,null]", "[1500.0,null]"},
                new String[]{"\"random\":1203", "\"random\":1203.0"},
                new String[]{"\"status\":\"cancelled\"", "\"status\":\"canceled\""});
        for (String[] change : broken) {
            assertTrue(GOOD.contains(change[0]), change[0]);
            JsonNode payload = JSON.readTree(GOOD.replace(change[0], change[1]));
            AssertionError e = assertThrows(AssertionError.class, () -> ResponseShapes.check(payload, "broken"), change[1]);
            assertTrue(e.getMessage().contains("One vocabulary"), e.getMessage());
        }
        assertThrows(AssertionError.class, () -> ResponseShapes.checkEventName("challengeCanceled", "event"));
    }
}
