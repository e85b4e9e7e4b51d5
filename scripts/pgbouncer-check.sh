#!/usr/bin/env bash
# The app through Debian's PgBouncer in transaction mode (issue 26 §5, decisions/0059): installs pgbouncer
# with apt-get when missing (like scripts/e2e.sh installs Chromium), then runs the test that starts one on a
# free port in front of the test PostgreSQL and sends openings, purchases and battles through it.
# Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/sbin/pgbouncer ]; then
  echo "Installing pgbouncer from Debian's packages…"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # The package's own service is not needed (the test starts its own instance); a container refuses it anyway.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends pgbouncer
fi
/usr/sbin/pgbouncer --version | head -1

export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
npx vitest run --project server apps/server/src/platform/db/pgbouncer.test.ts
