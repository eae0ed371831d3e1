package dev.cardtable.platform.game;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The clock sweep's scan for games whose time ran out ({@code docs/api.md}, "Clocks"): the one
 * statement of the sweep that reads across games, and it locks none, so that it runs unchanged on
 * tables split by game id ({@code docs/scaling.md}). Each game it names is then locked and ended
 * by its id alone ({@link GameStore#lockIfFree}).
 */
@Singleton
public class DueGames {

    @Inject
    Db db;

    /**
     * Ids of up to {@code limit} games whose time ran out at {@code now}: active games whose
     * deadline has passed, or active games without a clock not changed since {@code idleBefore}
     * (abandoned). Read without locks, so it may name a game another instance is ending: the
     * caller locks each one by id and checks again under the lock.
     */
    public List<UUID> due(Instant now, Instant idleBefore, int limit) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select id from games
                    where status = 'active' and (deadline <= ? or (clock is null and updated_at <= ?))
                    limit ?""")) {
                SqlTimes.setTime(ps, 1, now);
                SqlTimes.setTime(ps, 2, idleBefore);
                ps.setInt(3, limit);
                List<UUID> ids = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getObject(1, UUID.class));
                    }
                }
                return ids;
            }
        });
    }
}
