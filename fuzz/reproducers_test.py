#!/usr/bin/env python3
"""Every third-party finding in fuzz/reproducers/ still reproduces: the conformance runner over each
file, with every path of ours and the library the file is named after (botan_*, cryptopp_*,
bouncycastle_*) beside the independent judges (openssl, sp800-38d, sp800-38f), gives every path of
ours `passed` and that library `FAILED` or `BROKE`, blamed as a third-party finding. A library that
has been fixed, or a reproducer that no longer loads, fails this test with the file named; a planted
file the library passes shows the check can fail. Paths are runfiles of //fuzz:reproducers_test."""
import glob
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "vectors"))
import manifest  # noqa: E402
import unittest_junit  # noqa: E402

JUDGES = ["openssl", "sp800-38d", "sp800-38f"]


def blocks(stdout):
    """{file path: {backend: verdict}} from the runner's per-file tables."""
    out, current = {}, None
    for line in stdout.splitlines():
        m = re.match(r"^== (\S+) \(", line)
        if m:
            current = out.setdefault(m.group(1), {})
            continue
        m = re.match(r"^  (\S+) +(passed|FAILED|BROKE|SKIP|NOT RUN)\b", line)
        if m and current is not None:
            current[m.group(1)] = m.group(2)
    return out


def problems(library, files):
    """One line per file of `files` on which `library`'s finding does not reproduce."""
    with tempfile.TemporaryDirectory() as findings:
        r = subprocess.run([os.path.join(ROOT, "conformance/runner"), "--impl", "ours",
                            "--oracle", ",".join([library] + JUDGES), "--findings", findings] +
                           files, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return ["runner exited %d on %s: %s" % (r.returncode, " ".join(files),
                                                (r.stderr or r.stdout).strip()[-400:])]
    table, out = blocks(r.stdout), []
    for f in files:
        verdicts = table.get(f)
        if verdicts is None:
            out.append("%s: no result in the runner's output" % f)
            continue
        ours = {k: v for k, v in verdicts.items() if k.startswith("ours/")}
        if not ours or any(v not in ("passed", "SKIP") for v in ours.values()) or \
                "passed" not in ours.values():
            out.append("%s: ours did not pass: %s" % (f, ours))
        if verdicts.get(library) not in ("FAILED", "BROKE"):
            out.append("%s: %s gave %s, not FAILED or BROKE: the finding no longer reproduces" %
                       (f, library, verdicts.get(library)))
    return out


class Reproducers(unittest.TestCase):
    def test_every_finding_reproduces(self):
        files = sorted(glob.glob(os.path.join(ROOT, "fuzz/reproducers/*.json")))
        by_library = {}
        for f in files:
            by_library.setdefault(os.path.basename(f).split("_")[0], []).append(f)
        self.assertEqual(sorted(by_library), ["botan", "bouncycastle", "cryptopp"], files)
        for library, group in sorted(by_library.items()):
            with self.subTest(library=library):
                self.assertEqual(problems(library, group), [])

    def test_planted_file_the_library_passes_is_caught(self):
        rel = "vectors/rfc8269_gcm.json"
        self.assertIn(rel, manifest.paths(ROOT, "committed"))
        sample = os.path.join(ROOT, rel)
        found = problems("bouncycastle", [sample])
        self.assertEqual(len(found), 1, found)
        self.assertIn("bouncycastle gave passed, not FAILED or BROKE", found[0])


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
