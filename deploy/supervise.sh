#!/usr/bin/env bash
# A supervisor for machines without systemd or Docker (docs/DEPLOY.md): runs one node and starts it again
# whenever it ends without being asked to, like systemd's Restart=always. SIGTERM or SIGINT stops the node
# gracefully (it finishes what is in flight and exits 0), then the supervisor, with the node's exit code.
#
#   PORT=8081 deploy/supervise.sh node --enable-source-maps apps/server/dist/main.js
#
# With WORKERS > 1 the node is a cluster primary: it restarts its own dead workers and stops them all on
# SIGTERM; this script restarts the primary itself when it ends (docs/decisions/0022).
#
# A node that dies within MIN_UPTIME_S of starting (a bad setting, the database unreachable) is restarted
# after a delay doubling up to 30 s, so a node that cannot boot does not spin.
set -u
MIN_UPTIME_S=${MIN_UPTIME_S:-10}
delay=1
child=0
stopping=0

log() { echo "supervise[$$] $(date -u +%FT%TZ) $*" >&2; }
stop() {
  stopping=1
  if [ "$child" -gt 0 ]; then kill -TERM "$child" 2>/dev/null; fi
}
trap stop TERM INT

while :; do
  started=$SECONDS
  "$@" &
  child=$!
  log "node started: pid $child"
  # A trapped signal interrupts `wait`; keep waiting while the node is still finishing its requests.
  while :; do
    wait "$child"
    code=$?
    if [ "$code" -gt 128 ] && kill -0 "$child" 2>/dev/null; then continue; fi
    break
  done
  if [ "$stopping" = 1 ]; then
    log "node pid $child stopped with exit code $code"
    exit "$code"
  fi
  if [ $((SECONDS - started)) -ge "$MIN_UPTIME_S" ]; then delay=1; fi
  log "node pid $child ended unexpectedly (exit status $code); restarting in ${delay}s"
  sleep "$delay" &
  wait $! 2>/dev/null
  if [ "$stopping" = 1 ]; then exit 0; fi
  delay=$((delay * 2 > 30 ? 30 : delay * 2))
done
