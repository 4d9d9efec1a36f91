#!/usr/bin/env bash
# tests/fuzz/gen-corpus.sh [GROVE] — remake the seed corpora in
# tests/fuzz/corpus/ from real games: for each setup below, a random-bot
# game recorded by `grove sim --json` (a records seed; its moves make the
# moves and repl seeds, with gen-corpus.lua), and a save file written by
# `grove play ... save` half way through that game (a save seed, and a
# records seed too: grove replay reads both). Then moves.dict, the words of
# every move text. Deterministic: the same grove and rules give the same
# files. GROVE defaults to build/grove.
#
# Run it after a rule change that makes the old seeds stop replaying, then
# `tests/fuzz/replay.sh BUILD` to check them.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
grove=$(realpath "${1:-$root/build/grove}")
corpus="$root/tests/fuzz/corpus"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in moves repl save records merge; do
  mkdir -p "$corpus/$t"
  find "$corpus/$t" -type f -delete
done

# game players variants seed ('-': no variants)
setups="logger 2 - 1
logger 3 - 2
logger 4 - 1
onceupon 1 - 1
onceupon 2 - 1
onceupon 3 semi-coop 1
onceupon 4 - 2
flooded 3 - 1
flooded 4 - 1
squirrel 1 - 1
squirrel 2 - 1
squirrel 5 - 2
starfall 2 - 1
starfall 3 scaredy-snake 1
starfall 4 scaredy-snake,star-fluke 1"

echo "$setups" | while read -r game players variants seed; do
  name="$game-p$players-s$seed"
  vopt=()
  if [ "$variants" != - ]; then name="$game-p$players-${variants//,/+}-s$seed"; vopt=(--variant "$variants"); fi
  "$grove" sim "$game" -n 1 --players "$players" "${vopt[@]}" --seed "$seed" --bots random \
      --json "$tmp/$name.json" >/dev/null
  cp "$tmp/$name.json" "$corpus/records/$name.json"
  (cd "$tmp" && "$grove" run "$root/tests/fuzz/gen-corpus.lua" "$name.json" "$name" "$corpus" "$name.session")
  (cd "$tmp" && "$grove" play "$game" --players "$players" "${vopt[@]}" --seed "$seed" \
      <"$name.session" >"$name.transcript")
  if [ ! -f "$tmp/$name.sav" ]; then
    echo "gen-corpus: no save file from the $name session:" >&2
    tail -n 5 "$tmp/$name.transcript" >&2
    exit 1
  fi
  cp "$tmp/$name.sav" "$corpus/records/$name.sav"
  # save inputs: byte 0 = make the checksum right, keep the game
  { printf '\000'; cat "$tmp/$name.sav"; } >"$corpus/save/$name"
done

# a few more of each kind
"$grove" sim logger -n 3 --players 2 --seed 11 --bots random --json "$corpus/records/logger-3games.json" >/dev/null
"$grove" sim starfall -n 1 --players 2 --seed 5 --bots random --cap 30 --json "$corpus/records/starfall-capped.json" >/dev/null
printf '[]\n' >"$corpus/records/empty.json"
printf '{"game": "logger", "players": 2, "seed": 1, "moves": ["place a1", "place z9"]}\n' >"$corpus/records/bad-move.json"
# save inputs as they are (byte 1: checksum kept), and others' moves tried on every game (bits 1-3)
{ printf '\001'; cat "$corpus/records/logger-p2-s1.sav"; } >"$corpus/save/logger-p2-s1-raw"
{ printf '\001'; sed 's/^move place a1$/move place a2/' "$corpus/records/logger-p2-s1.sav"; } >"$corpus/save/logger-p2-s1-edited"
for k in 1 2 3 4 5; do
  { printf "\\$(printf %03o $((k * 2)))"; cat "$corpus/records/starfall-p2-s1.sav"; } >"$corpus/save/starfall-p2-s1-as-game$k"
done

# merge inputs: records files of grove sim --records, whole studies (they
# merge), a shard of one (games missing), a --compare study (A and B), a
# run with a cap and card counts, and a last line cut short
m="$corpus/merge"
"$grove" sim logger -n 3 --seed 4 --records "$m/logger-whole.jsonl" >/dev/null
"$grove" sim logger -n 4 --seed 4 --records "$m/logger-shard1of2.jsonl" --shard 1/2 >/dev/null
"$grove" sim starfall -n 2 --seed 2 --records "$m/starfall-compare.jsonl" --compare - scaredy-snake >/dev/null
"$grove" sim onceupon -n 2 --players 2 --seed 3 --cap 20 --records "$m/onceupon-capped.jsonl" >/dev/null
"$grove" sim squirrel -n 2 --seed 1 --set days=1 --records "$m/squirrel-option.jsonl" >/dev/null
head -c 700 "$m/logger-whole.jsonl" >"$m/logger-cut.jsonl"

# moves.dict: every word of every move text, for libFuzzer's -dict
"$grove" run /dev/stdin "$corpus/records" "$root/tests/fuzz/moves.dict" <<'EOF'
local dir, out = arg[1], arg[2]
local words, list = {}, {}
local p = io.popen('ls "' .. dir .. '"/*.json')
for path in p:lines() do
  local f = io.open(path)
  for _, rec in ipairs(json.decode(f:read("a"))) do
    for _, text in ipairs(rec.moves) do
      for w in text:gmatch("%S+") do
        if not words[w] then words[w] = true; list[#list + 1] = w end
      end
    end
  end
  f:close()
end
p:close()
table.sort(list)
local f = io.open(out, "w")
f:write("# the words of the move texts in the seed records (made by gen-corpus.sh)\n")
f:write('"#undo"\n"#redo"\n"#1"\n')
for _, w in ipairs(list) do f:write(string.format("%q\n", w)) end
f:close()
EOF
for t in moves repl save records merge; do echo "gen-corpus: $t: $(ls "$corpus/$t" | wc -l) files"; done
