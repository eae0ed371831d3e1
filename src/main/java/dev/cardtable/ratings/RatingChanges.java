package dev.cardtable.ratings;

import dev.cardtable.engine.rating.Glicko2;
import dev.cardtable.engine.rating.Outcome;
import dev.cardtable.engine.rating.Rating;
import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameReconciled;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Status;
import dev.cardtable.players.PlayerRevoked;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Rates rated games ({@code docs/ratings.md}) from the core's {@link GameChanged}, in the
 * transaction of the change:
 * <ul>
 *   <li>when a seat of a rated game is filled (the game created, an open seat taken), the seat shows
 *       its player's current rating for the perf, a computer seat its level's rating;</li>
 *   <li>when a rated game ends with its standings stored, every verified human seat is rated once:
 *       the players' rating rows are created if new and locked in player-id order, each rating is
 *       updated by {@link Glicko2#update} against the opponent's rating before the game, and one
 *       statement ({@link RatingsStore#apply}) writes a {@code rating_history} point per player
 *       (its unique key {@code (game_id, player_id)} makes a second application a no-op) and, for
 *       the points written, the new ratings and the seats' rating before the game and its change:
 *       three statements in the ending's transaction, as the move path is plain SQL.</li>
 * </ul>
 * An aborted game (no outcome for anyone) is not rated. An abandoned game counts as a loss for the
 * seat that was to act (whose {@code abandon} ends the log) and a win for the other.
 */
@ApplicationScoped
public class RatingChanges {

    @Inject
    RatingsConfig config;

    @Inject
    RatingsStore store;

    @Inject
    SeatRatings seatRatings;

    @Inject
    DealRatingStore deals;

    private volatile Glicko2 glicko;

    /**
     * A revoked registration's ratings leave the leaderboards and the ranks: its rows are removed
     * (its rating history stays, with the games it belongs to).
     */
    void onRevoked(@Observes PlayerRevoked r) {
        store.retire(r.playerId());
    }

    void onChange(@Observes GameChanged c) {
        if (!c.rated() || !c.seated()) {
            return;
        }
        if (c.ended()) {
            rate(c);
        } else if (c.after() != Status.FINISHED) {
            showRatings(c);
        }
    }

    /**
     * A rated game changed by a build that kept no ratings: rated as it now stands, exactly as at
     * its change (a second application is a no-op, by {@code rating_history}'s unique key).
     */
    void onReconciled(@Observes GameReconciled r) {
        onChange(r.change());
    }

    /** The algorithm with the configured τ, floor and ceiling. */
    Glicko2 glicko() {
        Glicko2 g = glicko;
        if (g == null) {
            g = new Glicko2(config.tau(), config.deviationFloor(), config.deviationCeiling());
            glicko = g;
        }
        return g;
    }

    /** Each filled seat without a rating shows its player's (or level's) rating now. */
    private void showRatings(GameChanged c) {
        for (SeatRow s : c.seats()) {
            if (s.rating() != null) {
                continue;
            }
            Double rating = null;
            if (s.kind() == SeatKind.HUMAN && s.verified()) {
                rating = seatRatings.current(s.playerId(), c.type(), c.ruleset());
            } else if (s.kind() == SeatKind.AI) {
                RatingsConfig.Level level = config.levels().get(s.aiLevel());
                rating = level == null ? null : level.rating();
            }
            if (rating != null) {
                store.seat(c.gameId(), s.seat(), rating, null, true);
            }
        }
    }

    /**
     * One rated player of a game: its seat, its locked rating row (null for a registration revoked
     * during the game) and its rating before the game.
     */
    private record Rated(SeatRow seat, RatingsStore.Locked row, Rating before) {
    }

    private void rate(GameChanged c) {
        List<SeatRow> seats = c.seats();
        if (seats.size() == 1) {
            rateAgainstDeal(c, seats.getFirst());
            return;
        }
        if (seats.size() != 2 || seats.stream().allMatch(s -> s.outcome() == null)) {
            return; // aborted: nobody won or lost
        }
        double[] scores = scores(c);
        if (scores == null) {
            return;
        }
        List<SeatRow> humans = seats.stream().filter(s -> s.kind() == SeatKind.HUMAN && s.verified()).toList();
        if (humans.isEmpty()) {
            return;
        }
        RatingsConfig.Initial init = config.initial();
        Map<UUID, RatingsStore.Locked> locked = new HashMap<>();
        for (RatingsStore.Locked row : store.lock(humans.stream().map(SeatRow::playerId).toList(), c.type(), c.ruleset(),
                init.rating(), init.deviation(), init.volatility())) {
            locked.put(row.playerId(), row);
        }
        Map<Integer, Rated> rated = new HashMap<>();
        for (SeatRow s : humans) {
            RatingsStore.Locked row = locked.get(s.playerId());
            Rating before;
            if (row != null) {
                before = new Rating(row.rating(), row.deviation(), row.volatility());
            } else { // revoked during the game: no longer rated, but its opponent is rated against it
                // Its newest history point (the first page of its rating history) outlives its rating row.
                before = RatingPointEntity.page(s.playerId(), c.type(), c.ruleset(), null, null, 1).stream()
                        .map(p -> new Rating(p.rating, p.deviation, p.volatility)).findFirst()
                        .orElse(new Rating(init.rating(), init.deviation(), init.volatility()));
            }
            rated.put(s.seat(), new Rated(s, row, before));
        }
        Instant at = c.finishedAt() != null ? c.finishedAt() : c.updatedAt();
        List<RatingPointEntity> points = new ArrayList<>();
        List<Integer> pointSeats = new ArrayList<>();
        for (SeatRow s : humans) {
            Rated me = rated.get(s.seat());
            if (me.row() == null) {
                continue;
            }
            SeatRow other = seats.get(1 - s.seat());
            Rating opponent = opponent(other, rated.get(other.seat()));
            if (opponent == null) {
                continue; // a computer level without a published rating rates nobody
            }
            // The point follows the player's previous one, as its rating does (the row is locked):
            // of games ended at once, one applied later but timed no later is placed 1 ms after it.
            Instant lastPlayed = me.row().lastPlayed();
            Instant placed = lastPlayed != null && !at.isAfter(lastPlayed) ? lastPlayed.plusMillis(1) : at;
            double periods = periods(lastPlayed, placed);
            Rating after = glicko().update(me.before(), List.of(new Outcome(opponent, scores[s.seat()])), periods);
            points.add(point(c, s, me.before(), after, placed));
            pointSeats.add(s.seat());
        }
        if (!points.isEmpty()) {
            store.apply(c.gameId(), c.type(), c.ruleset(), points, pointSeats);
        }
    }

    /**
     * A rated solo game (Scoundrel: {@code docs/ratings.md}, "Scoundrel: players against deals"):
     * the player against its deal. The player's rating row, then the deal's, are locked (every
     * such ending locks in this order, so none deadlock), each is updated by {@link Glicko2#update}
     * against the other's rating before the game — the player scoring 1 for a won game and 0 for
     * any other ending with an outcome (lost, resigned, timed out, abandoned), the deal the
     * complement — and both changes are written unless the game wrote them already (the history
     * tables' keys). An aborted game, a custom deal and a deal without a rating rate nobody.
     */
    private void rateAgainstDeal(GameChanged c, SeatRow s) {
        String o = s.outcome();
        if (o == null || s.kind() != SeatKind.HUMAN || !s.verified()) {
            return;
        }
        double score = "won".equals(o) ? 1 : 0;
        String[] key = deals.dealOf(c.gameId()).orElse(null);
        if (key == null) {
            return;
        }
        RatingsConfig.Initial init = config.initial();
        List<RatingsStore.Locked> rows = store.lock(List.of(s.playerId()), c.type(), c.ruleset(), init.rating(),
                init.deviation(), init.volatility());
        if (rows.isEmpty()) {
            return; // revoked during the game: no longer rated
        }
        DealRatingStore.Row deal = deals.lock(key[0], key[1], key[2]).orElse(null);
        if (deal == null) {
            return;
        }
        RatingsStore.Locked row = rows.getFirst();
        Rating player = new Rating(row.rating(), row.deviation(), row.volatility());
        Rating dealBefore = new Rating(deal.rating(), deal.deviation(), deal.volatility());
        Instant at = c.finishedAt() != null ? c.finishedAt() : c.updatedAt();
        Instant placed = row.lastPlayed() != null && !at.isAfter(row.lastPlayed()) ? row.lastPlayed().plusMillis(1) : at;
        Rating after = glicko().update(player, List.of(new Outcome(dealBefore, score)), periods(row.lastPlayed(), placed));
        int changed = store.apply(c.gameId(), c.type(), c.ruleset(), List.of(point(c, s, player, after, placed)), List.of(s.seat()));
        if (changed == 0) {
            return; // this game rated them already
        }
        Instant dealAt = deal.lastPlayed() != null && !at.isAfter(deal.lastPlayed()) ? deal.lastPlayed().plusMillis(1) : at;
        Rating dealAfter = glicko().update(dealBefore, List.of(new Outcome(player, 1 - score)),
                periods(deal.lastPlayed(), dealAt));
        deals.apply(c.gameId(), deal, dealAfter.rating(), dealAfter.deviation(), dealAfter.volatility(), dealAt);
    }

    /** The opponent's rating before the game: a rated player's as stored, a computer level's as published. */
    private Rating opponent(SeatRow other, Rated rated) {
        if (rated != null) {
            return rated.before();
        }
        if (other.kind() != SeatKind.AI) {
            return null;
        }
        RatingsConfig.Level level = config.levels().get(other.aiLevel());
        return level == null ? null : new Rating(level.rating(), level.deviation(), config.initial().volatility());
    }

    /**
     * Each seat's score: 1 won, ½ drawn, 0 lost; in an abandoned game 0 for the seat whose
     * {@code abandon} ended the log and 1 for the other. Null when it cannot be told.
     */
    private double[] scores(GameChanged c) {
        double[] scores = new double[c.seats().size()];
        Integer abandoner = null;
        for (SeatRow s : c.seats()) {
            String o = s.outcome();
            if (GameWriter.ABANDONED.equals(o)) {
                if (abandoner == null) {
                    abandoner = store.mover(c.gameId(), c.version());
                    if (abandoner == null) {
                        return null;
                    }
                }
                scores[s.seat()] = s.seat() == abandoner ? 0 : 1;
            } else if ("won".equals(o)) {
                scores[s.seat()] = 1;
            } else if ("drawn".equals(o)) {
                scores[s.seat()] = 0.5;
            } else if ("lost".equals(o)) {
                scores[s.seat()] = 0;
            } else {
                return null;
            }
        }
        return scores;
    }

    /**
     * The rating periods since {@code lastPlayed} (fractional; none for a game that ended before
     * it): one for a first game, as for a new player of Glickman's paper.
     */
    double periods(Instant lastPlayed, Instant at) {
        if (lastPlayed == null) {
            return 1;
        }
        Duration away = Duration.between(lastPlayed, at);
        return away.isNegative() ? 0 : (double) away.toNanos() / config.period().toNanos();
    }

    private static RatingPointEntity point(GameChanged c, SeatRow s, Rating before, Rating after, Instant at) {
        RatingPointEntity p = new RatingPointEntity();
        p.playerId = s.playerId();
        p.gameType = c.type();
        p.ruleset = c.ruleset();
        p.gameId = c.gameId();
        p.at = at;
        p.ratingBefore = before.rating();
        p.rating = after.rating();
        p.deviation = after.deviation();
        p.volatility = after.volatility();
        p.diff = after.rating() - before.rating();
        return p;
    }
}
