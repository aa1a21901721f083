#!/usr/bin/env python3
"""Tests of tools/test_summary.py, the count line of `tools/ariasuite test`: a target that does not
build (a test or not), a test with no result, and a failed bazel run that names nobody are failures,
never `0 failed`. The hard cases: a test whose test.xml is all-pass but whose process exited
non-zero, a failed shard beside a passing one, a flaky test's attempts.

tools/testdata/bep_build_failure.json is the build event file of a real run (paths shortened): a
cc_binary that does not compile, a test that depends on it, a failing sh_test and a passing cc_test,
run as `bazel test --keep_going`.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import unittest_junit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = os.path.join(HERE, "test_summary.py")
BEP = os.path.join(HERE, "testdata", "bep_build_failure.json")
# A real `bazel test` of two sh_tests (output base shortened to /nonexistent/output_base), with the
# test.xml files they wrote: leaks_test writes two passing cases and exits 1; sharded_test
# (shard_count = 2) passes in its second shard only, with an all-pass XML in both.
BEP_EXIT = os.path.join(HERE, "testdata", "bep_exit_status.json")
BEP_EXIT_XML = os.path.join(HERE, "testdata", "bep_exit_status")


def run(bep_text, rc):
    with tempfile.TemporaryDirectory() as d:
        bep = os.path.join(d, "bep.json")
        counts = os.path.join(d, "counts")
        with open(bep, "w") as f:
            f.write(bep_text)
        p = subprocess.run([sys.executable, SUMMARY, bep, str(rc), counts],
                           capture_output=True, text=True)
        with open(counts) as f:
            return p.returncode, p.stdout, f.read().split()


def xml_file(directory, name, passed, failed=0):
    """A GoogleTest-shaped test.xml with `passed` passing and `failed` failing cases."""
    path = os.path.join(directory, name)
    cases = ['<testcase classname="T" name="ok%d"/>' % i for i in range(passed)]
    cases += ['<testcase classname="T" name="bad%d"><failure message="x"/></testcase>' % i
              for i in range(failed)]
    with open(path, "w") as f:
        f.write('<testsuites><testsuite name="T">%s</testsuite></testsuites>' % "".join(cases))
    return path


def result(label, status, xml, shard=1, attempt=1, run_no=1):
    return json.dumps({
        "id": {"testResult": {"label": label, "run": run_no, "shard": shard, "attempt": attempt}},
        "testResult": {"status": status, "testActionOutput": [
            {"name": "test.xml", "uri": "file://" + xml}]}}) + "\n"


def events(*wanted):
    with open(BEP) as f:
        evs = [json.loads(line) for line in f if line.strip()]
    return "".join(json.dumps(e) + "\n" for e in evs
                   if not wanted or list(e["id"].keys())[0] in wanted)


class TestSummaryTest(unittest.TestCase):
    def test_build_failure_of_a_non_test_target_counts(self):
        rc, out, counts = run(events(), 1)
        self.assertEqual(rc, 1)
        self.assertIn("FAILED //tmp_plant:broken_tool (did not build: ", out)
        self.assertIn("FAILED //tmp_plant:needs_broken_test (did not build", out)
        self.assertIn("FAILED //tmp_plant:fails_test (FAILED)", out)
        self.assertEqual(counts, ["1", "3", "0"])
        self.assertTrue(out.rstrip().endswith("bazel: 1 passed, 3 failed"), out)

    def test_tests_without_result_in_a_failed_run_count(self):
        # The run died after configuring (a server crash): no completion, no result.
        rc, out, counts = run(events("targetConfigured"), 1)
        self.assertEqual(rc, 1)
        for t in ("fails_test", "needs_broken_test", "ok_test"):
            self.assertIn("FAILED //tmp_plant:%s (no test result: it never ran)" % t, out)
        self.assertEqual(counts, ["0", "3", "0"])

    def test_failed_run_that_names_nobody_is_a_failure(self):
        rc, out, counts = run("", 37)
        self.assertEqual(rc, 1)
        self.assertIn("FAILED bazel test exited 37 and named no failed target or test", out)
        self.assertEqual(counts, ["0", "1", "0"])

    def test_green_run_with_filtered_tests_passes(self):
        # With bazel's exit 0, a configured test without result was filtered out on purpose.
        text = "".join(line + "\n" for line in events().splitlines()
                       if "fails_test" not in line and "broken" not in line)
        rc, out, counts = run(text, 0)
        self.assertEqual(rc, 0, out)
        self.assertEqual(counts, ["1", "0", "0"])

    def test_a_real_run_with_a_leak_at_exit_and_a_failed_shard(self):
        with tempfile.TemporaryDirectory() as d:
            shutil.copytree(BEP_EXIT_XML, os.path.join(
                d, "execroot/ariasuite/bazel-out/k8-fastbuild/testlogs"))
            with open(BEP_EXIT) as f:
                text = f.read().replace("file:///nonexistent/output_base", "file://" + d)
            rc, out, counts = run(text, 3)
        self.assertEqual(rc, 1, out)
        self.assertIn("FAILED //tmp_plant_hard:leaks_test (FAILED: the test exited with failure "
                      "although its test.xml has 2 passed and no failing case)", out)
        self.assertIn("FAILED //tmp_plant_hard:sharded_test run 1 shard 1 (FAILED: ", out)
        self.assertEqual(counts, ["4", "2", "0"])

    def test_all_pass_xml_with_a_failed_exit_is_failed(self):
        # A leak report or a crash in a destructor after the last case: every case passed, the
        # process exited non-zero, bazel's status is FAILED.
        with tempfile.TemporaryDirectory() as d:
            rc, out, counts = run(result("//p:leaks_test", "FAILED", xml_file(d, "a.xml", 2)), 3)
        self.assertEqual(rc, 1, out)
        self.assertIn("FAILED //p:leaks_test (FAILED: the test exited with failure although its "
                      "test.xml has 2 passed and no failing case)", out)
        self.assertEqual(counts, ["2", "1", "0"])

    @staticmethod
    def run_two_shards(passed, failed=0):
        """run() of //p:sharded_test, bazel exiting 3: shard 1 FAILED with `passed` passing and
        `failed` failing cases in its test.xml, then shard 2 PASSED with 4 passing cases."""
        with tempfile.TemporaryDirectory() as d:
            shard1 = xml_file(d, "1.xml", passed, failed)
            shard2 = xml_file(d, "2.xml", 4)
            return run(result("//p:sharded_test", "FAILED", shard1, shard=1) +
                       result("//p:sharded_test", "PASSED", shard2, shard=2), 3)

    def test_a_failed_shard_is_not_hidden_by_a_later_passing_one(self):
        rc, out, counts = self.run_two_shards(3)
        self.assertEqual(rc, 1, out)
        self.assertIn("FAILED //p:sharded_test run 1 shard 1 (FAILED: the test exited", out)
        self.assertNotIn("bazel test exited 3 and named no failed", out)
        self.assertEqual(counts, ["7", "1", "0"])

    def test_a_failing_case_in_one_shard_counts_once(self):
        rc, out, counts = self.run_two_shards(1, 2)
        self.assertEqual(rc, 1, out)
        self.assertIn("FAILED //p:sharded_test run 1 shard 1 (2 failed)", out)
        self.assertEqual(counts, ["5", "2", "0"])

    def test_the_last_attempt_of_a_flaky_test_decides(self):
        # bazel --flaky_test_attempts=2: a failed attempt then a passed one is FLAKY, exit 0.
        with tempfile.TemporaryDirectory() as d:
            text = (result("//p:flaky_test", "FAILED", xml_file(d, "1.xml", 0, 1), attempt=1) +
                    result("//p:flaky_test", "PASSED", xml_file(d, "2.xml", 1), attempt=2))
            rc, out, counts = run(text, 0)
            self.assertEqual((rc, counts), (0, ["1", "0", "0"]), out)
            rc, out, counts = run(
                text + json.dumps({"id": {"testSummary": {"label": "//p:flaky_test"}},
                                   "testSummary": {"overallStatus": "FAILED"}}) + "\n", 3)
        self.assertEqual((rc, counts), (1, ["1", "1", "0"]), out)
        self.assertIn("FAILED //p:flaky_test (bazel's summary says FAILED although no run of it "
                      "failed here)", out)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
