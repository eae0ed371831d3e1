package dev.cardtable.platform.http;

import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The methods each path of the API answers, read once from the resource classes' JAX-RS
 * annotations, for the {@code Allow} header of a {@code 405} (RFC 9110, section 15.5.6). An
 * operation hidden from the API description (one that only explains that a method is not
 * allowed) does not count.
 */
@ApplicationScoped
public class AllowedMethods {

    /** A resource method: its template, its path pattern, how many literal characters its template has, its HTTP method. */
    private record Route(String template, Pattern path, int literals, String method) {
    }

    private volatile List<Route> routes;

    /** The {@code Allow} value for {@code path}, e.g. {@code "GET, HEAD, OPTIONS"}; empty when no resource has the path. */
    public Optional<String> allow(String path) {
        TreeSet<String> methods = new TreeSet<>();
        for (Route r : matching(path)) {
            methods.add(r.method());
        }
        if (methods.isEmpty()) {
            return Optional.empty();
        }
        if (methods.contains(HttpMethod.GET)) {
            methods.add(HttpMethod.HEAD);
        }
        methods.add(HttpMethod.OPTIONS);
        return Optional.of(String.join(", ", methods));
    }

    /**
     * The template of the resource path that {@code path} matches, e.g. {@code /api/games/{id}/hint}
     * for {@code /api/games/0f3c…/hint}; empty when no resource has the path.
     */
    public Optional<String> routeTemplate(String path) {
        List<Route> found = matching(path);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst().template());
    }

    /** The routes {@code path} matches as JAX-RS matches them. */
    private List<Route> matching(String path) {
        String p = trim(path);
        // As JAX-RS matches (Jakarta REST 3.1, section 3.7.2): only the templates with the most
        // literal characters compete, so /games/import is not also /games/{id}.
        List<Route> found = new ArrayList<>();
        int best = -1;
        for (Route r : routes()) {
            if (!r.path().matcher(p).matches() || r.literals() < best) {
                continue;
            }
            if (r.literals() > best) {
                best = r.literals();
                found.clear();
            }
            found.add(r);
        }
        return found;
    }

    private List<Route> routes() {
        List<Route> known = routes;
        if (known == null) {
            known = new ArrayList<>();
            for (Bean<?> bean : Arc.container().beanManager().getBeans(Object.class, Any.Literal.INSTANCE)) {
                Class<?> type = bean.getBeanClass();
                Path base = type.getAnnotation(Path.class);
                if (base == null) {
                    continue;
                }
                for (Method m : type.getMethods()) {
                    String http = httpMethod(m);
                    Operation op = m.getAnnotation(Operation.class);
                    if (http == null || op != null && op.hidden()) {
                        continue;
                    }
                    Path sub = m.getAnnotation(Path.class);
                    String template = base.value() + "/" + (sub == null ? "" : sub.value());
                    String normal = trim(template.replaceAll("/+", "/"));
                    known.add(new Route(normal, template(template), literals(template), http));
                }
            }
            routes = known;
        }
        return known;
    }

    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod h = a.annotationType().getAnnotation(HttpMethod.class);
            if (h != null) {
                return h.value();
            }
        }
        return null;
    }

    /** A path template such as {@code /api/games/{id}} as a pattern; {@code {name: regex}} keeps its regex. */
    static Pattern template(String template) {
        String t = trim(template.replaceAll("/+", "/"));
        StringBuilder re = new StringBuilder();
        int i = 0;
        while (i < t.length()) {
            int open = t.indexOf('{', i);
            if (open < 0) {
                re.append(Pattern.quote(t.substring(i)));
                break;
            }
            re.append(Pattern.quote(t.substring(i, open)));
            int depth = 0;
            int close = open;
            for (; close < t.length(); close++) {
                char c = t.charAt(close);
                if (c == '{') {
                    depth++;
                } else if (c == '}' && --depth == 0) {
                    break;
                }
            }
            String param = t.substring(open + 1, Math.min(close, t.length()));
            int colon = param.indexOf(':');
            re.append('(').append(colon < 0 ? "[^/]+" : param.substring(colon + 1).trim()).append(')');
            i = close + 1;
        }
        return Pattern.compile(re.toString());
    }

    private static int literals(String template) {
        return trim(template.replaceAll("/+", "/")).replaceAll("\\{[^}]*}", "").length();
    }

    private static String trim(String path) {
        String p = path.startsWith("/") ? path : "/" + path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
