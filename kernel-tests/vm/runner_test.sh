#!/usr/bin/env bash
# Runs kernel-tests/vm/runner_test.py (or the test file named by $1: tree_test.py) with the system
# python3 (Python unittest).
set -euo pipefail
here="$(dirname "$0")"
[[ -f "$here/runner_test.py" ]] || here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-ariasuite}/kernel-tests/vm"
exec python3 "$here/${1:-runner_test.py}" -v
