package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.util.Collection;
import java.util.Map;

/**
 * The detail of a {@code 400 malformed-request} for a body Jackson could not read, in the client's
 * terms and never Jackson's ({@code docs/api.md}, "Errors"): where in the body, by field path such
 * as {@code seats[1].aiBudget}, and what was expected there, e.g. {@code 'seats[1].aiBudget' must be
 * a whole number from -2147483648 to 2147483647}.
 */
final class JsonDetail {

    private JsonDetail() {
    }

    /** The detail for {@code e}. */
    static String of(JsonProcessingException e) {
        String where = e instanceof JsonMappingException m && !m.getPath().isEmpty() ? path(m) : null;
        Class<?> expected = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JsonTextGuard.UnstorableText text) {
                return (where == null ? "" : "'" + where + "': ") + text.getOriginalMessage();
            }
            String m = String.valueOf(t instanceof JsonProcessingException j ? j.getOriginalMessage() : t.getMessage());
            if (t instanceof java.io.CharConversionException || m.startsWith("Invalid UTF-8")) {
                return "the body is not valid UTF-8 text";
            }
            if (m.startsWith("Duplicate field ")) {
                return "duplicate field " + m.substring("Duplicate field ".length());
            }
            if (m.startsWith("Trailing token")) {
                return "the body has content after its JSON value";
            }
            if (t instanceof com.fasterxml.jackson.core.io.JsonEOFException) {
                return "the body is not valid JSON: it ends before its value does";
            }
            if (t instanceof com.fasterxml.jackson.core.JsonParseException pe) {
                // Text that is not JSON (NaN, 007, a raw control character in a string), even where
                // a typed field was being read: a syntax error, not a wrong type. Where the parser was
                // says where it is, to the field.
                String at = pe.getProcessor() instanceof com.fasterxml.jackson.core.JsonParser parser
                        ? path(parser.getParsingContext()) : where;
                return "the body is not valid JSON" + (at == null || at.isEmpty() ? "" : " (in '" + at + "')");
            }
            if (expected == null && t instanceof InputCoercionException c) {
                expected = c.getTargetType();
            }
            if (expected == null && t instanceof MismatchedInputException mi) {
                expected = mi.getTargetType();
            }
        }
        if (e instanceof com.fasterxml.jackson.databind.exc.InvalidNullException
                || e instanceof MismatchedInputException && String.valueOf(e.getOriginalMessage()).startsWith("Cannot map `null`")) {
            return where == null ? "null is not allowed here" : "'" + where + "' may not be null";
        }
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException) {
            return "the body exceeds a JSON limit (nesting depth, number or string length)";
        }
        if (e instanceof JsonMappingException) {
            String shape = expected == null ? null : shape(expected);
            if (shape != null) {
                return (where == null ? "the body" : "'" + where + "'") + " must be " + shape;
            }
            return where == null ? "the body has the wrong type or shape" : "'" + where + "' has the wrong type or shape";
        }
        return "the body is not valid JSON";
    }

    /** What a value read as {@code type} must be, in JSON's terms; null when that says nothing useful. */
    static String shape(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return "a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        }
        if (type == long.class || type == Long.class) {
            return "a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return null;
    }

    /** The field path of the parser's place {@code c}, e.g. {@code seats[1].aiBudget}; empty at the top. */
    private static String path(com.fasterxml.jackson.core.JsonStreamContext c) {
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        for (; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.push("[" + Math.max(0, c.getCurrentIndex()) + "]");
            } else if (c.getCurrentName() != null) {
                parts.push((c.getParent() == null || c.getParent().inRoot() ? "" : ".") + c.getCurrentName());
            }
        }
        return String.join("", parts);
    }

    /** The field path of {@code m}, e.g. {@code seats[1].aiBudget}. */
    private static String path(JsonMappingException m) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }
}
