#!/usr/bin/env bash
# Takes a backup of Card Table's PostgreSQL into the pgBackRest repository set up by setup.sh,
# while the database serves: full (every file), incr (the files changed since the last backup of
# any kind) or diff (changed since the last full). Expires what the retention no longer keeps,
# then prints the repository's backups. Run it as root or as the user that owns the data; a
# schedule runs it (deploy/backup/cardtable-backup.cron, or the systemd timers beside it).
#
#   backup.sh full|incr|diff
#
# Environment: PGBACKREST_CONFIG (/etc/pgbackrest/pgbackrest.conf), PGBACKREST_STANZA (cardtable),
# PG_OS_USER (postgres). Exits non-zero when the backup failed (nothing is then expired).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

type=${1:-}
case "$type" in full|incr|diff) ;; *) sed -n '2,12p' "$0" >&2; exit 2 ;; esac
[ -r "$CONFIG" ] || bdie "no configuration at $CONFIG (run deploy/backup/setup.sh first)"

started=$(date +%s)
pgbr --log-level-console=info --type="$type" backup
blog "$type backup done in $(( $(date +%s) - started )) s"
pgbr --output=text info
