# summary: install what is missing, run `bazel test //...`, end with `N passed, N failed, N skipped`
# Usage: tools/ariasuite test [bazel test args or targets...]   (default: //...)
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
args=("$@")
[[ ${#args[@]} -eq 0 ]] && args=(//...)
bep="$(mktemp /tmp/ariasuite-bep.XXXXXX.json)"
set +e
abazel test --keep_going --build_event_json_file="$bep" "${args[@]}"
bazel_rc=$?
python3 "$ARIASUITE_ROOT/tools/test_summary.py" "$bep" "$bazel_rc"
rc=$?
set -e
rm -f "$bep"
exit "$rc"
