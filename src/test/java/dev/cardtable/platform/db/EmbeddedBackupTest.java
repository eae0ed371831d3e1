package dev.cardtable.platform.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the embedded backup and restore commands refuse, before touching anything; a backup and
 * restore of a running server is the restore drill's (dev.cardtable.backup.EmbeddedBackupDrill,
 * {@code -Pbackup}).
 */
class EmbeddedBackupTest {

    @TempDir
    Path dir;

    @Test
    void aBackupNeedsARunningServer() throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("postgresql.conf"), "");
        var e = assertThrows(EmbeddedBackup.BackupException.class, () -> EmbeddedBackup.backup(data, dir.resolve("b")));
        assertTrue(e.getMessage().contains("no PostgreSQL is running on " + data), e.getMessage());
        assertFalse(Files.exists(dir.resolve("b")), "nothing is created");
    }

    @Test
    void aRestoreNeedsABackup() throws IOException {
        Path notABackup = Files.createDirectories(dir.resolve("copy"));
        Files.writeString(notABackup.resolve("PG_VERSION"), "17\n");
        var e = assertThrows(EmbeddedBackup.BackupException.class,
                () -> EmbeddedBackup.restore(notABackup, dir.resolve("data")));
        assertTrue(e.getMessage().contains("is not a Card Table backup"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("data")), "nothing is created");
    }

    @Test
    void aRestoreNeverWritesOverData() throws IOException {
        Path backup = Files.createDirectories(dir.resolve("backup"));
        Files.writeString(backup.resolve(EmbeddedBackup.MANIFEST), "start-lsn=0/2000028\nstop-lsn=0/2000120\n");
        Files.writeString(backup.resolve("backup_label"), "START WAL LOCATION: 0/2000028\n");
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("PG_VERSION"), "17\n");
        var e = assertThrows(EmbeddedBackup.BackupException.class, () -> EmbeddedBackup.restore(backup, data));
        assertTrue(e.getMessage().contains("is not empty: move it away first"), e.getMessage());
        assertEquals("17\n", Files.readString(data.resolve("PG_VERSION")));
        try (var files = Files.list(data)) {
            assertEquals(1, files.count(), "the data directory is left as it was");
        }
    }

    @Test
    void aRestoreWritesTheBackupOwnerOnlyWithoutItsManifest() throws IOException {
        Files.createDirectories(dir.resolve("backup/base/1"));
        Path backup = dir.resolve("backup");
        Files.writeString(backup.resolve(EmbeddedBackup.MANIFEST), "start-lsn=0/2000028\nstop-lsn=0/2000120\n");
        Files.writeString(backup.resolve("backup_label"), "START WAL LOCATION: 0/2000028\n");
        Files.writeString(backup.resolve("base/1/1259"), "table");
        Path data = dir.resolve("restored");
        EmbeddedBackup.Summary s = EmbeddedBackup.restore(backup, data);
        assertEquals(2, s.files());
        assertEquals("0/2000120", s.stopLsn());
        assertEquals("table", Files.readString(data.resolve("base/1/1259")));
        assertFalse(Files.exists(data.resolve(EmbeddedBackup.MANIFEST)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("base"))));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("base/1/1259"))));
    }

    @Test
    void aBackupNeverGoesInsideTheDataDirectory() throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        // A live postmaster.pid: this JVM's own pid, on a port nothing listens on.
        Files.writeString(data.resolve("postmaster.pid"), ProcessHandle.current().pid() + "\n" + data + "\n0\n1\n");
        var e = assertThrows(EmbeddedBackup.BackupException.class, () -> EmbeddedBackup.backup(data, data.resolve("backup")));
        assertTrue(e.getMessage().contains("cannot go inside the data directory"), e.getMessage());
    }

    @Test
    void aBackupNeverGoesInsideTheDataDirectoryThroughALink() throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("postmaster.pid"), ProcessHandle.current().pid() + "\n" + data + "\n0\n1\n");
        Path link = Files.createSymbolicLink(dir.resolve("link"), data);
        var e = assertThrows(EmbeddedBackup.BackupException.class, () -> EmbeddedBackup.backup(data, link.resolve("b")));
        assertTrue(e.getMessage().contains("cannot go inside the data directory"), e.getMessage());
        assertFalse(Files.exists(data.resolve("b")), "nothing is created");
    }

    @Test
    void aRestoreNeverGoesInsideItsBackup() throws IOException {
        Path backup = Files.createDirectories(dir.resolve("backup"));
        Files.writeString(backup.resolve(EmbeddedBackup.MANIFEST), "start-lsn=0/2000028\nstop-lsn=0/2000120\n");
        Files.writeString(backup.resolve("backup_label"), "START WAL LOCATION: 0/2000028\n");
        var e = assertThrows(EmbeddedBackup.BackupException.class,
                () -> EmbeddedBackup.restore(backup, backup.resolve("sub/data")));
        assertTrue(e.getMessage().contains("cannot go inside the backup"), e.getMessage());
        assertFalse(Files.exists(backup.resolve("sub")), "nothing is created");
    }
}
