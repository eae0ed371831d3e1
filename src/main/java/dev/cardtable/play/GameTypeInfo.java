package dev.cardtable.play;

import dev.cardtable.engine.GameInfo;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;
import java.util.Map;

/**
 * One game type as {@code GET /api/game-types} describes it: the rules' description with the
 * computer levels' published ratings.
 *
 * @param type      the game type
 * @param seats     its seat count
 * @param rulesets  its rulesets, the default marked
 * @param aiLevels  its computer opponent levels
 * @param aiRatings each level's published rating in whole points ({@code docs/ratings.md}, "Computer levels"), by
 *                  level; a level without one is left out
 */
@Schema(name = "GameInfo")
public record GameTypeInfo(String type, int seats, List<GameInfo.RulesetInfo> rulesets, List<String> aiLevels,
                           @Schema(description = "each computer level's published rating (docs/ratings.md), by level")
                           Map<String, Long> aiRatings) {
}
