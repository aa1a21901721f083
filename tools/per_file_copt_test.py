#!/usr/bin/env python3
"""//tools:per_file_copt_test: every --per_file_copt pattern of the root .bazelrc matches a source
file of the tree. A pattern that matches nothing is silently ignored by Bazel: when
impl/gcm_aes_for_testing.cc moved to impl/testing/, the fuzz config's pattern for it kept the old
path and comparison tracing came back into the AES rounds (a third of gcm_layer_boringssl's time,
issue 16). Arguments: the .bazelrc, then the tree's C++ sources (the packages of format_clean.bzl).
Bazel matches each comma-separated regex anywhere in the file's path (a leading '-' excludes)."""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import unittest_junit  # noqa: E402

ARGS = sys.argv[1:]


def unmatched_patterns(bazelrc_path, sources):
    """Returns one 'file:line: ...' message per inclusion pattern that matches no source."""
    with open(bazelrc_path) as f:
        return unmatched_in_text(bazelrc_path, f.read(), sources)


def unmatched_in_text(bazelrc_path, text, sources):
    """unmatched_patterns of a .bazelrc's text, its messages naming bazelrc_path."""
    problems = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in re.finditer(r"--per_file_copt=(\S+)", line.split("#", 1)[0]):
            patterns = m.group(1).split("@", 1)[0]
            for p in patterns.split(","):
                if p.startswith("-") or not p:
                    continue
                if not any(re.search(p, s) for s in sources):
                    problems.append(f"{bazelrc_path}:{n}: per_file_copt pattern '{p}' "
                                    f"matches no source file")
    return problems


class PerFileCoptTest(unittest.TestCase):
    def test_every_pattern_of_the_root_bazelrc_matches(self):
        bazelrc, sources = ARGS[0], ARGS[1:]
        self.assertGreater(len(sources), 100, "the C++ sources were not passed")
        self.assertEqual(unmatched_patterns(bazelrc, sources), [])
        with open(bazelrc) as f:
            self.assertIn("--per_file_copt=", f.read(), "the .bazelrc has no per_file_copt")

    def test_a_stale_path_is_named(self):
        # The pattern as it was before the fix: the file had moved to impl/testing/.
        text = ("build:fuzz --per_file_copt=impl/aria_.*\\.cc,"
                "impl/gcm_aes_for_testing\\.cc@-fno-sanitize-coverage=trace-cmp\n")
        sources = ["impl/aria_bitsliced.cc", "impl/testing/gcm_aes_for_testing.cc"]
        self.assertEqual(unmatched_in_text("bazelrc", text, sources), [
            "bazelrc:1: per_file_copt pattern 'impl/gcm_aes_for_testing\\.cc' matches no source "
            "file"
        ])


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
