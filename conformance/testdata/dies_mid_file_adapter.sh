#!/bin/bash
# An exec adapter that answers its first requests through a real adapter (the first argument,
# e.g. oracles/adapters/openssl_adapter) and then dies, mid-file, for the gate's tests.
# Usage: dies_mid_file_adapter.sh ADAPTER [REQUESTS_BEFORE_DYING, default 4]
coproc REAL { "$1"; }
left=$(( ${2:-4} + 1 ))  # the hello line, then the requests
while IFS= read -r line; do
  [[ $left -gt 0 ]] || exit 1
  left=$((left - 1))
  echo "$line" >&"${REAL[1]}"
  IFS= read -r answer <&"${REAL[0]}" || exit 1
  echo "$answer"
done
