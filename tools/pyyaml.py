"""PyYAML for the tests that read CI files (tools/ci, fuzz/oss-fuzz): `from pyyaml import yaml`.
When the interpreter on PATH lacks it, the test re-runs itself under Debian's /usr/bin/python3,
whose python3-yaml has it (the test command installs that package)."""
import os
import sys

try:
    import yaml  # noqa: F401
except ImportError:
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise
