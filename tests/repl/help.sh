#!/usr/bin/env bash
# Help: the REPL's commands, help topics at the REPL and from the shell.
. "$(dirname "$0")/lib.sh"

printf 'help\nhelp bots\nhelp nonsense\n?\nquit\n' | "$GROVE" play logger >"$tmp/out" 2>&1
expect repl-help "  undo / redo     take back / replay a move (bot and forced moves too)"
expect repl-help "More: help topics"
expect repl-help "  mcts:N          N iterations a move"
expect repl-help "no help topic 'nonsense'; the topics: commands moves lua bots sim save variants writing"
reject repl-help "not a command, a legal move or Lua"

"$GROVE" help topics >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topics "  writing    writing a new game: where to start"
expect topics "exit 0"
"$GROVE" help save >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topic "or one made under another version of the rules, is refused"
"$GROVE" help nonsense >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topic-unknown "no help topic 'nonsense'"
expect topic-unknown "exit 2"
# every topic has a page, and every page is listed
for t in $("$GROVE" help topics | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
  "$GROVE" help "$t" >"$tmp/out" 2>&1 && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL topic $t"; }
done
finish help
