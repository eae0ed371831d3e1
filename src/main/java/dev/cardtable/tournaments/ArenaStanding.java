package dev.cardtable.tournaments;

import java.util.UUID;

/**
 * A player's entry in an arena's standings ({@code docs/tournaments.md}, "Reading an arena").
 *
 * @param rank        the place in the standings, from 1 (the stored final rank once final)
 * @param player      the player's name
 * @param rating      the player's rating in the perf at joining or at their latest pairing
 * @param points      points scored
 * @param games       games counted
 * @param wins        games won
 * @param draws       games drawn
 * @param losses      games lost
 * @param streak      consecutive wins up to now
 * @param onStreak    whether the next win scores double (after two wins in a row)
 * @param performance the performance rating, or null before the first game
 * @param withdrawn   whether the player withdrew (paused) and is not paired
 * @param playing     the arena game the player is playing, or null
 */
public record ArenaStanding(int rank, String player, int rating, int points, int games, int wins, int draws, int losses,
                            int streak, boolean onStreak, Integer performance, boolean withdrawn, UUID playing) {
}
