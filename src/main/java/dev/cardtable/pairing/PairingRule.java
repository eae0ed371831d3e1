package dev.cardtable.pairing;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * The pairing rule of quick pairing ({@code docs/api.md}, "Quick pairing"), pure: which open seeks
 * make games. Seeks are taken oldest first; each is paired with the oldest later seek it is
 * compatible with. Two seeks are compatible when they ask for the same game type, ruleset, clock
 * and rated choice, come from two players, and each player's rating lies in the other seek's
 * window. A seek's window is its explicit range when it has one; else its rating ± (window +
 * widen-per-second × whole seconds waited), at most ± max-window.
 */
public final class PairingRule {

    /**
     * A seek as the rule sees it.
     *
     * @param id        the seek
     * @param player    its player
     * @param perf      what it asks for: type, ruleset, clock and rated, as one comparable key
     * @param rating    its player's rating in the perf
     * @param min       an explicit range's least rating, or null
     * @param max       an explicit range's greatest rating, or null
     * @param createdAt when it was made
     */
    public record Candidate(UUID id, UUID player, String perf, double rating, Integer min, Integer max,
                            Instant createdAt) {
    }

    /** Two seeks to pair, the older first. */
    public record Pair(Candidate older, Candidate newer) {
    }

    private final int window;
    private final int widenPerSecond;
    private final int maxWindow;

    public PairingRule(int window, int widenPerSecond, int maxWindow) {
        this.window = window;
        this.widenPerSecond = widenPerSecond;
        this.maxWindow = maxWindow;
    }

    /** The ± window of a seek without a range after waiting {@code waited}. */
    public int window(Duration waited) {
        long grown = window + (long) widenPerSecond * Math.max(0, waited.toSeconds());
        return (int) Math.min(maxWindow, grown);
    }

    /** Whether {@code rating} lies in {@code seek}'s window at {@code now}. */
    public boolean admits(Candidate seek, double rating, Instant now) {
        if (seek.min() != null || seek.max() != null) {
            return (seek.min() == null || rating >= seek.min()) && (seek.max() == null || rating <= seek.max());
        }
        return Math.abs(rating - seek.rating()) <= window(Duration.between(seek.createdAt(), now));
    }

    /** Whether {@code a} and {@code b} may be paired at {@code now}. */
    public boolean compatible(Candidate a, Candidate b, Instant now) {
        return !a.player().equals(b.player()) && Objects.equals(a.perf(), b.perf())
                && admits(a, b.rating(), now) && admits(b, a.rating(), now);
    }

    /**
     * The pairs to make of {@code open} at {@code now}: the oldest seek first, each seek and each
     * player in at most one pair.
     */
    public List<Pair> pairs(List<Candidate> open, Instant now) {
        List<Candidate> byAge = new ArrayList<>(open);
        byAge.sort((x, y) -> x.createdAt().compareTo(y.createdAt()));
        Set<UUID> used = new HashSet<>();
        Set<UUID> busy = new HashSet<>();
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < byAge.size(); i++) {
            Candidate a = byAge.get(i);
            if (used.contains(a.id()) || busy.contains(a.player())) {
                continue;
            }
            for (int j = i + 1; j < byAge.size(); j++) {
                Candidate b = byAge.get(j);
                if (used.contains(b.id()) || busy.contains(b.player()) || !compatible(a, b, now)) {
                    continue;
                }
                out.add(new Pair(a, b));
                used.add(a.id());
                used.add(b.id());
                busy.add(a.player());
                busy.add(b.player());
                break;
            }
        }
        return out;
    }
}
