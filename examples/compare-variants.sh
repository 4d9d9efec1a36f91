#!/usr/bin/env bash
# Two A/B studies with grove sim --compare, each on the same seeded games
# with and without a variant (random bots on every seat), compared game by
# game:
#   1. Does Scaredy-snake make Starfall Forest longer?
#   2. Does the semi-cooperative rule of Once Upon a Forest change who wins?
#   bash examples/compare-variants.sh [GAMES]
set -eu
GROVE=${GROVE:-build/grove}
"$GROVE" sim starfall --players 2 -n "${1:-2000}" --threads 2 --compare - scaredy-snake
echo
"$GROVE" sim onceupon --players 3 -n "${1:-2000}" --threads 2 --compare - semi-coop
