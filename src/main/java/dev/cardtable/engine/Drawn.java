package dev.cardtable.engine;

import java.util.List;

/**
 * Cards one seat drew because of a move, as one viewer may see them: the {@code drawn} items of a
 * log entry ({@code docs/api.md}, "The move log").
 *
 * @param seat  the seat that drew
 * @param cards the cards' codes in the game's order for them; a card whose face the viewer may not
 *              see is written as the game's hidden form (Dazzle: {@code "?"} and its value)
 */
public record Drawn(int seat, List<String> cards) {

    public Drawn {
        cards = List.copyOf(cards);
    }
}
