package dev.cardtable.accounts;

import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.game.PlayerSessions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The core's view of sessions ({@link PlayerSessions}): a session token's player, read from
 * {@code account_sessions} by the token's SHA-256 on every request, so that a session ended on
 * one instance stops working on all of them at once.
 */
@Singleton
public class Sessions implements PlayerSessions {

    @Inject
    AccountStore store;

    @Inject
    Clock clock;

    @Override
    public Optional<UUID> player(String token) {
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        return store.sessionPlayer(Credentials.hash(token.trim()), clock.instant());
    }
}
