#!/bin/bash
# An exec adapter that answers through a real adapter (the first argument, e.g.
# oracles/adapters/openssl_adapter) but accepts two requests the standards forbid: a KW or KWP
# wrap of an empty key (SP 800-38F §6.2, §6.3) and a GCM seal with a 5-byte tag
# (SP 800-38D §5.2.1.2). For the runner's refusal checks in the forward direction.
# Usage: lax_limits_adapter.sh ADAPTER
coproc REAL { "$1"; }
while IFS= read -r line; do
  case "$line" in
    kw-wrap\ *\ in=\ * | kwp-wrap\ *\ in=\ *) echo "ok out=a6a6a6a6a6a6a6a6 tag=" ;;
    gcm-seal\ *\ taglen=5) echo "ok out= tag=0102030405" ;;
    *)
      echo "$line" >&"${REAL[1]}"
      IFS= read -r answer <&"${REAL[0]}" || exit 1
      echo "$answer"
      ;;
  esac
done
