package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A blocking HTTP/1.1 client for the bench tools against one server: one request at a time, JSON
 * bodies, an optional bearer token or header. Every failure to connect is an
 * {@link UncheckedIOException}; a status other than the one expected is an
 * {@link IllegalStateException} naming the request and the answer.
 */
final class BenchHttp {

    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String base;

    /** A client of the server at {@code base}, e.g. {@code http://localhost:8080}. */
    BenchHttp(String base) {
        this(base, null);
    }

    /**
     * A client of the server at {@code base} whose connections come from {@code local} (e.g.
     * {@code 127.0.0.7}, so that the server counts it as a client of its own), or any address when null.
     */
    BenchHttp(String base, java.net.InetAddress local) {
        this.base = base.replaceAll("/+$", "");
        HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10));
        this.http = (local == null ? b : b.localAddress(local)).build();
    }

    /** The server's base URI. */
    String base() {
        return base;
    }

    /** {@code GET path} without credentials. */
    HttpResponse<String> get(String path) {
        return send("GET", path, null, null, null);
    }

    /** {@code GET path}, expecting {@code 200}, as JSON. */
    JsonNode getJson(String path) {
        return read(expect(get(path), 200, "GET " + path));
    }

    /** {@code GET path} with a seat token, expecting {@code 200}, as JSON. */
    JsonNode getJson(String path, String token) {
        return read(expect(send("GET", path, null, token, null), 200, "GET " + path));
    }

    /** {@code POST path} with a JSON body (or none), expecting {@code status}, as JSON (null for no body). */
    JsonNode post(String path, Object body, String token, int status) {
        return post(path, body, token, null, null, status);
    }

    /** As {@link #post(String, Object, String, int)}, with one more header ({@code name}, {@code value}). */
    JsonNode post(String path, Object body, String token, String name, String value, int status) {
        String text = body == null ? null : body instanceof String s ? s : write(body);
        HttpResponse<String> r = send("POST", path, text, token, name == null ? null : new String[]{name, value});
        String got = expect(r, status, "POST " + path + (text == null ? "" : " " + text));
        return got.isEmpty() ? null : read(got);
    }

    /** Sends one request; {@code header} is a name and a value, or null. */
    HttpResponse<String> send(String method, String path, String body, String token, String[] header) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (header != null) {
            b.header(header[0], header[1]);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + method + " " + path, e);
        }
    }

    static String expect(HttpResponse<String> r, int status, String what) {
        if (r.statusCode() != status) {
            throw new IllegalStateException(what + " → " + r.statusCode() + " (expected " + status + "): " + r.body());
        }
        return r.body();
    }

    static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
