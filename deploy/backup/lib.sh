# Shared by setup.sh, backup.sh and restore.sh: options common to all three, and running commands
# as the user that owns PostgreSQL's data (pgBackRest must run as that user). Sourced, not run.

BACKUP_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CONFIG=${PGBACKREST_CONFIG:-/etc/pgbackrest/pgbackrest.conf}
STANZA=${PGBACKREST_STANZA:-cardtable}
PG_OS_USER=${PG_OS_USER:-postgres}

blog() { printf '[backup %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
bdie() { blog "error: $*"; exit 1; }

# Runs "$@" as $PG_OS_USER (when we are root; as ourselves otherwise).
if [ "$(id -u)" -eq 0 ] && [ "$PG_OS_USER" != root ]; then
  as_pg() { setpriv --reuid="$PG_OS_USER" --regid="$PG_OS_USER" --init-groups env HOME=/tmp "$@"; }
else
  as_pg() { "$@"; }
fi

pgbr() { as_pg pgbackrest --config="$CONFIG" --stanza="$STANZA" "$@"; }

command -v pgbackrest >/dev/null 2>&1 || bdie "pgbackrest not found (apt-get install pgbackrest)"
