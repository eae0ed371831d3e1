package dev.cardtable.daily;

import dev.cardtable.deals.CertifiedSeeds;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Rng;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.Sealing;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.view.DealStanding;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.play.NewGame;
import dev.cardtable.play.NewGames;
import dev.cardtable.play.ServerDeal;
import dev.cardtable.ratings.DealRatings;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The daily deal ({@code docs/api.md}, "The daily deal"): one certified-winnable Scoundrel deal per
 * UTC day and ruleset (with the ruleset's default options), one attempt per registered player, the
 * day's board and the all-time table. The day comes from the server's {@link Clock}.
 *
 * <p>A day's seed is a fresh secret seed the solver proved winnable ({@link CertifiedSeeds}), made
 * by whichever instance first needs it and stored (insert on conflict do nothing, then read back),
 * so every instance, started at any time, serves the same deal; nothing about it can be derived
 * from the day. Its commitment is public from then on; the seed is shown once the day is over.
 *
 * <p>No method holds a transaction while a deal is searched for.
 */
@Singleton
public class DailyDeals {

    @Inject
    DailyStore store;

    @Inject
    BoardStore boards;

    @Inject
    CertifiedSeeds certified;


    @Inject
    GameCatalog catalog;

    @Inject
    NewGames creation;

    @Inject
    RegisteredPlayers players;

    @Inject
    Clock clock;

    @Inject
    DealRatings dealRatings;

    /**
     * Today's deal of {@code ruleset} ({@code GET /api/daily/{ruleset}}), made now if it was not;
     * with the caller's attempt when {@code playerKey} is given, and yesterday's deal revealed.
     *
     * @throws GameException {@code not-found} for a ruleset Scoundrel does not have,
     *                       {@code player-key-invalid}, {@code certified-deal-unavailable}
     */
    public DailyDay today(String ruleset, String playerKey) {
        String r = ruleset(ruleset);
        LocalDate today = Sealing.day(clock.instant());
        DailyStore.DealRow deal = ensure(today, r);
        return QuarkusTransaction.joiningExisting().call(() -> {
            UUID attempt = players.holder(playerKey).flatMap(p -> store.attempt(today, r, p.id())).orElse(null);
            DailyDay previous = store.deal(today.minusDays(1), r).map(d -> view(d, null, null)).orElse(null);
            return view(deal, attempt, previous);
        });
    }

    /**
     * The deal of {@code day} ({@code GET /api/daily/{ruleset}/{day}}), its seed once the day is over.
     *
     * @throws GameException {@code not-found} for an unknown ruleset or a day without a deal,
     *                       {@code malformed-request} for a day that is not {@code YYYY-MM-DD}
     */
    public DailyDay day(String ruleset, String day) {
        String r = ruleset(ruleset);
        LocalDate d = parseDay(day);
        return QuarkusTransaction.joiningExisting().call(() -> store.deal(d, r).map(x -> view(x, null, null))
                .orElseThrow(() -> noDeal(r, d)));
    }

    private static GameException noDeal(String ruleset, LocalDate day) {
        return new GameException(Failure.NOT_FOUND, "there is no " + ruleset + " daily deal of " + day);
    }

    /**
     * The caller's one attempt at today's deal ({@code POST /api/daily/{ruleset}/attempts}): a
     * Scoundrel game of the day's deal, its seat verified for the key's player.
     *
     * @return the game as its seat sees it, with the seat's token
     * @throws GameException {@code player-key-required}, {@code player-key-invalid},
     *                       {@code not-found}, {@code daily-attempted} (with {@code gameId}) for a
     *                       second attempt the same day, {@code certified-deal-unavailable}
     */
    public GameView attempt(String ruleset, String playerKey) {
        return attempt(ruleset, playerKey, false);
    }

    /**
     * The caller's one attempt at today's deal, rated ({@code docs/ratings.md}, "Scoundrel: players
     * against deals") when {@code rated}: the player against the day's deal, whose rating is made
     * sure of first, outside the transaction.
     *
     * @throws GameException as {@link #attempt(String, String)}
     */
    public GameView attempt(String ruleset, String playerKey, boolean rated) {
        String r = ruleset(ruleset);
        if (playerKey == null || playerKey.isBlank()) {
            throw new GameException(Failure.PLAYER_KEY_REQUIRED, "the daily deal needs '" + RegisteredPlayers.HEADER + ": <player key>'");
        }
        LocalDate today = Sealing.day(clock.instant());
        DailyStore.DealRow deal = ensure(today, r);
        if (rated) {
            dealRatings.ensure(r, catalog.daily().info().ruleset(r).resolve(Map.of()), deal.seed());
        }
        return QuarkusTransaction.joiningExisting().call(() -> {
            PlayerRow p = players.holder(playerKey).orElseThrow();
            store.attempt(today, r, p.id()).ifPresent(DailyDeals::attempted);
            GameView game = creation.createDealt(new NewGame(catalog.daily().name(), r, null, null, null,
                    List.of(new Seating.SeatSpec(p.name(), null, null, null)), null, null, false, p, rated),
                    new ServerDeal(deal.seed(), new GameRow.Origin(true, today)));
            if (!store.addAttempt(today, r, p.id(), game.id(), game.createdAt())) {
                // A concurrent attempt committed first: this one is rolled back.
                attempted(store.attempt(today, r, p.id()).orElseThrow());
            }
            return game;
        });
    }

    private static void attempted(UUID game) {
        throw new GameException(Failure.DAILY_ATTEMPTED, "you have played today's deal already; one attempt per day",
                Map.of("gameId", game.toString()));
    }

    /**
     * A page of the board of {@code day} ({@code GET /api/daily/{ruleset}/{day}/leaderboard}).
     *
     * @throws GameException {@code not-found} for an unknown ruleset or a day without a deal (a day
     *                       to come, or one nobody asked for), {@code malformed-request} for a bad
     *                       day, cursor or limit
     */
    public DailyBoard board(String ruleset, String day, String cursor, int limit) {
        String r = ruleset(ruleset);
        LocalDate d = parseDay(day);
        Paging.checkLimit(limit);
        DailyStore.BoardRow after = cursor == null ? null : boardCursor(cursor);
        return QuarkusTransaction.joiningExisting().call(() -> {
            if (store.deal(d, r).isEmpty()) {
                throw noDeal(r, d); // as for the day's deal itself
            }
            List<DailyStore.BoardRow> rows = boards.board(d, r, after, limit + 1);
            List<DailyStore.BoardRow> page = rows.subList(0, Math.min(limit, rows.size()));
            String next = rows.size() > limit ? Paging.encode(page.getLast().score(), page.getLast().moves(),
                    page.getLast().finishedAt(), page.getLast().gameId()) : null;
            DailyStore.DealRow deal = store.deal(d, r).orElseThrow();
            return new DailyBoard(r, d, page.stream().map(DailyDeals::entry).toList(), next, dealRating(deal));
        });
    }

    /** Game {@code gameId}'s entry on the board of {@code day}, once it counts there. */
    public Optional<DailyBoard.Entry> entry(String ruleset, LocalDate day, UUID gameId) {
        return QuarkusTransaction.requiringNew().call(() -> boards.entry(day, ruleset, gameId).map(DailyDeals::entry));
    }

    /**
     * A page of the all-time table ({@code GET /api/daily/{ruleset}/leaderboard}).
     *
     * @throws GameException {@code not-found}, {@code malformed-request} for a bad cursor or limit
     */
    public DailyTable table(String ruleset, String cursor, int limit) {
        String r = ruleset(ruleset);
        Paging.checkLimit(limit);
        DailyStore.TableRow after = cursor == null ? null : tableCursor(cursor);
        return QuarkusTransaction.joiningExisting().call(() -> {
            List<DailyStore.TableRow> rows = boards.table(r, after, limit + 1);
            List<DailyStore.TableRow> page = rows.subList(0, Math.min(limit, rows.size()));
            DailyStore.TableRow last = page.isEmpty() ? null : page.getLast();
            String next = rows.size() > limit ? Paging.encode(last.won(), last.totalScore(), last.player(), last.playerId()) : null;
            return new DailyTable(r, page.stream().map(t -> new DailyTable.Line(t.rank(), t.player(), t.played(), t.won(),
                    t.totalScore(), t.bestScore())).toList(), next);
        });
    }

    /** The ruleset named in a path, one of Scoundrel's. */
    String ruleset(String name) {
        GameInfo info = catalog.daily().info();
        try {
            return info.ruleset(name).name();
        } catch (MalformedInput e) {
            throw new GameException(Failure.NOT_FOUND, "Scoundrel has no ruleset '" + name + "'; its rulesets are "
                    + info.rulesets().stream().map(GameInfo.RulesetInfo::name).toList());
        }
    }

    /** The stored deal of {@code day}, searched for and stored first if there is none. */
    private DailyStore.DealRow ensure(LocalDate day, String ruleset) {
        Optional<DailyStore.DealRow> stored = QuarkusTransaction.joiningExisting().call(() -> store.deal(day, ruleset));
        if (stored.isPresent()) {
            return stored.get();
        }
        GameInfo.RulesetInfo info = catalog.daily().info().ruleset(ruleset);
        String seed = certified.draw(ruleset, info.resolve(Map.of()));
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> store.store(day, ruleset, seed, Rng.commitment(seed), now));
    }

    private DailyDay view(DailyStore.DealRow d, UUID attempt, DailyDay previous) {
        boolean over = !clock.instant().isBefore(Sealing.end(d.day()));
        return new DailyDay(d.ruleset(), d.day(), Sealing.start(d.day()), Sealing.end(d.day()), d.seedCommitment(),
                over ? d.seed() : null, attempt, previous, dealRating(d));
    }

    /**
     * The rating of a day's deal in rated play, once the day is over (before, it would speak of the
     * hidden order to those yet to play); null while it lasts or when nobody played it rated.
     */
    private DealStanding dealRating(DailyStore.DealRow d) {
        if (clock.instant().isBefore(Sealing.end(d.day()))) {
            return null;
        }
        return dealRatings.standing(d.ruleset(), catalog.daily().info().ruleset(d.ruleset()).resolve(Map.of()),
                d.seedCommitment());
    }

    private static DailyBoard.Entry entry(DailyStore.BoardRow b) {
        return new DailyBoard.Entry(b.rank(), b.player(), b.gameId(), b.score(), b.moves(), b.outcome(), b.finishedAt());
    }

    private static LocalDate parseDay(String day) {
        try {
            return LocalDate.parse(day);
        } catch (DateTimeParseException | NullPointerException e) {
            throw GameException.malformed("a day is a UTC date, YYYY-MM-DD");
        }
    }

    private static DailyStore.BoardRow boardCursor(String cursor) {
        String[] p = Paging.decode(cursor, 4);
        try {
            return new DailyStore.BoardRow(0, null, UUID.fromString(p[3]), Integer.parseInt(p[0]), Integer.parseInt(p[1]),
                    null, Paging.inRange(Instant.parse(p[2])));
        } catch (RuntimeException e) {
            throw Paging.badCursor();
        }
    }

    private static DailyStore.TableRow tableCursor(String cursor) {
        String[] p = Paging.decode(cursor, 4);
        try {
            if (!Names.valid(p[2])) {
                throw new IllegalArgumentException();
            }
            return new DailyStore.TableRow(0, p[2], UUID.fromString(p[3]), 0, Long.parseLong(p[0]), Long.parseLong(p[1]), 0);
        } catch (RuntimeException e) {
            throw Paging.badCursor();
        }
    }
}
