package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.MalformedInput;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardtable.engine.scoundrel.Fixtures.RULES;
import static dev.cardtable.engine.scoundrel.Fixtures.card;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScoundrelMoveJsonTest {

    @Test
    void avoidReadsAndWrites() {
        assertEquals(ScoundrelMove.avoid(), RULES.parseMove(Map.of("action", "avoid")));
        assertEquals(Map.of("action", "avoid"), RULES.writeMove(ScoundrelMove.avoid()));
    }

    @Test
    void playReadsAndWrites() {
        assertEquals(ScoundrelMove.play(card("QS")), RULES.parseMove(Map.of("action", "play", "card", "QS")));
        assertEquals(Map.of("action", "play", "card", "10H"), RULES.writeMove(ScoundrelMove.play(card("10H"))));
    }

    @Test
    void barehandedPlayReadsAndWrites() {
        Map<String, Object> json = Map.of("action", "play", "card", "QS", "barehanded", true);
        assertEquals(ScoundrelMove.barehanded(card("QS")), RULES.parseMove(json));
        assertEquals(json, RULES.writeMove(ScoundrelMove.barehanded(card("QS"))));
    }

    @Test
    void barehandedFalseIsThePlainPlayAndIsNotWritten() {
        assertEquals(ScoundrelMove.play(card("QS")),
                RULES.parseMove(Map.of("action", "play", "card", "QS", "barehanded", false)));
        assertEquals(Map.of("action", "play", "card", "QS"), RULES.writeMove(new ScoundrelMove.Play(card("QS"), false)));
    }

    @Test
    void writtenMovesListTheActionFirst() {
        assertEquals(List.of("action", "card", "barehanded"),
                List.copyOf(RULES.writeMove(ScoundrelMove.barehanded(card("AC"))).keySet()));
    }

    @Test
    void everyMoveRoundTrips() {
        for (Card c : Card.all()) {
            ScoundrelMove plain = ScoundrelMove.play(c);
            assertEquals(plain, RULES.parseMove(RULES.writeMove(plain)));
            if (c.monster()) {
                ScoundrelMove bare = ScoundrelMove.barehanded(c);
                assertEquals(bare, RULES.parseMove(RULES.writeMove(bare)));
            }
        }
        assertEquals(ScoundrelMove.avoid(), RULES.parseMove(RULES.writeMove(ScoundrelMove.avoid())));
    }

    @Test
    void unknownActionIsMalformed() {
        malformed(Map.of("action", "flee"));
        malformed(Map.of("action", "Avoid"));
        malformed(Map.of("action", "PLAY", "card", "QS"));
    }

    @Test
    void missingOrNonStringActionIsMalformed() {
        malformed(Map.of());
        malformed(Map.of("card", "QS"));
        malformed(Map.of("action", 1));
        malformed(Map.of("action", List.of("play")));
        Map<String, Object> nullAction = new HashMap<>();
        nullAction.put("action", null);
        malformed(nullAction);
        assertThrows(MalformedInput.class, () -> RULES.parseMove(null));
    }

    @Test
    void playWithoutACardStringIsMalformed() {
        malformed(Map.of("action", "play"));
        malformed(Map.of("action", "play", "card", 12));
        malformed(Map.of("action", "play", "card", List.of("QS")));
        malformed(Map.of("action", "play", "card", Map.of("code", "QS")));
    }

    @Test
    void unknownCardCodeIsMalformed() {
        malformed(Map.of("action", "play", "card", "qs"));
        malformed(Map.of("action", "play", "card", "QH"));
        malformed(Map.of("action", "play", "card", "AD"));
        malformed(Map.of("action", "play", "card", ""));
    }

    @Test
    void unknownFieldsAreMalformed() {
        malformed(Map.of("action", "avoid", "card", "QS"));
        malformed(Map.of("action", "avoid", "barehanded", true));
        malformed(Map.of("action", "play", "card", "QS", "weapon", false));
        malformed(Map.of("action", "play", "card", "QS", "Barehanded", true));
    }

    @Test
    void barehandedThatIsNotABooleanIsMalformed() {
        malformed(Map.of("action", "play", "card", "QS", "barehanded", "true"));
        malformed(Map.of("action", "play", "card", "QS", "barehanded", 1));
        Map<String, Object> nullFlag = new HashMap<>(Map.of("action", "play", "card", "QS"));
        nullFlag.put("barehanded", null);
        malformed(nullFlag);
    }

    @Test
    void barehandedOnAWeaponOrPotionIsMalformed() {
        malformed(Map.of("action", "play", "card", "7D", "barehanded", true));
        malformed(Map.of("action", "play", "card", "7H", "barehanded", true));
        malformed(Map.of("action", "play", "card", "7H", "barehanded", false));
        assertThrows(MalformedInput.class, () -> ScoundrelMove.barehanded(card("7D")));
    }

    @Test
    void malformedMessagesSayWhatIsExpected() {
        MalformedInput e = assertThrows(MalformedInput.class, () -> RULES.parseMove(Map.of("action", "flee")));
        assertTrue(e.getMessage().contains("avoid") && e.getMessage().contains("play"), e.getMessage());
        e = assertThrows(MalformedInput.class,
                () -> RULES.parseMove(Map.of("action", "play", "card", "QS", "extra", 1)));
        assertTrue(e.getMessage().contains("extra"), e.getMessage());
    }

    private static void malformed(Map<String, ?> json) {
        assertThrows(MalformedInput.class, () -> RULES.parseMove(json), () -> "accepted " + json);
    }
}
