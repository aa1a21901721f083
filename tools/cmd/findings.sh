# summary: one markdown report per library and bug class from the conformance runner's findings, fit for an upstream issue
# Usage: tools/ariasuite findings [--out DIR] [--oracle LIST] [FINDINGS...]
# FINDINGS are findings folders or reproducer files as `tools/ariasuite conformance --findings`
# writes them (default: .cache/run/findings, what `tools/ariasuite run` leaves); reports go to
# --out (default .cache/run/findings-reports), one LIBRARY__CLASS.md each: the clause of the
# standard broken, the smallest case and its exec request lines, the answers of our paths, the
# oracles (--oracle, default all) and the library itself replayed, every case of the class.
# Exit status: 0 reports written; 4 nothing to report (no findings file in the inputs); 2 usage
# error, an input missing or not a findings file, or an output folder that cannot be written.
# ARIASUITE_BAZEL_OUTPUT_BASE, when set, is passed to bazel as --output_base.

ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
abazel_own_base build //conformance:findings_reports //oracles:boringssl_adapter \
  //oracles:bouncycastle_adapter >&2 || die "findings: bazel build //conformance:findings_reports failed"
bin="$(abazel_own_base info bazel-bin 2>/dev/null)" || die "findings: bazel info bazel-bin failed"
exec "$bin/conformance/findings_reports" "$@"
