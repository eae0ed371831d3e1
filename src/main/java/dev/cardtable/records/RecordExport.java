package dev.cardtable.records;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.GameReader;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.Sealing;
import dev.cardtable.platform.game.view.GameRecord;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.UUID;

/** A game's portable record ({@code docs/api.md}, "Records"), which {@link RecordImport} reads back. */
@Singleton
public class RecordExport {

    @Inject
    GameReader reader;

    @Inject
    Projection projection;

    @Inject
    Clock clock;

    /**
     * The record of game {@code id} ({@code GET /api/games/{id}/record}); the seed and any custom
     * deal only once the game is over.
     *
     * @throws GameException {@code game-not-found}, {@code game-sealed} for a daily game whose day runs
     */
    public GameRecord record(UUID id) {
        GameReader.Loaded l = reader.load(id);
        GameRow g = l.game();
        Sealing.checkForAll(g, "the record", clock.instant());
        return projection.record(reader.replay(l, g.version()), g);
    }
}
