"""For the tests of main.py (runner_test.py, tree_test.py): main.main() run in-process."""
import contextlib
import io
import sys
from unittest import mock

import main


def run_main(argv, patches):
    """Runs `main.py ARGV...` with each (object, attribute, value) of patches in place; returns
    (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.object(sys, "argv", ["main.py"] + list(argv)))
        for obj, attr, value in patches:
            stack.enter_context(mock.patch.object(obj, attr, value))
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        try:
            rc = main.main()
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue(), err.getvalue()
