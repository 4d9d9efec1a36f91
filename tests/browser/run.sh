#!/usr/bin/env bash
# tests/browser/run.sh GROVE — grove serve over HTTP (http.test.js: node
# only) and in headless Chromium (table.test.js: Debian's chromium through
# puppeteer-core), and the replay page in Chromium (replay.test.js).
# Installs the pinned npm packages first (npm ci, from package-lock.json;
# puppeteer-core downloads no browser). Without node the
# tests cannot run: that is said, loudly, and counts as a failure unless
# GROVE_BROWSER_OPTIONAL is set; without Chromium the HTTP tests still run
# and the browser ones say SKIPPED the same way. GROVE_BROWSER=http runs the
# HTTP tests only (make asan: the Chromium run is make check's).
set -u
here=$(cd "$(dirname "$0")" && pwd)
grove=$(cd "$(dirname "${1:-build/grove}")" && pwd)/$(basename "${1:-build/grove}")
skip() {
  echo "========================================================================"
  echo "browser: SKIPPED: $*"
  echo "grove serve was not tested here. setup.sh installs what it needs."
  echo "========================================================================"
  if [ -n "${GROVE_BROWSER_OPTIONAL:-}" ]; then exit 0; fi
  exit 1
}
command -v node >/dev/null || skip "no node (Debian: apt-get install nodejs npm)"
command -v npm >/dev/null || skip "no npm (Debian: apt-get install npm)"
cd "$here" || exit 2
if [ ! -d node_modules/puppeteer-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "browser: npm ci (puppeteer-core, pinned by package-lock.json)"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error || skip "npm ci failed: no puppeteer-core"
fi
status=0
GROVE="$grove" node http.test.js || status=1
if [ "${GROVE_BROWSER:-all}" = http ]; then
  echo "browser: the Chromium test is left to make check here (GROVE_BROWSER=http)"
else
  GROVE="$grove" node table.test.js || status=1
  GROVE="$grove" node replay.test.js || status=1
fi
exit $status
