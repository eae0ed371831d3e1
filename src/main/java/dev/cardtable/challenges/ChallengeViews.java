package dev.cardtable.challenges;

import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.Clocks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.Map;

/** A stored challenge ({@link ChallengeEntity}) as its players see it ({@link ChallengeView}). */
@ApplicationScoped
public class ChallengeViews {

    @Inject
    JsonText json;

    /** Challenge {@code c} as of {@code now}. */
    ChallengeView view(ChallengeEntity c, Instant now) {
        return new ChallengeView(c.id, c.challengerName, c.destName, c.gameType, c.ruleset, options(c), clock(c), c.rated,
                c.challengerSeat, status(c, now), c.declineReason, c.gameId, c.createdAt, c.expiresAt);
    }

    /** The challenge's status as of {@code now}: a pending one past its time is expired. */
    static String status(ChallengeEntity c, Instant now) {
        return "pending".equals(c.status) && !now.isBefore(c.expiresAt) ? "expired" : c.status;
    }

    /** The options the challenge asks for, or null for the defaults. */
    Map<String, String> options(ChallengeEntity c) {
        return c.options == null ? null : json.stringMap(c.options);
    }

    /** The clock the challenge asks for, or null for none. */
    Clocks.ClockSettings clock(ChallengeEntity c) {
        return c.clock == null ? null : json.read(c.clock, Clocks.ClockSettings.class);
    }
}
