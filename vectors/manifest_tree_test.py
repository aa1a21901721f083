#!/usr/bin/env python3
"""//vectors:manifest_tree_test: vectors/MANIFEST lists every vector file of the tree (and of the
shared folder when there is one) and names no missing file; manifest.py's check catches a planted unlisted
file and a planted entry without its file, in the tree and in the shared folder; its parser names
file:line for each malformed line; `list` prints the full paths of the places asked, in order."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
import manifest  # noqa: E402
import testdata  # noqa: E402
import unittest_junit  # noqa: E402

# The source tree (the runfile's real path leads back to it: Bazel does not list vectors/ whole).
SOURCE = os.path.dirname(os.path.dirname(os.path.realpath(os.path.join(HERE, "MANIFEST"))))


def write(path, text=""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


class TreeTest(unittest.TestCase):
    def test_every_file_listed_and_every_entry_a_file(self):
        shared = testdata.shared_dir(SOURCE)[0]
        found, skipped = manifest.problems(SOURCE, shared)
        self.assertEqual(found, [])
        self.assertEqual(skipped, [] if shared else ["wycheproof", "upstream"])
        # Not vacuous: the tree's committed files are there to compare.
        self.assertGreaterEqual(len(manifest.paths(SOURCE, "committed")), 25)


class CheckTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.root = os.path.join(self.dir, "ws")
        self.shared = os.path.join(self.dir, "shared")
        write(os.path.join(self.root, "vectors", "MANIFEST"),
              "vectors/a.json committed A\nvectors/generated/g.json committed G\n"
              "vectors/samples/s.txt committed S\n"
              "vectors/wycheproof/w_test.json wycheproof W\n"
              "vectors/upstream/lib/u.txt upstream U\n")
        for p in ("vectors/a.json", "vectors/generated/g.json", "vectors/samples/s.txt",
                  "vectors/README.md", "vectors/loader.cc"):
            write(os.path.join(self.root, p))
        for p in ("vectors/wycheproof/w_test.json", "vectors/wycheproof/common.json",
                  "vectors/upstream/lib/u.txt", "vectors/upstream/SOURCE.md"):
            write(os.path.join(self.shared, p))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_clean_tree(self):
        self.assertEqual(manifest.problems(self.root, self.shared), ([], []))

    def test_unlisted_files_caught(self):
        write(os.path.join(self.root, "vectors", "samples", "new.rsp"))
        write(os.path.join(self.root, "vectors", "b.json"))
        write(os.path.join(self.shared, "vectors", "wycheproof", "x_test.json"))
        write(os.path.join(self.shared, "vectors", "upstream", "lib2", "v.vec"))
        found, _ = manifest.problems(self.root, self.shared)
        self.assertEqual(found, [
            os.path.join(self.root, "vectors/b.json") +
            ": a committed vector file not in vectors/MANIFEST",
            os.path.join(self.root, "vectors/samples/new.rsp") +
            ": a committed vector file not in vectors/MANIFEST",
            os.path.join(self.shared, "vectors/wycheproof/x_test.json") +
            ": a wycheproof vector file not in vectors/MANIFEST",
            os.path.join(self.shared, "vectors/upstream/lib2/v.vec") +
            ": a upstream vector file not in vectors/MANIFEST",
        ])

    def test_entries_without_file_caught(self):
        os.remove(os.path.join(self.root, "vectors", "generated", "g.json"))
        os.remove(os.path.join(self.shared, "vectors", "upstream", "lib", "u.txt"))
        found, _ = manifest.problems(self.root, self.shared)
        self.assertEqual(found, [
            "vectors/MANIFEST:2: vectors/generated/g.json: no such file under " + self.root,
            "vectors/MANIFEST:5: vectors/upstream/lib/u.txt: no such file under " + self.shared,
        ])

    def test_no_shared_folder_checks_the_tree_only(self):
        os.remove(os.path.join(self.root, "vectors", "a.json"))
        found, skipped = manifest.problems(self.root, "")
        self.assertEqual(found, ["vectors/MANIFEST:1: vectors/a.json: no such file under " +
                                 self.root])
        self.assertEqual(skipped, ["wycheproof", "upstream"])


class ParseTest(unittest.TestCase):
    def test_entries(self):
        e = manifest.parse("# c\n\nvectors/a.json committed  What it  holds \n"
                           "vectors/upstream/x/y upstream Y\n", "M")
        self.assertEqual(e, [manifest.Entry("vectors/a.json", "committed", "What it  holds", 3),
                             manifest.Entry("vectors/upstream/x/y", "upstream", "Y", 4)])

    def test_malformed_lines(self):
        for line, want in [
                ("vectors/a.json", "M:2: expected `<path> <place> <what it holds>`"),
                ("vectors/a.json committed", "M:2: vectors/a.json: no description of what it holds"),
                ("vectors/a.json shared A",
                 "M:2: vectors/a.json: unknown place 'shared' (committed, wycheproof or upstream)"),
                ("a.json committed A", "M:2: a.json: not a file under vectors/ (place committed)"),
                ("vectors/../a.json committed A",
                 "M:2: vectors/../a.json: not a file under vectors/ (place committed)"),
                ("vectors/a.json wycheproof A",
                 "M:2: vectors/a.json: not a file under vectors/wycheproof/ (place wycheproof)"),
                ("vectors/upstream/a.txt committed A",
                 "M:2: vectors/upstream/a.txt: a shared folder's path, not committed"),
                ("vectors/b.json committed B", "M:2: vectors/b.json: listed twice")]:
            with self.subTest(line=line):
                with self.assertRaises(manifest.ManifestError) as cm:
                    manifest.parse("vectors/b.json committed B\n" + line, "M")
                self.assertEqual(str(cm.exception), want)


class CommandTest(unittest.TestCase):
    def run_tool(self, *args):
        return subprocess.run([sys.executable, os.path.join(HERE, "manifest.py")] + list(args),
                              capture_output=True, text=True)

    def test_list(self):
        r = self.run_tool("list", "--shared", "/S", "upstream", "committed")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        entries = manifest.load(os.path.dirname(HERE))
        want = ["/S/" + e.path for e in entries if e.place == "upstream"] + \
            [os.path.join(os.path.dirname(HERE), e.path) for e in entries
             if e.place == "committed"]
        self.assertEqual(lines, want)
        self.assertIn("/S/vectors/upstream/openssl/evpciph_aria.txt", lines)

    def test_bad_usage(self):
        for args, what in [((), "expected `list PLACE...` or `check`"),
                           (("list",), "list needs a place"),
                           (("list", "shared"), "unknown place 'shared'"),
                           (("check", "x"), "check takes no argument"),
                           (("list", "--shared"), "--shared needs a folder")]:
            with self.subTest(args=args):
                r = self.run_tool(*args)
                self.assertEqual(r.returncode, 2)
                self.assertEqual(r.stdout, "")
                self.assertTrue(r.stderr.startswith("manifest: " + what), r.stderr)
                self.assertEqual(len(r.stderr.splitlines()), 1)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
