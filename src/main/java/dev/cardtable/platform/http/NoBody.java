package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A request to an operation that reads no body brings none ({@code docs/api.md}, "Conventions"):
 * a body sent there (rotating a key, cancelling, asking for a stream ticket, …) would be ignored
 * while the client believes it asked for something, so it is refused with
 * {@code 400 malformed-request} and the request changes nothing. An operation reads a body when
 * one of its method's parameters is bound by no JAX-RS annotation (its entity). Checked once the
 * request is matched to its operation, before anything else reads it.
 */
public class NoBody {

    private final Map<Method, Boolean> readsBody = new ConcurrentHashMap<>();

    @ServerRequestFilter
    public Optional<Response> check(ContainerRequestContext ctx, ResourceInfo resource) {
        Method method = resource.getResourceMethod();
        if (method == null || readsBody.computeIfAbsent(method, NoBody::readsBody)) {
            return Optional.empty();
        }
        String length = ctx.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        boolean body = ctx.getHeaderString("Transfer-Encoding") != null
                || length != null && !length.isBlank() && !length.trim().equals("0");
        if (!body) {
            return Optional.empty();
        }
        return Optional.of(ProblemMapper.problem(Failure.MALFORMED_REQUEST,
                ctx.getMethod() + " " + ctx.getUriInfo().getPath() + " takes no body; send none", Map.of(),
                ctx.getUriInfo()));
    }

    /** Whether {@code method} has an entity parameter: one that no JAX-RS annotation binds. */
    static boolean readsBody(Method method) {
        for (Parameter p : method.getParameters()) {
            if (Arrays.stream(p.getAnnotations()).noneMatch(NoBody::binds)) {
                return true;
            }
        }
        return false;
    }

    private static boolean binds(Annotation a) {
        String pkg = a.annotationType().getPackageName();
        return pkg.startsWith("jakarta.ws.rs") || pkg.startsWith("org.jboss.resteasy.reactive");
    }
}
