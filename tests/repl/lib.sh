# Shared by the transcript checks in tests/repl/*.sh: source it, run the
# program into "$tmp/out", then expect / reject lines; end with `finish NAME`.
set -u
GROVE=${GROVE:-build/grove}
# Boards in plain ASCII whatever the terminal's locale (tests/repl/session/display.sh
# checks the Unicode and colour drawing on its own).
export LANG=C
unset LC_ALL LC_CTYPE
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# expect NAME PATTERN: the last transcript contains PATTERN (fixed text)
expect() {
  if grep -qF -- "$2" "$tmp/out"; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $1: transcript lacks: $2"; fi
}
# reject NAME PATTERN: the last transcript does not contain PATTERN
reject() {
  if grep -qF -- "$2" "$tmp/out"; then fail=$((fail + 1)); echo "FAIL $1: transcript has: $2"
  else pass=$((pass + 1)); fi
}
# finish NAME: print the tally and fail the script if any check failed
finish() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
