package dev.cardtable.store;

import static dev.cardtable.store.SqlTimes.setTime;
import static dev.cardtable.store.SqlTimes.time;

import io.agroal.api.AgroalDataSource;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

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

    private static final String GAME_COLUMNS = """
            g.id, g.type, g.ruleset, g.ruleset_version, g.options::text, g.seed, g.custom_deal::text,
            g.seed_commitment, g.status, g.version, g.state::text, g.result::text, g.created_at, g.updated_at,
            g.finished_at, g.seats_taken, s.seat, s.kind, s.name, s.ai_level, s.ai_budget, s.token_hash, s.outcome,
            s.score, g.clock::text, g.clock_state::text, g.deadline, g.rematch_of, g.rematch, s.player_id,
            g.certified, g.daily""";

    // Game rows with their seats as arrays in seat order (%s: the seats' game).
    private static final String SELECT = "select " + GAME_COLUMNS + """
             from games g cross join lateral (
                select array_agg(seat order by seat) seat, array_agg(kind order by seat) kind,
                       array_agg(name order by seat) "name", array_agg(ai_level order by seat) ai_level,
                       array_agg(ai_budget order by seat) ai_budget, array_agg(token_hash order by seat) token_hash,
                       array_agg(outcome order by seat) outcome, array_agg(score order by seat) score,
                       array_agg(player_id order by seat) player_id
                from seats where game_id = %s) s
            """;

    // One game in one statement. Both tables are filtered by the id given (twice), not joined on
    // it, so that each reads one partition or shard of a database split by game id (docs/scaling.md).
    static final String SELECT_GAME = SELECT.formatted("?") + "where g.id = ?";

    static final String SELECT_GAMES = SELECT.formatted("g.id") + "where g.id = any(?)"; // ? is a uuid[]
    @Inject
    AgroalDataSource dataSource;

    /** Game {@code id} with its seats, or empty. */
    public Optional<GameRow> find(UUID id) {
        return work(c -> readGame(c, SELECT_GAME, id));
    }

    /** Game {@code id} with its seats, or empty, read on connection {@code c} (the standby's, {@link Replica}). */
    public Optional<GameRow> find(Connection c, UUID id) throws SQLException {
        return readGame(c, SELECT_GAME, id);
    }

    /**
     * Game {@code id} with its seats, its row locked until the transaction ends: every change to
     * one game serialises here.
     */
    public Optional<GameRow> lock(UUID id) {
        return work(c -> readGame(c, SELECT_GAME + " for update of g", id));
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

    /** Inserts a new game and its seats. */
    public void insert(GameRow g) {
        work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into games (id, type, ruleset, ruleset_version, options, seed, custom_deal, seed_commitment,
                                       status, version, state, result, created_at, updated_at, finished_at,
                                       clock, clock_state, deadline, rematch_of, certified, daily)
                    values (?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)""")) {
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
                ps.setString(16, g.table().clock());
                ps.setString(17, g.table().clockState());
                setTime(ps, 18, g.table().deadline());
                ps.setObject(19, g.table().rematchOf());
                ps.setBoolean(20, g.origin().certified());
                ps.setObject(21, g.origin().daily(), Types.DATE);
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
        work(c -> {
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
        ps.setString(i + 6, u.clockState());
        setTime(ps, i + 7, u.deadline());
        return i + 8;
    }

    /** Writes who sits at each of {@code seats} and how it ended. */
    public void updateSeats(UUID id, List<SeatRow> seats) {
        if (seats.isEmpty()) {
            return;
        }
        work(c -> {
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
        work(c -> {
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
        return work(c -> readGame(c, SELECT_GAME + " for update of g skip locked", id));
    }

    /**
     * Links finished game {@code id} to the rematch {@code rematch} made from it, unless it has one:
     * the game's own row decides that each game has at most one rematch (called under its lock).
     *
     * @return false when the game already had a rematch; nothing was written then
     */
    public boolean linkRematch(UUID id, UUID rematch) {
        return work(c -> {
            try (PreparedStatement ps = c.prepareStatement("update games set rematch = ? where id = ? and rematch is null")) {
                ps.setObject(1, rematch);
                ps.setObject(2, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** Sends {@code payload} on {@code channel} when the transaction commits (PostgreSQL NOTIFY). */
    public void notify(String channel, String payload) {
        work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select pg_notify(?, ?)")) {
                ps.setString(1, channel);
                ps.setString(2, payload);
                ps.executeQuery().close();
            }
            return null;
        });
    }

    private Optional<GameRow> readGame(Connection c, String sql, UUID id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, id);
            ps.setObject(2, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
    }

    /** The game of the current row of a {@link #SELECT_GAME} or {@link #SELECT_GAMES} result. */
    static GameRow row(ResultSet rs) throws SQLException {
        return new GameRow(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
                rs.getInt(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                Status.of(rs.getString(9)), rs.getInt(10), rs.getString(11), rs.getString(12), time(rs, 13),
                time(rs, 14), time(rs, 15), seats(rs, 17, 30), rs.getInt(16), new GameRow.Table(rs.getString(25),
                rs.getString(26), time(rs, 27), rs.getObject(28, UUID.class), rs.getObject(29, UUID.class)),
                new GameRow.Origin(rs.getBoolean(31), rs.getObject(32, java.time.LocalDate.class)));
    }

    private static List<SeatRow> seats(ResultSet rs, int from, int players) throws SQLException {
        Object[][] cols = new Object[9][];
        for (int i = 0; i < cols.length; i++) {
            Array a = rs.getArray(i < 8 ? from + i : players);
            cols[i] = a == null ? new Object[0] : (Object[]) a.getArray();
        }
        List<SeatRow> out = new ArrayList<>(cols[0].length);
        for (int i = 0; i < cols[0].length; i++) {
            out.add(new SeatRow((Integer) cols[0][i], SeatKind.of((String) cols[1][i]), (String) cols[2][i],
                    (String) cols[3][i], (Integer) cols[4][i], (String) cols[5][i], (String) cols[6][i],
                    (Integer) cols[7][i], (UUID) cols[8][i]));
        }
        return out;
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

    /**
     * Runs {@code work} on a connection of the pool: inside a transaction the transaction's own
     * (closing it then only ends this use), without one a connection in autocommit that goes back
     * to the pool as soon as {@code work} returns.
     *
     * @throws StoreFailure when a statement fails, or no connection could be had
     */
    <T> T work(Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            return work.execute(c);
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }
}
