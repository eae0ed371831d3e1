package dev.cardtable.platform.game;

import dev.cardtable.platform.game.view.DealCertificate;

/**
 * The certificates of certified and daily deals as a game's view shows them ({@code docs/api.md},
 * "Certified deals"). The deals feature implements it, so that {@link Projection} does not depend
 * on that feature.
 */
public interface DealCertificates {

    /**
     * The certificate game {@code g}'s view shows: for a certified or daily game whose seed is
     * revealed ({@code revealedSeed} not null), if one was stored; else null.
     */
    DealCertificate shown(GameRow g, String revealedSeed);
}
