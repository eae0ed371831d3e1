import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small Dazzle bot for Card Table, in one file of plain Java 21 (docs/bots.md):
 *
 * <pre>
 *   java DazzleBot.java --name botty (--token TOKEN | --key KEY) [--server http://localhost:8080]
 *        [--challenge alice --games 3] [--seek 2] [--rated] [--finish 5] [--decline] [--arena ID]
 * </pre>
 *
 * <p>Give it a token with the scopes game:play challenge:write seek:write events:read
 * (docs/bots.md), sent as Authorization: Bearer; the player key (X-Player-Key) works too, but
 * holds every scope. It opens its player's event stream (GET /api/players/{name}/events),
 * accepts every challenge made to it (unless --decline), plays every game it is in at once, and
 * reconnects after a dropped stream with Last-Event-ID, so that it misses no event. --challenge
 * makes that many challenges to one player; --seek asks for that many games by quick pairing, one
 * seek open at a time. With --finish N it exits (status 0) once N of its games have finished;
 * otherwise it runs until stopped (Ctrl-C).
 *
 * <p>With --arena ID it plays an arena (docs/tournaments.md): it joins it (POST
 * /api/arenas/{id}/join, which a token allows with the scope tournament:write), plays every game
 * the arena pairs it into (each announced by gameStart like any other), and exits (status 0) once
 * the arena is over and its last game has ended: when GET /api/arenas/{id} shows "final":true. A
 * join the server refuses (the arena has finished, its conditions are unmet) exits with status 1.
 *
 * <p>Its strategy, stated: when presenting, it offers the two cards of least value (the opponent
 * gains least, whichever it owns); when choosing, it owns the card of greater value (its claim
 * grows most). Ties go to the first move the server lists. It never resigns.
 *
 * <p>Java has no JSON parser of its own, so the bot carries a minimal one ({@link Json}); a bot in
 * another language would use its usual library.
 */
public final class DazzleBot {

    private final String server;
    private final String name;
    private final String key;
    private final String token;
    private final boolean decline;
    private final boolean rated;
    private final int finishAfter;
    private final String arena;
    private final Set<String> arenaGames = ConcurrentHashMap.newKeySet();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ExecutorService work = Executors.newVirtualThreadPerTaskExecutor();
    private final Set<String> finished = ConcurrentHashMap.newKeySet();
    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private final Set<String> playing = ConcurrentHashMap.newKeySet();
    private final Map<String, Boolean> again = new ConcurrentHashMap<>();
    private final AtomicInteger seeksLeft;
    private final Object done = new Object();
    private volatile boolean stopping;
    private volatile String lastEventId;

    private DazzleBot(Map<String, String> args) {
        server = args.getOrDefault("server", "http://localhost:8080").replaceAll("/+$", "");
        name = required(args, "name");
        token = args.get("token");
        key = token == null ? required(args, "key") : null;
        decline = args.containsKey("decline");
        rated = args.containsKey("rated");
        finishAfter = Integer.parseInt(args.getOrDefault("finish", "0"));
        arena = args.get("arena");
        seeksLeft = new AtomicInteger(Integer.parseInt(args.getOrDefault("seek", "0")));
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new LinkedHashMap<>();
        for (int i = 0; i < argv.length; i++) {
            if (!argv[i].startsWith("--")) {
                usage("unexpected argument " + argv[i]);
            }
            String k = argv[i].substring(2);
            boolean flag = k.equals("decline") || k.equals("rated");
            args.put(k, flag ? "true" : i + 1 < argv.length ? argv[++i] : usage("--" + k + " needs a value"));
        }
        DazzleBot bot = new DazzleBot(args);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> bot.stopping = true));
        Thread stream = Thread.ofPlatform().name("events").start(bot::follow);
        bot.awaitFirstSnapshot();
        if (args.containsKey("challenge")) {
            int games = Integer.parseInt(args.getOrDefault("games", "1"));
            for (int i = 0; i < games; i++) {
                bot.challenge(args.get("challenge"));
            }
        }
        bot.seekIfWanted();
        if (bot.arena != null) {
            bot.joinArena();
            bot.awaitArenaEnd();
        } else {
            bot.awaitEnd();
        }
        bot.stopping = true;
        stream.interrupt();
        bot.work.shutdownNow();
        bot.log("done: " + bot.finished.size() + " games finished");
        System.exit(0);
    }

    private static String required(Map<String, String> args, String k) {
        String v = args.get(k);
        return v != null ? v : usage("--" + k + " is required");
    }

    private static String usage(String why) {
        System.err.println(why + "\nusage: java DazzleBot.java --name NAME (--token TOKEN | --key KEY) [--server URL] "
                + "[--challenge NAME --games N] [--seek N] [--rated] [--finish N] [--decline] [--arena ID]");
        System.exit(2);
        return null;
    }

    // --- the event stream ----------------------------------------------------------------------

    private volatile boolean snapshotSeen;

    /** Follows the player's event stream for as long as the bot runs, reconnecting after a drop. */
    private void follow() {
        long backoff = 250;
        while (!stopping) {
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server + "/api/players/" + enc(name) + "/events"))
                        .header("Accept", "text/event-stream");
                credential(b);
                if (lastEventId != null) {
                    b.header("Last-Event-ID", lastEventId); // resume: the events after it, no snapshot
                }
                HttpResponse<InputStream> r = http.send(b.GET().build(), HttpResponse.BodyHandlers.ofInputStream());
                if (r.statusCode() != 200) {
                    String body = new String(r.body().readAllBytes(), StandardCharsets.UTF_8);
                    if (r.statusCode() == 401 || r.statusCode() == 403 || r.statusCode() == 404) {
                        log("the stream refused this bot: " + r.statusCode() + " " + body);
                        System.exit(1);
                    }
                    throw new IOException("stream answered " + r.statusCode());
                }
                backoff = 250;
                read(r.body());
            } catch (IOException e) {
                if (!stopping) {
                    log("stream dropped (" + e.getMessage() + "); reconnecting");
                }
            } catch (InterruptedException e) {
                return;
            }
            sleep(backoff);
            backoff = Math.min(backoff * 2, 5000);
        }
    }

    private void read(InputStream in) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String event = null;
        String id = null;
        StringBuilder data = new StringBuilder();
        for (String line; (line = lines.readLine()) != null; ) {
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    handle(event, data.toString());
                    if (id != null) {
                        lastEventId = id;
                    }
                }
                event = null;
                id = null;
                data.setLength(0);
            } else if (line.startsWith("event:")) {
                event = line.substring(6).trim();
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
        throw new IOException("the server closed the stream");
    }

    @SuppressWarnings("unchecked")
    private void handle(String event, String text) {
        Map<String, Object> d = (Map<String, Object>) Json.parse(text);
        switch (event == null ? "" : event) {
            case "snapshot" -> {
                Map<String, Object> challenges = (Map<String, Object>) d.get("challenges");
                for (Object c : (List<Object>) challenges.get("in")) {
                    answer((Map<String, Object>) c);
                }
                for (Object g : (List<Object>) d.get("games")) {
                    Map<String, Object> game = (Map<String, Object>) g;
                    started.add((String) game.get("gameId"));
                    if (Boolean.TRUE.equals(game.get("yourTurn"))) {
                        play((String) game.get("gameId"));
                    }
                }
                snapshotSeen = true;
                synchronized (done) {
                    done.notifyAll();
                }
            }
            case "challenge" -> {
                if (name.equalsIgnoreCase((String) d.get("challenged"))) {
                    answer(d);
                }
            }
            case "gameStart" -> {
                String game = (String) d.get("gameId");
                if (arena != null && arena.equals(d.get("arena"))) {
                    arenaGames.add(game);
                }
                if (started.add(game)) {
                    log("game " + game + " started, seat " + d.get("seat") + (d.get("arena") == null ? "" : ", arena " + d.get("arena")));
                    seekIfWanted();
                }
            }
            case "yourTurn" -> play((String) d.get("gameId"));
            case "gameFinish" -> {
                String game = (String) d.get("gameId");
                if (finished.add(game)) {
                    log("game " + game + " finished: " + d.get("outcome") + ", score " + d.get("score")
                            + (d.get("ratingDiff") instanceof Number diff ? String.format(", rating %+d", diff.longValue()) : ""));
                }
                synchronized (done) {
                    done.notifyAll();
                }
            }
            default -> { } // challengeDeclined, challengeCancelled, challengeExpired: nothing to do
        }
    }

    private void awaitFirstSnapshot() throws InterruptedException {
        synchronized (done) {
            while (!snapshotSeen) {
                done.wait(1000);
            }
        }
    }

    private void awaitEnd() throws InterruptedException {
        synchronized (done) {
            while (!stopping && (finishAfter <= 0 || finished.size() < finishAfter)) {
                done.wait(1000);
            }
        }
    }

    // --- arenas -------------------------------------------------------------------------------------

    /** Joins the arena; exits with status 1 when the server refuses (finished, conditions unmet, no such arena). */
    private void joinArena() {
        Reply r = post("/api/arenas/" + enc(arena) + "/join", "", null, null);
        if (r.status() / 100 != 2) {
            log("could not join arena " + arena + ": " + r.status() + " " + r.body());
            System.exit(1);
        }
        log("joined arena " + arena);
    }

    /**
     * Waits until the arena is final (finished, every game of it ended), then a little more for the
     * gameFinish of this bot's last arena game, so that the log tells every result.
     */
    @SuppressWarnings("unchecked")
    private void awaitArenaEnd() throws InterruptedException {
        while (!stopping) {
            Reply r = get("/api/arenas/" + enc(arena));
            if (r.status() == 200 && Boolean.TRUE.equals(((Map<String, Object>) Json.parse(r.body())).get("final"))) {
                break;
            }
            if (r.status() == 404) {
                log("arena " + arena + " is not found");
                System.exit(1);
            }
            Thread.sleep(1000);
        }
        long until = System.currentTimeMillis() + 10_000;
        synchronized (done) {
            while (!finished.containsAll(arenaGames) && System.currentTimeMillis() < until) {
                done.wait(500);
            }
        }
        Reply sheet = get("/api/arenas/" + enc(arena) + "/players/" + enc(name));
        if (sheet.status() == 200) {
            Map<String, Object> s = (Map<String, Object>) Json.parse(sheet.body());
            log("arena " + arena + " is over: rank " + s.get("rank") + ", " + s.get("points") + " points from "
                    + s.get("games") + " games");
        }
    }

    // --- challenges and seeks -------------------------------------------------------------------

    private void answer(Map<String, Object> challenge) {
        String id = (String) challenge.get("id");
        work.submit(() -> {
            String path = "/api/challenges/" + id + (decline ? "/decline" : "/accept");
            Reply r = post(path, decline ? "{\"reason\":\"noBot\"}" : "", null, null);
            log((decline ? "declined" : "accepted") + " challenge " + id + " from " + challenge.get("challenger")
                    + ": " + r.status());
            return null;
        });
    }

    private void challenge(String opponent) {
        Reply r = post("/api/challenges", "{\"player\":\"" + opponent + "\",\"type\":\"dazzle\",\"rated\":" + rated + "}",
                null, null);
        log("challenged " + opponent + ": " + r.status() + (r.status() == 201 ? "" : " " + r.body()));
    }

    /** Keeps one seek open while more games are wanted from quick pairing. */
    private void seekIfWanted() {
        if (seeksLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            Reply r = post("/api/seeks", "{\"type\":\"dazzle\",\"rated\":" + rated + "}", null, null);
            log("seeking a game: " + r.status() + (r.status() == 201 ? "" : " " + r.body()));
        }
    }

    // --- playing ----------------------------------------------------------------------------------

    /**
     * Plays this bot's moves in {@code gameId} while it is its turn, one worker per game at a time;
     * a turn told while the worker runs makes it look again.
     */
    private void play(String gameId) {
        again.put(gameId, Boolean.TRUE);
        if (!playing.add(gameId)) {
            return;
        }
        work.submit(() -> {
            try {
                while (again.remove(gameId) != null) {
                    playNow(gameId);
                }
            } finally {
                playing.remove(gameId);
            }
            if (again.containsKey(gameId)) {
                play(gameId);
            }
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    private void playNow(String gameId) {
        for (int attempt = 0; attempt < 60 && !stopping; attempt++) {
            Reply g = get("/api/games/" + gameId);
            if (g.status() != 200) {
                sleep(500);
                continue;
            }
            Map<String, Object> game = (Map<String, Object>) Json.parse(g.body());
            List<Object> legal = (List<Object>) game.get("legalMoves");
            if (!"active".equals(game.get("status")) || legal.isEmpty()) {
                return; // not this seat's turn (any more)
            }
            String move = Json.write(choose(legal));
            String version = String.valueOf(((Number) game.get("version")).intValue());
            // If-Match: the move applies only where it was chosen; the Idempotency-Key makes a retry safe.
            Reply r = post("/api/games/" + gameId + "/moves", move, "\"" + version + "\"", UUID.randomUUID().toString());
            if (r.status() != 200 && r.status() != 412) {
                log("move in game " + gameId + " answered " + r.status() + " " + r.body());
            }
            if (r.status() == 409) {
                return; // the game ended meanwhile (a timeout, a resignation)
            }
            if (r.status() != 200 && r.status() != 412) {
                sleep(500);
            }
            // Look again: in Dazzle a seat may act twice in a row (own, then present).
        }
    }

    /** The stated strategy: present the two cards of least value; own the card of greater value. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> choose(List<Object> legal) {
        Map<String, Object> best = null;
        int bestScore = Integer.MIN_VALUE;
        for (Object o : legal) {
            Map<String, Object> m = (Map<String, Object>) o;
            int score = switch ((String) m.get("action")) {
                case "present" -> -((List<Object>) m.get("cards")).stream().mapToInt(c -> value((String) c)).sum();
                case "own" -> value((String) m.get("card"));
                default -> Integer.MIN_VALUE + 1;
            };
            if (score > bestScore) {
                best = m;
                bestScore = score;
            }
        }
        return best;
    }

    private static int value(String card) {
        return card.charAt(card.length() - 1) - '0';
    }

    // --- HTTP -------------------------------------------------------------------------------------

    private record Reply(int status, String body) {
    }

    private Reply get(String path) {
        return send(HttpRequest.newBuilder(URI.create(server + path)).GET());
    }

    private Reply post(String path, String json, String ifMatch, String idempotencyKey) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server + path))
                .POST(json.isEmpty() ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (!json.isEmpty()) {
            b.header("Content-Type", "application/json");
        }
        if (ifMatch != null) {
            b.header("If-Match", ifMatch);
        }
        if (idempotencyKey != null) {
            b.header("Idempotency-Key", idempotencyKey);
        }
        return send(b);
    }

    /** Adds the bot's credential: its token, or else its player key. */
    private HttpRequest.Builder credential(HttpRequest.Builder b) {
        return token != null ? b.header("Authorization", "Bearer " + token) : b.header("X-Player-Key", key);
    }

    /** Sends with the bot's credential; retries, with the same request, while the server cannot be reached. */
    private Reply send(HttpRequest.Builder b) {
        HttpRequest request = credential(b).header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30)).build();
        long backoff = 250;
        for (int attempt = 0; ; attempt++) {
            try {
                HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
                if ((r.statusCode() == 503 || r.statusCode() == 429) && attempt < 40) {
                    sleep(retryAfter(r, backoff));
                    continue;
                }
                return new Reply(r.statusCode(), r.body());
            } catch (IOException e) {
                if (stopping || attempt >= 40) {
                    return new Reply(0, e.toString());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Reply(0, "interrupted");
            }
            sleep(backoff);
            backoff = Math.min(backoff * 2, 5000);
        }
    }

    private static long retryAfter(HttpResponse<?> r, long fallback) {
        return r.headers().firstValue("Retry-After").map(s -> {
            try {
                return Long.parseLong(s.trim()) * 1000;
            } catch (NumberFormatException e) {
                return fallback;
            }
        }).orElse(fallback);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void log(String line) {
        System.out.println("[" + name + "] " + line);
    }

    // --- a minimal JSON reader and writer (objects, arrays, strings, numbers, booleans, null) -----

    static final class Json {

        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String text) {
            Json j = new Json(text);
            Object v = j.value();
            j.ws();
            if (j.i != text.length()) {
                throw new IllegalArgumentException("trailing JSON at " + j.i);
            }
            return v;
        }

        private Object value() {
            ws();
            char c = s.charAt(i);
            switch (c) {
                case '{' -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    i++;
                    ws();
                    if (s.charAt(i) == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        ws();
                        String k = string();
                        ws();
                        expect(':');
                        m.put(k, value());
                        ws();
                        if (s.charAt(i) == ',') {
                            i++;
                        } else {
                            expect('}');
                            return m;
                        }
                    }
                }
                case '[' -> {
                    List<Object> l = new ArrayList<>();
                    i++;
                    ws();
                    if (s.charAt(i) == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        ws();
                        if (s.charAt(i) == ',') {
                            i++;
                        } else {
                            expect(']');
                            return l;
                        }
                    }
                }
                case '"' -> {
                    return string();
                }
                default -> {
                    if (s.startsWith("true", i)) {
                        i += 4;
                        return Boolean.TRUE;
                    }
                    if (s.startsWith("false", i)) {
                        i += 5;
                        return Boolean.FALSE;
                    }
                    if (s.startsWith("null", i)) {
                        i += 4;
                        return null;
                    }
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    if (start == i) {
                        throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
                    }
                    String n = s.substring(start, i);
                    return n.matches("-?\\d{1,18}") ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> b.append(e);
                }
            }
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + i);
            }
            i++;
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        @SuppressWarnings("unchecked")
        static String write(Object v) {
            if (v == null) {
                return "null";
            }
            if (v instanceof String str) {
                StringBuilder b = new StringBuilder("\"");
                for (char c : str.toCharArray()) {
                    if (c == '"' || c == '\\') {
                        b.append('\\').append(c);
                    } else if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
                return b.append('"').toString();
            }
            if (v instanceof Map<?, ?> m) {
                List<String> parts = new ArrayList<>();
                ((Map<String, Object>) m).forEach((k, x) -> parts.add(write(k) + ":" + write(x)));
                return "{" + String.join(",", parts) + "}";
            }
            if (v instanceof List<?> l) {
                List<String> parts = new ArrayList<>();
                l.forEach(x -> parts.add(write(x)));
                return "[" + String.join(",", parts) + "]";
            }
            if (v instanceof Double d && d == Math.rint(d)) {
                return Long.toString(d.longValue());
            }
            return String.valueOf(v);
        }
    }
}
