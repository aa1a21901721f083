#!/usr/bin/env bash
# Checks series/ (and stable-6.1/) against git trees of Linux (each a repository whose first
# commit is the unpatched source, as make_series.sh expects):
#   check_series.sh [--build] TREE...
# Per tree and patch: `git am` onto the first commit (branch ariasuite-check, recreated), then
# scripts/checkpatch.pl --strict on the patch. With --build, on each tree where the whole series
# applied: defconfig + the ARIA options, `make W=1` of the objects the series touches before and
# after it (warnings compared: a new one fails; objects that do not build fail), and the selftest
# built by the selftests Makefile; the first tree builds only when the whole series applied, the
# others build what applied.
# Prints one line per check; exit 0 when every check passed, 1 otherwise (a patch that does not
# apply to a tree lacking its file is reported "does not apply", and counts as a failure only for
# the tree the series is for: the first).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build=0
[[ "${1:-}" == "--build" ]] && { build=1; shift; }
[[ $# -ge 1 ]] || { echo "usage: check_series.sh [--build] TREE..." >&2; exit 2; }
export GIT_COMMITTER_NAME=check GIT_COMMITTER_EMAIL=check@example.invalid
fail=0
first=1
all_objs="crypto/testmgr.o arch/x86/crypto/aria_gfni_avx512_glue.o arch/x86/crypto/aria_aesni_avx_glue.o"

w1() {  # w1 TREE OUTFILE: the W=1 warnings of the touched objects; false when they do not build
  local t="$1" o
  (cd "$t" && rm -f $objs) || return 1
  (cd "$t" && nice -n 10 make -j2 W=1 $objs > "$2.log" 2>&1) || return 1
  for o in $objs; do
    [[ -f "$t/$o" ]] || { echo "$o was not built" >> "$2.log"; return 1; }
  done
  { grep -E 'warning:' "$2.log" || true; } | sed -E 's/:[0-9]+:[0-9]+:/:/' | sort > "$2"
}

for tree in "$@"; do
  ver=$(make -s -C "$tree" kernelversion 2>/dev/null)
  root=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
  git -C "$tree" am --abort >/dev/null 2>&1
  git -C "$tree" checkout -q -f -B ariasuite-check "$root"
  all=1
  for dir in series stable-6.1; do
    [[ -d "$here/$dir" ]] || continue
    [[ "$dir" == stable-6.1 && "$ver" != 6.1.* ]] && continue
    for p in "$here/$dir"/0*.patch; do
      n=$(basename "$p")
      [[ "$n" == 0000-* ]] && continue
      if git -C "$tree" am -q "$p" >/dev/null 2>&1; then
        echo "PASS $ver $dir/$n: git am applies"
      else
        git -C "$tree" am --abort >/dev/null 2>&1
        echo "$([[ $first == 1 ]] && echo FAIL || echo NOTE) $ver $dir/$n: git am does not apply"
        [[ $first == 1 ]] && fail=1
        all=0
      fi
      if out=$(cd "$tree" && perl scripts/checkpatch.pl --strict -q "$p" 2>&1); then
        echo "PASS $ver $dir/$n: checkpatch --strict clean"
      else
        echo "FAIL $ver $dir/$n: checkpatch --strict: $(echo "$out" | grep -m1 -E 'ERROR|WARNING|CHECK')"
        fail=1
      fi
    done
  done
  # The series' own tree builds only when all of it applied; another tree builds what applied.
  if [[ $build == 1 && ($all == 1 || $first == 0) ]]; then
    objs=""  # the touched objects this tree has
    for o in $all_objs; do [[ -f "$tree/${o%.o}.c" ]] && objs+="${objs:+ }$o"; done
    head=$(git -C "$tree" rev-parse HEAD)
    git -C "$tree" checkout -q "$root"
    if [[ ! -f "$tree/.config" ]]; then
      rm -f "$tree"/.w1-*
      (cd "$tree" && make -s defconfig >/dev/null && ./scripts/config -m CRYPTO_ARIA \
        -m CRYPTO_ARIA_AESNI_AVX_X86_64 -m CRYPTO_ARIA_AESNI_AVX2_X86_64 \
        -m CRYPTO_ARIA_GFNI_AVX512_X86_64 -e CRYPTO_GCM -e CRYPTO_CTR && make -s olddefconfig)
    fi
    built=1
    w1 "$tree" "$tree/.w1-before" || built=0
    git -C "$tree" checkout -q "$head"
    [[ $built == 1 ]] && { w1 "$tree" "$tree/.w1-after" || built=0; }
    new=$(comm -13 "$tree/.w1-before" "$tree/.w1-after" 2>/dev/null)
    if [[ $built == 0 ]]; then
      echo "FAIL $ver: make W=1 $objs did not build: $(grep -m1 -E 'Error|error' "$tree"/.w1-*.log)"
      fail=1
    elif [[ -z "$new" ]]; then
      echo "PASS $ver: make W=1 $objs: no new warnings ($(wc -l < "$tree/.w1-after") before and after)"
    else
      echo "FAIL $ver: make W=1: new warnings: $new"
      fail=1
    fi
    if [[ ! -f "$tree/tools/testing/selftests/net/tls_aria.c" ]]; then
      echo "NOTE $ver: no selftest to build (patch 1 did not apply)"
    elif (cd "$tree" && nice -n 10 make -s headers >/dev/null 2>&1 &&
        nice -n 10 make -s -C tools/testing/selftests/net tls_aria > "$tree/.selftest.log" 2>&1); then
      echo "PASS $ver: make -C tools/testing/selftests/net tls_aria builds"
    else
      echo "FAIL $ver: the selftest does not build: $(grep -m1 -E 'error' "$tree/.selftest.log")"
      fail=1
    fi
  fi
  first=0
done
exit $fail
