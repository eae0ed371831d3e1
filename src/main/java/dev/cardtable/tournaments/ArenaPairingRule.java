package dev.cardtable.tournaments;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * The arena pairing rule ({@code docs/tournaments.md}, "Pairing"), pure: which free players of an
 * arena play each other now. The free players are ordered by their place in the standings (points,
 * then performance, none last, then name); the walk pairs each player not yet paired with the
 * nearest free player below them, except the opponent of their last game while another free player
 * below could take that place. A player left over waits for the next run.
 */
public final class ArenaPairingRule {

    /**
     * A free player as the rule sees them.
     *
     * @param player       the player
     * @param name         their name
     * @param points       their points
     * @param performance  their performance, or null before their first game
     * @param lastOpponent the opponent of their last arena game, or null
     */
    public record Free(UUID player, String name, int points, Integer performance, UUID lastOpponent) {
    }

    /** Two players to pair, the higher placed first. */
    public record Pair(Free first, Free second) {
    }

    /** The standings' order: points (more first), performance (higher first, none last), name. */
    public static final Comparator<Free> STANDING = Comparator.comparingInt((Free f) -> -f.points())
            .thenComparing(f -> f.performance() == null ? Integer.MIN_VALUE : f.performance(), Comparator.reverseOrder())
            .thenComparing(Free::name);

    private ArenaPairingRule() {
    }

    /** The pairs to make of {@code free}; each player in at most one. */
    public static List<Pair> pairs(List<Free> free) {
        List<Free> order = new ArrayList<>(free);
        order.sort(STANDING);
        Set<UUID> paired = new HashSet<>();
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            Free a = order.get(i);
            if (paired.contains(a.player())) {
                continue;
            }
            Free rematch = null;
            Free chosen = null;
            for (int j = i + 1; j < order.size(); j++) {
                Free b = order.get(j);
                if (paired.contains(b.player()) || b.player().equals(a.player())) {
                    continue;
                }
                if (lastPlayed(a, b)) {
                    if (rematch == null) {
                        rematch = b;
                    }
                    continue;
                }
                chosen = b;
                break;
            }
            if (chosen == null) {
                chosen = rematch; // nobody else below is free: the rematch is better than waiting
            }
            if (chosen != null) {
                paired.add(a.player());
                paired.add(chosen.player());
                out.add(new Pair(a, chosen));
            }
        }
        return out;
    }

    private static boolean lastPlayed(Free a, Free b) {
        return Objects.equals(a.lastOpponent(), b.player()) || Objects.equals(b.lastOpponent(), a.player());
    }
}
