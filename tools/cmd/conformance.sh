# summary: run vector files (Wycheproof, CAVP .rsp, OpenSSL evp, testmgr.h, Botan .vec, Crypto++, Mbed TLS .data) on our paths and the oracles
# Usage: tools/ariasuite conformance [--impl LIST] [--oracle LIST] [--format F] [--junit FILE]
#                                    [--strict-oracles] [--findings DIR] [--skip-unsupported] FILE...
# Builds //conformance:runner (and the BoringSSL and example exec adapters) with bazel, then runs it
# from the current directory; `--help` lists every option. Exit status: 0 every implementation
# under test ran and passed, 1 one failed a case, 3 one did not run (unavailable, broke, or no case
# of a file supported), 2 usage or input error (see conformance/README.md).
# ARIASUITE_BAZEL_OUTPUT_BASE, when set, is passed to bazel as --output_base.

# shellcheck source=tools/cmd/lib/conformance_lib.sh
source "$ARIASUITE_ROOT/tools/cmd/lib/conformance_lib.sh"
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
runner="$(conformance_build)"
exec "$runner" "$@"
