#!/usr/bin/env bash
# Bazel test: the constant-time check (ct_driver.py over ct_check under valgrind memcheck), with
# JUnit XML (one case per check) in $XML_OUTPUT_FILE.
set -euo pipefail
exec python3 tools/ct/ct_driver.py --ct-binary tools/ct/ct_check \
  --junit "${XML_OUTPUT_FILE:-/dev/null}" "$@"
