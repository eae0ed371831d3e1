package dev.cardtable.accounts;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Sessions' settings ({@code cardtable.accounts.*}; {@code docs/operations.md}, "Settings"). */
@ConfigMapping(prefix = "cardtable.accounts")
public interface AccountsConfig {

    /** How long a session lasts from its sign-in; it then ends by itself (the cookie's {@code Max-Age} too). */
    @WithDefault("P30D")
    Duration sessionLifetime();
}
