#!/usr/bin/env python3
"""`tools/ariasuite vectors import` (//vectors:import behind tools/cmd/vectors.sh): every sample
format and every upstream file in ../shared/vectors/upstream/ (SKIP naming the folder when absent)
becomes Wycheproof JSON whose cases name their source file and line and whose flags are defined in
notes; bad input is one line naming file:line and exit 2; the front door's usage errors come before
any build."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, HERE)
import testdata  # noqa: E402
import unittest_junit  # noqa: E402

IMPORT = os.path.join(ROOT, "vectors", "import")
SAMPLES = sorted(glob.glob(os.path.join(ROOT, "vectors", "samples", "*")))


def shared_upstream():
    """The shared upstream folder, or None with the places looked in (testdata.shared_dir)."""
    shared, places = testdata.shared_dir(ROOT)
    up = os.path.join(shared, "vectors", "upstream") if shared else ""
    return (up if up and os.path.isdir(up) else None), places


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=300)


class ImportTest(unittest.TestCase):
    def check_output(self, out_dir, sources):
        files = sorted(glob.glob(os.path.join(out_dir, "*.json")))
        self.assertTrue(files)
        total = 0
        for f in files:
            doc = json.load(open(f))
            for g in doc["testGroups"]:
                for t in g["tests"]:
                    total += 1
                    m = re.match(r"^(.*):(\d+)(: .*)?$", t["comment"])
                    self.assertIsNotNone(m, t["comment"])
                    self.assertIn(m.group(1), sources, t["comment"])
                    for flag in t["flags"]:
                        self.assertIn(flag, doc["notes"], f)
        return total

    def import_files(self, sources):
        with tempfile.TemporaryDirectory() as d:
            r = run([IMPORT] + sources + ["-o", os.path.join(d, "out.json")])
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertEqual(r.stderr, "")
            written = sum(int(n) for n in re.findall(r"^wrote .*, (\d+) case\(s\)$", r.stdout, re.M))
            loaded = sum(int(n) for n in re.findall(r"\): (\d+) case\(s\)", r.stdout))
            self.assertEqual(written, loaded, r.stdout)
            self.assertEqual(self.check_output(d, sources), written)
            return r.stdout

    def test_every_sample_format(self):
        self.assertGreaterEqual(len(SAMPLES), 9)
        out = self.import_files(SAMPLES)
        for fmt in ["evp", "cavp", "testmgr", "botan", "cryptopp", "cryptopp-dat", "mbedtls"]:
            self.assertIn("(%s): " % fmt, out)

    def test_upstream_files(self):
        up, places = shared_upstream()
        if up is None:
            self.skipTest("SKIP: no vectors/upstream/ in %s" % ", ".join(places))
        files = sorted(f for f in glob.glob(os.path.join(up, "*", "*")) if os.path.isfile(f))
        self.assertTrue(files, up)
        out = self.import_files(files)
        self.assertIn("evpciph_aria.txt (evp): 33 case(s)", out)

    def test_bad_input_is_one_line_naming_the_line(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "bad.vec")
            open(bad, "w").write("[ARIA-128]\nKey = 00zz\nIn = 00\nOut = 00\n")
            r = run([IMPORT, bad, "-o", os.path.join(d, "o.json")])
            self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
            self.assertEqual(r.stderr, "vectors import: %s:2: Key: bad hex digit 'z' at offset 2\n" % bad)
            self.assertEqual(os.listdir(d), ["bad.vec"])
            r = run([IMPORT, bad])
            self.assertEqual(r.returncode, 2)
            self.assertIn("no output file (-o OUT.json)", r.stderr)
            self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)

    def test_bad_output_path_is_one_line_before_any_work(self):
        sample = [f for f in SAMPLES if f.endswith("aria_evp_sample.txt")]
        self.assertEqual(len(sample), 1)
        with tempfile.TemporaryDirectory() as d:
            for out, want in [
                    (d, "vectors import: -o %s is a folder; name the output file (e.g. %s/OUT.json)\n" % (d, d)),
                    (d + "/", "vectors import: -o %s/ is a folder; name the output file (e.g. %s/OUT.json)\n"
                     % (d, d)),
                    (os.path.join(d, "no", "out.json"),
                     "vectors import: -o %s/no/out.json: the folder %s/no does not exist\n" % (d, d))]:
                with self.subTest(out=out):
                    r = run([IMPORT] + sample + ["-o", out])
                    self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
                    self.assertEqual(r.stderr, want)
                    self.assertEqual(r.stdout, "")
                    self.assertEqual(os.listdir(d), [])
        # A folder that exists but takes no file (as root too): the write fails with the reason.
        r = run([IMPORT] + sample + ["-o", "/proc/ariasuite-import.json"])
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertRegex(r.stderr, r"^vectors import: /proc/ariasuite-import_aria-[a-z0-9]+\.json: cannot write: .+\n$")

    def test_front_door_usage(self):
        r = run(["bash", os.path.join(ROOT, "tools", "ariasuite"), "vectors", "import"])
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("usage: tools/ariasuite vectors import [--format F] [--skip-unsupported] FILE... "
                      "-o OUT.json", r.stderr)
        r = run(["bash", os.path.join(ROOT, "tools", "ariasuite"), "vectors", "frobnicate"])
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("generate|check|import", r.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
