#!/bin/bash
# An exec adapter that answers through a real adapter (the first argument, e.g.
# conformance/ours_scalar_adapter) but, as Bouncy Castle 1.72's KW does, fails on a KW unwrap of an
# empty input: it answers that request with the second argument and a reason, `crashed` (the
# library crashed on the inputs: a finding) or `error` (the adapter is at fault: BROKE). For the
# crashed answer's tests (crashed_cli_test.cc).
# Usage: crash_on_empty_unwrap_adapter.sh ADAPTER crashed|error
coproc REAL { "$1"; }
while IFS= read -r line; do
  case "$line" in
    kw-unwrap\ *\ in=\ *) echo "$2 NegativeArraySizeException: -8" ;;
    *)
      echo "$line" >&"${REAL[1]}"
      IFS= read -r answer <&"${REAL[0]}" || exit 1
      echo "$answer"
      ;;
  esac
done
