# Shared by scripts/failover-drill.sh and scripts/restore-drill.sh (sourced, not run): Debian packages,
# the compiled server, a temp folder, free loopback ports, PostgreSQL run as its own user, pgBackRest's
# config and the app nodes' production settings.
# shellcheck shell=bash

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
export PATH=$PG_BIN:$PATH

# drill_install command:package… — installs the packages whose command is missing, from Debian's archive.
drill_install() {
  local missing=() pair
  for pair in "$@"; do command -v "${pair%%:*}" > /dev/null || missing+=("${pair#*:}"); done
  [ -x "$PG_BIN/initdb" ] || missing+=(postgresql-15)
  command -v psql > /dev/null || missing+=(postgresql-client-15)
  [ ${#missing[@]} -gt 0 ] || return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing ${missing[*]} from Debian's packages…"
  $sudo apt-get update -qq
  # policy-rc.d or not, the packages' own services are not wanted: the drills start their own instances.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" > /dev/null
  for svc in patroni etcd haproxy; do $sudo systemctl disable --now "$svc" > /dev/null 2>&1 || true; done
}

# The nodes run the compiled server, as production does.
drill_build_server() {
  if [ ! -f "$ROOT/apps/server/dist/main.js" ]; then
    (cd "$ROOT" && npm run build -w @skinfair/server > /dev/null)
  else
    node "$ROOT/apps/server/build.mjs" --if-stale > /dev/null
  fi
}

drill_workdir() {
  local dir
  dir=$(mktemp -d "/tmp/$1.XXXXXX")
  chmod 755 "$dir"
  echo "$dir"
}

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
secret() { node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))"; }

# wait_for "what" seconds command… — polls every 0.2 s.
wait_for() {
  local what=$1 deadline=$((SECONDS + $2))
  shift 2
  until "$@" > /dev/null 2>&1; do
    if [ $SECONDS -ge "$deadline" ]; then
      echo "timed out waiting for $what" >&2
      return 1
    fi
    sleep 0.2
  done
}

# initdb refuses root: PostgreSQL, Patroni and pgBackRest run as the postgres user when this runs as root.
# Long-running ones start as `"${AS_PG[@]}" cmd … &` in the script itself, so $! is runuser's pid and
# the TERM the clean-up sends reaches them (a function run with & would leave them behind its subshell).
AS_PG=()
[ "$(id -u)" -ne 0 ] || AS_PG=(runuser -u postgres --)
as_pg() { "${AS_PG[@]}" "$@"; }
chown_pg() {
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$@"; fi
}

# write_backrest_conf file backrest-dir pg-data pg-port socket-dir
write_backrest_conf() {
  cat > "$1" <<EOF
[global]
repo1-path=$2/repo
repo1-retention-full=2
log-path=$2/log
lock-path=$2/lock
log-level-console=warn
log-level-file=info
start-fast=y
archive-async=n
compress-type=lz4

[skinfair]
pg1-path=$3
pg1-port=$4
pg1-socket-path=$5
EOF
}

# export_app_env database-url port data-dir — production mode, as DEPLOY.md "Configure" sets it; only the
# per-player limits are raised, since a drill's few players open boxes far faster than a person.
export_app_env() {
  export NODE_ENV=production HOST=127.0.0.1 PORT=$2 DATABASE_URL=$1 DATA_DIR=$3
  # Every node of a site shares one APP_SECRET (HMACs of codes, sessions); one per drill.
  DRILL_APP_SECRET=${DRILL_APP_SECRET:-$(secret)}
  export APP_SECRET=$DRILL_APP_SECRET OPS_TOKEN=$DRILL_APP_SECRET
  export PUBLIC_URL=https://skinfair.example.com BEACON_SOURCE=drand WEB_DIST=/nonexistent-web-dist WORKERS=1
  export LOG_LEVEL=warn DB_POOL_SIZE=10 RATE_LIMIT_PER_MINUTE=1000000 MONEY_CALLS_PER_USER_PER_SECOND=1000
  export MONEY_CALLS_IN_FLIGHT_PER_USER=100 TOKEN_CALLS_PER_SECOND=100000
  # A key whose first attempt died with the primary is free again after this lease (production: 60 s).
  export IDEMPOTENCY_LEASE_SECONDS=${IDEMPOTENCY_LEASE_SECONDS:-15}
  if [ -n "${DRILL_REDIS_URL:-}" ]; then export REDIS_URL=$DRILL_REDIS_URL; fi
}
