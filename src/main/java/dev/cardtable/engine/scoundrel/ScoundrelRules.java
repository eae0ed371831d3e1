package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Drawn;
import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.engine.GameInfo.OptionInfo;
import dev.cardtable.engine.GameInfo.RulesetInfo;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.MoveJson;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules of Scoundrel as {@code scoundrel.md} states them, for both rulesets: {@code standard}
 * (option {@code weaponBinding}: {@code lessOrEqual} or {@code strictlyLess}) and {@code simple}.
 * Stateless and thread-safe.
 *
 * <p>Two points the rules leave to the reader are pinned here:
 * <ul>
 *   <li>The final room (the dungeon empty, the room no longer refilled) is played as one turn: the
 *       turn ends at one card left only while the dungeon can refill the room. So in
 *       {@code standard} a second potion in the final room does not heal, which is what "Score"
 *       means by a last potion that "was the turn's second and did not heal".</li>
 *   <li>{@code barehanded: true} is accepted for any monster in {@code standard}; where no weapon
 *       could be used it is the same fight as the plain play, so {@link #legalMoves} lists the
 *       barehanded variant only where it makes a difference.</li>
 * </ul>
 */
public final class ScoundrelRules implements Rules<ScoundrelState, ScoundrelMove, ScoundrelView> {

    /** The actions of a Scoundrel move ({@code scoundrel.md}), besides the endings every game has. */
    private static final List<String> ACTIONS = List.of("avoid", "play");

    /** The game type name. */
    public static final String TYPE = "scoundrel";
    /** Starting and maximum health ({@code scoundrel.md}, "Setup"). */
    public static final int MAX_HEALTH = 20;
    /** Cards in a full room ({@code scoundrel.md}, "A turn"). */
    public static final int ROOM_SIZE = 4;
    /** The name of the {@code standard} ruleset's option. */
    public static final String WEAPON_BINDING = "weaponBinding";

    private static final Seat PLAYER = Seat.of(0);

    private static final GameInfo INFO = new GameInfo(TYPE, 1, List.of(
            new RulesetInfo(Ruleset.STANDARD.id(), 1, true,
                    "The designers' rules: weapon binding, one healing potion per turn, barehanded fights by choice.",
                    List.of(new OptionInfo(WEAPON_BINDING,
                            List.of(WeaponBinding.LESS_OR_EQUAL.option(), WeaponBinding.STRICTLY_LESS.option()),
                            WeaponBinding.LESS_OR_EQUAL.option(),
                            "Which monsters a weapon may still fight: value at most (lessOrEqual) or below"
                                    + " (strictlyLess) the last monster it slew."))),
            new RulesetInfo(Ruleset.SIMPLE.id(), 1, false,
                    "A simplified variant: no weapon binding, the weapon is always used, every potion heals.",
                    List.of())),
            List.of());

    /**
     * {@code scoundrel}, one seat, rulesets {@code standard} (default, version 1, option
     * {@code weaponBinding} = {@code lessOrEqual} | {@code strictlyLess}, default
     * {@code lessOrEqual}) and {@code simple} (version 1, no options). Scoundrel has no computer
     * opponents ({@code Opponents.none("scoundrel")}), so the AI levels are empty.
     */
    @Override
    public GameInfo info() {
        return INFO;
    }

    /** {@link ScoundrelState}. */
    @Override
    public Class<ScoundrelState> stateType() {
        return ScoundrelState.class;
    }

    /**
     * The state after the deal: health 20, no weapon, the first room of 4 drawn from the top
     * ({@code scoundrel.md}, "Setup"). A seeded deal shuffles the 44 cards in canonical order with
     * {@link Rng#fromSeed(String)} ({@code shuffle.md}); a custom deal is one pile, the dungeon top
     * first, which must be the 44 cards, each exactly once.
     *
     * @throws MalformedInput for an unknown ruleset, an invalid option, or a custom deal that is not
     *                        exactly the 44 cards
     */
    @Override
    public ScoundrelState deal(Setup setup) {
        RulesetInfo info = INFO.ruleset(setup.ruleset());
        Options options = info.resolve(setup.options() == null ? Map.of() : setup.options().values());
        Ruleset ruleset = info.name().equals(Ruleset.SIMPLE.id()) ? Ruleset.SIMPLE : Ruleset.STANDARD;
        WeaponBinding binding = ruleset == Ruleset.SIMPLE
                ? WeaponBinding.NONE
                : WeaponBinding.ofOption(options.get(WEAPON_BINDING));
        if (setup.deal() == null) {
            throw new MalformedInput("a Scoundrel game needs a seed or a custom deal");
        }
        List<Card> dungeon = switch (setup.deal()) {
            case Deal.Seeded seeded -> shuffled(seeded.seed());
            case Deal.Custom custom -> {
                if (custom.piles().size() != 1) {
                    throw new MalformedInput("a Scoundrel deal is one pile, the dungeon top first; got "
                            + custom.piles().size() + " piles");
                }
                yield dungeonOf(custom.piles().getFirst());
            }
        };
        ScoundrelState empty = new ScoundrelState(ruleset, binding, dungeon, List.of(), List.of(),
                MAX_HEALTH, null, List.of(), false, false, false, null);
        return refill(empty);
    }

    /** {@code [seat 0]} until the game is over, then empty. */
    @Override
    public List<Seat> toAct(ScoundrelState state) {
        return over(state) ? List.of() : List.of(PLAYER);
    }

    /**
     * Seat 0's legal moves: {@code avoid} first when it is legal, then a {@code play} for each
     * room card in room order. In {@code standard}, a monster the weapon may be used on is
     * followed by its barehanded variant. Empty once the game is over, and for any other seat.
     */
    @Override
    public List<ScoundrelMove> legalMoves(ScoundrelState state, Seat seat) {
        if (over(state) || !PLAYER.equals(seat)) {
            return List.of();
        }
        List<ScoundrelMove> moves = new ArrayList<>(1 + 2 * state.room().size());
        if (avoidRefusal(state) == null) {
            moves.add(ScoundrelMove.avoid());
        }
        for (Card card : state.room()) {
            moves.add(ScoundrelMove.play(card));
            if (state.ruleset() == Ruleset.STANDARD && card.monster() && weaponUsable(state, card)) {
                moves.add(ScoundrelMove.barehanded(card));
            }
        }
        return List.copyOf(moves);
    }

    /**
     * The state after seat 0 avoids the room or faces a card ({@code scoundrel.md}, "A turn" and
     * "End of the game"). When the room is down to one card and the dungeon is not empty, the turn
     * ends and the room is refilled to 4; when health drops to 0 or below the game is lost at once,
     * with nothing refilled.
     *
     * @throws IllegalMove when the game is over, {@code seat} is not seat 0, the card is not in the
     *                     room, avoiding is not allowed now (the message says why), or a barehanded
     *                     fight is asked for in {@code simple}; for an {@link ScoundrelMove.End}, as
     *                     {@link Ending#of} says (an abort after the first move, a game over)
     */
    @Override
    public ScoundrelState apply(ScoundrelState state, Seat seat, ScoundrelMove move) {
        if (move instanceof ScoundrelMove.End end) {
            return state.withEnding(Ending.of(end.kind(), seat, 1, toAct(state), state.started()));
        }
        if (over(state)) {
            throw new IllegalMove("the game is over: no move is legal once it is won or lost");
        }
        if (!PLAYER.equals(seat)) {
            throw new IllegalMove("seat " + seat.number() + " does not play: Scoundrel has one seat, seat 0");
        }
        return switch (move) {
            case ScoundrelMove.Avoid avoid -> avoid(state);
            case ScoundrelMove.Play play -> face(state, play);
            case ScoundrelMove.End end -> throw new IllegalStateException("handled above");
        };
    }

    /**
     * The same view for every viewer: Scoundrel hides only the order of the dungeon cards never
     * seen. The view names them as a set (sorted), and the avoided rooms at the bottom of the
     * dungeon in order, since everyone saw them go there.
     */
    @Override
    public ScoundrelView view(ScoundrelState state, Viewer viewer) {
        ScoundrelView.Weapon weapon = state.weapon() == null
                ? null
                : new ScoundrelView.Weapon(state.weapon().code(), Card.codes(state.slain()));
        return new ScoundrelView(state.health(), MAX_HEALTH, Card.codes(state.room()), weapon,
                state.dungeon().size(), state.discard().size(),
                !over(state) && avoidRefusal(state) == null, state.potionUsedThisTurn(),
                Card.codes(state.unseen().stream().sorted().toList()),
                state.bottomRooms().stream().map(Card::codes).toList());
    }

    /**
     * The result once the game is over ({@code scoundrel.md}, "Score"): {@code won} with the
     * remaining health, or 20 plus the potion's value when health is 20 and the last card faced
     * was a potion; {@code lost} with the health at death minus the value of every monster still in
     * the dungeon or the room. Empty while the game runs.
     */
    @Override
    public Optional<ScoundrelResult> result(ScoundrelState state) {
        if (!over(state)) {
            return Optional.empty();
        }
        if (state.ending() != null) {
            return Optional.of(ScoundrelResult.ended(state.ending(), lostScore(state)));
        }
        if (state.health() > 0) {
            Card last = state.lastFaced();
            boolean bonus = state.health() == MAX_HEALTH && last != null && last.potion();
            return Optional.of(new ScoundrelResult(ScoundrelResult.WON,
                    bonus ? MAX_HEALTH + last.value() : state.health()));
        }
        return Optional.of(new ScoundrelResult(ScoundrelResult.LOST, lostScore(state)));
    }

    /** The score of a lost run ("Score"): health minus every monster not yet faced. */
    private static int lostScore(ScoundrelState state) {
        return state.health() - monsterValue(state.dungeon()) - monsterValue(state.room());
    }

    /**
     * Reads {@code {"action":"avoid"}}, {@code {"action":"play","card":"QS"}} or
     * {@code {"action":"play","card":"QS","barehanded":true}}.
     *
     * @throws MalformedInput for a missing or unknown action, a missing or non-string card, an
     *                        unknown card code, a field the action does not take, a non-boolean
     *                        {@code barehanded}, or {@code barehanded} on a weapon or potion
     */
    @Override
    public ScoundrelMove parseMove(Map<String, ?> json) {
        String action = MoveJson.action(json, ACTIONS);
        Ending.Kind end = EndMove.parse(json);
        if (end != null) {
            return new ScoundrelMove.End(end);
        }
        switch (action) {
            case "avoid" -> {
                MoveJson.onlyFields(json, action, Set.of());
                return ScoundrelMove.avoid();
            }
            case "play" -> {
                MoveJson.onlyFields(json, action, Set.of("card", "barehanded"));
                if (!(json.get("card") instanceof String code)) {
                    throw new MalformedInput("\"play\" needs \"card\": a card code such as \"QS\"");
                }
                Card card = Card.parse(code);
                if (!json.containsKey("barehanded")) {
                    return ScoundrelMove.play(card);
                }
                if (!(json.get("barehanded") instanceof Boolean barehanded)) {
                    throw new MalformedInput("\"barehanded\" must be true or false");
                }
                if (!card.monster()) {
                    throw new MalformedInput("\"barehanded\" applies to monsters only, and " + card
                            + " is a " + card.kind().name().toLowerCase());
                }
                return new ScoundrelMove.Play(card, barehanded);
            }
            default -> throw new IllegalStateException("unhandled action " + action);
        }
    }

    /**
     * A barehanded fight where no weapon could be used is the plain play, the form
     * {@link #legalMoves} lists; every other move is its own form.
     */
    @Override
    public ScoundrelMove canonical(ScoundrelState state, ScoundrelMove move) {
        if (move instanceof ScoundrelMove.Play play && play.barehanded() && !weaponUsable(state, play.card())) {
            return ScoundrelMove.play(play.card());
        }
        return move;
    }

    /** The JSON form of {@code move}; {@code barehanded} appears only when true. */
    @Override
    public Map<String, Object> writeMove(ScoundrelMove move) {
        Map<String, Object> json = new LinkedHashMap<>();
        switch (move) {
            case ScoundrelMove.End end -> json.putAll(EndMove.write(end.kind()));
            case ScoundrelMove.Avoid avoid -> json.put("action", "avoid");
            case ScoundrelMove.Play play -> {
                json.put("action", "play");
                json.put("card", play.card().code());
                if (play.barehanded()) {
                    json.put("barehanded", true);
                }
            }
        }
        return json;
    }

    /**
     * Reads a custom deal: a JSON array of the 44 card codes, top of the dungeon first
     * ({@code docs/api.md}, "Creating a game").
     *
     * @throws MalformedInput when it is not an array of strings, or not exactly the 44 cards
     */
    @Override
    public Deal.Custom parseDeal(Object json) {
        if (!(json instanceof List<?> list)) {
            throw new MalformedInput("a Scoundrel deal is a JSON array of the 44 card codes, top of the dungeon first");
        }
        List<String> codes = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String code)) {
                throw new MalformedInput("deal entry " + i + " is not a card code string");
            }
            codes.add(code);
        }
        dungeonOf(codes);
        return new Deal.Custom(List.of(codes));
    }

    /**
     * The cards drawn into the room by an avoid or at the end of a turn, as one item for seat 0, in
     * the order drawn, read off the two views; empty when the move drew nothing.
     */
    @Override
    public List<Drawn> drawn(ScoundrelView before, ScoundrelView after, ScoundrelMove move) {
        List<String> drawn;
        if (move instanceof ScoundrelMove.Avoid) {
            drawn = after.room();
        } else {
            int count = before.dungeonCount() - after.dungeonCount();
            drawn = count > 0 ? after.room().subList(after.room().size() - count, after.room().size()) : List.of();
        }
        return drawn.isEmpty() ? List.of() : List.of(new Drawn(0, drawn));
    }

    /**
     * Whether the game is over ({@code scoundrel.md}, "End of the game"): health 0 or below, the
     * dungeon and the room both empty, or an early {@link Ending}.
     */
    public static boolean over(ScoundrelState state) {
        return state.ending() != null || state.health() <= 0 || (state.dungeon().isEmpty() && state.room().isEmpty());
    }

    /**
     * Whether the equipped weapon may be used on {@code monster} ("Face a card", "Weapon binding").
     */
    public static boolean weaponUsable(ScoundrelState state, Card monster) {
        return state.weapon() != null && state.weaponBinding().allows(state.lastSlain(), monster);
    }

    /** The 44 cards for {@code seed}, top first ({@code shuffle.md}). */
    private static List<Card> shuffled(String seed) {
        List<Card> cards = new ArrayList<>(Card.all());
        Rng.fromSeed(seed).shuffle(cards);
        return cards;
    }

    /** Checks that {@code codes} are the 44 cards, each once, and reads them. */
    private static List<Card> dungeonOf(List<String> codes) {
        List<Card> cards = new ArrayList<>(codes.size());
        Map<Card, Integer> seenAt = new HashMap<>();
        for (int i = 0; i < codes.size(); i++) {
            String code = codes.get(i);
            if (!Card.isCode(code)) {
                throw new MalformedInput("deal entry " + i + " (0 = top): unknown card code " + Card.quote(code)
                        + "; a Scoundrel card is a rank 2-10, J, Q, K, A and a suit C, D, H, S,"
                        + " with no red face cards or red aces");
            }
            Card card = Card.parse(code);
            Integer earlier = seenAt.put(card, i);
            if (earlier != null) {
                throw new MalformedInput("card " + card + " appears twice in the deal, at entries "
                        + earlier + " and " + i + " (0 = top)");
            }
            cards.add(card);
        }
        if (cards.size() != Card.all().size()) {
            Set<Card> missing = new TreeSet<>(Card.all());
            missing.removeAll(cards);
            throw new MalformedInput("a Scoundrel deal has exactly " + Card.all().size() + " cards; got "
                    + cards.size() + ", missing " + missing);
        }
        return cards;
    }

    /** Why avoiding is not allowed now ({@code scoundrel.md}, "Avoid"), or {@code null} if it is. */
    private static String avoidRefusal(ScoundrelState state) {
        if (state.dungeon().isEmpty()) {
            return "avoid is not allowed: the dungeon is empty, so this is the final room, which must be played out";
        }
        if (state.roomFaced()) {
            return "avoid is not allowed: a card of this room has already been faced";
        }
        if (state.room().size() != ROOM_SIZE) {
            return "avoid is not allowed: only a full room of " + ROOM_SIZE + " cards may be avoided, and this one holds "
                    + state.room().size();
        }
        if (state.previousRoomAvoided()) {
            return "avoid is not allowed: the previous room was avoided, and two rooms in a row may not be";
        }
        return null;
    }

    private static ScoundrelState avoid(ScoundrelState state) {
        String refusal = avoidRefusal(state);
        if (refusal != null) {
            throw new IllegalMove(refusal);
        }
        List<Card> dungeon = new ArrayList<>(state.dungeon());
        dungeon.addAll(state.room());
        ScoundrelState emptied = new ScoundrelState(state.ruleset(), state.weaponBinding(), dungeon, List.of(),
                state.discard(), state.health(), state.weapon(), state.slain(),
                true, false, false, state.lastFaced(), state.knownBottom() + state.room().size());
        return refill(emptied);
    }

    private static ScoundrelState face(ScoundrelState state, ScoundrelMove.Play play) {
        Card card = play.card();
        if (!state.room().contains(card)) {
            throw new IllegalMove("card " + card + " is not in the room; the room holds " + state.room());
        }
        if (play.barehanded() && state.ruleset() == Ruleset.SIMPLE) {
            throw new IllegalMove("barehanded fights are not part of the simple ruleset: the weapon is always used");
        }
        List<Card> room = new ArrayList<>(state.room());
        room.remove(card);
        List<Card> discard = new ArrayList<>(state.discard());
        int health = state.health();
        Card weapon = state.weapon();
        List<Card> slain = state.slain();
        boolean potionUsed = state.potionUsedThisTurn();
        switch (card.kind()) {
            case WEAPON -> {
                if (weapon != null) {
                    discard.add(weapon);
                    discard.addAll(slain);
                }
                weapon = card;
                slain = List.of();
            }
            case POTION -> {
                if (state.ruleset() == Ruleset.SIMPLE || !potionUsed) {
                    health = Math.min(MAX_HEALTH, health + card.value());
                }
                potionUsed = true;
                discard.add(card);
            }
            case MONSTER -> {
                if (!play.barehanded() && weaponUsable(state, card)) {
                    health -= Math.max(0, card.value() - weapon.value());
                    slain = new ArrayList<>(slain);
                    slain.add(card);
                } else {
                    health -= card.value();
                    discard.add(card);
                }
            }
        }
        ScoundrelState faced = new ScoundrelState(state.ruleset(), state.weaponBinding(), state.dungeon(), room,
                discard, health, weapon, slain, state.previousRoomAvoided(), true, potionUsed, card,
                state.knownBottom());
        if (health <= 0 || room.size() > 1 || state.dungeon().isEmpty()) {
            // Death ends the game where it stands; the final room is one turn and is never refilled.
            return faced;
        }
        // The turn ends: the carried-over card opens a new room, which has not been avoided.
        ScoundrelState nextTurn = new ScoundrelState(faced.ruleset(), faced.weaponBinding(), faced.dungeon(),
                faced.room(), faced.discard(), faced.health(), faced.weapon(), faced.slain(),
                false, false, false, faced.lastFaced(), faced.knownBottom());
        return refill(nextTurn);
    }

    /** Draws from the top of the dungeon until the room holds 4 cards or the dungeon is empty. */
    private static ScoundrelState refill(ScoundrelState state) {
        int take = Math.min(ROOM_SIZE - state.room().size(), state.dungeon().size());
        if (take <= 0) {
            return state;
        }
        List<Card> room = new ArrayList<>(state.room());
        room.addAll(state.dungeon().subList(0, take));
        List<Card> dungeon = state.dungeon().subList(take, state.dungeon().size());
        // Known cards are drawn only once the never-seen ones above them are gone.
        int known = Math.min(state.knownBottom(), dungeon.size());
        return new ScoundrelState(state.ruleset(), state.weaponBinding(), dungeon, room, state.discard(),
                state.health(), state.weapon(), state.slain(), state.previousRoomAvoided(), state.roomFaced(),
                state.potionUsedThisTurn(), state.lastFaced(), known);
    }

    private static int monsterValue(List<Card> cards) {
        return cards.stream().filter(Card::monster).mapToInt(Card::value).sum();
    }
}
