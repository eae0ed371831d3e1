package dev.cardtable.support;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What only a live payload shows of the contract's one vocabulary ({@code docs/api.md}, "One
 * vocabulary"), checked on every response and event the HTTP tests receive ({@link OpenApiValidation}
 * calls it), whatever the resource:
 * <ul>
 *   <li>a time (a string that starts as an RFC 3339 date-time) is UTC with exactly three fraction
 *   digits: {@code 2026-12-07T10:30:46.200Z};</li>
 *   <li>a rating, rating change or deviation (a number under one of {@link #RATING_POINTS}, or in
 *   a lobby item's {@code ratings} or a game type's {@code aiRatings}) is a whole number, written
 *   without a fraction, except in a {@code glicko} object, which shows the stored values to the
 *   hundredth;</li>
 *   <li>a status word ({@code status}, {@code challengeStatus}, {@code seekStatus}, an event's name)
 *   is never spelt {@code canceled}.</li>
 * </ul>
 */
public final class ResponseShapes {

    /** The names of properties that hold rating points (as the server's {@code WireFormat} writes them). */
    static final Set<String> RATING_POINTS = Set.of("rating", "ratingDiff", "diff", "deviation", "deviationFloor",
            "deviationCeiling", "provisionalDeviation");
    /** The objects that show a rating as stored, to the hundredth, beside the whole points. */
    private static final Set<String> EXACT = Set.of("glicko", "seedGlicko");
    private static final Set<String> RATING_LISTS = Set.of("ratings", "aiRatings");
    private static final Set<String> STATUSES = Set.of("status", "challengeStatus", "seekStatus");
    private static final Pattern LOOKS_LIKE_TIME = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}.*");
    private static final Pattern TIME = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$");
    private static final Pattern OTHER_SPELLING = Pattern.compile("(^c|C)anceled");

    private ResponseShapes() {
    }

    /**
     * Checks a payload.
     *
     * @param where what the payload is, for the message
     * @throws AssertionError naming every value of another form, by its JSON path
     */
    public static void check(JsonNode payload, String where) {
        List<String> wrong = new ArrayList<>();
        walk(payload, "$", null, wrong);
        if (!wrong.isEmpty()) {
            throw new AssertionError("the payload leaves the contract's one vocabulary (docs/api.md, \"One vocabulary\"): "
                    + where + ": " + wrong);
        }
    }

    /** Checks the name of an event of a stream: one spelling, as status words. */
    public static void checkEventName(String name, String where) {
        if (name != null && OTHER_SPELLING.matcher(name).find()) {
            throw new AssertionError("the event's name is spelt otherwise than 'cancelled': " + where);
        }
    }

    private static void walk(JsonNode node, String path, String name, List<String> wrong) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                String child = path + "." + f.getKey();
                JsonNode v = f.getValue();
                if (RATING_POINTS.contains(f.getKey()) && v.isNumber() && !(name != null && EXACT.contains(name))) {
                    points(v, child, wrong);
                } else if (RATING_LISTS.contains(f.getKey()) && v.isContainerNode()) {
                    // A lobby item's list of ratings, a game type's ratings by level: every value is one.
                    v.forEach(r -> points(r, child + "[…]", wrong));
                    continue;
                } else if (STATUSES.contains(f.getKey()) && v.isTextual() && OTHER_SPELLING.matcher(v.asText()).find()) {
                    wrong.add(child + " is '" + v.asText() + "', not 'cancelled'");
                }
                walk(v, child, f.getKey(), wrong);
            }
        } else if (node.isArray()) {
            int i = 0;
            for (JsonNode item : node) {
                walk(item, path + "[" + i++ + "]", name, wrong);
            }
        } else if (node.isTextual() && LOOKS_LIKE_TIME.matcher(node.asText()).matches()
                && !TIME.matcher(node.asText()).matches()) {
            wrong.add(path + " is the time '" + node.asText() + "', not UTC to the millisecond ('…T10:30:46.200Z')");
        }
    }

    private static void points(JsonNode v, String path, List<String> wrong) {
        if (v.isNumber() && !v.isIntegralNumber()) {
            wrong.add(path + " is the rating value " + v + ", not whole rating points");
        }
    }
}
