#!/usr/bin/env python3
"""The Bouncy Castle oracle through `tools/ariasuite conformance` (the runner binary): in the
default oracle set it passes the committed files of every mode it has; the same JVM program with its
test-only --plant-flip-output (one output byte flipped per answer) is caught, as the implementation
under test (exit 1) and as an oracle (a third-party finding blamed on it, exit 1 with
--strict-oracles, ours untouched); an exception Bouncy Castle does not document for bad input (a
CCM tag over 16 bytes to open) is a crash, a third-party finding with a reproducer; a missing Java
runtime or bcprov jar is a SKIP naming the Debian package. Paths are runfiles of
//conformance:bouncycastle_cli_test."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "vectors"))
import manifest  # noqa: E402
import unittest_junit  # noqa: E402

BCPROV = "/usr/share/java/bcprov.jar"
# The committed files of the modes Bouncy Castle has (a subset of vectors/MANIFEST's).
FILES = ["vectors/rfc5794_kat.json", "vectors/rfc8269_gcm.json",
         "vectors/samples/aria_evp_sample.txt"] + [
    "vectors/generated/aria_%s_edge_test.json" % m
    for m in ("cbc_pkcs5", "ctr", "cfb8", "cfb128", "ofb")]


def path(rel):
    p = os.path.join(ROOT, rel)
    if not os.path.exists(p):
        raise AssertionError("runfile missing: %s (add it to the test's data)" % rel)
    return p


def runner(*args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    with tempfile.TemporaryDirectory() as findings:
        return subprocess.run([path("conformance/runner"), "--findings", findings] + list(args) +
                              [path(f) for f in FILES],
                              capture_output=True, text=True, env=e, timeout=300)


class BouncyCastleCli(unittest.TestCase):
    def adapter(self, *extra):
        java = shutil.which("java")
        if java is None:
            self.skipTest("no java on PATH (install default-jdk-headless)")
        if not os.access(BCPROV, os.R_OK):
            self.skipTest("%s missing (install libbcprov-java)" % BCPROV)
        return "exec:%s -cp %s:%s BouncyCastleAdapter %s" % (
            java, BCPROV, path("oracles/bouncycastle_adapter.jar"), " ".join(extra))

    def test_files_are_committed_files_of_the_manifest(self):
        committed = manifest.paths(ROOT, "committed")
        self.assertEqual([f for f in FILES if f not in committed], [])

    def test_default_oracle_set_passes_every_file(self):
        r = runner("--impl", "ours/scalar", "--strict-oracles")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        passed = [l for l in r.stdout.splitlines() if l.startswith("  bouncycastle ")]
        self.assertEqual(len(passed), len(FILES), r.stdout)
        for line in passed:
            self.assertRegex(line, r"^  bouncycastle +passed +[1-9][0-9]* passed, 0 failed")

    def test_unplanted_adapter_as_implementation_under_test_passes(self):
        r = runner("--impl", self.adapter(), "--oracle", "openssl")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("RESULT: OK", r.stdout)

    def test_planted_wrong_byte_fails_the_implementation_under_test(self):
        r = runner("--impl", self.adapter("--plant-flip-output"), "--oracle", "openssl")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("RESULT: FAIL (an implementation under test failed)", r.stdout)
        # Every file fails: the flip reaches ECB, CBC, CTR, CFB, OFB, GCM and CCM answers alike.
        for f in FILES:
            self.assertRegex(r.stdout, r"  FAIL exec:.*/%s:" % f.split("/")[-1].replace(".", r"\."))

    def test_planted_wrong_oracle_is_blamed_not_ours(self):
        planted = self.adapter("--plant-flip-output")
        r = runner("--impl", "ours/scalar", "--oracle", "openssl," + planted, "--strict-oracles")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("RESULT: FAIL (an oracle failed and --strict-oracles is set)", r.stdout)
        self.assertRegex(r.stdout, r"FAIL exec:.*BouncyCastleAdapter --plant-flip-output .*"
                                   r"\(third-party finding")
        self.assertRegex(r.stdout, r"  ours/scalar +passed")
        r = runner("--impl", "ours/scalar", "--oracle", "openssl," + planted)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("RESULT: OK (third-party findings above)", r.stdout)

    def test_crash_on_a_ccm_tag_over_16_bytes_is_a_finding(self):
        # tcIds 12 and 13 open with 17- and 18-byte tags: Bouncy Castle throws
        # ArrayIndexOutOfBoundsException (`crashed`), ours refuses: failed cases, each a
        # third-party finding with a reproducer, never BROKE.
        self.adapter()  # skips without java or bcprov
        limits = path("vectors/generated/aria_ccm_limits_test.json")
        with tempfile.TemporaryDirectory() as findings:
            r = subprocess.run([path("conformance/runner"), "--impl", "ours/scalar", "--oracle",
                                "bouncycastle", "--findings", findings, limits],
                               capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertRegex(r.stdout, r"  bouncycastle +FAILED +11 passed, 2 failed +"
                                       r"\[2 third-party finding\(s\)")
            self.assertNotIn("backend error", r.stdout)
            self.assertRegex(r.stdout, r"\naria_ccm_limits_test\.json +13/13 +FAIL 2 *\n")
            for tc in (12, 13):
                self.assertRegex(r.stdout, r"aria_ccm_limits_test\.json:tcId %d \[TagLength\] "
                                           r"ccm-open: the library crashed "
                                           r"\(ArrayIndexOutOfBoundsException" % tc)
            self.assertEqual(os.listdir(findings),
                             ["bouncycastle__aria_ccm_limits_test__ARIA-CCM.json"])

    def assert_skipped(self, env, line):
        """The runner with this environment prints this SKIP line and runs no Bouncy Castle case."""
        r = runner("--impl", "ours/scalar", "--oracle", "bouncycastle", env=env)
        self.assertIn(line, r.stdout)
        self.assertNotRegex(r.stdout, r"  bouncycastle +passed")

    def test_missing_java_is_a_skip_naming_the_package(self):
        self.assert_skipped({"ARIASUITE_JAVA": "/nonexistent/java"},
                            "SKIP bouncycastle: no Java runtime: ARIASUITE_JAVA=/nonexistent/java "
                            "is not an executable (install default-jdk-headless)")

    def test_missing_bcprov_is_a_skip_naming_the_package(self):
        self.assert_skipped({"ARIASUITE_BCPROV_JAR": "/nonexistent/bcprov.jar"},
                            "SKIP bouncycastle: Bouncy Castle jar /nonexistent/bcprov.jar not "
                            "found (install libbcprov-java)")


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
