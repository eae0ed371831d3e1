package dev.cardtable.history;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.db.Replica;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.Sweep;
import dev.cardtable.platform.game.view.GameSummary;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The history of play: filtered, newest-first listing with keyset cursors (stable while games are
 * being created), and per-player statistics; the SQL is {@link HistoryQueries}. Reads public facts only: no view, no seed of a
 * running game.
 */
@Singleton
public class HistoryService {

    private static final Set<String> STATUSES = java.util.Arrays.stream(Status.values()).map(Status::id)
            .collect(java.util.stream.Collectors.toCollection(java.util.LinkedHashSet::new));
    private static final Set<String> RESULTS = Set.of("won", "lost", "drawn", GameWriter.ABANDONED);

    @Inject
    HistoryQueries queries;

    @Inject
    Replica replica;

    @Inject
    Projection projection;

    @Inject
    GameCatalog catalog;

    @Inject
    RegisteredPlayers players;

    @Inject
    Sweep sweep;

    /** The filters of {@code GET /api/games}; null fields do not filter. */
    public record Query(String type, String status, String player, String result, String rated,
                        String createdAfter, String createdBefore, int limit, String cursor) {
    }

    /**
     * One page of games matching {@code q}, newest first ({@code created_at}, then id).
     *
     * @throws GameException {@code malformed-request} for a bad status, result, rated (neither
     *                       {@code true} nor {@code false}), time, limit or cursor
     */
    @Transactional
    public HistoryPage list(Query q) {
        Paging.checkLimit(q.limit());
        if (q.type() != null) {
            catalog.type(q.type());
        }
        Status status = null;
        if (q.status() != null) {
            if (!STATUSES.contains(q.status())) {
                throw GameException.malformed("'status' must be one of " + STATUSES);
            }
            status = Status.of(q.status());
        }
        if (q.result() != null && !RESULTS.contains(q.result())) {
            throw GameException.malformed("'result' must be one of " + RESULTS);
        }
        if (q.player() != null && !Names.valid(q.player())) {
            throw GameException.malformed("'player' is not a valid name");
        }
        Boolean rated = null;
        if (q.rated() != null) {
            if (!q.rated().equals("true") && !q.rated().equals("false")) {
                throw GameException.malformed("'rated' must be true or false");
            }
            rated = Boolean.valueOf(q.rated());
        }
        Instant after = q.createdAfter() == null ? null : bound(q.createdAfter(), "createdAfter", false);
        Instant before = q.createdBefore() == null ? null : bound(q.createdBefore(), "createdBefore", true);
        Paging.Cursor cursor = q.cursor() == null ? null : Paging.Cursor.decode(q.cursor());
        // A registered name is matched in any case, as everywhere; its seats carry it as registered.
        // Its games are those its player took a seat of with its key, as its statistics count them:
        // not games played under the name by others before it was registered, nor imported ones.
        Optional<PlayerRow> registered = q.player() == null ? Optional.empty() : players.registered(q.player());
        String player = registered.map(PlayerRow::name).orElse(q.player());
        HistoryQueries.Filter filter = new HistoryQueries.Filter(q.type(), status, player,
                registered.map(PlayerRow::id).orElse(null), q.result(),
                rated, after, before, cursor == null ? null : cursor.createdAt(), cursor == null ? null : cursor.id(),
                q.limit());
        // Finished games never change: a page of them only may come from the standby.
        HistoryQueries.Page page = (status == Status.FINISHED ? replica.read(c -> Optional.of(queries.page(c, filter)))
                : Optional.<HistoryQueries.Page>empty()).orElseGet(() -> queries.page(filter));
        // A game due to end on time is ended before it is listed, as every read of one game does.
        List<GameSummary> items = page.games().stream().map(sweep::current).map(projection::summary).toList();
        GameRow last = page.games().isEmpty() ? null : page.games().get(page.games().size() - 1);
        return new HistoryPage(items, page.more() ? new Paging.Cursor(last.createdAt(), last.id()).encode() : null);
    }

    /**
     * {@code name}'s finished games per type: played, won, lost, drawn, best and mean score. For a
     * registered name (compared case-insensitively) only its verified seats count.
     *
     * @throws GameException {@code malformed-request} for an invalid name
     */
    @Transactional
    public PlayerStats stats(String name) {
        if (!Names.valid(name)) {
            throw GameException.malformed("not a valid player name");
        }
        Optional<PlayerRow> registered = players.registered(name);
        // Statistics count finished games only, which never change: the standby may serve them.
        Object who = registered.<Object>map(PlayerRow::id).orElse(name);
        List<HistoryQueries.TypeStats> stats = replica.read(c -> Optional.of(queries.stats(c, who)))
                .orElseGet(() -> registered.map(p -> queries.stats(p.id())).orElseGet(() -> queries.stats(name)));
        return new PlayerStats(registered.map(PlayerRow::name).orElse(name), registered.isPresent(),
                stats.stream().map(t -> new PlayerStats.TypeStats(t.type(), t.played(), t.won(), t.lost(), t.drawn(),
                        t.abandoned(), t.bestScore(), t.meanScore())).toList());
    }

    /**
     * An exclusive time bound, exact to the nanosecond given: PostgreSQL keeps microseconds, so a
     * lower bound compares as the microsecond at or below it, an upper bound as the one at or above
     * it, which selects exactly the stored times past the bound (a finer bound sent as it is would be
     * rounded to the nearest microsecond, and could miss a game created inside it).
     */
    private static Instant bound(String text, String name, boolean upper) {
        try {
            Instant t = Instant.parse(text);
            Instant micros = t.truncatedTo(ChronoUnit.MICROS);
            return Paging.inRange(upper && !micros.equals(t) ? micros.plus(1, ChronoUnit.MICROS) : micros);
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw GameException.malformed("'" + name + "' must be an RFC 3339 time between years 1 and 9999,"
                    + " e.g. 2026-11-29T12:00:00Z");
        }
    }
}
