# summary: list every ARIA path, whether this CPU runs it, the missing feature when not
# Usage: tools/ariasuite impls
[[ $# -eq 0 ]] || die "impls takes no arguments (got: $*)"
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
abazel build -c opt //tools/bench:impls >&2 || die "bazel build //tools/bench:impls failed"
"$(abazel info -c opt bazel-bin 2>/dev/null)/tools/bench/impls"
