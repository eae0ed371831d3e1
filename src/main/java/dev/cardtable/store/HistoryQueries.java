package dev.cardtable.store;

import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The SQL of the history of play: a filtered, newest-first page of games with a keyset cursor,
 * and a player's statistics. A player's games are found through the seats indexes (migration V4),
 * everything else through {@code games (created_at, id)}; either way the cursor is a row
 * comparison, so an index range starts at it instead of filtering what comes before.
 */
@Singleton
public class HistoryQueries {

    /**
     * A page's filters; null fields do not filter.
     *
     * @param type          game type
     * @param status        status
     * @param player        a player's name
     * @param result        the player's outcome (any human seat's without a player)
     * @param createdAfter  exclusive lower bound of the creation time
     * @param createdBefore exclusive upper bound
     * @param cursorAt      creation time of the last game of the previous page
     * @param cursorId      id of that game
     * @param limit         games per page
     * @param openToAll     leave out rematches, whose open seats are kept for their players (the lobby)
     */
    public record Filter(String type, Status status, String player, String result, Instant createdAfter,
                         Instant createdBefore, Instant cursorAt, UUID cursorId, int limit, boolean openToAll) {

        /** A filter that keeps rematches. */
        public Filter(String type, Status status, String player, String result, Instant createdAfter,
                      Instant createdBefore, Instant cursorAt, UUID cursorId, int limit) {
            this(type, status, player, result, createdAfter, createdBefore, cursorAt, cursorId, limit, false);
        }
    }

    /**
     * A page of games.
     *
     * @param games the games, newest first, with their seats
     * @param more  whether more games match after the last one
     */
    public record Page(List<GameRow> games, boolean more) {
    }

    /**
     * One game type's statistics of a player.
     *
     * @param type      game type
     * @param played    finished games with an outcome (not aborted, not abandoned)
     * @param won       won
     * @param lost      lost
     * @param drawn     drawn
     * @param abandoned abandoned (not counted as played)
     * @param bestScore highest score, or null
     * @param meanScore mean score, or null
     */
    public record TypeStats(String type, long played, long won, long lost, long drawn, long abandoned,
                            Integer bestScore, Double meanScore) {
    }

    @Inject
    EntityManager em;

    /** The page of games matching {@code f}, newest first (creation time, then id). */
    public Page page(Filter f) {
        List<UUID> ids = ids(f);
        boolean more = ids.size() > f.limit();
        if (more) {
            ids = ids.subList(0, f.limit());
        }
        return new Page(games(ids), more);
    }

    private List<UUID> ids(Filter f) {
        boolean byPlayer = f.player() != null;
        String t = byPlayer ? "s" : "g";
        StringBuilder sql = new StringBuilder(byPlayer
                ? "select s.game_id, s.created_at from seats s" + (f.status() != null ? " join games g on g.id = s.game_id" : "")
                + " where s.name = :player"
                : "select g.id, g.created_at from games g where true");
        Map<String, Object> p = new HashMap<>();
        if (byPlayer) {
            p.put("player", f.player());
        }
        if (f.type() != null) {
            sql.append(byPlayer ? " and s.game_type = :type" : " and g.type = :type");
            p.put("type", f.type());
        }
        if (f.status() != null) {
            sql.append(" and g.status = :status");
            p.put("status", f.status().id());
        }
        if (f.openToAll()) {
            sql.append(byPlayer ? " and s.game_id in (select id from games where rematch_of is null)" : " and g.rematch_of is null");
        }
        if (f.result() != null) {
            sql.append(byPlayer ? " and s.outcome = :result"
                    : " and exists (select 1 from seats r where r.game_id = g.id and r.kind = 'human' and r.outcome = :result)");
            p.put("result", f.result());
        }
        String id = byPlayer ? "s.game_id" : "g.id";
        if (f.createdAfter() != null) {
            sql.append(" and ").append(t).append(".created_at > :after");
            p.put("after", f.createdAfter());
        }
        if (f.createdBefore() != null) {
            sql.append(" and ").append(t).append(".created_at < :before");
            p.put("before", f.createdBefore());
        }
        if (f.cursorAt() != null) {
            sql.append(" and (").append(t).append(".created_at, ").append(id).append(") < (:cAt, :cId)");
            p.put("cAt", f.cursorAt());
            p.put("cId", f.cursorId());
        }
        sql.append(" order by ").append(t).append(".created_at desc, ").append(id).append(" desc limit :n");
        // One name may hold both seats of a game: fetch enough rows for limit + 1 distinct games.
        p.put("n", byPlayer ? 2 * (f.limit() + 1) : f.limit() + 1);
        var query = em.createNativeQuery(sql.toString(), Object[].class);
        p.forEach(query::setParameter);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        LinkedHashSet<UUID> ids = new LinkedHashSet<>();
        for (Object[] r : rows) {
            ids.add((UUID) r[0]);
        }
        return new ArrayList<>(ids);
    }

    private List<GameRow> games(List<UUID> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<UUID, GameEntity> byId = GameEntity.<GameEntity>list("id in ?1", ids).stream()
                .collect(Collectors.toMap(g -> g.id, g -> g));
        Map<UUID, List<SeatRow>> seats = SeatEntity.<SeatEntity>list("gameId in ?1 order by seat", ids).stream()
                .collect(Collectors.groupingBy(s -> s.gameId, Collectors.mapping(SeatEntity::toRow, Collectors.toList())));
        return ids.stream().map(id -> byId.get(id).toRow(seats.getOrDefault(id, List.of()))).toList();
    }

    /** The finished games of player {@code playerId}'s verified seats per type, by type. */
    public List<TypeStats> stats(UUID playerId) {
        return stats("player_id = :who", playerId);
    }

    /** {@code name}'s finished games per type, by type. */
    public List<TypeStats> stats(String name) {
        return stats("name = :who", name);
    }

    private List<TypeStats> stats(String who, Object value) {
        // Seats get their outcome exactly when the game finishes: the stats index covers this.
        List<Object[]> rows = em.createNativeQuery("""
                        select game_type, sum(case when outcome <> 'abandoned' then 1 else 0 end),
                               sum(case when outcome = 'won' then 1 else 0 end),
                               sum(case when outcome = 'lost' then 1 else 0 end),
                               sum(case when outcome = 'drawn' then 1 else 0 end),
                               sum(case when outcome = 'abandoned' then 1 else 0 end),
                               max(score), avg(score)
                        from seats
                        where %s and outcome is not null
                        group by game_type order by game_type""".formatted(who), Object[].class)
                .setParameter("who", value).getResultList();
        return rows.stream().map(r -> new TypeStats((String) r[0], ((Number) r[1]).longValue(),
                ((Number) r[2]).longValue(), ((Number) r[3]).longValue(), ((Number) r[4]).longValue(),
                ((Number) r[5]).longValue(), r[6] == null ? null : ((Number) r[6]).intValue(),
                r[7] == null ? null : Math.round(((Number) r[7]).doubleValue() * 100) / 100.0)).toList();
    }
}
