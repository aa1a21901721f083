#!/usr/bin/env python3
"""impl/inject_masks.py on the real headers (the diffusion network of aria_simd_inl.h is RFC 5794's
A and, with the masks of inject_masks.h, every output receives exactly its key byte) and on two
planted faults it must report: a key mask with one bit flipped, and one operand of the network
swapped for another."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402
from script_test_lib import planted_copy, run_python  # noqa: E402

SCRIPT = os.path.join(HERE, "inject_masks.py")
HEADER = os.path.join(HERE, "aria_simd_inl.h")
MASKS = os.path.join(HERE, "inject_masks.h")


def run(header, masks):
    return run_python(SCRIPT, header, masks)


class InjectMasksTest(unittest.TestCase):
    def planted(self, old, new):
        return run(planted_copy(self, HEADER, old, new), MASKS)

    def test_header_checks_out(self):
        r = run(HEADER, MASKS)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_flipped_mask_is_reported(self):
        r = run(HEADER, planted_copy(self, MASKS, "kInjectMasks[16] = {0x0081,",
                                     "kInjectMasks[16] = {0x0083,"))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("receives key bytes", r.stdout)

    def test_wrong_operand_is_reported(self):
        r = self.planted("T::Xor3(x[6], x[8], T::BroadcastKey(&c[7]))",
                         "T::Xor3(x[6], x[9], T::BroadcastKey(&c[7]))")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("RFC 5794 row", r.stdout)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
