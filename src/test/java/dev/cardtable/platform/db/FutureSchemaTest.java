package dev.cardtable.platform.db;

import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A build that starts on a schema a newer release already migrated (a rolling update,
 * {@code docs/operations.md}, "Upgrades") validates and migrates as it would on its own: the
 * migration it does not know is ignored, not refused, and nothing is applied or undone.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class FutureSchemaTest {

    @Inject
    Flyway flyway;

    /**
     * Every migration runs holding every table (beforeEachMigrate.sql, in the migration's own
     * transaction), so that it never waits for a serving build while that build waits for it.
     */
    @Test
    void aMigrationRunsHoldingEveryTable() throws Exception {
        var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        Flyway checking = Flyway.configure()
                .dataSource(config.getValue("quarkus.datasource.jdbc.url", String.class),
                        config.getOptionalValue("quarkus.datasource.username", String.class).orElse(null),
                        config.getOptionalValue("quarkus.datasource.password", String.class).orElse(null))
                .locations("classpath:db/migration", "classpath:db/lockcheck").load();
        try {
            assertEquals(1, checking.migrate().migrationsExecuted);
        } finally {
            Db.update("delete from flyway_schema_history where version = '9998'");
        }
    }

    @Test
    void theMigrationsOfAStartApplyInOneTransaction() {
        assertEquals(true, flyway.getConfiguration().isGroup());
    }

    @Test
    void aMigrationFromANewerReleaseIsIgnored() throws Exception {
        String rows = "select count(*) from flyway_schema_history";
        String before = Db.scalar(rows);
        Db.update("""
                insert into flyway_schema_history (installed_rank, version, description, type, script, checksum,
                                                   installed_by, execution_time, success)
                values ((select max(installed_rank) + 1 from flyway_schema_history), '9999', 'from a newer release',
                        'SQL', 'V9999__from_a_newer_release.sql', 1, current_user, 1, true)""");
        try {
            assertDoesNotThrow(() -> flyway.validate());
            assertEquals(0, flyway.migrate().migrationsExecuted);
            assertEquals(Integer.parseInt(before) + 1, Integer.parseInt(Db.scalar(rows)));
        } finally {
            Db.update("delete from flyway_schema_history where version = '9999'");
        }
    }
}
