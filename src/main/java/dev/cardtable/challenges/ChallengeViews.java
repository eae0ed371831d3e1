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
        return new ChallengeView(c.id, c.challengerName, c.destName, c.gameType, c.ruleset, shownOptions(c), clock(c), c.rated,
                c.challengerSeat, status(c, now), c.declineReason, c.gameId, c.createdAt, c.expiresAt);
    }

    /**
     * The spelling a cancelled challenge's row keeps ({@code challenges.status}, migration V14): the
     * release before this one reads it, so it stays; clients read {@link #CANCELLED}.
     */
    static final String STORED_CANCELLED = "canceled";

    /** A cancelled challenge's status as clients read it: one spelling with seeks, games and the lobby. */
    public static final String CANCELLED = "cancelled";

    /**
     * The challenge's status as of {@code now}, as clients read it: {@code pending}, {@code accepted},
     * {@code declined}, {@code cancelled} or {@code expired} (a pending one past its time).
     */
    static String status(ChallengeEntity c, Instant now) {
        if ("pending".equals(c.status) && !now.isBefore(c.expiresAt)) {
            return "expired";
        }
        return STORED_CANCELLED.equals(c.status) ? CANCELLED : c.status;
    }

    /** The options the challenge asks for, or null for the defaults (what a game is created from). */
    Map<String, String> options(ChallengeEntity c) {
        return c.options == null ? null : json.stringMap(c.options);
    }

    /** The options the challenge asks for as clients read them: an object, {@code {}} for the defaults. */
    Map<String, String> shownOptions(ChallengeEntity c) {
        return c.options == null ? Map.of() : json.stringMap(c.options);
    }

    /** The clock the challenge asks for, or null for none. */
    Clocks.ClockSettings clock(ChallengeEntity c) {
        return c.clock == null ? null : json.read(c.clock, Clocks.ClockSettings.class);
    }
}
