package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Ending;
import dev.cardtable.engine.MalformedInput;

import java.util.Objects;

/**
 * A Scoundrel move ({@code scoundrel.md}, "A turn"). JSON forms, read and written by
 * {@link ScoundrelRules#parseMove} and {@link ScoundrelRules#writeMove}:
 * <ul>
 *   <li>{@code {"action":"avoid"}} — {@link Avoid}</li>
 *   <li>{@code {"action":"play","card":"QS"}} — {@link Play} with the weapon where it may be used</li>
 *   <li>{@code {"action":"play","card":"QS","barehanded":true}} — {@link Play} barehanded</li>
 *   <li>{@code {"action":"resign"}}, {@code "abort"}, {@code "timeout"}, {@code "abandon"} —
 *       {@link End}: giving up the run, calling it off before the first move, or the server's
 *       endings on time</li>
 * </ul>
 */
public sealed interface ScoundrelMove {

    /** Sends the whole room to the bottom of the dungeon and draws a fresh one ("A turn", "Avoid"). */
    record Avoid() implements ScoundrelMove {
    }

    /**
     * Faces {@code card} from the room ("A turn", "Face a card").
     *
     * @param card       a card of the room
     * @param barehanded fight this monster barehanded even if the weapon could be used;
     *                   {@code false} for every other card
     */
    record Play(Card card, boolean barehanded) implements ScoundrelMove {

        /**
         * @throws MalformedInput when {@code barehanded} is set on a weapon or potion, which
         *                        {@code scoundrel.md} calls a malformed request
         */
        public Play {
            Objects.requireNonNull(card, "card");
            if (barehanded && !card.monster()) {
                throw new MalformedInput("barehanded applies to monsters only, and " + card
                        + " is a " + card.kind().name().toLowerCase());
            }
        }
    }

    /**
     * Ends the run early ({@code docs/api.md}, "Endings"): resigning gives up the run, which is
     * scored as a lost run ({@code scoundrel.md}, "Score").
     *
     * @param kind how the run ends
     */
    record End(Ending.Kind kind) implements ScoundrelMove {
        public End {
            Objects.requireNonNull(kind, "kind");
        }
    }

    /** {@code {"action":"avoid"}}. */
    static Avoid avoid() {
        return new Avoid();
    }

    /** {@code {"action":"play","card":…}}: the weapon is used on a monster when it may be. */
    static Play play(Card card) {
        return new Play(card, false);
    }

    /** {@code {"action":"play","card":…,"barehanded":true}}; {@code card} must be a monster. */
    static Play barehanded(Card card) {
        return new Play(card, true);
    }
}
