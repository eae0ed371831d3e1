package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cardtable.support.Api;
import dev.cardtable.support.OpenApiValidation;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.builder.ResponseBuilder;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code openapi.yaml} at the project root is exactly what the server serves at {@code /q/openapi},
 * so the published contract cannot drift from the code. To refresh it after an API change:
 * {@code ./mvnw package -DskipTests && cp target/openapi/openapi.yaml openapi.yaml}.
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
                        + "./mvnw package -DskipTests && cp target/openapi/openapi.yaml openapi.yaml");
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
        for (String wrong : List.of(body.replace("\"moveCount\":0", "\"moveCount\":\"0\""),
                body.replace("\"finishedAt\":null,", ""), body.replace("\"type\":\"scoundrel\"", "\"type\":\"dazzle\""))) {
            assertThrows(AssertionError.class, () -> OpenApiValidation.check("GET", "/api/games/" + g.id(),
                    response(200, "application/json", wrong)), wrong);
        }
    }

    private static io.restassured.response.Response response(int status, String type, String body) {
        return new ResponseBuilder().setStatusCode(status).setContentType(type).setBody(body).build();
    }

    @Test
    void swaggerUiIsServed() {
        given().get("/q/swagger-ui/").then().statusCode(200);
    }
}
