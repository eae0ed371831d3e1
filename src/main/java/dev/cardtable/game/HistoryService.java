package dev.cardtable.game;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.api.dto.GameSummary;
import dev.cardtable.api.dto.HistoryPage;
import dev.cardtable.api.dto.PlayerStats;
import dev.cardtable.api.dto.SeatResponse;
import dev.cardtable.store.GameEntity;
import dev.cardtable.store.SeatEntity;
import io.quarkus.panache.common.Parameters;
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
        StringBuilder where = new StringBuilder("1 = 1");
        Parameters p = new Parameters();
        if (q.type() != null) {
            catalog.rules(q.type());
            where.append(" and g.type = :type");
            p.and("type", q.type());
        }
        if (q.status() != null) {
            if (!STATUSES.contains(q.status())) {
                throw GameService.malformed("'status' must be one of " + STATUSES);
            }
            where.append(" and g.status = :status");
            p.and("status", q.status());
        }
        if (q.result() != null && !RESULTS.contains(q.result())) {
            throw GameService.malformed("'result' must be one of " + RESULTS);
        }
        if (q.player() != null) {
            if (!GameService.NAME.matcher(q.player()).matches()) {
                throw GameService.malformed("'player' is not a valid name");
            }
            where.append(" and exists (select 1 from SeatEntity s where s.gameId = g.id and s.name = :player");
            p.and("player", q.player());
            if (q.result() != null) {
                where.append(" and s.outcome = :result");
                p.and("result", q.result());
            }
            where.append(")");
        } else if (q.result() != null) {
            where.append(" and exists (select 1 from SeatEntity s where s.gameId = g.id and s.kind = 'human'"
                    + " and s.outcome = :result)");
            p.and("result", q.result());
        }
        if (q.createdAfter() != null) {
            where.append(" and g.createdAt > :after");
            p.and("after", instant(q.createdAfter(), "createdAfter"));
        }
        if (q.createdBefore() != null) {
            where.append(" and g.createdAt < :before");
            p.and("before", instant(q.createdBefore(), "createdBefore"));
        }
        if (q.cursor() != null) {
            Cursor c = Cursor.decode(q.cursor());
            where.append(" and (g.createdAt < :cAt or (g.createdAt = :cAt and g.id < :cId))");
            p.and("cAt", c.createdAt()).and("cId", c.id());
        }
        List<GameEntity> games = GameEntity.<GameEntity>find("from GameEntity g where " + where
                        + " order by g.createdAt desc, g.id desc", p)
                .page(0, q.limit() + 1).list();
        boolean more = games.size() > q.limit();
        if (more) {
            games = games.subList(0, q.limit());
        }
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
        List<Object[]> rows = em.createQuery("""
                        select g.type, count(s),
                               sum(case when s.outcome = 'won' then 1 else 0 end),
                               sum(case when s.outcome = 'lost' then 1 else 0 end),
                               sum(case when s.outcome = 'drawn' then 1 else 0 end),
                               max(s.score), avg(s.score)
                        from SeatEntity s join GameEntity g on g.id = s.gameId
                        where s.name = :name and g.status = 'finished'
                        group by g.type order by g.type""", Object[].class)
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
