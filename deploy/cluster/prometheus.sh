#!/usr/bin/env bash
# Prometheus for a running cluster (deploy/cluster/up.sh), on 127.0.0.1 only: scrapes the three
# instances' /q/metrics (management ports) every 5 s and evaluates deploy/monitoring/alerts.yml.
#   prometheus.sh config   writes $RUN/prometheus/prometheus.yml from state.env, checks it, prints its path
#   prometheus.sh start    the same, then starts Prometheus on a free port (data and log under
#                          $RUN/prometheus/, PROMETHEUS_PORT added to state.env); prints its URL
#   prometheus.sh stop     stops it (down.sh does too)
# Needs Debian's prometheus (apt-get install prometheus).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
load_state

DIR=$RUN/prometheus
config() {
  command -v promtool >/dev/null 2>&1 || die "promtool not found (apt-get install prometheus)"
  mkdir -p "$DIR"
  sed -e "s|@ROOT@|$ROOT|g" -e "s|@APP1_MGMT_PORT@|$APP1_MGMT_PORT|g" -e "s|@APP2_MGMT_PORT@|$APP2_MGMT_PORT|g" \
    -e "s|@APP3_MGMT_PORT@|$APP3_MGMT_PORT|g" "$HERE/prometheus.yml.in" >"$DIR/prometheus.yml"
  promtool check config "$DIR/prometheus.yml" >/dev/null || die "invalid $DIR/prometheus.yml"
}

case "${1:-}" in
  config) config; echo "$DIR/prometheus.yml" ;;
  start)
    alive prometheus && die "Prometheus already runs (pid $(pid_of prometheus))"
    config
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    spawn prometheus "$DIR/prometheus.log" prometheus --config.file="$DIR/prometheus.yml" \
      --storage.tsdb.path="$DIR/data" --storage.tsdb.retention.time=1d \
      --web.listen-address="127.0.0.1:$port"
    await 30 http_ok "http://127.0.0.1:$port/-/ready" || die "Prometheus not ready (see $DIR/prometheus.log)"
    sed -i '/^PROMETHEUS_PORT=/d' "$RUN/state.env"
    echo "PROMETHEUS_PORT=$port" >>"$RUN/state.env"
    echo "http://127.0.0.1:$port"
    ;;
  stop) stop_proc prometheus 10 ;;
  *) sed -n '2,8p' "$0"; exit 2 ;;
esac
