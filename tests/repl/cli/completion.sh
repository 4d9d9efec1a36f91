#!/usr/bin/env bash
# Bash completion (completions/grove.bash) and the manual page (doc/grove.1).
#
# The completion function is called as bash calls it: COMP_WORDS split the
# way bash splits a line (at the = and : of COMP_WORDBREAKS), COMP_CWORD the
# word under the cursor; COMPREPLY is then what readline would offer.
# The manual page must render without a groff warning and name every
# subcommand and option that `grove --help` and `grove sim --help` name,
# so neither can fall behind the program silently.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../../.." && pwd)
page=$root/doc/grove.1

# A grove that counts its runs, called by path and found on PATH.
case $GROVE in
  */*) real=$(cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE") ;;
  *) real=$(command -v "$GROVE") ;;
esac
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s/calls"\nexec "%s" "$@"\n' "$tmp" "$real" >"$tmp/bin/grove"
chmod +x "$tmp/bin/grove"
: >"$tmp/calls"

# A game whose rule script does not load: `grove list` calls it broken.
mkdir -p "$tmp/ext/scripts/zzbroken"
echo 'return {' >"$tmp/ext/scripts/zzbroken/game.lua"
export GROVE_PATH=$tmp/ext

. "$root/completions/grove.bash"
COMP_WORDBREAKS=$' \t\n"\'><=;|&(:'

# offer NAME EXPECTED WORD...: complete the last WORD of "grove WORD..." and
# check that COMPREPLY is EXPECTED (the candidates, space-separated, in order).
offer() {
  local name=$1 want=$2
  shift 2
  COMP_WORDS=("$tmp/bin/grove" "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _grove
  local have="${COMPREPLY[*]}"
  if [ "$have" = "$want" ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $name: grove $*<Tab> offers '$have', not '$want'"; fi
}

# Subcommands and top-level options.
offer subcommand "sim show serve" s
offer subcommand "run replay" r
offer subcommand "serve" se
offer subcommand "$("$GROVE" --commands | tr '\n' ' ' | sed 's/ $//')" ""
offer help-topic "bots" help b
offer help-topics "sim save serve" help s
offer subcommand "--help --version" -
offer subcommand "" zz

# Game names after play, sim, bench and test (a broken game's name too).
offer game "logger" play lo
offer game "$("$GROVE" list | awk '{ print $1 }' | tr '\n' ' ' | sed 's/ $//')" play ""
offer game "squirrel" sim sq
offer game "zzbroken" bench zz
offer game "starfall" test starf
offer game "onceupon" check on
offer game "squirrel starfall" check logger s
offer game "" play logger ""
offer game "" play logger l

# Variants: of the game named before or after --variant; the part after the
# last comma, without the variants already listed.
offer variant "scaredy-snake star-fluke" play starfall --variant ""
offer variant "star-fluke" play starfall --variant st
offer variant "scaredy-snake,star-fluke" play starfall --variant scaredy-snake,
offer variant "scaredy-snake,star-fluke" play starfall --variant scaredy-snake,st
offer variant "" play logger --variant ""
offer variant "solo semi-coop" sim onceupon -n 10 --variants ""
offer variant "- solo semi-coop" sim onceupon -n 10 --compare ""
offer variant "- solo semi-coop" sim onceupon -n 10 --compare - ""
offer variant "solo,semi-coop" sim onceupon -n 10 --compare - solo,
# A variant an overlay adds (grove list marks it "(overlay)") is offered too.
mkdir -p "$tmp/ext/scripts/starfall"
echo 'return function(game) return game end' >"$tmp/ext/scripts/starfall/house.lua"
offer overlay "scaredy-snake star-fluke house" play starfall --variant ""
rm -r "$tmp/ext/scripts/starfall"
COMP_WORDS=("$tmp/bin/grove" play --variant "" starfall)
COMP_CWORD=3
_grove
if [ "${COMPREPLY[*]}" = "scaredy-snake star-fluke" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL variant: the game after the cursor: '${COMPREPLY[*]}'"; fi

# Options of each subcommand; none where an option's value is a number.
offer options "-n --players --seed --variant --bots --threads --cap --json --csv --plot --compare --sprt --coverage --records --shard --resume --set --sweep --help" sim logger -
offer options "--cap --csv --compare --coverage" sim logger --c
offer options "--players --seed --variant --bot --set --ascii --from --help" play logger -
offer options "--players --variant --seed --seconds --playouts --bots --games --set --json --help" bench -
offer options "--verbose --check --game --html --help" replay -
offer options "--players --bot --variant --set --seed --save --from --port --listen --help" serve logger -
offer options "--players --seed --variant --set --viewer -o --help" show logger -
offer game "logger" serve lo
offer bot "random greedy mcts" serve logger --bot 2 = ""
offer listen "127.0.0.1" serve logger --listen 12
offer set "winning_score= movement= protesters= pyramids=" serve logger --set ""
offer set "movement=" show logger --set mo
offer options "--verbose --filter --jobs --help" test -
offer options "--options --variant --help" list -
offer options "-n --seed --files --threads --fail-under --time-factor --list --verbose --help" mutate logger -
offer game "logger" mutate lo
offer files "cards.lua forest.lua game.lua semi-coop.lua solo.lua" mutate onceupon --files ""
offer files "cards.lua,solo.lua" mutate onceupon --files cards.lua,so
offer options "--help" new -
offer sprt "first win1 win2 win3 length score1 score2 score3" sim logger --players 3 --sprt ""
offer sprt "win1 win2" sim starfall --sprt w
offer options "-n --players --variant --seed --cap --set --bots --bot --reference --threads --help" check logger -
offer options "" check logger --cap ""
offer variant "solo semi-coop" check onceupon --variant ""
offer players "2 3 4" check starfall --players ""
offer options "" sim logger -n ""
offer options "" play logger --seed ""

# The subcommands are one table in the program (repl/main.c): grove
# --commands prints its names in its order, and the completion script's
# list is the same, word for word, in that order.
"$GROVE" --commands >"$tmp/commands"; echo "exit $?" >>"$tmp/commands"
if [ "$(tail -n 1 "$tmp/commands")" = "exit 0" ] && [ "$(grep -c '^[a-z]*$' "$tmp/commands")" -ge 13 ]; then
  pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL commands: grove --commands lists no table: $(tr '\n' ' ' <"$tmp/commands")"; fi
sed -i '$d' "$tmp/commands"
_grove_found=()
_grove_subcommands
if [ "${_grove_found[*]}" = "$(tr '\n' ' ' <"$tmp/commands" | sed 's/ $//')" ]; then pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL commands: completions/grove.bash lists '${_grove_found[*]}'; grove --commands '$(tr '\n' ' ' <"$tmp/commands" | sed 's/ $//')'"
fi
# ... and grove --help gives a synopsis of each, in that order, and of no other.
"$GROVE" --help | grep -oE '^  grove [a-z]+' | awk '{ print $2 }' | uniq >"$tmp/synopses"
if cmp -s "$tmp/synopses" "$tmp/commands"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL commands: grove --help's synopses name $(tr '\n' ' ' <"$tmp/synopses")"; fi

# Every subcommand `grove --help` names is offered after `grove`, and every
# option `grove sim --help` names after `grove sim`.
COMP_WORDS=("$tmp/bin/grove" "")
COMP_CWORD=1
_grove
"$GROVE" --help >"$tmp/help"
for word in $(grep -oE '^  grove [a-z]+' "$tmp/help" | awk '{ print $2 }' | sort -u); do
  case " ${COMPREPLY[*]} " in
    *" $word "*) pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); echo "FAIL subcommands: grove --help names $word; completion does not offer it" ;;
  esac
done
COMP_WORDS=("$tmp/bin/grove" sim logger -)
COMP_CWORD=3
_grove
"$GROVE" sim --help >"$tmp/simhelp"
for opt in $(grep -oE '(^|[][ |(])--?[a-z][a-z-]*' "$tmp/simhelp" | sed 's/^[][ |(]//' | sort -u); do
  case " ${COMPREPLY[*]} " in
    *" $opt "*) pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); echo "FAIL sim-options: grove sim --help names $opt; completion does not offer it" ;;
  esac
done

# A game's options after --set (of the game before or after it, with its
# variants), as NAME= to type the value after; a game's name after list
# --options.
offer set "winning_score= movement= protesters= pyramids=" play logger --set ""
offer set "movement=" sim logger -n 5 --set mo
offer sweep "winning_score= movement= protesters= pyramids= players=" sim logger --sweep ""
offer sweep-prefix "protesters= pyramids= players=" sim logger --sweep p
COMP_WORDS=("$tmp/bin/grove" bench --set py logger)
COMP_CWORD=3
_grove
if [ "${COMPREPLY[*]}" = "pyramids=" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL set: the game after the cursor: '${COMPREPLY[*]}'"; fi
offer set "obligation_cards=" play onceupon --variant solo --set o
offer set "" play onceupon --set o
offer set "" play logger --set movement = ""
offer set "" play --set ""
offer list-options "logger" list --options lo

# Bot kinds: after --bot SEAT= (bash splits "2=mc" into 2, =, mc), the seats
# first; after --bots, in a comma list, "mcts:30" split at the colon.
offer bot "random greedy mcts" play logger --bot 2 = ""
offer bot "mcts" play logger --bot 2 = mc
offer bot "1= 2= 3= 4=" play logger --bot ""
offer bot "1= 2= 3=" play logger --players 3 --bot ""
offer bot "2=" play logger --bot 2
offer bot "random greedy mcts" sim logger -n 5 --bots ""
offer bot "greedy" sim logger -n 5 --bots g
offer bot "mcts,random mcts,greedy" sim logger -n 5 --bots mcts,
offer bot "30,random" sim logger -n 5 --bots mcts : 30,r
offer bot "random greedy mcts" bench logger --bots ""
offer bot "2,random" sim logger -n 5 --bots mcts : depth = 2,r
offer bot "random greedy mcts" duel logger ""
offer bot "mcts" duel logger random m
offer bot "" duel logger mcts : ""
offer options "-n --players --variant --set --seed --threads --cap --sprt --records --shard --resume --help" duel logger -
offer players "2 3 4" play logger --players ""
offer players "3" sim flooded -p 3

# Files: after replay, run (Lua files and folders), --json, --csv, --plot.
mkdir -p "$tmp/files/sub"
: >"$tmp/files/records.json"
: >"$tmp/files/study.lua"
: >"$tmp/files/game.sav"
offer files "$tmp/files/records.json" replay "$tmp/files/r"
offer files "$tmp/files/game.sav" replay "$tmp/files/g"
offer files "$tmp/files/sub $tmp/files/study.lua" run "$tmp/files/s"
offer files "$tmp/files/game.sav" run "$tmp/files/study.lua" "$tmp/files/g"
offer files "$tmp/files/records.json" sim logger -n 5 --json "$tmp/files/re"
offer files "$tmp/files/study.lua" sim logger -n 5 --csv "$tmp/files/st"
offer files "$tmp/files/game.sav" sim logger -n 5 --plot "$tmp/files/ga"
offer files "$tmp/files/game.sav" play logger --from "$tmp/files/ga"
offer files "" replay "$tmp/files/records.json" ""

# One `grove list` per completion at most, none for a subcommand or option;
# grove found on PATH works as well as a path.
: >"$tmp/calls"
offer list-runs "scaredy-snake,star-fluke" play starfall --variant scaredy-snake,
offer list-runs "1= 2= 3= 4=" play starfall --bot ""
offer list-runs "sim show serve" s
offer list-runs "--players --seed --variant --bot --set --ascii --from --help" play starfall -
if [ "$(grep -c '^list$' "$tmp/calls")" = 2 ] && [ "$(wc -l <"$tmp/calls")" = 2 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL list-runs: 4 completions ran grove: $(tr '\n' ';' <"$tmp/calls")"; fi
saved_path=$PATH
PATH=$tmp/bin:$PATH
COMP_WORDS=(grove play lo)
COMP_CWORD=2
_grove
PATH=$saved_path
if [ "${COMPREPLY[*]}" = "logger" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL on-path: grove play lo<Tab> offers '${COMPREPLY[*]}'"; fi

# ---- the manual page ------------------------------------------------------------

if ! command -v groff >/dev/null; then
  echo "FAIL man: groff is not installed (apt-get install groff-base)"
  exit 1
fi

# renders PAGE: groff renders it without a warning
renders() {
  groff -man -Tutf8 -ww "$1" >/dev/null 2>"$tmp/warnings" && ! [ -s "$tmp/warnings" ]
}

# documented PAGE: every subcommand of the program's table (grove
# --commands) and every option `grove --help` and `grove sim --help` name
# is an entry of COMMANDS or OPTIONS in PAGE (a line of its own, as its
# tag), not only a mention; and each entry of COMMANDS (a line "       WORD
# ...") is of a subcommand of the table. Prints what is missing or extra.
documented() {
  groff -man -Tascii -P-cbou -rLL=200n "$1" 2>/dev/null |
    sed -n '/^COMMANDS$/,/^REPL COMMANDS$/p' >"$tmp/entries"
  local missing=0 word
  for word in $(cat "$tmp/commands"); do
    grep -qE "^       $word( |$)" "$tmp/entries" || { echo "    subcommand $word"; missing=1; }
  done
  sed -n '/^OPTIONS$/q; s/^       \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p' "$tmp/entries" | sort -u >"$tmp/entry-words"
  for word in $(cat "$tmp/entry-words"); do
    grep -qx "$word" "$tmp/commands" || { echo "    no subcommand $word"; missing=1; }
  done
  for word in $(grep -ohE '(^|[][ |(])--?[a-z][a-z-]*' "$tmp/help" "$tmp/simhelp" | sed 's/^[][ |(]//' | sort -u); do
    grep -qE "^       (-[-a-z]+[^,]*, )*$word( |,|$)" "$tmp/entries" || { echo "    option $word"; missing=1; }
  done
  return "$missing"
}

if renders "$page"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL man: groff warns about doc/grove.1:"; cat "$tmp/warnings"; fi
if documented "$page" >"$tmp/missing"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL man: doc/grove.1 does not document:"; cat "$tmp/missing"; fi

# The checks catch what they are for: a page with a bad request, and a page
# without its --coverage entry, without merge, or with a subcommand the
# table does not have.
{ cat "$page"; printf '.foo bar\n'; } >"$tmp/bad.1"
if renders "$tmp/bad.1"; then fail=$((fail + 1)); echo "FAIL man-check: groff's warnings go unnoticed"
else pass=$((pass + 1)); fi
awk '/^\.B \\-\\-coverage$/ && prev == ".TP" { skip = 1 } { if (!skip) print; skip = 0; prev = $0 }' \
  "$page" >"$tmp/lacking.1"
documented "$tmp/lacking.1" >"$tmp/missing"
if grep -qx '    option --coverage' "$tmp/missing" && [ "$(wc -l <"$tmp/missing")" = 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL man-check: a page without --coverage's entry passes: $(cat "$tmp/missing")"; fi

awk '/^\.BI "merge "/ && prev == ".TP" { skip = 1 } { if (!skip) print; skip = 0; prev = $0 }' \
  "$page" >"$tmp/lacking.1"
documented "$tmp/lacking.1" >"$tmp/missing"
if grep -qx '    subcommand merge' "$tmp/missing" && [ "$(wc -l <"$tmp/missing")" = 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL man-check: a page without merge's entry passes: $(cat "$tmp/missing")"; fi
sed '/^\.SH OPTIONS/i .TP\n.B frobnicate\nwhat it was' "$page" >"$tmp/extra.1"
documented "$tmp/extra.1" >"$tmp/missing"
if grep -qx '    no subcommand frobnicate' "$tmp/missing" && [ "$(wc -l <"$tmp/missing")" = 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL man-check: a page with a subcommand the table lacks passes: $(cat "$tmp/missing")"; fi

finish completion
