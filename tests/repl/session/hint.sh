#!/usr/bin/env bash
# `hint` and `bot` at the REPL (repl/session/commands.c), and game:choose's
# text: a hint names what the mcts bot would play for the seat to act, with
# the share of its visits, and changes nothing; it is the same after what
# the seat cannot see is re-dealt; `bot SEAT KIND` hands a seat to a bot,
# which then moves by itself, and `bot SEAT off` gives it back; mistakes
# are refused with a reason and count as failed lines.
. "$(dirname "$0")/../lib.sh"
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi; }

# Logger: the hint, then the game unchanged; the same hint again; another kind
printf 'hint\nlog\nhint\nhint random\nplace a1\nhint\nquit\n' | "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect logger "hint for seat 1: place e1 (move 2 of the list): the mcts bot gave it "
check logger-share "grep -qE '^hint for seat 1: place e1 \(move 2 of the list\): the mcts bot gave it [0-9]+ of [0-9]+ visits \([0-9]+%\)$' '$tmp/out'"
check logger-unchanged "grep -qx 'no moves yet' '$tmp/out'"
check logger-same "[ \$(grep -c 'hint for seat 1: place e1 (move 2' '$tmp/out') = 2 ]"
expect logger-kind "of the list): the random bot's choice"
expect logger-seat2 "hint for seat 2: place "
expect logger-exit "exit 0"

# Once Upon a Forest, seat 1 against a bot: the hint thinks from seat 1's
# view, so re-dealing what seat 1 cannot see (seat 2's hand, the piles)
# changes the state but not the hint
printf 'draw 1\ndraw 2\ndraw 3\nhint\nh = game:hash()\ngame:redeal(1, 77)\nprint("changed", h ~= game:hash())\nhint\nquit\n' |
  "$GROVE" play onceupon --players 2 --bot 2=random --seed 5 >"$tmp/out" 2>&1
expect hidden "changed	true"
check hidden-same "[ \$(grep '^hint for seat 1: ' '$tmp/out' | sort -u | wc -l) = 1 ] && [ \$(grep -c 'hint for seat 1: ' '$tmp/out') = 2 ]"

# bot: who plays each seat; seat 2 handed to the random bot moves by itself;
# taken back, it waits for its person
printf 'bot\nbot 2 random\nbot\nplace a1\nbot 2 off\nbot\nmove a2\nplant a3\nquit\n' | "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect bot-list "seat 2: a person"
expect bot-on "seat 2: the random bot plays it from now on"
expect bot-list2 "seat 2: the random bot"
check bot-moves "grep -qE '^seat 2: place [a-e][15] \(random\)$' '$tmp/out'"
expect bot-off "seat 2: a person plays it from now on"
check bot-waits "grep -q '^logger seat 2> ' '$tmp/out'"
expect bot-exit "exit 0"

# mistakes: refused with a reason, the game unchanged, the line counted
printf 'bot 3 random\nbot 1 clever\nbot 2\nbot 1 off\nhint clever\nlog\nquit\n' | "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect bad-seat "usage: bot SEAT KIND (random, greedy, mcts, mcts:500 ...) or bot SEAT off, SEAT 1..2"
expect bad-kind "bot 1: unknown bot 'clever'"
expect bad-off "seat 1 is a person's already"
expect bad-hint "hint: unknown bot 'clever'"
expect bad-unchanged "no moves yet"
expect bad-exit "grove: 4 lines of the session failed; the first: usage: bot SEAT KIND"
expect bad-exit "exit 1"
# no hint once the game is over
printf 'hint\nquit\n' | GROVE_PATH=tests/fixtures "$GROVE" play coinflip >"$tmp/out" 2>&1
expect over "the game is over: no move to hint"

# game:choose from Lua: the move, then its text, which plays it
printf 'm, text = game:choose("mcts")\nprint(math.type(m), text)\ngame:play(text)\nlog\nquit\n' |
  "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
check choose "grep -qE '^integer	place [a-e][15]$' '$tmp/out'"
check choose-played "grep -qE '^   1\. seat 1: place [a-e][15]$' '$tmp/out'"
finish hint
