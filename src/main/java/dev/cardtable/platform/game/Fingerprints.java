package dev.cardtable.platform.game;

import dev.cardtable.engine.Rng;
import dev.cardtable.platform.JsonText;

import java.util.List;

/**
 * A game's record fingerprint: SHA-256 hex over its type, ruleset and version, options, seats,
 * seed or custom deal, and every move with its seat. Times, ids and how the game reached the
 * server are not part of it, so one game has one fingerprint whether it was played here or
 * imported. Stored JSON comes back from jsonb with its keys reordered, so JSON is compared in
 * canonical form.
 */
public final class Fingerprints {

    private Fingerprints() {
    }

    /** The fingerprint of {@code game} with its whole log {@code log}. */
    public static String of(GameRow game, List<MoveRow> log, JsonText json) {
        StringBuilder sb = new StringBuilder().append(game.type()).append('|').append(game.ruleset()).append('|')
                .append(game.rulesetVersion()).append('|').append(json.canonical(game.options())).append('|')
                .append(game.seed() == null ? "deal:" + json.canonical(game.customDeal()) : "seed:" + game.seed());
        for (SeatRow s : game.seats()) {
            sb.append("|seat:").append(s.seat()).append(',').append(s.kind().id()).append(',').append(s.name())
                    .append(',').append(s.aiLevel()).append(',').append(s.aiBudget());
        }
        for (MoveRow m : log) {
            sb.append("|move:").append(m.seat()).append(',').append(json.canonical(m.move()));
        }
        return Rng.sha256Hex(sb.toString());
    }
}
