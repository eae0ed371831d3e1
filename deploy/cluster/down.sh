#!/usr/bin/env bash
# Stops everything deploy/cluster/up.sh started in the run directory ($CARDTABLE_CLUSTER_DIR,
# default /tmp/cardtable-cluster): the instances (draining), HAProxy, Patroni and PostgreSQL,
# etcd. Leaves the logs; --purge removes the run directory too. Exits non-zero if anything it
# started is still running.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

if [ ! -d "$PIDS" ]; then
  log "nothing to stop in $RUN"
  [ "${1:-}" = "--purge" ] && rm -rf "$RUN"
  exit 0
fi
stop_proc prometheus 10   # started by prometheus.sh, if it was
for n in 1 2 3; do stop_proc "app$n" 25 & done
wait
stop_proc haproxy 10
for n in 2 1; do
  stop_proc "pg$n" 40
  # A postmaster Patroni left behind (Patroni killed, or a crash): stopped at once.
  pidfile=$RUN/pg$n/data/postmaster.pid
  if [ -f "$pidfile" ]; then
    pm=$(head -1 "$pidfile")
    if [ -n "$pm" ] && kill -0 "$pm" 2>/dev/null; then
      log "stopping the postmaster of pg$n ($pm) left running"
      "${AS_POSTGRES[@]}" /usr/lib/postgresql/15/bin/pg_ctl -D "$RUN/pg$n/data" -m immediate -w -t 20 stop >/dev/null 2>&1 \
        || kill -KILL "$pm" 2>/dev/null || true
    fi
  fi
done
stop_proc etcd 10

left=$(pgrep -f -- "$RUN/(etcd|pg1|pg2|haproxy|app1|app2|app3|prometheus)" || true)
rm -f "$RUN/state.env" "$RUN/secrets.env"
rmdir "$PIDS" 2>/dev/null || true
if [ -n "$left" ]; then
  log "still running with $RUN in their command line: $(echo $left)"
  exit 1
fi
if [ "${1:-}" = "--purge" ]; then rm -rf "$RUN"; fi
log "cluster stopped; nothing left running"
