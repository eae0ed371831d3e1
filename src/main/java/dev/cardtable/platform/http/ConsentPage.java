package dev.cardtable.platform.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The OAuth consent page at {@value #PATH} ({@code docs/api.md}, "The consent page"), the
 * authorization endpoint the server's metadata names: the web client's page
 * {@code META-INF/resources/oauth/authorize.html}, whatever the query (the page's script reads it).
 * Its headers are the web client's ({@link ResponseHeaders}); it is never cached, so a new client
 * is served with each release.
 */
@ApplicationScoped
public class ConsentPage {

    /** The authorization endpoint's path. */
    public static final String PATH = "/oauth/authorize";

    private static final String FILE = "META-INF/resources/oauth/authorize.html";

    private Buffer page;

    void install(@Observes Router router) {
        page = Buffer.buffer(read());
        router.route(PATH).method(HttpMethod.GET).method(HttpMethod.HEAD).handler(this::serve);
    }

    private void serve(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "text/html;charset=UTF-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
        if (ctx.request().method() == HttpMethod.HEAD) {
            ctx.response().putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(page.length())).end();
        } else {
            ctx.response().end(page);
        }
    }

    private static byte[] read() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is missing from the build");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
