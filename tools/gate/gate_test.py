#!/usr/bin/env python3
"""The gate's own test: every way the gate could say OK without testing, or blame the wrong
party, is planted here and must give a non-zero verdict with its one-line reason.

ariasuite is a gate: its exit status decides whether a kernel patch or a library release goes in.
Each test below plants one scenario of README.md's table "What makes the gate fail" and asserts the
exit status and the line the user sees. Paths are runfiles of //tools/gate:gate_test.
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..", "tools"))
import unittest_junit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def path(rel):
    p = os.path.join(ROOT, rel)
    if not os.path.exists(p):
        raise AssertionError("runfile missing: %s (add it to //tools/gate:gate_test's data)" % rel)
    return p


def run(args, env=None, cwd=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run(args, capture_output=True, text=True, env=e, cwd=cwd or ROOT, timeout=300)


SAMPLE = "vectors/samples/aria_evp_sample.txt"


class ConformanceRunnerGate(unittest.TestCase):
    """`tools/ariasuite conformance --impl exec:PROGRAM`: an implementation under test that never
    ran is exit 3, "nothing tested", with one stderr line naming it; never RESULT: OK."""

    def nothing_tested(self, adapter, why, oracle="openssl"):
        r = run([path("conformance/runner"), "--impl", "exec:" + adapter, "--oracle", oracle,
                 path(SAMPLE)])
        self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
        self.assertNotIn("RESULT: OK", r.stdout)
        self.assertIn("RESULT: NOTHING TESTED", r.stdout)
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(lines[0].startswith("ariasuite conformance: nothing tested: exec:" + adapter),
                        lines[0])
        self.assertIn(why, lines[0])
        return r

    def test_adapter_answering_hello_with_garbage(self):
        self.nothing_tested(path("conformance/testdata/mute_adapter.sh"),
                            "answered the hello line with 'hi there'")

    def test_adapter_exiting_at_once(self):
        self.nothing_tested(path("conformance/testdata/exits_at_once_adapter.sh"),
                            "did not answer the hello line")

    def test_adapter_answering_unsupported_to_everything(self):
        self.nothing_tested(path("conformance/testdata/unsupported_adapter.sh"),
                            "did not run: no case supported")

    def test_adapter_dying_mid_file(self):
        adapter = "%s %s" % (path("conformance/testdata/dies_mid_file_adapter.sh"),
                             path("oracles/openssl_adapter"))
        r = self.nothing_tested(adapter, "broke on ", oracle="none")
        self.assertIn("the adapter closed its output", r.stderr)
        self.assertRegex(r.stdout, r"exec:.* BROKE +[1-9][0-9]* passed, 0 failed, [1-9][0-9]* broke")

    def test_file_with_no_case(self):
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "empty.json")
            with open(f, "w") as out:
                out.write('{"algorithm": "ARIA-GCM", "numberOfTests": 0, "notes": {}, '
                          '"testGroups": []}\n')
            r = run([path("conformance/runner"), "--impl", "ours/scalar", "--oracle", "none", f])
        self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
        self.assertIn("nothing tested: ours/scalar on %s: did not run: the file has no case to run"
                      % f, r.stderr)


class FuzzVerdictGate(unittest.TestCase):
    """The fuzz differ: our paths are one vote; an abort always names ours; a third-party finding
    is recorded and fuzzing goes on."""

    def plant(self, scenario):
        return run([path("fuzz/differ_plant"), scenario])

    def test_shared_layer_wrong_against_one_oracle_blames_ours(self):
        r = self.plant("shared-layer-wrong")
        self.assertLess(r.returncode, 0, "must abort: " + r.stderr)  # killed by SIGABRT
        self.assertEqual(r.stderr.splitlines()[0], "ARIA_MISMATCH gcm-seal ours/scalar vs openssl")
        self.assertIn("verdict: ours is wrong (our code: a bug to fix): no independent answer "
                      "agrees with ours: openssl disagrees", r.stderr)

    def test_allowlist_cannot_remove_the_only_oracle(self):
        r = self.plant("allowlist-only-oracle")
        self.assertLess(r.returncode, 0, "must abort: " + r.stderr)
        self.assertEqual(r.stderr.splitlines()[0], "ARIA_MISMATCH kw-wrap ours/scalar vs botan")
        self.assertIn("the allowlist set aside botan, and no other independent answer confirms ours",
                      r.stderr)

    def test_third_party_finding_does_not_stop_fuzzing(self):
        r = self.plant("third-party")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr.splitlines()[0], "ARIA_THIRD_PARTY gcm-open cryptopp vs openssl")
        self.assertIn("went on after the third-party finding", r.stdout)


class PerPathSuiteGate(unittest.TestCase):
    """Every per-path suite lists all four paths: on a CPU without GFNI (valgrind's virtual CPU
    has none) the GFNI paths are SKIPPED with the missing feature named, never left out."""

    def test_paths_the_cpu_lacks_are_listed_as_skipped(self):
        if not os.path.exists("/usr/bin/valgrind"):
            self.skipTest("valgrind is not installed (/usr/bin/valgrind): no CPU without GFNI here")
        r = run(["/usr/bin/valgrind", "--tool=none", "-q", path("impl/cmac_test"),
                 "--gtest_filter=CmacTest.TruncationAndVerification/*"])
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        for p in ("Scalar", "AesniAvx", "GfniAvx2", "GfniAvx512"):
            self.assertIn("CmacTest.TruncationAndVerification/" + p, r.stdout)
        self.assertIn("[  SKIPPED ] CmacTest.TruncationAndVerification/GfniAvx512", r.stdout)
        self.assertIn("this CPU cannot run gfni-avx512: missing GFNI", r.stdout)


class TestCommandGate(unittest.TestCase):
    """`tools/ariasuite test`'s count line: a target that does not build counts as failed."""

    def test_build_failure_of_a_non_test_target(self):
        r = run([sys.executable, path("tools/test_summary.py"),
                 path("tools/testdata/bep_build_failure.json"), "1"])
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("FAILED //tmp_plant:broken_tool (did not build: ", r.stdout)
        self.assertNotIn(" 0 failed", r.stdout)


class RunGate(unittest.TestCase):
    """`tools/ariasuite run`: a stage whose inputs are missing fails."""

    def test_conformance_stage_without_wycheproof_fails(self):
        r = run(["bash", path("tools/ariasuite"), "run", "--only", "conformance"],
                env={"ARIASUITE_SHARED_DIR": "/nonexistent/ariasuite-shared"})
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("FAIL /nonexistent/ariasuite-shared/vectors/wycheproof/aria_gcm_test.json: "
                      "input missing", r.stdout)
        self.assertRegex(r.stdout, r"conformance +FAIL")


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
