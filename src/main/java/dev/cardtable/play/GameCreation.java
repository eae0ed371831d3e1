package dev.cardtable.play;

import dev.cardtable.deals.CertifiedSeeds;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Setup;
import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.Progress;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.ratings.DealRatings;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;

/** Creating games ({@code docs/api.md}, "Creating a game"); their open seats are taken through {@link OpenSeats}. */
@Singleton
public class GameCreation implements NewGames {

    private final SecureRandom random = new SecureRandom();

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    GameWriter writer;

    @Inject
    Projection projection;

    @Inject
    JsonText json;

    @Inject
    Event<GameChanged> changes;

    @Inject
    RegisteredPlayers players;

    @Inject
    CertifiedSeeds certifiedSeeds;

    @Inject
    RatedGames rated;

    @Inject
    OpenSeats openSeats;

    @Inject
    DealRatings dealRatings;


    /**
     * Creates a game for a client ({@code POST /api/games}): a certified deal is searched for
     * first, outside any transaction; then the game is created as by {@link #create(NewGame)}, the
     * seat of the player whose key {@code playerKey} is being verified.
     *
     * @param playerKey the {@code X-Player-Key} header, or null
     * @throws GameException as {@link #create(NewGame)}; {@code malformed-request} for
     *                       {@code certified} with a seed, a deal or a game type other than
     *                       Scoundrel; {@code certified-deal-unavailable}; {@code player-key-invalid},
     *                       {@code player-key-mismatch}, {@code name-registered}; for {@code rated}:
     *                       {@code rated-game-type}, {@code rated-deal}, {@code rated-seat-unverified},
     *                       {@code rated-ai-budget}, {@code rated-no-human}; for {@code ratingRange}: {@code rating-range-unrated},
     *                       {@code rating-range-no-open-seat}
     */
    public GameView create(NewGame req, String playerKey) {
        boolean againstDeal = req != null && req.rated() && RatedGames.againstDeal(catalog.type(req.type()));
        if (req != null && req.rated() && req.certified() && !againstDeal) {
            RatedGames.checkRated(catalog.type(req.type()), req, false, null);
            throw new GameException(Failure.RATED_DEAL, "a rated game is dealt from a secret server seed; leave out "
                    + "'certified'");
        }
        ServerDeal dealt = req != null && req.certified() ? certify(req) : null;
        if (againstDeal) {
            dealt = dealForRating(req, playerKey, dealt);
        }
        ServerDeal chosen = dealt;
        return QuarkusTransaction.joiningExisting().call(() -> {
            NewGame r = req == null ? null : req.withPlayer(players.holder(playerKey).orElse(null));
            if (r == null) {
                throw GameException.malformed("a JSON body is required");
            }
            return create(catalog.type(r.type()), r, chosen);
        });
    }

    /**
     * The deal of a rated Scoundrel game ({@code docs/ratings.md}, "Scoundrel: players against
     * deals"), outside any transaction: the certified deal drawn ({@code dealt}), or for a request
     * with no seed and no deal one near the rating of the player whose key it carries; its rating
     * made sure of. Null for a client's seed or deal, which the creation refuses
     * ({@code rated-deal}).
     */
    private ServerDeal dealForRating(NewGame req, String playerKey, ServerDeal dealt) {
        if (req.seed() != null || req.deal() != null) {
            return null;
        }
        GameType<?, ?, ?> type = catalog.type(req.type());
        GameInfo.RulesetInfo ruleset = req.ruleset() == null ? type.info().defaultRuleset() : type.info().ruleset(req.ruleset());
        Options options = ruleset.resolve(req.options() == null ? Map.of() : req.options());
        if (dealt != null) {
            dealRatings.ensure(ruleset.name(), options, dealt.seed());
            return dealt;
        }
        PlayerRow player = QuarkusTransaction.joiningExisting().call(() -> players.holder(playerKey).orElse(null));
        if (player == null) {
            // No registered player: the seat cannot be verified, and the creation says so (rated-seat-unverified).
            return new ServerDeal(Credentials.newSeed(), GameRow.Origin.NONE);
        }
        return new ServerDeal(dealRatings.near(player.id(), ruleset.name(), options), GameRow.Origin.NONE);
    }

    private ServerDeal certify(NewGame req) {
        GameType<?, ?, ?> type = catalog.type(req.type());
        if (!type.offers(GameType.Ability.CERTIFIED_DEALS)) {
            throw GameException.malformed("'certified' deals are offered for Scoundrel only");
        }
        if (req.seed() != null || req.deal() != null) {
            throw GameException.malformed("a certified deal is dealt from a secret server seed; leave out 'seed' and 'deal'");
        }
        GameInfo.RulesetInfo ruleset = req.ruleset() == null ? type.info().defaultRuleset() : type.info().ruleset(req.ruleset());
        Options options = ruleset.resolve(req.options() == null ? Map.of() : req.options());
        String seed = certifiedSeeds.draw(ruleset.name(), options);
        return new ServerDeal(seed, new GameRow.Origin(true, null));
    }

    @Override
    @Transactional
    public GameView create(NewGame req) {
        if (req == null) {
            throw GameException.malformed("a JSON body is required");
        }
        if (req.certified()) {
            throw GameException.malformed("a certified deal must be searched for before the transaction");
        }
        return create(catalog.type(req.type()), req, null);
    }

    @Override
    public GameView createDealt(NewGame req, ServerDeal dealt) {
        return create(catalog.type(req.type()), req, dealt);
    }

    @Override
    @Transactional
    public GameView start(NewMatch match) {
        PlayerRow first = match.first();
        PlayerRow second = match.second();
        if (first.id().equals(second.id())) {
            throw new GameException(Failure.NAME_REGISTERED, "'" + second.name() + "' holds another seat of this game: a "
                    + "registered player holds at most one seat of a game");
        }
        int seat = match.firstSeat() != null ? match.firstSeat() : random.nextInt(2);
        List<Seating.SeatSpec> specs = new ArrayList<>(List.of(new Seating.SeatSpec(second.name(), null, null, null),
                new Seating.SeatSpec(second.name(), null, null, null)));
        specs.set(seat, new Seating.SeatSpec(first.name(), null, null, null));
        NewGame req = new NewGame(match.type(), match.ruleset(), null, match.options(), null, specs, match.clock(), null,
                false, null, match.rated());
        return create(catalog.type(req.type()), req, null, rows -> {
            List<SeatRow> verified = new ArrayList<>(rows.size());
            for (SeatRow r : rows) {
                verified.add(players.verifySeat(r, r.seat() == seat ? first : second));
            }
            return verified;
        }, 1 - seat);
    }

    private <S, M, V> GameView create(GameType<S, M, V> type, NewGame req, ServerDeal dealt) {
        return create(type, req, dealt, rows -> players.verify(rows, req.player()), null);
    }

    /**
     * Creates the game {@code req} asks for, its seats verified by {@code verify}; the answer is
     * as seat {@code answer} sees it, with its token only, or (null) as the first human seat sees
     * it, with every token.
     */
    private <S, M, V> GameView create(GameType<S, M, V> type, NewGame req, ServerDeal dealt,
                                      UnaryOperator<List<SeatRow>> verify, Integer answer) {
        GameInfo info = type.info();
        GameAsk ask = GameAsk.checked(type, req.ruleset(), req.options(), req.seats() == null ? List.of() : req.seats(),
                req.clock(), req.rated());
        GameInfo.RulesetInfo ruleset = ask.ruleset();
        Options options = ask.options();
        boolean customDeal = req.deal() != null;
        if (req.rated()) {
            RatedGames.checkRated(type, req, customDeal, dealt);
        }
        if (req.ratingRange() != null) {
            RatedGames.checkRange(req);
        }
        if (req.seed() != null && customDeal) {
            throw GameException.malformed("give either 'seed' or 'deal', not both");
        }
        if ((req.seed() != null || customDeal) && req.seats().stream().anyMatch(s -> s != null && s.isOpen())) {
            // Whoever chose the seed or deal would know the hand of whoever takes the open seat.
            throw GameException.malformed("a game with an open seat is always dealt from a secret server seed; "
                    + "leave out 'seed' and 'deal'");
        }
        String seed = dealt != null ? dealt.seed() : customDeal ? null : req.seed() == null ? Credentials.newSeed() : req.seed();
        Deal deal = customDeal ? type.rules().parseDeal(json.plain(req.deal())) : new Deal.Seeded(seed);
        // Validates the custom deal before anything is stored.
        S initial = type.rules().deal(new Setup(ruleset.name(), options, deal));
        Seating.Seated seated = Seating.seat(type, req.seats());
        List<SeatRow> seats = verify.apply(seated.seats());
        if (req.rated()) {
            seats.forEach(RatedGames::checkRatedSeat);
        }
        Clocks.ClockSettings clock = ask.clock();
        boolean waiting = seats.stream().anyMatch(s -> s.kind() == SeatKind.OPEN);
        Instant now = writer.now();
        GameRow g = GameRow.builder().id(UUID.randomUUID()).type(info.type()).ruleset(ruleset.name())
                .rulesetVersion(ruleset.version()).options(json.write(options.values())).seed(seed)
                .customDeal(customDeal ? json.write(req.deal()) : null)
                .seedCommitment(seed == null ? null : Rng.commitment(seed))
                .status(waiting ? Status.WAITING : Status.ACTIVE).state(json.write(initial))
                .createdAt(now).updatedAt(now).seats(seats).table(new GameRow.Table(clock, null, null, req.rematchOf(), null))
                .origin(dealt == null ? GameRow.Origin.NONE : dealt.origin()).rated(req.rated())
                .ratingRange(req.ratingRange()).build();
        store.insert(g);
        // A clock starts with the save below, which names the seat to act with its deadline: the
        // first yourTurn must carry it, and a turn is told once per version.
        boolean clockStarts = clock != null && !waiting;
        changes.fire(GameChanged.of(null, g, true, waiting || clockStarts ? List.of() : type.rules().toAct(initial)));
        // A rated game's seats now show their players' ratings (docs/ratings.md).
        g = store.withStoredRatings(g);
        Progress<S, M, V> p = writer.open(type, g, initial);
        if (!waiting) {
            writer.letComputersMove(p);
        }
        // A clock starts with the game: saving sets its first deadline.
        GameRow stored = p.steps().isEmpty() && (clock == null || waiting) ? g : writer.save(p);
        if (answer != null) {
            return projection.game(type, stored, p.state(), answer).withCredentials(seated.credentials().stream()
                    .filter(c -> answer.equals(c.seat())).toList());
        }
        Integer viewer = seated.viewer();
        return projection.game(type, stored, p.state(), viewer).withCredentials(seated.credentials());
    }

    @Override
    public GameView seat(GameRow g, int seat, String name, PlayerRow holder) {
        return openSeats.seat(g, seat, name, holder);
    }
}
