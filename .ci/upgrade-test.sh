#!/usr/bin/env bash
# CI stage: the rolling-upgrade test (docs/cluster.md, "The upgrade test"). Builds each release
# named in deploy/upgrade/releases from git (cached in target/upgrade/builds/), and upgrades it to
# this tree's packaged server under load: HAProxy and Debian's PostgreSQL 15, everything on
# 127.0.0.1, run directory $CARDTABLE_UPGRADE_DIR (default /tmp/cardtable-upgrade-ci).
# dev.cardtable.upgrade.RollingUpgradeSuite stops what it starts; this script then checks that
# nothing it started is left running (and stops it), and fails if something was.
#
# Usage: .ci/upgrade-test.sh [maven arguments], e.g.
#   .ci/upgrade-test.sh -Dupgrade.reconcile=off -Dupgrade.from=before-read-models
set -euo pipefail
cd "$(dirname "$0")/.."

# JDK 21 or newer, as .ci/run chooses it.
is_jdk21() { [ -x "$1/bin/javac" ] && "$1/bin/java" -version 2>&1 | grep -qE 'version "(2[1-9]|[3-9][0-9])'; }
if [ -z "${JAVA_HOME:-}" ] || ! is_jdk21 "$JAVA_HOME"; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64 /usr/lib/jvm/*; do
    if is_jdk21 "$candidate"; then export JAVA_HOME="$candidate"; break; fi
  done
fi
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"

# HAProxy and PostgreSQL 15 from Debian, where missing; the package lists are refreshed only if
# the install fails without it.
if ! command -v haproxy >/dev/null 2>&1 || [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); elif command -v sudo >/dev/null 2>&1; then as_root=(sudo); else as_root=(); fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${as_root[@]}" apt-get install -y haproxy postgresql-15; then
    "${as_root[@]}" apt-get update
    "${as_root[@]}" apt-get install -y haproxy postgresql-15
  fi
fi
haproxy -v | sed -n 1p
/usr/lib/postgresql/15/bin/postgres --version

export CARDTABLE_UPGRADE_DIR=${CARDTABLE_UPGRADE_DIR:-/tmp/cardtable-upgrade-ci}
RUN=$CARDTABLE_UPGRADE_DIR
case "$RUN" in /|/tmp|/tmp/|"$HOME"|"$PWD") echo "refusing $RUN as the run directory" >&2; exit 2 ;; esac

# Stops what a run left in $RUN: the processes of its pid files whose command line still names
# $RUN (a reused pid is left alone), and its PostgreSQL. Returns 1 if there was anything.
leftovers() {
  local left=0 f pid cmd
  for f in "$RUN"/pids/*.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)
    if [ -n "$cmd" ] && [[ "$cmd" == *"$RUN"* ]]; then
      echo "left running: $pid ${cmd:0:160}" >&2
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      kill -KILL "$pid" 2>/dev/null || true
      left=1
    fi
    rm -f "$f"
  done
  if [ -f "$RUN/pg/data/postmaster.pid" ]; then
    echo "left running: PostgreSQL in $RUN/pg/data" >&2
    if [ "$(id -u)" -eq 0 ]; then as_pg=(runuser -u postgres --); else as_pg=(); fi
    "${as_pg[@]}" /usr/lib/postgresql/15/bin/pg_ctl -D "$RUN/pg/data" -m immediate -w -t 30 stop >/dev/null 2>&1 \
      || kill -KILL "$(head -1 "$RUN/pg/data/postmaster.pid")" 2>/dev/null || true
    left=1
  fi
  return $left
}
# Whatever happens, nothing is left running; the logs stay in $RUN when the test failed.
trap 'leftovers || true' EXIT

started=$(date +%s)
status=0
# timeout signals the whole process group it leads: Maven, the test JVM and what it started.
timeout --kill-after=30s 15m ./mvnw -B -ntp -Pupgrade verify "$@" || status=$?
[ "$status" -eq 124 ] && echo "the upgrade test ran past 15 minutes and was stopped" >&2
echo "upgrade stage: $(( $(date +%s) - started )) s, exit $status (figures: target/upgrade-figures.md, logs: $RUN)"
if ! leftovers; then
  echo "the upgrade test left processes running (stopped now)" >&2
  exit 1
fi
trap - EXIT
if [ "$status" -eq 0 ]; then rm -rf "$RUN"; fi
exit "$status"
