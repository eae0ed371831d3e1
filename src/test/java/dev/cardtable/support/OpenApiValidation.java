package dev.cardtable.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.quarkus.test.junit.callback.QuarkusTestBeforeClassCallback;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Checks every response the HTTP tests receive through REST Assured against {@code openapi.yaml}:
 * its status must be one the operation lists, its content type one the response lists, and a JSON
 * body must validate against the response's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 * A response the document does not describe fails the test that received it. Installed as a global
 * REST Assured filter before every {@code @QuarkusTest} class (a Quarkus test callback, so in the
 * class loader the tests run in). Requests to paths the document does not name (probes of unknown
 * routes) are not checked. The events of event streams are checked one by one as {@link SseClient}
 * reads them ({@link #checkEvent}). Every JSON payload is also checked for what only a live payload
 * shows of the contract's one vocabulary ({@link ResponseShapes}).
 */
public class OpenApiValidation implements Filter, QuarkusTestBeforeClassCallback {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode DOCUMENT = load();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final Map<String, JsonSchema> COMPILED = new ConcurrentHashMap<>();
    private static final Set<String> IGNORED_METHODS = Set.of("OPTIONS", "HEAD");

    private static JsonNode load() {
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(Path.of("openapi.yaml")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void beforeClass(Class<?> testClass) {
        if (RestAssured.filters().stream().noneMatch(f -> f instanceof OpenApiValidation)) {
            RestAssured.filters(new OpenApiValidation());
        }
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                           FilterContext context) {
        Response r = context.next(request, response);
        check(request.getMethod(), URI.create(request.getURI()).getRawPath(), r);
        return r;
    }

    /**
     * Checks one response.
     *
     * @throws AssertionError when the document does not describe it
     */
    public static void check(String method, String path, Response r) {
        if (IGNORED_METHODS.contains(method.toUpperCase(Locale.ROOT))) {
            return;
        }
        String template = template(path);
        if (template == null) {
            return;
        }
        JsonNode operation = DOCUMENT.path("paths").path(template).path(method.toLowerCase(Locale.ROOT));
        if (operation.isMissingNode()) {
            return;
        }
        String where = method + " " + path + " (" + template + ") answered " + r.statusCode();
        JsonNode responses = operation.path("responses");
        JsonNode documented = responses.has(Integer.toString(r.statusCode()))
                ? responses.path(Integer.toString(r.statusCode())) : responses.path("default");
        if (documented.isMissingNode()) {
            throw new AssertionError("openapi.yaml does not list this status: " + where);
        }
        String body = r.asString();
        if (body == null || body.isEmpty()) {
            return;
        }
        String type = r.contentType() == null ? "" : r.contentType().split(";")[0].trim();
        JsonNode media = documented.path("content").path(type);
        if (media.isMissingNode()) {
            throw new AssertionError("openapi.yaml does not list content type '" + type + "': " + where);
        }
        if (!type.endsWith("json")) {
            return;
        }
        JsonSchema schema = COMPILED.computeIfAbsent(template + " " + method + " " + r.statusCode() + " " + type,
                k -> compile(media.path("schema")));
        Set<ValidationMessage> errors;
        JsonNode payload;
        try {
            payload = JSON.readTree(body);
            errors = schema.validate(payload);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + where + ": " + body, e);
        }
        if (!errors.isEmpty()) {
            throw new AssertionError("the body does not match openapi.yaml: " + where + ": " + errors + "\n" + body);
        }
        ResponseShapes.check(payload, where);
    }

    /**
     * Checks one event of the event stream ({@code text/event-stream}) that {@code GET path}
     * answered: its fields ({@code event}, {@code id}, {@code data}, {@code retry}) against the
     * schema of the stream's items, and its data, a JSON text, against the {@code contentSchema} of
     * the data of the event's own schema (the discriminator's for its name). Paths the document
     * does not name are not checked.
     *
     * @param name  the event's name, null for none (an unnamed event is a {@code message})
     * @param id    its id, or null
     * @param retry its {@code retry} field, or null
     * @throws AssertionError when the document does not describe the event
     */
    public static void checkEvent(String path, String name, String id, String data, String retry) {
        String template = template(path);
        JsonNode operation = template == null ? null : DOCUMENT.path("paths").path(template).path("get");
        if (operation == null || operation.isMissingNode()) {
            return;
        }
        String event = name == null ? "message" : name;
        String where = "GET " + path + " (" + template + ") sent a '" + event + "' event";
        JsonNode stream = resolve(operation.path("responses").path("200").path("content").path("text/event-stream").path("schema"));
        JsonNode items = stream.path("items");
        if (items.isMissingNode()) {
            throw new AssertionError("openapi.yaml does not describe the events of this stream: " + where);
        }
        ObjectNode frame = JSON.createObjectNode().put("event", event).put("data", data);
        if (id != null) {
            frame.put("id", id);
        }
        if (retry != null) {
            frame.put("retry", Long.parseLong(retry));
        }
        validate(template + " GET events", items, frame, where);
        JsonNode own = resolve(items);
        JsonNode mapped = own.path("discriminator").path("mapping").path(event);
        if (mapped.isTextual()) {
            own = resolve(JSON.createObjectNode().put("$ref", mapped.asText()));
        }
        JsonNode content = own.path("properties").path("data").path("contentSchema");
        if (!content.isMissingNode()) {
            try {
                validate(template + " GET event " + event + " data", content, JSON.readTree(data), where + " whose data");
            } catch (IOException e) {
                throw new AssertionError("the data is not JSON: " + where + ": " + data, e);
            }
        }
        ResponseShapes.checkEventName(event, where);
        if (data != null && (data.startsWith("{") || data.startsWith("["))) {
            try {
                ResponseShapes.check(JSON.readTree(data), where + " (its data)");
            } catch (IOException e) {
                // Not JSON: the schema above says whether it may be so.
            }
        }
    }

    private static void validate(String key, JsonNode schema, JsonNode value, String where) {
        Set<ValidationMessage> errors = COMPILED.computeIfAbsent(key, k -> compile(schema)).validate(value);
        if (!errors.isEmpty()) {
            throw new AssertionError("openapi.yaml does not describe this: " + where + ": " + errors + "\n" + value);
        }
    }

    /** {@code schema}, or the component its {@code $ref} names. */
    private static JsonNode resolve(JsonNode schema) {
        String ref = schema.path("$ref").asText("");
        if (!ref.startsWith("#/")) {
            return schema;
        }
        JsonNode target = DOCUMENT;
        for (String part : ref.substring(2).split("/")) {
            target = target.path(part);
        }
        return target;
    }

    /** The response schema, with the document's components beside it so that its references resolve. */
    private static JsonSchema compile(JsonNode schema) {
        ObjectNode root = schema.deepCopy();
        root.set("components", DOCUMENT.path("components"));
        return SCHEMAS.getSchema(root);
    }

    /** The document's path template that {@code path} matches, or null. */
    private static String template(String path) {
        for (Iterator<String> it = DOCUMENT.path("paths").fieldNames(); it.hasNext(); ) {
            String t = it.next();
            String regex = Pattern.quote(t).replaceAll("\\{[^}]+}", "\\\\E[^/]+\\\\Q");
            if (path.matches(regex) && !(t.endsWith("/{id}") && path.endsWith("/import"))) {
                return t;
            }
        }
        return null;
    }
}
