package dev.cardtable;

import dev.cardtable.platform.db.EmbeddedBackup;
import dev.cardtable.platform.db.EmbeddedDatabase;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Entry point. When no datasource URL is configured ({@code quarkus.datasource.jdbc.url} or
 * {@code QUARKUS_DATASOURCE_JDBC_URL}), starts an embedded PostgreSQL whose data lives in
 * {@code cardtable.data-dir} (system property) or {@code CARDTABLE_DATA_DIR} (environment),
 * default {@code data/postgres} under the working directory, and points the datasource at it.
 * When another running server owns that directory, exits at once (status 2) with a message that
 * names it and says how to choose another.
 *
 * <p>Two subcommands act on that data directory instead of starting the server
 * ({@link EmbeddedBackup}; docs/operations.md, "Backups and restore"):
 * <ul>
 *   <li>{@code backup DIR}: a consistent backup of the embedded PostgreSQL while a server runs on
 *       the data directory, into {@code DIR} (new or empty);</li>
 *   <li>{@code restore DIR}: the backup in {@code DIR} written into the data directory, which must
 *       not exist or be empty; the next start of the server recovers it.</li>
 * </ul>
 * Each exits 0 when done, 1 when it failed (the message says why), 2 on a usage error.
 * {@code help} (or {@code --help}, {@code -h}) prints the usage and exits 0; any other argument
 * is a usage error (status 2): nothing starts, and the data directory is left alone.
 */
@QuarkusMain
public final class CardTableMain {

    /** What the commands are, printed on a usage error and by {@code help}. */
    private static final String USAGE = """
            usage: java [-Dname=value ...] -jar quarkus-run.jar              run the server
                   java -jar quarkus-run.jar backup DIR    back up the running server's embedded database into DIR
                   java -jar quarkus-run.jar restore DIR   write the backup in DIR into the data directory
                   java -jar quarkus-run.jar help          this text
            The data directory is -Dcardtable.data-dir=, CARDTABLE_DATA_DIR, or data/postgres
            (docs/operations.md).""";

    private CardTableMain() {
    }

    public static void main(String... args) {
        if (args.length > 0 && (args[0].equals("backup") || args[0].equals("restore"))) {
            System.exit(backupCommand(args));
            return;
        }
        if (args.length > 0) {
            boolean help = List.of("help", "--help", "-h").contains(args[0]);
            if (!help) {
                System.err.println("Card Table: unknown command " + args[0] + "; options go before -jar, as -Dname=value.");
            }
            (help ? System.out : System.err).println(USAGE);
            System.exit(help ? 0 : 2);
            return;
        }
        // Malformed request targets are answered as problems by dev.cardtable.platform.http.RequestText, not bare by the HTTP layer.
        System.setProperty("vertx.disableURIValidation", System.getProperty("vertx.disableURIValidation", "true"));
        if (!EmbeddedDatabase.externalConfigured()) {
            EmbeddedDatabase db;
            try {
                db = EmbeddedDatabase.start(dataDirectory(), false);
            } catch (EmbeddedDatabase.DataDirectoryInUseException e) {
                System.err.println("Card Table cannot start: " + e.getMessage());
                System.exit(2);
                return;
            }
            db.datasourceConfig().forEach(System::setProperty);
        }
        Quarkus.run(args);
    }

    /** The embedded PostgreSQL's data directory, absolute. */
    private static Path dataDirectory() {
        return Path.of(System.getProperty("cardtable.data-dir",
                System.getenv().getOrDefault("CARDTABLE_DATA_DIR", "data/postgres"))).toAbsolutePath().normalize();
    }

    /** Runs {@code backup DIR} or {@code restore DIR}; returns the exit status. */
    private static int backupCommand(String[] args) {
        if (args.length != 2 || args[1].isBlank()) {
            System.err.println(USAGE);
            return 2;
        }
        if (EmbeddedDatabase.externalConfigured()) {
            System.err.println("A datasource URL is configured: back up an external PostgreSQL with its own tools"
                    + " (docs/operations.md, \"Backups and restore\").");
            return 2;
        }
        Path dir = Path.of(args[1]).toAbsolutePath().normalize();
        Path data = dataDirectory();
        try {
            boolean backup = args[0].equals("backup");
            EmbeddedBackup.Summary s = backup ? EmbeddedBackup.backup(data, dir) : EmbeddedBackup.restore(dir, data);
            System.out.printf(Locale.ROOT, "%s %s into %s: %d files, %.1f MB in %.1f s (WAL %s to %s)%n",
                    backup ? "Backed up" : "Restored", backup ? data : dir, backup ? dir : data, s.files(),
                    s.bytes() / 1e6, s.took().toMillis() / 1000.0, s.startLsn(), s.stopLsn());
            if (!backup) {
                System.out.println("Start the server on " + data + ": it replays the backup's WAL and serves the games as"
                        + " they were when the backup ended.");
            }
            return 0;
        } catch (EmbeddedBackup.BackupException e) {
            System.err.println("Card Table " + args[0] + " failed: " + e.getMessage());
            return 1;
        }
    }
}
