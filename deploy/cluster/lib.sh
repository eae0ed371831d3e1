# Shared by up.sh, down.sh and ctl.sh: where the run directory is, reading its state, and
# starting/stopping one process by its pid file. Sourced, not run.

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# The run directory: state.env (ports), secrets.env, pids/, logs and data. Must be reachable by
# the postgres user, hence under /tmp by default.
RUN=${CARDTABLE_CLUSTER_DIR:-/tmp/cardtable-cluster}
PIDS=$RUN/pids

log() { printf '[cluster %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

load_state() {
  [ -f "$RUN/state.env" ] || die "no cluster state in $RUN (is it up?)"
  # shellcheck disable=SC1091
  . "$RUN/state.env"
  # shellcheck disable=SC1091
  . "$RUN/secrets.env"
}

pid_of() { [ -f "$PIDS/$1.pid" ] && cat "$PIDS/$1.pid" || true; }

alive() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# Starts "$@" detached as process NAME, output to LOG; records its pid.
spawn() {
  local name=$1 logfile=$2
  shift 2
  mkdir -p "$PIDS"
  setsid "$@" >>"$logfile" 2>&1 </dev/null &
  echo $! >"$PIDS/$name.pid"
}

# Sends SIGTERM to NAME and waits up to SECONDS for it to exit, then SIGKILL.
stop_proc() {
  local name=$1 seconds=${2:-20} pid i
  pid=$(pid_of "$name")
  [ -n "$pid" ] || return 0
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < seconds * 10; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "$name ($pid) still running after ${seconds}s: killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$PIDS/$name.pid"
}

# The prefix that runs a command as the postgres user when we are root (PostgreSQL refuses to
# run as root); empty otherwise.
if [ "$(id -u)" -eq 0 ]; then
  AS_POSTGRES=(setpriv --reuid=postgres --regid=postgres --init-groups env HOME="$RUN")
else
  AS_POSTGRES=(env)
fi

# Waits up to SECONDS for "$@" to succeed.
await() {
  local seconds=$1 i
  shift
  for ((i = 0; i < seconds * 4; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.25
  done
  return 1
}

http_ok() { curl -fs -o /dev/null --max-time 2 "$1"; }

# Starts Card Table instance N (1..3) from state.env; does not wait for it.
start_instance() {
  local n=$1 port_var="APP${1}_PORT" mgmt_var="APP${1}_MGMT_PORT"
  local dir=$RUN/app$n
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  (cd "$dir" && unset CARDTABLE_DATA_DIR QUARKUS_DATASOURCE_JDBC_URL \
    && export QUARKUS_DATASOURCE_PASSWORD="$DB_PASSWORD" \
    && { [ -z "${SESSION_ENCRYPTION_KEY:-}" ] || export QUARKUS_HTTP_AUTH_SESSION_ENCRYPTION_KEY="$SESSION_ENCRYPTION_KEY"; } \
    && spawn "app$n" "$dir/server.log" java ${CARDTABLE_CLUSTER_JAVA_OPTS:--Xms64m -Xmx384m -XX:+UseSerialGC} \
      -Dcardtable.cluster="$dir" \
      -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="${!port_var}" \
      -Dquarkus.management.host=127.0.0.1 -Dquarkus.management.port="${!mgmt_var}" \
      -Dquarkus.datasource.jdbc.url="jdbc:postgresql://127.0.0.1:$DB_PRIMARY_PORT/$DB_NAME" \
      -Dquarkus.datasource.username="$DB_USER" \
      -Dquarkus.datasource.jdbc.initial-size=4 -Dquarkus.datasource.jdbc.min-size=4 \
      -Dquarkus.http.proxy.proxy-address-forwarding=true \
      -Dquarkus.http.proxy.allow-x-forwarded=true \
      -Dquarkus.http.proxy.allow-forwarded=false \
      -Dquarkus.http.proxy.trusted-proxies=127.0.0.1 \
      -Dquarkus.shutdown.delay=3s \
      -Dquarkus.shutdown.timeout=5s \
      -Dquarkus.log.file.enabled=false \
      -jar "$JAR")
}

instance_ready() {
  local mgmt_var="APP${1}_MGMT_PORT"
  http_ok "http://127.0.0.1:${!mgmt_var}/q/health/ready"
}
