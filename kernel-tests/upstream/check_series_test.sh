#!/usr/bin/env bash
# check_series.sh must fail what it gates. On a git tree of Linux 6.1 (TREE, as make_series.sh
# wants it), with copies of check_series.sh and the patches that apply there (series/ patch 2,
# stable-6.1/):
#   stock copies                          exit 0
#   a line of 110 columns added to the stable patch's code     exit 1, "FAIL ... checkpatch"
#   a context line of patch 2 changed (it no longer applies)   exit 1, "FAIL ... git am"
# Usage: check_series_test.sh TREE_6_1 (tagged manual: it needs the unpacked tree).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tree="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
setup() {
  rm -rf "$tmp/u"; mkdir -p "$tmp/u/series" "$tmp/u/stable-6.1"
  cp "$here/check_series.sh" "$tmp/u/"
  cp "$here"/series/0002-*.patch "$tmp/u/series/"
  cp "$here"/stable-6.1/*.patch "$tmp/u/stable-6.1/"
}
expect() {  # expect STATUS PATTERN
  local rc=0
  "$tmp/u/check_series.sh" "$tree" > "$tmp/out" 2>&1 || rc=$?
  if [[ $rc != "$1" ]] || ! grep -q -- "$2" "$tmp/out"; then
    echo "FAIL: wanted exit $1 and a line matching '$2', got exit $rc:"; cat "$tmp/out"; exit 1
  fi
  echo "PASS: exit $rc, $(grep -m1 -- "$2" "$tmp/out")"
}
setup
expect 0 "PASS .*stable-6.1/.*checkpatch --strict clean"
setup
long="+	    !boot_cpu_has(X86_FEATURE_AVX2) || !boot_cpu_has(X86_FEATURE_AVX2) || !boot_cpu_has(X86_FEATURE_AVX2) ||"
python3 - "$tmp"/u/stable-6.1/*.patch "$long" <<'PY'
import sys
p, line = sys.argv[1:]
s = open(p).read()
i = s.index("+\t    !boot_cpu_has(X86_FEATURE_AVX2) ||\n")
s = s[:i] + s[i:].replace("\n", "\n" + line + "\n", 1)
s = s.replace("@@ -170,6 +170,7 @@", "@@ -170,6 +170,8 @@")
open(p, "w").write(s)
PY
expect 1 "FAIL .*stable-6.1/.*checkpatch --strict"
setup
sed -i '0,/^ \t}$/s//  \t}/' "$tmp"/u/series/0002-*.patch
expect 1 "FAIL .*series/0002.*git am does not apply"
