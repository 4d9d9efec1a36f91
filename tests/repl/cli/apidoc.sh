#!/usr/bin/env bash
# The API reference docs/api.md is generated from the annotations (types/
# and stdlib/grove/) by docs/apidoc.lua: regenerate it into $tmp, fail if
# the one in the tree is stale (saying how to bring it up to date), and
# check that the generator documents every annotated function.
. "$(dirname "$0")/../lib.sh"
regenerate="$GROVE run docs/apidoc.lua types docs/api.md"

"$GROVE" run docs/apidoc.lua types "$tmp/api.md" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect generate "exit 0"
if cmp -s "$tmp/api.md" docs/api.md; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL stale: docs/api.md is not what the annotations give; regenerate it with"
  echo "    $regenerate"
  diff -u docs/api.md "$tmp/api.md" | head -20
fi

# Every annotated function has its heading: the host's (types/) and the
# stdlib modules' (function M.name).
annotated=$(( $(cat types/*.lua | grep -c '^function ') + $(cat stdlib/grove/*.lua | grep -c '^function M\.') ))
headings=$(grep -c '^### `' "$tmp/api.md")
echo "$headings headings for $annotated annotated functions" >"$tmp/out"
expect count "$annotated headings for $annotated annotated functions"

# What a reader looks for: a method with optional parameters, an overload,
# a module function, a class's fields, the contents.
cp "$tmp/api.md" "$tmp/out"
expect shape '### `Grid:reach(cell, k, [cond], [diagonal])`'
expect shape 'Also: `Pool:take([n])`'
expect shape '### `game.define(def)`'
expect shape '- `setup` (`fun(s: State, options: GameOptions)`): declare the components'
expect shape '- [Module grove.turns](#module-groveturns)'
expect shape "build/grove run docs/apidoc.lua types docs/api.md"

# A change to an annotation shows in the reference; without a stdlib beside
# the types folder, only the host API is documented.
cp -R types "$tmp/types"
printf '\n---Count the trees on the board.\n---@param kind? string which trees\n---@return integer count\nfunction Grid:trees(kind) end\n' >>"$tmp/types/grid.lua"
"$GROVE" run docs/apidoc.lua "$tmp/types" "$tmp/edited.md" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
cat "$tmp/edited.md" >>"$tmp/out"
expect edited "exit 0"
expect edited '### `Grid:trees([kind])`'
expect edited 'Count the trees on the board.'
reject edited 'Module grove.game'

# Bad command lines are refused with the usage.
"$GROVE" run docs/apidoc.lua >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect usage "usage: grove run docs/apidoc.lua TYPES_DIR OUTPUT.md"
expect usage "exit 1"
"$GROVE" run docs/apidoc.lua "$tmp/nowhere" "$tmp/x.md" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect missing "apidoc: no annotation files in $tmp/nowhere"
expect missing "exit 1"

finish apidoc
