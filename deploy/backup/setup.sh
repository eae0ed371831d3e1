#!/usr/bin/env bash
# Sets up pgBackRest for Card Table's PostgreSQL (9.6 or newer; the cluster's is 15): writes the
# configuration from pgbackrest.conf.in, turns on continuous WAL archiving to the repository
# (ALTER SYSTEM: archive_mode, archive_command, archive_timeout), creates the stanza, and checks
# that a WAL segment reaches the repository. Run it as root or as the user that owns the data.
#
#   setup.sh --pg-data DIR [--pg-port PORT] [--pg-socket DIR] [--repo DIR]
#            [--retention-full N] [--archive-timeout SECONDS] [--archive-settings alter-system|none]
#            [--pg2-data DIR --pg2-port PORT --pg2-socket DIR] [--skip-check | --check-only]
#
#   --pg-data            the data directory (required); --pg-port (5432) and --pg-socket
#                        (/var/run/postgresql) are where PostgreSQL's Unix socket is
#   --repo               the repository folder (/var/lib/pgbackrest); on another disk than the data
#   --retention-full     full backups kept (2)
#   --archive-timeout    the longest a committed transaction waits before its WAL segment is
#                        switched and archived, in seconds (60): the recovery point objective
#   --archive-settings   none when something else sets archiving (Patroni: deploy/cluster does)
#   --pg2-*              a second node of the same cluster (Patroni's standby), backed up from
#                        whichever of the two is primary
#   --skip-check         leave out the end-to-end check (a standby still starting); --check-only
#                        runs the check alone
# Environment: PGBACKREST_CONFIG (/etc/pgbackrest/pgbackrest.conf), PGBACKREST_STANZA (cardtable),
# PG_OS_USER (postgres). archive_mode takes effect only when PostgreSQL restarts: when it is not on
# yet, setup.sh says so, and `setup.sh ... --check-only` checks archiving after the restart.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

PG_DATA= PG_PORT=5432 PG_SOCKET=/var/run/postgresql REPO=/var/lib/pgbackrest RETENTION_FULL=2
ARCHIVE_TIMEOUT=60 ARCHIVE_SETTINGS=alter-system PG2_DATA= PG2_PORT= PG2_SOCKET= CHECK_ONLY=false SKIP_CHECK=false
while [ $# -gt 0 ]; do
  case "$1" in
    --pg-data) PG_DATA=$2; shift 2 ;;
    --pg-port) PG_PORT=$2; shift 2 ;;
    --pg-socket) PG_SOCKET=$2; shift 2 ;;
    --repo) REPO=$2; shift 2 ;;
    --retention-full) RETENTION_FULL=$2; shift 2 ;;
    --archive-timeout) ARCHIVE_TIMEOUT=$2; shift 2 ;;
    --archive-settings) ARCHIVE_SETTINGS=$2; shift 2 ;;
    --pg2-data) PG2_DATA=$2; shift 2 ;;
    --pg2-port) PG2_PORT=$2; shift 2 ;;
    --pg2-socket) PG2_SOCKET=$2; shift 2 ;;
    --check-only) CHECK_ONLY=true; shift ;;
    --skip-check) SKIP_CHECK=true; shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) bdie "unknown option $1 (--help lists them)" ;;
  esac
done
[ -n "$PG_DATA" ] || bdie "--pg-data is required (--help lists the options)"
case "$ARCHIVE_SETTINGS" in alter-system|none) ;; *) bdie "--archive-settings is alter-system or none" ;; esac
[[ "$ARCHIVE_TIMEOUT" =~ ^[0-9]+$ && "$RETENTION_FULL" =~ ^[0-9]+$ ]] || bdie "--archive-timeout and --retention-full are whole numbers"

psql_pg() { as_pg psql -X -q -v ON_ERROR_STOP=1 -h "$PG_SOCKET" -p "$PG_PORT" -U "$PG_OS_USER" -d postgres -tA "$@"; }

if [ "$CHECK_ONLY" != true ]; then
  # --- The configuration, and the folders pgBackRest writes, owned by the data's owner.
  state=$(dirname "$CONFIG")
  mkdir -p "$state" "$REPO" "$state/log" "$state/lock"
  lines="pg1-path=$PG_DATA"$'\n'"pg1-port=$PG_PORT"$'\n'"pg1-socket-path=$PG_SOCKET"
  if [ -n "$PG2_DATA" ]; then
    lines+=$'\n'"pg2-path=$PG2_DATA"$'\n'"pg2-port=$PG2_PORT"$'\n'"pg2-socket-path=$PG2_SOCKET"
  fi
  sed -e "s|@REPO@|$REPO|g" -e "s|@RETENTION_FULL@|$RETENTION_FULL|g" -e "s|@STANZA@|$STANZA|g" \
    -e "s|@LOG_PATH@|$state/log|g" -e "s|@LOCK_PATH@|$state/lock|g" "$BACKUP_HERE/pgbackrest.conf.in" \
    | awk -v s="$lines" '{ if ($0 == "@PG_LINES@") print s; else print }' >"$CONFIG.new"
  mv "$CONFIG.new" "$CONFIG"
  if [ "$(id -u)" -eq 0 ]; then
    chown "$PG_OS_USER:$PG_OS_USER" "$CONFIG" "$REPO" "$state/log" "$state/lock"
  fi
  chmod 640 "$CONFIG"
  chmod 750 "$REPO"
  blog "wrote $CONFIG (stanza $STANZA, repository $REPO, $RETENTION_FULL full backups kept)"

  # --- Continuous archiving: every WAL segment to the repository, at most ARCHIVE_TIMEOUT late.
  if [ "$ARCHIVE_SETTINGS" = alter-system ]; then
    psql_pg >/dev/null <<SQL
alter system set archive_mode = 'on';
alter system set archive_command = 'pgbackrest --config=$CONFIG --stanza=$STANZA archive-push %p';
alter system set archive_timeout = '${ARCHIVE_TIMEOUT}s';
select pg_reload_conf();
SQL
    blog "archiving set: archive_command pushes to the stanza $STANZA, archive_timeout ${ARCHIVE_TIMEOUT}s"
  fi
  [ "$(psql_pg -c 'show wal_level')" != minimal ] || bdie "wal_level is minimal: set it to replica and restart PostgreSQL"

  # --- The stanza: the repository's record of this database cluster.
  pgbr --log-level-console=info stanza-create
fi

# --- Archiving end to end: pgBackRest switches a segment and waits for it in the repository.
[ "$SKIP_CHECK" != true ] || exit 0
if [ "$(psql_pg -c "select setting from pg_settings where name = 'archive_mode'")" = off ]; then
  blog "archive_mode is on from the next start of PostgreSQL: restart it (e.g. systemctl restart postgresql), then run"
  blog "  $0 --pg-data $PG_DATA --pg-port $PG_PORT --pg-socket $PG_SOCKET --check-only"
  exit 0
fi
pgbr --log-level-console=info check
blog "archiving works: WAL reaches the repository; take the first full backup with deploy/backup/backup.sh full"
