#!/usr/bin/env bash
# //kernel-tests/upstream:regressed_tree_test (manual: three kernel builds from the bisect demo's
# git tree and three TCG boots, about an hour on two shared cores): patches 1 and 2 of series/ each
# fail on the demo's regressed tree, where the tree's own tests pass (kernel-tests/vm/bisect_demo.sh:
# commit 4 makes aria-avx2's CTR copy the last byte of a partial tail block in the clear in any
# request over 1000 bytes):
#   commit 4 + patch 1 alone: the tree's tls.c selftest passes; patch 1's tls_aria fails;
#   commit 4 + patch 2 alone: the kernel's testmgr fails ctr-aria-avx2 at boot (a WARNING from
#     crypto/testmgr.c on the console fails guest.kernel_log_clean); tls.c still passes;
#   commit 3 (the last good one) + the whole series: tls.c, tls_aria and the console clean.
# Arguments: the runner (kernel-tests/vm/main.py), bisect_demo.sh, the series folder,
# junit_expect.py, a guest program (the runner needs one; ktls_bench). The demo tree is made (or
# reused) in <cache>/kernel/bisect-demo/linux-6.12, or $ARIASUITE_DEMO_TREE.
# Exit 0 when every expectation held; no linux-source deb to build the tree from: one skipped case.
set -u
runner="$1" demo="$2" series="$3" expect="$4" program="$5"
# shellcheck source=tools/lib.sh
source "$(dirname "$demo")/../../tools/lib.sh"
cache="$(ariasuite_kernel_cache)"
tree="${ARIASUITE_DEMO_TREE:-$cache/bisect-demo/linux-6.12}"
work="${TEST_TMPDIR:-$(mktemp -d)}/regressed"
mkdir -p "$work"
if ! ls "$cache"/debs/linux-source-6.12_*.deb >/dev/null 2>&1 && [[ ! -d "$tree/.git" ]]; then
  why="no linux-source-6.12 deb in $cache/debs (run tools/ariasuite kernel once) and no demo tree"
  echo "SKIP: $why"
  python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import tap
tap.write_junit([tap.Case("regressed_tree", "build", "skip", sys.argv[3])], sys.argv[2])' \
    "$(dirname "$runner")" "${XML_OUTPUT_FILE:-$work/test.xml}" "$why" || exit 1
  exit 0
fi
bash "$demo" init --dir "$tree" && bash "$demo" commits --dir "$tree" || {
  echo "regressed_tree_test: the demo tree could not be made" >&2
  exit 1
}
good=$(git -C "$tree" rev-parse HEAD~3)
bad=$(git -C "$tree" rev-parse HEAD~2)
git -C "$tree" log -1 --format=%s "$bad" | grep -q "PLANTED REGRESSION\|shorten the CTR tail" || {
  echo "regressed_tree_test: HEAD~2 of $tree is not the demo's regression" >&2
  exit 1
}
fails=0
run() {  # run NAME COMMIT PATCHES EXPECTATION...
  local name="$1" commit="$2" patches="$3"
  shift 3
  git -C "$tree" checkout -q "$commit" || exit 1
  echo "=== $name: $(git -C "$tree" log -1 --format='%h %s' "$commit") + $(basename "$patches")"
  python3 "$runner" run --no-prepare --accel tcg --kernel-tree "$tree" --patches "$patches" \
    --test "$program" --timeout-scale 4 --junit "$work/$name.xml" --workdir "$work/$name" \
    >"$work/$name.out" 2>&1
  echo "runner exit $? (log: $work/$name.out)"
  python3 "$expect" "$work/$name.xml" "$@" || fails=$((fails + 1))
}
p1=$(ls "$series"/0001-*.patch) p2=$(ls "$series"/0002-*.patch)
run regressed_patch1 "$bad" "$p1" kselftest_net_tls=pass kselftest_net_tls_aria=fail
run regressed_patch2 "$bad" "$p2" kselftest_net_tls=pass "guest.kernel_log_clean~crypto/testmgr.c"
run good_series "$good" "$series" kselftest_net_tls=pass kselftest_net_tls_aria=pass guest=pass
git -C "$tree" checkout -q master 2>/dev/null || git -C "$tree" checkout -q main 2>/dev/null
[[ $fails == 0 ]] && echo "PASS: patches 1 and 2 each fail the regressed tree; the good one passes"
exit $((fails > 0))
