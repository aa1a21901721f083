# Building the conformance runner, for `tools/ariasuite conformance` (tools/cmd/conformance.sh)
# and the run command's conformance stage (tools/cmd/run.sh). Sourced after tools/lib.sh; defines
# functions only. ARIASUITE_BAZEL_OUTPUT_BASE, when set, is passed to bazel as --output_base.

# conformance_build: builds the runner and adapters; prints the runner's path.
conformance_build() {
  abazel_own_base build //conformance:runner //oracles:boringssl_adapter \
    //oracles:bouncycastle_adapter //oracles:openssl_adapter >&2 || die "conformance: bazel build //conformance:runner failed"
  local bin
  bin="$(abazel_own_base info bazel-bin 2>/dev/null)" || die "conformance: bazel info bazel-bin failed"
  [[ -x "$bin/conformance/runner" ]] || die "conformance: $bin/conformance/runner was not built"
  printf '%s\n' "$bin/conformance/runner"
}
