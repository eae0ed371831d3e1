package dev.cardtable.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.RatingRange;
import dev.cardtable.platform.game.Seating;
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
 * @param clock   the clock, or none: {@code {"type":"correspondence","perMove":"PT24H"}} or
 *                {@code {"type":"fischer","initial":"PT5M","increment":"PT2S"}}
 * @param certified true for a deal the solver proved winnable, from a secret seed (Scoundrel only)
 * @param rated   true for a rated game ({@code docs/ratings.md}): Dazzle, a secret server seed, every
 *                human seat verified; Scoundrel, a deal the server chooses (without {@code seed} or
 *                {@code deal}: one near the player's rating; or {@code certified})
 * @param ratingRange for a rated game with an open seat: the ratings it admits to that seat,
 *                {@code {"min":1400,"max":1600}} ({@code docs/ratings.md}, "Rating ranges")
 */
@Schema(name = "CreateGame")
public record CreateGameRequest(
        @Schema(required = true, examples = "scoundrel") String type,
        @Schema(examples = "standard") String ruleset,
        @Schema(examples = "42", maxLength = 128) String seed,
        Map<String, String> options,
        @Schema(ref = "Deal") JsonNode deal,
        @Schema(required = true) List<SeatRequest> seats,
        @Schema(description = "The clock: correspondence (perMove) or fischer (initial, increment); ISO-8601 durations")
        Clocks.ClockSettings clock,
        @Schema(description = "Scoundrel only: deal from a secret seed the solver proved winnable (no 'seed' or 'deal')")
        Boolean certified,
        @Schema(description = "A rated game (docs/ratings.md): Dazzle from a secret server seed, every human seat verified; "
                + "Scoundrel on a deal the server chooses (near the player's rating, or 'certified'), the player against the deal")
        Boolean rated,
        @Schema(ref = "RatingRange")
        Range ratingRange) {

    /**
     * {@code ratingRange} as sent: whole numbers, both required (checked by {@link RatingRange#of}).
     *
     * @param min the lowest rating admitted
     * @param max the highest rating admitted
     */
    public record Range(Integer min, Integer max) {
    }

    /** This request as the service's command: a JSON {@code null} deal is no deal. */
    public NewGame toCommand() {
        List<Seating.SeatSpec> specs = seats == null ? null : seats.stream()
                .map(s -> s == null ? null : new Seating.SeatSpec(s.name(), s.ai(), s.aiBudget(), s.open())).toList();
        return new NewGame(type, ruleset, seed, options, deal == null || deal.isNull() ? null : deal, specs,
                clock, null, Boolean.TRUE.equals(certified), null, Boolean.TRUE.equals(rated),
                ratingRange == null ? null : RatingRange.of(ratingRange.min(), ratingRange.max()));
    }
}
