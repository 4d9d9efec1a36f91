#!/usr/bin/env bash
# Game options from the shell: --set NAME=VALUE for play, sim (both sides of
# --compare) and bench, checked against the game's declarations (type,
# range, an unknown name refused naming the nearest); listed by grove list
# --options GAME and help GAME at the REPL; kept by save files and sim
# records, so that load and replay play the same game.
. "$(dirname "$0")/../lib.sh"
run() { "$GROVE" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
session() { local input=$1; shift; printf '%b' "$input" | "$GROVE" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
case $GROVE in */*) GROVE=$(cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE") ;; esac
# a game that declares no options: grove new's
(cd "$tmp" && "$GROVE" new plain >/dev/null) || echo "FAIL: grove new plain"

# Listed, with defaults, values, per-count defaults and help.
run list --options logger
expect list "Options of logger (grove play|sim|bench logger --set NAME=VALUE):"
expect list "  winning_score=10       a whole number from 1 to 99"
expect list "      the score that ends the game after the round it is reached in"
expect list "  protesters=1           a whole number from 0 to 9; default 2 with 2 players"
expect list "exit 0"
(cd "$tmp" && run list --options plain)
expect list-none "plain declares no options."
run list --options nope
expect list-unknown "grove list: no game 'nope'"
expect list-unknown "exit 2"
run list --options
expect list-bare "grove list: --options needs a game"
expect list-bare "exit 2"

# play: the banner says what was set; the rules and the board follow it.
session 'place a1\nplace e5\nhelp logger\nquit\n' play logger --set movement=3 --set winning_score=12
expect play "logger, 2 players, seed 1, options winning_score=12, movement=3."
expect play "<- move your logger up to three squares"
expect play "10. move a4"
expect play-help "  movement=2             a whole number from 1 to 8; now 3"
reject play-help "protesters=1           a whole number from 0 to 9; default 2 with 2 players; now"
session 'quit\n' play logger
reject play-plain "options"

# Refused, naming the nearest option, the range or the type; nothing starts.
run play logger --set winning_scor=12 </dev/null
expect unknown "grove: logger has no option 'winning_scor' (did you mean 'winning_score'? grove list --options logger lists them)"
expect unknown "exit 2"
run play logger --set movement=99 </dev/null
expect range "grove: option movement of logger takes a whole number from 1 to 8, not 99"
run play logger --set movement=far </dev/null
expect type "grove: option movement of logger takes a whole number from 1 to 8, not 'far'"
run play logger --set movement </dev/null
expect shape "grove: --set needs NAME=VALUE, as in --set winning_score=12, not 'movement'"
expect shape "exit 2"
(cd "$tmp" && run play plain --set movement=3 </dev/null)
expect none "grove: plain has no option 'movement': it declares none"
run play flooded --set movement=3 </dev/null
expect nearest "grove: flooded has no option 'movement' (did you mean 'fish_each'?"

# Saves keep every option's value; load and replay play the same game.
session "place a1\nplace e5\nmove a4\nsave $tmp/g.sav\nquit\n" play logger --set movement=3
grep '^option' "$tmp/g.sav" >"$tmp/out"
expect save "option movement 3"
expect save "option winning_score 10"
run replay "$tmp/g.sav"
expect save-replay "3 moves replayed; the state matches the saved one"
session "load $tmp/g.sav\nhelp options\nquit\n" play logger
expect load "loaded $tmp/g.sav: logger, 2 players, seed 1, 3 moves"
expect load "now 3"

# sim: the summary says what was set, records keep every option, replay
# reads them; both sides of --compare play with them.
run sim logger -n 4 --set winning_score=5 --json "$tmp/r.json"
expect sim "logger, 2 players, 4 games (seeds 1..4), bots random random, options winning_score=5"
grep -o '"options": {[^}]*}' "$tmp/r.json" | head -1 >"$tmp/out"
expect sim-record '"options": {"winning_score": 5, "movement": 2, "protesters": 2, "pyramids": 20}'
run replay "$tmp/r.json"
expect sim-replay "4 of 4 records replay"
sed 's/"winning_score": 5/"winning_score": 10/' "$tmp/r.json" >"$tmp/r10.json"
run replay "$tmp/r10.json"
reject sim-replay-changed "4 of 4 records replay"
run sim starfall -n 4 --set hearts=1 --compare - star-fluke --json "$tmp/c.json"
expect compare "A = (no variant), B = star-fluke"
grep -c '"hearts": 1' "$tmp/c.json" >"$tmp/out"
expect compare-records "8"
run sim logger -n 2 --set pyramids=0
expect sim-range "grove sim: option pyramids of logger takes a whole number from 1 to 99, not 0"

# bench
run bench logger --playouts 3 --set pyramids=5
expect bench "logger, options pyramids=5 (2 players, "
run bench logger --playouts 3 --set pyramid=5
expect bench-unknown "grove bench: logger has no option 'pyramid' (did you mean 'pyramids'?"

# check: every setting it checks plays with the options
run check logger -n 2 --players 2 --set winning_score=4
expect check "logger: every check passed (2 games,"
expect check "exit 0"
run check logger -n 2 --set winning_scor=4
expect check-unknown "grove check: logger has no option 'winning_scor' (did you mean 'winning_score'?"
expect check-unknown "exit 2"
run check logger --help
expect check-help "[--set NAME=VALUE]..."

finish options
