package dev.cardtable.platform.game;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.Replica;
import dev.cardtable.platform.db.StoreFailure;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

import static dev.cardtable.platform.db.SqlTimes.setTime;

/**
 * Every statement the game service sends, as plain SQL on a connection of the pool, which inside a
 * transaction is the transaction's own (so it joins the caller's transaction, if any). Nothing here is a managed entity: a
 * move costs one statement to read the game with its seats and one to append the log and update
 * the game ({@link MoveLog#advance}); a move that needs the game's lock reads it with
 * {@link #lock} inside a transaction.
 *
 * <p>Called inside a transaction, or without one for single statements, which then commit on
 * their own. Without a transaction a connection is held only for the statement: taken from the
 * pool for it and given back at once, so a request (or an event stream, which never ends as a
 * request does) holds none between its statements. SQL failures surface as
 * {@link StoreFailure}, with the {@link SQLException} as cause.
 */
@Singleton
public class GameStore {

    @Inject
    Db db;

    /** Game {@code id} with its seats, or empty. */
    public Optional<GameRow> find(UUID id) {
        return db.work(c -> readGame(c, GameRows.SELECT_GAME, id));
    }

    /** Game {@code id} with its seats, or empty, read on connection {@code c} (the standby's, {@link Replica}). */
    public Optional<GameRow> find(Connection c, UUID id) throws SQLException {
        return readGame(c, GameRows.SELECT_GAME, id);
    }

    /**
     * Games {@code ids} with their seats, in the order given, read on connection {@code c} (the
     * standby's, {@link Replica}, or the pool's); ids of no game are left out. One statement.
     */
    public List<GameRow> find(Connection c, List<UUID> ids) throws SQLException {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<UUID, GameRow> byId = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(GameRows.SELECT_GAMES)) {
            ps.setArray(1, c.createArrayOf("uuid", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    GameRow g = GameRows.read(rs);
                    byId.put(g.id(), g);
                }
            }
        }
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
    }

    /** {@link #find(Connection, List)} on a connection of the pool. */
    public List<GameRow> find(List<UUID> ids) {
        return db.work(c -> find(c, ids));
    }

    /**
     * Game {@code id} with its seats, its row locked until the transaction ends: every change to
     * one game serialises here.
     */
    public Optional<GameRow> lock(UUID id) {
        return db.work(c -> readGame(c, GameRows.SELECT_GAME + " for update of g", id));
    }

    /**
     * Game {@code id} locked as by {@link #lock}, then read again under the lock, for a change of
     * seats: in PostgreSQL's READ COMMITTED a locking read that waited for another transaction
     * returns the game row as that one committed it, but the seats as they stood when the read
     * began, so two requests racing for one open seat would both see it open.
     */
    public Optional<GameRow> lockForSeating(UUID id) {
        return lock(id).flatMap(locked -> find(id));
    }

    /**
     * {@code g} with its seats as now stored in this transaction, for a rated game whose seats'
     * ratings were just written by an observer of {@link GameChanged} ({@code docs/ratings.md});
     * any other game as it is, with no statement.
     */
    public GameRow withStoredRatings(GameRow g) {
        if (!g.rated()) {
            return g;
        }
        return find(g.id()).map(stored -> g.toBuilder().seats(stored.seats()).build()).orElse(g);
    }

    /** Inserts a new game and its seats. */
    public void insert(GameRow g) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into games (id, type, ruleset, ruleset_version, options, seed, custom_deal, seed_commitment,
                                       status, version, state, result, created_at, updated_at, finished_at,
                                       clock, clock_state, deadline, rematch_of, certified, daily, rated, rating_min, rating_max)
                    values (?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?,
                            ?, ?)""")) {
                ps.setObject(1, g.id());
                ps.setString(2, g.type());
                ps.setString(3, g.ruleset());
                ps.setInt(4, g.rulesetVersion());
                ps.setString(5, g.options());
                ps.setString(6, g.seed());
                ps.setString(7, g.customDeal());
                ps.setString(8, g.seedCommitment());
                ps.setString(9, g.status().id());
                ps.setInt(10, g.version());
                ps.setString(11, g.state());
                ps.setString(12, g.result());
                setTime(ps, 13, g.createdAt());
                setTime(ps, 14, g.updatedAt());
                setTime(ps, 15, g.finishedAt());
                ps.setString(16, Clocks.write(g.table().clock()));
                ps.setString(17, Clocks.write(g.table().clockState()));
                setTime(ps, 18, g.table().deadline());
                ps.setObject(19, g.table().rematchOf());
                ps.setBoolean(20, g.origin().certified());
                ps.setObject(21, g.origin().daily(), Types.DATE);
                ps.setBoolean(22, g.rated());
                RatingRange range = g.ratingRange();
                ps.setObject(23, range == null ? null : range.min(), Types.INTEGER);
                ps.setObject(24, range == null ? null : range.max(), Types.INTEGER);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into seats (game_id, seat, kind, name, ai_level, ai_budget, token_hash, outcome, score,
                                       player_id, game_type, created_at)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                for (SeatRow s : g.seats()) {
                    ps.setObject(1, g.id());
                    ps.setInt(2, s.seat());
                    setSeat(ps, 3, s);
                    ps.setString(11, g.type());
                    setTime(ps, 12, g.createdAt());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    /** The update of a game's changeable columns, {@link #setUpdate} its first parameters, then its id. */
    static final String UPDATE_GAME = """
            update games set status = ?, version = ?, state = ?::jsonb, result = ?::jsonb, updated_at = ?,
                             finished_at = ?, clock_state = ?::jsonb, deadline = ?
            where id = ?""";

    /** Writes the changeable columns of game {@code id}. */
    public void update(UUID id, GameRow.GameUpdate u) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(UPDATE_GAME)) {
                ps.setObject(setUpdate(ps, 1, u), id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Sets {@code u}'s columns from parameter {@code i} on, in {@link #UPDATE_GAME}'s order; returns the next index. */
    static int setUpdate(PreparedStatement ps, int i, GameRow.GameUpdate u) throws SQLException {
        ps.setString(i, u.status().id());
        ps.setInt(i + 1, u.version());
        ps.setString(i + 2, u.state());
        ps.setString(i + 3, u.result());
        setTime(ps, i + 4, u.updatedAt());
        setTime(ps, i + 5, u.finishedAt());
        ps.setString(i + 6, Clocks.write(u.clockState()));
        setTime(ps, i + 7, u.deadline());
        return i + 8;
    }

    /** Writes who sits at each of {@code seats} and how it ended. */
    public void updateSeats(UUID id, List<SeatRow> seats) {
        if (seats.isEmpty()) {
            return;
        }
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    update seats set kind = ?, name = ?, ai_level = ?, ai_budget = ?, token_hash = ?, outcome = ?, score = ?,
                                     player_id = ?
                    where game_id = ? and seat = ?""")) {
                for (SeatRow s : seats) {
                    setSeat(ps, 1, s);
                    ps.setObject(9, id);
                    ps.setInt(10, s.seat());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    /** Counts one more open seat of game {@code id} taken, changed at {@code at}. */
    public void seatTaken(UUID id, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "update games set seats_taken = seats_taken + 1, updated_at = ? where id = ?")) {
                setTime(ps, 1, at);
                ps.setObject(2, id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Game {@code id} locked as by {@link #lock}; empty when another transaction holds it, or it is gone ({@link DueGames}). */
    public Optional<GameRow> lockIfFree(UUID id) {
        return db.work(c -> readGame(c, GameRows.SELECT_GAME + " for update of g skip locked", id));
    }

    /**
     * Links finished game {@code id} to the rematch {@code rematch} made from it, unless it has one:
     * the game's own row decides that each game has at most one rematch (called under its lock).
     *
     * @return false when the game already had a rematch; nothing was written then
     */
    public boolean linkRematch(UUID id, UUID rematch) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("update games set rematch = ? where id = ? and rematch is null")) {
                ps.setObject(1, rematch);
                ps.setObject(2, id);
                return ps.executeUpdate() == 1;
            }
        });
    }


    private Optional<GameRow> readGame(Connection c, String sql, UUID id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, id);
            ps.setObject(2, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(GameRows.read(rs)) : Optional.empty();
            }
        }
    }

    private static void setSeat(PreparedStatement ps, int i, SeatRow s) throws SQLException {
        ps.setString(i, s.kind().id());
        ps.setString(i + 1, s.name());
        ps.setString(i + 2, s.aiLevel());
        ps.setObject(i + 3, s.aiBudget(), Types.INTEGER);
        ps.setString(i + 4, s.tokenHash());
        ps.setString(i + 5, s.outcome());
        ps.setObject(i + 6, s.score(), Types.INTEGER);
        ps.setObject(i + 7, s.playerId());
    }

}
