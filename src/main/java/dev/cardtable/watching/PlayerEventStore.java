package dev.cardtable.watching;

import dev.cardtable.platform.db.Db;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of {@code player_events} (migration V15), a registered player's events in order, and the
 * reads of its event stream's snapshot. Each call is its statements on a connection of the pool
 * ({@link Db#work}): the transaction's own inside one.
 */
@Singleton
public class PlayerEventStore {

    /**
     * A position in a player's events: after every event of a transaction older than {@code tx}, and
     * after those of transaction {@code tx} up to id {@code id}. Written {@code "<tx>-<id>"}, it is
     * the stream's event id.
     *
     * @param tx the transaction id (xid8), as decimal text
     * @param id the event id, or -1 for none of {@code tx}'s events
     */
    public record Cursor(String tx, long id) {

        /** The cursor an event id ({@code "<tx>-<id>"}) names; null for text of another shape. */
        public static Cursor parse(String text) {
            int dash = text.indexOf('-');
            if (dash <= 0) {
                return null;
            }
            try {
                String tx = text.substring(0, dash);
                long id = Long.parseLong(text.substring(dash + 1));
                return Long.parseUnsignedLong(tx) >= 0 && id >= 0 ? new Cursor(tx, id) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }

        @Override
        public String toString() {
            return tx + "-" + id;
        }
    }

    /**
     * The kind a cancelled challenge's event is stored as ({@code player_events.kind}): the release
     * before this one reads and sends it so; this one sends {@code challengeCancelled}.
     */
    static final String STORED_CHALLENGE_CANCELLED = "challengeCanceled";

    /**
     * A stored event's kind as this release names it on the stream: one spelling, {@code cancelled},
     * with seeks, games and the lobby ({@code docs/api.md}, "One vocabulary").
     */
    static String current(String kind) {
        return STORED_CHALLENGE_CANCELLED.equals(kind) ? "challengeCancelled" : kind;
    }

    /**
     * A stored challenge event's data (a challenge, as the release that wrote it showed it) as this
     * release shows a challenge: status {@code cancelled} for the stored {@code canceled}, and
     * {@code options} an object, {@code {}} for the defaults.
     */
    static void currentChallenge(com.fasterxml.jackson.databind.node.ObjectNode challenge) {
        if ("canceled".equals(challenge.path("status").asText())) {
            challenge.put("status", "cancelled");
        }
        if (challenge.has("options") && challenge.get("options").isNull()) {
            challenge.putObject("options");
        }
    }

    /** One stored event, with its position. */
    public record Row(long id, String tx, String kind, UUID gameId, String data) {

        public Cursor cursor() {
            return new Cursor(tx, id);
        }
    }

    /** One of a player's games not yet over, and its seat there. */
    public record Seated(UUID gameId, int seat) {
    }

    /**
     * A player's events after a position, in order, each with whether its transaction is over:
     * the player, the position's transaction and id, the limit. Walks {@code player_events_player_idx}.
     */
    static final String AFTER = """
            select e.id, e.tx::text as tx_text, e.kind, e.game_id, e.data,
                   e.tx < pg_snapshot_xmin(pg_current_snapshot()) as ready
            from player_events e where e.player_id = ? and (e.tx, e.id) > (?::xid8, ?)
            order by e.tx, e.id limit ?""";

    /**
     * A player's verified seats in games waiting or running, oldest game first: the player, the
     * limit. Finds the player's seats by {@code seats_player_idx}.
     */
    static final String UNFINISHED = """
            select g.id, s.seat from seats s join games g on g.id = s.game_id
            where s.player_id = ? and g.status in ('waiting', 'active')
            order by g.created_at, g.id limit ?""";

    @Inject
    Db db;

    /**
     * Stores an event of player {@code playerId}.
     *
     * @return its id; -1 when it was a {@code yourTurn} already stored for that game and version
     */
    public long insert(UUID playerId, String kind, UUID gameId, Integer version, UUID challengeId, String data,
                       Instant at) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into player_events (player_id, kind, game_id, version, challenge_id, data, created_at)
                    values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id""")) {
                ps.setObject(1, playerId);
                ps.setString(2, kind);
                ps.setObject(3, gameId);
                ps.setObject(4, version);
                ps.setObject(5, challengeId);
                ps.setString(6, data);
                ps.setTimestamp(7, Timestamp.from(at));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : -1L;
                }
            }
        });
    }

    /**
     * Adds {@code "arena":"<arena>"} to the {@code gameStart} of game {@code gameId} that the current
     * transaction stored for {@code playerId} (by {@code player_events_player_idx}: the player and
     * this transaction), keeping its other members as written.
     */
    public void nameArena(UUID playerId, UUID gameId, UUID arena) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    update player_events set data = left(data, -1) || ',"arena":"' || ? || '"}'
                    where player_id = ? and tx = pg_current_xact_id() and kind = 'gameStart' and game_id = ?
                      and data like '%}'""")) {
                ps.setString(1, arena.toString());
                ps.setObject(2, playerId);
                ps.setObject(3, gameId);
                return ps.executeUpdate();
            }
        });
    }

    /**
     * Up to {@code limit} events of {@code playerId} after {@code after}, in order, of transactions
     * that are over: an event of a transaction still running, and every event after it, waits, so
     * that no event can later appear behind one already read.
     */
    public Batch after(UUID playerId, Cursor after, int limit) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(AFTER)) {
                ps.setObject(1, playerId);
                ps.setString(2, after.tx());
                ps.setLong(3, after.id());
                ps.setInt(4, limit);
                List<Row> out = new ArrayList<>();
                boolean waiting = false;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (!rs.getBoolean(6)) {
                            waiting = true; // this one and every one after it wait for older transactions
                            break;
                        }
                        out.add(new Row(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getObject(4, UUID.class),
                                rs.getString(5)));
                    }
                }
                return new Batch(out, waiting, out.size() == limit);
            }
        });
    }

    /**
     * Events read in order.
     *
     * @param rows    the events that may be sent
     * @param waiting whether later events are stored that wait for an older transaction to end
     * @param more    whether the limit cut the read short
     */
    public record Batch(List<Row> rows, boolean waiting, boolean more) {
    }

    /**
     * The position a fresh stream starts from, read before its snapshot: the events of every
     * transaction still running now, or later, are sent after the snapshot (some may already show in
     * it: a fresh stream gets each change at least once).
     */
    public Cursor now() {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select pg_snapshot_xmin(pg_current_snapshot())::text");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Cursor(rs.getString(1), -1);
            }
        });
    }

    /**
     * Whether {@code cursor} names a transaction this database has begun: one from after now (a
     * client's id from another database, say) names none, and no event would ever follow it.
     */
    public boolean begun(Cursor cursor) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select ?::xid8 < pg_snapshot_xmax(pg_current_snapshot())")) {
                ps.setString(1, cursor.tx());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getBoolean(1);
                }
            }
        });
    }

    /**
     * The id of the oldest event still stored (of anyone): events before it may have been pruned.
     * With none stored, {@link Long#MAX_VALUE}: every id is older than what is kept, since every
     * event after it may have been pruned too.
     */
    public long oldest() {
        return db.work(c -> scalar(c, "select coalesce(min(id), " + Long.MAX_VALUE + ") from player_events", null));
    }

    /** Deletes the events stored before {@code before}; how many. */
    public int prune(Instant before) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from player_events where created_at < ?")) {
                ps.setTimestamp(1, Timestamp.from(before));
                return ps.executeUpdate();
            }
        });
    }

    /** The verified seats of {@code playerId} in games waiting or running, oldest game first (at most {@code limit}). */
    public List<Seated> unfinished(UUID playerId, int limit) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(UNFINISHED)) {
                ps.setObject(1, playerId);
                ps.setInt(2, limit);
                List<Seated> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Seated(rs.getObject(1, UUID.class), rs.getInt(2)));
                    }
                }
                return out;
            }
        });
    }

    /** The rating change of seat {@code seat} of a rated game once it was rated, else null. */
    public Double ratingDiff(UUID gameId, int seat) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select rating_diff from seats where game_id = ? and seat = ?")) {
                ps.setObject(1, gameId);
                ps.setInt(2, seat);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? (Double) rs.getObject(1) : null;
                }
            }
        });
    }

    private static long scalar(Connection c, String sql, UUID arg) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (arg != null) {
                ps.setObject(1, arg);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
