package dev.cardtable.platform.game;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Fired inside the transaction that created a game, seated a player in it or saved a change to it
 * (moves, a clock, its end). The core announces only this; each feature derives what it needs from
 * it (the lobby's changes, the daily deal's finished games) without the core knowing of them.
 *
 * @param gameId    the game
 * @param ruleset   its ruleset
 * @param before    its status before the change; null when the change created it
 * @param after     its status after the change
 * @param origin    where its deal came from (certified, a day's daily deal, or neither)
 * @param rematchOf the game it is a rematch of, or null
 * @param version   its version (moves applied) after the change
 * @param type      its game type
 * @param createdAt when it was created
 * @param seats     its seats after the change, as stored (with their standings once it ended)
 * @param seated    whether the change wrote seats: created the game, took a seat, or stored the standings
 * @param finishedAt when it ended, or null while it runs
 * @param rated      whether the game is rated ({@code docs/ratings.md})
 * @param updatedAt  when the change was made (the game's end, once it ended)
 * @param toAct      the seats to act after the change, in order; empty while it waits, once it
 *                   ended, or where the change does not say (a seat taken: the start that follows does)
 * @param deadline   the deadline of the seat to act, by the game's clock, or null
 * @param changes    its version as clients see it ({@link GameRow#changes()}): moves, seats taken and a rematch made
 */
public record GameChanged(UUID gameId, String ruleset, Status before, Status after, GameRow.Origin origin,
                          UUID rematchOf, int version, String type, Instant createdAt, List<SeatRow> seats,
                          boolean seated, Instant finishedAt, boolean rated, Instant updatedAt,
                          List<Integer> toAct, Instant deadline, int changes) {

    public GameChanged {
        toAct = List.copyOf(toAct);
    }

    /**
     * The change that left {@code after} in place of a game whose status was {@code before} (null: a
     * new game).
     *
     * @param seated whether the change wrote the game's seats
     * @param toAct  the seats to act after it (ignored once the game is not active)
     */
    public static GameChanged of(Status before, GameRow after, boolean seated, List<dev.cardtable.engine.Seat> toAct) {
        List<Integer> seats = after.status() == Status.ACTIVE ? toAct.stream().map(dev.cardtable.engine.Seat::number).toList()
                : List.of();
        return new GameChanged(after.id(), after.ruleset(), before, after.status(), after.origin(),
                after.table().rematchOf(), after.version(), after.type(), after.createdAt(), after.seats(), seated,
                after.finishedAt(), after.rated(), after.updatedAt(), seats,
                after.status() == Status.ACTIVE ? after.table().deadline() : null, after.changes());
    }

    /** Whether the game started with this change (created active, or its last open seat taken). */
    public boolean started() {
        return before != Status.ACTIVE && after == Status.ACTIVE;
    }

    /** Whether the game ended with this change (finished, abandoned or cancelled). */
    public boolean ended() {
        return before != Status.FINISHED && after == Status.FINISHED;
    }
}
