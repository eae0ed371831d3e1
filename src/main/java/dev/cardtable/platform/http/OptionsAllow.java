package dev.cardtable.platform.http;

import jakarta.inject.Inject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * The {@code Allow} header of an {@code OPTIONS} answer names the methods of the path's own
 * resource, as a {@code 405} on that path does ({@link AllowedMethods}; RFC 9110, section 9.3.7),
 * not every method of the resource class that holds it.
 */
public class OptionsAllow {

    @Inject
    AllowedMethods allowed;

    /** Replaces the {@code Allow} of an {@code OPTIONS} answer by the path's own methods. */
    @ServerResponseFilter
    public void allow(ContainerRequestContext request, ContainerResponseContext response) {
        if (HttpMethod.OPTIONS.equals(request.getMethod()) && response.getHeaders().containsKey("Allow")) {
            allowed.allow(request.getUriInfo().getPath()).ifPresent(a -> response.getHeaders().putSingle("Allow", a));
        }
    }
}
