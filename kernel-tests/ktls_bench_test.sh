#!/usr/bin/env bash
# //kernel-tests:ktls_bench_test: the kTLS throughput program's userspace half on the host (the
# kTLS half needs the guest: vm_test runs it there): the three OpenSSL TLS 1.2 PSK measurements
# print their BENCH lines and pass; a byte the sender changes (ARIASUITE_BENCH_PLANT=flip) fails
# each of them with the offset, exit 1; a bad argument is the usage, exit 2.
set -u
prog="$1"
fails=0
check() {  # what, wanted exit status, actual exit status
  if [[ "$2" != "$3" ]]; then
    echo "FAIL: $1: exit $3, wanted $2" >&2
    fails=$((fails + 1))
  fi
}
out=$("$prog" --userspace-only --bytes 300000)
check "three userspace measurements" 0 $?
[[ $(grep -c '^# BENCH cipher=.* stack=userspace driver=openssl-.* bytes=300000 ns=[1-9]' <<<"$out") == 3 ]] ||
  { echo "FAIL: wanted 3 BENCH lines in:"$'\n'"$out" >&2; fails=$((fails + 1)); }
out=$(ARIASUITE_BENCH_PLANT=flip "$prog" --userspace-only --bytes 300000)
check "the planted byte" 1 $?
[[ $(grep -c '^# .*: received byte 150000 differs from the byte sent$' <<<"$out") == 3 ]] ||
  { echo "FAIL: the planted byte not reported by all three:"$'\n'"$out" >&2; fails=$((fails + 1)); }
grep -q '^# BENCH' <<<"$out" && { echo "FAIL: a failed measurement printed figures" >&2; fails=$((fails + 1)); }
err=$("$prog" --bytes 0 2>&1 >/dev/null)
check "--bytes 0" 2 $?
grep -q '^ktls_bench: --bytes needs a count > 0$' <<<"$err" || { echo "FAIL: $err" >&2; fails=$((fails + 1)); }
"$prog" --frobnicate >/dev/null 2>&1
check "an unknown argument" 2 $?
[[ $fails == 0 ]] && echo "PASS: ktls_bench on the host"
exit $((fails > 0))
