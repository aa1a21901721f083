#!/bin/bash
# An exec adapter that answers through a real adapter (the first argument, e.g.
# oracles/adapters/openssl_adapter) except where a pattern plants a fault, for the report tests.
# Usage: planted_adapter.sh ADAPTER PATTERN
# PATTERN is cycled over the requests after the hello line, one letter per request:
#   p  pass the request to the real adapter and its answer back
#   w  a wrong answer: `ok out=00 tag=00`
#   e  an `error planted breakage` answer (the backend broke on the case)
coproc REAL { "$1"; }
pattern=$2
IFS= read -r line || exit 1
echo "$line" >&"${REAL[1]}"
IFS= read -r answer <&"${REAL[0]}" || exit 1
echo "$answer"
n=0
while IFS= read -r line; do
  case "${pattern:$((n % ${#pattern})):1}" in
    w) echo "ok out=00 tag=00" ;;
    e) echo "error planted breakage" ;;
    *)
      echo "$line" >&"${REAL[1]}"
      IFS= read -r answer <&"${REAL[0]}" || exit 1
      echo "$answer"
      ;;
  esac
  n=$((n + 1))
done
