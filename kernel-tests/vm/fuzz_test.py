"""fuzz.py and main.py's fuzzer flags without a guest: which program runs with which arguments,
the files the guest gets, replay files checked on the host (a stand-in for `ktls_fuzz --check`),
and the bad flags, each one line and exit 2 within seconds."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fuzz  # noqa: E402
import main  # noqa: E402
import main_testing  # noqa: E402

# Stands in for ktls_fuzz --check: a file holding "bad" is refused with the fuzzer's message.
CHECKER = """#!/bin/sh
[ "$1" = --check ] || exit 9
shift
for f in "$@"; do
  if grep -q bad "$f"; then echo "$f: line 2: unknown operation \\"bad\\"" >&2; exit 2; fi
done
"""


class FuzzTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.prog = os.path.join(self.dir, "ktls_fuzz")
        with open(self.prog, "w") as f:
            f.write(CHECKER)
        os.chmod(self.prog, 0o755)
        self.tests = [("tls_data_test", "/x/tls_data_test", []), ("ktls_fuzz", self.prog, [])]

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        p = os.path.join(self.dir, name)
        with open(p, "w") as f:
            f.write(text)
        return p

    def test_an_ordinary_run_keeps_every_program_and_ships_the_corpus(self):
        corpus = os.path.join(self.dir, "corpus")
        os.mkdir(corpus)
        with open(os.path.join(corpus, "a.ops"), "w") as f:
            f.write("seed 1\npoll\n")
        with open(os.path.join(corpus, "README"), "w") as f:
            f.write("not a list")
        tests, files = fuzz.select(self.tests, None, 1, [], corpus)
        self.assertEqual(tests, self.tests)
        self.assertEqual(files, {"ariasuite/fuzz/a.ops": b"seed 1\npoll\n"})

    def test_fuzz_runs_only_the_fuzzer_with_its_seed(self):
        tests, files = fuzz.select(self.tests, 60, 7, [], None)
        self.assertEqual(tests, [("ktls_fuzz", self.prog, ["--fuzz", "60", "--seed", "7"])])
        self.assertEqual(files, {})

    def test_replay_ships_the_files_checked_on_the_host(self):
        a = self.write("found.ops", "seed 3\nrec 20 0\n")
        tests, files = fuzz.select(self.tests, None, 1, [a], None)
        self.assertEqual(tests, [("ktls_fuzz", self.prog,
                                  ["--replay", "/ariasuite/fuzz/00-found.ops"])])
        self.assertEqual(files, {"ariasuite/fuzz/00-found.ops": b"seed 3\nrec 20 0\n"})

    def test_a_bad_replay_file_is_refused_before_any_boot(self):
        a = self.write("bad.ops", "seed 3\nbad\n")
        with self.assertRaises(fuzz.FuzzError) as e:
            fuzz.select(self.tests, None, 1, [a], None)
        self.assertEqual(str(e.exception),
                         '--fuzz-replay: %s: line 2: unknown operation "bad"' % a)
        with self.assertRaises(fuzz.FuzzError) as e:
            fuzz.select(self.tests, None, 1, [a + "-missing"], None)
        self.assertEqual(str(e.exception), "--fuzz-replay %s-missing: no such file" % a)

    def test_without_the_fuzzer_program_fuzz_is_an_error(self):
        with self.assertRaises(fuzz.FuzzError):
            fuzz.select(self.tests[:1], 60, 1, [], None)
        with self.assertRaises(fuzz.FuzzError):
            fuzz.select(self.tests, None, 1, [], os.path.join(self.dir, "nope"))

    def test_bad_flags_are_one_line_and_exit_2(self):
        prog = ["--test", self.prog]
        for argv, msg in (
                (["--fuzz", "0"], "--fuzz 0: must be at least 1 second"),
                (["--fuzz", "5", "--replay", "x"], "--fuzz and --fuzz-replay exclude each other"),
                (["--fuzz", "5", "--seed", "-1"], "--seed -1: must not be negative"),
                (["--fuzz", "x"], "argument --fuzz: invalid int value: 'x'"),
                (["--replay", os.path.join(self.dir, "none.ops")],
                 "--fuzz-replay %s: no such file" % os.path.join(self.dir, "none.ops"))):
            rc, out, err = main_testing.run_main(["run", "--no-prepare"] + prog + argv, [])
            self.assertEqual(rc, 2, argv)
            self.assertEqual(err.strip().splitlines(), ["ariasuite kernel: error: " + msg], argv)

    def test_the_timeouts_grow_with_the_budget(self):
        seen = {}

        def fake_run(args):
            seen["timeout"], seen["program"] = args.timeout, args.program_timeout
            return 0

        rc, _, _ = main_testing.run_main(["run", "--test", self.prog, "--fuzz", "1800"],
                                         [(main, "cmd_run", fake_run)])
        self.assertEqual(rc, 0)
        self.assertEqual(seen, {"timeout": 2400, "program": 2100})


class DebugTest(unittest.TestCase):
    """--debug: the tree is configured with debug.config too, in a build folder of its own."""

    def run_tree(self, argv):
        import kernel_tree
        seen = {}

        def fake_build(tree, fragments, cache, jobs=None, out=None, base_dir=None):
            seen["fragments"] = [os.path.basename(f) for f in fragments]
            seen["out"] = out
            return {"version": (6, 12, 0), "tree": tree, "build_dir": out or tree}

        with tempfile.TemporaryDirectory() as tree:
            rc, out, err = main_testing.run_main(
                ["run", "--test", "/bin/true", "--kernel-tree", tree, "--tls-selftest", "off",
                 "--cache", tree] + argv,
                [(kernel_tree, "build", fake_build), (main.qemu, "find_qemu", lambda: "qemu"),
                 (main, "_boot_and_report", lambda *a: (0, None))])
            seen["tree"] = tree
        return rc, err, seen

    def test_debug_adds_the_fragment_and_its_own_build_folder(self):
        rc, err, seen = self.run_tree(["--debug"])
        self.assertEqual(rc, 0, err)
        self.assertEqual(seen["fragments"], ["guest.config", "config", "debug.config"])
        self.assertTrue(seen["out"].endswith("-debug"), seen["out"])
        rc, err, seen = self.run_tree([])
        self.assertEqual(seen["fragments"], ["guest.config", "config"])
        self.assertIsNone(seen["out"])

    def test_the_fragment_asks_for_every_checker(self):
        import kernel_tree
        wanted, _ = kernel_tree.merged_fragment([main.DEBUG_FRAGMENT])
        for opt in ("CONFIG_KASAN", "CONFIG_KFENCE", "CONFIG_PROVE_LOCKING", "CONFIG_DEBUG_LIST",
                    "CONFIG_DEBUG_ATOMIC_SLEEP", "CONFIG_UBSAN"):
            self.assertEqual(wanted.get(opt), "y", opt)

    def test_debug_needs_a_tree(self):
        rc, _, err = main_testing.run_main(["run", "--test", "/bin/true", "--debug"], [])
        self.assertEqual(rc, 2)
        self.assertIn("--debug goes with --kernel-tree", err)


if __name__ == "__main__":
    unittest.main()
