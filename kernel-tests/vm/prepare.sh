#!/usr/bin/env bash
# Prepares the default guest kernel outside Bazel's sandbox: downloads Debian's kernel packages
# (apt-get download, never installed) and builds the out-of-tree ARIA modules into the cache
# ($ARIASUITE_CACHE/kernel or ~/.cache/ariasuite/kernel; kernel-tests/vm/cache_layout.py), so that
# //kernel-tests:vm_test can boot it without network. Cached: a second run only checks.
# tools/cmd/test.sh calls this before `bazel test`; on failure (offline, no apt) vm_test reports a
# SKIP naming the missing cache.
# Usage: kernel-tests/vm/prepare.sh [--package linux-image-...-amd64-unsigned] [--cache DIR]
set -euo pipefail
ARIASUITE_ROOT="${ARIASUITE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
# shellcheck source=tools/lib.sh
source "$ARIASUITE_ROOT/tools/lib.sh"
# shellcheck source=kernel-tests/vm/packages.sh
source "$ARIASUITE_ROOT/kernel-tests/vm/packages.sh"
ensure_packages "${ARIASUITE_KERNEL_PACKAGES[@]}"
exec python3 "$ARIASUITE_ROOT/kernel-tests/vm/main.py" prepare "$@"
