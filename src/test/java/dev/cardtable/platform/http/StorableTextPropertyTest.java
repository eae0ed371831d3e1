package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

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

    private static final String[] EMOJI = {"😀", "🂡", "𝄞"};

    /**
     * Any text of up to 12 parts: every UTF-16 unit is possible, with surrogates, U+0000,
     * printable ASCII and astral characters made common.
     */
    static Gen<String> anyText() {
        return lists().of(integers().between(0, Integer.MAX_VALUE)).ofSizeBetween(0, 12).map(parts -> {
            StringBuilder sb = new StringBuilder();
            for (int v : parts) {
                int kind = v % 14, payload = v / 14;
                if (kind < 6) {
                    sb.append((char) (payload % 0x10000));
                } else if (kind < 8) {
                    sb.append((char) (0xD800 + payload % 0x800));
                } else if (kind < 9) {
                    sb.append('\0');
                } else if (kind < 12) {
                    sb.append((char) (0x20 + payload % 0x5F));
                } else {
                    sb.append(EMOJI[payload % EMOJI.length]);
                }
            }
            return sb.toString();
        });
    }

    @Test
    void aJsonStringOrKeyIsReadExactlyOrRefusedWhenUnstorable() {
        qt().withFixedSeed(20261201L).withExamples(3000).forAll(anyText()).checkAssert(text -> {
            try {
                jsonStringOrKey(text);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void aQueryValueIsAcceptedExactlyWhenStorable() {
        qt().withFixedSeed(20261201L).withExamples(3000).forAll(anyText()).checkAssert(this::queryValue);
    }

    private void jsonStringOrKey(String text) throws Exception {
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

    private void queryValue(String text) {
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
