package dev.cardtable.platform;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * The JSON text the service stores and reads back (options, states, moves, results, deals), with
 * the server's one object mapper. Stored text that cannot be read is a server fault
 * ({@link IllegalStateException}), never a client's.
 */
@Singleton
public class JsonText {

    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {
    };
    private static final TypeReference<Map<String, Object>> OBJECT_MAP = new TypeReference<>() {
    };
    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    @Inject
    ObjectMapper json;

    /** The server's own, with the server's object mapper injected. */
    JsonText() {
    }

    /** Outside the server (tools, tests): JSON text through {@code mapper}. */
    public static JsonText with(ObjectMapper mapper) {
        JsonText text = new JsonText();
        text.json = mapper;
        return text;
    }

    /** {@code value} as JSON text. */
    public String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** Stored JSON {@code text} read as {@code type}. */
    public <T> T read(String text, Class<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable as " + type.getSimpleName(), e);
        }
    }

    /** A stored JSON object of strings (options). */
    public Map<String, String> stringMap(String text) {
        return read(text, STRING_MAP);
    }

    /** A stored JSON object (a move). */
    public Map<String, Object> objectMap(String text) {
        return read(text, OBJECT_MAP);
    }

    /** Stored JSON {@code text} as a tree, or null for null. */
    public JsonNode tree(String text) {
        try {
            return text == null ? null : json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }

    /** {@code value} (a tree, map or record) as plain maps, lists, strings, numbers and booleans. */
    public Object plain(Object value) {
        return json.convertValue(value, Object.class);
    }

    /** {@code text} re-written with every object's keys sorted and no white space. */
    public String canonical(String text) {
        try {
            return CANONICAL.writeValueAsString(CANONICAL.readValue(text, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }

    /** {@code value} written with every object's keys sorted. */
    public String canonicalOf(Object value) {
        try {
            return CANONICAL.writeValueAsString(CANONICAL.convertValue(value, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private <T> T read(String text, TypeReference<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }
}
