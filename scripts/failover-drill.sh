#!/usr/bin/env bash
# Issue 26 §1–2: the production database shape on this machine, and a primary killed under money load.
# etcd, two PostgreSQL 15 instances managed by Patroni (synchronous_mode, WAL archived with pgBackRest),
# HAProxy routing one port to whichever instance Patroni's REST API calls primary, two production-mode app
# nodes on that port. bench/failover-load.ts opens boxes from several players on both nodes, kill -9s the
# primary's postmaster, and prints the figures (docs/BENCHMARKS.md "Failover and restore drills").
#
#   scripts/failover-drill.sh        # FAILOVER_LOAD_SECONDS (60), FAILOVER_KILL_AT (15), FAILOVER_PLAYERS (12)
#
# Installs Debian's patroni, etcd-server, haproxy and pgbackrest when missing (root or sudo). Everything lives
# in a temp folder on loopback ports picked at random (never the system's 5432/6379), and is stopped and
# removed on exit (KEEP_WORK=1 keeps the folder and its logs).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/drill-support.sh
. "$ROOT/scripts/drill-support.sh"
say() { echo "failover-drill: $*"; }

drill_install patroni:patroni etcd:etcd-server haproxy:haproxy pgbackrest:pgbackrest
drill_build_server

work=$(drill_workdir skinfair-failover)
pids=()
cleanup() {
  set +e
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  # Patroni stops its PostgreSQL on SIGTERM; any instance it left behind is stopped here.
  for d in "$work"/pg*/data; do [ -f "$d/postmaster.pid" ] && as_pg "$PG_BIN/pg_ctl" -D "$d" -m immediate stop >/dev/null 2>&1; done
  if [ "${KEEP_WORK:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

etcd_client=$(free_port)
etcd_peer=$(free_port)
pg_ports=("$(free_port)" "$(free_port)")
rest_ports=("$(free_port)" "$(free_port)")
proxy_port=$(free_port)

# --- etcd (one member here; three in production: DEPLOY.md "Database failover and restore") -----------------------------
etcd --name drill --data-dir "$work/etcd" \
  --listen-client-urls "http://127.0.0.1:$etcd_client" --advertise-client-urls "http://127.0.0.1:$etcd_client" \
  --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
  --initial-cluster "drill=http://127.0.0.1:$etcd_peer" > "$work/etcd.log" 2>&1 &
pids+=($!)
wait_for "etcd" 30 curl -sf "http://127.0.0.1:$etcd_client/health"

# --- pgBackRest: one repository both instances archive into (the primary's archive_command) ------------------
mkdir -p "$work/backrest/repo" "$work/backrest/log" "$work/backrest/lock"
for i in 1 2; do
  mkdir -p "$work/pg$i"
  write_backrest_conf "$work/pg$i/pgbackrest.conf" "$work/backrest" "$work/pg$i/data" "${pg_ports[$((i - 1))]}" "$work/pg$i"
done

# --- Patroni: two members, synchronous_mode (a commit is on both before OK) -----------------------------------
for i in 1 2; do
  port=${pg_ports[$((i - 1))]}
  rest=${rest_ports[$((i - 1))]}
  cat > "$work/pg$i/patroni.yml" <<EOF
scope: skinfair-drill
name: pg$i
restapi:
  listen: 127.0.0.1:$rest
  connect_address: 127.0.0.1:$rest
etcd3:
  hosts: 127.0.0.1:$etcd_client
bootstrap:
  dcs:
    # Production keeps Patroni's defaults (ttl 30, loop_wait 10); this machine shortens them to fit a drill.
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    # A crashed primary is failed over at once rather than restarted in place (default 300 s of recovery).
    primary_start_timeout: 0
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: 'on'
        wal_log_hints: 'on'
        max_wal_senders: 5
        max_replication_slots: 5
        max_connections: 100
        archive_mode: 'on'
        archive_timeout: 10
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:$port
  connect_address: 127.0.0.1:$port
  data_dir: $work/pg$i/data
  bin_dir: $PG_BIN
  pgpass: $work/pg$i/pgpass
  authentication:
    replication: {username: replicator, password: drill}
    superuser: {username: postgres, password: drill}
  parameters:
    unix_socket_directories: '$work/pg$i'
    # Here, not in the shared dcs section: each member archives with its own pgBackRest config (its data
    # folder and port); whichever member is primary is the one archiving.
    archive_command: 'pgbackrest --config=$work/pg$i/pgbackrest.conf --stanza=skinfair archive-push %p'
EOF
done
chown_pg "$work/pg1" "$work/pg2" "$work/backrest"
for i in 1 2; do
  "${AS_PG[@]}" patroni "$work/pg$i/patroni.yml" > "$work/pg$i/patroni.log" 2>&1 &
  pids+=($!)
  # The first member bootstraps; the second clones it once it leads.
  [ "$i" = 2 ] || wait_for "pg1 leading" 90 curl -sf "http://127.0.0.1:${rest_ports[0]}/primary"
done
wait_for "pg2 streaming as the synchronous standby" 120 sh -c \
  "curl -s 'http://127.0.0.1:${rest_ports[0]}/cluster' | grep -q '\"role\": *\"sync_standby\"'"
as_pg pgbackrest --config="$work/pg1/pgbackrest.conf" --stanza=skinfair stanza-create > "$work/backrest/stanza.log" 2>&1 ||
  { cat "$work/backrest/stanza.log"; exit 1; }
as_pg pgbackrest --config="$work/pg1/pgbackrest.conf" --stanza=skinfair check >> "$work/backrest/stanza.log" 2>&1 ||
  { cat "$work/backrest/stanza.log"; exit 1; }
say "Patroni cluster up: pg1 primary, pg2 synchronous standby; WAL archiving to pgBackRest checked"

# --- HAProxy: one address for node-postgres, the member whose GET /primary answers 200 ----------------------
mkdir -p "$work/haproxy"
sed -e "s/@PROXY_PORT@/$proxy_port/" -e "s/@PG1@/${pg_ports[0]}/" -e "s/@PG2@/${pg_ports[1]}/" \
  -e "s/@REST1@/${rest_ports[0]}/" -e "s/@REST2@/${rest_ports[1]}/" "$ROOT/deploy/haproxy-postgres.cfg" > "$work/haproxy/haproxy.cfg"
haproxy -f "$work/haproxy/haproxy.cfg" -db > "$work/haproxy/haproxy.log" 2>&1 &
pids+=($!)
DATABASE_URL="postgres://postgres@127.0.0.1:$proxy_port/skinfair"
# HAProxy counts a server up until its checks say otherwise (2 failures, 1 s apart): let them run first.
sleep 3
wait_for "HAProxy routing to the primary" 30 sh -c \
  "psql -qAt -h 127.0.0.1 -p $proxy_port -U postgres -d postgres -c 'SELECT pg_is_in_recovery()' | grep -qx f"
psql -qAt -h 127.0.0.1 -p "$proxy_port" -U postgres -d postgres -c 'CREATE DATABASE skinfair' > /dev/null

# --- Players with money, then two production-mode app nodes on HAProxy's address -----------------------------
export FAILOVER_STATE=$work/state.json
(cd "$ROOT" && DATABASE_URL=$DATABASE_URL npx tsx bench/failover-load.ts prepare)
export DRILL_APP_SECRET
DRILL_APP_SECRET=$(secret)
node_ports=()
for n in a b; do
  port=$(free_port)
  node_ports+=("$port")
  mkdir -p "$work/node-$n"
  (
    cd "$ROOT"
    export_app_env "$DATABASE_URL" "$port" "$work/node-$n"
    exec node --enable-source-maps apps/server/dist/main.js
  ) > "$work/node-$n.log" 2>&1 &
  pids+=($!)
done
for port in "${node_ports[@]}"; do wait_for "app node on $port ready" 120 sh -c "test \"\$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$port/health/ready)\" = 200"; done
say "two app nodes ready on ${node_ports[*]}, DATABASE_URL through HAProxy :$proxy_port"

# --- Load, kill -9 of the primary's postmaster, figures ---------------------------------------------------
code=0
(
  cd "$ROOT"
  DATABASE_URL=$DATABASE_URL FAILOVER_NODES="${node_ports[*]}" \
    FAILOVER_MEMBERS="127.0.0.1:${rest_ports[0]}=$work/pg1/data 127.0.0.1:${rest_ports[1]}=$work/pg2/data" \
    npx tsx bench/failover-load.ts drill
) || code=$?
# Archiving goes on from the new primary (a new timeline in the same pgBackRest stanza).
for i in 1 2; do
  if curl -sf "http://127.0.0.1:${rest_ports[$((i - 1))]}/primary" > /dev/null; then
    if as_pg pgbackrest --config="$work/pg$i/pgbackrest.conf" --stanza=skinfair check > "$work/backrest/check-after.log" 2>&1; then
      echo "  WAL archiving from the new primary (pg$i): pgbackrest check passed"
    else
      echo "  WAL archiving from the new primary (pg$i): pgbackrest check FAILED"
      cat "$work/backrest/check-after.log"
      code=1
    fi
  fi
done
# The nodes' errors, to read next to the figures (the lost connections of the kill are expected).
grep -h -E '"level":(50|60)' "$work"/node-*.log | grep -o '"msg":"[^"]*"' | sort | uniq -c | sort -rn | head -5 || true
say "machine: $(nproc) cpus ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GiB; patroni $(patroni --version | awk '{print $2}'), etcd $(etcd --version | awk 'NR==1 {print $3}'), $(haproxy -v | awk 'NR==1 {print $1, $3}')"
exit "$code"
