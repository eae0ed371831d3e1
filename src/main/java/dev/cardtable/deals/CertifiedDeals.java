package dev.cardtable.deals;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.Difficulty;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;
import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.view.DealCertificate;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Certified deals ({@code docs/api.md}, "Certified deals"): secret server seeds
 * ({@link Credentials#newSeed()}) whose Scoundrel deal the {@link ScoundrelSolver} proved
 * winnable. Seeds are drawn and decided one after another, each within a node budget
 * ({@code cardtable.certified.nodes}, default 20,000,000: enough to decide every surveyed deal, so
 * that hard winnable deals are offered as often as easy ones), until one is proved winnable or
 * {@code cardtable.certified.attempts} (default 40) were tried. A seed the solver could not decide
 * within the budget is passed over like an unwinnable one, so a certified deal is always proved.
 *
 * <p>Holds no transaction: a search may take a second or more.
 */
@Singleton
public class CertifiedDeals {

    /** How long a client is told to wait when no deal could be certified. */
    public static final int RETRY_AFTER_SECONDS = 5;

    @Inject
    CertifiedConfig config;

    private final ScoundrelRules rules = new ScoundrelRules();
    private final ScoundrelSolver solver = new ScoundrelSolver();

    /** For CDI: the budget and attempts come from the configuration. */
    CertifiedDeals() {
    }

    /**
     * Certified deals outside the server (bench tools), with {@code nodes} positions per search
     * and {@code attempts} seeds tried per deal.
     */
    public CertifiedDeals(long nodes, int attempts) {
        this.config = new CertifiedConfig() {
            @Override
            public long nodes() {
                return nodes;
            }

            @Override
            public int attempts() {
                return attempts;
            }
        };
    }

    /**
     * A fresh secret seed whose deal under {@code ruleset} and {@code options} can be won.
     *
     * @throws GameException {@code certified-deal-unavailable} (with {@code retryAfter}) when no
     *                       seed was proved winnable within the attempts
     */
    public String seed(String ruleset, Options options) {
        int attempts = config.attempts();
        for (int i = 0; i < attempts; i++) {
            String seed = Credentials.newSeed();
            if (winnable(seed, ruleset, options)) {
                return seed;
            }
        }
        throw new GameException(Failure.CERTIFIED_DEAL_UNAVAILABLE, "no deal could be proved winnable in "
                + attempts + " tries; try again later", Map.of("retryAfter", RETRY_AFTER_SECONDS));
    }

    /**
     * The certificate of a certified deal: how hard it is ({@link ScoundrelSolver#difficulty}) —
     * its best score and how many of its legal first moves keep it winnable — computed within the
     * node budget ({@code cardtable.certified.nodes} positions for all its searches together); a
     * figure the budget did not settle is null.
     */
    public DealCertificate certificate(String seed, String ruleset, Options options) {
        ScoundrelState deal = rules.deal(new Setup(ruleset, options, new Deal.Seeded(seed)));
        Difficulty d = solver.difficulty(deal, config.nodes());
        return new DealCertificate(d.bestScore().isPresent() ? d.bestScore().getAsInt() : null, d.firstMoves(),
                d.winningFirstMoves().isPresent() ? d.winningFirstMoves().getAsInt() : null, d.nodes());
    }

    /** Whether the solver proves the deal of {@code seed} winnable within the node budget. */
    public boolean winnable(String seed, String ruleset, Options options) {
        ScoundrelState deal = rules.deal(new Setup(ruleset, options, new Deal.Seeded(seed)));
        return solver.decide(deal, Budget.nodes(config.nodes())).winnable();
    }
}
