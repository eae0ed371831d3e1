#!/usr/bin/env bash
# Brings up Card Table on one machine, everything on 127.0.0.1 and free ports: one etcd, two
# PostgreSQL 15 nodes managed by Patroni (a primary and a synchronous hot standby), HAProxy
# (the database's primary and standby ports, and the API round-robin over three instances), and
# three instances of the packaged server. Prints where everything is; writes state.env,
# secrets.env, pids/ and every log under the run directory ($CARDTABLE_CLUSTER_DIR, default
# /tmp/cardtable-cluster). deploy/cluster/down.sh stops it all.
#
# Needs: haproxy, patroni, etcd-server, postgresql-15 (Debian), java 21+, and the server
# packaged with its management interface (built here when missing):
#   ./mvnw -B -ntp -Pcluster package -DskipTests     (target/cluster-app/quarkus-run.jar)
# With pgbackrest installed (Debian's pgbackrest), the primary archives its WAL continuously into a
# pgBackRest repository in the run directory, set up by deploy/backup/setup.sh (configuration
# backup/pgbackrest.conf, repository backup/repo; archive_timeout CARDTABLE_CLUSTER_ARCHIVE_TIMEOUT,
# default 60 s). CARDTABLE_CLUSTER_BACKUP=on requires it, off leaves archiving off, auto (the
# default) archives when pgbackrest is installed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

JAR=${CARDTABLE_CLUSTER_JAR:-$ROOT/target/cluster-app/quarkus-run.jar}
for tool in etcd patroni haproxy curl setsid python3 java /usr/lib/postgresql/15/bin/postgres; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (apt-get install haproxy patroni etcd-server postgresql-15)"
done
if [ -f "$RUN/state.env" ]; then
  die "a cluster is already up in $RUN (deploy/cluster/down.sh stops it)"
fi
if [ ! -f "$JAR" ]; then
  [ "$JAR" = "$ROOT/target/cluster-app/quarkus-run.jar" ] || die "no server jar at $JAR"
  log "building the server with its management interface into target/cluster-app"
  (cd "$ROOT" && ./mvnw -q -B -ntp -Pcluster package -DskipTests)
fi

BACKUP=${CARDTABLE_CLUSTER_BACKUP:-auto}
case "$BACKUP" in
  on) command -v pgbackrest >/dev/null 2>&1 || die "CARDTABLE_CLUSTER_BACKUP=on but pgbackrest is not installed (apt-get install pgbackrest)" ;;
  off) ;;
  auto) if command -v pgbackrest >/dev/null 2>&1; then BACKUP=on; else BACKUP=off; log "pgbackrest not installed: WAL archiving stays off"; fi ;;
  *) die "CARDTABLE_CLUSTER_BACKUP is on, off or auto" ;;
esac
ARCHIVE_TIMEOUT=${CARDTABLE_CLUSTER_ARCHIVE_TIMEOUT:-60}

case "$RUN" in /|/tmp|/tmp/|"$HOME"|"$ROOT") die "refusing to use $RUN as the run directory" ;; esac
rm -rf "$RUN"
mkdir -p "$RUN" "$PIDS" "$RUN/etcd" "$RUN/haproxy" "$RUN/pg1" "$RUN/pg2"
chmod 755 "$RUN"
started_ok=false
trap "exit 1" INT TERM
# Whatever stops start-up half-way (a failed step, a signal), what was started is stopped.
trap 'if [ "$started_ok" != true ]; then log "start-up failed; stopping what was started"; "$HERE/down.sh" || true; fi' EXIT

# Sixteen free loopback ports, asked of the kernel at once.
read -r ETCD_PORT ETCD_PEER_PORT PG1_PORT PG2_PORT REST1_PORT REST2_PORT DB_PRIMARY_PORT DB_STANDBY_PORT \
  API_PORT STATS_PORT APP1_PORT APP2_PORT APP3_PORT APP1_MGMT_PORT APP2_MGMT_PORT APP3_MGMT_PORT < <(python3 -c '
import socket
socks = []
for _ in range(16):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))')
secret() { python3 -c 'import secrets; print(secrets.token_hex(12))'; }
DB_NAME=cardtable
DB_USER=cardtable
cat >"$RUN/secrets.env" <<EOS
SUPERUSER_PASSWORD=$(secret)
REPLICATION_PASSWORD=$(secret)
REWIND_PASSWORD=$(secret)
DB_PASSWORD=$(secret)
SESSION_ENCRYPTION_KEY=$(secret)$(secret)
EOS
chmod 600 "$RUN/secrets.env"
cat >"$RUN/state.env" <<EOS
RUN=$RUN
JAR=$JAR
DB_NAME=$DB_NAME
DB_USER=$DB_USER
ETCD_PORT=$ETCD_PORT
ETCD_PEER_PORT=$ETCD_PEER_PORT
PG1_PORT=$PG1_PORT
PG2_PORT=$PG2_PORT
REST1_PORT=$REST1_PORT
REST2_PORT=$REST2_PORT
DB_PRIMARY_PORT=$DB_PRIMARY_PORT
DB_STANDBY_PORT=$DB_STANDBY_PORT
API_PORT=$API_PORT
STATS_PORT=$STATS_PORT
APP1_PORT=$APP1_PORT
APP2_PORT=$APP2_PORT
APP3_PORT=$APP3_PORT
APP1_MGMT_PORT=$APP1_MGMT_PORT
APP2_MGMT_PORT=$APP2_MGMT_PORT
APP3_MGMT_PORT=$APP3_MGMT_PORT
BACKUP_CONFIG=$([ "$BACKUP" = on ] && echo "$RUN/backup/pgbackrest.conf")
EOS
load_state

# --- etcd: one node, the store Patroni elects its leader in.
log "etcd on 127.0.0.1:$ETCD_PORT"
spawn etcd "$RUN/etcd/etcd.log" etcd --name cardtable --data-dir "$RUN/etcd/data" \
  --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster "cardtable=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new \
  --listen-metrics-urls "" --log-level warn
await 30 http_ok "http://127.0.0.1:$ETCD_PORT/health" || die "etcd did not become healthy (see $RUN/etcd/etcd.log)"

# --- Patroni + PostgreSQL, as the postgres user.
fill() {
  sed -e "s|@RUN@|$RUN|g" -e "s|@ETCD_PORT@|$ETCD_PORT|g" -e "s|@SUPERUSER_PASSWORD@|$SUPERUSER_PASSWORD|g" \
    -e "s|@REPLICATION_PASSWORD@|$REPLICATION_PASSWORD|g" -e "s|@REWIND_PASSWORD@|$REWIND_PASSWORD|g" \
    -e "s|@NODE1@|pg1|g" -e "s|@NODE2@|pg2|g" -e "s|@PG1_PORT@|$PG1_PORT|g" -e "s|@PG2_PORT@|$PG2_PORT|g" \
    -e "s|@REST1_PORT@|$REST1_PORT|g" -e "s|@REST2_PORT@|$REST2_PORT|g" -e "s|@API_PORT@|$API_PORT|g" \
    -e "s|@DB_PRIMARY_PORT@|$DB_PRIMARY_PORT|g" -e "s|@DB_STANDBY_PORT@|$DB_STANDBY_PORT|g" \
    -e "s|@STATS_PORT@|$STATS_PORT|g" "$@"
}
for n in 1 2; do
  pg_var="PG${n}_PORT" rest_var="REST${n}_PORT"
  if [ "$BACKUP" = on ]; then
    archive=(-e "s|@ARCHIVE_MODE@|on|g" -e "s|@ARCHIVE_TIMEOUT@|$ARCHIVE_TIMEOUT|g"
      -e "s|@ARCHIVE_COMMAND@|pgbackrest --config=$BACKUP_CONFIG --stanza=cardtable --pg1-path=$RUN/pg$n/data archive-push %p|g")
  else
    archive=(-e "s|@ARCHIVE_MODE@|off|g" -e "s|@ARCHIVE_TIMEOUT@|0|g" -e "s|@ARCHIVE_COMMAND@||g")
  fi
  fill -e "s|@NODE@|pg$n|g" -e "s|@PG_PORT@|${!pg_var}|g" -e "s|@REST_PORT@|${!rest_var}|g" "${archive[@]}" \
    "$HERE/patroni.yml.in" >"$RUN/pg$n/patroni.yml"
  chmod 600 "$RUN/pg$n/patroni.yml"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$RUN/pg$n"; fi
done
log "Patroni node pg1 (PostgreSQL 127.0.0.1:$PG1_PORT, REST 127.0.0.1:$REST1_PORT)"
spawn pg1 "$RUN/pg1/patroni.out" "${AS_POSTGRES[@]}" patroni "$RUN/pg1/patroni.yml"
await 240 http_ok "http://127.0.0.1:$REST1_PORT/primary" || die "pg1 did not become primary (see $RUN/pg1/)"
# --- pgBackRest: the stanza, created on the primary before the standby's base backup completes
# the first WAL segment, so that the archiver's first push finds it.
backup_setup() {
  PGBACKREST_CONFIG=$BACKUP_CONFIG PG_OS_USER=postgres "$ROOT/deploy/backup/setup.sh" --archive-settings none \
    --pg-data "$RUN/pg1/data" --pg-port "$PG1_PORT" --pg-socket "$RUN/pg1" \
    --pg2-data "$RUN/pg2/data" --pg2-port "$PG2_PORT" --pg2-socket "$RUN/pg2" --repo "$RUN/backup/repo" "$@"
}
if [ "$BACKUP" = on ]; then
  log "pgBackRest: stanza cardtable, repository $RUN/backup/repo"
  mkdir -p "$RUN/backup"
  backup_setup --skip-check >>"$RUN/backup/setup.log" 2>&1 || die "pgBackRest set-up failed (see $RUN/backup/setup.log)"
fi
log "Patroni node pg2 (PostgreSQL 127.0.0.1:$PG2_PORT, REST 127.0.0.1:$REST2_PORT)"
spawn pg2 "$RUN/pg2/patroni.out" "${AS_POSTGRES[@]}" patroni "$RUN/pg2/patroni.yml"
await 240 http_ok "http://127.0.0.1:$REST2_PORT/sync" || die "pg2 did not become the synchronous standby (see $RUN/pg2/)"
if [ "$BACKUP" = on ]; then
  backup_setup --check-only >>"$RUN/backup/setup.log" 2>&1 || die "WAL does not reach the pgBackRest repository (see $RUN/backup/setup.log)"
fi

# --- HAProxy.
log "HAProxy: API 127.0.0.1:$API_PORT, database primary :$DB_PRIMARY_PORT, standby :$DB_STANDBY_PORT"
servers=""
for n in 1 2 3; do
  port_var="APP${n}_PORT" mgmt_var="APP${n}_MGMT_PORT"
  servers+="    server app$n 127.0.0.1:${!port_var} check port ${!mgmt_var}"$'\n'
done
fill "$HERE/haproxy.cfg.in" | awk -v s="$servers" '{ if ($0 == "@API_SERVERS@") printf "%s", s; else print }' >"$RUN/haproxy/haproxy.cfg"
cp "$HERE/unavailable.http" "$HERE/no-instance.http" "$RUN/haproxy/"
haproxy -c -q -f "$RUN/haproxy/haproxy.cfg" || die "invalid HAProxy configuration $RUN/haproxy/haproxy.cfg"
spawn haproxy "$RUN/haproxy/haproxy.log" haproxy -db -f "$RUN/haproxy/haproxy.cfg"

# --- The application's database and role, created through HAProxy's primary port.
export PGPASSWORD=$SUPERUSER_PASSWORD PGCONNECT_TIMEOUT=3
psql_primary() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$DB_PRIMARY_PORT" -U postgres "$@"; }
await 30 psql_primary -d postgres -c 'select 1' || die "no primary behind 127.0.0.1:$DB_PRIMARY_PORT"
# Each step is retried: Patroni may restart the fresh primary once more just after bootstrap, and
# a step cut off that way is tried again (each checks first whether it already took effect).
create_role() {
  psql_primary -d postgres -c "do \$\$ begin if not exists (select from pg_roles where rolname = '$DB_USER') then create role $DB_USER login password '$DB_PASSWORD'; end if; end \$\$"
}
create_db() {
  psql_primary -d postgres -tAc "select 1 from pg_database where datname = '$DB_NAME'" | grep -q 1 \
    || psql_primary -d postgres -c "create database $DB_NAME owner $DB_USER"
}
await 60 create_role || die "could not create the role $DB_USER on the primary"
await 60 create_db || die "could not create the database $DB_NAME on the primary"
# The instances' replication gauges read pg_stat_replication's lag columns, shown to pg_monitor.
await 60 psql_primary -d postgres -c "grant pg_monitor to $DB_USER" || die "could not grant pg_monitor to $DB_USER"
unset PGPASSWORD

# --- Three Card Table instances, pointed at the primary's port.
for n in 1 2 3; do
  port_var="APP${n}_PORT" mgmt_var="APP${n}_MGMT_PORT"
  log "Card Table app$n: API 127.0.0.1:${!port_var}, management 127.0.0.1:${!mgmt_var}"
  start_instance "$n"
  # The first creates the schema (Flyway) before the others start.
  if [ "$n" -eq 1 ]; then
    await 120 instance_ready 1 || die "app1 not ready (see $RUN/app1/server.log)"
  fi
done
for n in 2 3; do
  await 120 instance_ready "$n" || die "app$n not ready (see $RUN/app$n/server.log)"
done
await 20 http_ok "http://127.0.0.1:$API_PORT/api/games?limit=1" || die "the API is not answering through HAProxy"
started_ok=true

cat <<EOS

Card Table cluster is up (state in $RUN/state.env, logs under $RUN):
  API (HAProxy, round-robin)   http://127.0.0.1:$API_PORT/
  instances                    app1 127.0.0.1:$APP1_PORT  app2 127.0.0.1:$APP2_PORT  app3 127.0.0.1:$APP3_PORT
  health and metrics           http://127.0.0.1:$APP1_MGMT_PORT/q/health  :$APP2_MGMT_PORT  :$APP3_MGMT_PORT  (/q/metrics)
  PostgreSQL primary (HAProxy) 127.0.0.1:$DB_PRIMARY_PORT  database $DB_NAME, user $DB_USER (password in $RUN/secrets.env)
  PostgreSQL standby (HAProxy) 127.0.0.1:$DB_STANDBY_PORT
  Patroni REST                 pg1 http://127.0.0.1:$REST1_PORT  pg2 http://127.0.0.1:$REST2_PORT
  etcd                         http://127.0.0.1:$ETCD_PORT
  WAL archive (pgBackRest)     ${BACKUP_CONFIG:-off}
Stop everything with: deploy/cluster/down.sh
EOS
if [ -n "$BACKUP_CONFIG" ]; then
  echo "Back up with: PGBACKREST_CONFIG=$BACKUP_CONFIG deploy/backup/backup.sh full"
fi
