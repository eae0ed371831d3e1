package dev.cardtable.platform.game;

import dev.cardtable.engine.MalformedInput;
import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.game.view.Credential;

import java.util.ArrayList;
import java.util.List;

/**
 * Seats and their tokens: who may sit where, and which seat a bearer token opens. A token is shown
 * once; only its SHA-256 is stored ({@link Credentials}).
 */
public final class Seating {

    /**
     * A seat as a creator asks for it: exactly one of a human's {@code name}, a computer
     * opponent's {@code ai} level (with an optional {@code aiBudget}), or {@code open}.
     *
     * @param name     a player's name
     * @param ai       a computer opponent level
     * @param aiBudget the opponent's thinking budget, or null for its default
     * @param open     true for a seat anyone may take later
     */
    public record SeatSpec(String name, String ai, Integer aiBudget, Boolean open) {

        public boolean isOpen() {
            return Boolean.TRUE.equals(open);
        }
    }

    /**
     * The seats of a new game, and the tokens of its human seats.
     *
     * @param seats       the rows to store
     * @param credentials one token per human seat, in seat order; for a game with open seats and
     *                    no human seat, the creator's token instead, held by its last open seat
     *                    until someone takes it, which only cancels the game ({@link #canceller})
     */
    public record Seated(List<SeatRow> seats, List<Credential> credentials) {

        /** The human seat whose view the creator is answered with, or null (a spectator's). */
        public Integer viewer() {
            return credentials.stream().map(Credential::seat).filter(s -> seats.get(s).kind() == SeatKind.HUMAN)
                    .findFirst().orElse(null);
        }
    }

    private Seating() {
    }

    /**
     * Seats for {@code specs} under {@code type}, with a fresh token for every human.
     *
     * @throws GameException {@code malformed-request} for a seat that is not exactly one kind, a bad
     *                       name, an unknown AI level or a budget out of range
     */
    public static Seated seat(GameType<?, ?, ?> type, List<SeatSpec> specs) {
        List<SeatRow> rows = new ArrayList<>();
        List<Credential> creds = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            SeatSpec sr = specs.get(i);
            if (sr == null) {
                throw GameException.malformed("seats[" + i + "] must be an object");
            }
            int kinds = (sr.name() != null ? 1 : 0) + (sr.ai() != null ? 1 : 0) + (sr.isOpen() ? 1 : 0);
            if (kinds != 1) {
                throw GameException.malformed("seats[" + i + "] must have exactly one of 'name', 'ai' or 'open': true");
            }
            if (sr.aiBudget() != null && sr.ai() == null) {
                throw GameException.malformed("seats[" + i + "]: 'aiBudget' goes only with 'ai'");
            }
            if (sr.name() != null) {
                String token = Credentials.newToken();
                rows.add(human(i, Names.check(sr.name()), token));
                creds.add(new Credential(i, token));
            } else if (sr.ai() != null) {
                rows.add(computer(type, i, sr.ai(), sr.aiBudget()));
            } else {
                rows.add(SeatRow.open(i));
            }
        }
        int lastOpen = rows.stream().filter(s -> s.kind() == SeatKind.OPEN).mapToInt(SeatRow::seat).max().orElse(-1);
        if (creds.isEmpty() && lastOpen >= 0) {
            // Nobody sits at the new game: its creator gets a token that can only cancel it.
            String token = Credentials.newToken();
            rows.set(lastOpen, new SeatRow(lastOpen, SeatKind.OPEN, null, null, null, Credentials.hash(token), null, null));
            creds.add(new Credential(lastOpen, token));
        }
        return new Seated(rows, creds);
    }

    /** A human seat for {@code name} holding {@code token}. */
    public static SeatRow human(int seat, String name, String token) {
        return new SeatRow(seat, SeatKind.HUMAN, name, null, null, Credentials.hash(token), null, null);
    }

    /**
     * A computer seat.
     *
     * @throws MalformedInput for an unknown level or a budget out of range
     */
    public static SeatRow computer(GameType<?, ?, ?> type, int seat, String level, Integer budget) {
        type.opponents().player(level, budget);
        return new SeatRow(seat, SeatKind.AI, null, level, budget, null, null, null);
    }

    /**
     * The seat whose token {@code credential} carries; null for no credential when a token is
     * optional.
     *
     * @param credential the request's credential, or null for none
     * @throws GameException {@code unauthenticated} for a missing required token, another scheme, or
     *                       a token that matches no seat of the game
     */
    public static Integer authenticate(GameRow game, SeatCredential credential, boolean required) {
        Integer seat = holder(game, credential, required);
        if (seat != null && game.seats().get(seat).kind() == SeatKind.OPEN) {
            // The creator's token of a game nobody sits at: it reads as a spectator, and acts not at all.
            if (required) {
                throw new GameException(Failure.UNAUTHENTICATED, "the token of a game's creator only cancels it while it waits");
            }
            return null;
        }
        return seat;
    }

    /**
     * The seat that cancels waiting game {@code game} for the bearer of {@code credential}: a
     * human seat's token, or the creator's token held by an open seat ({@link Seated}).
     *
     * @throws GameException {@code unauthenticated} as {@link #authenticate} with a token required
     */
    public static int canceller(GameRow game, SeatCredential credential) {
        return holder(game, credential, true);
    }

    private static Integer holder(GameRow game, SeatCredential credential, boolean required) {
        if (credential == null) {
            if (required) {
                throw new GameException(Failure.UNAUTHENTICATED, "this request needs 'Authorization: Bearer <seat token>' or the seat's player's 'X-Player-Key'");
            }
            return null;
        }
        if (credential.isPlayer()) {
            // A player's key opens the seat its player holds verified, and nothing else.
            Integer seat = game.seats().stream()
                    .filter(s -> s.kind() == SeatKind.HUMAN && credential.playerId().equals(s.playerId()))
                    .map(SeatRow::seat).findFirst().orElse(null);
            if (seat == null && required) {
                throw new GameException(Failure.UNAUTHENTICATED, "the player key's player holds no verified seat of this game");
            }
            return seat;
        }
        if (!credential.isBearer()) {
            throw new GameException(Failure.UNAUTHENTICATED, "use 'Authorization: Bearer <seat token>'");
        }
        String hash = Credentials.hash(credential.token());
        return game.seats().stream().filter(s -> hash.equals(s.tokenHash())).map(SeatRow::seat).findFirst()
                .orElseThrow(() -> new GameException(Failure.UNAUTHENTICATED, "the token matches no seat of this game"));
    }
}
