#!/usr/bin/env bash
# What a records file may hold, for grove merge and grove sim --resume: a
# regular file (a pipe or a device is refused at once, naming the file,
# not read for ever), lines of bounded length, finite scores, ranks of the
# study's players, counts no larger than the moves a game tried; each
# refusal names the file and the line. A hundred thousand card names are
# counted in a bounded amount of work, and a file that mixes two studies
# is refused at the line where the second begins.
. "$(dirname "$0")/../lib.sh"

# merge FILES...: grove merge with --json, into $tmp/out with its exit status
merge() {
  rm -f "$tmp/m.json"
  "$GROVE" merge "$@" --json "$tmp/m.json" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
}
# edited NAME SED: base.jsonl with its first line changed by SED, as NAME
edited() { sed "1s/$2/" "$tmp/base.jsonl" >"$tmp/$1"; }

"$GROVE" sim logger -n 4 --seed 2 --records "$tmp/base.jsonl" >/dev/null 2>&1
merge "$tmp/base.jsonl"
expect base "exit 0"

# a pipe: refused at once (before, merge waited for a writer for ever)
mkfifo "$tmp/fifo.jsonl"
timeout 20 "$GROVE" merge "$tmp/fifo.jsonl" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect fifo "grove merge: cannot read $tmp/fifo.jsonl: it is not a regular file (a pipe or a device), which records never are"
expect fifo "exit 1"
timeout 20 "$GROVE" merge "$tmp/base.jsonl" "$tmp/fifo.jsonl" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect fifo-second "cannot read $tmp/fifo.jsonl: it is not a regular file"
expect fifo-second "exit 1"

# a link to /dev/zero: refused, naming the file (before, merge read 2 GB of
# zeros, then took running out of memory for the end of the file)
ln -s /dev/zero "$tmp/zero.jsonl"
timeout 60 "$GROVE" merge "$tmp/zero.jsonl" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect zero "grove merge: cannot read $tmp/zero.jsonl: it is not a regular file (a pipe or a device)"
expect zero "exit 1"
mkdir "$tmp/folder.jsonl"
merge "$tmp/folder.jsonl"
expect folder "cannot read $tmp/folder.jsonl: it is a folder"

# a line longer than any record (a file of 65 MiB of zeros with no
# newline, which takes no room on the disk): refused, naming the line
cp "$tmp/base.jsonl" "$tmp/long.jsonl"
truncate -s +65M "$tmp/long.jsonl"
merge "$tmp/long.jsonl"
expect long "grove merge: $tmp/long.jsonl line 5 is longer than 64 MiB, which no record of grove sim is"
expect long "exit 1"
# a NUL byte inside a line: not text (before, the record read up to it)
{ head -n 1 "$tmp/base.jsonl"; printf '{"study": 1}\0 and more\n'; } >"$tmp/nul.jsonl"
merge "$tmp/nul.jsonl"
expect nul "grove merge: $tmp/nul.jsonl line 2 holds a NUL byte: it is not a line of text"

# a score beyond a double: refused where it is read (before, it became
# inf: the summary printed it and --json wrote a file that is not JSON)
edited huge.jsonl '"scores": \[[^]]*\]/"scores": [1e999, 3]'
merge "$tmp/huge.jsonl"
expect inf "grove merge: $tmp/huge.jsonl line 1 is not a record of grove sim: a number beyond the range of a double (about 1.8e308) at column"
expect inf "exit 1"
reject inf "inf"
[ -e "$tmp/m.json" ] && { fail=$((fail + 1)); echo "FAIL inf: merge wrote --json"; } || pass=$((pass + 1))

# an escaped surrogate pair is one character, a lone half U+FFFD (before,
# merge's reader made six U+FFFD of the pair and three bytes of the half)
edited pair.jsonl '"moves": \["place e5"/"moves": ["place \\ud83d\\ude00 \\udc00"'
merge "$tmp/pair.jsonl"
grep -o '"moves": \["[^"]*"' "$tmp/m.json" | head -n 1 >>"$tmp/out"
expect pair '"moves": ["place 😀 '$'\xef\xbf\xbd''"'
expect pair "exit 0"

# a rank past the players (2^32 + 1, which an int took for 1: a win)
edited rank.jsonl '"ranks": \[[^]]*\]/"ranks": [4294967297, 2]'
merge "$tmp/rank.jsonl"
expect rank "grove merge: $tmp/rank.jsonl line 1: 'ranks' malformed: seat 1's is not a rank of 2 players (1 to 2)"
expect rank "exit 1"
edited rank0.jsonl '"ranks": \[[^]]*\]/"ranks": [1, 0]'
merge "$tmp/rank0.jsonl"
expect rank0 "line 1: 'ranks' malformed: seat 2's is not a rank of 2 players (1 to 2)"

# counts of moves by kind near 2^63, whose sum overflowed (UBSan)
edited kinds.jsonl '"kinds": \[\[1, "place", 2\]/"kinds": [[1, "place", 9223372036854775807], [1, "place", 9]'
merge "$tmp/kinds.jsonl"
expect kinds "grove merge: $tmp/kinds.jsonl line 1: 'kinds' counts more moves than the game's"
expect kinds "exit 1"
edited cards.jsonl '"cards": \[\]/"cards": [["acorn", 9223372036854775807], ["acorn", 1]]'
merge "$tmp/cards.jsonl"
expect cards "grove merge: $tmp/cards.jsonl line 1: 'cards' counts more plays than the game's"

# 300,000 cards of distinct names in one record: counted through an
# index, so the work grows with the names, not with their square (before,
# 100,000 took 17 s of processor time, 300,000 about nine times that).
# The limit is of processor time, which other work on the machine does
# not use up: a hundred times what it takes.
sed -n '1{s/"length": [0-9]*/"length": 300000/; s/"kinds": \[\[.*\]\], "cards": \[\]/"kinds": [[1, "m", 300000]], "cards": [@C@]/
         s/"moves": \[[^]]*\]/"moves": [@M@]/; p}' "$tmp/base.jsonl" | awk -v n=300000 '{
  c = index($0, "@C@"); m = index($0, "@M@")
  printf "%s", substr($0, 1, c - 1)
  for (k = 0; k < n; k++) printf "%s[\"c%06d\", 1]", (k ? ", " : ""), k
  printf "%s", substr($0, c + 3, m - c - 3)
  for (k = 0; k < n; k++) printf "%s\"m\"", (k ? ", " : "")
  print substr($0, m + 3)
}' >"$tmp/cards300k.jsonl"
tail -n +2 "$tmp/base.jsonl" >>"$tmp/cards300k.jsonl"
(ulimit -t 60; "$GROVE" merge "$tmp/cards300k.jsonl" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out")
expect cards300k "cards played (300000):"
expect cards300k "c299999 0.0%"
expect cards300k "exit 0"

# a file that mixes two studies: --resume names the line where the other begins
"$GROVE" sim logger -n 4 --seed 3 --records "$tmp/other.jsonl" >/dev/null 2>&1
{ head -n 2 "$tmp/base.jsonl"; tail -n 1 "$tmp/other.jsonl"; } >"$tmp/mixed.jsonl"
"$GROVE" sim logger -n 4 --seed 2 --records "$tmp/mixed.jsonl" --resume >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect mixed "grove sim: $tmp/mixed.jsonl holds the records of another study (first seed (--seed) 3 in $tmp/mixed.jsonl line 3, 2 in this command); name another file"
expect mixed "exit 1"
merge "$tmp/mixed.jsonl"
expect mixed-merge "grove merge: $tmp/mixed.jsonl line 3 is of another study: first seed (--seed) 2 in $tmp/mixed.jsonl, 3 in $tmp/mixed.jsonl"
# --resume refuses a pipe too, and reads a records file through the same bounds
"$GROVE" sim logger -n 4 --seed 2 --records "$tmp/fifo.jsonl" --resume >"$tmp/out" 2>&1
expect resume-fifo "cannot write $tmp/fifo.jsonl: it is not a regular file"
cp "$tmp/rank.jsonl" "$tmp/resume-rank.jsonl"
"$GROVE" sim logger -n 4 --seed 2 --records "$tmp/resume-rank.jsonl" --resume >"$tmp/out" 2>&1
expect resume-rank "grove sim: $tmp/resume-rank.jsonl line 1: 'ranks' malformed: seat 1's is not a rank of 2 players"

finish merge
