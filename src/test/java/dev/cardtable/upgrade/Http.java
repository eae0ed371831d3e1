package dev.cardtable.upgrade;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain HTTP/1.1 requests with {@code java.net.http}, as {@code dev.cardtable.cluster.Players} sends them. */
final class Http {

    private Http() {
    }

    /** A client sending from loopback address {@code local}: each is its own client to the rate limits behind the proxy. */
    static HttpClient client(String local) {
        try {
            return HttpClient.newBuilder().localAddress(InetAddress.getByName(local))
                    .connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One request: a JSON {@code body} when not null, the seat {@code token} as a bearer token, the
     * {@code Idempotency-Key} {@code key} and the {@code X-Player-Key} {@code playerKey} when given.
     */
    static HttpResponse<String> send(HttpClient http, String api, String method, String path, String body, String token,
                                     String key, String playerKey) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json");
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (key != null) {
            b.header("Idempotency-Key", key);
        }
        if (playerKey != null) {
            b.header("X-Player-Key", playerKey);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
