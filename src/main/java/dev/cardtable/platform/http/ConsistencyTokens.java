package dev.cardtable.platform.http;

import dev.cardtable.platform.db.ReadConsistency;
import dev.cardtable.platform.db.Replica;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Read-your-writes with a standby ({@code docs/api.md}, "Consistency tokens"): a successful write
 * ({@code POST}, {@code DELETE}) answers with {@value #HEADER}, the primary's WAL position after
 * its commit; a request that sends it back reads from the standby only once the standby has
 * replayed that far ({@link Replica}). Without a standby no token is sent: every read is the
 * primary's.
 */
public class ConsistencyTokens {

    /** The header of the token, in responses and requests. */
    public static final String HEADER = "Consistency-Token";

    @Inject
    Replica replica;

    @Inject
    ReadConsistency consistency;

    @ServerRequestFilter
    public void read(ContainerRequestContext ctx) {
        if (replica.configured()) {
            consistency.require(ctx.getHeaderString(HEADER));
        }
    }

    @ServerResponseFilter
    public void write(ContainerRequestContext req, ContainerResponseContext resp) {
        String method = req.getMethod();
        if (resp.getStatus() < 300 && ("POST".equals(method) || "DELETE".equals(method)) && replica.configured()) {
            replica.position().ifPresent(lsn -> resp.getHeaders().putSingle(HEADER, lsn));
        }
    }
}
