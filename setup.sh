#!/usr/bin/env bash
# Install the Debian packages grove needs (if missing) and build it.
#   ./setup.sh             install what is missing, build build/grove
#   ./setup.sh --deps-only install what is missing, build nothing
#   ./setup.sh --cluster   also what make test-cluster needs (Slurm, munge)
set -euo pipefail
cd "$(dirname "$0")"

# To build: a C compiler, Lua 5.4, readline, libmicrohttpd (grove serve),
# liblinear (grove learn's fit).
# To test (make check): cmocka, luacheck (lua-check), xmllint
# (libxml2-utils) for the plots, groff for the man page, GNU parallel for
# the sharded study (tests/repl/study/parallel.sh), and for grove serve's tests
# Chromium, and node with npm (unless node and npm are there already, from
# whatever source).
# make test-cluster: a single-node Slurm (slurmctld, slurmd) and munge.
PACKAGES="build-essential pkg-config liblua5.4-dev lua5.4 libcmocka-dev libreadline-dev libmicrohttpd-dev liblinear-dev
          lua-check libxml2-utils groff-base parallel chromium"
command -v node >/dev/null && command -v npm >/dev/null || PACKAGES="$PACKAGES nodejs npm"
[ "${1:-}" = "--cluster" ] && PACKAGES="$PACKAGES slurm-wlm munge"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "installing:$missing"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
[ "${1:-}" = "--deps-only" ] && exit 0
make -j2
