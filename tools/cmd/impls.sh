# summary: list every ARIA path, whether this CPU runs it, the missing feature when not
# Usage: tools/ariasuite impls
[[ $# -eq 0 ]] || die "impls takes no arguments (got: $*)"
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
abazel build //tools/bench:impls >&2 || die "bazel build //tools/bench:impls failed"
"$(abazel info bazel-bin 2>/dev/null)/tools/bench/impls"
