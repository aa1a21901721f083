# summary: the kernel's own ARIA assembly from a kernel tree, run natively: differential test, ISA, alignment and ABI audits [--kernel-tree DIR] [--seconds N] [--junit F]
# Usage: tools/ariasuite kernel-asm [--kernel-tree DIR] [--seconds N] [--junit FILE] [--strict]
# Takes arch/x86/crypto/aria-{aesni-avx,aesni-avx2,gfni-avx512}-asm_64.S from a kernel tree
# (default: the linux-source package kernel-tests/vm/prepare.sh cached; $ARIASUITE_KERNEL_TREE when
# set), assembles them unmodified with the shim of kernel-tests/asm/shim, and checks every exported
# function natively against our scalar reference (every key size, counters at the 2^64 and 2^128
# carries, in place, misaligned, the keystream scratch buffer, the tree's testmgr.h vectors); audits
# every instruction against the CPU features the tree's glue code checks before calling it, and
# every constant read by an aligned operand; the ABI audit: callee-saved registers, DF, upper vector
# state (vzeroupper), no write below rsp, rsp % 16 == 0 at entry, ENDBR/kCFI and RET (return thunk)
# as the tree's kernel build would emit them. Ends with verdict tables per driver and function.
# Exit status: 0 passed (known upstream findings listed: kernel-tests/asm/known_findings.txt),
# 1 a failure or violation (or a known finding with --strict), 2 bad usage or no kernel tree,
# 4 nothing ran (this CPU runs none of the functions). Details: kernel-tests/asm/README.md.
for a in "$@"; do
  if [[ "$a" == "-h" || "$a" == "--help" ]]; then
    sed -n 's/^# \{0,1\}//; 2,14p' "$ARIASUITE_ROOT/tools/cmd/kernel-asm.sh"
    exit 0
  fi
done
# One parser, kernel-tests/asm/main.py's: it checks the command line before the harness is built.
python3 "$ARIASUITE_ROOT/kernel-tests/asm/main.py" run --check-usage "$@" || exit $?
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}" binutils xz-utils
abazel build //kernel-tests/asm:harness >&2 || die "bazel build //kernel-tests/asm:harness failed"
set +e
python3 "$ARIASUITE_ROOT/kernel-tests/asm/main.py" run \
  --harness "$(abazel info bazel-bin 2>/dev/null)/kernel-tests/asm/harness" "$@"
rc=$?
set -e
exit "$rc"
