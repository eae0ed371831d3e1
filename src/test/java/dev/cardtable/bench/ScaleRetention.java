package dev.cardtable.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What vacuum costs on a database that keeps every game: the question behind partitioning
 * {@code games}, {@code seats} and {@code moves} ({@code docs/scaling.md}, "Where old games go").
 * It opens a database filled by {@link ScaleBench} ({@code --data-dir}, kept with {@code --keep}),
 * and for each churn factor f: updates, in one transaction that is then rolled back, the rows that
 * f days of play touch again after their insert (the games created in the last f days of the fill,
 * their seats and their {@code player_games} rows: an update of each, as a game's seating and end
 * do), so that each leaves a dead row version as a committed update does, and then runs
 * {@code VACUUM (VERBOSE)} on each table, timed. It prints the pages vacuum scanned of the table's
 * pages, whether it had to scan the indexes, and the time, beside the time of one sequential read
 * of the whole table (what vacuum would cost if it grew with the table rather than with the churn).
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.ScaleRetention \
 *   -Dexec.args="--data-dir target/scale-10m --days 1,10"
 * </pre>
 *
 * The rows are unchanged at the end (the updates are rolled back; vacuum removes what they left).
 */
public final class ScaleRetention {

    private static final List<String> TABLES = List.of("games", "seats", "player_games", "moves");

    private ScaleRetention() {
    }

    public static void main(String[] a) throws Exception {
        Map<String, String> args = Args.parse(a);
        Path pgDir = Path.of(args.getOrDefault("data-dir", "target/scale")).resolve("pg");
        if (!Files.isDirectory(pgDir)) {
            throw new IllegalArgumentException("no filled database in " + pgDir + ": run ScaleBench with --data-dir and --keep");
        }
        List<Integer> days = new ArrayList<>();
        for (String d : args.getOrDefault("days", "1,10").split(",")) {
            days.add(Integer.parseInt(d.trim()));
        }
        EmbeddedPostgres.Builder b = EmbeddedPostgres.builder().setDataDirectory(pgDir).setCleanDataDirectory(false)
                .setRegisterShutdownHook(true).setPGStartupWait(Duration.ofSeconds(300))
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD).setErrorRedirector(ProcessBuilder.Redirect.DISCARD);
        ScaleBench.MEASURE_SETTINGS.forEach(b::setServerConfig);
        try (EmbeddedPostgres pg = b.start();
             Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + pg.getPort() + "/postgres",
                     "postgres", "postgres")) {
            run(c, days);
        }
    }

    private static void run(Connection c, List<Integer> days) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("set max_parallel_workers_per_gather = 0");
            for (String t : TABLES) {
                st.execute("vacuum " + t);
            }
            System.out.printf("%-13s %12s %10s %12s%n", "table", "pages", "size", "indexes");
            for (String t : TABLES) {
                try (ResultSet rs = st.executeQuery("select relpages, pg_size_pretty(pg_relation_size(oid)),"
                        + " pg_size_pretty(pg_indexes_size(oid)) from pg_class where oid = '" + t + "'::regclass")) {
                    rs.next();
                    System.out.printf("%-13s %,12d %10s %12s%n", t, rs.getLong(1), rs.getString(2), rs.getString(3));
                }
            }
            for (String t : TABLES) {
                long t0 = System.nanoTime();
                st.executeQuery("select count(*) from " + t).close();
                System.out.printf("sequential read of %s: %.2f s%n", t, (System.nanoTime() - t0) / 1e9);
            }
            for (int d : days) {
                churn(c, st, d);
            }
        }
    }

    private static void churn(Connection c, Statement st, int days) throws SQLException {
        String recent = "select id from games where created_at > (select max(created_at) from games) - interval '"
                + days + " days'";
        c.setAutoCommit(false);
        long games = st.executeUpdate("update games set version = version + 1, updated_at = updated_at"
                + " + interval '1 microsecond' where id in (" + recent + ")");
        long seats = st.executeUpdate("update seats set score = score where game_id in (" + recent + ")");
        long index = st.executeUpdate("update player_games set status = status where game_id in (" + recent + ")");
        long moves = st.executeUpdate("update moves set seq = seq where game_id in (select id from games where"
                + " created_at > (select max(created_at) from games) - interval '" + days + " days' and status = 'active')");
        c.rollback();
        c.setAutoCommit(true);
        System.out.printf("%n== %d day(s) of churn: %,d games, %,d seats, %,d player_games rows, %,d moves of running games"
                + " updated and rolled back%n", days, games, seats, index, moves);
        for (String t : TABLES) {
            long t0 = System.nanoTime();
            st.execute("vacuum (verbose) " + t);
            double s = (System.nanoTime() - t0) / 1e9;
            String pages = "";
            String indexes = "";
            for (SQLWarning w = st.getWarnings(); w != null; w = w.getNextWarning()) {
                for (String line : w.getMessage().split("\n")) {
                    String l = line.trim();
                    // The table's own lines come first, then those of its TOAST table.
                    if (l.startsWith("pages:") && pages.isEmpty()) {
                        pages = l;
                    } else if (l.startsWith("index scan") && indexes.isEmpty()) {
                        indexes = l;
                    }
                }
            }
            st.clearWarnings();
            System.out.printf("vacuum %s: %.2f s; %s; %s%n", t, s, pages, indexes.isEmpty() ? "no index scan" : indexes);
        }
    }
}
