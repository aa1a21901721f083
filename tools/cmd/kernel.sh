# summary: boot a kernel in qemu and run the kTLS + AF_ALG ARIA tests (default: Debian's + ARIA modules)
# Usage: tools/ariasuite kernel [--kernel BZIMAGE [--modules DIR]... | --kernel-tree DIR]
#          [--extra-test PROGRAM]... [--junit FILE] [--timeout SECS] [--accel auto|kvm|tcg]
#          [--filter SUBSTRING] [--timeout-scale N] [--package linux-image-...-amd64-unsigned]
#          [--cache DIR] [--workdir DIR]
# Without --kernel/--kernel-tree: Debian's newest stock amd64 kernel, downloaded by package name
# and unpacked into the cache (never installed), with the ARIA drivers built as out-of-tree
# modules from the matching linux-source (tools/kernel/debian.py). The test programs are built
# with Bazel (//kernel-tests:guest_tests). Exit status: 0 all passed, 1 a failure (a program
# without its TAP plan and results too), 4 only skips or nothing tested (a --filter that matched
# no test), 2 a setup error (one line naming it).
for a in "$@"; do
  if [[ "$a" == "-h" || "$a" == "--help" ]]; then
    sed -n 's/^# \{0,1\}//; 2,11p' "$ARIASUITE_ROOT/tools/cmd/kernel.sh"
    exit 0
  fi
done
# shellcheck source=tools/kernel/packages.sh
source "$ARIASUITE_ROOT/tools/kernel/packages.sh"
tree_pkgs=()
for a in "$@"; do
  [[ "$a" == --kernel-tree* ]] && tree_pkgs=("${ARIASUITE_KERNEL_TREE_PACKAGES[@]}")
done
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}" "${ARIASUITE_KERNEL_PACKAGES[@]}" "${tree_pkgs[@]}"
log "building the guest test programs (bazel build //kernel-tests:guest_tests)"
abazel build //kernel-tests:guest_tests >&2 || die "bazel build //kernel-tests:guest_tests failed"
bin="$(abazel info bazel-bin 2>/dev/null)/kernel-tests"
tests=()
for t in tls_sockopt_test tls_data_test tls_error_test tls_wire_test af_alg_test; do
  [[ -x "$bin/$t" ]] || die "guest test program $bin/$t missing after the build"
  tests+=(--test "$bin/$t")
done
set +e
python3 "$ARIASUITE_ROOT/tools/kernel/main.py" run "${tests[@]}" "$@"
rc=$?
set -e
exit "$rc"
