#!/usr/bin/env bash
# grove test --jobs: files run in processes of their own, several at a
# time, and the report is the one a single process prints (file order,
# failures under their file, the same totals and exit status); a test
# process that dies fails its file with how it died, and the others go on.
. "$(dirname "$0")/lib.sh"
t=$tmp/t
mkdir -p "$t/lib" "$t/crash"
echo 'return { answer = 42 }' >"$t/lib/helpers.lua"
cat >"$t/a_ok.lua" <<'LUA'
local H = require "helpers"
test("helpers", function() expect.eq(H.answer, 42) end)
test("sums", function() expect.eq(1 + 1, 2) end)
LUA
cat >"$t/b_fails.lua" <<'LUA'
test("wrong sum", function() expect.eq(1 + 1, 3) end)
test("right sum", function() expect.eq(2 + 2, 4) end)
LUA
echo '-- no tests here' >"$t/c_empty.lua"
echo 'test("unclosed", function() end' >"$t/d_syntax.lua"
for i in 1 2 3 4 5; do           # more files than jobs
  echo "test(\"file $i\", function() expect.eq($i * 2, $i + $i) end)" >"$t/e_many$i.lua"
done
untimed() { sed -E 's/ \([0-9.]+ s\)$//' "$1"; }

"$GROVE" test "$t" --jobs 1 -v >"$tmp/one" 2>&1; echo "exit $?" >>"$tmp/one"
"$GROVE" test "$t" --jobs 3 -v >"$tmp/three" 2>&1; echo "exit $?" >>"$tmp/three"
if diff <(untimed "$tmp/one") <(untimed "$tmp/three") >"$tmp/diff"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL same-report: --jobs 3 reports differently from --jobs 1:"; cat "$tmp/diff"; fi
cp "$tmp/three" "$tmp/out"
expect report "a_ok.lua ... 2 passed"
expect report "ok   $t/a_ok.lua: helpers"
expect report "b_fails.lua ... 1 passed, 1 FAILED"
expect report "FAIL $t/b_fails.lua: wrong sum"
expect report "expected 3, got 2"
expect report "c_empty.lua ... 0 passed"
expect report "FAIL $t/d_syntax.lua: cannot load:"
expect report "8 passed, 2 failed"
expect report "exit 1"
# in file order, as one process prints them
if [ "$(awk '$2 == "..." { n = split($1, p, "/"); printf "%s ", p[n] }' "$tmp/three")" = \
     "a_ok.lua b_fails.lua c_empty.lua d_syntax.lua e_many1.lua e_many2.lua e_many3.lua e_many4.lua e_many5.lua " ]
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL order: files out of order:"; cat "$tmp/three"; fi

# A test process that exits or is killed: its file fails, saying how.
cat >"$t/crash/a_exits.lua" <<'LUA'
test("exits", function() os.exit(5) end)
LUA
cat >"$t/crash/b_killed.lua" <<'LUA'
test("killed", function()
  local pid = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
  os.execute("kill -KILL " .. pid)
end)
LUA
echo 'test("after them", function() end)' >"$t/crash/c_ok.lua"
"$GROVE" test "$t/crash" --jobs 2 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect crash "FAIL $t/crash/a_exits.lua: its test process ended (status 5) without a report"
expect crash "FAIL $t/crash/b_killed.lua: its test process was killed by signal 9 (Killed)"
expect crash "c_ok.lua ... 1 passed"
expect crash "1 passed, 2 failed"
expect crash "exit 1"

# All passing: exit 0, whatever the number of jobs (the default: a processor each).
"$GROVE" test "$t/a_ok.lua" "$t/e_many1.lua" "$t/e_many2.lua" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect pass "4 passed, 0 failed"
expect pass "exit 0"

# Bad --jobs values.
"$GROVE" test "$t" --jobs 0 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect cli "grove test: --jobs takes how many test files run at once, 1 to 256, not '0'"
expect cli "exit 2"
"$GROVE" test "$t" -j many >"$tmp/out" 2>&1
expect cli "grove test: -j takes how many test files run at once, 1 to 256, not 'many'"
"$GROVE" test "$t" -j >"$tmp/out" 2>&1
expect cli "grove test: -j needs a value"
# A runner killed with SIGKILL takes its workers with it: none is left
# running on its own. Each slow file writes its process id, then sleeps.
mkdir -p "$t/slow"
for i in 1 2; do
  cat >"$t/slow/slow$i.lua" <<LUA
test("slow $i", function()
  local pid = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
  local f = io.open("$t/slow/pid$i", "w") f:write(pid) f:close()
  for _ = 1, 120 do os.execute("sleep 0.5") end
end)
LUA
done
"$GROVE" test "$t/slow" --jobs 2 >/dev/null 2>&1 &
runner=$!
for _ in $(seq 200); do [ -s "$t/slow/pid1" ] && [ -s "$t/slow/pid2" ] && break; sleep 0.05; done
kill -KILL "$runner"; wait "$runner" 2>/dev/null
left=""
for i in 1 2; do
  w=$(cat "$t/slow/pid$i" 2>/dev/null)
  [ -n "$w" ] || { left="$left (no pid$i)"; continue; }
  for _ in $(seq 100); do kill -0 "$w" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$w" 2>/dev/null; then left="$left $w"; kill -KILL "$w"; fi
done
if [ -z "$left" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL orphans: workers left running:$left"; fi
finish testjobs
