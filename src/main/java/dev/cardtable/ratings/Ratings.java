package dev.cardtable.ratings;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.db.ServerSecret;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.view.GlickoValues;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The ratings' reads ({@code docs/ratings.md}, "Endpoints"): the published parameters, a player's
 * ratings with its rank, its rating history and a perf's leaderboard. A perf is a game type that
 * offers rated games and one of its rulesets.
 */
@Singleton
public class Ratings implements LevelRatings, SeatRatings {

    @Inject
    RatingsConfig config;

    @Inject
    RatingsStore store;

    @Inject
    RegisteredPlayers players;

    @Inject
    GameCatalog catalog;

    @Inject
    Clock clock;

    @Inject
    ServerSecret secret;

    @Override
    public OptionalDouble rating(String level) {
        RatingsConfig.Level l = level == null ? null : config.levels().get(level);
        return l == null ? OptionalDouble.empty() : OptionalDouble.of(l.rating());
    }

    @Override
    public double current(UUID playerId, String gameType, String ruleset) {
        Double stored = store.rating(new RatingEntity.Key(playerId, gameType, ruleset));
        return stored == null ? config.initial().rating() : stored;
    }

    @Override
    public int ratedGames(UUID playerId, String gameType, String ruleset) {
        RatingEntity e = RatingEntity.findById(new RatingEntity.Key(playerId, gameType, ruleset));
        return e == null ? 0 : e.games;
    }

    /** Every parameter, as configured. */
    public RatingParameters parameters() {
        Map<String, RatingParameters.Level> levels = new LinkedHashMap<>();
        new TreeMap<>(config.levels()).forEach((name, l) -> levels.put(name, new RatingParameters.Level(l.rating(),
                l.deviation())));
        RatingsConfig.Initial i = config.initial();
        return new RatingParameters("glicko2", new RatingParameters.Initial(i.rating(), i.deviation(), i.volatility()),
                config.tau(), text(config.period()), config.deviationFloor(), config.deviationCeiling(),
                config.provisionalDeviation(), text(config.leaderboardInactiveAfter()), levels,
                new RatingParameters.Deals(config.deals().candidates(), config.deals().nodes()));
    }

    /**
     * {@code name}'s rating in every perf it played a rated game of.
     *
     * @throws GameException {@code malformed-request} for an invalid name, {@code not-found} for a
     *                       name no standing registration holds
     */
    @Transactional
    public PlayerRatings of(String name) {
        PlayerRow p = player(name);
        Instant since = activeSince();
        List<PlayerRatings.PerfRating> perfs = RatingEntity.of(p.id()).stream().map(r -> {
            boolean provisional = r.deviation > config.provisionalDeviation();
            boolean ranked = !provisional && r.lastPlayed != null && !r.lastPlayed.isBefore(since);
            Long rank = ranked ? store.rank(r.gameType, r.ruleset, config.provisionalDeviation(), since, r.rating,
                    r.playerId) : null;
            return new PlayerRatings.PerfRating(r.gameType, r.ruleset, r.rating, r.deviation, r.volatility, r.games,
                    provisional, r.lastPlayed, rank, GlickoValues.of(r.rating, r.deviation, r.volatility));
        }).toList();
        return new PlayerRatings(p.name(), perfs);
    }

    /**
     * A page of {@code name}'s rating points in a perf, newest first.
     *
     * @throws GameException {@code malformed-request} for an invalid name, limit or cursor;
     *                       {@code not-found} for an unregistered name or an unknown perf
     */
    @Transactional
    public RatingHistory history(String name, String gameType, String ruleset, int limit, String cursor) {
        PlayerRow p = player(name);
        checkPerf(gameType, ruleset);
        Paging.checkLimit(limit);
        Paging.Cursor after = cursor == null ? null : Paging.Cursor.decode(cursor);
        List<RatingPointEntity> rows = RatingPointEntity.page(p.id(), gameType, ruleset,
                after == null ? null : after.createdAt(), after == null ? null : after.id(), limit + 1);
        boolean more = rows.size() > limit;
        List<RatingPointEntity> page = more ? rows.subList(0, limit) : rows;
        RatingPointEntity last = page.isEmpty() ? null : page.getLast();
        List<RatingHistory.Point> points = page.stream().map(r -> new RatingHistory.Point(r.gameId, r.at, r.rating,
                r.deviation, r.volatility, r.diff, GlickoValues.of(r.rating, r.deviation, r.volatility))).toList();
        return new RatingHistory(points, more ? new Paging.Cursor(last.at, last.gameId).encode() : null);
    }

    /**
     * A page of a perf's leaderboard, best first. Its cursor carries the last entry's rating, player
     * id and rank, signed by the server ({@link ServerSecret}), so a page's ranks are always the
     * server's: a cursor edited by hand is refused.
     *
     * @throws GameException {@code malformed-request} for a bad limit or a cursor the server did not
     *                       make for this perf, {@code not-found} for an unknown perf
     */
    public Leaderboard leaderboard(String gameType, String ruleset, int limit, String cursor) {
        checkPerf(gameType, ruleset);
        Paging.checkLimit(limit);
        Double afterRating = null;
        UUID afterPlayer = null;
        long rank = 0;
        if (cursor != null) {
            String[] parts = Paging.decode(cursor, 4);
            try {
                if (!secret.verify(cursorPayload(gameType, ruleset, parts[0], parts[1], parts[2]),
                        Base64.getUrlDecoder().decode(parts[3]))) {
                    throw Paging.badCursor();
                }
                afterRating = Double.parseDouble(parts[0]);
                afterPlayer = UUID.fromString(parts[1]);
                rank = Long.parseLong(parts[2]);
            } catch (IllegalArgumentException e) {
                throw Paging.badCursor();
            }
        }
        List<RatingsStore.Row> rows = store.leaderboard(gameType, ruleset, config.provisionalDeviation(),
                activeSince(), afterRating, afterPlayer, limit + 1);
        boolean more = rows.size() > limit;
        List<RatingsStore.Row> page = more ? rows.subList(0, limit) : rows;
        List<Leaderboard.Entry> entries = new java.util.ArrayList<>(page.size());
        for (RatingsStore.Row r : page) {
            entries.add(new Leaderboard.Entry(++rank, r.name(), r.rating(), r.deviation(), r.games(), r.lastPlayed()));
        }
        if (!more) {
            return new Leaderboard(entries, null);
        }
        RatingsStore.Row last = page.getLast();
        String r = String.valueOf(last.rating()), id = last.playerId().toString(), n = String.valueOf(rank);
        String tag = Base64.getUrlEncoder().withoutPadding().encodeToString(secret.mac(cursorPayload(gameType, ruleset, r, id, n)));
        return new Leaderboard(entries, Paging.encode(r, id, n, tag));
    }

    /** What a leaderboard cursor's tag signs: its perf and its parts, as the cursor carries them. */
    private static String cursorPayload(String gameType, String ruleset, String rating, String player, String rank) {
        return "leaderboard|" + gameType + "/" + ruleset + "|" + rating + "|" + player + "|" + rank;
    }

    private Instant activeSince() {
        return clock.instant().minus(config.leaderboardInactiveAfter());
    }

    private PlayerRow player(String name) {
        Names.check(name);
        return players.registered(name).orElseThrow(() -> new GameException(Failure.NOT_FOUND,
                "no registered player is named '" + name + "'; ratings are kept for registered players"));
    }

    /** Refuses a perf that is not a rated game type's ruleset: {@code not-found}. */
    private void checkPerf(String gameType, String ruleset) {
        boolean known = gameType != null && catalog.names().contains(gameType)
                && catalog.type(gameType).offers(GameType.Ability.RATED)
                && catalog.type(gameType).info().rulesets().stream().anyMatch(r -> r.name().equals(ruleset));
        if (!known) {
            throw new GameException(Failure.NOT_FOUND, "no rated perf '" + gameType + "/" + ruleset + "'; rated perfs are "
                    + perfs());
        }
    }

    private List<String> perfs() {
        return catalog.names().stream().map(catalog::type).filter(t -> t.offers(GameType.Ability.RATED))
                .flatMap(t -> t.info().rulesets().stream().map(r -> t.name() + "/" + r.name())).toList();
    }

    /** {@code d} as ISO 8601, in days when it is whole days ({@code P5D}, not {@code PT120H}). */
    static String text(Duration d) {
        return !d.isZero() && d.toSeconds() % 86_400 == 0 && d.toNanosPart() == 0 ? "P" + d.toDays() + "D" : d.toString();
    }
}
