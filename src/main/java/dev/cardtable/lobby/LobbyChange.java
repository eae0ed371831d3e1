package dev.cardtable.lobby;

import java.util.UUID;

/**
 * Fired inside the transaction that opened, filled or cancelled a game waiting for players; the
 * lobby's live events observe it ({@code GET /api/lobby/events}).
 *
 * @param gameId the game
 * @param change {@value #OPENED}, {@value #FILLED} or {@value #CANCELLED}
 */
public record LobbyChange(UUID gameId, String change) {

    /** A game with an open seat was created. */
    public static final String OPENED = "opened";
    /** Its last open seat was taken: the game started. */
    public static final String FILLED = "filled";
    /** It was cancelled (aborted) while waiting. */
    public static final String CANCELLED = "cancelled";
}
