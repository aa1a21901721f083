#!/usr/bin/env python3
"""The gate's own test: every way the gate could say OK without testing, or blame the wrong
party, is planted here and must give a non-zero verdict with its one-line reason.

ariasuite is a gate: its exit status decides whether a kernel patch or a library release goes in.
Each test below plants one scenario of tools/gate/README.md's table and asserts the
exit status and the line the user sees. Paths are runfiles of //tools/gate:gate_test.
"""
import os
import re
import shutil
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
                               (["--frobnicate", path(SAMPLE)], "unknown argument '--frobnicate'")]:
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
    """Every per-path suite lists every path: on a CPU without GFNI (valgrind's virtual CPU
    has none) the GFNI paths are SKIPPED with the missing feature named, never left out."""

    def test_paths_the_cpu_lacks_are_listed_as_skipped(self):
        if not os.path.exists("/usr/bin/valgrind"):
            self.skipTest("valgrind is not installed (/usr/bin/valgrind): no CPU without GFNI here")
        r = run(["/usr/bin/valgrind", "--tool=none", "-q", path("impl/cmac_test"),
                 "--gtest_filter=CmacTest.TruncationAndVerification/*"])
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        for p in ("Scalar", "AesniAvx", "AesniAvx2", "VaesAvx2", "GfniAvx2", "GfniAvx512"):
            self.assertIn("CmacTest.TruncationAndVerification/" + p, r.stdout)
        self.assertIn("[  SKIPPED ] CmacTest.TruncationAndVerification/GfniAvx512", r.stdout)
        self.assertIn("[  SKIPPED ] CmacTest.TruncationAndVerification/VaesAvx2", r.stdout)
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


def front_door(args, env=None, cwd=None):
    return run(["bash", path("tools/ariasuite")] + args, env=env, cwd=cwd)


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1] if lines else ""


def fake_root(d, stubs):
    """A copy of the front door and the run command's stages in d, with the commands in stubs
    ({command: shell body}) replaced: the real tools/cmd/run.sh and tools/run.d/ judge what a
    planted command returns."""
    for rel in ["tools/ariasuite", "tools/lib.sh", "tools/cmd/run.sh"] + [
            "tools/run.d/" + f for f in sorted(os.listdir(path("tools/run.d")))]:
        os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
        shutil.copy(path(rel), os.path.join(d, rel))
    for cmd, body in stubs.items():
        with open(os.path.join(d, "tools/cmd/%s.sh" % cmd), "w") as f:
            f.write("# summary: planted %s\n%s\n" % (cmd, body))
    return os.path.join(d, "tools/ariasuite")


class NothingTestedGate(unittest.TestCase):
    """No command exits 0 when everything skipped or nothing ran: exit 4 (the suite's convention)
    and one line naming what was skipped and why. One test per command and per stage of `run`:

    fuzz         kernel_aria_asm alone without a kernel tree (ARIASUITE_KERNEL_TREE missing),
                 plain and --coverage: exit 4, `ariasuite fuzz: nothing tested: every target
                 skipped: kernel_aria_asm: ...`. With one other target it is 0 and counts the skip.
    test         cannot be made to skip everything from here: its format and layering checks pass
                 on every checkout and need git and a Bazel workspace; its last line's verdict
                 (tools/cmd/lib/counts.sh, shared with fuzz) is planted with 0 passed: exit 4.
    run          every stage left out by --skip: exit 4; a fuzz, mutants or kernel command that
                 exits 4 makes its stage SKIP (kernel and kernel_fuzz) and the run exit 4
                 (planted commands in a copy of the front door); kernel_asm without a tree:
                 SKIP, exit 4.
    kernel       no prepared kernel with --no-prepare (kernel-tests/vm/main.py; the front door builds
                 the guest programs first): exit 4, `SKIP: no prepared kernel in ...`. --filter
                 matching nothing: //kernel-tests/vm:runner_test.
    kernel-asm   without a tree it is a setup error, exit 2 with one line (a missing tree, a folder
                 that is not one); exit 4 (this CPU runs none of the functions) cannot be planted
                 on a CPU that runs them.
    ct           every check skipped by the only method asked for (a valgrind whose virtual CPU runs
                 none of them, the hard case: natively they run), and every check skipped natively:
                 exit 4, `ct: nothing tested: ...`.
    bench        --filter naming no subject of this host: exit 4 before any timing.
    mutants      --skip-stage of every stage of suite.txt: exit 4 before any build.
    conformance  its nothing-tested code is 3 (documented in README and conformance/README.md:
                 an implementation under test did not run), planted here with --skip-unsupported
                 on a file whose every case is unsupported; more in ConformanceRunnerGate.
    vectors      generate and check always compare every file: nothing to skip; import of files
                 with no case it can import is exit 2, `no case to import`.
    impls        cannot skip: the scalar path runs on every x86-64 CPU.
    """

    MISSING_TREE = "/nonexistent/ariasuite-kernel-tree"

    def test_fuzz_of_a_target_whose_input_is_absent(self):
        for extra in ([], ["--coverage"], ["--merge"]):
            with self.subTest(flags=extra):
                r = front_door(["fuzz"] + extra + ["kernel_aria_asm"],
                               env={"ARIASUITE_KERNEL_TREE": self.MISSING_TREE})
                self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
                self.assertIn("fuzz: SKIP kernel_aria_asm: --kernel-tree %s: no such directory\n"
                              % self.MISSING_TREE, r.stdout)
                self.assertIn("fuzz: 0 passed, 0 failed, 1 skipped\n", r.stdout)
                self.assertEqual(last_line(r.stderr),
                                 "ariasuite fuzz: nothing tested: every target skipped: "
                                 "kernel_aria_asm: --kernel-tree %s: no such directory; a skip is "
                                 "never a pass (exit 4)" % self.MISSING_TREE)

    def counts_status(self, passed, failed, skipped):
        return run(["bash", "-c", 'source "$0"; counts_status test "$@"',
                    path("tools/cmd/lib/counts.sh"), str(passed), str(failed), str(skipped)])

    def test_test_commands_verdict(self):
        r = self.counts_status(0, 0, 3)
        self.assertEqual(r.returncode, 4, r.stderr)
        self.assertEqual(r.stderr, "ariasuite test: nothing tested: 0 passed, 3 skipped (the "
                         "reasons are listed above); a skip is never a pass (exit 4)\n")
        r = self.counts_status(0, 0, 0)
        self.assertEqual(r.returncode, 4, r.stderr)
        self.assertIn("nothing tested: nothing ran", r.stderr)
        self.assertEqual(self.counts_status(0, 1, 3).returncode, 1)
        self.assertEqual(self.counts_status(2, 0, 3).returncode, 0)
        # The command ends with this verdict (its status is the script's last command's).
        with open(path("tools/cmd/test.sh")) as f:
            last = [l for l in f.read().splitlines() if l.strip()][-1]
        self.assertEqual(last, 'counts_status test "$test_passed" "$test_failed" "$test_skipped"')

    def test_run_with_every_stage_skipped(self):
        r = front_door(["run", "--only", "impls", "--skip", "impls"])
        self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
        self.assertIn("RESULT: NOTHING TESTED", r.stdout)
        self.assertNotIn("RESULT: PASS", r.stdout)
        self.assertEqual(r.stderr, "ariasuite run: nothing tested: --skip impls leaves none of the "
                         "stages impls to run\n")

    def test_run_stage_of_a_command_that_skipped_everything(self):
        for stage, cmd in (("fuzz", "fuzz"), ("mutants", "mutants"), ("kernel", "kernel"),
                           ("kernel_fuzz", "kernel")):
            with self.subTest(stage=stage), tempfile.TemporaryDirectory() as d:
                door = fake_root(d, {cmd: 'echo "planted: 0 passed, 0 failed, 1 skipped"; exit 4'})
                r = run(["bash", door, "run", "--only", stage])
                self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
                self.assertRegex(r.stdout, r"\n%s +SKIP " % stage)
                self.assertIn("RESULT: NOT ALL TESTED", r.stdout)

    def test_run_kernel_asm_stage_without_a_tree(self):
        r = front_door(["run", "--only", "kernel_asm"],
                       env={"ARIASUITE_KERNEL_TREE": self.MISSING_TREE})
        self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
        self.assertIn("SKIP: --kernel-tree %s: no such directory" % self.MISSING_TREE, r.stdout)
        self.assertRegex(r.stdout, r"\nkernel_asm +SKIP ")

    def test_kernel_without_a_kernel_to_boot(self):
        with tempfile.TemporaryDirectory() as cache:
            junit = os.path.join(cache, "k.xml")
            r = run([sys.executable, path("kernel-tests/vm/main.py"), "run", "--no-prepare",
                     "--cache", cache, "--test", "/bin/true", "--junit", junit])
            self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
            self.assertEqual(r.stdout, "0 passed, 0 failed, 1 skipped\n")
            self.assertEqual(r.stderr, "ariasuite kernel: SKIP: no prepared kernel in %s/kernel: "
                             "run kernel-tests/vm/prepare.sh (or tools/ariasuite kernel) first\n" % cache)
            with open(junit) as f:
                self.assertIn("<skipped", f.read())

    def test_kernel_asm_without_a_tree(self):
        with tempfile.TemporaryDirectory() as empty:
            for args, line in (
                    (["--kernel-tree", self.MISSING_TREE],
                     "ariasuite kernel-asm: error: --kernel-tree %s: no such directory" % self.MISSING_TREE),
                    (["--kernel-tree", empty],
                     "ariasuite kernel-asm: error: %s has none of arch/x86/crypto/"
                     "{aria-aesni-avx-asm_64.S," % empty)):
                with self.subTest(args=args):
                    if args[1] == empty:  # the front door builds the harness before this check
                        r = run([sys.executable, path("kernel-tests/asm/main.py"), "run",
                                 "--harness", "/bin/true"] + args)
                    else:
                        r = front_door(["kernel-asm"] + args)
                    self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
                    self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
                    self.assertTrue(r.stderr.startswith(line), r.stderr)

    def ct(self, d, native, under_valgrind, extra=()):
        def script(name, body):
            p = os.path.join(d, name)
            with open(p, "w") as f:
                f.write("#!/bin/sh\n" + body)
            os.chmod(p, 0o755)
            return p
        checks = script("ct_check", '[ "$1" = "--list" ] || exit 3\nprintf \'%s\'\n' % native)
        vg = script("valgrind", '[ "$1" = "--version" ] && { echo valgrind-3.19.0; exit 0; }\n'
                    'printf \'%s\'\n' % under_valgrind)
        return run([sys.executable, path("tools/ct/ct_driver.py"), "--ct-binary", checks,
                    "--valgrind", vg, "--method", "valgrind"] + list(extra))

    def test_ct_with_every_check_skipped(self):
        with tempfile.TemporaryDirectory() as d:
            # The hard case: every check runs on this CPU, none under valgrind's virtual CPU.
            r = self.ct(d, r"gfni-avx512/ecb\tRUN\t\nleaky/table-sbox\tRUN\t\n",
                        r"gfni-avx512/ecb\tSKIP\tthis CPU cannot run gfni-avx512: missing GFNI\n"
                        r"leaky/table-sbox\tSKIP\tmissing AVX2\n")
            self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
            self.assertIn("ct: NOTHING TESTED", r.stdout)
            self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
            self.assertTrue(r.stderr.startswith("ct: nothing tested: every check of valgrind was "
                                                "skipped (valgrind: valgrind 3.19.0 does not "
                                                "support AVX-512"), r.stderr)
            # Every check skipped natively, a check named on the command line.
            r = self.ct(d, r"gfni-avx512/ecb\tSKIP\tthis CPU cannot run gfni-avx512: missing GFNI\n",
                        "", ["gfni-avx512/ecb"])
            self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
            self.assertIn("this CPU cannot run gfni-avx512: missing GFNI", r.stderr)
            # One check that runs and passes under valgrind is a pass, not a skip.
            r = self.ct(d, r"scalar/ecb\tRUN\t\n", r"scalar/ecb\tRUN\t\n", ["scalar/ecb"])
            self.assertNotEqual(r.returncode, 4, r.stdout + r.stderr)

    def test_bench_filter_matching_nothing(self):
        r = run([path("tools/bench/bench"), "--quick", "--filter", "ours/gfni-avx1024"])
        self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "")
        self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
        self.assertTrue(r.stderr.startswith("bench: nothing benchmarked: --filter ours/gfni-avx1024 "
                                            "matches no subject (subjects on this host: "
                                            "ours/scalar, "), r.stderr)

    def test_mutants_with_every_stage_left_out(self):
        with open(path("tools/mutants/suite.txt")) as f:
            stages = [l.split("|")[0].strip() for l in f
                      if l.strip() and not l.startswith("#")]
        self.assertGreater(len(stages), 1)
        args = ["mutants"]
        for s in stages:
            args += ["--skip-stage", s]
        r = front_door(args)
        self.assertEqual(r.returncode, 4, r.stdout + r.stderr)
        self.assertEqual(r.stderr, "mutants: nothing tested: --skip-stage leaves out every stage "
                         "of suite.txt (%s)\n" % ", ".join(stages))

    def test_conformance_with_every_case_unsupported(self):
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "xts.txt")
            with open(f, "w") as out:
                out.write("Cipher = ARIA-128-XTS\nKey = %s\nIV = %s\nPlaintext = %s\n"
                          "Ciphertext = %s\n" % ("00" * 32, "00" * 16, "00" * 16, "00" * 16))
            r = run([path("conformance/runner"), "--impl", "ours/scalar", "--oracle", "none",
                     "--skip-unsupported", f])
            self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
            self.assertIn("RESULT: NOTHING TESTED", r.stdout)
            self.assertEqual(r.stderr, "ariasuite conformance: nothing tested: ours/scalar on %s: "
                             "did not run: the file has no case to run\n" % f)
            r = run([path("vectors/import"), "--skip-unsupported", f, "-o",
                     os.path.join(d, "out.json")])
            self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
            self.assertEqual(r.stderr, "vectors import: no case to import in 1 file(s)\n")
            self.assertFalse(os.path.exists(os.path.join(d, "out.json")))


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
