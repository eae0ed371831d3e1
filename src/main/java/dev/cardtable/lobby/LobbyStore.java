package dev.cardtable.lobby;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The SQL of the lobby: the games waiting for players, newest first, with a keyset cursor. */
@Singleton
public class LobbyStore {

    @Inject
    Db db;

    @Inject
    GameStore games;

    /**
     * Up to {@code limit} waiting games that are not rematches (whose open seats are kept for their
     * players), newest first (creation time, then id), after the cursor when one is given.
     *
     * @param type     only this game type, or null for all
     * @param cursorAt creation time of the last game of the previous page, or null
     * @param cursorId id of that game
     * @return the games with their seats
     */
    public List<GameRow> waiting(String type, Instant cursorAt, UUID cursorId, int limit) {
        return db.work(c -> {
            List<UUID> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql(type != null, cursorAt != null))) {
                int i = 1;
                if (type != null) {
                    ps.setString(i++, type);
                }
                if (cursorAt != null) {
                    SqlTimes.setTime(ps, i++, cursorAt);
                    ps.setObject(i++, cursorId);
                }
                ps.setInt(i, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getObject(1, UUID.class));
                    }
                }
            }
            return games.find(c, ids);
        });
    }

    /**
     * The statement of {@link #waiting}: the waiting games' ids from the partial index that holds
     * them alone ({@code games_waiting_idx}, migration V11), however many games were ever played.
     * Parameters: the type when {@code typed}, the cursor's time and id when {@code after}, the limit.
     */
    static String sql(boolean typed, boolean after) {
        return "select id from games where status = 'waiting' and rematch_of is null"
                + (typed ? " and type = ?" : "") + (after ? " and (created_at, id) < (?, ?)" : "")
                + " order by created_at desc, id desc limit ?";
    }
}
