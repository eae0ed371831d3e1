package dev.cardtable.ratings;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.solver.DealRating;
import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.game.DealStandings;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.view.DealStanding;
import dev.cardtable.platform.game.view.GlickoValues;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The deals of rated Scoundrel ({@code docs/ratings.md}, "Scoundrel: players against deals"): a
 * deal's rating is created at its seed rating ({@link DealRating}), measured outside any
 * transaction, and shown once its game is over.
 */
@Singleton
public class ScoundrelDeals implements DealRatings, DealStandings {

    /** The perf's game type. */
    static final String TYPE = "scoundrel";

    private static final ScoundrelRules RULES = new ScoundrelRules();

    @Inject
    DealRatingStore store;

    @Inject
    RatingsConfig config;

    @Inject
    SeatRatings seatRatings;

    @Inject
    Clock clock;

    /** The weapon binding a deal is keyed by: {@code none} for {@code simple}, else the option (default {@code lessOrEqual}). */
    static String binding(String ruleset, Options options) {
        if ("simple".equals(ruleset)) {
            return "none";
        }
        String b = options == null ? null : options.values().get(ScoundrelRules.WEAPON_BINDING);
        return b == null ? "lessOrEqual" : b;
    }

    @Override
    public void ensure(String ruleset, Options options, String seed) {
        String binding = binding(ruleset, options);
        String commitment = Rng.commitment(seed);
        boolean known = QuarkusTransaction.joiningExisting().call(() -> store.find(ruleset, binding, commitment).isPresent());
        if (!known) {
            measure(ruleset, options, seed);
        }
    }

    /** Measures the deal of {@code seed} (outside a transaction) and stores its rating unless it has one. */
    private DealRatingStore.Row measure(String ruleset, Options options, String seed) {
        ScoundrelState deal = RULES.deal(new Setup(ruleset, options, new Deal.Seeded(seed)));
        DealRating.Measure m = DealRating.measure(deal, config.deals().nodes());
        String binding = binding(ruleset, options);
        String commitment = Rng.commitment(seed);
        RatingsConfig.Initial init = config.initial();
        return QuarkusTransaction.joiningExisting().call(() -> {
            store.create(ruleset, binding, commitment, seed, m, init.deviation(), init.volatility(), clock.instant());
            return store.find(ruleset, binding, commitment).orElseThrow();
        });
    }

    /**
     * A fresh secret deal near the player's rating: {@code cardtable.ratings.deals.candidates} new
     * seeds are measured and the nearest is dealt. A rated deal is never dealt a second time (the
     * daily deal aside, whose seed stays secret until its day is over): its seed is revealed when
     * its game ends, so another game on it would be played with its dungeon order known.
     */
    @Override
    public String near(UUID playerId, String ruleset, Options options) {
        double rating = QuarkusTransaction.joiningExisting().call(() -> seatRatings.current(playerId, TYPE, ruleset));
        DealRatingStore.Row best = null;
        for (int i = 0; i < Math.max(1, config.deals().candidates()); i++) {
            DealRatingStore.Row r = measure(ruleset, options, Credentials.newSeed());
            if (best == null || Math.abs(r.rating() - rating) < Math.abs(best.rating() - rating)) {
                best = r;
            }
        }
        return best.seed();
    }

    @Override
    public DealStanding standing(String ruleset, Options options, String seedCommitment) {
        return store.find(ruleset, binding(ruleset, options), seedCommitment).map(this::standing).orElse(null);
    }

    @Override
    public DealStanding shown(GameRow g, String revealedSeed) {
        if (revealedSeed == null || !TYPE.equals(g.type()) || g.seedCommitment() == null) {
            return null;
        }
        return store.find(g.ruleset(), bindingOf(g), g.seedCommitment()).map(this::standing).orElse(null);
    }

    private static String bindingOf(GameRow g) {
        if ("simple".equals(g.ruleset())) {
            return "none";
        }
        String o = g.options();
        int i = o == null ? -1 : o.indexOf("strictlyLess");
        return i >= 0 ? "strictlyLess" : "lessOrEqual";
    }

    /** A deal's standing; its seed is the seed rating at the initial deviation and volatility it was created with. */
    DealStanding standing(DealRatingStore.Row r) {
        RatingsConfig.Initial init = config.initial();
        return DealStanding.of(r.rating(), r.deviation(), r.volatility(), r.attempts(),
                GlickoValues.of(r.seedRating(), init.deviation(), init.volatility()));
    }
}
