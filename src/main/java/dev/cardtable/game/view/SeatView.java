package dev.cardtable.game.view;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A seat as anyone may see it.
 *
 * @param seat     seat number
 * @param kind     {@code human}, {@code ai} or {@code open}
 * @param name     the human's name, else null
 * @param ai       the computer opponent's level, else absent
 * @param aiBudget its budget when one was given, else absent
 */
public record SeatView(int seat, String kind, String name,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String ai,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Integer aiBudget) {
}
