package dev.cardtable.platform.http;

import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code GET /q/info} names the build: the newest release of {@code CHANGELOG.md}, and its commit. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class BuildInfoTest {

    @Test
    void theBuildIsTheNewestReleaseInTheChangelog() throws Exception {
        Matcher m = Pattern.compile("(?m)^## (\\d+\\.\\d+\\.\\d+) — \\d{4}-\\d{2}-\\d{2}")
                .matcher(Files.readString(Path.of("CHANGELOG.md")));
        assertTrue(m.find(), "CHANGELOG.md names its releases as '## X.Y.Z — YYYY-MM-DD'");
        given().get("/q/info").then().statusCode(200)
                .body("build.version", equalTo(m.group(1)))
                .body("git.commit.id", matchesPattern("[0-9a-f]{7,40}"))
                .body("java.version", matchesPattern("(2[1-9]|[3-9][0-9]).*"));
    }
}
