package dev.cardtable.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.game.Failure;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;

/**
 * Refuses, before any of it is read, a request that declares a body larger than the largest the
 * API takes ({@code cardtable.max-record-bytes}), with the same {@code payload-too-large} problem
 * as {@link BodyLimitFilter}. (The transport's own limit, {@code quarkus.http.limits.max-body-size},
 * also caps bodies sent without a length.)
 */
@ApplicationScoped
public class TransportLimits {

    @ConfigProperty(name = "cardtable.max-record-bytes")
    long maxBytes;

    @Inject
    ObjectMapper json;

    void install(@Observes Router router) {
        router.route().order(-100).handler(ctx -> {
            String length = ctx.request().getHeader("Content-Length");
            long n = -1;
            if (length != null) {
                try {
                    n = Long.parseLong(length.trim());
                } catch (NumberFormatException e) {
                    n = Long.MAX_VALUE;
                }
            }
            if (n > maxBytes) {
                Map<String, Object> body = ProblemMapper.body(Failure.PAYLOAD_TOO_LARGE,
                        "the body may be at most " + maxBytes + " bytes", Map.of("limit", maxBytes), ctx.request().path());
                try {
                    ctx.response().setStatusCode(413).putHeader("Content-Type", ProblemMapper.PROBLEM_JSON)
                            .putHeader("Connection", "close").end(json.writeValueAsString(body));
                } catch (JsonProcessingException e) {
                    ctx.fail(e);
                }
                return;
            }
            ctx.next();
        });
    }
}
