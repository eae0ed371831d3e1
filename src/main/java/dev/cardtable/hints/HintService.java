package dev.cardtable.hints;

import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.ScoundrelView;
import dev.cardtable.engine.scoundrel.solver.Hint;
import dev.cardtable.engine.scoundrel.solver.ScoundrelHints;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.Thinking;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.UUID;

/**
 * Hints for a Scoundrel seat ({@code GET /api/games/{id}/hint}). The hint is computed by
 * {@link ScoundrelHints} from the seat's {@link ScoundrelView view} alone — the one
 * {@link Projection} would send — plus the game's public ruleset and binding, so it cannot depend
 * on the hidden dungeon order.
 *
 * <p>The game is read in a short transaction of its own, which ends before the search starts: a
 * hint holds no database connection while it thinks. The search runs within {@link Thinking}'s
 * bound: past it, or past the caller's share of it, {@code 503 server-busy}.
 */
@Singleton
public class HintService {

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    GameWriter writer;

    @Inject
    Thinking thinking;

    private final ScoundrelHints hints = new ScoundrelHints();

    /**
     * A recommended move for the seat whose token {@code credential} carries.
     *
     * @throws GameException {@code game-not-found}; {@code unauthenticated} without a seat token
     *                       or with a token of no seat; {@code not-found} for a game type other
     *                       than Scoundrel; {@code game-not-started}; {@code game-over};
     *                       {@code not-your-turn}; {@code rated-game-running} for a rated game
     */
    public HintView hint(UUID id, SeatCredential credential) {
        Seen seen = QuarkusTransaction.requiringNew().call(() -> read(id, credential));
        Hint h = thinking.think("hints", () -> hints.hint(seen.view(), seen.state().ruleset(), seen.state().weaponBinding()));
        return new HintView(seen.type().rules().writeMove(h.move()), h.reason(), h.wins(), h.samples());
    }

    /** What a hint is computed from, read while the transaction lasts. */
    private record Seen(GameType<ScoundrelState, ScoundrelMove, ScoundrelView> type, ScoundrelState state,
                        ScoundrelView view) {
    }

    private Seen read(UUID id, SeatCredential credential) {
        GameRow g = store.find(id).orElseThrow(GameException::gameNotFound);
        int seat = Seating.authenticate(g, credential, true);
        if (!catalog.type(g.type()).offers(GameType.Ability.HINTS)) {
            throw new GameException(Failure.NOT_FOUND, "hints are offered for Scoundrel games only");
        }
        if (g.origin().daily() != null) {
            throw new GameException(Failure.NOT_FOUND, "hints are not offered for the daily deal");
        }
        GameException.requireActive(g.status());
        if (g.rated()) {
            // A rating measures the player alone (docs/ratings.md, "Scoundrel: players against deals").
            throw new GameException(Failure.RATED_GAME_RUNNING, "hints are off while a rated game runs: a rating "
                    + "measures the player alone");
        }
        @SuppressWarnings("unchecked")
        GameType<ScoundrelState, ScoundrelMove, ScoundrelView> type =
                (GameType<ScoundrelState, ScoundrelMove, ScoundrelView>) catalog.type(g.type());
        ScoundrelState state = writer.open(type, g).state();
        if (!type.rules().toAct(state).contains(Seat.of(seat))) {
            throw new GameException(Failure.NOT_YOUR_TURN, "seat " + seat + " may not act now");
        }
        return new Seen(type, state, type.rules().view(state, Projection.viewer(g, seat)));
    }
}
