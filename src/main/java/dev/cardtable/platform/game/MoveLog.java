package dev.cardtable.platform.game;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.Replica;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * The move log of every game (table {@code moves}), the source of truth that replays reproduce
 * every position from: appended to by a move's transaction, read in ranges by the reads.
 */
@Singleton
public class MoveLog {

    @Inject
    Db db;

    /**
     * Appends {@code moves} (at least one) to the log of game {@code g} and writes {@code u} to its
     * row, in one statement, provided the game is still as {@code g} was read: the same number of
     * moves applied and of open seats taken. Under the game's lock ({@link GameStore#lock}) that
     * always holds; for a move read without the lock it is the check that nothing came between
     * the read and this write (optimistic concurrency, {@code docs/api.md}, "Versions").
     *
     * @return false when another change came first; nothing was written then
     */
    public boolean advance(GameRow g, GameRow.GameUpdate u, List<MoveRow> moves) {
        if (moves.isEmpty()) {
            throw new IllegalArgumentException("no moves to append");
        }
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(advanceSql(moves.size()))) {
                int i = GameStore.setUpdate(ps, 1, u);
                ps.setObject(i++, g.id());
                ps.setInt(i++, g.version());
                ps.setInt(i++, g.seatsTaken());
                ps.setObject(i++, g.id());
                for (MoveRow m : moves) {
                    ps.setInt(i++, m.seq());
                    ps.setInt(i++, m.seat());
                    ps.setString(i++, m.move());
                    SqlTimes.setTime(ps, i++, m.at());
                }
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1) == 1;
                }
            }
        });
    }

    private static final String[] ADVANCE_SQL = new String[8];

    /**
     * The game's update and the log's insert as one statement for {@code n} moves: the insert takes
     * its game id from the update's {@code returning}, so neither happens without the other.
     */
    static String advanceSql(int n) {
        String sql = n < ADVANCE_SQL.length ? ADVANCE_SQL[n] : null;
        if (sql == null) {
            sql = "with g as (" + GameStore.UPDATE_GAME + " and version = ? and seats_taken = ? returning id),"
                    + " m as (insert into moves (game_id, seq, seat, move, at) select ?::uuid, v.seq, v.seat, v.move::jsonb,"
                    + " v.at from g, (values " + String.join(", ", Collections.nCopies(n,
                    "(?::int, ?::int, ?, ?::timestamptz)")) + ") v(seq, seat, move, at))"
                    + " select count(*) from g";
            if (n < ADVANCE_SQL.length) {
                ADVANCE_SQL[n] = sql;
            }
        }
        return sql;
    }

    /** The log range read: game id, after, up to. */
    static final String SELECT_LOG = "select seq, seat, move::text, at from moves where game_id = ? and seq > ? and seq <= ? order by seq";

    /** The log entries of game {@code id} with {@code after < seq <= upTo}, in order. */
    public List<MoveRow> log(UUID id, int after, int upTo) {
        return db.work(c -> log(c, id, after, upTo));
    }

    /** {@link #log(UUID, int, int)} on connection {@code c} (the standby's, {@link Replica}). */
    public List<MoveRow> log(java.sql.Connection c, UUID id, int after, int upTo) throws java.sql.SQLException {
        {
            try (PreparedStatement ps = c.prepareStatement(SELECT_LOG)) {
                ps.setObject(1, id);
                ps.setInt(2, after);
                ps.setInt(3, upTo);
                List<MoveRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new MoveRow(rs.getInt(1), rs.getInt(2), rs.getString(3), SqlTimes.time(rs, 4)));
                    }
                }
                return out;
            }
        }
    }
}
