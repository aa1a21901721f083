#!/usr/bin/env bash
# pipe_probe: on a CPU with AVX-512 and GFNI, the core-clock line, one row per instruction, each
# with a positive throughput, pairing time and latency, and the line of the GF2P8AFFINE and logic
# mix with a positive time (a probe that timed nothing prints zeros; the figures themselves move with
# the machine's load, so no value is asserted); without those features, one SKIP line and exit 3.
set -u
probe="${TEST_SRCDIR}/${TEST_WORKSPACE}/tools/bench/pipe_probe"
out="$("$probe" 2>&1)"; rc=$?
if [[ "$rc" == 3 ]]; then
  [[ "$out" == "SKIP: "* && "$(wc -l <<<"$out")" == 1 ]] || { echo "FAIL: exit 3 without one SKIP line: $out"; exit 1; }
  echo "$out"
  exit 0
fi
[[ "$rc" == 0 ]] || { echo "FAIL: exit $rc: $out"; exit 1; }
echo "$out"
grep -Eq '^core cycles per TSC tick: [0-9]+\.[0-9]+' <<<"$out" || { echo "FAIL: no core-clock line"; exit 1; }
rows="$(grep -E '^v[a-z0-9_]+ +[0-9]' <<<"$out")"
n="$(wc -l <<<"$rows")"
[[ "$n" -ge 18 ]] || { echo "FAIL: $n instruction rows (want 18, or 19 with VPCLMULQDQ)"; exit 1; }
if awk '{ if (!($2 > 0 && $3 > 0 && $4 > 0)) bad = 1 } END { exit bad ? 0 : 1 }' <<<"$rows"; then
  echo "FAIL: a row with a figure that is not positive"; exit 1
fi
grep -Eq '^12 vgf2p8affineqb \+ 24 vpternlogd: [0-9]*[1-9][0-9]*\.[0-9] cycles|^12 vgf2p8affineqb \+ 24 vpternlogd: 0\.[1-9]' <<<"$out" ||
  { echo "FAIL: no mix line with a positive time"; exit 1; }
echo "ok: $n rows and the mix line"
