#!/usr/bin/env bash
# The command-line contract of a C++ main built on tools/cli/app.h, checked on the built program:
#   --help            the generated help (naming PROGRAM) on stdout, nothing on stderr, exit 0;
#   --no-such-flag    one stderr line "PROGRAM: unknown argument '--no-such-flag' (usage: ...)",
#                     nothing on stdout, exit STATUS (the program's usage status);
#   each CASE         "STATUS|STDERR_START|ARG ARG...": the program run with the ARGs (split on
#                     spaces; none after the last '|' for no argument) exits STATUS with one stderr
#                     line starting STDERR_START and nothing on stdout.
# Usage (an sh_test's args): main_cli_test.sh BINARY PROGRAM STATUS [CASE]...
# (Bazel splits args on spaces: quote each CASE again, "'2|bench: ...|--quick --json'".) Each run
# has 60 s: a program that ignores its arguments and starts working fails here, not at the timeout.
set -u
[[ $# -ge 3 ]] || { echo "usage: main_cli_test.sh BINARY PROGRAM STATUS [CASE]..." >&2; exit 2; }
bin="$1" program="$2" status="$3"
shift 3
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/main_cli_test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
fail=0

# run WANT_RC ARG...: runs the program into $tmp/out and $tmp/err; 1 (and a FAIL line) on a
# different exit status.
run() {
  local want_rc="$1" rc
  shift
  timeout 60 "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  if [[ "$rc" != "$want_rc" ]]; then
    echo "FAIL $program $*: exit $rc (want $want_rc); stderr: $(head -c 500 "$tmp/err")"
    return 1
  fi
}

# one_error_line NAME STDERR_START: stderr is one line starting STDERR_START, stdout is empty.
one_error_line() {
  local name="$1" start="$2" lines
  lines="$(wc -l <"$tmp/err")"
  if [[ "$lines" != 1 || "$(head -c ${#start} "$tmp/err")" != "$start" ]]; then
    echo "FAIL $name: stderr is not one line starting '$start':"
    cat "$tmp/err"
    return 1
  fi
  if [[ -s "$tmp/out" ]]; then
    echo "FAIL $name: stdout is not empty:"
    head -5 "$tmp/out"
    return 1
  fi
  echo "ok $name"
}

if run 0 --help; then
  if [[ -s "$tmp/err" ]] || ! grep -q "^Usage: $program" "$tmp/out"; then
    echo "FAIL --help: want 'Usage: $program' on stdout and nothing on stderr; stdout:"
    head -5 "$tmp/out"
    echo "stderr:"
    head -5 "$tmp/err"
    fail=1
  else
    echo "ok --help"
  fi
else
  fail=1
fi

run "$status" --no-such-flag &&
  one_error_line "unknown flag" "$program: unknown argument '--no-such-flag' (usage: $program " ||
  fail=1

for case in "$@"; do
  IFS='|' read -r want_rc start args <<<"$case"
  read -r -a argv <<<"$args"
  run "$want_rc" "${argv[@]}" && one_error_line "'$args'" "$start" || fail=1
done
exit "$fail"
