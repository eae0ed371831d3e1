#!/usr/bin/env bash
# Runs a representative part of the test suite with the server's connection pool going through
# PgBouncer 1.18 in transaction mode (docs/scaling.md, "A connection pooler"):
#   - a PostgreSQL 15 and a PgBouncer of their own, on free 127.0.0.1 ports, as the postgres user;
#   - the datasource through PgBouncer with prepareThreshold=0 (no named server-side prepared
#     statements, which PgBouncer 1.18 cannot carry between server connections);
#   - the LISTEN connection of live events straight to PostgreSQL (cardtable.events.listen-url);
#   - server connections sampled every 0.2 s: the run fails if PgBouncer ever holds more than the
#     pool size, and prints the most client connections the server opened (what PostgreSQL would
#     have had to hold without the pooler) beside the most server connections PgBouncer used.
# Usage: .ci/pgbouncer-suite.sh [TestClass,TestClass...]   (PGBOUNCER_POOL_SIZE, default 8;
#        PGBOUNCER_MAVEN_GOAL, default test, e.g. "verify -Dit.test=..." to run ITs in the same pass)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
pool=${PGBOUNCER_POOL_SIZE:-8}
tests=${1:-ScoundrelGameTest,MoveConcurrencyTest,LiveEventsTest,HistoryTest,RecordTest,FingerprintTest,RateLimitTest}

as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

work=$(mktemp -d /tmp/cardtable-pgbouncer-XXXXXX)
chmod 755 "$work"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$work"; fi
pg_port=$(free_port)
pb_port=$(free_port)
sampler=
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  [ -f "$work/pgbouncer.pid" ] && kill "$(cat "$work/pgbouncer.pid")" 2>/dev/null || true
  as_pg "$bin/pg_ctl" -D "$work/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

as_pg "$bin/initdb" -D "$work/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
as_pg "$bin/pg_ctl" -D "$work/data" -l "$work/postgres.log" -w start \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$work -c fsync=off -c max_connections=200" >/dev/null
as_pg "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres cardtable

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

# Samples: PgBouncer's server and client connections to the cardtable pool, and PostgreSQL's
# client backends on the database (PgBouncer's servers plus the direct LISTEN connection).
(
  while true; do
    sv=$(psql -h 127.0.0.1 -p "$pb_port" -U postgres -Atc "show servers" pgbouncer 2>/dev/null | grep -c '|cardtable|' || true)
    cl=$(psql -h 127.0.0.1 -p "$pb_port" -U postgres -Atc "show clients" pgbouncer 2>/dev/null | grep -c '|cardtable|' || true)
    pg=$(psql -h 127.0.0.1 -p "$pg_port" -U postgres -Atc \
      "select count(*) from pg_stat_activity where datname = 'cardtable' and backend_type = 'client backend'" postgres 2>/dev/null || echo 0)
    echo "$sv $cl $pg" >> "$work/samples"
    sleep 0.2
  done
) &
sampler=$!

status=0
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$pb_port/cardtable?prepareThreshold=0" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
CARDTABLE_EVENTS_LISTEN_URL="jdbc:postgresql://127.0.0.1:$pg_port/cardtable" \
  ./mvnw -B -ntp ${PGBOUNCER_MAVEN_GOAL:-test} -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false || status=$?

kill "$sampler" 2>/dev/null || true
sampler=
read -r max_sv max_cl max_pg < <(awk 'BEGIN{a=0;b=0;c=0} {if($1>a)a=$1; if($2>b)b=$2; if($3>c)c=$3} END{print a, b, c}' "$work/samples")
echo "PgBouncer (transaction mode, pool $pool): $(wc -l < "$work/samples") samples;" \
     "most server connections $max_sv, most client connections $max_cl (without the pooler PostgreSQL would hold these)," \
     "most PostgreSQL client backends on the database $max_pg (PgBouncer's plus the direct LISTEN connection)"
if [ "$max_sv" -gt "$pool" ]; then
  echo "PgBouncer held $max_sv server connections, above the pool size $pool" >&2
  status=1
fi
exit $status
