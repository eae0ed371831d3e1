package dev.cardtable.platform.http;

import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

/**
 * Runs the HTTP fuzz ({@link HttpFuzzProperties}, a QuickTheories property with a fixed seed)
 * against this test's running server; the first failing request fails this test.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class HttpFuzzTest {

    @Test
    void fourThousandFuzzedRequestsNeverFailTheServerNorChangeAGameWhenRejected() throws Exception {
        HttpFuzzProperties.run(RestAssured.port, 4000);
    }
}
