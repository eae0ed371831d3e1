package dev.cardtable.game;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.api.dto.CreateGameRequest;
import dev.cardtable.api.dto.CredentialResponse;
import dev.cardtable.api.dto.GameRecord;
import dev.cardtable.api.dto.GameResponse;
import dev.cardtable.api.dto.LogEntry;
import dev.cardtable.api.dto.MovePage;
import dev.cardtable.api.dto.SeatRequest;
import dev.cardtable.api.dto.SeatResponse;
import dev.cardtable.api.dto.StateResponse;
import dev.cardtable.api.dto.TakeSeatRequest;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Rules.Play;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Standing;
import dev.cardtable.engine.Viewer;
import dev.cardtable.store.GameEntity;
import dev.cardtable.store.IdempotencyEntity;
import dev.cardtable.store.MoveEntity;
import dev.cardtable.store.SeatEntity;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The imperative shell around the engine: loads a game, applies one move through the engine inside
 * one transaction, appends to the log, lets computer seats reply and returns the caller's view.
 * Every payload is built from {@link Rules#view(Object, Viewer)} for the caller's viewer.
 */
@ApplicationScoped
public class GameService {

    /** Human names: also used in {@code /api/players/{name}/stats}. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,40}");

    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {
    };
    private static final TypeReference<Map<String, Object>> OBJECT_MAP = new TypeReference<>() {
    };

    @Inject
    GameCatalog catalog;

    @Inject
    ObjectMapper json;

    @Inject
    MeterRegistry metrics;

    @Inject
    Event<MovesApplied> movesApplied;

    /** What a move request produced: the response body as sent (or first sent, for a retry). */
    public record MoveOutcome(String body, String etag, boolean replayed) {
    }

    /** Fired inside the transaction that appended {@code lastSeq} to game {@code gameId}. */
    public record MovesApplied(UUID gameId, int lastSeq) {
    }

    // ---------------------------------------------------------------- creating and seating

    /**
     * Creates a game ({@code POST /api/games}). Computer seats that are to act move at once.
     *
     * @return the game as seen by its first human seat (or a spectator), with every new token
     * @throws GameException {@code malformed-request} for an unknown type, ruleset, option, AI
     *                       level, a bad seat list, seed or deal
     */
    @Transactional
    public GameResponse create(CreateGameRequest req) {
        if (req == null) {
            throw malformed("a JSON body is required");
        }
        Rules<?, ?, ?> rules = catalog.rules(req.type());
        GameInfo info = rules.info();
        GameInfo.RulesetInfo ruleset = req.ruleset() == null ? info.defaultRuleset() : info.ruleset(req.ruleset());
        Options options = ruleset.resolve(req.options() == null ? Map.of() : req.options());
        List<SeatRequest> seatReqs = req.seats();
        if (seatReqs == null || seatReqs.size() != info.seats()) {
            throw malformed(info.type() + " takes exactly " + info.seats() + " seat(s) in 'seats'");
        }
        boolean customDeal = req.deal() != null && !req.deal().isNull();
        if (req.seed() != null && customDeal) {
            throw malformed("give either 'seed' or 'deal', not both");
        }
        if ((req.seed() != null || customDeal)
                && seatReqs.stream().anyMatch(sr -> sr != null && Boolean.TRUE.equals(sr.open()))) {
            // Whoever chose the seed or deal would know the hand of whoever takes the open seat.
            throw malformed("a game with an open seat is always dealt from a secret server seed; "
                    + "leave out 'seed' and 'deal'");
        }
        Instant now = now();
        GameEntity g = new GameEntity();
        g.id = UUID.randomUUID();
        g.type = info.type();
        g.ruleset = ruleset.name();
        g.rulesetVersion = ruleset.version();
        g.options = write(options.values());
        Deal deal;
        if (customDeal) {
            deal = rules.parseDeal(json.convertValue(req.deal(), Object.class));
            g.customDeal = write(req.deal());
        } else {
            g.seed = req.seed() == null ? Credentials.newSeed() : req.seed();
            deal = new Deal.Seeded(g.seed);
            g.seedCommitment = Rng.commitment(g.seed);
        }
        // Validates the custom deal before anything is stored.
        Object initial = rules.deal(new Setup(ruleset.name(), options, deal));
        g.state = write(initial);
        g.version = 0;
        g.createdAt = now;
        g.updatedAt = now;

        List<SeatEntity> seats = new ArrayList<>();
        List<CredentialResponse> creds = new ArrayList<>();
        for (int i = 0; i < seatReqs.size(); i++) {
            SeatRequest sr = seatReqs.get(i);
            if (sr == null) {
                throw malformed("seats[" + i + "] must be an object");
            }
            SeatEntity s = new SeatEntity();
            s.gameId = g.id;
            s.seat = i;
            s.gameType = g.type;
            s.createdAt = g.createdAt;
            boolean open = Boolean.TRUE.equals(sr.open());
            int kinds = (sr.name() != null ? 1 : 0) + (sr.ai() != null ? 1 : 0) + (open ? 1 : 0);
            if (kinds != 1) {
                throw malformed("seats[" + i + "] must have exactly one of 'name', 'ai' or 'open': true");
            }
            if (sr.aiBudget() != null && sr.ai() == null) {
                throw malformed("seats[" + i + "]: 'aiBudget' goes only with 'ai'");
            }
            if (sr.name() != null) {
                s.kind = "human";
                s.name = checkName(sr.name());
                String token = Credentials.newToken();
                s.tokenHash = Credentials.hash(token);
                creds.add(new CredentialResponse(i, token));
            } else if (sr.ai() != null) {
                rules.computer(sr.ai(), sr.aiBudget()); // validates level and budget
                s.kind = "ai";
                s.aiLevel = sr.ai();
                s.aiBudget = sr.aiBudget();
            } else {
                s.kind = "open";
            }
            seats.add(s);
        }
        g.status = seats.stream().anyMatch(s -> s.kind.equals("open")) ? "waiting" : "active";
        g.persist();
        seats.forEach(s -> s.persist());
        Loaded loaded = new Loaded(g, seats, new ArrayList<>());
        if (g.status.equals("active")) {
            advance(rules, loaded);
        }
        Integer viewer = creds.isEmpty() ? null : creds.get(0).seat();
        return response(rules, loaded, viewer).withCredentials(creds);
    }

    /**
     * Takes an open seat ({@code POST /api/games/{id}/seats/{seat}}). When it was the last open
     * seat the game starts, and computer seats that are to act move at once.
     *
     * @return the game as the new seat sees it, with the seat's token
     * @throws GameException {@code game-not-found}, {@code seat-taken}, {@code malformed-request}
     */
    @Transactional
    public GameResponse takeSeat(UUID id, int seat, TakeSeatRequest req) {
        GameEntity g = GameEntity.lock(id).orElseThrow(GameService::notFound);
        if (req == null || req.name() == null) {
            throw malformed("a JSON body with 'name' is required");
        }
        String name = checkName(req.name());
        List<SeatEntity> seats = SeatEntity.ofGame(id);
        if (seat < 0 || seat >= seats.size()) {
            throw malformed("seat must be 0 to " + (seats.size() - 1));
        }
        SeatEntity s = seats.get(seat);
        if (!s.kind.equals("open")) {
            throw new GameException(Failure.SEAT_TAKEN, "seat " + seat + " is not open");
        }
        s.kind = "human";
        s.name = name;
        String token = Credentials.newToken();
        s.tokenHash = Credentials.hash(token);
        Rules<?, ?, ?> rules = catalog.rules(g.type);
        Loaded loaded = new Loaded(g, seats, MoveEntity.ofGame(id));
        if (seats.stream().noneMatch(x -> x.kind.equals("open"))) {
            g.status = "active";
            g.updatedAt = now();
            advance(rules, loaded);
        }
        return response(rules, loaded, seat).withCredentials(List.of(new CredentialResponse(seat, token)));
    }

    // ---------------------------------------------------------------- reading

    /**
     * The game as the holder of {@code authorization} sees it ({@code GET /api/games/{id}}).
     *
     * @param authorization the {@code Authorization} header, or null for a spectator
     * @throws GameException {@code game-not-found}, {@code unauthenticated} for a token that
     *                       matches no seat
     */
    @Transactional
    public GameResponse get(UUID id, String authorization) {
        Loaded loaded = load(id);
        Integer seat = authenticate(loaded.seats(), authorization, false);
        return response(catalog.rules(loaded.game().type), loaded, seat);
    }

    /**
     * Checks that game {@code id} exists and that {@code authorization}, if given, is a seat
     * token of it.
     *
     * @return the caller's seat, or null for a spectator
     * @throws GameException {@code game-not-found}, {@code unauthenticated}
     */
    @Transactional
    public Integer viewerSeat(UUID id, String authorization) {
        GameEntity.<GameEntity>findByIdOptional(id).orElseThrow(GameService::notFound);
        return authenticate(SeatEntity.ofGame(id), authorization, false);
    }

    /**
     * A page of the move log, projected for the caller ({@code GET /api/games/{id}/moves}).
     *
     * @param after only entries with {@code seq > after}; {@code >= 0}
     * @param limit at most this many; 1 to 500
     */
    @Transactional
    public MovePage moves(UUID id, String authorization, int after, int limit) {
        if (after < 0) {
            throw malformed("'after' must be >= 0");
        }
        if (limit < 1 || limit > 500) {
            throw malformed("'limit' must be 1 to 500");
        }
        Loaded loaded = load(id);
        Integer seat = authenticate(loaded.seats(), authorization, false);
        return logPage(catalog.rules(loaded.game().type), loaded, seat, after, limit);
    }

    /**
     * The game as it stood after move {@code n} ({@code GET /api/games/{id}/states/{n}}),
     * projected for the caller as a live view would have been; everything is revealed once the
     * game is over.
     *
     * @throws GameException {@code malformed-request} when {@code n} is outside 0..version
     */
    @Transactional
    public StateResponse state(UUID id, String authorization, int n) {
        Loaded loaded = load(id);
        Integer seat = authenticate(loaded.seats(), authorization, false);
        if (n < 0 || n > loaded.game().version) {
            throw malformed("n must be 0 to " + loaded.game().version);
        }
        return stateAt(catalog.rules(loaded.game().type), loaded, seat, n);
    }

    /**
     * The whole timeline in one request ({@code GET /api/games/{id}/timeline}): every position
     * from the deal to the last move, each with the move that led to it, projected for the caller
     * exactly as {@link #state} and {@link #moves} project them.
     */
    @Transactional
    public Timeline timeline(UUID id, String authorization) {
        Loaded loaded = load(id);
        Integer seat = authenticate(loaded.seats(), authorization, false);
        return timelineOf(catalog.rules(loaded.game().type), loaded, seat);
    }

    /**
     * A game's positions in order.
     *
     * @param id    game id
     * @param items position 0 (the deal, {@code move} null) to the last
     */
    public record Timeline(UUID id, List<Step> items) {
    }

    /**
     * One position of a timeline.
     *
     * @param n      moves applied
     * @param move   the log entry of move {@code n}, or null for the deal
     * @param toAct  seats to move there
     * @param view   the caller's view
     * @param result the result if the game was over there, else null
     */
    public record Step(int n, LogEntry move, List<Integer> toAct, Object view, Object result) {
    }

    private <S, M, V> Timeline timelineOf(Rules<S, M, V> rules, Loaded l, Integer seat) {
        Game<S, M, V> game = new Game<>(rules, l);
        Viewer viewer = viewerOf(l.game(), seat);
        S deal = game.at(0);
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(0, null, rules.toAct(deal).stream().map(Seat::number).toList(), rules.view(deal, viewer), null));
        walk(game, viewer, 0, l.log().size(), (entry, state, view) -> steps.add(new Step(entry.seq(), entry,
                rules.toAct(state).stream().map(Seat::number).toList(), view, rules.result(state).orElse(null))));
        return new Timeline(l.game().id, steps);
    }

    /**
     * The portable record ({@code GET /api/games/{id}/record}); the seed and any custom deal only
     * once the game is over.
     */
    @Transactional
    public GameRecord record(UUID id) {
        Loaded l = load(id);
        GameEntity g = l.game();
        boolean over = g.status.equals("finished");
        List<GameRecord.Seat> seats = l.seats().stream().map(s -> new GameRecord.Seat(s.seat, s.kind, s.name,
                s.aiLevel, s.aiBudget)).toList();
        List<GameRecord.Move> moves = recordMoves(catalog.rules(g.type), l);
        return new GameRecord(GameRecord.FORMAT, 1, g.type, g.ruleset, g.rulesetVersion, read(g.options, STRING_MAP),
                seats, g.seedCommitment, over ? g.seed : null, over && g.customDeal != null ? readTree(g.customDeal) : null,
                moves, g.status, g.result == null ? null : readTree(g.result), g.createdAt, g.finishedAt);
    }

    /** The log's moves in the game's own notation (jsonb does not keep the order of keys). */
    private <S, M, V> List<GameRecord.Move> recordMoves(Rules<S, M, V> rules, Loaded l) {
        return l.log().stream().map(m -> new GameRecord.Move(m.seq, m.seat,
                rules.writeMove(rules.parseMove(readMap(m.move))), m.at)).toList();
    }

    // ---------------------------------------------------------------- moving

    /**
     * Applies the caller's move ({@code POST /api/games/{id}/moves}) and any computer replies.
     *
     * @param body           the move's JSON form
     * @param ifMatch        the {@code If-Match} header or null
     * @param idempotencyKey the {@code Idempotency-Key} header or null
     * @return the game after the move as the mover sees it, with the entries added
     * @throws GameException any of the errors of {@code api.md}; nothing is changed then
     */
    @Transactional
    public MoveOutcome move(UUID id, String authorization, Map<String, Object> body, String ifMatch,
                            String idempotencyKey) {
        Timer.Sample sample = Timer.start(metrics);
        GameEntity g = GameEntity.lock(id).orElseThrow(GameService::notFound);
        List<SeatEntity> seats = SeatEntity.ofGame(id);
        int seat = authenticate(seats, authorization, true);
        if (body == null) {
            throw malformed("a JSON object body is required");
        }
        // Key order and white space do not make another request.
        String requestHash = Rng.sha256Hex(write(new java.util.TreeMap<>(body)));
        if (idempotencyKey != null) {
            if (idempotencyKey.isBlank() || idempotencyKey.length() > 255) {
                throw malformed("Idempotency-Key must be 1 to 255 characters");
            }
            IdempotencyEntity prior = IdempotencyEntity.findById(new IdempotencyEntity.Key(id, seat, idempotencyKey));
            if (prior != null) {
                if (!prior.requestHash.equals(requestHash)) {
                    throw new GameException(Failure.IDEMPOTENCY_KEY_REUSED,
                            "this Idempotency-Key was already used with a different body");
                }
                return new MoveOutcome(prior.response, null, true);
            }
        }
        Rules<?, ?, ?> rules = catalog.rules(g.type);
        Loaded loaded = new Loaded(g, seats, MoveEntity.ofGame(id));
        int before = g.version;
        GameResponse response = applyHuman(rules, loaded, seat, body, ifMatch);
        String out = write(response);
        if (idempotencyKey != null) {
            IdempotencyEntity e = new IdempotencyEntity();
            e.gameId = id;
            e.seat = seat;
            e.key = idempotencyKey;
            e.requestHash = requestHash;
            e.status = 200;
            e.response = out;
            e.createdAt = now();
            e.persist();
        }
        metrics.counter("cardtable.moves.applied", "type", g.type).increment(g.version - before);
        sample.stop(metrics.timer("cardtable.move.latency", "type", g.type));
        return new MoveOutcome(out, etagOf(response), false);
    }

    private <S, M, V> GameResponse applyHuman(Rules<S, M, V> rules, Loaded l, int seat, Map<String, Object> body,
                                              String ifMatch) {
        M move = rules.parseMove(body);
        GameEntity g = l.game();
        switch (g.status) {
            case "waiting" -> throw new GameException(Failure.GAME_NOT_STARTED, "the game is waiting for players");
            case "finished" -> throw new GameException(Failure.GAME_OVER, "the game is over");
            default -> {
            }
        }
        if (ifMatch != null && !ifMatch.isBlank() && !ifMatch.trim().equals("*")) {
            boolean matches = java.util.Arrays.stream(ifMatch.split(","))
                    .map(GameService::parseVersion).anyMatch(v -> v != null && v == g.version);
            if (!matches) {
                throw new GameException(Failure.VERSION_MISMATCH,
                        "If-Match names version " + ifMatch.trim() + " but the game is at version " + g.version,
                        Map.of("currentVersion", g.version));
            }
        }
        Game<S, M, V> game = new Game<>(rules, l);
        S state = game.current();
        if (!rules.toAct(state).contains(Seat.of(seat))) {
            throw new GameException(Failure.NOT_YOUR_TURN, "seat " + seat + " may not act now");
        }
        int firstNew = g.version + 1;
        S next = rules.apply(state, Seat.of(seat), move);
        append(rules, l, seat, move);
        S end = runComputers(rules, l, next);
        finish(rules, l, end);
        return response(rules, l, seat, end).withApplied(logPage(rules, l, seat, firstNew - 1, Integer.MAX_VALUE).items());
    }

    /** Lets computer seats move while one is to act; then records the end if the game is over. */
    private <S, M, V> void advance(Rules<S, M, V> rules, Loaded l) {
        Game<S, M, V> game = new Game<>(rules, l);
        finish(rules, l, runComputers(rules, l, game.current()));
    }

    private <S, M, V> S runComputers(Rules<S, M, V> rules, Loaded l, S state) {
        S s = state;
        while (true) {
            List<Seat> toAct = rules.toAct(s);
            SeatEntity ai = toAct.stream().map(t -> l.seats().get(t.number()))
                    .filter(x -> x.kind.equals("ai")).findFirst().orElse(null);
            if (ai == null) {
                return s;
            }
            Seat seat = Seat.of(ai.seat);
            Player<V, M> player = rules.computer(ai.aiLevel, ai.aiBudget);
            // The opponent's own generator: never the deal's, and the same on every instance.
            Rng rng = Rng.fromSeed("ai:" + Objects.requireNonNullElse(l.game().seed, l.game().id.toString())
                    + ":" + (l.game().version + 1));
            M move = player.choose(rules.view(s, Viewer.seat(seat)), rules.legalMoves(s, seat), rng);
            s = rules.apply(s, seat, move);
            append(rules, l, ai.seat, move);
        }
    }

    private <S, M, V> void append(Rules<S, M, V> rules, Loaded l, int seat, M move) {
        GameEntity g = l.game();
        MoveEntity m = new MoveEntity();
        m.gameId = g.id;
        m.seq = g.version + 1;
        m.seat = seat;
        m.move = write(rules.writeMove(move));
        m.at = now();
        m.persist();
        l.log().add(m);
        g.version = m.seq;
        g.updatedAt = m.at;
    }

    private <S, M, V> void finish(Rules<S, M, V> rules, Loaded l, S state) {
        GameEntity g = l.game();
        g.state = write(state);
        rules.result(state).ifPresent(r -> {
            g.status = "finished";
            String print = fingerprint(l);
            // A game resumed from a record may end exactly as another stored game did.
            if (g.recordHash == null && GameEntity.count("recordHash = ?1 and id <> ?2", print, g.id) == 0) {
                g.recordHash = print;
            }
            g.result = write(r);
            g.finishedAt = g.updatedAt;
            List<Standing> standings = r.standings();
            for (SeatEntity s : l.seats()) {
                Standing st = standings.get(s.seat);
                s.outcome = st.outcome().name().toLowerCase(Locale.ROOT);
                s.score = st.score();
            }
        });
        if (!l.log().isEmpty()) {
            movesApplied.fire(new MovesApplied(g.id, g.version));
        }
    }

    // ---------------------------------------------------------------- importing

    /**
     * Creates a game from a record ({@code POST /api/games/import}), replaying and checking every
     * move; nothing is stored unless the whole record is consistent.
     *
     * @return the stored game, with tokens for its human seats when it is still being played
     * @throws GameException {@code invalid-record} naming the first inconsistency
     */
    @Transactional
    public GameResponse importRecord(GameRecord rec) {
        if (rec == null) {
            throw malformed("a JSON record is required");
        }
        if (!GameRecord.FORMAT.equals(rec.format()) || !Objects.equals(rec.formatVersion(), 1)) {
            throw invalid("format must be '" + GameRecord.FORMAT + "' version 1", null);
        }
        Rules<?, ?, ?> rules;
        GameInfo.RulesetInfo ruleset;
        Options options;
        try {
            rules = catalog.rules(rec.type());
            ruleset = rec.ruleset() == null ? rules.info().defaultRuleset() : rules.info().ruleset(rec.ruleset());
            options = ruleset.resolve(rec.options() == null ? Map.of() : rec.options());
        } catch (GameException | MalformedInput e) {
            throw invalid(e.getMessage(), null);
        }
        if (rec.rulesetVersion() != null && rec.rulesetVersion() != ruleset.version()) {
            throw invalid("ruleset " + ruleset.name() + " version " + rec.rulesetVersion() + " is not served", null);
        }
        return importChecked(rules, ruleset, options, rec);
    }

    private <S, M, V> GameResponse importChecked(Rules<S, M, V> rules, GameInfo.RulesetInfo ruleset,
                                                 Options options, GameRecord rec) {
        boolean hasDeal = rec.deal() != null && !rec.deal().isNull();
        if ((rec.seed() == null) == !hasDeal) {
            throw invalid("a record needs exactly one of 'seed' or 'deal' to be replayed", null);
        }
        Deal deal;
        try {
            deal = hasDeal ? rules.parseDeal(json.convertValue(rec.deal(), Object.class)) : new Deal.Seeded(rec.seed());
        } catch (MalformedInput e) {
            throw invalid("deal: " + e.getMessage(), null);
        }
        if (rec.seed() != null && rec.seedCommitment() != null && !Rng.commitment(rec.seed()).equals(rec.seedCommitment())) {
            throw invalid("the seed does not match seedCommitment", null);
        }
        if (rec.seats() == null || rec.seats().size() != rules.info().seats()) {
            throw invalid("a " + rules.info().type() + " record has " + rules.info().seats() + " seat(s)", null);
        }
        S state;
        try {
            state = rules.deal(new Setup(ruleset.name(), options, deal));
        } catch (MalformedInput e) {
            throw invalid("deal: " + e.getMessage(), null);
        }
        Instant now = now();
        GameEntity g = new GameEntity();
        g.id = UUID.randomUUID();
        g.type = rules.info().type();
        g.ruleset = ruleset.name();
        g.rulesetVersion = ruleset.version();
        g.options = write(options.values());
        g.seed = rec.seed();
        g.seedCommitment = rec.seed() == null ? null : Rng.commitment(rec.seed());
        g.customDeal = hasDeal ? write(rec.deal()) : null;
        g.createdAt = rec.createdAt() == null ? now : recordTime(rec.createdAt(), "createdAt", null, now);
        g.updatedAt = g.createdAt;
        g.status = "active";
        g.version = 0;
        g.state = write(state);
        g.persist();
        List<SeatEntity> seats = new ArrayList<>();
        List<CredentialResponse> creds = new ArrayList<>();
        for (int i = 0; i < rec.seats().size(); i++) {
            GameRecord.Seat rs = rec.seats().get(i);
            if (rs == null || rs.seat() != i || rs.kind() == null) {
                throw invalid("seats[" + i + "] must be seat " + i + " with a kind", null);
            }
            SeatEntity s = new SeatEntity();
            s.gameId = g.id;
            s.seat = i;
            s.gameType = g.type;
            s.createdAt = g.createdAt;
            switch (rs.kind()) {
                case "human" -> {
                    if (rs.name() == null || !NAME.matcher(rs.name()).matches()) {
                        throw invalid("seats[" + i + "]: a human seat needs a valid name", null);
                    }
                    s.kind = "human";
                    s.name = rs.name();
                    String token = Credentials.newToken();
                    s.tokenHash = Credentials.hash(token);
                    creds.add(new CredentialResponse(i, token));
                }
                case "ai" -> {
                    try {
                        rules.computer(rs.ai(), rs.aiBudget());
                    } catch (MalformedInput e) {
                        throw invalid("seats[" + i + "]: " + e.getMessage(), null);
                    }
                    s.kind = "ai";
                    s.aiLevel = rs.ai();
                    s.aiBudget = rs.aiBudget();
                }
                default -> throw invalid("seats[" + i + "]: kind must be human or ai", null);
            }
            s.persist();
            seats.add(s);
        }
        Loaded l = new Loaded(g, seats, new ArrayList<>());
        List<GameRecord.Move> moves = rec.moves() == null ? List.of() : rec.moves();
        for (int i = 0; i < moves.size(); i++) {
            GameRecord.Move rm = moves.get(i);
            int seq = i + 1;
            if (rm == null || rm.seq() != seq) {
                throw invalid("move " + seq + ": expected seq " + seq
                        + (rm == null ? "" : " but the record says " + rm.seq()), seq);
            }
            try {
                if (rm.seat() < 0 || rm.seat() >= seats.size() || !rules.toAct(state).contains(Seat.of(rm.seat()))) {
                    throw invalid("move " + seq + ": seat " + rm.seat() + " may not act now", seq);
                }
                M move = rules.parseMove(rm.move() == null ? Map.of() : rm.move());
                state = rules.apply(state, Seat.of(rm.seat()), move);
                Instant previous = l.log().isEmpty() ? g.createdAt : l.log().get(l.log().size() - 1).at;
                append(rules, l, rm.seat(), move);
                MoveEntity last = l.log().get(l.log().size() - 1);
                if (rm.at() != null) {
                    last.at = recordTime(rm.at(), "move " + seq + ": at", previous, now);
                    g.updatedAt = last.at;
                }
            } catch (MalformedInput | IllegalMove e) {
                throw invalid("move " + seq + ": " + e.getMessage(), seq);
            }
        }
        var result = rules.result(state);
        if (rec.result() != null && !rec.result().isNull()) {
            JsonNode replayed = result.map(r -> (JsonNode) json.valueToTree(r)).orElse(null);
            if (!rec.result().equals(replayed)) {
                throw invalid("the result does not match the replay of the moves", null);
            }
        }
        String print = fingerprint(l);
        GameEntity twin = GameEntity.find("recordHash", print).firstResult();
        if (twin != null) {
            throw new GameException(Failure.RECORD_EXISTS, "this record is already stored as game " + twin.id,
                    Map.of("gameId", twin.id.toString()));
        }
        g.recordHash = print;
        finish(rules, l, state);
        if (result.isEmpty() && rules.toAct(state).stream().anyMatch(t -> seats.get(t.number()).kind.equals("ai"))) {
            // An imported position resumes like any other: the computer moves next.
            finish(rules, l, runComputers(rules, l, state));
        }
        Integer viewer = g.status.equals("finished") || creds.isEmpty() ? null : creds.get(0).seat();
        return response(rules, l, viewer).withCredentials(g.status.equals("finished") ? List.of() : creds);
    }

    /**
     * The fingerprint of a game's record: type, ruleset and version, options, seats, seed or
     * custom deal, and every move with its seat. Times and ids are not part of it.
     */
    private String fingerprint(Loaded l) {
        GameEntity g = l.game();
        // Stored JSON comes back from jsonb with its keys reordered: compare canonical forms.
        StringBuilder sb = new StringBuilder().append(g.type).append('|').append(g.ruleset).append('|')
                .append(g.rulesetVersion).append('|').append(canonical(g.options)).append('|')
                .append(g.seed == null ? "deal:" + canonical(g.customDeal) : "seed:" + g.seed);
        for (SeatEntity s : l.seats()) {
            sb.append("|seat:").append(s.seat).append(',').append(s.kind).append(',').append(s.name)
                    .append(',').append(s.aiLevel).append(',').append(s.aiBudget);
        }
        for (MoveEntity m : l.log()) {
            sb.append("|move:").append(m.seat).append(',').append(canonical(m.move));
        }
        return Rng.sha256Hex(sb.toString());
    }

    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    /** {@code text} re-written with every object's keys sorted and no white space. */
    private static String canonical(String text) {
        try {
            return CANONICAL.writeValueAsString(CANONICAL.readValue(text, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }

    /**
     * A time from a record: not in the future, not before {@code notBefore} (the previous event)
     * and not before 2000; else {@code invalid-record}.
     */
    private static Instant recordTime(Instant t, String what, Instant notBefore, Instant now) {
        if (t.isAfter(now.plusSeconds(60)) || t.isBefore(EARLIEST) || (notBefore != null && t.isBefore(notBefore))) {
            throw invalid(what + " must lie between the game's previous event (or 2000) and now", null);
        }
        return t.truncatedTo(ChronoUnit.MICROS);
    }

    private static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");

    // ---------------------------------------------------------------- projections

    private <S, M, V> GameResponse response(Rules<S, M, V> rules, Loaded l, Integer seat) {
        return response(rules, l, seat, new Game<>(rules, l).current());
    }

    /** The game as {@code seat} sees it, {@code state} being the replay of its log. */
    private <S, M, V> GameResponse response(Rules<S, M, V> rules, Loaded l, Integer seat, S state) {
        GameEntity g = l.game();
        Viewer viewer = viewerOf(g, seat);
        List<Map<String, Object>> legal = seat != null && g.status.equals("active")
                ? rules.legalMoves(state, Seat.of(seat)).stream().map(rules::writeMove).toList()
                : List.of();
        boolean over = g.status.equals("finished");
        return new GameResponse(g.id, g.type, g.ruleset, g.rulesetVersion, read(g.options, STRING_MAP), g.status,
                g.version, seatsOf(l.seats()), toActOf(rules, state, g), g.seedCommitment, over ? g.seed : null,
                g.createdAt, g.updatedAt, seat, rules.view(state, viewer), legal,
                rules.result(state).orElse(null), null, null);
    }

    private <S, M, V> StateResponse stateAt(Rules<S, M, V> rules, Loaded l, Integer seat, int n) {
        Game<S, M, V> game = new Game<>(rules, l);
        S state = game.at(n);
        Viewer viewer = viewerOf(l.game(), seat);
        return new StateResponse(l.game().id, n, rules.toAct(state).stream().map(Seat::number).toList(),
                rules.view(state, viewer), rules.result(state).orElse(null));
    }

    private <S, M, V> MovePage logPage(Rules<S, M, V> rules, Loaded l, Integer seat, int after, int limit) {
        int total = l.log().size();
        int end = (int) Math.min(total, (long) after + limit);
        List<LogEntry> items = new ArrayList<>();
        walk(new Game<>(rules, l), viewerOf(l.game(), seat), after, end, (entry, state, view) -> items.add(entry));
        return new MovePage(items, end < total ? end : null, l.game().status.equals("finished"));
    }

    /** Receives each step of {@link #walk}. */
    private interface StepSink<S, V> {
        void accept(LogEntry entry, S state, V view);
    }

    /**
     * Replays moves {@code after + 1 .. end}, handing each log entry (with what it revealed to
     * {@code viewer}) and the position after it to {@code sink}.
     */
    private <S, M, V> void walk(Game<S, M, V> game, Viewer viewer, int after, int end, StepSink<S, V> sink) {
        if (after >= end) {
            return;
        }
        Rules<S, M, V> rules = game.rules;
        S s = game.at(after);
        V before = rules.view(s, viewer);
        for (int i = after; i < end; i++) {
            Play<M> p = game.plays().get(i);
            s = rules.apply(s, p.seat(), p.move());
            V next = rules.view(s, viewer);
            MoveEntity m = game.loaded.log().get(i);
            sink.accept(new LogEntry(m.seq, m.seat, rules.writeMove(p.move()), m.at,
                    rules.revealed(before, next, p.move())), s, next);
            before = next;
        }
    }

    private static Viewer viewerOf(GameEntity g, Integer seat) {
        if (g.status.equals("finished")) {
            return Viewer.omniscient();
        }
        return seat == null ? Viewer.spectator() : Viewer.seat(Seat.of(seat));
    }

    private static <S> List<Integer> toActOf(Rules<S, ?, ?> rules, S state, GameEntity g) {
        return g.status.equals("active") ? rules.toAct(state).stream().map(Seat::number).toList() : List.of();
    }

    private static List<SeatResponse> seatsOf(List<SeatEntity> seats) {
        return seats.stream().map(s -> new SeatResponse(s.seat, s.kind, s.name, s.aiLevel, s.aiBudget)).toList();
    }

    /**
     * The entity tag of the game in {@code response}: its version, plus the seats taken while it
     * is waiting (taking a seat changes the game without a move).
     */
    public static String etagOf(GameResponse response) {
        return etagOf(response.status(), response.version(),
                response.seats().stream().filter(s -> !s.kind().equals("open")).count());
    }

    private static String etagOf(String status, int version, long seatsTaken) {
        return switch (status) {
            case "waiting" -> "\"" + version + "-w" + seatsTaken + "\"";
            case "finished" -> "\"" + version + "-f\"";
            default -> "\"" + version + "\"";
        };
    }

    /** The version an {@code If-Match} header names: {@code "7"}, {@code 7} or {@code W/"7"}; else null. */
    static Integer parseVersion(String ifMatch) {
        String v = ifMatch.trim();
        if (v.startsWith("W/")) {
            v = v.substring(2);
        }
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
            v = v.substring(1, v.length() - 1);
        }
        int dash = v.indexOf('-');
        if (dash > 0) {
            v = v.substring(0, dash);
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------- loading and auth

    /** A game's rows as loaded in one transaction. */
    record Loaded(GameEntity game, List<SeatEntity> seats, List<MoveEntity> log) {
    }

    /** A loaded game bound to its rules' types: replays the log to any position. */
    private final class Game<S, M, V> {
        private final Rules<S, M, V> rules;
        private final Loaded loaded;
        private final Setup setup;
        private final List<Play<M>> plays;

        Game(Rules<S, M, V> rules, Loaded loaded) {
            this.rules = rules;
            this.loaded = loaded;
            GameEntity g = loaded.game();
            Options options = new Options(read(g.options, STRING_MAP));
            Deal deal = g.customDeal != null
                    ? rules.parseDeal(json.convertValue(readTree(g.customDeal), Object.class))
                    : new Deal.Seeded(g.seed);
            this.setup = new Setup(g.ruleset, options, deal);
            this.plays = loaded.log().stream()
                    .map(m -> new Play<>(Seat.of(m.seat), rules.parseMove(readMap(m.move)))).toList();
        }

        List<Play<M>> plays() {
            return plays;
        }

        S current() {
            return at(plays.size());
        }

        S at(int n) {
            return rules.replay(setup, plays.subList(0, n));
        }
    }

    private Loaded load(UUID id) {
        GameEntity g = GameEntity.<GameEntity>findByIdOptional(id).orElseThrow(GameService::notFound);
        return new Loaded(g, SeatEntity.ofGame(id), MoveEntity.ofGame(id));
    }

    /**
     * The seat whose token {@code authorization} carries ({@code Bearer <token>}); null for no
     * header when a token is optional.
     */
    private static Integer authenticate(List<SeatEntity> seats, String authorization, boolean required) {
        if (authorization == null || authorization.isBlank()) {
            if (required) {
                throw new GameException(Failure.UNAUTHENTICATED, "a move needs 'Authorization: Bearer <seat token>'");
            }
            return null;
        }
        String a = authorization.trim();
        if (!a.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new GameException(Failure.UNAUTHENTICATED, "use 'Authorization: Bearer <seat token>'");
        }
        String hash = Credentials.hash(a.substring(7).trim());
        return seats.stream().filter(s -> hash.equals(s.tokenHash)).map(s -> s.seat).findFirst()
                .orElseThrow(() -> new GameException(Failure.UNAUTHENTICATED, "the token matches no seat of this game"));
    }

    private static String checkName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw malformed("a name is 1 to 40 letters, digits, '_', '-' or '.'");
        }
        return name;
    }

    // ---------------------------------------------------------------- helpers

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    static GameException notFound() {
        return new GameException(Failure.GAME_NOT_FOUND, "no such game");
    }

    static GameException malformed(String detail) {
        return new GameException(Failure.MALFORMED_REQUEST, detail);
    }

    private static GameException invalid(String detail, Integer seq) {
        return new GameException(Failure.INVALID_RECORD, detail, seq == null ? Map.of() : Map.of("move", seq));
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private <T> T read(String text, TypeReference<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }

    private Map<String, Object> readMap(String text) {
        return read(text, OBJECT_MAP);
    }

    private JsonNode readTree(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }
}
