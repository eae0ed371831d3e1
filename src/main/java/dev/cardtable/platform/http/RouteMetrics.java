package dev.cardtable.platform.http;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the {@code uri} tag of the HTTP server metrics ({@code http_server_requests_seconds})
 * to the API's route templates. A request that no resource method answered itself (an
 * {@code OPTIONS}, or a {@code 405} for a method the path does not take) is tagged by Quarkus with
 * its raw path, so that every distinct game id would add a series and anyone could grow the
 * metrics without bound; such a path under {@code /api/} is tagged with the template it matches
 * ({@code /api/games/{id}/hint}), or {@code UNKNOWN} when it matches none.
 */
@ApplicationScoped
public class RouteMetrics {

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    /** The filter, applied by Quarkus to every meter registry. */
    @Produces
    @Singleton
    MeterFilter routeTemplates(AllowedMethods allowed) {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String uri = id.getTag("uri");
                if (!HTTP_SERVER_REQUESTS.equals(id.getName()) || uri == null || !uri.startsWith("/api/")
                        || uri.contains("{")) {
                    return id;
                }
                String template = allowed.routeTemplate(uri).orElse("UNKNOWN");
                if (template.equals(uri)) {
                    return id;
                }
                List<Tag> tags = new ArrayList<>();
                for (Tag t : id.getTagsAsIterable()) {
                    tags.add("uri".equals(t.getKey()) ? Tag.of("uri", template) : t);
                }
                return id.replaceTags(tags);
            }
        };
    }
}
