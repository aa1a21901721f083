# Helpers shared by the tools/cmd/*.sh commands: installing Debian packages that are missing, and
# running Bazel from the workspace root. Sourced, not executed.

# Packages every build needs (see WORKSPACE and tools/bazel/system/).
ARIASUITE_BUILD_PACKAGES=(
  bazel-bootstrap bazel-rules-java g++ clang libclang-rt-14-dev python3
  libgtest-dev libgmock-dev libssl-dev libbotan-2-dev libcrypto++-dev android-libboringssl-dev
  libcli11-dev  # the C++ mains' flag parser (tools/cli, @cli11)
  libbcprov-java default-jdk-headless  # the Bouncy Castle oracle (//oracles:bouncycastle_adapter)
  valgrind  # <valgrind/memcheck.h> for impl/ct/declassify.h, and tools/ct's check (tools/ariasuite ct)
  # tools/ct's MemorySanitizer build (//tools/ct:ct_check_msan, in //...) and its symbolizer: clang
  # 22 is the one whose MSan follows AES-NI, PCLMULQDQ, VPCLMULQDQ and GF2P8AFFINEQB (tools/ct/README.md)
  clang-22 libclang-rt-22-dev llvm-22
  git  # tools/format_check.sh reads the tracked files (the test command's format check)
  python3-yaml  # the CI files' checks (//fuzz/oss-fuzz:ci_files_test, //tools/ci:workflows_test)
)

die() {
  echo "ariasuite: $*" >&2
  exit 2
}

log() {
  echo "ariasuite: $*" >&2
}

# ensure_packages PKG...: installs with apt-get the packages that are not installed yet.
ensure_packages() {
  local missing=() p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  if [[ $(id -u) -ne 0 ]]; then
    die "missing Debian packages: ${missing[*]}; run as root or: sudo apt-get install ${missing[*]}"
  fi
  log "installing ${missing[*]}"
  if [[ -z "${ARIASUITE_APT_UPDATED:-}" ]]; then
    apt-get update -qq >/dev/null || die "apt-get update failed"
    export ARIASUITE_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null || die "apt-get install ${missing[*]} failed"
}

# abazel ARGS...: bazel from the workspace root.
abazel() {
  (cd "$ARIASUITE_ROOT" && bazel "$@")
}

# abazel_own_base ARGS...: abazel, with --output_base=$ARIASUITE_BAZEL_OUTPUT_BASE when that is
# set (a caller that must not wait on, or disturb, the workspace's usual Bazel server).
abazel_own_base() {
  if [[ -n "${ARIASUITE_BAZEL_OUTPUT_BASE:-}" ]]; then
    abazel --output_base="$ARIASUITE_BAZEL_OUTPUT_BASE" "$@"
  else
    abazel "$@"
  fi
}

# The shared folder holding vectors/wycheproof/ (the shell's one copy of vectors/testdata.h's
# look-up): $ARIASUITE_SHARED_DIR when set, else `shared` beside the workspace. Printed even when
# absent, so callers name the place in their message.
ariasuite_shared_dir() {
  echo "${ARIASUITE_SHARED_DIR:-$(cd "$ARIASUITE_ROOT/.." && pwd)/shared}"
}

# ariasuite_kernel_cache [SUBDIR]: the kernel cache (the shell's one copy of
# kernel-tests/vm/cache_layout.py's layout): <cache>/kernel, or <cache>/kernel/SUBDIR (debs,
# source, bisect-demo, ...), where <cache> is $ARIASUITE_CACHE when set, else ~/.cache/ariasuite.
# Printed even when absent, so callers name the place in their message.
ariasuite_kernel_cache() {
  local home="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
  echo "${ARIASUITE_CACHE:-$home/.cache/ariasuite}/kernel${1:+/$1}"
}
