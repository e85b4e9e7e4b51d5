#!/usr/bin/env bash
# The end-to-end suite E2E_RUNS times in a row (default 3) while a CPU hog keeps every core busy: waits in
# the suite must hang on events, not on time, so a busy machine makes it slower but never red (issue 10 §10).
#   bash scripts/e2e-under-load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${E2E_RUNS:-3}
hogs=()
stop_hogs() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
# Builds the web app and installs Chromium and the CJK font when missing (scripts/e2e.sh does the same).
E2E_BUILD_ONLY=1 bash scripts/e2e.sh
for _ in $(seq "$(nproc)"); do
  node -e 'for (;;) {}' &
  hogs+=($!)
done
echo "== CPU hog: ${#hogs[@]} busy processes on $(nproc) cores =="
for run in $(seq "$runs"); do
  started=$(date +%s)
  echo "== end-to-end run $run of $runs under load =="
  npx vitest run --config e2e/vitest.config.ts
  echo "== run $run passed in $(( $(date +%s) - started )) s =="
done
echo "$runs of $runs end-to-end runs passed under a CPU hog"
