# summary: run vector files (Wycheproof, CAVP .rsp, OpenSSL evp, testmgr.h) on our paths and the oracles
# Usage: tools/ariasuite conformance [--impl LIST] [--oracle LIST] [--format F] [--junit FILE]
#                                    [--strict-oracles] [--findings DIR] [--skip-unsupported] FILE...
# Builds //conformance:runner (and the BoringSSL and example exec adapters) with bazel, then runs it
# from the current directory; `--help` lists every option. Exit status: 0 every implementation
# under test ran and passed, 1 one failed a case, 3 one did not run (unavailable, broke, or no case
# of a file supported), 2 usage or input error (see conformance/README.md).
# ARIASUITE_BAZEL_OUTPUT_BASE, when set, is passed to bazel as --output_base.

conformance_bazel() {
  if [[ -n "${ARIASUITE_BAZEL_OUTPUT_BASE:-}" ]]; then
    abazel --output_base="$ARIASUITE_BAZEL_OUTPUT_BASE" "$@"
  else
    abazel "$@"
  fi
}

# conformance_build: builds the runner and adapters; prints the runner's path.
conformance_build() {
  conformance_bazel build //conformance:runner //oracles:boringssl_adapter \
    //oracles:openssl_adapter >&2 || die "conformance: bazel build //conformance:runner failed"
  local bin
  bin="$(conformance_bazel info bazel-bin 2>/dev/null)" || die "conformance: bazel info bazel-bin failed"
  [[ -x "$bin/conformance/runner" ]] || die "conformance: $bin/conformance/runner was not built"
  printf '%s\n' "$bin/conformance/runner"
}

# Sourced by tools/ariasuite with the command's arguments; run.sh sources this file for the
# functions only (ARIASUITE_CONFORMANCE_LIB=1).
if [[ -z "${ARIASUITE_CONFORMANCE_LIB:-}" ]]; then
  ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
  runner="$(conformance_build)"
  exec "$runner" "$@"
fi
