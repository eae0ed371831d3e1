package dev.cardtable.support;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * A test profile whose server runs on a database of its own (on the tests' PostgreSQL) where the
 * tables of a game's data are hash-partitioned by game id: the migrations of {@code db/migration},
 * then {@code db/partitioned/partition-by-game.sql}, both before the server starts (its own
 * migration at start then finds nothing to do). Tests that extend an API test with this profile run
 * it against the partitioned schema ({@code docs/scaling.md}).
 */
public class PartitionedSchema implements QuarkusTestProfile {

    /** The database's name. */
    public static final String DATABASE = "cardtable_partitioned";

    private static Map<String, String> config;

    @Override
    public Map<String, String> getConfigOverrides() {
        return prepare();
    }

    private static synchronized Map<String, String> prepare() {
        if (config != null) {
            return config;
        }
        Map<String, String> base = PostgresResource.database().datasourceConfig();
        MigratedDatabase db = MigratedDatabase.create(DATABASE);
        try (Connection c = db.connect(); Statement st = c.createStatement();
             InputStream sql = PartitionedSchema.class.getResourceAsStream("/db/partitioned/partition-by-game.sql")) {
            st.execute(new String(sql.readAllBytes(), StandardCharsets.UTF_8));
        } catch (SQLException e) {
            throw new IllegalStateException("could not partition the test schema", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> out = new HashMap<>(base);
        out.put("quarkus.datasource.jdbc.url", db.url());
        config = Map.copyOf(out);
        return config;
    }
}
