#!/usr/bin/env bash
# docs/DEPLOY.md's host path (no Docker), run on this machine and checked: two production nodes on
# PostgreSQL and Redis, each under deploy/supervise.sh, behind nginx with deploy/nginx.conf. It kills one
# node with SIGKILL while traffic flows through nginx, watches the supervisor bring it back, scrapes
# /metrics, opens the live channel through the proxy and stops everything with SIGTERM.
#
#   scripts/deploy-smoke.sh                 # this work tree (after `npm ci`): builds the server when stale, not the web app
#   scripts/deploy-smoke.sh --fresh-clone   # a clean clone of HEAD: npm ci, npm run build, then the same
#
# Needs PostgreSQL (ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres: a role that may
# create databases; one named skinfair_deploy_* is made and dropped) and Redis (REDIS_URL, default
# redis://127.0.0.1:6379). Installs Debian's nginx-light when nginx is missing and it may (root or sudo);
# exits 77 (skipped) when it cannot. Only loopback addresses are used.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ADMIN_DATABASE_URL=${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
FRESH=0
[ "${1:-}" = "--fresh-clone" ] && FRESH=1

say() { echo "deploy-smoke: $*"; }
passed=0
failed=0
check() { # check "what" command…
  local what=$1
  shift
  if "$@"; then passed=$((passed + 1)); say "ok   - $what"; else failed=$((failed + 1)); say "FAIL - $what"; fi
}

# shellcheck source=scripts/nginx-drill-support.sh
. "$ROOT/scripts/nginx-drill-support.sh"

# --- nginx, from Debian's packages when missing ----------------------------------------------------------
nginx_find_or_install || exit 77

work=$(mktemp -d /tmp/skinfair-deploy.XXXXXX)
chmod 755 "$work"
SRC=$ROOT
started_at=$SECONDS
sup_pids=()
db_name="skinfair_deploy_$(date +%s)_$RANDOM"
db_made=0

cleanup() {
  set +e
  for pid in "${sup_pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${sup_pids[@]}"; do wait "$pid" 2>/dev/null; done
  nginx_stop "$work"
  [ "$db_made" = 1 ] && admin_sql "$ADMIN_DATABASE_URL" "DROP DATABASE IF EXISTS $db_name WITH (FORCE)"
  if [ "${KEEP_WORK:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

secret() { node -e "console.log(require('crypto').randomBytes(${1:-48}).toString('base64url'))"; }
status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$@" || true; }
wait_ready() { # wait_ready url seconds
  local deadline=$((SECONDS + $2))
  until [ "$(status_of "$1/health/ready")" = 200 ]; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.2
  done
}
node_pid() { { grep -o 'node started: pid [0-9]*' "$work/node-$1.log" || true; } | tail -1 | awk '{print $4}'; }

# --- 1. Build (DEPLOY.md "Build") ------------------------------------------------------------------------
if [ "$FRESH" = 1 ]; then
  SRC=$work/src
  say "clean clone of HEAD into $SRC"
  git clone --quiet "$ROOT" "$SRC"
  # DEPLOY.md "Build": npm 11 refuses this lock file (it lacks optional platform bindings npm 10 never
  # wrote); Node 20's own npm 10 installs it as locked.
  (
    cd "$SRC"
    if ! npm ci --no-audit --no-fund --loglevel=error; then
      echo "npm $(npm -v) ci refused the lock file; npm 10 (Node 20's own) installs it"
      npx -y npm@10 ci --no-audit --no-fund --loglevel=error
    fi
    npm run build --silent
  ) > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
  grep -q 'refused the lock file' "$work/build.log" && say "npm $(npm -v) ci refused the lock file; installed with npm 10 instead (DEPLOY.md \"Build\")"
  true
  say "npm ci and npm run build done in $((SECONDS - started_at)) s"
  WEB_DIST=$SRC/apps/web/dist
else
  WEB_DIST=${WEB_DIST:-$SRC/apps/web/dist}
  # The nodes run the compiled server (DEPLOY.md "Build"); build it when missing or older than its sources.
  node "$SRC/apps/server/build.mjs" --if-stale > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
fi

# --- 2. Database (DEPLOY.md "PostgreSQL and Redis") -------------------------------------------------------
admin_sql "$ADMIN_DATABASE_URL" "CREATE DATABASE $db_name"
db_made=1
DATABASE_URL=$(node -e "const u=new URL(process.argv[1]); u.pathname='/$db_name'; console.log(u.toString())" "$ADMIN_DATABASE_URL")

# --- 3. Configuration (DEPLOY.md "Configure": /etc/skinfair/skinfair.env) ---------------------------------
port_a=$(free_port)
port_b=$(free_port)
port_proxy=$(free_port)
ops_token=$(secret 32)
mkdir -p "$work/data"
cat > "$work/skinfair.env" <<EOF
NODE_ENV=production
HOST=127.0.0.1
DATABASE_URL=$DATABASE_URL
REDIS_URL=$REDIS_URL
APP_SECRET=$(secret 48)
OPS_TOKEN=$ops_token
PUBLIC_URL=https://skinfair.example.com
BEACON_SOURCE=drand
TRUST_PROXY=127.0.0.1
DATA_DIR=$work/data
WEB_DIST=$WEB_DIST
WORKERS=1
LOG_LEVEL=warn
# Smoke only: every request here comes from one address, and CI's other tests share this Redis's counters.
RATE_LIMIT_PER_MINUTE=1000000
EOF

# --- 4. Nodes under the supervisor (DEPLOY.md "Run N nodes": deploy/supervise.sh) -------------------------
start_node() { # start_node name port
  (
    cd "$SRC"
    set -a
    # shellcheck disable=SC1091
    . "$work/skinfair.env"
    set +a
    export PORT=$2
    exec "$SRC/deploy/supervise.sh" node --enable-source-maps apps/server/dist/main.js
  ) > "$work/node-$1.log" 2>&1 &
  sup_pids+=($!)
}
start_node a "$port_a"
start_node b "$port_b"

# --- 5. nginx with deploy/nginx.conf (DEPLOY.md "nginx") --------------------------------------------------
# The only changes to the shipped files: a loopback port instead of 80, and this run's node ports.
nginx_configure "$work" "$port_proxy" "$SRC"
sed -e "s/127.0.0.1:8081/127.0.0.1:$port_a/" -e "s/127.0.0.1:8082/127.0.0.1:$port_b/" "$SRC/deploy/nodes.host.conf" > "$work/nginx/skinfair-nodes.conf"
check "nginx accepts deploy/nginx.conf (nginx -t)" nginx_test "$work"
nginx_start "$work"
proxy=http://127.0.0.1:$port_proxy

boot_started=$SECONDS
wait_ready "http://127.0.0.1:$port_a" 120 || { cat "$work/node-a.log"; exit 1; }
wait_ready "http://127.0.0.1:$port_b" 120 || { cat "$work/node-b.log"; exit 1; }
say "both nodes ready $((SECONDS - boot_started)) s after start (production mode, migrations run once under the lock)"

# --- 6. Probes ---------------------------------------------------------------------------------------------
check "liveness GET /health answers 200 on each node and through nginx" \
  test "$(status_of "http://127.0.0.1:$port_a/health")$(status_of "http://127.0.0.1:$port_b/health")$(status_of "$proxy/health")" = 200200200
check "readiness GET /health/ready reports database and Redis ok" \
  sh -c "curl -s '$proxy/health/ready' | grep -q '\"database\":{\"ok\":true' && curl -s '$proxy/health/ready' | grep -q '\"redis\":{\"ok\":true'"
check "production mode through nginx: drand beacon, no sandbox" \
  sh -c "curl -s '$proxy/api/common/sysConfig' | grep -q '\"beaconSource\":\"drand\"' && curl -s '$proxy/api/common/sysConfig' | grep -q '\"sandbox\":false'"

if [ -f "$WEB_DIST/index.html" ]; then
  check "the built web app is served through nginx" sh -c "curl -sf '$proxy/' | grep -q '<div id=\"root\"'"
fi

# --- 7. Traffic through nginx reaches both nodes ---------------------------------------------------------
for _ in $(seq 1 20); do curl -s -o /dev/null "$proxy/api/common/sysConfig"; done
served() { curl -s "http://127.0.0.1:$1/metrics" | awk '/^skinfair_http_requests_total\{method="GET",route="\/api\/common\/sysConfig"/ {s += $2} END {print s + 0}'; }
check "nginx spreads requests over both nodes (a: $(served "$port_a"), b: $(served "$port_b"))" \
  test "$(served "$port_a")" -gt 0 -a "$(served "$port_b")" -gt 0

# --- 8. Metrics --------------------------------------------------------------------------------------------
metrics=$(curl -s "http://127.0.0.1:$port_a/metrics")
missing=""
for name in skinfair_http_requests_total skinfair_http_request_duration_seconds_bucket skinfair_db_pool_clients \
  skinfair_db_pool_waiting skinfair_db_pool_acquire_seconds_count nodejs_eventloop_lag_seconds skinfair_live_connections \
  skinfair_jobs_due; do
  grep -q "^$name" <<<"$metrics" || missing="$missing $name"
done
check "GET /metrics on a node from this machine has every metric${missing:+ (missing:$missing)}" test -z "$missing"
check "GET /metrics through nginx is 404" test "$(status_of "$proxy/metrics")" = 404
check "GET /metrics forwarded for a stranger is 404 without the token, 200 with OPS_TOKEN" test \
  "$(status_of -H 'X-Forwarded-For: 198.51.100.7' "http://127.0.0.1:$port_a/metrics")$(status_of -H 'X-Forwarded-For: 198.51.100.7' -H "Authorization: Bearer $ops_token" "http://127.0.0.1:$port_a/metrics")" = 404200

# --- 9. kill -9 a node under traffic: nginx keeps answering, the supervisor restarts it -------------------
victim=$(node_pid a)
load_out=$work/load.json
(cd "$ROOT" && node --input-type=module -e "
  const [url, ms] = [process.argv[1], Number(process.argv[2])];
  const counts = { ok: 0, failed: 0, statuses: {} };
  const until = Date.now() + ms;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (Date.now() < until) {
      try {
        const r = await fetch(url); await r.arrayBuffer();
        if (r.status === 200) counts.ok++; else { counts.failed++; counts.statuses[r.status] = (counts.statuses[r.status] ?? 0) + 1; }
      } catch (e) { counts.failed++; counts.statuses.transport = (counts.statuses.transport ?? 0) + 1; }
      await new Promise((r) => setTimeout(r, 25));
    }
  }));
  console.log(JSON.stringify(counts));
" "$proxy/api/common/sysConfig" 12000) > "$load_out" &
load_pid=$!
sleep 1
kill -9 "$victim"
killed_at=$SECONDS
restarted=0
for _ in $(seq 1 600); do
  new_pid=$(node_pid a)
  if [ -n "$new_pid" ] && [ "$new_pid" != "$victim" ] && [ "$(status_of "http://127.0.0.1:$port_a/health/ready")" = 200 ]; then restarted=1; break; fi
  sleep 0.2
done
back_in=$((SECONDS - killed_at))
wait "$load_pid" || true
load=$(cat "$load_out")
check "the supervisor restarted the killed node (pid $victim → $(node_pid a)), ready again in ~${back_in} s" test "$restarted" = 1
check "nginx answered every request while the node was down: $load" sh -c "grep -q '\"failed\":0,' '$load_out'"
check "the supervisor logged the crash" grep -q 'ended unexpectedly (exit status 137)' "$work/node-a.log"

# --- 10. The live channel upgrades through nginx --------------------------------------------------------
ws_out=$work/ws.out
(cd "$ROOT/apps/server" && node --input-type=module -e "
  import WebSocket from 'ws';
  const ws = new WebSocket(process.argv[1], ['v12.stomp']);
  ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:skinfair\nheart-beat:0,0\n\n\0'));
  ws.on('message', (m) => { if (String(m).startsWith('CONNECTED')) console.log('CONNECTED'); });
  ws.on('close', (code) => { console.log('closed ' + code); process.exit(0); });
  ws.on('error', (e) => { console.log('error ' + e.message); process.exit(1); });
  setTimeout(() => process.exit(0), 60000);
" "ws://127.0.0.1:$port_proxy/ws") > "$ws_out" 2>&1 &
ws_pid=$!
for _ in $(seq 1 50); do grep -q CONNECTED "$ws_out" && break; sleep 0.1; done
live_total() { for p in "$port_a" "$port_b"; do curl -s "http://127.0.0.1:$p/metrics" | awk '/^skinfair_live_connections / {print $2}'; done | awk '{s += $1} END {print s + 0}'; }
check "the live channel (STOMP over WebSocket) connects through nginx; the nodes count it ($(live_total))" \
  sh -c "grep -q CONNECTED '$ws_out' && test $(live_total) = 1"

# --- 11. Graceful stop: SIGTERM to each supervisor; nodes exit 0 and are not restarted --------------------
kill -TERM "${sup_pids[@]}"
codes=""
for pid in "${sup_pids[@]}"; do
  code=0
  wait "$pid" || code=$?
  codes="$codes$code"
done
sup_pids=()
wait "$ws_pid" 2>/dev/null || true
check "SIGTERM stops both nodes with exit code 0 (got $codes) and the supervisors do not restart them" test "$codes" = 00
check "the live socket through nginx was closed with 1012 (service restart: reconnect)" grep -q 'closed 1012' "$ws_out"

say "took $((SECONDS - started_at)) s; node logs and nginx logs in $work (KEEP_WORK=1 keeps them)"
if [ "$failed" -gt 0 ]; then
  say "$failed of $((passed + failed)) checks FAILED"
  tail -n 40 "$work"/node-*.log "$work/nginx/error.log"
  exit 1
fi
say "all $passed checks passed"
