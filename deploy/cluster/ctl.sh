#!/usr/bin/env bash
# Operates a running cluster (deploy/cluster/up.sh); the failure tests use it too.
#   ctl.sh start N | stop N | kill N   start, drain-and-stop (SIGTERM) or kill -9 instance N (1..3)
#   ctl.sh ready N                      exits 0 when instance N reports ready
#   ctl.sh pid NAME                     pid of app1..3, haproxy, pg1, pg2, etcd
#   ctl.sh primary                      the Patroni node (pg1|pg2) that is primary now
#   ctl.sh switchover                   Patroni switchover to the standby; waits until it is primary
#   ctl.sh kill-primary                 kill -9 of the primary's postmaster
#   ctl.sh await-sync SECONDS           waits until a node is primary and the other its sync standby
set -euo pipefail
. "$(dirname "$0")/lib.sh"
load_state

rest_port() { local v="REST${1#pg}_PORT"; echo "${!v}"; }
primary() {
  local n
  for n in pg1 pg2; do
    if http_ok "http://127.0.0.1:$(rest_port $n)/primary"; then echo "$n"; return 0; fi
  done
  return 1
}
other() { [ "$1" = pg1 ] && echo pg2 || echo pg1; }
synced() {
  local p
  p=$(primary) && http_ok "http://127.0.0.1:$(rest_port "$(other "$p")")/sync"
}

case "${1:-}" in
  start) start_instance "$2"; await 120 instance_ready "$2" || die "app$2 not ready" ;;
  stop) stop_proc "app$2" 30 ;;
  kill) pid=$(pid_of "app$2"); [ -n "$pid" ] && kill -KILL "$pid"; rm -f "$PIDS/app$2.pid" ;;
  ready) instance_ready "$2" ;;
  pid) pid_of "$2" ;;
  primary) primary ;;
  switchover)
    from=$(primary) || die "no primary"
    to=$(other "$from")
    curl -fsS --max-time 30 -XPOST "http://127.0.0.1:$(rest_port "$from")/switchover" \
      -d "{\"leader\":\"$from\",\"candidate\":\"$to\"}"
    echo
    await 60 sh -c "curl -fsS -o /dev/null --max-time 2 http://127.0.0.1:$(rest_port "$to")/primary" || die "$to did not become primary"
    ;;
  kill-primary)
    p=$(primary) || die "no primary"
    pm=$(head -1 "$RUN/$p/data/postmaster.pid")
    kill -KILL "$pm"
    echo "$p $pm"
    ;;
  await-sync) await "${2:-120}" synced || die "no primary with a synchronous standby" ;;
  *) sed -n '2,10p' "$0"; exit 2 ;;
esac
