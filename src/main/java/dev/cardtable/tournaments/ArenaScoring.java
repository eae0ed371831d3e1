package dev.cardtable.tournaments;

import java.util.ArrayList;
import java.util.List;

/**
 * The arena scoring rules ({@code docs/tournaments.md}, "Scoring"), pure: lichess's arena rules.
 * A win scores 2, a draw 1, a loss 0; a player who has won the last two counted games is on a
 * streak, and on a streak a win scores 4 and a draw 2 (the draw, as a loss, ends the streak).
 * Games count in the order they ended, late ones (ended after the arena's end) and a paused
 * player's included; a game aborted or cancelled before its first move is not a result and
 * counts nothing. Performance is the mean over counted games of the opponent's rating at the
 * pairing, plus 500 for a win and minus 500 for a loss, rounded; null before the first game.
 */
public final class ArenaScoring {

    /** A streak of this many wins puts a player on a streak: the next win scores double. */
    public static final int STREAK = 2;

    /** What performance adds for a win and takes for a loss, in rating points. */
    public static final int PERFORMANCE_BONUS = 500;

    private ArenaScoring() {
    }

    /** One counted game's result for a player. */
    public enum Result {
        WON("won"), DRAWN("drawn"), LOST("lost");

        private final String word;

        Result(String word) {
            this.word = word;
        }

        /** The word the API uses: {@code won}, {@code drawn}, {@code lost}. */
        public String word() {
            return word;
        }

        /** The result of {@code word} ({@code won}, {@code drawn}, {@code lost}), or null for another. */
        public static Result of(String word) {
            for (Result r : values()) {
                if (r.word.equals(word)) {
                    return r;
                }
            }
            return null;
        }
    }

    /**
     * A player's entry as scoring sees it.
     *
     * @param points         total points
     * @param games          counted games
     * @param wins           games won
     * @param draws          games drawn
     * @param losses         games lost
     * @param streak         consecutive wins up to now
     * @param performanceSum the sum over counted games of the opponent's rating ± 500
     */
    public record Entry(int points, int games, int wins, int draws, int losses, int streak, long performanceSum) {

        /** No game yet. */
        public static final Entry NONE = new Entry(0, 0, 0, 0, 0, 0, 0);

        /** Whether the next win scores double. */
        public boolean onStreak() {
            return streak >= STREAK;
        }

        /** The performance rating, rounded; null before the first game. */
        public Integer performance() {
            return games == 0 ? null : (int) Math.round((double) performanceSum / games);
        }
    }

    /**
     * One game as it counted.
     *
     * @param result the result
     * @param points the points it scored
     * @param after  the entry after it
     */
    public record Counted(Result result, int points, Entry after) {
    }

    /** The points {@code result} scores for a player whose entry is {@code before}. */
    public static int points(Entry before, Result result) {
        int base = switch (result) {
            case WON -> 2;
            case DRAWN -> 1;
            case LOST -> 0;
        };
        return before.onStreak() ? base * 2 : base;
    }

    /**
     * Counts one game.
     *
     * @param before         the entry before it
     * @param result         its result for the player
     * @param opponentRating the opponent's rating at the pairing
     */
    public static Counted count(Entry before, Result result, int opponentRating) {
        int points = points(before, result);
        int bonus = switch (result) {
            case WON -> PERFORMANCE_BONUS;
            case DRAWN -> 0;
            case LOST -> -PERFORMANCE_BONUS;
        };
        Entry after = new Entry(before.points() + points, before.games() + 1,
                before.wins() + (result == Result.WON ? 1 : 0), before.draws() + (result == Result.DRAWN ? 1 : 0),
                before.losses() + (result == Result.LOST ? 1 : 0), result == Result.WON ? before.streak() + 1 : 0,
                before.performanceSum() + opponentRating + bonus);
        return new Counted(result, points, after);
    }

    /**
     * A game of a player, as it ended.
     *
     * @param result         its result, or null for a game aborted before its first move (not counted)
     * @param opponentRating the opponent's rating at the pairing
     */
    public record Game(Result result, int opponentRating) {
    }

    /** Counts {@code games} in the order they ended; each counted game with the entry after it. */
    public static List<Counted> countAll(List<Game> games) {
        List<Counted> out = new ArrayList<>();
        Entry e = Entry.NONE;
        for (Game g : games) {
            if (g.result() == null) {
                continue;
            }
            Counted c = count(e, g.result(), g.opponentRating());
            out.add(c);
            e = c.after();
        }
        return out;
    }

    /** The entry after {@code games}, in the order they ended. */
    public static Entry total(List<Game> games) {
        List<Counted> all = countAll(games);
        return all.isEmpty() ? Entry.NONE : all.get(all.size() - 1).after();
    }
}
