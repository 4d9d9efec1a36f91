#!/usr/bin/env bash
# Does the semi-cooperative rule of Once Upon a Forest change who wins?
# Plays the same 2000 seeded 3-player games with and without it (random
# bots on every seat) and compares them game by game.
#   bash examples/compare-variants.sh [GAMES]
set -eu
GROVE=${GROVE:-build/grove}
"$GROVE" sim onceupon --players 3 -n "${1:-2000}" --threads 2 --compare - semi-coop
