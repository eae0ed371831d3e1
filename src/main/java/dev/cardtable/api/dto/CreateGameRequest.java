package dev.cardtable.api.dto;

import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;
import java.util.Map;

/**
 * Body of {@code POST /api/games}.
 *
 * @param type    game type, e.g. {@code scoundrel} or {@code dazzle}
 * @param ruleset ruleset name; the type's default when absent
 * @param seed    1–128 characters; a secret server-made seed when absent
 * @param options ruleset options; each option's default when absent
 * @param deal    a custom deal instead of a seed (Scoundrel: 44 codes top first; Dazzle:
 *                {@code {"decks":[[18],[18]],"removed":[12]}})
 * @param seats   one entry per seat, in seat order
 */
@Schema(name = "CreateGame")
public record CreateGameRequest(
        @Schema(required = true, examples = "scoundrel") String type,
        @Schema(examples = "standard") String ruleset,
        @Schema(examples = "42", maxLength = 128) String seed,
        Map<String, String> options,
        @Schema(description = "Custom deal instead of a seed") JsonNode deal,
        @Schema(required = true) List<SeatRequest> seats) {
}
