#!/usr/bin/env bash
# What grove writes, and what it refuses to write or read (issue 18):
#   - every command checks its output to the end: into /dev/full it fails
#     with a message instead of exiting 0 with the output lost;
#   - a save goes through a temporary file of its own: a symbolic link
#     planted at the old fixed name (x.sav.tmp), a symbolic link or a device
#     at the target, a path near the system's limit;
#   - sim's files are written whole, onto nothing but a regular file;
#   - grove replay refuses a folder, a device and JSON that holds no record;
#   - a seed past what a record holds is refused, not cut.
. "$(dirname "$0")/../lib.sh"
export GROVE_PATH=scripts
run() { "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

# ---- output into a full disk --------------------------------------------------------
"$GROVE" sim logger -n 2 --seed 5 --json "$tmp/good.json" >/dev/null
for cmd in "list" "sim logger -n 2" "replay $tmp/good.json" "--help" "help save" "--version"; do
  # shellcheck disable=SC2086
  "$GROVE" $cmd >/dev/full 2>"$tmp/out"; echo "exit $?" >>"$tmp/out"
  expect "full $cmd" "grove: cannot write the output:"
  reject "full $cmd" "exit 0"
done
printf 'place a1\nlog\nquit\n' | "$GROVE" play logger --seed 3 >/dev/full 2>"$tmp/out"; echo "exit $?" >>"$tmp/out"
expect "full play" "grove: cannot write the output:"
reject "full play" "exit 0"

# ---- saves ---------------------------------------------------------------------------
session() { "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
echo precious >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/x.sav.tmp"                  # the name saves used to write through
ln -s "$tmp/victim" "$tmp/link.sav"
printf 'place a1\nsave %s\nsave %s\nsave /dev/null\nsave %s\nquit\n' \
  "$tmp/x.sav" "$tmp/link.sav" "$tmp" | session
expect save "saved 1 move to $tmp/x.sav"
expect save "cannot write $tmp/link.sav: it is a symbolic link, which grove does not replace"
expect save "cannot write /dev/null: it is not a regular file (a device or a pipe)"
expect save "cannot write $tmp: it is a folder"
expect save "exit 1"                                  # a scripted session whose command failed
[ "$(cat "$tmp/victim")" = precious ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL save: the link's target changed"; }
[ -c /dev/null ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL save: /dev/null is no longer a device"; }
# no temporary file left behind
left=$(find "$tmp" -name '*.grove-*.tmp' | wc -l)
[ "$left" -eq 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL save: $left temporary files left"; }
# load reads nothing but a regular file (load /dev/zero grew without end)
printf 'load /dev/zero\nload %s\nlog\nquit\n' "$tmp" | timeout 60 "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
expect load "error: cannot load /dev/zero: it is not a regular file (a device or a pipe)"
expect load "error: cannot load $tmp: it is a folder"
expect load "no moves yet"
# a path of about 4,000 characters through many folders
deep="$tmp"; while [ ${#deep} -lt 3990 ]; do deep="$deep/."; done
printf 'place a1\nsave %s/deep.sav\nload %s/deep.sav\nlog\nquit\n' "$deep" "$tmp" | session
expect "long path" "saved 1 move to $deep/deep.sav"
expect "long path" "   1. seat 1: place a1"
reject "long path" "cannot"

# ---- sim's files ---------------------------------------------------------------------
echo old >"$tmp/keep.json"
ln -sf "$tmp/victim" "$tmp/sim-link.json"
run "$GROVE" sim logger -n 2 --json "$tmp/sim-link.json"
expect "sim link" "grove sim: cannot write $tmp/sim-link.json: it is a symbolic link"
expect "sim link" "exit 1"
run "$GROVE" sim logger -n 2 --csv /dev/null
expect "sim device" "grove sim: cannot write /dev/null: it is not a regular file"
run "$GROVE" sim logger -n 2 --json "$tmp/keep.json" --csv "$tmp/keep.csv"
expect "sim json" "exit 0"
"$GROVE" replay "$tmp/keep.json" >"$tmp/out" 2>&1
expect "sim json" "2 of 2 records replay"
[ "$(cat "$tmp/victim")" = precious ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL sim: the link's target changed"; }
# a move whose text holds a NUL byte (tests/fixtures/scripts/movetext; seed
# 11 plays it first) fails its game: the record does not keep the text cut
# at the NUL ("nul"), which would replay as no move at all
GROVE_PATH=tests/fixtures run "$GROVE" sim movetext -n 1 --seed 11 --records "$tmp/nul.jsonl"
expect "sim nul" "the text of move (4,0,0,0) has a NUL byte at byte 4"
expect "sim nul" "movetext, 1 player, 1 game (seed 11), bots random"
expect "sim nul" "grove sim: 1 of 1 games failed"
grep -q '"moves": \["nul"' "$tmp/nul.jsonl" && { fail=$((fail + 1)); echo "FAIL sim nul: the record holds the cut text"; } || pass=$((pass + 1))

# ---- replay: refusals ----------------------------------------------------------------
run "$GROVE" replay "$tmp"
expect "replay folder" "grove replay: cannot load $tmp: it is a folder"
expect "replay folder" "exit 1"
reject "replay folder" "replay.lua"
# a device is refused before anything is read (/dev/zero was read until
# the memory cap stopped it, naming replay.lua)
run "$GROVE" replay /dev/zero
expect "replay device" "grove replay: cannot load /dev/zero: it is not a regular file (a device or a pipe)"
expect "replay device" "exit 1"
reject "replay device" "replay.lua"
for json in '{}' '[]' '{"foo":1}'; do
  echo "$json" >"$tmp/empty.json"
  run "$GROVE" replay "$tmp/empty.json"
  expect "replay $json" "grove replay: $tmp/empty.json: no game records in it"
  expect "replay $json" "exit 1"
  reject "replay $json" "0 of 0 records replay"
done

# ---- seeds ---------------------------------------------------------------------------
run "$GROVE" sim logger -n 1 --seed 9223372036854775808
expect "seed too large" "grove sim: --seed needs an integer 0..9223372036854775807"
expect "seed too large" "exit 2"
run "$GROVE" sim logger -n 3 --seed 9223372036854775806
expect "seeds past the end" "go past 9223372036854775807, the largest seed"
expect "seeds past the end" "exit 2"
run "$GROVE" play logger --seed 18446744073709551615
expect "play seed" "grove: --seed needs an integer 0..9223372036854775807"
run "$GROVE" sim logger -n 1 --seed 9223372036854775807 --json "$tmp/max.json"
expect "largest seed" "exit 0"
"$GROVE" replay "$tmp/max.json" >"$tmp/out" 2>&1
expect "largest seed" "logger seed 9223372036854775807:"
expect "largest seed" "1 of 1 records replay"

finish writes
