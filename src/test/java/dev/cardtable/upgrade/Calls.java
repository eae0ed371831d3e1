package dev.cardtable.upgrade;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Every request the load sent and what came of it, in order of completion, for the test to judge. */
final class Calls {

    /**
     * One response, or a request that got none (status 0).
     *
     * @param start    when it was sent, {@link System#nanoTime()}
     * @param end      when it was answered
     * @param kind     "register", "create", "move" or "stream"
     * @param status   HTTP status, 0 without a response
     * @param servedBy the slot named by HAProxy's {@code X-Served-By}, or null
     * @param body     the body of a non-success, or the exception, else null
     */
    record Call(long start, long end, String kind, int status, String servedBy, String body) {

        boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private final List<Call> calls = Collections.synchronizedList(new ArrayList<>());

    /** Sends one request (see {@link Http#send}) and records it; null when no response came. */
    HttpResponse<String> call(HttpClient http, String api, String kind, String method, String path, String body, String token,
                              String key, String playerKey) {
        long start = System.nanoTime();
        try {
            HttpResponse<String> r = Http.send(http, api, method, path, body, token, key, playerKey);
            add(new Call(start, System.nanoTime(), kind, r.statusCode(), r.headers().firstValue("X-Served-By").orElse(null),
                    r.statusCode() < 300 ? null : r.body()));
            return r;
        } catch (IOException e) {
            add(new Call(start, System.nanoTime(), kind, 0, null, e.toString()));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    void add(Call c) {
        calls.add(c);
    }

    /** Every call so far. */
    List<Call> all() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /** The calls matching {@code which}, counted by status. */
    Map<Integer, Long> byStatus(Predicate<Call> which) {
        return all().stream().filter(which).collect(Collectors.groupingBy(Call::status, TreeMap::new, Collectors.counting()));
    }

    /** The calls answered from {@code from} on ({@link System#nanoTime()}), counted by the slot that served them. */
    Map<String, Long> servedSince(long from) {
        return all().stream().filter(c -> c.start() >= from && c.servedBy() != null)
                .collect(Collectors.groupingBy(Call::servedBy, TreeMap::new, Collectors.counting()));
    }
}
