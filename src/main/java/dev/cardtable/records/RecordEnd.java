package dev.cardtable.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.engine.Result;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.Progress;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.GameRecord;
import dev.cardtable.platform.game.view.GameResult;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * What a record says of its game's end, checked on import against the replay of its moves
 * ({@code docs/api.md}, "Records"): {@code status}, {@code finishedAt} and {@code result}, each
 * where given, are what the moves leave — {@code finished}, the last move's time and the replay's
 * result, or {@code active}, {@code null} and {@code null} for a record cut short. Any other value
 * is {@code invalid-record}.
 */
final class RecordEnd {

    private RecordEnd() {
    }

    /** Checks {@code rec}'s end against {@code p}, its moves replayed. */
    static void check(Progress<?, ?, ?> p, GameRecord rec, JsonText json) {
        status(p, rec.status());
        finishedAt(p, rec.finishedAt());
        result(p, rec.result(), rec.formatVersion(), json);
    }

    private static void status(Progress<?, ?, ?> p, String given) {
        String replayed = (p.result().isPresent() ? Status.FINISHED : Status.ACTIVE).id();
        if (given != null && !given.equals(replayed)) {
            throw GameException.invalidRecord("status '" + given + "' does not match the replay of the moves, which "
                    + "leaves the game " + replayed, null);
        }
    }

    private static void finishedAt(Progress<?, ?, ?> p, Instant given) {
        if (given == null) {
            return;
        }
        if (p.result().isEmpty()) {
            throw GameException.invalidRecord("finishedAt must be null: the replay of the moves does not end the game", null);
        }
        // The game ends with its last move (GameWriter stores that move's time as finishedAt).
        Instant end = p.steps().getLast().row().at();
        if (!given.truncatedTo(ChronoUnit.MICROS).equals(end)) {
            throw GameException.invalidRecord("finishedAt must be the time of the last move, " + end, null);
        }
    }

    /** Version 1 records give the game's own result shape; version 2 on the shape every game shares. */
    private static void result(Progress<?, ?, ?> p, JsonNode given, int formatVersion, JsonText json) {
        if (given == null) {
            return;
        }
        JsonNode replayed = p.result().map(r -> formatVersion == 1 ? versionOne(r, json) : json.tree(json.write(GameResult.of(r))))
                .orElse(null);
        if (given.isNull() ? replayed != null : !given.equals(replayed)) {
            throw GameException.invalidRecord("the result does not match the replay of the moves", null);
        }
    }

    /**
     * The game's own result shape of version 1 records, which knew no early endings: the rules'
     * result without {@code ending} and {@code endedBy}.
     */
    private static JsonNode versionOne(Result r, JsonText json) {
        JsonNode t = json.tree(json.write(r));
        if (t instanceof ObjectNode o) {
            o.remove(List.of("ending", "endedBy"));
        }
        return t;
    }
}
