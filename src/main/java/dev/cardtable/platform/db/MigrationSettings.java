package dev.cardtable.platform.db;

import io.quarkus.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Singleton;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * How the schema migrates at start ({@code docs/operations.md}, "Upgrades"): all the migrations a
 * start applies run in one transaction ({@code group}), so that a build still serving during a
 * rolling update sees the schema of the release before or of this one, never one in between.
 * With {@code db/migration/beforeEachMigrate.sql}, which takes every table before the first of
 * them, nothing a serving build writes falls between two migrations: a change made between a read
 * model's creation and the triggers that mark the changes it misses would otherwise be missed for
 * good. Quarkus offers no setting for it; this is Quarkus's hook for Flyway's own.
 */
@Singleton
public class MigrationSettings implements FlywayConfigurationCustomizer {

    @Override
    public void customize(FluentConfiguration configuration) {
        configuration.group(true);
    }
}
