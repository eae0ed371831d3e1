package dev.cardtable;

import dev.cardtable.platform.db.EmbeddedDatabase;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

import java.nio.file.Path;

/**
 * Entry point. When no datasource URL is configured ({@code quarkus.datasource.jdbc.url} or
 * {@code QUARKUS_DATASOURCE_JDBC_URL}), starts an embedded PostgreSQL whose data lives in
 * {@code cardtable.data-dir} (system property) or {@code CARDTABLE_DATA_DIR} (environment),
 * default {@code data/postgres} under the working directory, and points the datasource at it.
 * When another running server owns that directory, exits at once (status 2) with a message that
 * names it and says how to choose another.
 */
@QuarkusMain
public final class CardTableMain {

    private CardTableMain() {
    }

    public static void main(String... args) {
        // Malformed request targets are answered as problems by dev.cardtable.platform.http.RequestText, not bare by the HTTP layer.
        System.setProperty("vertx.disableURIValidation", System.getProperty("vertx.disableURIValidation", "true"));
        if (!EmbeddedDatabase.externalConfigured()) {
            String dir = System.getProperty("cardtable.data-dir",
                    System.getenv().getOrDefault("CARDTABLE_DATA_DIR", "data/postgres"));
            EmbeddedDatabase db;
            try {
                db = EmbeddedDatabase.start(Path.of(dir).toAbsolutePath(), false);
            } catch (EmbeddedDatabase.DataDirectoryInUseException e) {
                System.err.println("Card Table cannot start: " + e.getMessage());
                System.exit(2);
                return;
            }
            db.datasourceConfig().forEach(System::setProperty);
        }
        Quarkus.run(args);
    }
}
