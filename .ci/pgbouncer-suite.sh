#!/usr/bin/env bash
# Runs the test suite with the server's connection pool going through PgBouncer 1.18 in
# transaction mode (docs/scaling.md, "A connection pooler"):
#   - a PostgreSQL 15 and a PgBouncer of their own, on free 127.0.0.1 ports, as the postgres user;
#   - the datasource through PgBouncer with prepareThreshold=0 (no named server-side prepared
#     statements, which PgBouncer 1.18 cannot carry between server connections);
#   - the LISTEN connection of live events straight to PostgreSQL (cardtable.events.listen-url);
#   - connections sampled every 0.2 s: the run fails if PgBouncer ever holds more server
#     connections than the pool size, and prints the most client connections the server opened
#     (what PostgreSQL would have had to hold without the pooler) beside the most server
#     connections PgBouncer used.
# The suite here is every test class that starts the server (@QuarkusTest), found in
# src/test/java, but those left out below. The other classes (the engine's rules, AI and solver,
# ArchUnit, pure unit tests) never open a database connection: the main run covers them.
#
# Usage: .ci/pgbouncer-suite.sh [--direct] [TestClass,TestClass...]
#   --direct   the same PostgreSQL and the same classes, without PgBouncer: the datasource straight
#              to PostgreSQL, to measure how many connections the suite holds without the pooler
#   classes    instead of the suite, e.g. ScoundrelGameTest,LiveEventsTest
# Settings: PGBOUNCER_POOL_SIZE (default 8); PGBOUNCER_SUITE_TIMEOUT, the bound of the Maven run
# (default 25m; past it the run is stopped and fails); PGBOUNCER_MAVEN_GOAL (default test).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=pgbouncer
if [ "${1:-}" = "--direct" ]; then mode=direct; shift; fi
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
pool=${PGBOUNCER_POOL_SIZE:-8}
tests=${1:-}
bound=${PGBOUNCER_SUITE_TIMEOUT:-25m}

# Server tests left out, and why:
#  - StandbyReadsTest starts a PostgreSQL 15 primary and standby of its own (StandbyCluster);
#  - Partitioned*Test and PartitionedKeysTest create their database on an embedded PostgreSQL of
#    their own (PartitionedSchema), never on the suite's datasource;
#  - WebClientTest and WebFeaturesTest drive Chromium through the web client, which calls the same
#    API the HTTP tests call: minutes of browser time and no statement of their own.
LEFT_OUT='/(StandbyReadsTest|Partitioned[A-Za-z]*Test|WebClientTest|WebFeaturesTest)\.java$'

# Debian's /usr/bin/psql is a Perl wrapper: the samplers use the binary itself.
psql=$bin/psql
[ -x "$psql" ] || psql=psql
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

work=$(mktemp -d /tmp/cardtable-pgbouncer-XXXXXX)
chmod 755 "$work"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$work"; fi
pg_port=$(free_port)
pb_port=$(free_port)
cleanup() {
  rm -f "$work/sampling"
  [ -f "$work/pgbouncer.pid" ] && kill "$(cat "$work/pgbouncer.pid")" 2>/dev/null || true
  as_pg "$bin/pg_ctl" -D "$work/data" -m immediate -w stop >/dev/null 2>&1 || true
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT

as_pg "$bin/initdb" -D "$work/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
as_pg "$bin/pg_ctl" -D "$work/data" -l "$work/postgres.log" -w start \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$work -c fsync=off -c max_connections=200" >/dev/null
as_pg "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres cardtable

if [ "$mode" = pgbouncer ]; then
  cat > "$work/pgbouncer.ini" <<EOF
[databases]
cardtable = host=127.0.0.1 port=$pg_port dbname=cardtable user=postgres
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $pb_port
unix_socket_dir = $work
auth_type = trust
auth_file = $work/users.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = $pool
min_pool_size = 0
reserve_pool_size = 0
max_db_connections = $pool
max_client_conn = 1000
ignore_startup_parameters = extra_float_digits,options
logfile = $work/pgbouncer.log
pidfile = $work/pgbouncer.pid
EOF
  echo '"postgres" ""' > "$work/users.txt"
  if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$work/pgbouncer.ini" "$work/users.txt"; fi
  as_pg pgbouncer -d "$work/pgbouncer.ini"
  pgbouncer --version | head -1
  datasource="jdbc:postgresql://127.0.0.1:$pb_port/cardtable?prepareThreshold=0"
else
  datasource="jdbc:postgresql://127.0.0.1:$pg_port/cardtable"
fi

# Samplers: one psql session each, fed a query every 0.2 s for as long as $work/sampling exists.
#  - PostgreSQL: client backends on the database (with PgBouncer: its servers plus the direct
#    LISTEN connection); the sampler's own session is on the database postgres;
#  - PgBouncer: per sample, its server connections, its client connections and those of them
#    waiting for a server connection.
touch "$work/sampling"
every() { while [ -e "$work/sampling" ] && sleep 0.2; do printf '%s\n' "$@"; done; }
every "select count(*) from pg_stat_activity where datname = 'cardtable' and backend_type = 'client backend';" \
  | "$psql" -h 127.0.0.1 -p "$pg_port" -U postgres -At -q postgres > "$work/pg.samples" 2>/dev/null &
samplers=($!)
if [ "$mode" = pgbouncer ]; then
  every '\echo tick' 'show servers;' 'show clients;' \
    | "$psql" -h 127.0.0.1 -p "$pb_port" -U postgres -At -q pgbouncer 2>/dev/null \
    | awk -F'|' '$1 == "tick" { if (n++) print sv + 0, cl + 0, wt + 0; fflush(); sv = cl = wt = 0; next }
                 $1 == "S" && $3 == "cardtable" { sv++ }
                 $1 == "C" && $3 == "cardtable" { cl++; if ($4 == "waiting") wt++ }' > "$work/pgbouncer.samples" &
  samplers+=($!)
fi

if [ -n "$tests" ]; then
  selection=(-Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false)
  described=$tests
else
  (cd src/test/java && grep -rlE '^@QuarkusTest' --include='*Test.java' . | sed 's|^\./||' | grep -vE "$LEFT_OUT" | sort) > "$work/included"
  selection=(-Dsurefire.includesFile="$work/included")
  described="$(wc -l < "$work/included") server test classes"
fi
listen=()
if [ "$mode" = pgbouncer ]; then listen=(CARDTABLE_EVENTS_LISTEN_URL="jdbc:postgresql://127.0.0.1:$pg_port/cardtable"); fi

started=$(date +%s)
status=0
# timeout signals the whole process group it leads: Maven and the forked test JVM.
env QUARKUS_DATASOURCE_JDBC_URL="$datasource" QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  "${listen[@]}" timeout --kill-after=30s "$bound" \
  ./mvnw -B -ntp ${PGBOUNCER_MAVEN_GOAL:-test} "${selection[@]}" 2>&1 | tee "$work/maven.log" || status=$?
if [ "$status" -eq 124 ]; then echo "the suite ran past $bound and was stopped" >&2; fi
elapsed=$(( $(date +%s) - started ))

rm -f "$work/sampling"
wait "${samplers[@]}" 2>/dev/null || true
max_pg=$(awk 'BEGIN { m = 0 } $1 + 0 > m { m = $1 + 0 } END { print m }' "$work/pg.samples")
summary=$(grep -E '^\[[A-Z]+\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' "$work/maven.log" \
  | tail -1 | sed 's/^\[[A-Z]*\] //' || true)
echo "Suite: $described ($mode), ${elapsed} s: ${summary:-no summary (stopped?)}"
if [ "$mode" = pgbouncer ]; then
  read -r samples max_sv max_cl max_wt < <(awk 'BEGIN { a = b = c = 0 }
    { if ($1 > a) a = $1; if ($2 > b) b = $2; if ($3 > c) c = $3 } END { print NR, a, b, c }' "$work/pgbouncer.samples")
  echo "PgBouncer (transaction mode, pool $pool): $samples samples;" \
       "most server connections $max_sv, most client connections $max_cl (without the pooler PostgreSQL would hold these)," \
       "most clients waiting for a server connection $max_wt," \
       "most PostgreSQL client backends on the database $max_pg (PgBouncer's plus the direct LISTEN connection)"
  if [ "$max_sv" -gt "$pool" ]; then
    echo "PgBouncer held $max_sv server connections, above the pool size $pool" >&2
    status=1
  fi
else
  echo "Without a pooler: $(wc -l < "$work/pg.samples") samples; most PostgreSQL client backends on the database $max_pg"
fi
exit $status
