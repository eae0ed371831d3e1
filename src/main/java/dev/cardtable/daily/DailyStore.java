package dev.cardtable.daily;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of the daily deal (migration V9_1): the day's stored secret seed, each player's one
 * attempt, the day's board, the all-time table and the days a player played. A daily game counts
 * on a board only when it finished within its UTC day with a score. Must be called inside a
 * transaction.
 */
@Singleton
public class DailyStore {

    /**
     * One day's deal of one ruleset.
     *
     * @param day            the UTC day
     * @param ruleset        the Scoundrel ruleset
     * @param seed           the secret seed
     * @param seedCommitment its commitment
     */
    public record DealRow(LocalDate day, String ruleset, String seed, String seedCommitment) {
    }

    /**
     * One finished attempt on a day's board.
     *
     * @param rank       1 for the best; equal entries share a rank
     * @param player     the registered name
     * @param gameId     the game
     * @param score      its score
     * @param moves      moves played
     * @param outcome    {@code won} or {@code lost}
     * @param finishedAt when it finished
     */
    public record BoardRow(long rank, String player, UUID gameId, int score, int moves, String outcome, Instant finishedAt) {
    }

    /**
     * One player's line of the all-time table.
     *
     * @param rank       1 for the best; equal lines share a rank
     * @param player     the registered name
     * @param playerId   the player
     * @param played     days with a finished, scored attempt
     * @param won        days won
     * @param totalScore the sum of those days' scores
     * @param bestScore  the best of them
     */
    public record TableRow(long rank, String player, UUID playerId, long played, long won, long totalScore, int bestScore) {
    }

    /**
     * One day a player attempted.
     *
     * @param day the UTC day
     * @param won whether the attempt was won within the day
     */
    public record DayRow(LocalDate day, boolean won) {
    }

    // A daily game counts when it finished, with a score, before its day was over.
    private static final String COUNTED = """
            from daily_attempts a join games g on g.id = a.game_id
            join seats s on s.game_id = g.id and s.seat = 0
            join players p on p.id = a.player_id
            where a.ruleset = ? and g.status = 'finished' and s.score is not null
              and g.finished_at < (a.day + 1)::timestamp at time zone 'UTC'""";

    @Inject
    Db db;

    /** The stored deal of {@code day} and {@code ruleset}, or empty. */
    public Optional<DealRow> deal(LocalDate day, String ruleset) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select seed, seed_commitment from daily_deals where day = ? and ruleset = ?")) {
                ps.setObject(1, day, Types.DATE);
                ps.setString(2, ruleset);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new DealRow(day, ruleset, rs.getString(1), rs.getString(2)))
                            : Optional.empty();
                }
            }
        });
    }

    /**
     * Stores {@code seed} as the deal of {@code day} and {@code ruleset} unless one is stored
     * already, and answers the stored one: every instance gets the same.
     */
    public DealRow store(LocalDate day, String ruleset, String seed, String commitment, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into daily_deals (day, ruleset, seed, seed_commitment, created_at) values (?, ?, ?, ?, ?)
                    on conflict (day, ruleset) do nothing""")) {
                ps.setObject(1, day, Types.DATE);
                ps.setString(2, ruleset);
                ps.setString(3, seed);
                ps.setString(4, commitment);
                SqlTimes.setTime(ps, 5, at);
                return ps.executeUpdate();
            }
        });
        return deal(day, ruleset).orElseThrow();
    }

    /** The game of {@code player}'s attempt on {@code day}, or empty. */
    public Optional<UUID> attempt(LocalDate day, String ruleset, UUID player) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select game_id from daily_attempts where day = ? and ruleset = ? and player_id = ?")) {
                ps.setObject(1, day, Types.DATE);
                ps.setString(2, ruleset);
                ps.setObject(3, player);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getObject(1, UUID.class)) : Optional.empty();
                }
            }
        });
    }

    /**
     * Records {@code game} as {@code player}'s attempt on {@code day}; false when the player has
     * one already (a concurrent attempt waits for the first to commit, then finds it).
     */
    public boolean addAttempt(LocalDate day, String ruleset, UUID player, UUID game, Instant at) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into daily_attempts (day, ruleset, player_id, game_id, started_at) values (?, ?, ?, ?, ?)
                    on conflict (day, ruleset, player_id) do nothing""")) {
                ps.setObject(1, day, Types.DATE);
                ps.setString(2, ruleset);
                ps.setObject(3, player);
                ps.setObject(4, game);
                SqlTimes.setTime(ps, 5, at);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /**
     * One day's counted games with their rank (score descending, then fewer moves, then who
     * finished first); parameters: the ruleset, the day.
     */
    private static final String RANKED = """
            select rank, name, id, score, moves, outcome, finished_at from (
              select p.name, g.id, s.score, g.version moves, s.outcome, g.finished_at,
                     rank() over (order by s.score desc, g.version, g.finished_at) rank
              """ + COUNTED + """
               and a.day = ?) b
            """;

    /**
     * A page of the board of {@code day}: score descending, then fewer moves, then who finished
     * first (then the game id, for a total order), after the entry {@code after} (null for the top).
     */
    public List<BoardRow> board(LocalDate day, String ruleset, BoardRow after, int limit) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(RANKED + """
                    where ? or (-score, moves, finished_at, id) > (?, ?, ?, ?)
                    order by score desc, moves, finished_at, id limit ?""")) {
                ps.setString(1, ruleset);
                ps.setObject(2, day, Types.DATE);
                ps.setBoolean(3, after == null);
                ps.setInt(4, after == null ? 0 : -after.score());
                ps.setInt(5, after == null ? 0 : after.moves());
                SqlTimes.setTime(ps, 6, after == null ? Instant.EPOCH : after.finishedAt());
                ps.setObject(7, after == null ? new UUID(0, 0) : after.gameId());
                ps.setInt(8, limit);
                return boardRows(ps);
            }
        });
    }

    /** Game {@code gameId}'s entry on its day's board, or empty when it does not count (yet). */
    public Optional<BoardRow> entry(LocalDate day, String ruleset, UUID gameId) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(RANKED + """
                    where id = ?""")) {
                ps.setString(1, ruleset);
                ps.setObject(2, day, Types.DATE);
                ps.setObject(3, gameId);
                return boardRows(ps).stream().findFirst();
            }
        });
    }

    private static List<BoardRow> boardRows(PreparedStatement ps) throws SQLException {
        List<BoardRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new BoardRow(rs.getLong(1), rs.getString(2), rs.getObject(3, UUID.class), rs.getInt(4),
                        rs.getInt(5), rs.getString(6), SqlTimes.time(rs, 7)));
            }
        }
        return out;
    }

    /**
     * A page of the all-time table of {@code ruleset}: days won descending, then total score
     * descending, then name (then player id), after the line {@code after} (null for the top).
     */
    public List<TableRow> table(String ruleset, TableRow after, int limit) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select rank, name, player_id, played, won, total, best from (
                      select name, player_id, played, won, total, best,
                             rank() over (order by won desc, total desc) rank
                      from (select p.name, p.id player_id, count(*) played,
                                   count(*) filter (where s.outcome = 'won') won,
                                   sum(s.score) total, max(s.score) best
                            """ + COUNTED + """
                            group by p.id, p.name) t) b
                    where ? or (-won, -total, name, player_id) > (?, ?, ?, ?)
                    order by won desc, total desc, name, player_id limit ?""")) {
                ps.setString(1, ruleset);
                ps.setBoolean(2, after == null);
                ps.setLong(3, after == null ? 0 : -after.won());
                ps.setLong(4, after == null ? 0 : -after.totalScore());
                ps.setString(5, after == null ? "" : after.player());
                ps.setObject(6, after == null ? new UUID(0, 0) : after.playerId());
                ps.setInt(7, limit);
                List<TableRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new TableRow(rs.getLong(1), rs.getString(2), rs.getObject(3, UUID.class), rs.getLong(4),
                                rs.getLong(5), rs.getLong(6), rs.getInt(7)));
                    }
                }
                return out;
            }
        });
    }

    /** Every day {@code player} attempted {@code ruleset}'s deal, oldest first, and whether it won within the day. */
    public List<DayRow> days(UUID player, String ruleset) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select a.day, coalesce(s.outcome = 'won' and g.status = 'finished'
                                           and g.finished_at < (a.day + 1)::timestamp at time zone 'UTC', false)
                    from daily_attempts a join games g on g.id = a.game_id
                    join seats s on s.game_id = g.id and s.seat = 0
                    where a.player_id = ? and a.ruleset = ? order by a.day""")) {
                ps.setObject(1, player);
                ps.setString(2, ruleset);
                List<DayRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new DayRow(rs.getObject(1, LocalDate.class), rs.getBoolean(2)));
                    }
                }
                return out;
            }
        });
    }
}
