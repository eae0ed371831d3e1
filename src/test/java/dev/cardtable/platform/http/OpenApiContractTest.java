package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cardtable.support.Api;
import dev.cardtable.support.OpenApiValidation;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.builder.ResponseBuilder;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.File;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code openapi.yaml} at the project root is exactly what the server serves at {@code /q/openapi},
 * so the published contract cannot drift from the code. To refresh it after an API change:
 * {@code ./mvnw package -Dmaven.test.skip=true && cp target/openapi/openapi.yaml openapi.yaml}.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class OpenApiContractTest {

    @Test
    void theCommittedContractEqualsTheServedOne() throws Exception {
        String served = given().queryParam("format", "yaml").get("/q/openapi").then().statusCode(200).extract().asString();
        String committed = Files.readString(Path.of("openapi.yaml"));
        // Compared as documents: the generator's key order is not part of the contract.
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        assertEquals(yaml.readTree(committed), yaml.readTree(served),
                "openapi.yaml differs from /q/openapi; refresh it with "
                        + "./mvnw package -Dmaven.test.skip=true && cp target/openapi/openapi.yaml openapi.yaml");
    }

    @Test
    void everyResponseOfTheHttpTestsIsCheckedAgainstTheDocument() {
        assertTrue(RestAssured.filters().stream().anyMatch(f -> f instanceof OpenApiValidation),
                "the validating filter is installed for every HTTP test");
        Api.Created g = Api.scoundrel("validated", "val");
        String body = Api.as(g.token()).get("/api/games/" + g.id()).then().statusCode(200).extract().asString();
        // The real answer passes; a status the operation does not list, or a payload of another
        // shape (a field of the wrong type, a missing key, a Scoundrel game with a Dazzle view), fails.
        OpenApiValidation.check("GET", "/api/games/" + g.id(), response(200, "application/json;charset=UTF-8", body));
        assertThrows(AssertionError.class, () -> OpenApiValidation.check("GET", "/api/games/" + g.id(),
                response(418, "application/problem+json", "{}")));
        // A payload the schema admits but the one vocabulary does not (a time to the microsecond,
        // docs/api.md "One vocabulary") fails as well: ResponseShapes checks every payload too.
        String micros = body.replaceFirst("(\"createdAt\":\"[^\"]*\\.\\d{3})Z\"", "$1123Z\"");
        assertTrue(!micros.equals(body), "the game has a createdAt");
        for (String wrong : List.of(body.replace("\"moveCount\":0", "\"moveCount\":\"0\""),
                body.replace("\"finishedAt\":null,", ""), body.replace("\"type\":\"scoundrel\"", "\"type\":\"dazzle\""),
                micros)) {
            assertThrows(AssertionError.class, () -> OpenApiValidation.check("GET", "/api/games/" + g.id(),
                    response(200, "application/json", wrong)), wrong);
        }
    }

    @Test
    void everyEventOfTheStreamsIsCheckedAgainstTheDocument() throws Exception {
        Api.Created g = Api.scoundrel("validated-events", "val");
        Map<String, Object> first = g.response().path("legalMoves[0]");
        Api.move(g.id(), g.token(), first).then().statusCode(200);
        String path = "/api/games/" + g.id() + "/events";
        SseClient.Event move;
        // SseClient checks every event it reads; this one is described, so reading it passes.
        try (SseClient stream = SseClient.connect("http://localhost:" + RestAssured.port + path + "?cursor=0", null, null)) {
            move = stream.take(1, Duration.ofSeconds(20)).getFirst();
        }
        OpenApiValidation.checkEvent(path, "move", move.id(), move.data(), null);
        // An event of a name, fields or data the stream's description does not give fails.
        List<Executable> undescribed = List.of(
                () -> OpenApiValidation.checkEvent(path, "moved", move.id(), move.data(), null),
                () -> OpenApiValidation.checkEvent(path, "move", null, move.data(), null),
                () -> OpenApiValidation.checkEvent(path, "move", move.id(), move.data().replace("\"entry\"", "\"entries\""), null),
                () -> OpenApiValidation.checkEvent(path, "end", null, "{\"status\":\"over\"}", null),
                () -> OpenApiValidation.checkEvent(path, "error", null, "{\"code\":\"server-busy\"}", "3000"),
                () -> OpenApiValidation.checkEvent("/api/lobby/events", "filled", null, "{\"gameId\":\"" + g.id() + "\"}", null));
        for (Executable e : undescribed) {
            assertThrows(AssertionError.class, e);
        }
        OpenApiValidation.checkEvent("/api/lobby/events", "filled", null, "{\"id\":\"" + g.id() + "\"}", null);
    }

    private static io.restassured.response.Response response(int status, String type, String body) {
        return new ResponseBuilder().setStatusCode(status).setContentType(type).setBody(body).build();
    }

    /**
     * Each operation declares exactly the credentials its resource method reads — the seat token
     * ({@code Authorization}, {@code seatToken}), the player key ({@code X-Player-Key},
     * {@code playerKey}), a stream ticket ({@code ?ticket=}, {@code streamTicket}) — and one that
     * reads none declares none ({@code security: []}), so that generated clients send what each
     * operation takes. Whether a credential is required or optional is each operation's own
     * behaviour, asserted by its tests.
     */
    @Test
    void everyOperationDeclaresTheCredentialsItsMethodReads() throws Exception {
        JsonNode paths = new ObjectMapper(new YAMLFactory()).readTree(Path.of("openapi.yaml").toFile()).path("paths");
        int operations = 0;
        for (Iterator<JsonNode> it = paths.elements(); it.hasNext(); ) {
            operations += it.next().size();
        }
        int checked = 0;
        for (Class<?> resource : resources()) {
            String root = resource.getAnnotation(jakarta.ws.rs.Path.class).value();
            for (Method m : resource.getDeclaredMethods()) {
                String verb = httpMethod(m);
                Operation described = m.getAnnotation(Operation.class);
                if (verb == null || described != null && described.hidden()) {
                    continue;
                }
                jakarta.ws.rs.Path sub = m.getAnnotation(jakarta.ws.rs.Path.class);
                String path = sub == null ? root : (root + "/" + sub.value()).replaceAll("/+", "/");
                String where = verb + " " + path + " (" + resource.getSimpleName() + "." + m.getName() + ")";
                JsonNode op = paths.path(path).path(verb.toLowerCase(Locale.ROOT));
                assertFalse(op.isMissingNode(), where + " is in the document");
                assertTrue(op.path("security").isArray(), where + " declares its security");
                Set<String> declared = new TreeSet<>();
                op.path("security").forEach(requirement -> requirement.fieldNames().forEachRemaining(declared::add));
                Set<String> expected = credentials(m);
                // A scoped token is handed to the player key's parameter at the edge (AccessTokens).
                if (OperationScopes.of(verb + " " + path).map(Scope::grantable).orElse(false)) {
                    expected.add("oauth");
                }
                assertEquals(expected, declared, where + ": the schemes of the credentials it reads");
                checked++;
            }
        }
        assertEquals(operations, checked, "every operation of the document was checked against its method");
    }

    /** The security schemes of the credentials {@code m} reads. */
    private static Set<String> credentials(Method m) {
        Set<String> schemes = new TreeSet<>();
        for (java.lang.reflect.Parameter p : m.getParameters()) {
            HeaderParam header = p.getAnnotation(HeaderParam.class);
            QueryParam query = p.getAnnotation(QueryParam.class);
            if (header != null && header.value().equalsIgnoreCase("Authorization")) {
                schemes.add("seatToken");
            } else if (header != null && header.value().equalsIgnoreCase("X-Player-Key")) {
                // The edge hands a session cookie's token to the same parameter (SessionCookies).
                schemes.add("playerKey");
                schemes.add("session");
            } else if (p.getAnnotation(jakarta.ws.rs.CookieParam.class) != null
                    && p.getAnnotation(jakarta.ws.rs.CookieParam.class).value().equals("cardtable_session")) {
                schemes.add("session");
            } else if (query != null && query.value().equals("ticket")) {
                schemes.add("streamTicket");
            }
        }
        return schemes;
    }

    /** The HTTP method of a resource method ({@code @GET}, {@code @POST}, …), or null for none. */
    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    /** The application's root resources, from the compiled classes. */
    private static List<Class<?>> resources() throws Exception {
        Path classes = Path.of("target", "classes");
        List<Class<?>> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes.resolve("dev/cardtable"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith("Resource.class")).toList()) {
                String name = classes.relativize(f).toString().replace(File.separatorChar, '.').replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name);
                if (c.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
                    found.add(c);
                }
            }
        }
        assertTrue(found.size() >= 10, "the resources are found: " + found);
        return found;
    }

    @Test
    void swaggerUiIsServed() {
        given().get("/q/swagger-ui/").then().statusCode(200);
    }
}
