package dev.cardtable.upgrade;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The read models against their base tables once only the new build writes: the games an old
 * writer changed without updating the read models wait in {@code read_model_marks} until an
 * instance of the new build reconciles them, after which {@code read_model_disagreements()} (the
 * database's own comparison of player_games, player_stats, the daily tables and ratings with
 * games, seats and moves) must be empty. Besides, one comparison of the test's own, which needs
 * nothing of the new build: {@code player_games} against the seats it is made from.
 */
final class ReadModels {

    /** Rows shown of a comparison that finds something. */
    private static final int SHOWN = 40;

    private ReadModels() {
    }

    /**
     * Waits until {@code read_model_marks} is empty, at most {@code limit}; returns null when it
     * is, else what was found (the rows left, or the error of a database without the table).
     */
    static String awaitDrained(Connection c, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        long left = -1;
        while (true) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from read_model_marks")) {
                rs.next();
                left = rs.getLong(1);
            } catch (SQLException e) {
                return "read_model_marks could not be read: " + firstLine(e);
            }
            if (left == 0) {
                return null;
            }
            if (System.nanoTime() > deadline) {
                return left + " games still in read_model_marks after " + limit.toSeconds() + " s";
            }
            Thread.sleep(250);
        }
    }

    /**
     * What a comparison found.
     *
     * @param total rows found (1 for an error)
     * @param shown "model | subject | detail" of the first 40, then how many more; or the error
     */
    record Found(long total, List<String> shown) {
    }

    /** The rows of {@code read_model_disagreements()}, or its error. */
    static Found disagreements(Connection c) {
        return rows(c, "select model, subject, detail, count(*) over () from read_model_disagreements() order by 1, 2, 3");
    }

    /**
     * {@code player_games} against the seats it indexes: one row per name and game of the named
     * human seats, with the game's status ("model | subject | detail" for each difference).
     */
    static Found playerGamesAgainstSeats(Connection c) {
        return rows(c, """
                with truth as (
                    select s.name, s.game_id, min(g.status) as status
                    from seats s join games g on g.id = s.game_id
                    where s.kind = 'human' and s.name is not null
                    group by s.name, s.game_id)
                select 'player_games (test)', coalesce(t.name, p.name) || ' ' || coalesce(t.game_id, p.game_id),
                       case when p.game_id is null then 'missing: the game is ' || t.status
                            when t.game_id is null then 'no such seat'
                            else 'status ' || p.status || ', the game is ' || t.status end,
                       count(*) over ()
                from truth t full join player_games p on p.name = t.name and p.game_id = t.game_id
                where p.game_id is null or t.game_id is null or p.status <> t.status
                order by 2""");
    }

    private static Found rows(Connection c, String sql) {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            long total = 0;
            while (rs.next()) {
                total = rs.getLong(4);
                if (out.size() < SHOWN) {
                    out.add(rs.getString(1) + " | " + rs.getString(2) + " | " + rs.getString(3));
                }
            }
            if (total > out.size()) {
                out.add("… " + (total - out.size()) + " more (" + total + " in all)");
            }
            return new Found(total, out);
        } catch (SQLException e) {
            return new Found(1, List.of("could not run the comparison: " + firstLine(e)));
        }
    }

    private static String firstLine(SQLException e) {
        return e.getMessage().strip().lines().findFirst().orElse("");
    }
}
