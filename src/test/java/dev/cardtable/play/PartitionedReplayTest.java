package dev.cardtable.play;

import dev.cardtable.support.PartitionedSchema;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link ReplayTest} on the schema hash-partitioned by game id ({@link PartitionedSchema}). */
@QuarkusTest
@TestProfile(PartitionedSchema.class)
class PartitionedReplayTest extends ReplayTest {
}
