#!/usr/bin/env bash
# Help: the REPL's commands, help topics at the REPL and from the shell.
. "$(dirname "$0")/lib.sh"

printf 'help\nhelp bots\nhelp nonsense\n?\nquit\n' | "$GROVE" play logger >"$tmp/out" 2>&1
expect repl-help "  undo            take back a move (and the bot and forced moves after it)"
expect repl-help "  quit, exit, q   leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)"
expect repl-help "More: help topics"
expect repl-help "    depth=D       random moves after the tree before evaluate (default"
expect repl-help "  mcts:PARAM,...  the same with parameters (any order; a bare number is the"
expect repl-help "no help topic 'nonsense'; the topics: commands moves lua bots sim save variants writing check"
reject repl-help "not a command, a legal move or Lua"

"$GROVE" help topics >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topics "  writing    writing a new game: where to start"
expect topics "  check      grove check: what every game must get right"
expect topics "exit 0"
"$GROVE" help save >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topic "or one made under another version of the rules, is refused"
"$GROVE" help writing >"$tmp/out" 2>&1
expect topic-writing "grove check NAME     what every game must get right, on random games:"
"$GROVE" help nonsense >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topic-unknown "no help topic 'nonsense'"
expect topic-unknown "exit 2"
# every topic has a page, and every page is listed
for t in $("$GROVE" help topics | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
  "$GROVE" help "$t" >"$tmp/out" 2>&1 && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL topic $t"; }
done
# One table drives dispatch, completion and help: every command and alias
# the help lists is one the prompt knows (alone, or with what it needs).
# (the first column, 15 wide, less its arguments: FILE, [TOPIC], on|off)
for w in $("$GROVE" help commands | grep '^  [a-z?]' | grep -v '^  anything else' | cut -c3-17 |
           tr ', ' '\n\n' | grep -v -e '^$' -e '[A-Z[|]'); do
  case $w in
    quit|exit|q) line=$w ;;
    sim) line="sim -n 1" ;;
    *) line=$w ;;
  esac
  printf '%s\nquit\n' "$line" | "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
  if grep -q "not a command, a legal move or Lua" "$tmp/out"; then
    fail=$((fail + 1)); echo "FAIL command '$w': the help lists it, the prompt does not know it"
  else pass=$((pass + 1)); fi
done
n=$("$GROVE" help commands | grep -c '^  [a-z]')
[ "$n" -ge 13 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the help lists $n commands"; }
finish help
