#!/usr/bin/env bash
# CI stage: the restore drills (docs/operations.md, "Backups and restore"). Installs Debian's
# pgbackrest and postgresql-15 where missing, then runs `./mvnw -B -ntp -Pbackup verify` bounded to
# 10 minutes: it packages the server and runs dev.cardtable.backup.*Drill (pgBackRest's
# point-in-time restore, a larger database's restore time, the embedded database's backup and
# restore commands). The drills stop what they start and remove their folders; this script then
# fails if a PostgreSQL or server of theirs is still running, and removes any folder left behind.
# The figures are printed and written to target/backup-figures.md.
set -euo pipefail
cd "$(dirname "$0")/.."

is_jdk21() { [ -x "$1/bin/javac" ] && "$1/bin/java" -version 2>&1 | grep -qE 'version "(2[1-9]|[3-9][0-9])'; }
if [ -z "${JAVA_HOME:-}" ] || ! is_jdk21 "$JAVA_HOME"; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64 /usr/lib/jvm/*; do
    if is_jdk21 "$candidate"; then export JAVA_HOME="$candidate"; break; fi
  done
fi
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"

if ! command -v pgbackrest >/dev/null 2>&1 || [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); elif command -v sudo >/dev/null 2>&1; then as_root=(sudo); else as_root=(); fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${as_root[@]}" apt-get install -y pgbackrest postgresql-15; then
    "${as_root[@]}" apt-get update
    "${as_root[@]}" apt-get install -y pgbackrest postgresql-15
  fi
fi
pgbackrest version

# What the drills create: /tmp/cardtable-{backup-drill,embedded-drill,large-restore}-*.
leftovers() {
  pgrep -f -- '/tmp/cardtable-(backup-drill|embedded-drill|large-restore)-' || true
}
cleanup() {
  for pid in $(leftovers); do kill -KILL "$pid" 2>/dev/null || true; done
  rm -rf /tmp/cardtable-backup-drill-* /tmp/cardtable-embedded-drill-* /tmp/cardtable-large-restore-*
}
trap cleanup EXIT

rm -f target/backup-figures.md
status=0
timeout --kill-after=30s 10m ./mvnw -B -ntp -Pbackup verify || status=$?
if [ "$status" -eq 124 ]; then echo "the restore drills ran past 10 minutes and were stopped" >&2; fi
[ ! -f target/backup-figures.md ] || cat target/backup-figures.md
left=$(leftovers)
if [ -n "$left" ]; then
  echo "still running after the drills: $(echo $left)" >&2
  status=1
fi
exit $status
