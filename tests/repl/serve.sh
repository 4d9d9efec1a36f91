#!/usr/bin/env bash
# grove serve's command line: --help, and each mistake refused with a
# reason before anything listens (an unknown game, a bad port, a bot seat
# the game lacks, an address that is none, an option the game lacks, a
# port already taken, a save file that is there already, a --from that
# disagrees with its file); the URLs it prints, one per seat with a token
# of its own, bots named beside theirs; the save it names, written before
# any move, and its seats file; SIGTERM stops it cleanly; --from resumes
# the save at the same URLs, or says plainly that the tokens are new;
# what a rule script says reaches the terminal with its control
# characters shown. (tests/browser/ drives the table itself.)
. "$(dirname "$0")/lib.sh"
# every table here saves into the test's own folder
cd "$tmp" || exit 2
GROVE=$(cd "$OLDPWD" && cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE")

"$GROVE" serve --help >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect help "usage: grove serve GAME [--players N] [--bot SEAT=KIND]..."
expect help "exit 0"
"$GROVE" serve >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect nogame "usage: grove serve GAME"
expect nogame "exit 2"
"$GROVE" serve nosuch >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect unknown "no game 'nosuch'"
expect unknown "exit 2"
"$GROVE" serve logger --port 70000 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect port "grove serve: --port needs a port number 0..65535"
expect port "exit 2"
"$GROVE" serve logger --port >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect port-missing "grove serve: --port needs a value"
"$GROVE" serve logger --bot 3=random >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect bot "grove serve: --bot 3: the game has only 2 seats"
"$GROVE" serve logger --bot 2=clever >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect bot-kind "grove: --bot 2:"
"$GROVE" serve logger --listen example.org >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect listen "grove serve: --listen example.org: not an IPv4 or IPv6 address"
"$GROVE" serve logger --set nosuch=1 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect set "grove serve: logger has no option 'nosuch'"
"$GROVE" serve logger --set movement=0 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect set-range "grove serve: option movement of logger takes a whole number from 1 to 8, not 0"
expect set-range "exit 2"
"$GROVE" serve logger --from x.sav >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect from-missing "grove serve: cannot open x.sav: No such file or directory"
expect from-missing "exit 1"
"$GROVE" serve logger --ascii >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect ascii "grove serve: --ascii is grove play's (see grove serve --help)"
expect ascii "exit 2"
echo "not a save" >"$tmp/taken.sav"
"$GROVE" serve logger --save "$tmp/taken.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect save-taken "the file is there already (resume it with --from $tmp/taken.sav, or choose another name)"
expect save-taken "exit 2"
"$GROVE" serve logger --save "$tmp/nosuch/x.sav" --port 0 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect save-folder "grove serve: cannot save the game to $tmp/nosuch/x.sav: "
expect save-folder "exit 1"

# a table refused before it listens writes no save
if ls logger-*.sav >/dev/null 2>&1; then fail=$((fail + 1)); echo "FAIL no-save: a refused table left a save:"; ls; else pass=$((pass + 1)); fi

# a table: its URLs, then a second one on the same port is refused
"$GROVE" serve logger --players 3 --bot 2=random --seed 9 --set movement=3 --port 0 >"$tmp/first" 2>&1 &
first=$!
for _ in $(seq 1 100); do grep -q "Ctrl-C stops the table" "$tmp/first" && break; sleep 0.1; done
cp "$tmp/first" "$tmp/out"
expect urls "grove serve: logger, 3 players, seed 9, options movement=3, on http://127.0.0.1:"
expect urls "   (the random bot plays it; its player takes it back there)"
expect urls "  onlooker: http://127.0.0.1:"
expect urls "      A seedling grows on "
n=$(grep -cE '^  (seat [13]|onlooker): http://127\.0\.0\.1:[0-9]+/play/[0-9a-f]{32}$' "$tmp/first")
if [ "$n" = 3 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL urls: $n seat URLs with a token, not 3"; fi
n=$(grep -cE '^  seat 2: http://127\.0\.0\.1:[0-9]+/play/[0-9a-f]{32}   \(the random bot plays it' "$tmp/first")
if [ "$n" = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL bot-url: the bot's seat has no URL of its own"; fi
tokens=$(grep -oE '/play/[0-9a-f]{32}' "$tmp/first" | sort -u | wc -l)
if [ "$tokens" = 4 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL tokens: $tokens different tokens, not 4"; fi
# the save it names, in this folder, there before any move; the seats file, private
save=$(sed -n 's/^saving to \(logger-[0-9]\{8\}-[0-9]\{6\}\(-[0-9]*\)\{0,1\}\.sav\) after every move (grove serve --from .*/\1/p' "$tmp/first")
if [ -n "$save" ] && [ -f "$save" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL save: no save named, or none there: '$save'"; cat "$tmp/first"; fi
if [ "$(stat -c %a "$save.seats" 2>/dev/null)" = 600 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL seats: $save.seats is not mode 600"; fi
for tok in $(grep -oE '/play/[0-9a-f]{32}' "$tmp/first" | cut -c7-); do
  if grep -q "$tok" "$save.seats"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL seats: $tok not kept"; fi
done
grep -q '^seat 2 [0-9a-f]\{32\} bot random$' "$save.seats" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL seats: the bot of seat 2 is not kept"; }
port=$(grep -oE 'on http://127\.0\.0\.1:[0-9]+' "$tmp/first" | grep -oE '[0-9]+$')
"$GROVE" serve logger --port "$port" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect taken "grove serve: cannot listen on 127.0.0.1 port $port"
expect taken "exit 1"
kill -TERM "$first"
wait "$first"; echo "exit $?" >>"$tmp/first"
cp "$tmp/first" "$tmp/out"
expect stop "grove serve: stopped (SIGTERM) after"
expect stop "saved in $save"
expect stop "exit 0"
# --from: the same game, the same URLs (the port aside), the bot remembered
"$GROVE" serve logger --from "$save" --players 2 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect from-differs "grove serve: --from $save: the file holds logger, 3 players, seed 9; the command line asks for another player count"
"$GROVE" serve --from "$save" --set movement=2 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect from-set "(leave --set out)"
"$GROVE" serve --from "$save" --port 0 >"$tmp/again" 2>&1 &
again=$!
for _ in $(seq 1 100); do grep -q "Ctrl-C stops the table" "$tmp/again" && break; sleep 0.1; done
kill -TERM "$again"; wait "$again"
cp "$tmp/again" "$tmp/out"
expect resume "grove serve: logger, 3 players, seed 9, options movement=3, on http://127.0.0.1:"
expect resume "resumed $save: "
expect resume "the seats keep their tokens ($save.seats): the URLs of before open the same seats"
expect resume "saving to $save after every move"
a=$(grep -oE '^  [a-z0-9 ]+: http://[^/]+/play/[0-9a-f]{32}' "$tmp/first" | sed 's|http://[^/]*||')
b=$(grep -oE '^  [a-z0-9 ]+: http://[^/]+/play/[0-9a-f]{32}' "$tmp/again" | sed 's|http://[^/]*||')
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL resume: other URLs:"; echo "$a"; echo "$b"; fi
expect resume "   (the random bot plays it; its player takes it back there)"
# without the seats file: new tokens, said so
rm "$save.seats"
"$GROVE" serve --from "$save" --port 0 >"$tmp/again" 2>&1 &
again=$!
for _ in $(seq 1 100); do grep -q "Ctrl-C stops the table" "$tmp/again" && break; sleep 0.1; done
kill -TERM "$again"; wait "$again"
cp "$tmp/again" "$tmp/out"
expect new-tokens "NEW TOKENS: cannot read $save.seats: No such file or directory, so every seat has a new URL below (the old ones open nothing)"
b=$(grep -oE '^  [a-z0-9 ]+: http://[^/]+/play/[0-9a-f]{32}' "$tmp/again" | sed 's|http://[^/]*||')
if [ -n "$b" ] && [ -z "$(comm -12 <(echo "$a" | sort) <(echo "$b" | sort))" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL new-tokens: a URL of before still opens a seat"; fi
# what the rules say reaches the terminal's log safely: a narration's
# escape sequences (the window's title, clearing the screen, a carriage
# return faking a prompt, a C1 control) and a result's are written as
# \xNN, never sent to the terminal as they are
mkdir -p "$tmp/ext/scripts/rude"
cat >"$tmp/ext/scripts/rude/game.lua" <<'LUA'
-- Two seats take turns; every line the rules say holds a terminal's escape.
local game = require "grove.game"
local MOVE = game.kinds { "go" }
return game.define {
  name = "rude",
  players = { min = 2, max = 2 },
  kinds = MOVE,
  setup = function(s)
    s:vars("c", { "n" })
    s:say("set up\27]0;owned\7 \27[2J")
  end,
  actor = function(s) return s.c.n % 2 + 1 end,
  moves = function(s, out) if s.c.n < 4 then out:add(MOVE.go) end end,
  apply = function(s)
    s.c.n = s.c.n + 1
    s:say("went\rlogger seat 1> \194\155 31m\8\127")
  end,
  result = function(s)
    if s.c.n < 4 then return nil end
    return { scores = { 0, 0 }, ranks = { 1, 1 }, text = "a draw\27[1A" }
  end,
  describe = function() return "go" end,
}
LUA
GROVE_PATH="$tmp/ext" "$GROVE" serve rude --bot 1=random --bot 2=random --port 0 --save "$tmp/rude.sav" >"$tmp/rude" 2>&1 &
rude=$!
for _ in $(seq 1 100); do grep -q "game over" "$tmp/rude" && break; sleep 0.1; done
kill -TERM "$rude"
wait "$rude"
cp "$tmp/rude" "$tmp/out"
expect log-setup '      set up\x1b]0;owned\x07 \x1b[2J'
expect log-move '   4. seat 2 (bot): go'
expect log-said '      went\x0dlogger seat 1> \xc2\x9b 31m\x08\x7f'
expect log-result 'game over: a draw\x1b[1A'
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]' "$tmp/rude"; then
  fail=$((fail + 1)); echo "FAIL log-raw: a control character reached the terminal:"; cat -v "$tmp/rude"
else
  pass=$((pass + 1))
fi
finish serve
