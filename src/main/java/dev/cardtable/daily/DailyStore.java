package dev.cardtable.daily;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
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

    /**
     * The attempts of a day by every player who has held a player's name, in any case: the name's
     * one attempt, whoever registered it since (a revoked name registered again is a new player,
     * but not a second attempt at a dungeon already seen). Parameters: the day, the ruleset, the
     * player. Read through {@code players_any_name_idx} and the key of {@code daily_attempts}
     * ({@code DailyPlanTest}).
     */
    static final String SAME_NAME = """
            select a.game_id from players me
            join players p on lower(p.name) = lower(me.name)
            join daily_attempts a on a.player_id = p.id and a.day = ? and a.ruleset = ?
            where me.id = ?""";

    /** The game of the attempt on {@code day} under {@code player}'s name ({@link #SAME_NAME}), or empty. */
    public Optional<UUID> attempt(LocalDate day, String ruleset, UUID player) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(SAME_NAME + " limit 1")) {
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
     * one already (a concurrent attempt waits for the first to commit, then finds it), or its name
     * has one under an earlier registration ({@link #SAME_NAME}; that player's key is revoked, so
     * it can make no attempt concurrently).
     */
    public boolean addAttempt(LocalDate day, String ruleset, UUID player, UUID game, Instant at) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into daily_attempts (day, ruleset, player_id, game_id, started_at)
                    select ?, ?, ?, ?, ? where not exists (%s)
                    on conflict (day, ruleset, player_id) do nothing""".formatted(SAME_NAME))) {
                ps.setObject(1, day, Types.DATE);
                ps.setString(2, ruleset);
                ps.setObject(3, player);
                ps.setObject(4, game);
                SqlTimes.setTime(ps, 5, at);
                ps.setObject(6, day, Types.DATE);
                ps.setString(7, ruleset);
                ps.setObject(8, player);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** The days of a player's attempts; parameters: the player, the ruleset. */
    static final String DAYS = """
            select day, counted and outcome = 'won' from daily_attempts
            where player_id = ? and ruleset = ? order by day""";

    /** Every day {@code player} attempted {@code ruleset}'s deal, oldest first, and whether it won within the day. */
    public List<DayRow> days(UUID player, String ruleset) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(DAYS)) {
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
