"""For the tests of Python scripts: run one with its output captured, and plant a fault in a copy of
a file it reads (one replacement, in a temporary file of the same suffix the test removes)."""
import os
import subprocess
import sys
import tempfile


def planted_copy(test, path, old, new):
    """Path of a copy of `path` with the first `old` replaced by `new` (asserted present)."""
    text = open(path, encoding="utf-8").read()
    test.assertIn(old, text)
    suffix = os.path.splitext(path)[1]
    with tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False, encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))
    test.addCleanup(os.unlink, f.name)
    return f.name


def run_python(script, *args):
    """`python3 script args...`, its output captured as text."""
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)
