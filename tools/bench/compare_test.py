#!/usr/bin/env python3
"""tools/bench/compare.py on made-up benchmark JSON: the same speed passes; one of our rows 5%
slower in every pair fails naming it (a 5% loss in one pair of three does not); a control row
slower fails nothing; a slow spell of a whole cell cancels in the default metric (speed over
OpenSSL's) but not in MB/s; a file that is not a benchmark's, and mismatched run counts, are usage
errors. Also two stand-in binaries run alternately, one slower."""
import json
import os
import stat
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402
from script_test_lib import run_python  # noqa: E402

SCRIPT = os.path.join(HERE, "compare.py")
ROWS = [("ARIA-128", "ECB", 4096, "ours/gfni-avx512", 8000.0),
        ("ARIA-128", "ECB", 4096, "openssl", 150.0),
        ("ARIA-128", "ECB", 4096, "kernel/avx512", 5000.0),
        ("ARIA-128", "GCM-seal", 64, "ours/gfni-avx512", 600.0),
        ("ARIA-128", "GCM-seal", 64, "openssl", 100.0)]


class CompareTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def write(self, name, scale=None):
        scale = scale or {}
        mbps = {(o, sub): m * scale.get((o, sub), 1.0) for _, o, _, sub, m in ROWS}
        doc = {"results": [{"alg": a, "op": o, "size": s, "subject": sub, "mbps": mbps[(o, sub)],
                            "vs_openssl": mbps[(o, sub)] / mbps[(o, "openssl")]}
                           for a, o, s, sub, _ in ROWS]}
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        return path

    def run_json(self, olds, news):
        return run_python(SCRIPT, "--old-json", *olds, "--new-json", *news)

    def test_same_speed_passes(self):
        olds = [self.write(f"o{i}.json") for i in range(3)]
        news = [self.write(f"n{i}.json") for i in range(3)]
        r = self.run_json(olds, news)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("no row of ours slower", r.stdout)

    def test_our_row_slower_in_every_pair_fails(self):
        olds = [self.write(f"o{i}.json") for i in range(3)]
        news = [self.write(f"n{i}.json", {("GCM-seal", "ours/gfni-avx512"): 0.95}) for i in range(3)]
        r = self.run_json(olds, news)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("GCM-seal", [l for l in r.stdout.splitlines() if "SLOWER" in l][0])

    def test_one_noisy_pair_of_three_passes(self):
        olds = [self.write(f"o{i}.json") for i in range(3)]
        news = [self.write("n0.json", {("ECB", "ours/gfni-avx512"): 0.95}),
                self.write("n1.json"), self.write("n2.json")]
        r = self.run_json(olds, news)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_control_row_slower_fails_nothing(self):
        olds = [self.write("o0.json")]
        news = [self.write("n0.json", {("ECB", "kernel/avx512"): 0.8})]
        r = self.run_json(olds, news)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("kernel/avx512            0.800  (control)", r.stdout)

    def test_a_slow_spell_of_the_whole_cell_cancels_in_vs_openssl_not_in_mbps(self):
        olds = [self.write("o0.json")]
        news = [self.write("n0.json", {("ECB", "openssl"): 0.9, ("ECB", "ours/gfni-avx512"): 0.9,
                                       ("ECB", "kernel/avx512"): 0.9})]
        r = self.run_json(olds, news)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertFalse([l for l in r.stdout.splitlines() if l.split()[3:4] == ["openssl"]])
        r = run_python(SCRIPT, "--metric", "mbps", "--old-json", *olds, "--new-json", *news)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("openssl                  0.900  (control)", r.stdout)

    def test_not_a_benchmark_file_is_a_usage_error(self):
        bad = os.path.join(self.dir, "bad.json")
        with open(bad, "w", encoding="utf-8") as f:
            f.write('{"rows": []}')
        r = self.run_json([bad], [self.write("n0.json")])
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("bad.json: not a benchmark JSON file", r.stderr)

    def test_mismatched_run_counts_are_a_usage_error(self):
        r = self.run_json([self.write("o0.json"), self.write("o1.json")], [self.write("n0.json")])
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)

    def stand_in(self, name, scale):
        """An executable that writes the made-up JSON (our rows scaled) to its --json argument."""
        src = self.write(name + ".json", {("ECB", "ours/gfni-avx512"): scale,
                                          ("GCM-seal", "ours/gfni-avx512"): scale})
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(f'#!/bin/sh\n[ "$1" = --json ] && cp "{src}" "$2"\n')
        os.chmod(path, stat.S_IRWXU)
        return path

    def test_binaries_run_alternately(self):
        old, new = self.stand_in("old", 1.0), self.stand_in("new", 0.9)
        keep = os.path.join(self.dir, "kept")
        r = run_python(SCRIPT, "--old-bin", old, "--new-bin", new, "--runs", "2", "--keep", keep)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertEqual(r.stdout.count("SLOWER"), 2, r.stdout)
        self.assertIn("run 2/2 new done", r.stderr)
        self.assertEqual(sorted(os.listdir(keep)), ["new1.json", "new2.json", "old1.json", "old2.json"])

    def test_failing_binary_is_a_usage_error(self):
        broken = os.path.join(self.dir, "broken")
        with open(broken, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\necho 'bench: no such subject' >&2\nexit 4\n")
        os.chmod(broken, stat.S_IRWXU)
        r = run_python(SCRIPT, "--old-bin", broken, "--new-bin", broken)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("exited 4: bench: no such subject", r.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
