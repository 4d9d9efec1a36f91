#!/usr/bin/env bash
# Pictures: `picture FILE.svg` at the REPL, `grove show`, and the replay
# page `grove replay FILE --html OUT.html`. The SVG is well-formed XML
# (xmllint); a seat's picture holds its own hand's faces and only the backs
# of another's; the same position draws the same bytes; bad arguments are
# refused with a reason and write nothing; the replay page holds every
# position, needs no network, and names a move that no longer plays; the
# last move is marked, in a REPL picture and in a save's.
# What leaves grove from a hostile game (tests/fixtures/scripts/inject:
# markup, script end tags, quotes and bytes that are not UTF-8 in every
# text): pictures stay well-formed with the texts escaped, a colour that
# is no colour is refused naming its look field, the status line cut in
# bytes ends at a character, the replay page carries a strict policy and
# data that cannot end its block, and sim's records and merge --json are
# valid UTF-8 (a lone surrogate escape included).
. "$(dirname "$0")/lib.sh"

if ! command -v xmllint >/dev/null; then
  echo "FAIL picture: xmllint not found (install libxml2-utils, as setup.sh does)"
  exit 1
fi
check() {
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $*"; fi
}
wellformed() { xmllint --noout "$1" 2>"$tmp/xmllint.err" || { head -3 "$tmp/xmllint.err"; return 1; }; }
# the card faces a zone of an SVG shows
faces() { xmllint --xpath "count(//*[@data-component='$2']//*[@class='card'])" "$1" 2>/dev/null; }
backs() { xmllint --xpath "count(//*[@data-component='$2']//*[@class='back'])" "$1" 2>/dev/null; }

# ---- the REPL's picture command ------------------------------------------------
printf 'place a1\npicture %s\npicture\npicture %s/no/such/dir/x.svg\n' "$tmp/r.svg" "$tmp" |
  "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
expect repl "wrote $tmp/r.svg: after move 1, as seat 2 sees it"
expect repl "usage: picture FILE.svg"
expect repl "error: cannot write $tmp/no/such/dir/x.svg"
check repl-xml wellformed "$tmp/r.svg"
check repl-logger grep -q '<title>logger of seat 1</title>' "$tmp/r.svg"
# the last move marked: its square, and a line naming it
check repl-last-mark grep -q 'data-place="a1" data-changed="last"' "$tmp/r.svg"
check repl-last-line grep -q 'last move (1), seat 1: place a1' "$tmp/r.svg"

# ---- grove show -----------------------------------------------------------------
"$GROVE" show onceupon --players 2 --seed 4 --viewer 1 -o "$tmp/s1.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show "exit 0"
check show-xml wellformed "$tmp/s1.svg"
"$GROVE" show onceupon --players 2 --seed 4 --viewer 1 >"$tmp/s1b.svg"
check show-same cmp -s "$tmp/s1.svg" "$tmp/s1b.svg"
# onceupon's hands are drawn in the first round: play the first draws, save, show the save
printf 'draw 1\ndraw 2\ndraw 3\nsave %s\n' "$tmp/o.sav" | "$GROVE" play onceupon --players 2 --seed 4 >/dev/null 2>&1
"$GROVE" show "$tmp/o.sav" --viewer 1 -o "$tmp/v1.svg" >"$tmp/out" 2>&1
"$GROVE" show "$tmp/o.sav" --viewer 2 -o "$tmp/v2.svg" >>"$tmp/out" 2>&1
"$GROVE" show "$tmp/o.sav" -o "$tmp/v0.svg" >>"$tmp/out" 2>&1
check save-xml wellformed "$tmp/v1.svg"
check own-faces test "$(faces "$tmp/v1.svg" hand1)" = 3
check other-backs test "$(faces "$tmp/v2.svg" hand1)" = 0
check other-backs-shown test "$(backs "$tmp/v2.svg" hand1)" = 3
check onlooker test "$(faces "$tmp/v0.svg" hand1)" = 0
check piles-face-down test "$(faces "$tmp/v1.svg" pile1)" = 0
check status grep -q 'after move 3' "$tmp/v1.svg"
# the save's last move (seat 1's third draw) marked: the card it drew in
# seat 1's hand, a back come in for the others; a line naming it
check save-last-line grep -q 'last move (3), seat 1: draw 3' "$tmp/v1.svg"
check save-last-card test "$(xmllint --xpath "count(//*[@data-component='hand1']//*[@class='card'][@data-changed='last'])" "$tmp/v1.svg" 2>/dev/null)" = 1
check save-last-back test "$(xmllint --xpath "count(//*[@data-component='hand1']//*[@class='back'][@data-changed='last'])" "$tmp/v2.svg" 2>/dev/null)" = 1
"$GROVE" show onceupon --players 2 --seed 4 --viewer 1 -o "$tmp/s0.svg" >/dev/null 2>&1
check new-game-unmarked test "$(grep -c 'data-changed' "$tmp/s0.svg")" = 0

"$GROVE" show nosuch >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-nogame "no game 'nosuch'"
expect show-nogame "exit 2"
"$GROVE" show logger --viewer 3 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-viewer "grove show: --viewer 3: the game has 2 seats"
expect show-viewer "exit 2"
"$GROVE" show logger --viewer x >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-viewer "grove show: --viewer needs a seat (0: an onlooker)"
"$GROVE" show logger --set nosuch=1 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-set "grove show: logger has no option 'nosuch'"
"$GROVE" show logger --set =1 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-set "grove: --set needs NAME=VALUE"
"$GROVE" show squirrel --players 1 --set rival_nuts=30 -o "$tmp/sq.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-set "exit 0"
check show-set-value grep -q "rival&#39;s nuts: 30" "$tmp/sq.svg"
"$GROVE" show logger -o "$tmp/no/dir/x.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-write "grove show: cannot write $tmp/no/dir/x.svg"
"$GROVE" show "$tmp/missing.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-missing "cannot open $tmp/missing.sav"
"$GROVE" show --help >"$tmp/out" 2>&1
expect show-help "usage: grove show GAME|FILE.sav"
"$GROVE" show "$tmp/o.sav" --seed 3 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect show-save-opts "grove show: $tmp/o.sav: a save keeps its own players, seed, variants and options"
expect show-save-opts "exit 2"

# ---- the replay page ---------------------------------------------------------------
"$GROVE" replay "$tmp/o.sav" --html "$tmp/o.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html "wrote $tmp/o.html: 4 positions of onceupon"
expect html "exit 0"
check html-data grep -q '<script id="grove-data" type="application/json">{' "$tmp/o.html"
check html-no-network bash -c "! grep -qiE '(src|href)=\"?(https?:)?//' '$tmp/o.html'"
check html-no-template-left bash -c "! grep -q 'GROVE-DATA' '$tmp/o.html'"
# the data block as JSON: positions, viewers, moves
"$GROVE" run /dev/stdin "$tmp/o.html" >"$tmp/out" 2>&1 <<'LUA'
local f = io.open(arg[1]) local page = f:read("a") f:close()
local text = page:match('<script id="grove%-data" type="application/json">(.-)</script>')
local data = json.decode(text)
print(string.format("positions %d viewers %d moves %d first %s", #data.positions, #data.viewers,
  #data.moves, data.moves[1].texts["0"]))
LUA
expect html-json "positions 4 viewers 3 moves 3 first draw 1"
# what the rules said, per viewer: the drawer reads its card, the others its level
"$GROVE" run /dev/stdin "$tmp/o.html" >"$tmp/out" 2>&1 <<'LUA'
local f = io.open(arg[1]) local page = f:read("a") f:close()
local data = json.decode(page:match('<script id="grove%-data" type="application/json">(.-)</script>'))
for _, v in ipairs({ "0", "1", "2" }) do print("viewer " .. v .. ": " .. data.moves[1].say[v][1]) end
LUA
expect html-say "viewer 0: Seat 1 draws a level 1 card from pile 1."
expect html-say "viewer 1: You draw deer2 (level 1) from pile 1."
expect html-say "viewer 2: Seat 1 draws a level 1 card from pile 1."
# a save with an edit steps through the edit too
printf 'place a1\ns.board:set("b2", "tree", 3)\nplace e5\nsave %s\n' "$tmp/e.sav" | "$GROVE" play logger --seed 3 >/dev/null 2>&1
"$GROVE" replay "$tmp/e.sav" --html "$tmp/e.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-edit "wrote $tmp/e.html: 4 positions of logger"
check html-edit-text grep -q '"seat":0,"texts":{"0":"edit: s.board:set(' "$tmp/e.html"
check html-setup-say grep -q '"say":{"0":\["A seedling grows on c3."\]}' "$tmp/e.html"
# the page is written whole or not at all (outfile): a link is not followed
echo keep >"$tmp/target.html"
ln -s "$tmp/target.html" "$tmp/link.html"
"$GROVE" replay "$tmp/o.sav" --html "$tmp/link.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-link "it is a symbolic link, which grove does not replace"
expect html-link "exit 1"
check html-link-kept grep -qx keep "$tmp/target.html"
"$GROVE" sim logger -n 2 --json "$tmp/sim.json" >/dev/null 2>&1
"$GROVE" replay "$tmp/sim.json" --game 2 --html "$tmp/sim.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-sim "exit 0"
expect html-sim "positions of logger, "
# a record plays with its options (movement 3: moves of 3 squares)
"$GROVE" sim logger -n 1 --seed 5 --set movement=3 --json "$tmp/opt.json" >/dev/null 2>&1
"$GROVE" replay "$tmp/opt.json" --html "$tmp/opt.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-options "positions of logger, "
expect html-options "exit 0"
# the JSON Lines of --records (options carried in each line) make a page too
"$GROVE" sim logger -n 2 --seed 5 --set movement=3 --records "$tmp/opt.jsonl" >/dev/null 2>&1
"$GROVE" replay "$tmp/opt.jsonl" --game 2 --html "$tmp/lines.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-records "wrote $tmp/lines.html: "
expect html-records "exit 0"
"$GROVE" replay "$tmp/sim.json" --game 9 --html "$tmp/x.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-nogame "no game record 9 (the file has 2)"
sed 's/"place [a-e][1-5]"/"place z9"/' "$tmp/sim.json" >"$tmp/bad.json"
"$GROVE" replay "$tmp/bad.json" --html "$tmp/bad.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-badmove "no longer plays"
expect html-badmove "exit 1"
check html-nothing-written test ! -e "$tmp/bad.html"
"$GROVE" replay "$tmp/o.sav" --html >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect html-noarg "--html needs the page's file name"
# ---- what leaves grove from a hostile game ---------------------------------------------
utf8() { iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }
export GROVE_PATH=tests/fixtures
"$GROVE" show inject -o "$tmp/inject.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect inject-show "exit 0"
check inject-xml wellformed "$tmp/inject.svg"
check inject-utf8 utf8 "$tmp/inject.svg"
check inject-no-script bash -c "! grep -q '<script' '$tmp/inject.svg'"
check inject-title-escaped grep -qF "&lt;script&gt;window.pwned=&#39;title&#39;&lt;/script&gt; $(printf '\357\277\275')" "$tmp/inject.svg"
# a seat colour that closes its attribute: refused when the variant loads, naming the field
"$GROVE" show inject --variant badcolor -o "$tmp/bad.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect badcolor-show "a variant of 'inject': look.seats[1] is '#000\"/><image href=\"x\" onerror="
expect badcolor-show "not a colour (give #rgb, #rrggbb, rgb(r, g, b) or a CSS colour name"
expect badcolor-show "exit 1"
check badcolor-nothing-written test ! -e "$tmp/bad.svg"
"$GROVE" check inject --variant badcolor -n 1 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect badcolor-check "grove check: badcolor: scripts/inject/badcolor.lua: a variant of 'inject': "
expect badcolor-check "look.seats[1] is '#000"
# the end of the game: the result's 120th byte is the first of an é
printf '1\n1\nsave %s\n' "$tmp/inject.sav" | "$GROVE" play inject --seed 1 >/dev/null 2>&1
"$GROVE" show "$tmp/inject.sav" -o "$tmp/end.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect inject-end "exit 0"
check end-xml wellformed "$tmp/end.svg"
check end-label-escaped grep -qF "<title>&lt;script&gt;window.pwned=&#39;label&#39;&lt;/script&gt; $(printf '\357\277\275') of seat 1</title>" "$tmp/end.svg"
check end-cut-whole bash -c "LC_ALL=C grep -q 'after move 3: seat 1 wins &lt;script&gt;window.pwned=&#39;result&#39;&lt;/script&gt; *</text>' '$tmp/end.svg'"
# the replay page: valid UTF-8, a strict policy, no markup from strings, data that cannot end its block
"$GROVE" replay "$tmp/inject.sav" --html "$tmp/inject.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect inject-html "wrote $tmp/inject.html: 4 positions of inject"
check html-utf8 utf8 "$tmp/inject.html"
check html-csp grep -qE "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]{43}='; style-src 'sha256-[A-Za-z0-9+/]{43}='; base-uri 'none'; form-action 'none'\">" "$tmp/inject.html"
check html-no-innerhtml bash -c "! grep -q innerHTML '$tmp/inject.html'"
sed -n 's/.*<script id="grove-data" type="application\/json">\(.*\)<\/script>.*/\1/p' "$tmp/inject.html" >"$tmp/data.json"
check html-data-found test -s "$tmp/data.json"
check html-data-no-tags bash -c "! grep -q '[<>]' '$tmp/data.json'"
check html-data-escaped grep -qF 'mark a1 \u003c/script\u003e\u003cscript\u003ewindow.pwned' "$tmp/data.json"
# sim's records and merge --json: valid UTF-8; the records still replay
"$GROVE" sim inject -n 2 --json "$tmp/inject.json" >/dev/null 2>&1
check sim-json-utf8 utf8 "$tmp/inject.json"
"$GROVE" replay "$tmp/inject.json" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect sim-json-replays "2 of 2 records replay"
"$GROVE" sim inject -n 2 --records "$tmp/inject.jsonl" >/dev/null 2>&1
check sim-records-utf8 utf8 "$tmp/inject.jsonl"
# a lone surrogate escape and a stray byte in a move text of a records file
sed -e '1s/"mark b1 [^"]*"/"mark b1 \\udc00 \\ud800"/' -e "2s/\"mark b1 [^\"]*\"/\"mark b1 $(printf '\377')\"/" \
  "$tmp/inject.jsonl" >"$tmp/hand.jsonl"
check records-edited grep -q 'udc00' "$tmp/hand.jsonl"
"$GROVE" merge "$tmp/hand.jsonl" --json "$tmp/merged.json" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect merge-hostile "exit 0"
check merge-utf8 utf8 "$tmp/merged.json"
unset GROVE_PATH

finish picture
