package dev.cardtable.platform.db;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The file side of {@link EmbeddedBackup}: copying a data directory, live or from a backup, into
 * another, owner-only (directories {@code 0700}, files {@code 0600}, as PostgreSQL requires), every
 * file forced to disk. Counts the files and bytes it wrote. Not thread-safe: one per operation.
 */
final class BackupFiles {

    /** Top-level files of a live data directory never copied: the running server's own. */
    private static final Set<String> SKIPPED_FILES = Set.of("postmaster.pid", "postmaster.opts",
            EmbeddedDatabase.LOCK_FILE, "backup_label", "tablespace_map", "backup_label.old");

    /** Top-level directories copied empty: rebuilt or unneeded at start (PostgreSQL's list). */
    private static final Set<String> EMPTIED_DIRS = Set.of("pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify",
            "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans");

    /** A WAL segment's file name: timeline, log and segment, 8 hex digits each. */
    private static final Pattern SEGMENT = Pattern.compile("[0-9A-F]{24}");

    private final String manifest;
    private long files;
    private long bytes;

    /** @param manifest the top-level file name never copied in either direction (the backup's own) */
    BackupFiles(String manifest) {
        this.manifest = manifest;
    }

    /** Files written so far. */
    long files() {
        return files;
    }

    /** Bytes written so far. */
    long bytes() {
        return bytes;
    }

    /**
     * Creates {@code dir} owner-only, or checks that it is empty.
     *
     * @param ifNotEmpty what the error says to do when it is not
     * @throws EmbeddedBackup.BackupException when it is not empty or cannot be created
     */
    static void prepareEmpty(Path dir, String ifNotEmpty) {
        try {
            if (Files.isDirectory(dir)) {
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                    if (entries.iterator().hasNext()) {
                        throw new EmbeddedBackup.BackupException(dir.toAbsolutePath() + " is not empty: " + ifNotEmpty, null);
                    }
                }
            }
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new EmbeddedBackup.BackupException("cannot create " + dir.toAbsolutePath() + ": " + e, e);
        }
    }

    /**
     * Copies the tree {@code from} into {@code to}. From a live data directory ({@code live}) the
     * server's own files, the contents of {@link #EMPTIED_DIRS} and temporary files are left out,
     * and files that vanish while being copied (a dropped table) are skipped.
     */
    void copyTree(Path from, Path to, boolean live) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path rel = from.relativize(dir);
                if (live && dir.getFileName().toString().startsWith("pgsql_tmp")) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                directory(to.resolve(rel.toString()));
                boolean emptied = rel.getNameCount() == 1 && EMPTIED_DIRS.contains(rel.toString());
                return live && emptied ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path rel = from.relativize(file);
                String name = file.getFileName().toString();
                boolean top = rel.getNameCount() == 1;
                boolean skipped = (top && name.equals(manifest)) || live && ((top && SKIPPED_FILES.contains(name))
                        || name.startsWith("pgsql_tmp") || name.equals("pg_internal.init"));
                if (!skipped && attrs.isRegularFile()) {
                    copyFile(file, to.resolve(rel.toString()));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (live && e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // removed while we walked
                }
                throw e;
            }
        });
    }

    /**
     * Copies the WAL segments named {@code first} to {@code last} (one timeline) and every timeline
     * history file from {@code from} (a {@code pg_wal}) into {@code to}.
     *
     * @throws IOException when {@code first} or {@code last} is missing, or a copy fails
     */
    void copyWal(Path from, Path to, String first, String last) throws IOException {
        directory(to.resolve("archive_status"));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(from)) {
            for (Path f : entries) {
                String name = f.getFileName().toString();
                boolean segment = SEGMENT.matcher(name).matches() && name.startsWith(first.substring(0, 8))
                        && name.compareTo(first) >= 0 && name.compareTo(last) <= 0;
                if (segment || name.endsWith(".history")) {
                    copyFile(f, to.resolve(name));
                }
            }
        }
        for (String name : List.of(first, last)) {
            if (!Files.isRegularFile(to.resolve(name))) {
                throw new IOException("the WAL segment " + name + " the backup needs is missing from " + from);
            }
        }
    }

    /** Writes {@code text} to the new file {@code file}, synchronously, owner-only. */
    void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        files++;
        bytes += text.length();
    }

    private static void directory(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }

    /** Copies one file durably (written, then forced to disk); a file removed meanwhile is skipped. */
    private void copyFile(Path from, Path to) throws IOException {
        long done = 0;
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long size = in.size();
            while (done < size) {
                long n = in.transferTo(done, size - done, out);
                if (n <= 0) {
                    break; // truncated while copying: WAL replay rewrites it
                }
                done += n;
            }
            out.force(true);
        } catch (NoSuchFileException e) {
            if (Files.exists(from) || Files.exists(to)) {
                throw e;
            }
            return; // removed by the server before we opened it: nothing of it is needed
        }
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-------"));
        files++;
        bytes += done;
    }

    /**
     * Where {@code path} really is: its nearest existing ancestor with every link resolved
     * ({@link Path#toRealPath}), then the rest of it; so that a directory reached through a link is
     * known for what it is.
     */
    static Path real(Path path) {
        Path p = path.toAbsolutePath().normalize();
        Path rest = p.getFileSystem().getPath("");
        while (p != null) {
            try {
                return p.toRealPath().resolve(rest);
            } catch (IOException e) {
                rest = p.getFileName().resolve(rest);
                p = p.getParent();
            }
        }
        return path.toAbsolutePath().normalize();
    }
}
