package dev.cardtable.bench;

import dev.cardtable.engine.scoundrel.solver.DealRating;
import dev.cardtable.engine.scoundrel.solver.ScoundrelHints;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DealRatingOrder} on a smaller number: the deals of seeds {@code order-0} … {@code order-99}
 * (standard, lessOrEqual), in four buckets by seed rating. Deals seeded harder are lost more often
 * by the player that follows the hints: the rank correlation between bucket and loss rate is
 * positive, and the hardest bucket loses more than the easiest. The greedy player loses every one
 * of these deals (it never wins a standard deal: docs/benchmarks.md), so it loses the hardest
 * bucket at least as often as the easiest. Deterministic: seeds, node budgets, no time limit.
 */
class DealRatingOrderTest {

    @Test
    void dealsSeededHarderAreLostMoreOftenByTheHintFollower() throws Exception {
        DealRatingOrder.Run run = DealRatingOrder.run(ScoundrelConfig.LESS_OR_EQUAL, 100, 4, DealRating.NODES,
                ScoundrelHints.NODES, 2, false);
        assertEquals(100, run.deals().size());
        double[] hint = run.hintLoss();
        assertTrue(run.bucketSpearman(true) > 0, "bucket against loss rate: " + Arrays.toString(hint));
        assertTrue(hint[3] > hint[0], "hardest against easiest bucket: " + Arrays.toString(hint));
        double[] greedy = run.greedyLoss();
        assertTrue(greedy[3] >= greedy[0], Arrays.toString(greedy));
        // The seed ratings rise from bucket to bucket.
        for (int b = 1; b < 4; b++) {
            assertTrue(run.bucketRatings()[b][0] >= run.bucketRatings()[b - 1][1], "buckets in rating order");
        }
    }
}
