package dev.cardtable.records;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.game.FingerprintStore;
import dev.cardtable.platform.game.Fingerprints;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.MoveRow;
import dev.cardtable.platform.game.Progress;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.Credential;
import dev.cardtable.platform.game.view.GameRecord;
import dev.cardtable.platform.game.view.GameView;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code POST /api/games/import}: creates a game from a {@link GameRecord}, replaying and checking
 * every move; nothing is stored unless the whole record is consistent. A record whose game is
 * already stored (same {@link Fingerprints fingerprint}) is refused with {@code record-exists}
 * naming that game, so one game is never counted twice.
 */
@Singleton
public class RecordImport {

    private static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    jakarta.enterprise.event.Event<dev.cardtable.platform.game.GameChanged> changes;

    @Inject
    FingerprintStore fingerprints;

    @Inject
    GameWriter writer;

    @Inject
    RegisteredPlayers players;

    @Inject
    Projection projection;

    @Inject
    JsonText json;

    @Inject
    dev.cardtable.platform.game.SweepConfig sweep;

    /**
     * Imports {@code rec}.
     *
     * @return the stored game, with tokens for its human seats when it is still being played
     * @throws GameException {@code invalid-record} naming the first inconsistency,
     *                       {@code record-exists} with {@code gameId} for a game already stored
     */
    @Transactional
    public GameView importRecord(GameRecord rec) {
        if (rec == null) {
            throw GameException.malformed("a JSON record is required");
        }
        if (!GameRecord.FORMAT.equals(rec.format()) || rec.formatVersion() == null
                || rec.formatVersion() < 1 || rec.formatVersion() > GameRecord.VERSION) {
            throw GameException.invalidRecord("format must be '" + GameRecord.FORMAT + "' version 1 to "
                    + GameRecord.VERSION, null);
        }
        GameType<?, ?, ?> type;
        GameInfo.RulesetInfo ruleset;
        Options options;
        try {
            type = catalog.type(rec.type());
            ruleset = rec.ruleset() == null ? type.info().defaultRuleset() : type.info().ruleset(rec.ruleset());
            options = ruleset.resolve(rec.options() == null ? Map.of() : rec.options());
        } catch (GameException | MalformedInput e) {
            throw GameException.invalidRecord(e.getMessage(), null);
        }
        if (rec.rulesetVersion() != null && rec.rulesetVersion() != ruleset.version()) {
            throw GameException.invalidRecord("ruleset " + ruleset.name() + " version " + rec.rulesetVersion()
                    + " is not served", null);
        }
        return importChecked(type, new Setup(ruleset.name(), options, deal(type, rec)), ruleset.version(), rec);
    }

    private Deal deal(GameType<?, ?, ?> type, GameRecord rec) {
        boolean hasDeal = rec.deal() != null && !rec.deal().isNull();
        if ((rec.seed() == null) == !hasDeal) {
            throw GameException.invalidRecord("a record needs exactly one of 'seed' or 'deal' to be replayed", null);
        }
        if (rec.seed() != null && rec.seedCommitment() != null && !Rng.commitment(rec.seed()).equals(rec.seedCommitment())) {
            throw GameException.invalidRecord("the seed does not match seedCommitment", null);
        }
        try {
            return hasDeal ? type.rules().parseDeal(json.plain(rec.deal())) : new Deal.Seeded(rec.seed());
        } catch (MalformedInput e) {
            throw GameException.invalidRecord("deal: " + e.getMessage(), null);
        }
    }

    private <S, M, V> GameView importChecked(GameType<S, M, V> type, Setup setup, int rulesetVersion, GameRecord rec) {
        if (rec.seats() == null || rec.seats().size() != type.info().seats()) {
            throw GameException.invalidRecord("a " + type.name() + " record has " + type.info().seats() + " seat(s)", null);
        }
        S state;
        try {
            state = type.rules().deal(setup);
        } catch (MalformedInput e) {
            throw GameException.invalidRecord("deal: " + e.getMessage(), null);
        }
        Instant now = writer.now();
        List<Credential> creds = new ArrayList<>();
        List<SeatRow> seats = seats(type, rec.seats(), creds);
        Instant created = rec.createdAt() == null ? now : recordTime(rec.createdAt(), "createdAt", null, now, null);
        boolean hasDeal = rec.seed() == null;
        GameRow g = GameRow.builder().id(UUID.randomUUID()).type(type.name()).ruleset(setup.ruleset())
                .rulesetVersion(rulesetVersion).options(json.write(setup.options().values())).seed(rec.seed())
                .customDeal(hasDeal ? json.write(rec.deal()) : null)
                .seedCommitment(hasDeal ? null : Rng.commitment(rec.seed()))
                .status(Status.ACTIVE).state(json.write(state)).createdAt(created).updatedAt(created).seats(seats)
                .table(new GameRow.Table(RecordClock.stored(rec), null, null, null, null)).build();
        store.insert(g);
        // Announced as a creation is: its players' histories have it from now on, whether it is
        // finished by the record, left running, played on here or ended by the sweep (docs/api.md,
        // "History"); the change's observers keep the read models and unmark it.
        changes.fire(dev.cardtable.platform.game.GameChanged.of(null, g, true, type.rules().toAct(state)));
        Progress<S, M, V> p = writer.open(type, g, state);
        replayMoves(p, rec.moves() == null ? List.of() : rec.moves(), now, rec.formatVersion() >= 3);
        RecordEnd.check(p, rec, json);
        if (p.result().isEmpty()) {
            // A running import hands out seat tokens: like any seating, not under a registered name.
            players.verify(seats, null);
        }
        List<MoveRow> log = p.steps().stream().map(Progress.Step::row).toList();
        fingerprints.claim(g.id(), Fingerprints.of(g, log, json)).ifPresent(twin -> {
            throw new GameException(Failure.RECORD_EXISTS, "this record is already stored as game " + twin,
                    Map.of("gameId", twin.toString()));
        });
        GameRow stored = writer.save(p);
        if (stored.status() != Status.FINISHED) {
            // An imported position resumes like any other: the computer moves next.
            Progress<S, M, V> resumed = writer.open(type, stored, p.state());
            writer.letComputersMove(resumed);
            stored = resumed.steps().isEmpty() ? stored : writer.save(resumed);
            p = resumed;
        }
        boolean over = stored.status() == Status.FINISHED;
        Integer viewer = over || creds.isEmpty() ? null : creds.get(0).seat();
        return projection.game(type, stored, p.state(), viewer).withCredentials(over ? List.of() : creds);
    }

    private static List<SeatRow> seats(GameType<?, ?, ?> type, List<GameRecord.Seat> given, List<Credential> creds) {
        List<SeatRow> seats = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            GameRecord.Seat rs = given.get(i);
            if (rs == null || rs.seat() != i || rs.kind() == null) {
                throw GameException.invalidRecord("seats[" + i + "] must be seat " + i + " with a kind", null);
            }
            switch (rs.kind()) {
                case "human" -> {
                    if (!Names.valid(rs.name())) {
                        throw GameException.invalidRecord("seats[" + i + "]: a human seat needs a valid name", null);
                    }
                    String token = dev.cardtable.platform.Credentials.newToken();
                    seats.add(Seating.human(i, rs.name(), token));
                    creds.add(new Credential(i, token));
                }
                case "ai" -> {
                    try {
                        seats.add(Seating.computer(type, i, rs.ai(), rs.aiBudget()));
                    } catch (MalformedInput e) {
                        throw GameException.invalidRecord("seats[" + i + "]: " + e.getMessage(), null);
                    }
                }
                default -> throw GameException.invalidRecord("seats[" + i + "]: kind must be human or ai", null);
            }
        }
        return seats;
    }

    private <S, M, V> void replayMoves(Progress<S, M, V> p, List<GameRecord.Move> moves, Instant now, boolean timed) {
        Instant previous = p.game().createdAt();
        for (int i = 0; i < moves.size(); i++) {
            GameRecord.Move rm = moves.get(i);
            int seq = i + 1;
            if (rm == null || rm.seq() != seq) {
                throw GameException.invalidRecord("move " + seq + ": expected seq " + seq
                        + (rm == null ? "" : " but the record says " + rm.seq()), seq);
            }
            try {
                // A player's own ending (resign, abort) may come from any seat, on any seat's turn, as in play.
                dev.cardtable.engine.Ending.Kind ending = EndMove.parse(rm.move());
                boolean anyTurn = ending != null && ending.byPlayer();
                if (rm.seat() < 0 || rm.seat() >= p.game().seats().size()
                        || !anyTurn && !p.toAct().contains(Seat.of(rm.seat()))) {
                    throw GameException.invalidRecord("move " + seq + ": seat " + rm.seat() + " may not act now", seq);
                }
                if (anyTurn && p.game().seats().get(rm.seat()).kind() == dev.cardtable.platform.game.SeatKind.AI) {
                    throw GameException.invalidRecord("move " + seq + ": a computer seat never plays '"
                            + ending.action() + "'", seq);
                }
                M move = p.type().rules().parseMove(rm.move() == null ? Map.of() : rm.move());
                Instant at = rm.at() == null ? now : recordTime(rm.at(), "move " + seq + ": at", previous, now, seq);
                if (timed) {
                    RecordClock.checkTimed(p, ending, at, previous, sweep.abandonAfter(), seq);
                }
                p.play(rm.seat(), move, at);
                previous = at;
            } catch (MalformedInput | IllegalMove e) {
                throw GameException.invalidRecord("move " + seq + ": " + e.getMessage(), seq);
            }
        }
    }

    /**
     * A time from a record: not in the future, not before {@code notBefore} (the previous event)
     * and not before 2000; else {@code invalid-record}.
     */
    private static Instant recordTime(Instant t, String what, Instant notBefore, Instant now, Integer seq) {
        if (t.isAfter(now.plusSeconds(60)) || t.isBefore(EARLIEST) || (notBefore != null && t.isBefore(notBefore))) {
            throw GameException.invalidRecord(what + (notBefore == null ? " must lie between 2000 and now"
                    : " must lie between the game's previous event (" + notBefore + ") and now"), seq);
        }
        return t.truncatedTo(ChronoUnit.MILLIS); // one precision for every time (docs/api.md, "One vocabulary")
    }
}

