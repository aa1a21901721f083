#!/usr/bin/env python3
"""The gate's own test: every way the gate could say OK without testing, or blame the wrong
party, is planted here and must give a non-zero verdict with its one-line reason.

ariasuite is a gate: its exit status decides whether a kernel patch or a library release goes in.
Each test below plants one scenario of README.md's table "What makes the gate fail" and asserts the
exit status and the line the user sees. Paths are runfiles of //tools/gate:gate_test.
"""
import os
import re
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


def _cut_mid_line(text):
    """text cut at about 60%, never right after a newline: a file truncated in transfer."""
    cut = len(text) * 6 // 10
    while text[cut - 1] == "\n":
        cut += 1
    return text[:cut]


def _first_hex(text):
    m = re.search(r"[0-9a-fA-F]{16,}", text)
    return m.start() if m else None


# One sample per format, and the edits that break it: (name, edit, fragment of the one error
# line). An edit is (old, new) replacing the first occurrence, or a function of the text.
BAD_INPUT_FORMATS = {
    "evp": ("vectors/samples/aria_evp_sample.txt", [
        ("missing_field", ("Key = 5c82ef0011590b0491ec0462a1ded977\n", ""), "stanza without Key"),
        ("unknown_keyword", ("Cipher = ARIA-128-ECB\n", "Cipher = ARIA-128-ECB\nBogus = 00\n"),
         "unknown field 'Bogus'"),
        ("unknown_cipher", ("Cipher = ARIA-128-ECB\n", "Cipher = ARIA-128-XTS\n"),
         "unsupported cipher 'ARIA-128-XTS'"),
    ]),
    "testmgr": ("vectors/samples/aria_testmgr_sample.h", [
        ("missing_field", lambda t: re.sub(r'\t\t\.key\t= "[^\n]*\n(\t\t\t  "[^\n]*\n)*', "", t, count=1),
         "vector without .key"),
        ("unknown_keyword", ("\t\t.klen\t= 16,", "\t\t.klen\t= 16,\n\t\t.bogus\t= 3,"),
         "unknown field .bogus"),
        ("unknown_mode", ("aria_tv_template", "aria_xts_tv_template"), "unsupported mode"),
    ]),
    "botan": ("vectors/samples/aria_botan_sample.vec", [
        ("missing_field", lambda t: re.sub(r"\nKey = [0-9a-f]+", "", t, count=1), "vector without Key"),
        ("unknown_keyword", lambda t: re.sub(r"\nIn = ", "\nBogus = 00\nIn = ", t, count=1),
         "field 'Bogus' in section [ARIA-128]"),
        ("unknown_section", ("[ARIA-128]", "[ARIA-128/XTS]"), "this ARIA mode is not supported"),
    ]),
    "cryptopp": ("vectors/samples/aria_cryptopp_sample.txt", [
        ("missing_field", lambda t: re.sub(r"\nKey: +[0-9a-f]+", "", t, count=1), "test without Key"),
        ("unknown_keyword", ("\nPlaintext:", "\nBogus: 00\nPlaintext:"), "field 'Bogus'"),
        ("unknown_test", ("Test: Encrypt", "Test: Frobnicate"), "a Crypto++ test this runner does not model"),
        ("ends_without_test", lambda t: t + "Key: 000102030405060708090a0b0c0d0e0f\n",
         "the file ends before a Test: line uses these fields"),
    ]),
    "cryptopp-dat": ("vectors/samples/aria_cryptopp_sample.dat", [
        ("missing_field", lambda t: re.sub(r" [0-9A-F]+\n", "\n", t, count=1),
         "expected 'KEY PLAINTEXT CIPHERTEXT' (three hex fields), got 2"),
    ]),
    "mbedtls": ("vectors/samples/test_suite_aria_sample.data", [
        ("missing_field", lambda t: re.sub(r'(aria_encrypt_ecb:"[0-9a-f]*"):"[0-9a-f]*"', r"\1", t, count=1),
         "aria_encrypt_ecb takes 4 arguments, got 3"),
        ("unknown_function", ("aria_encrypt_ecb:", "aria_frobnicate:"), "unknown test function 'aria_frobnicate'"),
        ("unknown_symbol", lambda t: re.sub(r'(aria_encrypt_ecb:[^\n]*):0\n', r"\1:MBEDTLS_FOO\n", t, count=1),
         "must be an integer or an error code"),
    ]),
    "cavp": ("vectors/samples/aria_gcm_cavp_sample.rsp", [
        ("missing_field", lambda t: re.sub(r"\nTag = [0-9a-f]+", "", t, count=1), "has no Tag"),
        ("unknown_keyword", ("Count = 0\n", "Count = 0\nBogus = 00\n"), "unknown field 'Bogus'"),
        ("unknown_section", ("[Keylen = 128]", "[Frob = 128]"), "unsupported section parameter 'Frob'"),
    ]),
    "wycheproof": ("vectors/generated/aria_cfb1_edge_test.json", [
        ("missing_field", lambda t: re.sub(r'"key": "[0-9a-f]*",', "", t, count=1), "missing field 'key'"),
        ("unknown_keyword", ('"tcId": 1,', '"bogus": 1, "tcId": 1,'), "unknown field 'bogus'"),
        ("unknown_algorithm", ('"algorithm": "ARIA-CFB1"', '"algorithm": "ARIA-XTS"'),
         "unsupported algorithm 'ARIA-XTS'"),
    ]),
}


class BadInputGate(unittest.TestCase):
    """Bad input to `tools/ariasuite conformance`, for every format: one stderr line naming the
    file and line, exit 2, no verdict printed; never a crash, a hang or a pass."""

    def refused(self, args, where, fragment=""):
        r = run([path("conformance/runner"), "--impl", "ours/scalar", "--oracle", "none"] + args)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "")
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(re.match(re.escape(where), lines[0]), "%r does not start with %r" % (lines[0], where))
        self.assertIn(fragment, lines[0])
        self.assertLessEqual(len(lines[0]), len(where) + 400, lines[0])
        return lines[0]

    def test_each_format(self):
        for fmt, (sample, edits) in BAD_INPUT_FORMATS.items():
            text = open(path(sample)).read()
            h = _first_hex(text)
            cases = [("empty", "", ":1: "), ("binary", text[:100] + "\0\x7fELF" + text[100:], "NUL byte"),
                     ("byte_order_mark", "\ufeff" + text, ":1: starts with a UTF-8 byte-order mark"),
                     ("truncated", _cut_mid_line(text), "")]
            if fmt == "testmgr":
                cases.append(("bad_hex", re.sub(r"\\x[0-9a-f]{2}", r"\\xzz", text, count=1),
                              "\\x without hex digits"))
            else:
                cases.append(("bad_hex", text[:h + 4] + "zz" + text[h + 6:], "bad hex digit 'z'"))
                cases.append(("odd_hex", text[:h + 3] + text[h + 4:], "odd number of hex digits"))
            for name, edit, fragment in edits:
                if callable(edit):
                    bad = edit(text)
                else:
                    self.assertIn(edit[0], text, (fmt, name))
                    bad = text.replace(edit[0], edit[1], 1)
                self.assertNotEqual(bad, text, (fmt, name))
                cases.append((name, bad, fragment))
            with tempfile.TemporaryDirectory() as d:
                for name, bad, fragment in cases:
                    with self.subTest(format=fmt, case=name):
                        f = os.path.join(d, "%s_%s" % (fmt, name))
                        with open(f, "w", encoding="utf-8") as out:
                            out.write(bad)
                        self.refused(["--format", fmt, f], f + ":", fragment)
                        line = self.refused([f], f + ":")
                        # Detected from its first line, a .dat whose first line is the broken
                        # one cannot be told apart: the line asks for --format.
                        if not (fmt == "cryptopp-dat" and "name it with --format" in line):
                            self.assertIn(fragment, line)

    def test_wrong_format_named(self):
        # Each sample read as the next format: an error about that grammar, and the hint.
        names = list(BAD_INPUT_FORMATS)
        for i, (fmt, (sample, _)) in enumerate(BAD_INPUT_FORMATS.items()):
            other = names[(i + 1) % len(names)]
            with self.subTest(format=fmt, named=other):
                line = self.refused(["--format", other, path(sample)], path(sample) + ":")
                self.assertTrue(line.endswith("(read as %s, as the format was named; the content looks like %s)"
                                              % (other, fmt)), line)

    def test_not_a_vector_file(self):
        with tempfile.TemporaryDirectory() as d:
            self.refused([d], d + ": is a directory, not a vector file")
            missing = os.path.join(d, "missing.txt")
            self.refused([missing], missing + ": cannot read the file: No such file or directory")
        # A device that never ends is refused at the size limit, not read until memory runs out.
        self.refused(["/dev/zero"], "/dev/zero: larger than 64 MiB: not a vector file")

    def test_usage_errors_are_one_line(self):
        for args, fragment in [(["--format", "bogus", path(SAMPLE)], "unknown format 'bogus' (formats: auto, "),
                               ([], "no vector files given"),
                               (["--frobnicate", path(SAMPLE)], "unknown option '--frobnicate'")]:
            with self.subTest(args=args):
                self.refused(args, "ariasuite conformance: ", fragment)


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

    def test_conformance_stage_names_missing_upstream_files(self):
        # Other projects' files are not ours to require: their absence is a SKIP line naming where
        # they were looked for (the stage still fails here, on the missing Wycheproof files).
        with tempfile.TemporaryDirectory() as cache:
            r = run(["bash", path("tools/ariasuite"), "run", "--only", "conformance"],
                    env={"ARIASUITE_SHARED_DIR": "/nonexistent/ariasuite-shared", "ARIASUITE_CACHE": cache})
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("SKIP /nonexistent/ariasuite-shared/vectors/upstream: no upstream vector files "
                      "(OpenSSL, Botan, Crypto++, Mbed TLS; see vectors/README.md)\n", r.stdout)
        self.assertIn("SKIP %s/kernel/source/*/crypto/testmgr.h: no cached Linux source "
                      "(tools/ariasuite kernel-asm caches it)\n" % cache, r.stdout)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
