#!/usr/bin/env bash
# Bazel test: tools/ct/ct_driver.py over ct_check by the methods in the test's args (valgrind, msan,
# timing), with JUnit XML (one case per check) in $XML_OUTPUT_FILE and, for timing, the plot of
# |t| against measurements in the undeclared outputs.
set -euo pipefail
plot=()
if [[ -n "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ]]; then
  plot=(--plot "$TEST_UNDECLARED_OUTPUTS_DIR/timing.svg")
fi
exec python3 tools/ct/ct_driver.py --ct-binary tools/ct/ct_check \
  --junit "${XML_OUTPUT_FILE:-/dev/null}" "${plot[@]}" "$@"
