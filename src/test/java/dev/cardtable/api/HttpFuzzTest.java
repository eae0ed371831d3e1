package dev.cardtable.api;

import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.EngineFilter.includeEngines;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Runs the HTTP fuzz ({@link HttpFuzzProperties}, a jqwik property with a fixed seed) against
 * this test's running server: the jqwik engine is launched on the JUnit Platform from here, with
 * the server's port, and every property failure fails this test.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class HttpFuzzTest {

    @Test
    void fourThousandFuzzedRequestsNeverFailTheServerNorChangeAGameWhenRejected() {
        System.setProperty(HttpFuzzProperties.PORT, Integer.toString(RestAssured.port));
        // The property runs in the plain test class loader: it talks to the server over HTTP only.
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(ClassLoader.getSystemClassLoader());
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        try {
            LauncherDiscoveryRequest request = request().selectors(selectClass(HttpFuzzProperties.class.getName()))
                    .filters(includeEngines("jqwik")).build();
            LauncherFactory.create().execute(request, listener);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
            System.clearProperty(HttpFuzzProperties.PORT);
        }
        TestExecutionSummary summary = listener.getSummary();
        StringWriter failures = new StringWriter();
        summary.printFailuresTo(new PrintWriter(failures), 40);
        assertEquals(1, summary.getTestsFoundCount(), "the fuzz property was found");
        assertEquals(0, summary.getTotalFailureCount(), failures.toString());
        assertEquals(1, summary.getTestsSucceededCount(), failures.toString());
    }
}
