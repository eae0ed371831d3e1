package dev.cardtable.play;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The move path's settings ({@code cardtable.moves.*}; {@code docs/operations.md}, "Configuration"). */
@ConfigMapping(prefix = "cardtable.moves")
public interface MovesConfig {

    /** Active games whose last write each instance keeps ({@link RecentGames}); 0 keeps none. */
    @WithDefault("10000")
    int recentGames();
}
