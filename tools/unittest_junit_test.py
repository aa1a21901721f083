#!/usr/bin/env python3
"""Tests of tools/unittest_junit.py, the JUnit writer of the suite's Python tests: the XML must
name every method that failed, including one whose only failures are inside `self.subTest(...)`
(unittest then calls neither addSuccess nor addFailure for the method; the writer once left it
out, an all-pass test.xml beside exit status 1), one <testcase> per method however many of its
subtests failed, and a method whose subtests all pass as passed.
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import unittest_junit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = textwrap.dedent("""\
    import sys
    import unittest
    sys.path.insert(0, %r)
    import unittest_junit

    class T(unittest.TestCase):
        def test_two_subtests_fail(self):
            for i in range(4):
                with self.subTest(i=i):
                    self.assertNotIn(i, (1, 3))

        def test_subtests_pass(self):
            for i in range(3):
                with self.subTest(i=i):
                    self.assertLess(i, 3)

        def test_plain_failure(self):
            self.assertEqual(1, 2)

        def test_plain_pass(self):
            pass

    if __name__ == "__main__":
        sys.exit(unittest_junit.main(__name__))
    """) % HERE


class SubtestFailuresTest(unittest.TestCase):
    def test_every_failed_method_is_in_the_xml_once(self):
        d = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        child, xml = os.path.join(d, "child_test.py"), os.path.join(d, "test.xml")
        with open(child, "w") as f:
            f.write(CHILD)
        env = dict(os.environ, XML_OUTPUT_FILE=xml)
        r = subprocess.run([sys.executable, child], capture_output=True, text=True, env=env,
                           timeout=60)
        self.assertEqual(r.returncode, 1, r.stderr)
        cases = {}
        for c in ET.parse(xml).iter("testcase"):
            self.assertNotIn(c.get("name"), cases, "one <testcase> per method")
            failure = c.find("failure")
            cases[c.get("name")] = failure.text if failure is not None else None
        self.assertEqual(sorted(cases), ["test_plain_failure", "test_plain_pass",
                                         "test_subtests_pass", "test_two_subtests_fail"])
        self.assertIsNone(cases["test_plain_pass"])
        self.assertIsNone(cases["test_subtests_pass"])
        self.assertIsNotNone(cases["test_plain_failure"])
        failed = cases["test_two_subtests_fail"]
        self.assertIsNotNone(failed, "a method failing only in subtests is missing its failure")
        self.assertIn("(i=1)", failed)
        self.assertIn("(i=3)", failed)
        self.assertNotIn("(i=2)", failed)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
