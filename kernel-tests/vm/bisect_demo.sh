#!/usr/bin/env bash
# The `git bisect run` demonstration of tools/ariasuite kernel --bisect: a scratch git history over
# Debian's linux-source-6.12 in the cache, six commits, one of which plants an ARIA regression the
# kernel's own self-tests (testmgr: ctr(aria) vectors of at most 160 bytes, all whole blocks) and
# kTLS selftest (kernel to kernel: CTR is its own inverse) cannot see, then the bisection.
#
#   1 Linux 6.12.117 (linux-source-6.12 as Debian ships it)                       good
#   2 net/tls: a comment in tls_sw.c                                              good
#   3 crypto: aria - a comment in aria_generic.c                                  good
#   4 crypto: aria-avx2 - the CTR tail of a request longer than 1000 bytes copies
#     its last byte instead of encrypting it (planted; the message says so)       bad
#   5 Documentation: a line in Documentation/crypto/api-skcipher.rst            bad
#   6 net/tls: a comment in tls_main.c                                            bad
#
# Usage: kernel-tests/vm/bisect_demo.sh [init|commits|run|all] [--dir DIR] [--deb LINUX_SOURCE_DEB]
#   init     extract the tree into DIR (default <cache>/kernel/bisect-demo/linux-6.12) and commit it
#   commits  add commits 2-6 (idempotent: skipped when HEAD is commit 6)
#   run      git bisect start HEAD HEAD~5; git bisect run tools/ariasuite kernel --kernel-tree .
#            --bisect; prints the log and the wall time; git bisect reset
#   all      the three (default)
set -euo pipefail
ARIASUITE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tools/lib.sh
source "$ARIASUITE_ROOT/tools/lib.sh"
cache="$(ariasuite_kernel_cache)"
step="all"
dir=""
deb=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    init | commits | run | all) step="$1" ;;
    --dir) dir="$2"; shift ;;
    --deb) deb="$2"; shift ;;
    *) echo "bisect_demo.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
dir="${dir:-$cache/bisect-demo/linux-6.12}"
export GIT_AUTHOR_NAME="ariasuite demo" GIT_AUTHOR_EMAIL="demo@ariasuite.invalid"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE="2025-01-01T00:00:00Z" GIT_COMMITTER_DATE="2025-01-01T00:00:00Z"
say() { echo "bisect_demo: $*" >&2; }

init() {
  if [[ -d "$dir/.git" ]]; then
    say "$dir is already a git tree"
    return
  fi
  if [[ -z "$deb" ]]; then
    deb="$(ls "$cache"/debs/linux-source-6.12_*.deb 2>/dev/null | sort -V | tail -n1 || true)"
    if [[ -z "$deb" ]]; then
      mkdir -p "$cache/debs"
      (cd "$cache/debs" && apt-get download -q linux-source-6.12) >&2
      deb="$(ls "$cache"/debs/linux-source-6.12_*.deb | sort -V | tail -n1)"
    fi
  fi
  say "extracting $(basename "$deb") into $dir"
  rm -rf "$dir.tmp"
  mkdir -p "$dir.tmp"
  dpkg-deb --fsys-tarfile "$deb" | tar -x -O --wildcards './usr/src/linux-source-*.tar.xz' |
    xz -d | tar -x -C "$dir.tmp"
  mv "$dir.tmp"/linux-source-* "$dir"
  rmdir "$dir.tmp"
  say "committing the tree (git add of ~80000 files)"
  git -C "$dir" init -q -b master
  git -C "$dir" -c core.compression=1 add -A -f  # -f: Debian's .gitignore ignores /*
  git -C "$dir" commit -q -m "Linux 6.12.117 ($(basename "$deb" .deb))"
}

commit() {  # commit SUBJECT BODY
  git -C "$dir" commit -q -a -m "$1" -m "$2"
}

# comment_before FILE ANCHOR COMMENT: the C comment line `/* COMMENT */` inserted before the first
# ANCHOR of FILE (a demo commit that changes nothing the kernel builds).
comment_before() {
  python3 - "$@" <<'EOF'
import sys
p, anchor, comment = sys.argv[1:]
s = open(p).read()
assert anchor in s, p + ": no " + anchor
open(p, "w").write(s.replace(anchor, "/* " + comment + " */\n" + anchor, 1))
EOF
}

commits() {
  if git -C "$dir" log -1 --format=%s | grep -q '^net/tls: note where the ARIA cipher ids'; then
    say "the demo commits are there"
    return
  fi
  [[ "$(git -C "$dir" rev-list --count HEAD)" == 1 ]] || {
    say "$dir has other commits than the import; use a fresh --dir"
    exit 2
  }
  cd "$dir"
  comment_before net/tls/tls_sw.c "static int tls_do_decryption(" "Decrypts one record in place or into the caller's buffer."
  commit "net/tls: say what tls_do_decryption() does" "A comment only."
  comment_before crypto/aria_generic.c "static void aria_set_encrypt_key(" 'RFC 5794 2.2: 12, 14 or 16 rounds for 128-, 192- and 256-bit keys.'
  commit "crypto: aria - cite the key schedule's round counts" "A comment only."
  python3 - <<'EOF'
p = "arch/x86/crypto/aria_aesni_avx2_glue.c"
s = open(p).read()
old = """			crypto_xor_cpy(dst, src, &req_ctx->keystream[0],
				       nbytes);
			dst += nbytes;"""
new = """			crypto_xor_cpy(dst, src, &req_ctx->keystream[0],
				       req->cryptlen > 1000 ? nbytes - 1 : nbytes);
			if (req->cryptlen > 1000)
				dst[nbytes - 1] = src[nbytes - 1];
			dst += nbytes;"""
assert s.count(old) == 1, "the CTR tail of aria_aesni_avx2_glue.c changed"
open(p, "w").write(s.replace(old, new))
EOF
  commit "crypto: aria-avx2 - shorten the CTR tail of long requests" \
    "[ariasuite bisect demo: a PLANTED REGRESSION] In a request longer than 1000 bytes whose
length is not a multiple of 16, the last byte of the partial tail block is copied instead of
encrypted: one byte of plaintext in the clear. testmgr's ctr(aria) vectors are at most 160 bytes and whole
blocks, and kTLS between two kernel sockets is unaffected (CTR is its own inverse, the GCM tag is
computed over the same wrong ciphertext), so the kernel's own tests pass."
  python3 - <<'EOF'
p = "Documentation/crypto/api-skcipher.rst"
s = open(p).read()
s += "\nThe x86 ARIA drivers implement ECB and CTR; GCM comes from the gcm template.\n"
open(p, "w").write(s)
EOF
  commit "Documentation: crypto: say which ARIA modes x86 implements" "Documentation only."
  comment_before net/tls/tls_main.c "static int do_tls_setsockopt_conf(" 'TLS_CIPHER_ARIA_GCM_128 and _256 (RFC 6209) are TLS 1.2 only.'
  commit "net/tls: note where the ARIA cipher ids are accepted" "A comment only."
  git -C "$dir" log --oneline >&2
}

run() {
  cd "$dir"
  git bisect reset >/dev/null 2>&1 || true
  local start end
  start=$(date +%s)
  say "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  git bisect start HEAD HEAD~5
  set +e
  git bisect run "$ARIASUITE_ROOT/tools/ariasuite" kernel --kernel-tree . --bisect
  local rc=$?
  set -e
  end=$(date +%s)
  git bisect log
  say "git bisect run exited $rc after $((end - start)) s; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  git bisect reset >/dev/null 2>&1
  return "$rc"
}

case "$step" in
  init) init ;;
  commits) commits ;;
  run) run ;;
  all) init; commits; run ;;
esac
