#!/usr/bin/env python3
"""Tests of tools/results/bep.py, the reader of Bazel's build event file: a missing file and a line
that is not JSON each give one error line (the lines that parse are still given), blank lines are
passed over, and a testResult event gives its label, run, shard, status and output paths (the
file:// URIs decoded), an aborted one a status of None, any other event None.
"""
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import bep  # noqa: E402
import unittest_junit  # noqa: E402

STARTED = {"id": {"started": {}}, "started": {"command": "test"}}


def result_event(label, status=None, outputs=(), **rid):
    ev = {"id": {"testResult": dict(label=label, **rid)},
          "testResult": {"testActionOutput": [{"name": n, "uri": u} for n, u in outputs]}}
    if status:
        ev["testResult"]["status"] = status
    return ev


def bep_file(*lines):
    """A build event file of lines: an event is written as JSON, a string as it is."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False,
                                     dir=os.environ.get("TEST_TMPDIR")) as f:
        f.write("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines))
    return f.name


class ReadEventsTest(unittest.TestCase):
    def test_every_line_an_event(self):
        ev = result_event("//a:b_test", "PASSED")
        self.assertEqual(bep.read_events(bep_file(STARTED, "", ev)), ([STARTED, ev], None))

    def test_a_bad_line_is_an_error_the_rest_still_read(self):
        ev = result_event("//a:b_test", "FAILED")
        path = bep_file(STARTED, "{not json", ev, '{"cut')
        events, error = bep.read_events(path)
        self.assertEqual(events, [STARTED, ev])
        self.assertRegex(error, r"^cannot read the build event file %s: Expecting property name"
                         % path)
        self.assertNotIn("\n", error)

    def test_a_missing_file_is_an_error(self):
        path = os.path.join(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")), "none.json")
        events, error = bep.read_events(path)
        self.assertEqual(events, [])
        self.assertEqual(error, "cannot read the build event file %s: [Errno 2] No such file or "
                         "directory: '%s'" % (path, path))


class TestResultTest(unittest.TestCase):
    def test_label_run_shard_status_and_outputs(self):
        r = bep.test_result(result_event(
            "//impl:gcm_test", "FAILED", [("test.xml", "file:///out/a%20b/test.xml"),
                                          ("test.log", "file:///out/test.log"),
                                          ("test.outputs", "bytestream://x/y")], run=2, shard=3))
        self.assertEqual(r, bep.TestResult("//impl:gcm_test", 2, 3, "FAILED", {
            "test.xml": "/out/a b/test.xml", "test.log": "/out/test.log"}))

    def test_defaults(self):
        self.assertEqual(bep.test_result(result_event("//x:t")),
                         bep.TestResult("//x:t", 1, 1, "NO_STATUS", {}))

    def test_an_aborted_result_has_no_status(self):
        ev = {"id": {"testResult": {"label": "//x:t", "run": 1}}, "aborted": {"reason": "USER"}}
        self.assertEqual(bep.test_result(ev), bep.TestResult("//x:t", 1, 1, None, {}))

    def test_other_events_are_none(self):
        self.assertIsNone(bep.test_result(STARTED))
        self.assertIsNone(bep.test_result({"id": {"testSummary": {"label": "//x:t"}}}))


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
