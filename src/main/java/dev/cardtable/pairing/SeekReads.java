package dev.cardtable.pairing;

import dev.cardtable.platform.Published;

import java.util.UUID;

/** What other features read of quick pairing: a player's open seeks, for its event stream's snapshot. */
@Published
public interface SeekReads {

    /** The open seeks of player {@code playerId}, oldest first. */
    SeekList openOf(UUID playerId);
}
