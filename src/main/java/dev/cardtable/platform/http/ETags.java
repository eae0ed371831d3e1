package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.game.view.GameView;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Entity tags of a game's representation and the {@code If-Match} precondition of moves
 * ({@code docs/api.md}, "Submitting a move").
 *
 * <p>A tag identifies one representation, so it differs wherever the body differs: it is the
 * game's version (which counts every change: seats taken, moves and a rematch made), then {@code -s<seat>} for a
 * seat's view (a spectator's tag has no suffix). So {@code "7"}, {@code "7-s0"}, {@code "18-s1"}.
 */
public final class ETags {

    private ETags() {
    }

    /** The strong entity tag of {@code game}, quoted. */
    public static String of(GameView game) {
        return of(game.version(), game.viewer());
    }

    /**
     * The strong entity tag of a game's representation stored as JSON text (an idempotent move's
     * first response), read from its {@code version} and {@code viewer}; null when the text is no
     * game.
     */
    public static String ofStored(ObjectMapper mapper, String body) {
        try {
            JsonNode game = mapper.readTree(body);
            if (game == null || !game.path("version").isInt()) {
                return null;
            }
            JsonNode viewer = game.path("viewer");
            return of(game.path("version").asInt(), viewer.isInt() ? viewer.asInt() : null);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String of(int version, Integer viewer) {
        return "\"" + version + (viewer == null ? "" : "-s" + viewer) + "\"";
    }

    /**
     * The versions an {@code If-Match} header accepts: each listed tag's version ({@code "7"},
     * {@code 7} or a tag of {@link #of}; weak tags match nothing); null for no header or {@code *}
     * (any version).
     */
    public static Set<Integer> versions(String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return null;
        }
        return Arrays.stream(ifMatch.split(",")).map(ETags::version).filter(Objects::nonNull)
                .collect(Collectors.toSet());
    }

    /** Whether an {@code If-None-Match} header names {@code etag} (or is {@code *}). */
    public static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        return ifNoneMatch.trim().equals("*") || Arrays.stream(ifNoneMatch.split(","))
                .map(t -> t.trim().startsWith("W/") ? t.trim().substring(2) : t.trim()).anyMatch(etag::equals);
    }

    /** A tag as {@link #of} writes it (quoted), as JAX-RS's entity tag, for a {@code 304} answer. */
    public static jakarta.ws.rs.core.EntityTag entityTag(String etag) {
        return new jakarta.ws.rs.core.EntityTag(etag.substring(1, etag.length() - 1));
    }

    /** The version a strong tag names; else null (a weak tag never matches {@code If-Match}, RFC 9110 13.1.1). */
    static Integer version(String tag) {
        String v = tag.trim();
        if (v.startsWith("W/")) {
            return null;
        }
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
            v = v.substring(1, v.length() - 1);
        }
        int dash = v.indexOf('-');
        if (dash > 0) {
            v = v.substring(0, dash);
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
