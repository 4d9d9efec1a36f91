#!/usr/bin/env bash
# grove serve's command line: --help, and each mistake refused with a
# reason before anything listens (an unknown game, a bad port, a bot seat
# the game lacks, an address that is none, an option the game lacks, a
# port already taken); the URLs it prints, one per seat with a token of
# its own, bots named instead of a URL; SIGTERM stops it cleanly.
# (tests/browser/ drives the table itself.)
. "$(dirname "$0")/lib.sh"

"$GROVE" serve --help >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect help "usage: grove serve GAME [--players N] [--bot SEAT=KIND]..."
expect help "exit 0"
"$GROVE" serve >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect nogame "usage: grove serve GAME"
expect nogame "exit 2"
"$GROVE" serve nosuch >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect unknown "no game 'nosuch'"
expect unknown "exit 1"
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
expect set-range "exit 1"
"$GROVE" serve logger --from x.sav >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect from "grove serve: --from is grove play's (see grove serve --help)"
expect from "exit 2"

# a table: its URLs, then a second one on the same port is refused
"$GROVE" serve logger --players 3 --bot 2=random --seed 9 --set movement=3 --port 0 >"$tmp/first" 2>&1 &
first=$!
for _ in $(seq 1 100); do grep -q "Ctrl-C stops the table" "$tmp/first" && break; sleep 0.1; done
cp "$tmp/first" "$tmp/out"
expect urls "grove serve: logger, 3 players, seed 9, options movement=3, on http://127.0.0.1:"
expect urls "  seat 2: the random bot"
expect urls "  onlooker: http://127.0.0.1:"
expect urls "      A seedling grows on "
n=$(grep -cE '^  (seat [13]|onlooker): http://127\.0\.0\.1:[0-9]+/play/[0-9a-f]{32}$' "$tmp/first")
if [ "$n" = 3 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL urls: $n seat URLs with a token, not 3"; fi
tokens=$(grep -oE '/play/[0-9a-f]{32}' "$tmp/first" | sort -u | wc -l)
if [ "$tokens" = 3 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL tokens: $tokens different tokens, not 3"; fi
port=$(grep -oE 'on http://127\.0\.0\.1:[0-9]+' "$tmp/first" | grep -oE '[0-9]+$')
"$GROVE" serve logger --port "$port" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect taken "grove serve: cannot listen on 127.0.0.1 port $port"
expect taken "exit 1"
kill -TERM "$first"
wait "$first"; echo "exit $?" >>"$tmp/first"
cp "$tmp/first" "$tmp/out"
expect stop "grove serve: stopped (SIGTERM) after"
expect stop "exit 0"
finish serve
