#!/usr/bin/env bash
# Rebuilds series/ (and stable-6.1/) from a clean git tree of Linux 6.12 (and one of 6.1):
#   make_series.sh GEN_VECTORS TREE_6_12 [TREE_6_1]
# GEN_VECTORS is the built //kernel-tests/upstream:gen_vectors. Each tree must be a git repository
# whose HEAD is the unpatched source; the patches are committed on a branch `ariasuite-series`
# (recreated) and written with git format-patch (cover letter included) into series/. The
# Signed-off-by lines carry a placeholder identity: see README.md before sending.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
gen="$1"; tree="$2"; tree61="${3:-}"
export GIT_AUTHOR_NAME="Your Name" GIT_AUTHOR_EMAIL="you@example.org"
export GIT_COMMITTER_NAME="Your Name" GIT_COMMITTER_EMAIL="you@example.org"
export GIT_AUTHOR_DATE="2026-12-02T00:00:00Z" GIT_COMMITTER_DATE="2026-12-02T00:00:00Z"

branch() {  # branch TREE: a fresh ariasuite-series branch at the tree's first commit
  git -C "$1" checkout -q -f "$(git -C "$1" rev-list --max-parents=0 HEAD | tail -n1)"
  git -C "$1" checkout -q -B ariasuite-series
}

branch "$tree"
base=$(git -C "$tree" rev-parse HEAD)
st="$tree/tools/testing/selftests/net"
{ cat "$here/src/tls_aria_head.c"; "$gen" tls; cat "$here/src/tls_aria_tail.c"; } > "$st/tls_aria.c"
sed -i 's/^TEST_GEN_PROGS += reuseport_dualstack reuseaddr_conflict tls tun tap epoll_busy_poll$/&\nTEST_GEN_PROGS += tls_aria/' "$st/Makefile"
grep -q '^TEST_GEN_PROGS += tls_aria$' "$st/Makefile"
sed -i 's/^tls$/&\ntls_aria/' "$st/.gitignore"
grep -q '^tls_aria$' "$st/.gitignore"
sed -i 's#^F:\tnet/tls/\*$#&\nF:\ttools/testing/selftests/net/tls*#' "$tree/MAINTAINERS"
grep -qP '^F:\ttools/testing/selftests/net/tls\*$' "$tree/MAINTAINERS"
git -C "$tree" add -f tools/testing/selftests/net MAINTAINERS
git -C "$tree" commit -q -F "$here/msg/1.txt"

"$gen" testmgr > "$tree/.testmgr_entries"
"$here/insert_testmgr.py" "$tree/crypto/testmgr.h" "$tree/.testmgr_entries"
rm "$tree/.testmgr_entries"
git -C "$tree" commit -q -a -F "$here/msg/2.txt"

glue="$tree/arch/x86/crypto/aria_gfni_avx512_glue.c"
sed -i 's/^\t    !boot_cpu_has(X86_FEATURE_AVX512VL) ||$/&\n\t    !boot_cpu_has(X86_FEATURE_AVX512BW) ||\n\t    !boot_cpu_has(X86_FEATURE_AVX512DQ) ||/' "$glue"
grep -q AVX512DQ "$glue"
git -C "$tree" commit -q -a -F "$here/msg/3.txt"

rm -rf "$here/series"
git -C "$tree" format-patch -q --cover-letter --cover-from-description=auto -o "$here/series" "$base"
python3 - "$here/series/0000-cover-letter.patch" "$here/msg/cover.txt" <<'PY'
import sys
p, cover = sys.argv[1:]
s = open(p).read()
subject, _, body = open(cover).read().partition("\n\n")
s = s.replace("*** SUBJECT HERE ***", subject.strip()).replace("*** BLURB HERE ***", body.strip())
open(p, "w").write(s)
PY
(cd "$here/series" && ls 0001-* 0002-* 0003-*) > "$here/series/series"

if [[ -n "$tree61" ]]; then
  branch "$tree61"
  base=$(git -C "$tree61" rev-parse HEAD)
  glue="$tree61/arch/x86/crypto/aria_aesni_avx_glue.c"
  sed -i 's/^\tif (!boot_cpu_has(X86_FEATURE_AVX) ||$/&\n\t    !boot_cpu_has(X86_FEATURE_AVX2) ||/' "$glue"
  grep -q X86_FEATURE_AVX2 "$glue"
  git -C "$tree61" commit -q -a -F "$here/msg/stable-6.1.txt"
  rm -rf "$here/stable-6.1"
  git -C "$tree61" format-patch -q -o "$here/stable-6.1" --subject-prefix="PATCH 6.1" "$base"
fi
ls "$here/series" ${tree61:+"$here/stable-6.1"}
