# summary: boot a kernel in qemu and run the kTLS + AF_ALG ARIA tests (default: Debian's + ARIA modules)
# Usage: tools/ariasuite kernel [--kernel BZIMAGE [--modules DIR]... | --kernel-tree DIR
#          [--patches DIR|SERIES [--each]] [--bisect] [--tls-selftest aria|all|off] [--jobs N]]
#          [--extra-test PROGRAM]... [--junit FILE] [--timeout SECS] [--accel auto|kvm|tcg] [--pvh]
#          [--silence-limit SECS] [--filter SUBSTRING] [--timeout-scale N]
#          [--package linux-image-...-amd64-unsigned] [--cache DIR] [--workdir DIR]
#          [--fuzz SECONDS [--seed N] | --replay FILE] [--bench] [--debug]
# Without --kernel/--kernel-tree: Debian's newest stock amd64 kernel + out-of-tree ARIA modules.
# --kernel-tree: allnoconfig + kernel-tests/vm/guest.config + kernel-tests/config (or the tree's own
# .config), built with ccache, plus the tree's kTLS selftest (ARIA variants + AES-GCM control).
# Exit status: 0 all passed, 1 a failure, 4 only skips or nothing tested, 2 a setup error, a tree
# that does not configure or build, a patch that does not apply (one line naming it).
# --bisect (git bisect run): 0 good, 1 bad, 125 cannot test (no build, no boot), 128 abort.
# --accel auto: KVM only when a probe boot reaches /init under it (else the PVH vmlinux, else TCG
# with one note line); a guest silent for --silence-limit seconds (120) is declared hung.
# --fuzz SECONDS: only the differential kTLS fuzzer (ARIA-GCM vs the AES-GCM control), seeded;
# --replay FILE: the operation list a failing fuzz run printed, run again. --bench: the kTLS
# throughput table (userspace OpenSSL against kTLS with each ARIA driver, AES-GCM for scale, Gbit/s
# and the ratio to userspace), KVM only (under TCG one SKIP line, exit 4).
# --debug (with --kernel-tree): KASAN, KFENCE, lockdep, DEBUG_LIST, UBSAN; a console splat fails.
for a in "$@"; do
  if [[ "$a" == "-h" || "$a" == "--help" ]]; then
    sed -n 's/^# \{0,1\}//; 2,20p' "$ARIASUITE_ROOT/tools/cmd/kernel.sh"
    exit 0
  fi
done
for a in "$@"; do
  if [[ "$a" == "--bisect" ]]; then
    # An error of this host (a package, the guest programs' build) must abort `git bisect run`
    # (status 128), not mark the commit bad (lib.sh's die exits 2).
    die() {
      echo "ariasuite: $*" >&2
      exit 128
    }
    trap 'exit 128' ERR
  fi
done
for a in "$@"; do
  if [[ "$a" == "--bench" ]]; then
    # Where KVM cannot even be tried (no device, --accel tcg) the table is one SKIP line (exit 4)
    # at once, before any package or build; otherwise the guest programs are built as below.
    rc=0
    python3 "$ARIASUITE_ROOT/kernel-tests/vm/main.py" run --bench-precheck "$@" || rc=$?
    [[ $rc == 0 ]] || exit "$rc"
  fi
done
# shellcheck source=kernel-tests/vm/packages.sh
source "$ARIASUITE_ROOT/kernel-tests/vm/packages.sh"
tree_pkgs=()
for a in "$@"; do
  [[ "$a" == --kernel-tree* ]] && tree_pkgs=("${ARIASUITE_KERNEL_TREE_PACKAGES[@]}")
done
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}" "${ARIASUITE_KERNEL_PACKAGES[@]}" "${tree_pkgs[@]}"
log "building the guest test programs and the vector exporter (bazel build //kernel-tests:guest_tests //vectors:guest_vectors)"
abazel build //kernel-tests:guest_tests //vectors:guest_vectors >&2 ||
  die "bazel build //kernel-tests:guest_tests //vectors:guest_vectors failed"
bazel_bin="$(abazel info bazel-bin 2>/dev/null)"
bin="$bazel_bin/kernel-tests"
tests=()
for t in tls_sockopt_test tls_data_test tls_error_test tls_wire_test af_alg_test ktls_fuzz ktls_bench; do
  [[ -x "$bin/$t" ]] || die "guest test program $bin/$t missing after the build"
  tests+=(--test "$bin/$t")
done
# The guest's vector files, exported by the vectors library from vectors/*.json and the shared
# Wycheproof files (run from the workspace root, where it finds vectors/ and ../shared).
vecdir="$(mktemp -d)"
trap 'rm -rf "$vecdir"' EXIT
(cd "$ARIASUITE_ROOT" && "$bazel_bin/vectors/guest_vectors" "$vecdir" vectors/*.json) >&2 ||
  die "vectors: //vectors:guest_vectors could not export the guest's vector files"
trap - ERR  # main.py's own status (1 bad, 125 cannot test) is the answer
set +e
python3 "$ARIASUITE_ROOT/kernel-tests/vm/main.py" run --vectors "$vecdir" \
  --fuzz-corpus "$ARIASUITE_ROOT/kernel-tests/fuzz_corpus" "${tests[@]}" "$@"
rc=$?
set -e
exit "$rc"
