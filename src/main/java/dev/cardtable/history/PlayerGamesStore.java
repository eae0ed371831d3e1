package dev.cardtable.history;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

/**
 * The history's read models (migration {@code V11}): {@code player_games}, each player's games, one
 * row per name per game; and {@code player_stats}, each player's statistics as counters, by name and
 * by registered player. Written in the transaction of the change they follow, so that they are
 * never ahead of nor behind the games, across a crash or several instances.
 */
@Singleton
public class PlayerGamesStore {

    @Inject
    Db db;

    /**
     * One name's part in a game: its seats taken together ({@code V11}, "player_games").
     *
     * @param name     the name
     * @param outcome  its outcome once the game ended: the seats' own when they agree, a draw when
     *                 they differ (the name played itself); null while it runs or when aborted
     * @param score    the best score of its seats, or null
     * @param playerId the registered player of a verified seat of the name, or null
     */
    record Part(String name, String outcome, Integer score, UUID playerId) {
    }

    /** The parts of {@code seats} per name: every human seat with a name, in seat order. */
    static List<Part> parts(List<SeatRow> seats, Function<SeatRow, String> key) {
        Map<String, List<SeatRow>> byKey = new LinkedHashMap<>();
        for (SeatRow s : seats) {
            if (s.kind() == SeatKind.HUMAN && s.name() != null && key.apply(s) != null) {
                byKey.computeIfAbsent(key.apply(s), k -> new ArrayList<>()).add(s);
            }
        }
        return byKey.values().stream().map(PlayerGamesStore::part).toList();
    }

    private static Part part(List<SeatRow> seats) {
        List<String> outcomes = seats.stream().map(SeatRow::outcome).filter(Objects::nonNull).distinct().toList();
        Integer best = seats.stream().map(SeatRow::score).filter(Objects::nonNull).max(Integer::compare).orElse(null);
        UUID player = seats.stream().map(SeatRow::playerId).filter(Objects::nonNull).findFirst().orElse(null);
        return new Part(seats.getFirst().name(), outcomes.isEmpty() ? null : outcomes.size() > 1 ? "drawn" : outcomes.getFirst(),
                best, player);
    }

    /** Writes game {@code c}'s rows in its players' histories as the game now stands. */
    void index(GameChanged c) {
        List<Part> parts = parts(c.seats(), SeatRow::name);
        if (parts.isEmpty()) {
            return;
        }
        db.work(conn -> {
            try (PreparedStatement ps = conn.prepareStatement("""
                    insert into player_games (name, game_id, created_at, game_type, status, outcome, score, player_id, rated)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    on conflict (name, game_id) do update set status = excluded.status, outcome = excluded.outcome,
                        score = excluded.score, player_id = coalesce(excluded.player_id, player_games.player_id)""")) {
                for (Part p : parts) {
                    ps.setString(1, p.name());
                    ps.setObject(2, c.gameId());
                    SqlTimes.setTime(ps, 3, c.createdAt());
                    ps.setString(4, c.type());
                    ps.setString(5, c.after().id());
                    ps.setString(6, p.outcome());
                    ps.setObject(7, p.score(), Types.INTEGER);
                    ps.setObject(8, p.playerId());
                    ps.setBoolean(9, c.rated());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    /**
     * Whether a row of game {@code id} says it ended: written, with the game's statistics, by the
     * transaction that ended it.
     */
    boolean ended(UUID id) {
        return db.work(conn -> {
            try (PreparedStatement ps = conn.prepareStatement(
                    "select exists (select 1 from player_games where game_id = ? and status = 'finished')")) {
                ps.setObject(1, id);
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getBoolean(1);
                }
            }
        });
    }

    /**
     * Adds ended game {@code c} to its players' statistics: by name, and by registered player. The
     * rows are written in the order of their keys, whatever the seats' order, so that two games of
     * the same players ending at once lock them in the same order and cannot deadlock.
     */
    void count(GameChanged c) {
        List<Part> byName = parts(c.seats(), SeatRow::name).stream().filter(p -> p.outcome() != null)
                .sorted(java.util.Comparator.comparing(Part::name)).toList();
        List<Part> byPlayer = parts(c.seats(), s -> s.playerId() == null ? null : s.playerId().toString()).stream()
                .filter(p -> p.outcome() != null).sorted(java.util.Comparator.comparing(p -> p.playerId().toString()))
                .toList();
        db.work(conn -> {
            add(conn.prepareStatement(COUNT.formatted("name", "(name, game_type) where player_id is null")), byName, c, false);
            add(conn.prepareStatement(COUNT.formatted("player_id", "(player_id, game_type) where player_id is not null")),
                    byPlayer, c, true);
            return null;
        });
    }

    /** One game added to a counter row (%s: its key column, then the conflict target). */
    private static final String COUNT = """
            insert into player_stats (%s, game_type, played, won, lost, drawn, abandoned, best_score, score_sum, scored)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            on conflict %s do update set played = player_stats.played + excluded.played,
                won = player_stats.won + excluded.won, lost = player_stats.lost + excluded.lost,
                drawn = player_stats.drawn + excluded.drawn, abandoned = player_stats.abandoned + excluded.abandoned,
                best_score = greatest(player_stats.best_score, excluded.best_score),
                score_sum = player_stats.score_sum + excluded.score_sum, scored = player_stats.scored + excluded.scored""";

    private static void add(PreparedStatement ps, List<Part> parts, GameChanged c, boolean byPlayer) throws SQLException {
        try (ps) {
            for (Part p : parts) {
                ps.setObject(1, byPlayer ? p.playerId() : p.name());
                ps.setString(2, c.type());
                ps.setInt(3, p.outcome().equals("abandoned") ? 0 : 1);
                int i = 4;
                for (String o : List.of("won", "lost", "drawn", "abandoned")) {
                    ps.setInt(i++, p.outcome().equals(o) ? 1 : 0);
                }
                ps.setObject(8, p.score(), Types.INTEGER);
                ps.setLong(9, p.score() == null ? 0 : p.score());
                ps.setInt(10, p.score() == null ? 0 : 1);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }
}
