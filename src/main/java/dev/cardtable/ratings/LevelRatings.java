package dev.cardtable.ratings;

import dev.cardtable.platform.Published;

import java.util.OptionalDouble;

/**
 * The computer levels' published ratings ({@code cardtable.ratings.levels}; {@code docs/ratings.md},
 * "Computer levels"), for the game types' description.
 */
@Published
public interface LevelRatings {

    /** The rating a rated game against computer level {@code level} rates the human against; empty when it has none. */
    OptionalDouble rating(String level);
}
