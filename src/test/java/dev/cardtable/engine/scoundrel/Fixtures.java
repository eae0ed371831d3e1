package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Deals, positions and moves for the Scoundrel tests, written in card codes. */
final class Fixtures {

    static final ScoundrelRules RULES = new ScoundrelRules();
    static final Seat PLAYER = Seat.of(0);

    private Fixtures() {
    }

    /** The three ways to play: {@code standard} with either binding, and {@code simple}. */
    enum Variant {
        LESS_OR_EQUAL("standard", Map.of("weaponBinding", "lessOrEqual")),
        STRICTLY_LESS("standard", Map.of("weaponBinding", "strictlyLess")),
        SIMPLE("simple", Map.of());

        final String ruleset;
        final Map<String, String> options;

        Variant(String ruleset, Map<String, String> options) {
            this.ruleset = ruleset;
            this.options = options;
        }

        Setup setup(Deal deal) {
            return new Setup(ruleset, new Options(options), deal);
        }

        Setup seeded(String seed) {
            return setup(new Deal.Seeded(seed));
        }

        /** A game whose dungeon starts with {@code top} (codes, space-separated), then the rest in canonical order. */
        ScoundrelState dealt(String top) {
            return RULES.deal(setup(dungeonStartingWith(top)));
        }

        Position position() {
            return new Position(this);
        }

        Ruleset rulesetEnum() {
            return this == SIMPLE ? Ruleset.SIMPLE : Ruleset.STANDARD;
        }

        WeaponBinding binding() {
            return switch (this) {
                case LESS_OR_EQUAL -> WeaponBinding.LESS_OR_EQUAL;
                case STRICTLY_LESS -> WeaponBinding.STRICTLY_LESS;
                case SIMPLE -> WeaponBinding.NONE;
            };
        }
    }

    /** Cards from space-separated codes; empty for a blank string. */
    static List<Card> cards(String codes) {
        return codes.isBlank() ? List.of() : Arrays.stream(codes.trim().split("\\s+")).map(Card::parse).toList();
    }

    static Card card(String code) {
        return Card.parse(code);
    }

    static List<String> codes(String codes) {
        return Card.codes(cards(codes));
    }

    /** A custom deal: {@code top} first, then every other card in canonical order. */
    static Deal.Custom dungeonStartingWith(String top) {
        List<Card> order = new ArrayList<>(cards(top));
        for (Card c : Card.all()) {
            if (!order.contains(c)) {
                order.add(c);
            }
        }
        return new Deal.Custom(List.of(Card.codes(order)));
    }

    static ScoundrelState play(ScoundrelState state, String code) {
        return RULES.apply(state, PLAYER, ScoundrelMove.play(card(code)));
    }

    static ScoundrelState barehanded(ScoundrelState state, String code) {
        return RULES.apply(state, PLAYER, ScoundrelMove.barehanded(card(code)));
    }

    static ScoundrelState avoid(ScoundrelState state) {
        return RULES.apply(state, PLAYER, ScoundrelMove.avoid());
    }

    /** Plays each code in turn. */
    static ScoundrelState playAll(ScoundrelState state, String codes) {
        ScoundrelState s = state;
        for (Card c : cards(codes)) {
            s = RULES.apply(s, PLAYER, ScoundrelMove.play(c));
        }
        return s;
    }

    static ScoundrelView view(ScoundrelState state) {
        return RULES.view(state, dev.cardtable.engine.Viewer.seat(PLAYER));
    }

    /** Checks that the 44 cards are all there, each once. */
    static void assertAllCardsAccountedFor(ScoundrelState s) {
        List<Card> all = new ArrayList<>();
        all.addAll(s.dungeon());
        all.addAll(s.room());
        all.addAll(s.discard());
        all.addAll(s.slain());
        if (s.weapon() != null) {
            all.add(s.weapon());
        }
        // Every Card is one of the 44, so 44 distinct ones are the whole deck.
        assertEquals(44, all.size(), () -> "card count in " + s);
        assertEquals(44, new HashSet<>(all).size(), () -> "a card appears twice in " + s);
    }

    /**
     * A hand-built position: the cards not placed anywhere go to the dungeon after the given top
     * cards, in canonical order, or to the discard pile when the dungeon is to be empty.
     */
    static final class Position {
        private final Variant variant;
        private int health = ScoundrelRules.MAX_HEALTH;
        private List<Card> room = List.of();
        private List<Card> dungeonTop = List.of();
        private boolean emptyDungeon;
        private Card weapon;
        private List<Card> slain = List.of();
        private boolean previousRoomAvoided;
        private boolean roomFaced;
        private boolean potionUsed;
        private Card lastFaced;

        Position(Variant variant) {
            this.variant = variant;
        }

        Position health(int h) {
            health = h;
            return this;
        }

        Position room(String codes) {
            room = cards(codes);
            return this;
        }

        Position dungeonTop(String codes) {
            dungeonTop = cards(codes);
            return this;
        }

        Position emptyDungeon() {
            emptyDungeon = true;
            return this;
        }

        Position weapon(String code, String slainCodes) {
            weapon = card(code);
            slain = cards(slainCodes);
            return this;
        }

        Position previousRoomAvoided() {
            previousRoomAvoided = true;
            return this;
        }

        Position roomFaced() {
            roomFaced = true;
            return this;
        }

        Position potionUsed() {
            potionUsed = true;
            return this;
        }

        Position lastFaced(String code) {
            lastFaced = card(code);
            return this;
        }

        ScoundrelState build() {
            Set<Card> placed = new LinkedHashSet<>();
            placed.addAll(room);
            placed.addAll(dungeonTop);
            placed.addAll(slain);
            if (weapon != null) {
                placed.add(weapon);
            }
            List<Card> rest = Card.all().stream().filter(c -> !placed.contains(c)).toList();
            List<Card> dungeon = new ArrayList<>(dungeonTop);
            List<Card> discard = new ArrayList<>();
            (emptyDungeon ? discard : dungeon).addAll(rest);
            ScoundrelState s = new ScoundrelState(variant.rulesetEnum(), variant.binding(), dungeon, room, discard,
                    health, weapon, slain, previousRoomAvoided, roomFaced, potionUsed, lastFaced);
            assertAllCardsAccountedFor(s);
            return s;
        }
    }
}
