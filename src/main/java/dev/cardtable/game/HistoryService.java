package dev.cardtable.game;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.api.dto.GameSummary;
import dev.cardtable.api.dto.HistoryPage;
import dev.cardtable.api.dto.PlayerStats;
import dev.cardtable.api.dto.SeatResponse;
import dev.cardtable.store.GameEntity;
import dev.cardtable.store.SeatEntity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The history of play: filtered, newest-first listing with keyset cursors (stable while games are
 * being created), and per-player statistics. Reads public facts only: no view, no seed of a
 * running game.
 */
@ApplicationScoped
public class HistoryService {

    /** The largest page. */
    public static final int MAX_LIMIT = 100;

    private static final Set<String> STATUSES = Set.of("waiting", "active", "finished");
    private static final Set<String> RESULTS = Set.of("won", "lost", "drawn");

    @Inject
    EntityManager em;

    @Inject
    ObjectMapper json;

    @Inject
    GameCatalog catalog;

    /** The filters of {@code GET /api/games}; null fields do not filter. */
    public record Query(String type, String status, String player, String result, String createdAfter,
                        String createdBefore, int limit, String cursor) {
    }

    /**
     * One page of games matching {@code q}, newest first ({@code created_at}, then id).
     *
     * @throws GameException {@code malformed-request} for a bad status, result, time, limit or
     *                       cursor
     */
    @Transactional
    public HistoryPage list(Query q) {
        if (q.limit() < 1 || q.limit() > MAX_LIMIT) {
            throw GameService.malformed("'limit' must be 1 to " + MAX_LIMIT);
        }
        if (q.type() != null) {
            catalog.rules(q.type());
        }
        if (q.status() != null && !STATUSES.contains(q.status())) {
            throw GameService.malformed("'status' must be one of " + STATUSES);
        }
        if (q.result() != null && !RESULTS.contains(q.result())) {
            throw GameService.malformed("'result' must be one of " + RESULTS);
        }
        if (q.player() != null && !GameService.NAME.matcher(q.player()).matches()) {
            throw GameService.malformed("'player' is not a valid name");
        }
        Instant after = q.createdAfter() == null ? null : instant(q.createdAfter(), "createdAfter");
        Instant before = q.createdBefore() == null ? null : instant(q.createdBefore(), "createdBefore");
        Cursor cursor = q.cursor() == null ? null : Cursor.decode(q.cursor());
        // A player's games are found through the seats index (name, [type,] created_at, game_id);
        // everything else through games (created_at, id). Either way the cursor is a row
        // comparison, so the index range starts at it instead of filtering what comes before.
        boolean byPlayer = q.player() != null;
        String t = byPlayer ? "s" : "g";
        StringBuilder sql = new StringBuilder(byPlayer
                ? "select s.game_id, s.created_at from seats s" + (q.status() != null ? " join games g on g.id = s.game_id" : "")
                + " where s.name = :player"
                : "select g.id, g.created_at from games g where true");
        Map<String, Object> p = new java.util.HashMap<>();
        if (byPlayer) {
            p.put("player", q.player());
        }
        if (q.type() != null) {
            sql.append(byPlayer ? " and s.game_type = :type" : " and g.type = :type");
            p.put("type", q.type());
        }
        if (q.status() != null) {
            sql.append(" and g.status = :status");
            p.put("status", q.status());
        }
        if (q.result() != null) {
            sql.append(byPlayer ? " and s.outcome = :result"
                    : " and exists (select 1 from seats r where r.game_id = g.id and r.kind = 'human' and r.outcome = :result)");
            p.put("result", q.result());
        }
        String id = byPlayer ? "s.game_id" : "g.id";
        if (after != null) {
            sql.append(" and ").append(t).append(".created_at > :after");
            p.put("after", after);
        }
        if (before != null) {
            sql.append(" and ").append(t).append(".created_at < :before");
            p.put("before", before);
        }
        if (cursor != null) {
            sql.append(" and (").append(t).append(".created_at, ").append(id).append(") < (:cAt, :cId)");
            p.put("cAt", cursor.createdAt());
            p.put("cId", cursor.id());
        }
        sql.append(" order by ").append(t).append(".created_at desc, ").append(id).append(" desc limit :n");
        // One name may hold both seats of a game: fetch enough rows for limit + 1 distinct games.
        p.put("n", byPlayer ? 2 * (q.limit() + 1) : q.limit() + 1);
        var query = em.createNativeQuery(sql.toString(), Object[].class);
        p.forEach(query::setParameter);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        java.util.LinkedHashSet<UUID> ids = new java.util.LinkedHashSet<>();
        for (Object[] r : rows) {
            ids.add((UUID) r[0]);
        }
        List<UUID> ordered = new ArrayList<>(ids);
        boolean more = ordered.size() > q.limit();
        if (more) {
            ordered = ordered.subList(0, q.limit());
        }
        Map<UUID, GameEntity> byId = ordered.isEmpty() ? Map.of()
                : GameEntity.<GameEntity>list("id in ?1", ordered).stream().collect(Collectors.toMap(g -> g.id, g -> g));
        List<GameEntity> games = ordered.stream().map(byId::get).toList();
        Map<UUID, List<SeatEntity>> seats = games.isEmpty() ? Map.of()
                : SeatEntity.<SeatEntity>list("gameId in ?1 order by seat", games.stream().map(g -> g.id).toList())
                .stream().collect(Collectors.groupingBy(s -> s.gameId));
        List<GameSummary> items = new ArrayList<>();
        for (GameEntity g : games) {
            List<SeatResponse> ss = seats.getOrDefault(g.id, List.of()).stream()
                    .map(s -> new SeatResponse(s.seat, s.kind, s.name, s.aiLevel, s.aiBudget)).toList();
            items.add(new GameSummary(g.id, g.type, g.ruleset, g.status, g.version, ss, g.createdAt, g.updatedAt,
                    g.finishedAt, g.result == null ? null : tree(g.result)));
        }
        GameEntity last = games.isEmpty() ? null : games.get(games.size() - 1);
        return new HistoryPage(items, more ? new Cursor(last.createdAt, last.id).encode() : null);
    }

    /**
     * {@code name}'s finished games per type: played, won, lost, drawn, best and mean score.
     *
     * @throws GameException {@code malformed-request} for an invalid name
     */
    @Transactional
    public PlayerStats stats(String name) {
        if (name == null || !GameService.NAME.matcher(name).matches()) {
            throw GameService.malformed("not a valid player name");
        }
        // Seats get their outcome exactly when the game finishes: the stats index covers this.
        List<Object[]> rows = em.createNativeQuery("""
                        select game_type, count(*),
                               sum(case when outcome = 'won' then 1 else 0 end),
                               sum(case when outcome = 'lost' then 1 else 0 end),
                               sum(case when outcome = 'drawn' then 1 else 0 end),
                               max(score), avg(score)
                        from seats
                        where name = :name and outcome is not null
                        group by game_type order by game_type""", Object[].class)
                .setParameter("name", name).getResultList();
        List<PlayerStats.TypeStats> types = rows.stream().map(r -> new PlayerStats.TypeStats(
                (String) r[0], ((Number) r[1]).longValue(), ((Number) r[2]).longValue(),
                ((Number) r[3]).longValue(), ((Number) r[4]).longValue(),
                r[5] == null ? null : ((Number) r[5]).intValue(),
                r[6] == null ? null : Math.round(((Number) r[6]).doubleValue() * 100) / 100.0)).toList();
        return new PlayerStats(name, types);
    }

    private static Instant instant(String text, String name) {
        try {
            return inRange(Instant.parse(text));
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw GameService.malformed("'" + name + "' must be an RFC 3339 UTC time between years 1 and 9999,"
                    + " e.g. 2026-11-29T12:00:00Z");
        }
    }

    private static final Instant MIN = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant MAX = Instant.parse("9999-12-31T23:59:59Z");

    /** {@code t}, when PostgreSQL's timestamptz can hold it; else IllegalArgumentException. */
    static Instant inRange(Instant t) {
        if (t.isBefore(MIN) || t.isAfter(MAX)) {
            throw new IllegalArgumentException("out of range");
        }
        return t;
    }

    private com.fasterxml.jackson.databind.JsonNode tree(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }

    /** The position after the last game of a page: opaque to clients. */
    record Cursor(Instant createdAt, UUID id) {

        String encode() {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString((createdAt + "|" + id).getBytes(StandardCharsets.UTF_8));
        }

        static Cursor decode(String text) {
            try {
                String s = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
                int bar = s.indexOf('|');
                return new Cursor(inRange(Instant.parse(s.substring(0, bar))), UUID.fromString(s.substring(bar + 1)));
            } catch (RuntimeException e) {
                throw GameService.malformed("'cursor' is not a cursor this server made");
            }
        }
    }
}
