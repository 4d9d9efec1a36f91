#!/usr/bin/env bash
# grove sim --plot FILE.svg: the file is well-formed XML (xmllint), its
# panels hold one bar, whisker and box per seat and run, its numbers are the
# ones the text prints, text from a game script is escaped, the same sim
# gives the same bytes, and a path that cannot be written is an error that
# still leaves the text results printed. Needs xmllint (libxml2-utils).
. "$(dirname "$0")/../lib.sh"

if ! command -v xmllint >/dev/null; then
  echo "FAIL plot: xmllint not found (install libxml2-utils, as setup.sh does)"
  exit 1
fi

# check NAME COMMAND...: the command succeeds
check() {
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); return; fi
  fail=$((fail + 1)); echo "FAIL $name: $*"
  if [ "$1" = wellformed ]; then head -3 "$tmp/xmllint.err"; fi
}
# check_not NAME COMMAND...: the command fails
check_not() {
  local name=$1; shift
  if "$@"; then fail=$((fail + 1)); echo "FAIL $name: succeeded: $*"; else pass=$((pass + 1)); fi
}
# same NAME WANT GOT
same() {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: wanted '$2', got '$3'"; fi
}
wellformed() { xmllint --noout "$1" 2>"$tmp/xmllint.err"; }
# xp FILE XPATH: the XPath's value (SVG elements matched by local-name())
xp() { xmllint --xpath "$2" "$1" 2>/dev/null; }
el() { printf '*[local-name()="%s"]' "$1"; }
# count FILE PANEL ELEMENT CLASS: elements of that class in the panel
count() { xp "$1" "count(//$(el g)[@id=\"$2\"]//$(el "$3")[@class=\"$4\"])"; }
sim() { "$GROVE" sim "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

# The well-formedness check itself fails on a broken file: the last tag cut off.
printf '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><g><text>a &amp; b</text></g></svg>\n' >"$tmp/good.svg"
sed 's|</svg>||' "$tmp/good.svg" >"$tmp/broken.svg"
sed 's|&amp;|\&|' "$tmp/good.svg" >"$tmp/unescaped.svg"
check wellformed-good wellformed "$tmp/good.svg"
check_not wellformed-broken wellformed "$tmp/broken.svg"
check_not wellformed-unescaped wellformed "$tmp/unescaped.svg"

# One run: 2 seats, one bar, whisker and box each, in run A's colour only.
sim logger -n 40 --seed 5 --plot "$tmp/one.svg"
expect one "plot written to $tmp/one.svg"
expect one "exit 0"
cp "$tmp/out" "$tmp/one.txt"
check one-wellformed wellformed "$tmp/one.svg"
for panel in winrate scores lengths; do
  same "one-panel-$panel" 1 "$(xp "$tmp/one.svg" "count(//$(el g)[@id=\"$panel\"])")"
done
same one-bars 2 "$(count "$tmp/one.svg" winrate rect "bar run-a")"
same one-whiskers 2 "$(count "$tmp/one.svg" winrate path err)"
same one-boxes 2 "$(count "$tmp/one.svg" scores g "box run-a")"
same one-no-b 0 "$(xp "$tmp/one.svg" "count(//*[contains(@class,\"run-b\")])")"
same one-no-legend 0 "$(xp "$tmp/one.svg" "count(//*[@id=\"legend\"])")"
title=$(xp "$tmp/one.svg" "string(//*[@id=\"title\"])")
same one-title "Logger (logger): 2 players, 40 games (seeds 5..44)" "$title"
same one-subtitle "bots random random; variants: none" "$(xp "$tmp/one.svg" "string(//*[@id=\"subtitle\"])")"
# the bars say what the text says: seat 1's win rate and interval
rate=$(grep '^ *1  random' "$tmp/one.txt" | sed 's/.*  \([0-9.]*%\) ( *\([0-9.]*%\)- *\([0-9.]*%\)).*/\1 (95% interval \2-\3)/')
bar1=$(xp "$tmp/one.svg" "string(//$(el g)[@id=\"winrate\"]//$(el rect)[@class=\"bar run-a\"][1]/$(el title))")
case "$bar1" in
  "seat 1 (random), "*": $rate") pass=$((pass + 1)) ;;
  *) fail=$((fail + 1)); echo "FAIL one-rate: seat 1's bar says '$bar1', the text '$rate'" ;;
esac
# the histogram's bars add up to the 40 games
games=$(xp "$tmp/one.svg" "//$(el g)[@id=\"lengths\"]//$(el rect)[@class=\"hist run-a\"]/$(el title)/text()" |
  grep -o '[0-9]* games\? of' | awk '{ n += $1 } END { print n + 0 }')
same one-histogram 40 "$games"

# The same sim gives the same file byte for byte, whatever the threads.
sim logger -n 40 --seed 5 --threads 2 --plot "$tmp/two.svg"
expect same "plot written to $tmp/two.svg"
check same-bytes cmp -s "$tmp/one.svg" "$tmp/two.svg"
check_not no-temp-left compgen -G "$tmp/*.tmp"

# A comparison: 3 seats, A and B side by side, a legend naming both runs.
sim onceupon --players 3 -n 20 --compare - semi-coop --plot "$tmp/ab.svg"
expect compare "plot written to $tmp/ab.svg"
expect compare "exit 0"
check compare-wellformed wellformed "$tmp/ab.svg"
for run in a b; do
  same "compare-bars-$run" 3 "$(count "$tmp/ab.svg" winrate rect "bar run-$run")"
  same "compare-boxes-$run" 3 "$(count "$tmp/ab.svg" scores g "box run-$run")"
  same "compare-hist-$run" 1 "$(xp "$tmp/ab.svg" "count(//$(el g)[@id=\"lengths\"]//$(el rect)[@class=\"hist run-$run\"][1])")"
done
same compare-whiskers 6 "$(count "$tmp/ab.svg" winrate path err)"
same compare-legend "A: (no variant)|B: semi-coop" \
  "$(xp "$tmp/ab.svg" "//*[@id=\"legend\"]/$(el text)/text()" | paste -sd'|')"
case "$(xp "$tmp/ab.svg" "string(//*[@id=\"title\"])")" in
  *"(onceupon): 3 players, 20 games"*) pass=$((pass + 1)) ;;
  *) fail=$((fail + 1)); echo "FAIL compare-title: does not name onceupon" ;;
esac

# Text from a rule script is escaped: a game whose title holds XML's
# special characters, a control character and a byte that is not UTF-8.
mkdir -p "$tmp/ext/scripts/esc"
cat >"$tmp/ext/scripts/esc/game.lua" <<'EOF'
local game = require "grove.game"
local rank = require "grove.rank"
local MOVE = game.kinds { "win" }
return game.define {
  name = "esc",
  title = "Cats & <Dogs> \"quoted\" 'single' \1\255",
  players = { min = 2, max = 2 },
  setup = function(s) s:vars("v", { "done" }) end,
  actor = function() return 1 end,
  moves = function(s, out) if s.v.done == 0 then out:add(MOVE.win) end end,
  apply = function(s) s.v.done = 1 end,
  result = function(s) if s.v.done == 1 then return rank.result({ 1, 0 }) end end,
  describe = function() return "win" end,
}
EOF
GROVE_PATH="$tmp/ext" sim esc -n 5 --plot "$tmp/esc.svg"
expect escape "plot written to $tmp/esc.svg"
check escape-wellformed wellformed "$tmp/esc.svg"
same escape-title "Cats & <Dogs> \"quoted\" 'single' ?? (esc): 2 players, 5 games (seeds 1..5)" \
  "$(xp "$tmp/esc.svg" "string(//*[@id=\"title\"])")"

# A path that cannot be written: an error, the text results still printed,
# no file and no temporary file left.
sim logger -n 10 --plot "$tmp/no-such-folder/p.svg"
expect unwritable "grove sim: cannot write $tmp/no-such-folder/p.svg: No such file or directory"
expect unwritable "win rate (95% CI)"
expect unwritable "length in moves: mean"
expect unwritable "exit 1"
reject unwritable "plot written"
mkdir "$tmp/dir"
sim logger -n 10 --plot "$tmp/dir"
expect unwritable-dir "grove sim: cannot write $tmp/dir: it is a folder"
expect unwritable-dir "exit 1"
check unwritable-no-temp test ! -e "$tmp/dir.tmp"
check unwritable-dir-kept test -d "$tmp/dir"

# The option in the help, and without its file.
"$GROVE" sim --help >"$tmp/out" 2>&1
expect help "[--plot FILE.svg]"
sim logger -n 5 --plot
expect no-file "grove sim: --plot needs a file (FILE.svg)"
expect no-file "exit 2"

finish plot
