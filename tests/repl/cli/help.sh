#!/usr/bin/env bash
# Help: the REPL's commands, help topics at the REPL and from the shell.
. "$(dirname "$0")/../lib.sh"

printf 'help\nhelp bots\nhelp nonsense\n?\nquit\n' | "$GROVE" play logger >"$tmp/out" 2>&1
expect repl-help "  undo            take back a move (and the bot and forced moves after it)"
expect repl-help "  quit, exit, q   leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)"
expect repl-help "More: help topics"
expect repl-help "    depth=D       random moves after the tree before evaluate (default"
expect repl-help "  mcts:PARAM,...  the same with parameters (any order; a bare number is the"
expect repl-help "no help topic 'nonsense' (help GAME lists a game's options); the topics: commands moves lua bots learn sim odds save record reload variants options serve writing check"
reject repl-help "not a command, a legal move or Lua"
reject repl-help "not a command, a move or Lua"

"$GROVE" help topics >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topics "  writing    writing a new game: where to start"
expect topics "  check      grove check: what every game must get right"
expect topics "exit 0"
"$GROVE" help save >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect topic "refused with the reason and the game in progress is unchanged. When the"
expect topic "  after a reload, and a note says what happened: the move that no longer plays"
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
  if grep -q "not a command, a move or Lua" "$tmp/out"; then
    fail=$((fail + 1)); echo "FAIL command '$w': the help lists it, the prompt does not know it"
  else pass=$((pass + 1)); fi
done
n=$("$GROVE" help commands | grep -c '^  [a-z]')
[ "$n" -ge 13 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the help lists $n commands"; }
# Every subcommand of the table (grove --commands) answers --help (and -h)
# with its usage, exit 0, on stdout; nothing runs (play --help starts no
# game, replay --help opens no file called --help).
commands=$("$GROVE" --commands)
[ "$(echo "$commands" | wc -w)" -ge 13 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: grove --commands lists: $commands"; }
for c in $commands; do
  for flag in --help -h; do
    "$GROVE" $c $flag >"$tmp/out" 2>"$tmp/err"; echo "exit $?" >>"$tmp/out"
    expect "$c-$flag" "usage: grove $c"
    expect "$c-$flag" "exit 0"
    [ -s "$tmp/err" ] && { fail=$((fail + 1)); echo "FAIL $c $flag: wrote to stderr: $(head -1 "$tmp/err")"; }
  done
done
"$GROVE" play logger --seed 2 --help >"$tmp/out" 2>&1
expect play-help-late "  --set NAME=VALUE   a game option (grove list --options GAME lists them)"
reject play-help-late "Type 'help' for commands"
"$GROVE" run --help >"$tmp/out" 2>&1
expect run-help "ARGS are in arg[1]"
"$GROVE" --help >"$tmp/out" 2>&1
expect usage "  grove COMMAND --help    what COMMAND takes"
# the script's own --help is the script's: grove run FILE --help runs FILE
printf 'print("args:", arg[1])\n' >"$tmp/args.lua"
"$GROVE" run "$tmp/args.lua" --help >"$tmp/out" 2>&1
expect run-script-help "args:	--help"

# result gives the outcome at the end, not "the score now"
printf 'help\nresult\nquit\n' | "$GROVE" play logger >"$tmp/out" 2>&1
expect result "  result, score   the final ranks and scores, once the game is over"
expect result "no result yet: the game is still on"
reject result "the score now"

# help GAME, help options: the topic, then the game's options
printf 'help logger\nhelp options\nquit\n' | "$GROVE" play logger --set pyramids=7 >"$tmp/out" 2>&1
expect help-game "  pyramids=20            a whole number from 1 to 99; now 7"
expect help-options "  A game declares the numbers a designer may vary"

# Tab at the prompt (a pty from script(1)): help topics, the game's name
# and file names after save and load complete.
if command -v script >/dev/null; then
  mkdir -p "$tmp/tab" && : >"$tmp/tab/zebra-unique.sav"
  rm -f "$tmp/in"; mkfifo "$tmp/in"
  LANG=C TERM=xterm script -qfec "$GROVE play logger" /dev/null <"$tmp/in" >"$tmp/out" 2>&1 &
  pid=$!
  exec 3>"$tmp/in"
  for _ in $(seq 100); do grep -q "logger seat 1>" "$tmp/out" && break; sleep 0.1; done
  printf 'help var\t\r' >&3; sleep 0.3
  printf 'help logg\t\r' >&3; sleep 0.3
  printf 'save %s/tab/zebra-u\t\r' "$tmp" >&3; sleep 0.3
  printf 'quit\r' >&3
  exec 3>&-
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { kill -9 "$pid"; fail=$((fail + 1)); echo "FAIL tab: the session did not end"; }
  wait "$pid"
  expect tab-topic "  grove list shows each game's player counts and variants."
  expect tab-game "Options of logger (grove play|sim|bench logger --set NAME=VALUE):"
  expect tab-file "saved 0 moves to $tmp/tab/zebra-unique.sav"
else
  echo "help: 'script' (bsdutils) missing: the Tab checks are skipped"; fail=$((fail + 1))
fi
finish help
