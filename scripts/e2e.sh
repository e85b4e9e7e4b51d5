#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium. Installs the browser and a CJK font when missing (without the
# font every Chinese character in a screenshot is an empty box); never downloads a browser of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

need_install=()
[ -x /usr/bin/chromium ] || need_install+=(chromium)
fc-list 2>/dev/null | grep -qi 'wqy' || need_install+=(fonts-wqy-zenhei)
if [ ${#need_install[@]} -gt 0 ]; then
  echo "Installing ${need_install[*]} from Debian's packages…"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_install[@]}"
fi

npm run build -w @skinfair/web
[ -z "${E2E_BUILD_ONLY:-}" ] || exit 0
# Every e2e/*.e2e.ts runs, desktop (1366 px) and the phone run e2e/mobile.e2e.ts (390×844, touch), three
# files at a time. E2E_FILES picks some: E2E_FILES="cases battles" bash scripts/e2e.sh (names as filters).
# shellcheck disable=SC2086 # E2E_FILES is a space-separated list of filters on purpose.
npx vitest run --config e2e/vitest.config.ts ${E2E_FILES:-}
