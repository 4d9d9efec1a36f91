#!/usr/bin/env bash
# Chance fixed at the prompt (issue 31): `s.cup:rig(...)` typed at the REPL
# is an edit, so the roll it fixes happens, undo takes the rig back, save
# keeps it and --from plays it again; a face no die shows is refused, the
# game untouched.
. "$(dirname "$0")/../lib.sh"
setup='knock b2\nknock c2\nplant a1\nplant f6\nsnake 1 b5\nsnake 2 e2\nfairy c3\n'

# The rig before the setup's last move: seat 1's first roll shows it.
printf "${setup}"'s.cup:rig("tree", "tree", "fairy", "snake", "tree")\nfairy d4\nsave %s\nundo\ns.cup:rigged()\nundo\nquit\n' \
  "$tmp/rigged.sav" | "$GROVE" play starfall --seed 1 >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect edit '(an edit, move 8 of the history: undo takes it back, save keeps it)'
expect roll '  Seat 1 rolls tree, tree, fairy, snake, tree: no star set aside (0 of 5).'
# the roll undone, the rig waits again
if grep -A1 -F 'starfall seat 2> s.cup:rigged()' "$tmp/out" | grep -qF "$(printf 'tree\ttree\tfairy\tsnake\ttree')"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL undo-roll: after undo the rig does not wait again"
fi
expect undo-rig 'undone: the edit s.cup:rig("tree", "tree", "fairy", "snake", "tree") (back to move 7)'
expect exit 'exit 0'
cp "$tmp/rigged.sav" "$tmp/out"
expect save 'edit s.cup:rig("tree", "tree", "fairy", "snake", "tree")'

# The save plays the rigged roll again.
printf 's.cup:values()\nlog\nquit\n' | "$GROVE" play starfall --from "$tmp/rigged.sav" >"$tmp/out" 2>&1
expect load 'tree	tree	fairy	snake	tree'
expect load-log '   8. edit: s.cup:rig("tree", "tree", "fairy", "snake", "tree")'

# A face no die shows: refused in the bindings' words, no edit made.
printf "${setup}"'s.cup:rig("tree", "moon")\nlog\nquit\n' | "$GROVE" play starfall --seed 1 >"$tmp/out" 2>&1
expect refused "error: prompt:1: dice 'cup':rig, argument #2: no symbol 'moon' (symbols: star, shooting, fairy, snake, tree)"
reject refused-kept 'edit: s.cup:rig'

finish rig
