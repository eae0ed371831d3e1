package dev.cardtable.platform.db;

import org.postgresql.Driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Backup and restore of an embedded PostgreSQL's data directory (see {@link EmbeddedDatabase}).
 *
 * <p>{@link #backup} copies the directory of a <em>running</em> server into a consistent backup
 * with PostgreSQL's low-level backup API, as {@code pg_basebackup} does (the embedded binaries ship
 * no {@code pg_basebackup}): on one connection it reserves the write-ahead log from now on with a
 * temporary physical replication slot, calls {@code pg_backup_start}, copies the data files,
 * calls {@code pg_backup_stop}, writes the {@code backup_label} it returns, and copies the WAL
 * segments from the backup's start to its end. The server keeps serving meanwhile. The backup is
 * a directory laid out as a data directory, with {@value #MANIFEST} beside its files, written last:
 * a backup cut short has none, and {@link #restore} refuses it.
 *
 * <p>{@link #restore} copies such a backup into a fresh data directory (absent or empty). The next
 * start of the server on that directory replays the WAL from the backup's start up to its end, so
 * the database is as it was when {@code pg_backup_stop} ran: every transaction committed before
 * the backup ended is in it, none committed after.
 */
public final class EmbeddedBackup {

    /** The file in a backup that says what it is: start and stop WAL locations, times, size. */
    public static final String MANIFEST = "cardtable-backup.properties";




    private EmbeddedBackup() {
    }

    /**
     * What a backup or restore did.
     *
     * @param directory the backup's directory (backup) or the data directory written (restore)
     * @param files     files written
     * @param bytes     bytes written
     * @param startLsn  the WAL location the backup starts from, e.g. {@code 0/2000028}
     * @param stopLsn   the WAL location at which the backup is consistent
     * @param took      wall time of the operation
     */
    public record Summary(Path directory, long files, long bytes, String startLsn, String stopLsn, Duration took) {
    }

    /** A backup or restore that cannot be made; the message says why and what to do. */
    public static final class BackupException extends RuntimeException {
        BackupException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Takes a consistent backup of the PostgreSQL running on {@code dataDir} into {@code target}.
     *
     * @param dataDir the running server's data directory (its {@code postmaster.pid} gives the port)
     * @param target  the backup's directory: created, and it must not exist or be empty
     * @return what was copied
     * @throws BackupException when no server runs on {@code dataDir}, {@code target} is not empty,
     *                         or the database or a file cannot be read or written
     */
    public static Summary backup(Path dataDir, Path target) {
        long began = System.nanoTime();
        Path data = dataDir.toAbsolutePath().normalize();
        int port = runningPort(data);
        if (BackupFiles.real(target).startsWith(BackupFiles.real(data))) {
            throw new BackupException("the backup cannot go inside the data directory " + data, null);
        }
        BackupFiles.prepareEmpty(target, "give a new directory for the backup");
        Properties login = new Properties();
        login.setProperty("user", "postgres");
        login.setProperty("password", "postgres");
        try (Connection c = new Driver().connect("jdbc:postgresql://localhost:" + port + "/postgres", login)) {
            try (PreparedStatement slot = c.prepareStatement("select pg_create_physical_replication_slot(?, true, true)")) {
                // Temporary: it keeps the WAL from here on until this session ends, however it ends.
                slot.setString(1, "cardtable_backup_" + ProcessHandle.current().pid());
                slot.execute();
            }
            String label = "cardtable backup " + Instant.now();
            String startLsn = text(c, "select pg_backup_start(?, true)::text", label);
            BackupFiles copied = new BackupFiles(MANIFEST);
            copied.copyTree(data, target, true);
            String stopLsn;
            try (Statement st = c.createStatement();
                 ResultSet r = st.executeQuery("select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)")) {
                r.next();
                stopLsn = r.getString(1);
                copied.write(target.resolve("backup_label"), r.getString(2));
                String spcmap = r.getString(3);
                if (spcmap != null && !spcmap.isEmpty()) {
                    copied.write(target.resolve("tablespace_map"), spcmap);
                }
            }
            copied.copyWal(data.resolve("pg_wal"), target.resolve("pg_wal"),
                    text(c, "select pg_walfile_name(?::pg_lsn)", startLsn),
                    text(c, "select pg_walfile_name(?::pg_lsn)", stopLsn));
            Summary s = new Summary(target, copied.files(), copied.bytes(), startLsn, stopLsn,
                    Duration.ofNanos(System.nanoTime() - began));
            writeManifest(target, s, label, copied);
            return s;
        } catch (SQLException e) {
            throw new BackupException("the backup failed in PostgreSQL on port " + port + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BackupException("the backup into " + target + " failed: " + e, e);
        }
    }

    /**
     * Writes the backup in {@code backup} into {@code dataDir}, ready for the server to start on.
     *
     * @param backup  a directory written by {@link #backup} (it holds {@value #MANIFEST})
     * @param dataDir the data directory to create: it must not exist or be empty
     * @return what was written, with the backup's WAL locations
     * @throws BackupException when {@code backup} is not a backup, {@code dataDir} is not empty, or a
     *                         file cannot be copied
     */
    public static Summary restore(Path backup, Path dataDir) {
        long began = System.nanoTime();
        Path manifest = backup.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest) || !Files.isRegularFile(backup.resolve("backup_label"))) {
            throw new BackupException(backup.toAbsolutePath() + " is not a Card Table backup (it has no " + MANIFEST
                    + " and backup_label)", null);
        }
        if (BackupFiles.real(dataDir).startsWith(BackupFiles.real(backup))) {
            throw new BackupException("the data directory cannot go inside the backup " + backup.toAbsolutePath(), null);
        }
        BackupFiles.prepareEmpty(dataDir, "move it away first, or restore into another data directory"
                + " (-Dcardtable.data-dir=DIR or CARDTABLE_DATA_DIR=DIR)");
        try {
            Properties p = new Properties();
            try (var in = Files.newInputStream(manifest)) {
                p.load(in);
            }
            BackupFiles copied = new BackupFiles(MANIFEST);
            copied.copyTree(backup, dataDir, false);
            return new Summary(dataDir, copied.files(), copied.bytes(), p.getProperty("start-lsn"),
                    p.getProperty("stop-lsn"), Duration.ofNanos(System.nanoTime() - began));
        } catch (IOException e) {
            throw new BackupException("the restore into " + dataDir + " failed: " + e, e);
        }
    }

    /** The port of the PostgreSQL running on {@code data}: line 4 of its {@code postmaster.pid}. */
    private static int runningPort(Path data) {
        Path pidFile = data.resolve("postmaster.pid");
        try {
            List<String> lines = Files.readAllLines(pidFile);
            long pid = Long.parseLong(lines.getFirst().trim());
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return Integer.parseInt(lines.get(3).trim());
            }
        } catch (IOException | RuntimeException e) {
            // no server: said below
        }
        throw new BackupException("no PostgreSQL is running on " + data + " (no live postmaster.pid): start the"
                + " server on it first, or, with the server stopped, copy the directory as it is", null);
    }

    private static void writeManifest(Path target, Summary s, String label, BackupFiles copied) throws IOException {
        String text = String.format(Locale.ROOT, """
                # A consistent backup of a Card Table embedded PostgreSQL data directory.
                # Restore: java -jar quarkus-run.jar restore %s  (into an empty data directory)
                label=%s
                start-lsn=%s
                stop-lsn=%s
                files=%d
                bytes=%d
                seconds=%.3f
                """, target.toAbsolutePath(), label, s.startLsn(), s.stopLsn(), s.files(), s.bytes(),
                s.took().toMillis() / 1000.0);
        copied.write(target.resolve(MANIFEST), text);
    }

    private static String text(Connection c, String sql, String arg) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, arg);
            try (ResultSet r = st.executeQuery()) {
                r.next();
                return r.getString(1);
            }
        }
    }
}
