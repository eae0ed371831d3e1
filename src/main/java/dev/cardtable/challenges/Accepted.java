package dev.cardtable.challenges;

import dev.cardtable.platform.game.view.GameView;

/**
 * The answer to accepting a challenge: the challenge, now {@code accepted}, and its game as the
 * accepting player's seat sees it, with that seat's token (shown once; the player's key opens the
 * seat too).
 *
 * @param challenge the accepted challenge
 * @param game      the new game
 */
public record Accepted(ChallengeView challenge, GameView game) {
}
