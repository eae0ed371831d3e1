package dev.cardtable.play;

import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.Progress;

/**
 * A move computed on a game read without its lock (the caller's move and the computer seats'
 * replies, which may take a while to think), to be written under the lock with no new thinking
 * when the game is still as read: every change bumps the game's version or its seats taken, and
 * computer seats choose alike from the same position ({@link GameWriter#letComputersMove}). Used
 * by {@link MoveService} so that no connection or lock is held while computer seats think.
 *
 * @param read     the game it was computed on
 * @param seat     the mover's seat
 * @param progress the moves played on it, not yet written
 */
record PreparedMove(GameRow read, int seat, Progress<?, ?, ?> progress) {

    /** Whether this move may be written as computed on {@code locked}, the game read under its lock. */
    boolean holdsFor(GameRow locked, int seat) {
        return this.seat == seat && read.version() == locked.version() && read.changes() == locked.changes();
    }
}
