package dev.cardtable.deals;

import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.platform.game.DealCertificates;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.view.DealCertificate;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;

/**
 * Certificates of certified and daily deals ({@code docs/api.md}, "Certified deals"): how hard the
 * deal is ({@link CertifiedDeals#certificate}), computed once when the deal is chosen, stored by
 * its seed commitment, and shown on a game's view with the seed — once the game is over (a daily
 * game: once its day is over) — since the best score and the winning first moves speak of the
 * hidden dungeon order.
 */
@Singleton
public class Certificates implements CertifiedSeeds, DealCertificates {

    @Inject
    CertifiedDeals deals;

    @Inject
    CertificateStore store;

    @Inject
    Clock clock;

    @Override
    public String draw(String ruleset, Options options) {
        String seed = deals.seed(ruleset, options);
        certify(seed, ruleset, options);
        return seed;
    }

    /**
     * Computes the certificate of the deal of {@code seed} and stores it. The search (bounded by
     * {@code cardtable.certified.nodes}) holds no database connection; call it outside a
     * transaction.
     */
    void certify(String seed, String ruleset, Options options) {
        DealCertificate c = deals.certificate(seed, ruleset, options);
        store.store(Rng.commitment(seed), new CertificateStore.Certificate(c.bestScore(), c.firstMoves(),
                c.winningFirstMoves(), c.positions()), clock.instant());
    }

    @Override
    public DealCertificate shown(GameRow g, String revealedSeed) {
        if (revealedSeed == null || g.seedCommitment() == null || !(g.origin().certified() || g.origin().daily() != null)) {
            return null;
        }
        return store.find(g.seedCommitment())
                .map(c -> new DealCertificate(c.bestScore(), c.firstMoves(), c.winningFirstMoves(), c.positions()))
                .orElse(null);
    }
}
