#!/usr/bin/env bash
# //fuzz:gcm_layer_boringssl_plant_test: the fuzz target's answers from the BoringSSL adapter are
# compared on every input. The real adapter over the committed corpus gives no finding; the same
# adapter with one tag byte changed in each answer (testdata/tag_flipping_adapter.sh) must be
# reported, on the first input that seals, as a third-party finding against BoringSSL (the other
# libraries agree with ours), with a reproducer written.
set -u
fail() { echo "FAIL: $*"; exit 1; }
fuzzer="fuzz/gcm_layer_boringssl_fuzzer"
adapter="$PWD/oracles/boringssl_adapter"
corpus="fuzz/corpus/gcm_layer_boringssl"
[[ -x "$fuzzer" && -x "$adapter" && -d "$corpus" ]] || fail "missing $fuzzer, $adapter or $corpus"

export ARIASUITE_FUZZ_FINDINGS_DIR="$TEST_TMPDIR/clean"
mkdir -p "$ARIASUITE_FUZZ_FINDINGS_DIR"
out="$(ARIASUITE_BORINGSSL_ADAPTER="$adapter" "$fuzzer" "$corpus" 2>&1)" || fail "clean run: $out"
[[ "$out" != *ARIA_* ]] || fail "the real adapter gave a finding: $(grep ARIA_ <<<"$out" | head -3)"
n="$(grep -c '^fuzz: running ' <<<"$out")"
[[ "$n" -ge 10 ]] || fail "clean run: only $n inputs ran"
echo "clean: $n inputs, no finding"

export ARIASUITE_FUZZ_FINDINGS_DIR="$TEST_TMPDIR/planted"
mkdir -p "$ARIASUITE_FUZZ_FINDINGS_DIR"
out="$(REAL_BORINGSSL_ADAPTER="$adapter" \
  ARIASUITE_BORINGSSL_ADAPTER="$PWD/fuzz/testdata/tag_flipping_adapter.sh" "$fuzzer" "$corpus" 2>&1)"
rc=$?
[[ $rc -eq 0 ]] || fail "planted run: exit $rc (a third-party finding must not stop it): $(tail -3 <<<"$out")"
grep -q '^ARIA_THIRD_PARTY aes-gcm-seal boringssl vs ' <<<"$out" ||
  fail "the flipped tag was not reported: $(grep -m3 ARIA_ <<<"$out")"
if grep -q '^ARIA_MISMATCH' <<<"$out"; then fail "blamed ours: $(grep -m1 ARIA_MISMATCH <<<"$out")"; fi
ls "$ARIASUITE_FUZZ_FINDINGS_DIR"/* >/dev/null 2>&1 || fail "no reproducer in $ARIASUITE_FUZZ_FINDINGS_DIR"
echo "planted: $(grep -m1 '^ARIA_THIRD_PARTY' <<<"$out")"
echo "PASS"
