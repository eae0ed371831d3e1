package dev.cardtable.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Standing;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;
import dev.cardtable.engine.dazzle.ai.DazzleOpponents;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.platform.game.view.GameResult;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Fills a Card Table database with finished games played in-process by the engine, written with
 * plain JDBC batches in exactly the rows {@code GameService} writes ({@code create}, {@code append},
 * {@code finish}): a {@code games} row (options, seed, seed commitment, status {@code finished},
 * version, the final state and the result as JSON, created/updated/finished times), one
 * {@code seats} row per seat (a token hash for humans, outcome and score from
 * {@code result.standings()}), and one {@code moves} row per move ({@code rules.writeMove} JSON,
 * its time).
 *
 * <p>The mix: 80% Scoundrel (80% standard/lessOrEqual, 10% standard/strictlyLess, 10% simple; half
 * of the games with uniformly random moves, half with a one-step greedy player so that some games
 * are won and last the whole dungeon), 20% Dazzle (60% a human against the {@code random} or
 * {@code heuristic} computer opponent, which choose as the server's would, 40% two humans playing
 * random moves). Human names come from a pool of 2,000 with a Zipf-like popularity (exponent 0.8),
 * so a few players have thousands of games and most have a few dozen. Creation times are spread
 * uniformly over the 365 days before {@code now}; moves follow 2–40 s apart (a computer's reply
 * carries the time of the move it answers, as on the server). Everything is a function of the
 * generator seed.
 */
final class HistoryGenerator {

    /** Serialises like the server's mapper (Quarkus's default ObjectMapper, dates as ISO strings). */
    static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    static final int PLAYERS = 2_000;
    private static final double ZIPF = 0.8;
    private static final int GAMES_PER_COMMIT = 500;

    private static final ScoundrelRules SCOUNDREL = new ScoundrelRules();
    private static final DazzleRules DAZZLE = new DazzleRules();

    private final Rng rng;
    private final List<String> names;
    private final double[] cumulative;
    private final Instant now;

    /** What was written. */
    record Summary(int games, int scoundrel, int dazzle, long seats, long moves, int scoundrelWon,
                   int longestScoundrel, UUID longestScoundrelId, UUID aDazzleId, double seconds) {
    }

    HistoryGenerator(long seed, Instant now) {
        this.rng = new Rng(seed);
        this.names = names();
        this.cumulative = new double[PLAYERS];
        double sum = 0;
        for (int k = 0; k < PLAYERS; k++) {
            sum += 1 / Math.pow(k + 1, ZIPF);
            cumulative[k] = sum;
        }
        for (int k = 0; k < PLAYERS; k++) {
            cumulative[k] /= sum;
        }
        this.now = now.truncatedTo(ChronoUnit.MILLIS);
    }

    /** The player pool, most popular first: {@code names().get(0)} plays the most. */
    static List<String> names() {
        return names(PLAYERS);
    }

    /** {@code count} distinct names in the pattern of {@link #names()}: its first {@value #PLAYERS} are that pool. */
    static List<String> names(int count) {
        String[] first = {"ada", "alan", "anna", "ben", "cleo", "dan", "eva", "finn", "grace", "hugo", "ines", "jon",
                "kai", "lea", "max", "nina", "omar", "pia", "quinn", "rosa", "sam", "tara", "uma", "vic", "wren",
                "xia", "yuri", "zoe", "aki", "bo", "chen", "dara", "emil", "fay", "gil", "hana", "ivo", "jade",
                "kofi", "lina"};
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(first[i % first.length] + (i < first.length ? "" : "_" + (i / first.length)));
        }
        return List.copyOf(out);
    }

    private String player() {
        double u = unit();
        int lo = 0, hi = PLAYERS - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return names.get(lo);
    }

    private double unit() {
        return (rng.next() >>> 11) * 0x1.0p-53;
    }

    private UUID uuid() {
        return new UUID((rng.next() & ~0xF000L) | 0x4000L, (rng.next() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
    }

    // ---------------------------------------------------------------- one game, in memory

    /** The rows of one finished game. */
    record GameRows(UUID id, String type, String ruleset, int rulesetVersion, String options, String seed,
                    String seedCommitment, int version, String state, String result, Instant createdAt,
                    Instant finishedAt, List<SeatRow> seats, List<MoveRow> moves) {
    }

    record SeatRow(int seat, String kind, String name, String aiLevel, String tokenHash, String outcome,
                   int score) {
    }

    record MoveRow(int seq, int seat, String move, Instant at) {
    }

    /** Plays the next game of the sequence. */
    GameRows next() {
        return unit() < 0.8 ? scoundrel() : dazzle();
    }

    private GameRows scoundrel() {
        double r = unit();
        String ruleset = r < 0.9 ? "standard" : "simple";
        Map<String, String> options = ruleset.equals("simple") ? Map.of()
                : Map.of(ScoundrelRules.WEAPON_BINDING, r < 0.8 ? "lessOrEqual" : "strictlyLess");
        boolean greedy = unit() < 0.5;
        String seed = seed();
        Setup setup = new Setup(ruleset, new Options(options), new Deal.Seeded(seed));
        ScoundrelState s = SCOUNDREL.deal(setup);
        Instant created = createdAt();
        Instant t = created;
        List<MoveRow> moves = new ArrayList<>();
        while (!SCOUNDREL.toAct(s).isEmpty()) {
            List<ScoundrelMove> legal = SCOUNDREL.legalMoves(s, Seat.of(0));
            ScoundrelMove m = greedy ? greedy(s, legal) : legal.get(rng.below(legal.size()));
            s = SCOUNDREL.apply(s, Seat.of(0), m);
            t = t.plusMillis(2_000 + rng.below(38_000));
            moves.add(new MoveRow(moves.size() + 1, 0, write(SCOUNDREL.writeMove(m)), t));
        }
        Result result = SCOUNDREL.result(s).orElseThrow();
        List<SeatRow> seats = List.of(human(0, player(), result.standings().get(0)));
        return new GameRows(uuid(), ScoundrelRules.TYPE, ruleset, 1, write(new Options(options).values()), seed,
                Rng.commitment(seed), moves.size(), write(s), write(GameResult.of(result)), created, t, seats, moves);
    }

    /** One step of look-ahead: the move that leaves the most health and the best weapon. */
    private ScoundrelMove greedy(ScoundrelState s, List<ScoundrelMove> legal) {
        ScoundrelMove best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (ScoundrelMove m : legal) {
            ScoundrelState n = SCOUNDREL.apply(s, Seat.of(0), m);
            double score = n.health() * 4.0
                    + (n.weapon() == null ? 0 : n.weapon().value() * 1.5)
                    + (m instanceof ScoundrelMove.Avoid ? -3 : 0)
                    + unit(); // random tie-break
            var res = SCOUNDREL.result(n);
            if (res.isPresent()) {
                score += res.get().outcome().equals("won") ? 10_000 : -10_000;
            }
            if (score > bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    private GameRows dazzle() {
        String seed = seed();
        Setup setup = new Setup(DazzleRules.STANDARD, Options.none(), new Deal.Seeded(seed));
        DazzleState s = DAZZLE.deal(setup);
        boolean vsComputer = unit() < 0.6;
        String aiLevel = vsComputer ? (unit() < 0.5 ? "random" : "heuristic") : null;
        String p0 = player();
        String p1 = null;
        if (!vsComputer) {
            do {
                p1 = player();
            } while (p1.equals(p0));
        }
        Player<DazzleView, DazzleMove> ai = vsComputer ? new DazzleOpponents().player(aiLevel, null) : null;
        Instant created = createdAt();
        Instant t = created;
        List<MoveRow> moves = new ArrayList<>();
        while (!DAZZLE.toAct(s).isEmpty()) {
            Seat seat = DAZZLE.toAct(s).getFirst();
            List<DazzleMove> legal = DAZZLE.legalMoves(s, seat);
            DazzleMove m;
            if (vsComputer && seat.number() == 1) {
                // As GameService.runComputers: the opponent's generator from the seed and the move number.
                Rng aiRng = Rng.fromSeed("ai:" + seed + ":" + (moves.size() + 1));
                m = ai.choose(DAZZLE.view(s, Viewer.seat(seat)), legal, aiRng);
            } else {
                m = legal.get(rng.below(legal.size()));
                t = t.plusMillis(2_000 + rng.below(38_000));
            }
            s = DAZZLE.apply(s, seat, m);
            moves.add(new MoveRow(moves.size() + 1, seat.number(), write(DAZZLE.writeMove(m)), t));
        }
        Result result = DAZZLE.result(s).orElseThrow();
        List<SeatRow> seats = new ArrayList<>();
        seats.add(human(0, p0, result.standings().get(0)));
        if (vsComputer) {
            Standing st = result.standings().get(1);
            seats.add(new SeatRow(1, "ai", null, aiLevel, null, outcome(st), st.score()));
        } else {
            seats.add(human(1, p1, result.standings().get(1)));
        }
        return new GameRows(uuid(), DazzleRules.TYPE, DazzleRules.STANDARD, 1, write(Options.none().values()), seed,
                Rng.commitment(seed), moves.size(), write(s), write(GameResult.of(result)), created, t, seats, moves);
    }

    private SeatRow human(int seat, String name, Standing st) {
        byte[] token = new byte[32];
        for (int i = 0; i < 32; i += 8) {
            long v = rng.next();
            for (int j = 0; j < 8; j++) {
                token[i + j] = (byte) (v >>> (8 * j));
            }
        }
        String tokenText = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(token);
        return new SeatRow(seat, "human", name, null, Rng.sha256Hex(tokenText), outcome(st), st.score());
    }

    private static String outcome(Standing st) {
        return st.outcome().name().toLowerCase(Locale.ROOT);
    }

    /** Like a server-made seed: 32 lower-case hex digits. */
    private String seed() {
        byte[] b = new byte[16];
        long a = rng.next(), c = rng.next();
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (a >>> (8 * i));
            b[8 + i] = (byte) (c >>> (8 * i));
        }
        return HexFormat.of().formatHex(b);
    }

    private Instant createdAt() {
        long span = 365L * 24 * 3600 * 1000;
        return now.minusMillis(3_600_000L + (long) (unit() * span));
    }

    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---------------------------------------------------------------- writing

    /** Generates and inserts {@code count} games over {@code c} (autocommit off, batches per 500 games). */
    Summary insert(Connection c, int count, java.util.function.IntConsumer progress) throws SQLException {
        long t0 = System.nanoTime();
        c.setAutoCommit(false);
        int scoundrel = 0, dazzle = 0, won = 0, longest = 0;
        long seats = 0, moves = 0;
        UUID longestId = null, dazzleId = null;
        try (PreparedStatement g = c.prepareStatement("""
                insert into games (id, type, ruleset, ruleset_version, options, seed, custom_deal, seed_commitment,
                                   status, version, state, result, created_at, updated_at, finished_at)
                values (?, ?, ?, ?, ?::jsonb, ?, null, ?, 'finished', ?, ?::jsonb, ?::jsonb, ?, ?, ?)""");
             PreparedStatement st = c.prepareStatement("""
                     insert into seats (game_id, seat, kind, name, ai_level, ai_budget, token_hash, outcome, score,
                                        game_type, created_at)
                     values (?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?)""");
             PreparedStatement mv = c.prepareStatement("""
                     insert into moves (game_id, seq, seat, move, at) values (?, ?, ?, ?::jsonb, ?)""")) {
            for (int i = 1; i <= count; i++) {
                GameRows r = next();
                if (r.type().equals(ScoundrelRules.TYPE)) {
                    scoundrel++;
                    if (r.seats().getFirst().outcome().equals("won")) {
                        won++;
                    }
                    if (r.version() > longest) {
                        longest = r.version();
                        longestId = r.id();
                    }
                } else {
                    dazzle++;
                    if (dazzleId == null) {
                        dazzleId = r.id();
                    }
                }
                g.setObject(1, r.id());
                g.setString(2, r.type());
                g.setString(3, r.ruleset());
                g.setInt(4, r.rulesetVersion());
                g.setString(5, r.options());
                g.setString(6, r.seed());
                g.setString(7, r.seedCommitment());
                g.setInt(8, r.version());
                g.setString(9, r.state());
                g.setString(10, r.result());
                g.setObject(11, ts(r.createdAt()));
                g.setObject(12, ts(r.finishedAt()));
                g.setObject(13, ts(r.finishedAt()));
                g.addBatch();
                for (SeatRow s : r.seats()) {
                    st.setObject(1, r.id());
                    st.setInt(2, s.seat());
                    st.setString(3, s.kind());
                    st.setString(4, s.name());
                    st.setString(5, s.aiLevel());
                    st.setString(6, s.tokenHash());
                    st.setString(7, s.outcome());
                    st.setInt(8, s.score());
                    st.setString(9, r.type());
                    st.setObject(10, ts(r.createdAt()));
                    st.addBatch();
                    seats++;
                }
                for (MoveRow m : r.moves()) {
                    mv.setObject(1, r.id());
                    mv.setInt(2, m.seq());
                    mv.setInt(3, m.seat());
                    mv.setString(4, m.move());
                    mv.setObject(5, ts(m.at()));
                    mv.addBatch();
                    moves++;
                }
                if (i % GAMES_PER_COMMIT == 0 || i == count) {
                    g.executeBatch();
                    st.executeBatch();
                    mv.executeBatch();
                    c.commit();
                    progress.accept(i);
                }
            }
        } finally {
            c.setAutoCommit(true);
        }
        return new Summary(count, scoundrel, dazzle, seats, moves, won, longest, longestId, dazzleId,
                (System.nanoTime() - t0) / 1e9);
    }

    private static OffsetDateTime ts(Instant t) {
        return t.atOffset(ZoneOffset.UTC);
    }

    // ---------------------------------------------------------------- checking the serialisation

    /**
     * Recomputes, from a game the server stored, what this generator would write for it (options,
     * final state, result, each move's JSON) by replaying the stored moves in-process; returns the
     * columns that differ as JSON values (empty when the generator writes exactly what the server
     * writes).
     */
    static List<String> compareWithServer(Connection c, UUID id) throws SQLException {
        List<String> diffs = new ArrayList<>();
        String type, ruleset, seed;
        Map<String, String> options;
        try (PreparedStatement ps = c.prepareStatement("select type, ruleset, seed, options::text from games where id = ?")) {
            ps.setObject(1, id);
            try (var rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return List.of("no game " + id);
                }
                type = rs.getString(1);
                ruleset = rs.getString(2);
                seed = rs.getString(3);
                options = read(rs.getString(4));
            }
        }
        List<String> storedMoves = new ArrayList<>();
        List<Integer> movers = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select seat, move::text from moves where game_id = ? order by seq")) {
            ps.setObject(1, id);
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    movers.add(rs.getInt(1));
                    storedMoves.add(rs.getString(2));
                }
            }
        }
        Rules<?, ?, ?> rules = type.equals(ScoundrelRules.TYPE) ? SCOUNDREL : DAZZLE;
        Replayed mine = replay(rules, new Setup(ruleset, new Options(options), new Deal.Seeded(seed)), movers, storedMoves);
        try (PreparedStatement ps = c.prepareStatement("""
                select options = ?::jsonb, state = ?::jsonb, result = ?::jsonb, seed_commitment = ?, version = ?
                from games where id = ?""")) {
            ps.setString(1, write(new Options(options).values()));
            ps.setString(2, mine.state());
            ps.setString(3, mine.result());
            ps.setString(4, Rng.commitment(seed));
            ps.setInt(5, storedMoves.size());
            ps.setObject(6, id);
            try (var rs = ps.executeQuery()) {
                rs.next();
                String[] cols = {"options", "state", "result", "seed_commitment", "version"};
                for (int i = 0; i < cols.length; i++) {
                    if (!rs.getBoolean(i + 1)) {
                        diffs.add(cols[i]);
                    }
                }
            }
        }
        for (int i = 0; i < storedMoves.size(); i++) {
            try (PreparedStatement ps = c.prepareStatement("select ?::jsonb = ?::jsonb")) {
                ps.setString(1, storedMoves.get(i));
                ps.setString(2, mine.moves().get(i));
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    if (!rs.getBoolean(1)) {
                        diffs.add("move " + (i + 1));
                    }
                }
            }
        }
        return diffs;
    }

    private record Replayed(String state, String result, List<String> moves) {
    }

    private static <S, M, V> Replayed replay(Rules<S, M, V> rules, Setup setup, List<Integer> movers, List<String> moves) {
        S s = rules.deal(setup);
        List<String> written = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            M m = rules.parseMove(read(moves.get(i)));
            s = rules.apply(s, Seat.of(movers.get(i)), m);
            written.add(write(rules.writeMove(m)));
        }
        return new Replayed(write(s), rules.result(s).map(r -> write(GameResult.of(r))).orElse(null), written);
    }

    @SuppressWarnings("unchecked")
    private static <T> Map<String, T> read(String json) {
        try {
            return JSON.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
