#!/usr/bin/env bash
# Runs tools/kernel/runner_test.py (Python unittest) with the system python3.
set -euo pipefail
here="$(dirname "$0")"
[[ -f "$here/runner_test.py" ]] || here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-ariasuite}/tools/kernel"
exec python3 "$here/runner_test.py" -v
