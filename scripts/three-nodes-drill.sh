#!/usr/bin/env bash
# Three app nodes behind nginx (Debian's) on one PostgreSQL database and Redis, with money load, battles
# against bots, live subscribers on every node and one node killed with SIGKILL mid-load (issue 26 §9).
# bench/three-nodes.ts runs the nodes, the load and the checks; this script provides nginx, the database,
# the ports, and cleans up. Prints the figures of docs/BENCHMARKS.md "Three nodes behind nginx".
#
#   scripts/three-nodes-drill.sh      # after `npm ci`; builds the server bundle when stale
#
# Needs PostgreSQL (ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres: a role that may
# create databases; one named skinfair_three_* is made and dropped) and Redis (REDIS_URL, default
# redis://127.0.0.1:6379). Installs Debian's nginx-light when nginx is missing and it may (root or sudo);
# exits 77 (skipped) when it cannot. Options of bench/three-nodes.ts (THREE_NODES_SECONDS, …) pass through.
# Takes about three minutes: a draw the killed node held waits out its 60 s lease.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ADMIN_DATABASE_URL=${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
say() { echo "three-nodes: $*"; }
# shellcheck source=scripts/nginx-drill-support.sh
. "$ROOT/scripts/nginx-drill-support.sh"

# --- nginx, from Debian's packages when missing -------------------------------------------------------------
nginx_find_or_install || exit 77

work=$(mktemp -d /tmp/skinfair-three.XXXXXX)
chmod 755 "$work"
db_name="skinfair_three_$(date +%s)_$RANDOM"
db_made=0
cleanup() {
  set +e
  # The bench stops its nodes itself; these are the ones it left if it was killed.
  if [ -f "$work/pids" ]; then
    while read -r pid; do [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; done < "$work/pids"
  fi
  nginx_stop "$work"
  [ "$db_made" = 1 ] && admin_sql "$ADMIN_DATABASE_URL" "DROP DATABASE IF EXISTS $db_name WITH (FORCE)"
  if [ "${KEEP_WORK:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# --- the server bundle, the database ------------------------------------------------------------------------
node "$ROOT/apps/server/build.mjs" --if-stale > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
admin_sql "$ADMIN_DATABASE_URL" "CREATE DATABASE $db_name"
db_made=1
DATABASE_URL=$(node -e "const u=new URL(process.argv[1]); u.pathname='/$db_name'; console.log(u.toString())" "$ADMIN_DATABASE_URL")

# --- nginx with deploy/nginx.conf in front of three loopback ports ------------------------------------------
ports="$(free_port) $(free_port) $(free_port)"
port_proxy=$(free_port)
nginx_configure "$work" "$port_proxy" "$ROOT"
# deploy/nodes.host.conf's server line, once per node.
line=$(grep -m1 '^server 127.0.0.1:8081' "$ROOT/deploy/nodes.host.conf")
for p in $ports; do echo "${line/8081/$p}"; done > "$work/nginx/skinfair-nodes.conf"
nginx_test "$work"
nginx_start "$work"
say "nginx on 127.0.0.1:$port_proxy in front of nodes on $ports; database $db_name; Redis $REDIS_URL"

# --- the nodes, the load, the kill, the checks --------------------------------------------------------------
cd "$ROOT"
DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL THREE_NODES_PORTS=$ports THREE_NODES_PROXY=$port_proxy \
  THREE_NODES_PIDS=$work/pids npx tsx bench/three-nodes.ts
