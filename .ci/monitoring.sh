#!/usr/bin/env bash
# The monitoring stage (docs/operations.md, "Watching it"): installs Debian's prometheus (for
# promtool) where missing, as .ci/run installs its tools, then checks the alert rules, runs their
# tests, and checks the cluster's scrape configuration. Run it before `./mvnw verify`:
# dev.cardtable.platform.telemetry.MonitoringFilesTest runs promtool too.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); elif command -v sudo >/dev/null 2>&1; then as_root=(sudo); else as_root=(); fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${as_root[@]}" apt-get install -y --no-install-recommends prometheus; then
    "${as_root[@]}" apt-get update
    "${as_root[@]}" apt-get install -y --no-install-recommends prometheus
  fi
fi
promtool --version | head -1

promtool check rules deploy/monitoring/alerts.yml
promtool test rules deploy/monitoring/alerts_test.yml
# The cluster's scrape configuration, filled in with placeholder ports (it loads alerts.yml too).
rendered=$(mktemp --suffix=.yml)
trap 'rm -f "$rendered"' EXIT
sed -e "s|@ROOT@|$PWD|g" -e "s|@APP[123]_MGMT_PORT@|9|g" deploy/cluster/prometheus.yml.in >"$rendered"
promtool check config "$rendered"
