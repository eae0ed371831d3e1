package dev.cardtable.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The text policy as a property: any string, sent as a JSON value, a JSON key or a query value,
 * is refused exactly when PostgreSQL could not store it (U+0000, an unpaired surrogate), and is
 * otherwise read back exactly as sent.
 */
class StorableTextPropertyTest {

    private static final ObjectMapper REQUEST = RequestJson.strict(new ObjectMapper());
    private static final ObjectMapper PLAIN = new ObjectMapper();
    /** Writes every non-ASCII unit as a \\u escape, so that a lone surrogate survives as bytes. */
    private static final ObjectMapper ESCAPING = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII).build());

    @Provide
    Arbitrary<String> anyText() {
        // Every UTF-16 unit is possible, with surrogates and U+0000 made common.
        Arbitrary<Character> unit = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.chars().all()),
                net.jqwik.api.Tuple.of(2, Arbitraries.chars().range('\uD800', '\uDFFF')),
                net.jqwik.api.Tuple.of(1, Arbitraries.just('\0')),
                net.jqwik.api.Tuple.of(3, Arbitraries.strings().withCharRange('\u0020', '\u007e').ofLength(1).map(s -> s.charAt(0))));
        Arbitrary<String> emoji = Arbitraries.of("😀", "🂡", "𝄞");
        return Arbitraries.oneOf(unit.map(String::valueOf), emoji).list().ofMaxSize(12).map(parts -> String.join("", parts));
    }

    @Property(tries = 3000, seed = "20261201")
    void aJsonStringOrKeyIsReadExactlyOrRefusedWhenUnstorable(@ForAll("anyText") String text) throws Exception {
        String value = PLAIN.writeValueAsString(Map.of("seed", text));
        byte[] escaped = ESCAPING.writeValueAsBytes(Map.of("seed", text));
        byte[] key = ESCAPING.writeValueAsBytes(Map.of(text, List.of("x")));
        if (storable(text)) {
            assertEquals(text, REQUEST.readValue(value, Map.class).get("seed"));
            assertEquals(text, REQUEST.readValue(value.getBytes(StandardCharsets.UTF_8), Map.class).get("seed"));
            assertEquals(text, REQUEST.readValue(escaped, Map.class).get("seed"));
            assertEquals(List.of(text), List.copyOf(REQUEST.readValue(key, Map.class).keySet()));
        } else {
            assertThrows(JsonProcessingException.class, () -> REQUEST.readValue(value, Map.class));
            assertThrows(JsonProcessingException.class, () -> REQUEST.readValue(escaped, Map.class));
            assertThrows(JsonProcessingException.class, () -> REQUEST.readValue(key, Map.class));
        }
    }

    @Property(tries = 3000, seed = "20261201")
    void aQueryValueIsAcceptedExactlyWhenStorable(@ForAll("anyText") String text) {
        // A client can percent-encode only what UTF-8 can carry; an unpaired surrogate becomes '?'.
        String encoded = URLEncoder.encode(text, StandardCharsets.UTF_8);
        String sent = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        String problem = RequestText.decodes(encoded, true);
        if (sent.indexOf('\0') >= 0) {
            assertEquals("contains U+0000, which cannot be stored", problem);
        } else {
            assertNull(problem);
        }
    }

    static boolean storable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
