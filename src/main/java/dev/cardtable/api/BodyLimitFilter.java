package dev.cardtable.api;

import dev.cardtable.game.Failure;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Map;
import java.util.Optional;

/**
 * Refuses bodies larger than the API's limits with a {@code payload-too-large} problem before
 * they are read: {@code cardtable.max-body-bytes} for every request, and the larger
 * {@code cardtable.max-record-bytes} for record imports.
 */
public class BodyLimitFilter {

    @ConfigProperty(name = "cardtable.max-body-bytes")
    long maxBody;

    @ConfigProperty(name = "cardtable.max-record-bytes")
    long maxRecord;

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> limit(ContainerRequestContext ctx) {
        String length = ctx.getHeaderString("Content-Length");
        if (length == null) {
            return Optional.empty();
        }
        long limit = ctx.getUriInfo().getPath().endsWith("/games/import") ? maxRecord : maxBody;
        long n;
        try {
            n = Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return Optional.of(ProblemMapper.problem(Failure.MALFORMED_REQUEST, "Content-Length is not a number",
                    Map.of(), ctx.getUriInfo()));
        }
        if (n > limit) {
            return Optional.of(ProblemMapper.problem(Failure.PAYLOAD_TOO_LARGE,
                    "the body is " + n + " bytes; the limit is " + limit, Map.of("limit", limit), ctx.getUriInfo()));
        }
        return Optional.empty();
    }
}
