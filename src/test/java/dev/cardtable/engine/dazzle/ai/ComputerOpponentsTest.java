package dev.cardtable.engine.dazzle.ai;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComputerOpponentsTest {

    private final DazzleRules rules = new DazzleRules();
    private final DazzleOpponents opponents = new DazzleOpponents();

    private List<Player<DazzleView, DazzleMove>> levels() {
        return List.of(opponents.player("random", null), opponents.player("heuristic", null),
                opponents.player("ismcts", 200));
    }

    @Test
    void everyLevelOnlyEverChoosesLegalMoves() {
        List<Player<DazzleView, DazzleMove>> players = levels();
        for (int g = 0; g < 12; g++) {
            Player<DazzleView, DazzleMove> p0 = players.get(g % 3), p1 = players.get((g / 3) % 3);
            DazzleState s = rules.deal(Match.setup("legal-" + g));
            Rng r0 = new Rng(g), r1 = new Rng(1000 + g);
            while (!s.over()) {
                Seat seat = rules.toAct(s).getFirst();
                List<DazzleMove> legal = rules.legalMoves(s, seat);
                DazzleView view = rules.view(s, Viewer.seat(seat));
                DazzleMove m = (seat.number() == 0 ? p0 : p1).choose(view, legal, seat.number() == 0 ? r0 : r1);
                assertTrue(legal.contains(m), m + " is legal");
                s = rules.apply(s, seat, m);
            }
        }
    }

    @Test
    void theSameViewMovesAndGeneratorGiveTheSameMove() {
        for (Player<DazzleView, DazzleMove> p : levels()) {
            DazzleState s = rules.deal(Match.setup("determinism"));
            Rng play = new Rng(3);
            for (int step = 0; step < 36; step++) {
                Seat seat = rules.toAct(s).getFirst();
                List<DazzleMove> legal = rules.legalMoves(s, seat);
                DazzleView view = rules.view(s, Viewer.seat(seat));
                if (step % 5 == 0) {
                    assertEquals(p.choose(view, legal, new Rng(step)), p.choose(view, legal, new Rng(step)), p + " at " + step);
                }
                s = rules.apply(s, seat, legal.get(play.below(legal.size())));
            }
        }
    }

    @Test
    void ismctsWithAModestBudgetBeatsRandomPlay() {
        int won = 0, lost = 0;
        for (int d = 0; d < 10; d++) {
            for (int seat = 0; seat < 2; seat++) {
                Player<DazzleView, DazzleMove> ai = new IsmctsPlayer(300), random = new RandomPlayer();
                Match.Outcome o = Match.play("smoke-" + d, seat == 0 ? List.of(ai, random) : List.of(random, ai));
                Integer w = o.result().winner();
                if (w != null) {
                    if (w == seat) {
                        won++;
                    } else {
                        lost++;
                    }
                }
            }
        }
        assertTrue(won >= 3 * lost, "ismcts won " + won + ", lost " + lost);
    }

    @Test
    void computerOpponentsCannotReachTheState() throws Exception {
        // Player.choose takes a view; this makes sure no opponent's code touches the state type.
        // Importing the one compiled folder keeps this fast (scanning the class path is not).
        Path main = Path.of(IsmctsPlayer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        JavaClasses ai = new ClassFileImporter().importPath(main.resolve("dev/cardtable/engine/dazzle/ai"));
        assertTrue(ai.size() >= 6, "the opponents' classes were found");
        noClasses().should().dependOnClassesThat().areAssignableTo(DazzleState.class).check(ai);
    }
}
