#!/usr/bin/env python3
"""impl/small_order.py on the real policy header (its order makes two rotations and two dword
shuffles parts of A), its search (which finds that choice and nothing with five), and three planted
faults it must report: a rotation that is not part of A in that order, the same shuffle twice, and
an order that mixes parities in a quadword."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402
from script_test_lib import planted_copy, run_python  # noqa: E402

SCRIPT = os.path.join(HERE, "small_order.py")
HEADER = os.path.join(HERE, "sbox_gfni-inl.h")


def run(path):
    return run_python(SCRIPT, path)


class SmallOrderTest(unittest.TestCase):
    def planted(self, old, new):
        return run(planted_copy(self, HEADER, old, new))

    def test_header_checks_out(self):
        r = run(HEADER)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("4 of A's 7 permutations", r.stdout)

    def test_search_finds_the_header_choice_and_none_larger(self):
        r = run_python(SCRIPT, "--search")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("4: [('rotate', 8), ('rotate', 24), ('shuffle', 27), ('shuffle', 78)] order "
                      "[0, 8, 4, 14, 6, 12, 2, 10, 9, 1, 15, 5, 13, 7, 11, 3]", r.stdout)
        self.assertTrue(all(line.startswith("4: ") for line in r.stdout.splitlines()), r.stdout)

    def test_rotation_outside_a_is_reported(self):
        r = self.planted("kSmallRotations[2] = {8, 24}", "kSmallRotations[2] = {8, 16}")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("VPROLD 16", r.stdout)

    def test_repeated_shuffle_is_reported(self):
        r = self.planted("kSmallDwordShuffles[2] = {0x4E, 0x1B}", "kSmallDwordShuffles[2] = {0x4E, 0x4E}")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("repeats", r.stdout)

    def test_mixed_quadword_is_reported(self):
        r = self.planted("kSmallOrder[16] = {0, 8, 4, 14,", "kSmallOrder[16] = {1, 8, 4, 14,")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
