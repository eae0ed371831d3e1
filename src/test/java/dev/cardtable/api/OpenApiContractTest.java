package dev.cardtable.api;

import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void swaggerUiIsServed() {
        given().get("/q/swagger-ui/").then().statusCode(200);
    }
}
