package dev.cardtable.watching;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.game.GameStore;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SQL of {@code game_watchers}: which instance watches which game, and when it last said so.
 * Each call is its statements on a connection of the pool ({@link GameStore#work}): the
 * transaction's own inside one.
 */
@Singleton
public class WatcherStore {

    @Inject
    Db db;

    /**
     * Records that {@code instance} watches {@code gameId}, under a share lock on the game's row
     * that the caller's transaction holds until it ends.
     */
    public void watch(UUID gameId, UUID instance) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select 1 from games where id = ? for share")) {
                ps.setObject(1, gameId);
                ps.executeQuery().close();
            }
            touch(c, gameId, instance);
            return null;
        });
    }

    /** Marks the row of ({@code gameId}, {@code instance}) as seen now, making it if there is none. */
    public void touch(UUID gameId, UUID instance) {
        db.work(c -> {
            touch(c, gameId, instance);
            return null;
        });
    }

    private static void touch(Connection c, UUID gameId, UUID instance) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                insert into game_watchers (game_id, instance, seen_at) values (?, ?, now())
                on conflict (game_id, instance) do update set seen_at = now()""")) {
            ps.setObject(1, gameId);
            ps.setObject(2, instance);
            ps.executeUpdate();
        }
    }

    /** Deletes the row of ({@code gameId}, {@code instance}). */
    public void unwatch(UUID gameId, UUID instance) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "delete from game_watchers where game_id = ? and instance = ?")) {
                ps.setObject(1, gameId);
                ps.setObject(2, instance);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Deletes the rows not seen for 5 minutes: those of instances that died without cleaning up. */
    public void expire() {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "delete from game_watchers where seen_at < now() - interval '5 minutes'")) {
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Every row: watched game → the instances watching it. */
    public Map<UUID, Set<UUID>> all() {
        return db.work(WatcherStore::all);
    }

    /** Every row, read on {@code c} (the listening connection, as it connects). */
    public static Map<UUID, Set<UUID>> all(Connection c) throws SQLException {
        Map<UUID, Set<UUID>> out = new ConcurrentHashMap<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select game_id, instance from game_watchers")) {
            while (rs.next()) {
                out.computeIfAbsent(rs.getObject(1, UUID.class), k -> ConcurrentHashMap.newKeySet())
                        .add(rs.getObject(2, UUID.class));
            }
        }
        return out;
    }
}
