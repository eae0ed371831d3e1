package dev.cardtable.platform.http;

import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Locale;
import java.util.Optional;

/**
 * This server's origin, {@code scheme://host[:port]} in lower case, as the session cookies' check
 * ({@link SessionCookies}) and the OAuth metadata's issuer read it: {@code cardtable.http.origin}
 * when set (for a proxy that rewrites {@code Host}), else the request's scheme and {@code Host}
 * (the forwarded ones only when {@code quarkus.http.proxy.proxy-address-forwarding} trusts the
 * proxy), {@code localhost} for a request without one.
 */
@Singleton
public class ServerOrigin {

    @ConfigProperty(name = "cardtable.http.origin")
    Optional<String> origin;

    /** The origin that serves {@code http}. */
    public String of(HttpServerRequest http) {
        if (origin.isPresent() && !origin.get().isBlank()) {
            String o = origin.get().trim();
            return (o.endsWith("/") ? o.substring(0, o.length() - 1) : o).toLowerCase(Locale.ROOT);
        }
        String host = http.getHeader("Host");
        return (http.scheme() + "://" + (host == null || host.isBlank() ? "localhost" : host.trim())).toLowerCase(Locale.ROOT);
    }
}
