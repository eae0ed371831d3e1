package dev.cardtable.platform.http;

import dev.cardtable.engine.Unknown;
import dev.cardtable.platform.Failure;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Query parameters are read as strictly as bodies ({@code docs/api.md}, "Conventions"): a
 * parameter the operation does not take, one given more than once, or one with an empty value
 * ({@code ?player=}: no valid value of any parameter is empty) is refused with
 * {@code 400 malformed-request} naming it, as an unknown or duplicate field of a body is. Checked
 * once the request is matched to its operation, before anything else reads it.
 */
public class QueryParams {

    private final Map<Method, Set<String>> taken = new ConcurrentHashMap<>();

    @ServerRequestFilter
    public Optional<Response> check(ContainerRequestContext ctx, ResourceInfo resource) {
        Method method = resource.getResourceMethod();
        if (method == null) {
            return Optional.empty();
        }
        Set<String> names = taken.computeIfAbsent(method, QueryParams::names);
        for (Map.Entry<String, List<String>> p : ctx.getUriInfo().getQueryParameters().entrySet()) {
            String detail = !names.contains(p.getKey()) ? Unknown.name("query parameter", p.getKey(), names)
                    : p.getValue().size() > 1 ? "duplicate query parameter '" + p.getKey() + "'"
                    : p.getValue().getFirst().isEmpty() ? "query parameter '" + p.getKey()
                            + "' is empty; leave it out to use no value" : null;
            if (detail != null) {
                return Optional.of(ProblemMapper.problem(Failure.MALFORMED_REQUEST, detail, Map.of(), ctx.getUriInfo()));
            }
        }
        return Optional.empty();
    }

    /** The query parameters {@code method} declares, sorted. */
    private static Set<String> names(Method method) {
        return Arrays.stream(method.getParameters()).map(p -> p.getAnnotation(QueryParam.class))
                .filter(q -> q != null).map(QueryParam::value).collect(Collectors.toCollection(TreeSet::new));
    }
}
