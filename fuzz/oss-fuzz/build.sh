#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script for ariasuite: builds every fuzz/<name>_fuzzer.cc target
# with $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE into $OUT, with <name>_fuzzer_seed_corpus.zip,
# <name>_fuzzer.dict and <name>_fuzzer.options beside each binary, without Bazel: build_targets.py
# follows the same BUILD files Bazel does (see its docstring).
#
# The OpenSSL oracle needs OpenSSL 3 (EVP_CIPHER_fetch, EVP_MAC). When $SRC/openssl holds its
# source (the Dockerfile clones it), it is built here as a static library with the same compiler;
# otherwise the system's libcrypto is used (Debian 12 and later ship OpenSSL 3).
# -eu again: `bash build.sh` ignores the shebang's flags, and a failed step must fail the build.
set -eu
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
: "${OUT:?set OUT}" "${WORK:?set WORK}" "${CXX:=clang++}" "${CC:=clang}"
: "${CXXFLAGS:=}" "${CFLAGS:=}" "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
export OUT WORK CXX CC CXXFLAGS CFLAGS LIB_FUZZING_ENGINE

if [[ -n "${SRC:-}" && -f "$SRC/openssl/Configure" && -z "${ARIASUITE_OPENSSL_PREFIX:-}" ]]; then
  prefix="$WORK/openssl3"
  if [[ ! -f "$prefix/include/openssl/evp.h" ]]; then
    (cd "$SRC/openssl" && ./Configure no-shared no-tests no-docs --prefix="$prefix" \
       --libdir=lib CC="$CC" CFLAGS="${CFLAGS//-fsanitize=fuzzer-no-link/}" >/dev/null &&
     make -j"$(nproc)" build_libs >/dev/null && make install_dev >/dev/null)
  fi
  export ARIASUITE_OPENSSL_PREFIX="$prefix"
fi

python3 "$here/build_targets.py" "$@"

# kernel_aria_asm loads the kernel's ARIA assembly from kernel_aria_asm/ beside it: assembled here
# from a kernel tree when there is one ($ARIASUITE_KERNEL_TREE, or $SRC/linux, e.g. a sparse clone
# of arch/x86, crypto/ and include/crypto/); without one the target still builds and skips.
ktree="${ARIASUITE_KERNEL_TREE:-${SRC:+$SRC/linux}}"
if [[ -n "$ktree" && -f "$ktree/arch/x86/crypto/aria-aesni-avx-asm_64.S" ]]; then
  ARIASUITE_ASM_CC="$CC" python3 "$root/kernel-tests/asm/main.py" build --kernel-tree "$ktree" \
    --build-dir "$OUT/kernel_aria_asm"
fi
