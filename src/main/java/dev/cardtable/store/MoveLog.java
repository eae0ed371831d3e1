package dev.cardtable.store;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The move log of every game (table {@code moves}), the source of truth that replays reproduce
 * every position from: appended to by a move's transaction, read in ranges by the reads.
 */
@Singleton
public class MoveLog {

    @Inject
    GameStore games;

    /** Appends {@code moves} to the log of game {@code id}. */
    public void append(UUID id, List<MoveRow> moves) {
        if (moves.isEmpty()) {
            return;
        }
        games.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "insert into moves (game_id, seq, seat, move, at) values (?, ?, ?, ?::jsonb, ?)")) {
                for (MoveRow m : moves) {
                    ps.setObject(1, id);
                    ps.setInt(2, m.seq());
                    ps.setInt(3, m.seat());
                    ps.setString(4, m.move());
                    GameStore.setTime(ps, 5, m.at());
                    if (moves.size() == 1) {
                        ps.executeUpdate();
                        return null;
                    }
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    /** The log entries of game {@code id} with {@code after < seq <= upTo}, in order. */
    public List<MoveRow> log(UUID id, int after, int upTo) {
        return games.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select seq, seat, move::text, at from moves where game_id = ? and seq > ? and seq <= ? order by seq")) {
                ps.setObject(1, id);
                ps.setInt(2, after);
                ps.setInt(3, upTo);
                List<MoveRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new MoveRow(rs.getInt(1), rs.getInt(2), rs.getString(3), GameStore.time(rs, 4)));
                    }
                }
                return out;
            }
        });
    }
}
