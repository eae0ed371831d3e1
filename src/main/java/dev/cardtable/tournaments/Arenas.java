package dev.cardtable.tournaments;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.db.ServerSecret;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.play.GameAsk;
import dev.cardtable.ratings.SeatRatings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Arenas ({@code docs/tournaments.md}): made, listed, read, joined and withdrawn from; their
 * standings and players' sheets. Pairing them is {@link ArenaPairing}'s, counting their games
 * {@link ArenaResults}'.
 */
@ApplicationScoped
public class Arenas {

    /** The only game type arenas are for. */
    static final String TYPE = "dazzle";
    /** The longest arena, in minutes (the shortest is {@link ArenasConfig#shortestMinutes}). */
    static final int MAX_MINUTES = 1440;
    /** How far ahead an arena may start. */
    static final Duration MAX_AHEAD = Duration.ofDays(30);
    /** The longest initial time of an arena's clock, a side. */
    static final java.time.Duration MAX_INITIAL = java.time.Duration.ofHours(1);
    /** The largest increment of an arena's clock. */
    static final java.time.Duration MAX_INCREMENT = java.time.Duration.ofMinutes(1);
    /** How far in the past a start is taken as now (clients' clocks differ). */
    static final Duration START_SLACK = Duration.ofMinutes(1);
    static final int MAX_NAME = 80;
    static final int MAX_RATING = 4000;
    static final int MAX_RATED_GAMES = 100000;
    /** The standings' order key of a player without a performance (below every performance). */
    static final int NO_PERFORMANCE = -1000000;

    /** The columns of an entry, as {@link #standing} reads them. */
    static final String ENTRY = "player_name, rating, points, games, wins, draws, losses, streak, performance, paused, "
            + "playing, final_rank, player_id";
    /** The standings' order, which {@code arena_players_standing_idx} keeps. */
    static final String ORDER = "-points, -coalesce(performance, " + NO_PERFORMANCE + "), player_name";
    /** The standings' first page: arena ?1, ?2 rows; walks {@code arena_players_standing_idx}. */
    static final String STANDINGS_FIRST = "select " + ENTRY + " from arena_players where arena_id = ?1 order by " + ORDER
            + " limit ?2";
    /** A later page: arena ?1, ?2 rows after the place (?3 −points, ?4 −performance, ?5 name). */
    static final String STANDINGS_AFTER = "select " + ENTRY + " from arena_players where arena_id = ?1 and (" + ORDER
            + ") > (?3, ?4, ?5) order by " + ORDER + " limit ?2";

    @Inject
    RegisteredPlayers players;

    @Inject
    GameCatalog catalog;

    @Inject
    SeatRatings ratings;

    @Inject
    GameWriter writer;

    @Inject
    JsonText json;

    @Inject
    EntityManager em;

    @Inject
    ArenaEvents events;

    @Inject
    ArenasConfig config;

    @Inject
    ServerSecret secret;

    /**
     * Makes an arena ({@code POST /api/arenas}) for the player whose credential is {@code key}.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid};
     *                       {@code arena-request-invalid} for a missing body or anything out of range
     */
    @Transactional
    public ArenaView create(String key, ArenaRequest req) {
        PlayerRow me = holder(key);
        if (req == null) {
            throw GameException.malformed("a JSON body is required");
        }
        // Stored exactly as sent, or refused (docs/api.md, "One vocabulary").
        String name = req.name() == null ? "" : req.name();
        if (name.isBlank() || name.codePointCount(0, name.length()) > MAX_NAME) {
            throw invalid("'name' must be 1 to " + MAX_NAME + " characters, not all white space");
        }
        if (!name.equals(name.strip()) || name.chars().anyMatch(Character::isISOControl)) {
            throw invalid("'name' may not begin or end with white space, nor hold control characters");
        }
        if (req.type() != null && !TYPE.equals(req.type())) {
            throw invalid("'type' must be \"" + TYPE + "\": arenas are for Dazzle");
        }
        int shortest = config.shortestMinutes();
        if (req.minutes() == null || req.minutes() < shortest || req.minutes() > MAX_MINUTES) {
            throw invalid("'minutes' must be " + shortest + " to " + MAX_MINUTES);
        }
        if (req.clock() == null) {
            throw invalid("'clock' must be a Fischer clock: an arena's games must end");
        }
        boolean rated = req.rated() == null || req.rated();
        GameAsk ask;
        try {
            GameType<?, ?, ?> type = catalog.type(TYPE);
            // An unknown ruleset or clock type, or a time that is no duration: malformed, as for a game.
            ask = GameAsk.checked(type, req.ruleset(), null, null, req.clock(), rated);
        } catch (dev.cardtable.engine.MalformedInput e) {
            throw GameException.malformed(e.getMessage());
        }
        if (!"fischer".equals(req.clock().type())) {
            throw invalid("'clock' must be a Fischer clock: an arena's games must end");
        }
        // As lichess's arenas: a game fits the arena, at most an hour a side and a minute a move.
        if (java.time.Duration.parse(ask.clock().initial()).compareTo(MAX_INITIAL) > 0
                || java.time.Duration.parse(ask.clock().increment()).compareTo(MAX_INCREMENT) > 0) {
            throw invalid("an arena's clock has an 'initial' of at most PT1H and an 'increment' of at most PT1M");
        }
        if (req.minRating() != null && (req.minRating() < 0 || req.minRating() > MAX_RATING)) {
            throw invalid("'minRating' must be 0 to " + MAX_RATING + " or null");
        }
        if (req.minRatedGames() != null && (req.minRatedGames() < 0 || req.minRatedGames() > MAX_RATED_GAMES)) {
            throw invalid("'minRatedGames' must be 0 to " + MAX_RATED_GAMES + " or null");
        }
        Instant now = now();
        Instant startsAt = req.startsAt() == null ? now : req.startsAt().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        if (startsAt.isBefore(now.minus(START_SLACK)) || startsAt.isAfter(now.plus(MAX_AHEAD))) {
            throw invalid("'startsAt' must be from now to " + MAX_AHEAD.toDays() + " days ahead, or null for now");
        }
        if (startsAt.isBefore(now)) {
            startsAt = now;
        }
        ArenaEntity a = new ArenaEntity();
        a.id = UUID.randomUUID();
        a.name = name;
        a.gameType = TYPE;
        a.ruleset = ask.ruleset().name();
        a.clock = json.write(ask.clock());
        a.rated = ask.rated();
        a.minRating = req.minRating();
        a.minRatedGames = req.minRatedGames();
        a.startsAt = startsAt;
        a.endsAt = startsAt.plus(Duration.ofMinutes(req.minutes()));
        a.pairingEndsAt = a.endsAt.minus(config.closing());
        a.createdBy = me.id();
        a.createdByName = me.name();
        a.createdAt = now;
        a.persist();
        em.flush();
        return view(a, 0, now);
    }

    /**
     * A page of the arenas of one status ({@code GET /api/arenas}): {@code upcoming} soonest first,
     * {@code running} ending soonest first, {@code finished} latest first.
     *
     * @throws GameException {@code malformed-request} for another status, a bad limit or cursor
     */
    @Transactional
    @SuppressWarnings("unchecked")
    public ArenaList list(String status, String cursor, int limit) {
        Paging.checkLimit(limit);
        String s = status == null || status.isBlank() ? "running" : status;
        Instant now = now();
        Paging.Cursor after = cursor == null || cursor.isEmpty() ? null : Paging.Cursor.decode(cursor);
        String sql = switch (s) {
            case "upcoming" -> "select * from arenas where starts_at > ?1"
                    + (after == null ? "" : " and (starts_at, id) > (?3, ?4)") + " order by starts_at, id limit ?2";
            case "running" -> "select * from arenas where ends_at > ?1 and starts_at <= ?1"
                    + (after == null ? "" : " and (ends_at, id) > (?3, ?4)") + " order by ends_at, id limit ?2";
            case "finished" -> "select * from arenas where ends_at <= ?1"
                    + (after == null ? "" : " and (ends_at, id) < (?3, ?4)") + " order by ends_at desc, id desc limit ?2";
            default -> throw GameException.malformed("'status' must be upcoming, running or finished");
        };
        var q = em.createNativeQuery(sql, ArenaEntity.class).setParameter(1, now).setParameter(2, limit + 1);
        if (after != null) {
            q.setParameter(3, after.createdAt()).setParameter(4, after.id());
        }
        List<ArenaEntity> rows = new ArrayList<>(q.getResultList());
        String next = null;
        if (rows.size() > limit) {
            rows = rows.subList(0, limit);
            ArenaEntity last = rows.get(limit - 1);
            next = new Paging.Cursor("upcoming".equals(s) ? last.startsAt : last.endsAt, last.id).encode();
        }
        return new ArenaList(rows.stream().map(a -> view(a, count(a.id), now)).toList(), next);
    }

    /**
     * Arena {@code id}.
     *
     * @throws GameException {@code arena-not-found}
     */
    @Transactional
    public ArenaView get(UUID id) {
        ArenaEntity a = arena(id);
        return view(a, count(id), now());
    }

    /**
     * Joins arena {@code id}, or comes back to it after withdrawing ({@code POST /api/arenas/{id}/join}).
     * Joining twice changes nothing.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid}, {@code arena-not-found},
     *                       {@code arena-finished}, {@code arena-conditions-unmet}
     */
    @Transactional
    public ArenaView join(UUID id, String key) {
        PlayerRow me = holder(key);
        ArenaEntity a = arena(id);
        Instant now = now();
        if (!now.isBefore(a.endsAt)) {
            throw new GameException(Failure.ARENA_FINISHED, "the arena has finished");
        }
        double rating = ratings.current(me.id(), a.gameType, a.ruleset);
        if (a.minRating != null && rating < a.minRating) {
            throw new GameException(Failure.ARENA_CONDITIONS_UNMET, "the arena asks for a rating of at least "
                    + a.minRating + " in " + a.gameType + "/" + a.ruleset + "; the player's is " + Math.round(rating),
                    Map.of("condition", "minRating"));
        }
        if (a.minRatedGames != null) {
            int games = ratings.ratedGames(me.id(), a.gameType, a.ruleset);
            if (games < a.minRatedGames) {
                throw new GameException(Failure.ARENA_CONDITIONS_UNMET, "the arena asks for at least " + a.minRatedGames
                        + " rated games of " + a.gameType + "/" + a.ruleset + "; the player has played " + games,
                        Map.of("condition", "minRatedGames"));
            }
        }
        int joined = em.createNativeQuery("insert into arena_players (arena_id, player_id, player_name, rating, joined_at) "
                        + "values (?1, ?2, ?3, ?4, ?5) on conflict (arena_id, player_id) do nothing")
                .setParameter(1, id).setParameter(2, me.id()).setParameter(3, me.name())
                .setParameter(4, (int) Math.round(rating)).setParameter(5, now).executeUpdate();
        if (joined == 0) {
            joined = em.createNativeQuery("update arena_players set paused = false where arena_id = ?1 and player_id = ?2 and paused")
                    .setParameter(1, id).setParameter(2, me.id()).executeUpdate();
        }
        if (joined > 0) {
            events.append(id, "standing", entryOf(id, me.id()).orElseThrow());
        }
        return view(a, count(id), now);
    }

    /**
     * Withdraws from arena {@code id} ({@code POST /api/arenas/{id}/withdraw}): before the start the
     * player leaves it; while it runs they are paused (a game in progress is played out and counts).
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid}, {@code arena-not-found},
     *                       {@code arena-finished}, {@code arena-player-not-found}
     */
    @Transactional
    public ArenaView withdraw(UUID id, String key) {
        PlayerRow me = holder(key);
        ArenaEntity a = arena(id);
        Instant now = now();
        if (!now.isBefore(a.endsAt)) {
            throw new GameException(Failure.ARENA_FINISHED, "the arena has finished");
        }
        @SuppressWarnings("unchecked")
        List<Object> locked = em.createNativeQuery("select paused from arena_players where arena_id = ?1 and player_id = ?2 for update")
                .setParameter(1, id).setParameter(2, me.id()).getResultList();
        if (locked.isEmpty()) {
            throw new GameException(Failure.ARENA_PLAYER_NOT_FOUND, "the player has not joined this arena");
        }
        ArenaStanding before = entryOf(id, me.id()).orElseThrow();
        if (now.isBefore(a.startsAt)) {
            em.createNativeQuery("delete from arena_players where arena_id = ?1 and player_id = ?2")
                    .setParameter(1, id).setParameter(2, me.id()).executeUpdate();
            events.append(id, "standing", new ArenaStanding(before.rank(), before.player(), before.rating(), 0, 0, 0, 0, 0,
                    0, false, null, true, null));
        } else if (!Boolean.TRUE.equals(locked.get(0))) {
            em.createNativeQuery("update arena_players set paused = true where arena_id = ?1 and player_id = ?2")
                    .setParameter(1, id).setParameter(2, me.id()).executeUpdate();
            events.append(id, "standing", entryOf(id, me.id()).orElseThrow());
        }
        return view(a, count(id), now);
    }

    /**
     * A page of arena {@code id}'s standings, best placed first.
     *
     * @throws GameException {@code arena-not-found}; {@code malformed-request} for a bad limit or cursor
     */
    @Transactional
    @SuppressWarnings("unchecked")
    public ArenaStandings standings(UUID id, String cursor, int limit) {
        Paging.checkLimit(limit);
        arena(id);
        Position after = cursor == null || cursor.isEmpty() ? null : Position.decode(cursor, secret, id);
        var q = em.createNativeQuery(after == null ? STANDINGS_FIRST : STANDINGS_AFTER).setParameter(1, id).setParameter(2, limit + 1);
        if (after != null) {
            q.setParameter(3, -after.points()).setParameter(4, -after.performance()).setParameter(5, after.name());
        }
        List<Object[]> rows = q.getResultList();
        int rank = after == null ? 0 : after.rank();
        List<ArenaStanding> items = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, rows.size()); i++) {
            items.add(standing(rows.get(i), ++rank));
        }
        String next = null;
        if (rows.size() > limit) {
            ArenaStanding last = items.get(items.size() - 1);
            next = new Position(rank, last.points(), last.performance() == null ? NO_PERFORMANCE : last.performance(),
                    last.player()).encode(secret, id);
        }
        return new ArenaStandings(items, next);
    }

    /**
     * Player {@code name}'s sheet in arena {@code id}.
     *
     * @throws GameException {@code arena-not-found}, {@code arena-player-not-found}
     */
    @Transactional
    @SuppressWarnings("unchecked")
    public ArenaSheet sheet(UUID id, String name) {
        arena(id);
        List<Object> found = em.createNativeQuery("select player_id from arena_players where arena_id = ?1 "
                + "and lower(player_name) = lower(?2)").setParameter(1, id).setParameter(2, name).getResultList();
        if (found.isEmpty()) {
            throw new GameException(Failure.ARENA_PLAYER_NOT_FOUND, "no player called '" + name + "' has joined this arena");
        }
        UUID player = (UUID) found.get(0);
        ArenaStanding entry = entryOf(id, player).orElseThrow();
        List<Object[]> rows = em.createNativeQuery("""
                        select game_id, name_b, result_a, points_a, ended_at, counted from arena_games
                        where arena_id = ?1 and player_a = ?2 and counted is not null
                        union all
                        select game_id, name_a, result_b, points_b, ended_at, counted from arena_games
                        where arena_id = ?1 and player_b = ?2 and counted is not null
                        order by 6""")
                .setParameter(1, id).setParameter(2, player).getResultList();
        List<ArenaSheet.Result> results = rows.stream().map(r -> new ArenaSheet.Result((UUID) r[0], (String) r[1],
                (String) r[2], ((Number) r[3]).intValue(), instant(r[4]))).toList();
        return new ArenaSheet(entry, results);
    }

    /** Player {@code player}'s entry in arena {@code arena}, with its rank now; empty when they have not joined. */
    @SuppressWarnings("unchecked")
    Optional<ArenaStanding> entryOf(UUID arena, UUID player) {
        List<Object[]> rows = em.createNativeQuery("select " + ENTRY + " from arena_players where arena_id = ?1 and player_id = ?2")
                .setParameter(1, arena).setParameter(2, player).getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object[] r = rows.get(0);
        int points = ((Number) r[2]).intValue();
        Integer perf = r[8] == null ? null : ((Number) r[8]).intValue();
        Number ahead = (Number) em.createNativeQuery("select count(*) from arena_players where arena_id = ?1 and ("
                        + ORDER + ") < (?2, ?3, ?4)").setParameter(1, arena).setParameter(2, -points)
                .setParameter(3, -(perf == null ? NO_PERFORMANCE : perf)).setParameter(4, (String) r[0]).getSingleResult();
        return Optional.of(standing(r, ahead.intValue() + 1));
    }

    private static ArenaStanding standing(Object[] r, int rank) {
        int streak = ((Number) r[7]).intValue();
        Integer finalRank = r[11] == null ? null : ((Number) r[11]).intValue();
        return new ArenaStanding(finalRank != null ? finalRank : rank, (String) r[0], ((Number) r[1]).intValue(),
                ((Number) r[2]).intValue(), ((Number) r[3]).intValue(), ((Number) r[4]).intValue(), ((Number) r[5]).intValue(),
                ((Number) r[6]).intValue(), streak, streak >= ArenaScoring.STREAK,
                r[8] == null ? null : ((Number) r[8]).intValue(), Boolean.TRUE.equals(r[9]), (UUID) r[10]);
    }

    static Instant instant(Object o) {
        if (o == null) {
            return null;
        }
        if (o instanceof Instant i) {
            return i;
        }
        if (o instanceof java.time.OffsetDateTime t) {
            return t.toInstant();
        }
        if (o instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        throw new IllegalStateException("not a time: " + o.getClass());
    }

    /** Arena {@code id}, or {@code arena-not-found}. */
    ArenaEntity arena(UUID id) {
        ArenaEntity a = ArenaEntity.findById(id);
        if (a == null) {
            throw new GameException(Failure.ARENA_NOT_FOUND, "no arena has this id");
        }
        return a;
    }

    int count(UUID id) {
        return ((Number) em.createNativeQuery("select count(*) from arena_players where arena_id = ?1").setParameter(1, id)
                .getSingleResult()).intValue();
    }

    ArenaView view(ArenaEntity a, int players, Instant now) {
        String status = now.isBefore(a.startsAt) ? "upcoming" : now.isBefore(a.endsAt) ? "running" : "finished";
        return new ArenaView(a.id, a.name, a.gameType, a.ruleset, clock(a), a.rated, a.minRating, a.minRatedGames,
                a.startsAt, a.endsAt, a.pairingEndsAt, status, a.createdByName, a.createdAt, players, a.isFinal);
    }

    Clocks.ClockSettings clock(ArenaEntity a) {
        return json.read(a.clock, Clocks.ClockSettings.class);
    }

    private PlayerRow holder(String key) {
        return players.required(key, "arenas are made, joined and left by registered players: send the player's key "
                + "as 'X-Player-Key', a session or a token with scope tournament:write");
    }

    private static GameException invalid(String detail) {
        return new GameException(Failure.ARENA_REQUEST_INVALID, detail);
    }

    Instant now() {
        return writer.now();
    }

    /**
     * A place in the standings, as a standings cursor names the last entry of a page: its rank,
     * points, performance and name, signed by the server with the arena's id ({@link ServerSecret}),
     * so that a page's ranks are always the server's and a cursor opens only the arena it came from.
     */
    record Position(int rank, int points, int performance, String name) {

        private String payload(UUID arena) {
            return "arena-standings|" + arena + "|" + rank + "|" + points + "|" + performance + "|" + name;
        }

        String encode(ServerSecret secret, UUID arena) {
            Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
            return Paging.encode(rank, points, performance, b64.encodeToString(name.getBytes(StandardCharsets.UTF_8)),
                    b64.encodeToString(secret.mac(payload(arena))));
        }

        static Position decode(String text, ServerSecret secret, UUID arena) {
            String[] p = Paging.decode(text, 5);
            Position at;
            byte[] tag;
            try {
                at = new Position(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]),
                        new String(Base64.getUrlDecoder().decode(p[3]), StandardCharsets.UTF_8));
                tag = Base64.getUrlDecoder().decode(p[4]);
            } catch (RuntimeException e) {
                throw Paging.badCursor();
            }
            if (!secret.verify(at.payload(arena), tag)) {
                throw Paging.badCursor();
            }
            return at;
        }
    }
}
