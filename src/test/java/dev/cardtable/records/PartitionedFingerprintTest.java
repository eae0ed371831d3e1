package dev.cardtable.records;

import dev.cardtable.support.PartitionedSchema;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link FingerprintTest} on the schema hash-partitioned by game id ({@link PartitionedSchema}). */
@QuarkusTest
@TestProfile(PartitionedSchema.class)
class PartitionedFingerprintTest extends FingerprintTest {
}
