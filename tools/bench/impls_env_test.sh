#!/usr/bin/env bash
# `impls` under ARIASUITE_IMPL: a name that is no path is one line on stderr and exit 2 (the library
# only returns the error, see impl/dispatch_test.cc for the unsupported-path message); unset or a
# valid path, it lists the paths and exits 0.
set -u
impls="${TEST_SRCDIR}/${TEST_WORKSPACE}/tools/bench/impls"
fail=0
check() {  # check NAME WANT_RC WANT_STDERR [VAR=VALUE]
  local name="$1" want_rc="$2" want_err="$3"; shift 3
  local err rc
  err="$(env "$@" "$impls" 2>&1 >/dev/null)"; rc=$?
  if [[ "$rc" != "$want_rc" || "$err" != "$want_err" ]]; then
    echo "FAIL $name: exit $rc (want $want_rc), stderr '$err' (want '$want_err')"
    fail=1
  else
    echo "ok $name"
  fi
}
check unknown_name 2 \
  "impls: ARIASUITE_IMPL=sse9 is not a known path (scalar, aesni-avx, aesni-avx2, vaes-avx2, gfni-avx2, gfni-avx512)" \
  ARIASUITE_IMPL=sse9
check unset 0 "" -u ARIASUITE_IMPL
check scalar 0 "" ARIASUITE_IMPL=scalar
exit "$fail"
