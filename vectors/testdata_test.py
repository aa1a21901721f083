#!/usr/bin/env python3
"""//vectors:testdata_test: testdata.shared_dir() on made-up trees: the folder `shared` beside the
workspace found through the real path of vectors/README.md (a runfiles-like tree of links leads
back), $ARIASUITE_SHARED_DIR taking precedence and never second-guessed, and a folder without
vectors/wycheproof not counting (with the place looked in)."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
import testdata  # noqa: E402
import unittest_junit  # noqa: E402


def make_tree(d, with_shared=True):
    """d/ws/vectors/README.md, d/shared/vectors/wycheproof/ (optional), and d/out/runfiles/vectors/
    README.md a link to the workspace's (deeper than the workspace, as Bazel's output base, so
    only the link's real path leads to the shared folder)."""
    os.makedirs(os.path.join(d, "ws", "vectors"))
    open(os.path.join(d, "ws", "vectors", "README.md"), "w").close()
    if with_shared:
        os.makedirs(os.path.join(d, "shared", "vectors", "wycheproof"))
    os.makedirs(os.path.join(d, "out", "runfiles", "vectors"))
    os.symlink(os.path.join(d, "ws", "vectors", "README.md"),
               os.path.join(d, "out", "runfiles", "vectors", "README.md"))


class SharedDirTest(unittest.TestCase):
    def setUp(self):
        self.saved = os.environ.pop("ARIASUITE_SHARED_DIR", None)

    def tearDown(self):
        if self.saved is not None:
            os.environ["ARIASUITE_SHARED_DIR"] = self.saved
        else:
            os.environ.pop("ARIASUITE_SHARED_DIR", None)

    def test_found_beside_the_workspace_from_a_runfiles_tree(self):
        with tempfile.TemporaryDirectory() as d:
            d = os.path.realpath(d)
            make_tree(d)
            for root in ("ws", "out/runfiles"):
                found, places = testdata.shared_dir(os.path.join(d, root))
                self.assertEqual(found, os.path.join(d, "shared"), root)
                self.assertEqual(places, [os.path.join(d, "shared")])

    def test_missing_or_without_wycheproof_is_not_found(self):
        with tempfile.TemporaryDirectory() as d:
            d = os.path.realpath(d)
            make_tree(d, with_shared=False)
            self.assertEqual(testdata.shared_dir(os.path.join(d, "out", "runfiles")),
                             ("", [os.path.join(d, "shared")]))
            os.makedirs(os.path.join(d, "shared", "vectors", "upstream"))
            self.assertEqual(testdata.shared_dir(os.path.join(d, "out", "runfiles"))[0], "")

    def test_environment_wins_and_is_not_second_guessed(self):
        with tempfile.TemporaryDirectory() as d:
            d = os.path.realpath(d)
            make_tree(d)
            other = os.path.join(d, "other")
            os.makedirs(os.path.join(other, "vectors", "wycheproof"))
            os.environ["ARIASUITE_SHARED_DIR"] = other
            self.assertEqual(testdata.shared_dir(os.path.join(d, "ws")), (other, [other]))
            os.environ["ARIASUITE_SHARED_DIR"] = os.path.join(d, "nowhere")
            self.assertEqual(testdata.shared_dir(os.path.join(d, "ws")),
                             ("", [os.path.join(d, "nowhere")]))


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
