#!/usr/bin/env bash
# Issue 26 §3: backups you can restore. A PostgreSQL 15 instance archiving its WAL continuously with
# pgBackRest (archive_timeout 10 s, as the Patroni cluster of scripts/failover-drill.sh and DEPLOY.md), a
# full backup, money load from a production-mode app node, a target time, more load, then a point-in-time
# restore onto a scratch instance (new data folder, another port), where bench/failover-load.ts checks that
# every opening answered OK before the target is there, none after it is, and the ledger audit is clean.
# Prints RPO (how long the last committed money waited to be archived) and RTO (restore until writable).
#
#   scripts/restore-drill.sh        # RESTORE_LOAD_SECONDS (20 per phase), FAILOVER_PLAYERS (8)
#
# Installs Debian's pgbackrest when missing (root or sudo). Everything lives in a temp folder on loopback
# ports picked at random (never the system's 5432/6379) and is removed on exit (KEEP_WORK=1 keeps it).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/drill-support.sh
. "$ROOT/scripts/drill-support.sh"
say() { echo "restore-drill: $*"; }

drill_install pgbackrest:pgbackrest
drill_build_server

work=$(drill_workdir skinfair-restore)
node_pid=""
cleanup() {
  set +e
  [ -z "$node_pid" ] || { kill -TERM "$node_pid" 2>/dev/null; wait "$node_pid" 2>/dev/null; }
  for d in "$work"/pg/data "$work"/scratch/data; do
    [ -f "$d/postmaster.pid" ] && as_pg "$PG_BIN/pg_ctl" -D "$d" -m immediate stop > /dev/null 2>&1
  done
  if [ "${KEEP_WORK:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

port=$(free_port)
scratch_port=$(free_port)
seconds=${RESTORE_LOAD_SECONDS:-20}
conf=$work/pgbackrest.conf
backrest=(pgbackrest --config="$conf" --stanza=skinfair)
# Seconds since an epoch timestamp (date +%s.%N), one decimal.
since() { awk -v a="$1" -v b="${2:-$(date +%s.%N)}" 'BEGIN { printf "%.1f", b - a }'; }
sql() { psql -qAtX -h 127.0.0.1 -p "$1" -U postgres -d "$2" -c "$3"; }

# --- The instance: WAL archived to pgBackRest, a segment closed at least every 10 s ---------------------------
mkdir -p "$work/pg" "$work/scratch" "$work/backrest/repo" "$work/backrest/log" "$work/backrest/lock"
write_backrest_conf "$conf" "$work/backrest" "$work/pg/data" "$port" "$work/pg"
chown_pg "$work/pg" "$work/scratch" "$work/backrest" "$conf"
as_pg "$PG_BIN/initdb" -D "$work/pg/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --data-checksums > "$work/initdb.log"
cat >> "$work/pg/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$work/pg'
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$conf --stanza=skinfair archive-push %p'
archive_timeout = 10
EOF
as_pg "$PG_BIN/pg_ctl" -D "$work/pg/data" -l "$work/pg/postgres.log" -w start > /dev/null
as_pg "${backrest[@]}" stanza-create > /dev/null
as_pg "${backrest[@]}" check > /dev/null
sql "$port" postgres 'CREATE DATABASE skinfair' > /dev/null
DATABASE_URL="postgres://postgres@127.0.0.1:$port/skinfair"
say "PostgreSQL on :$port archiving to pgBackRest (stanza skinfair, archive_timeout 10 s)"

# --- Players with money, one production-mode app node ---------------------------------------------------
export FAILOVER_STATE=$work/state.json FAILOVER_PLAYERS=${FAILOVER_PLAYERS:-8} DRILL_APP_SECRET
DRILL_APP_SECRET=$(secret)
(cd "$ROOT" && DATABASE_URL=$DATABASE_URL npx tsx bench/failover-load.ts prepare)
app_port=$(free_port)
mkdir -p "$work/node"
(
  cd "$ROOT"
  export_app_env "$DATABASE_URL" "$app_port" "$work/node"
  exec node --enable-source-maps apps/server/dist/main.js
) > "$work/node.log" 2>&1 &
node_pid=$!
wait_for "app node ready" 120 sh -c "test \"\$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$app_port/health/ready)\" = 200"

# --- Full backup, load, target time, more load ---------------------------------------------------------------
started=$(date +%s.%N)
as_pg "${backrest[@]}" --type=full backup > /dev/null
say "full backup in $(since "$started") s ($(du -sh "$work/backrest/repo" | cut -f1) in the repository)"
load() { # load answers-file
  (cd "$ROOT" && DATABASE_URL=$DATABASE_URL FAILOVER_NODES=$app_port FAILOVER_LOAD_SECONDS=$seconds FAILOVER_ANSWERS=$1 \
    npx tsx bench/failover-load.ts load)
}
say "load before the target time ($seconds s):"
load "$work/before.json"
target=$(sql "$port" postgres "SELECT now()::timestamptz(6) AT TIME ZONE 'UTC'")
target="$target+00"
sleep 1
say "target time $target; load after it ($seconds s):"
load "$work/after.json"

# RPO: the last commit waits in a WAL segment on this machine's disk until archive_timeout closes it.
last_wal=$(sql "$port" postgres 'SELECT pg_walfile_name(pg_current_wal_lsn())')
lag_started=$(date +%s.%N)
wait_for "WAL $last_wal archived" 60 sh -c \
  "test \"\$(psql -qAtX -h 127.0.0.1 -p $port -U postgres -d postgres -c \"SELECT coalesce(last_archived_wal, '') >= '$last_wal' FROM pg_stat_archiver\")\" = t"
rpo=$(since "$lag_started")
kill -TERM "$node_pid"
wait "$node_pid" || true
node_pid=""

# --- Point-in-time restore onto a scratch instance -----------------------------------------------------
restore_started=$(date +%s.%N)
as_pg "${backrest[@]}" --pg1-path="$work/scratch/data" --type=time --target="$target" --target-action=promote restore > /dev/null
restored_at=$(date +%s.%N)
# The copy serves on its own port and does not archive into the production stanza.
as_pg "$PG_BIN/pg_ctl" -D "$work/scratch/data" -l "$work/scratch/postgres.log" -w -t 300 \
  -o "-p $scratch_port -c unix_socket_directories=$work/scratch -c archive_mode=off" start > /dev/null
wait_for "the restored copy to reach the target and promote" 300 sh -c \
  "psql -qAtX -h 127.0.0.1 -p $scratch_port -U postgres -d postgres -c 'SELECT pg_is_in_recovery()' | grep -qx f"
rto=$(since "$restore_started")
copy=$(since "$restore_started" "$restored_at")

say "figures:"
echo "  RPO (archive lag of the last commit, archive_timeout 10 s): $rpo s"
echo "  RTO (restore from the repository until the copy accepts writes): $rto s (files restored in $copy s, WAL replayed to the target in the rest)"
echo "  database size: $(sql "$port" postgres "SELECT pg_size_pretty(pg_database_size('skinfair'))"); restored to $target"
code=0
(cd "$ROOT" && DATABASE_URL="postgres://postgres@127.0.0.1:$scratch_port/skinfair" FAILOVER_PRESENT=$work/before.json \
  FAILOVER_ABSENT=$work/after.json npx tsx bench/failover-load.ts verify) || code=$?
say "machine: $(nproc) cpus ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GiB; $(pgbackrest version)"
exit "$code"
