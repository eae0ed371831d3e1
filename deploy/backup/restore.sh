#!/usr/bin/env bash
# Restores Card Table's PostgreSQL from the pgBackRest repository into a fresh data directory, to a
# point in time or to the end of the archived WAL. The directory is then started as an ordinary
# PostgreSQL (or given to the service in place of the old one): it fetches the WAL it needs from the
# repository (restore_command), replays it up to the target, and opens for writing on a new
# timeline, archiving on into the same repository.
#
#   restore.sh --to DIR [--time 'YYYY-MM-DD HH:MM:SS[.ffffff]+00'] [--set LABEL]
#
#   --to     the new data directory: created, or an empty one; never the live one
#   --time   the last moment to keep: every transaction committed at or before it is restored,
#            none committed after (PostgreSQL's recovery_target_time, inclusive). Without --time,
#            everything the archive holds is restored
#   --set    the backup to start from (a label from `pgbackrest info`); by default the newest one
#            that ended before --time
# Environment: PGBACKREST_CONFIG (/etc/pgbackrest/pgbackrest.conf), PGBACKREST_STANZA (cardtable),
# PG_OS_USER (postgres).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

TO= TIME= SET=
while [ $# -gt 0 ]; do
  case "$1" in
    --to) TO=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --set) SET=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) bdie "unknown option $1 (--help lists them)" ;;
  esac
done
[ -n "$TO" ] || bdie "--to DIR is required"
[ -r "$CONFIG" ] || bdie "no configuration at $CONFIG (run deploy/backup/setup.sh first)"
if [ -e "$TO" ] && [ -n "$(ls -A "$TO")" ]; then
  bdie "$TO is not empty: restore into a new directory (the live one stays as it is until you switch)"
fi
mkdir -p "$TO"
chmod 700 "$TO"
if [ "$(id -u)" -eq 0 ]; then chown "$PG_OS_USER:$PG_OS_USER" "$TO"; fi

args=(--pg1-path="$TO" --log-level-console=info)
[ -z "$SET" ] || args+=(--set="$SET")
if [ -n "$TIME" ]; then
  # promote: once the target is reached, the database opens for writing (on a new timeline).
  args+=(--type=time --target="$TIME" --target-action=promote)
fi
started=$(date +%s)
pgbr "${args[@]}" restore
blog "restored into $TO in $(( $(date +%s) - started )) s${TIME:+, to $TIME}; start PostgreSQL on it, e.g."
blog "  pg_ctl -D $TO -o '-p PORT' -w start   (as $PG_OS_USER; it replays the archived WAL, read-only meanwhile)"
blog "and wait until psql -c 'select pg_is_in_recovery()' answers f before starting Card Table on it"
