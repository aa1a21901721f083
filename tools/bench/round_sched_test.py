#!/usr/bin/env python3
"""tools/bench/round_sched.py: on a made-up network of depth one, with units enough for everything,
two rounds take the critical path worked out by hand (SL1: one GF2P8AFFINE, 3 + 2 cycles; SL2: two,
6 + 2; 13 in all); with one unit the same rounds take at least one cycle per instruction; on the
real header the figure is never below the throughput bound, and two batches are not slower per
batch than one; bad arguments and a header without the network are one-line errors."""
import os
import re
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402
from script_test_lib import run_python  # noqa: E402

SCRIPT = os.path.join(HERE, "round_sched.py")
HEADER = os.path.join(ROOT, "impl", "aria_simd_inl.h")
# Every output is t16 = x[0] ^ x[1]: depth one, from bytes 0 and 1 (S1/S2 in SL1, inverses in SL2).
FLAT = ("template <class T>\nARIASUITE_SIMD_INLINE void DiffuseAddKey(V x[16]) {\n"
        "  const V t16 = T::Xor(x[0], x[1]);\n" +
        "".join(f"  x[{j}] = t16;\n" for j in range(16)) + "}\n")


def figures(stdout):
    m = re.search(r"(\d+) GFNI \+ (\d+) logic per round; ([\d.]+) cycles per round per batch "
                  r"\(throughput bound ([\d.]+)\)", stdout)
    assert m, stdout
    return int(m.group(1)), int(m.group(2)), float(m.group(3)), float(m.group(4))


class RoundSchedTest(unittest.TestCase):
    def flat(self):
        f = tempfile.NamedTemporaryFile("w", suffix=".h", delete=False)
        f.write(FLAT)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_critical_path_by_hand(self):
        r = run_python(SCRIPT, "--rounds", "2", "--units", "64", "--gf-units", "64", self.flat())
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(figures(r.stdout)[2], 6.5, r.stdout)  # 13 cycles over 2 rounds

    def test_one_unit_takes_a_cycle_per_instruction(self):
        r = run_python(SCRIPT, "--rounds", "2", "--units", "1", "--gf-units", "1", self.flat())
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        gf, logic, cycles, _ = figures(r.stdout)
        self.assertEqual((gf, logic), (24, 1))
        self.assertGreaterEqual(cycles, gf + logic)

    def test_real_header_above_the_bound_and_two_batches_help(self):
        one = run_python(SCRIPT, HEADER)
        two = run_python(SCRIPT, "--batches", "2", HEADER)
        self.assertEqual(one.returncode, 0, one.stdout + one.stderr)
        gf, logic, c1, bound = figures(one.stdout)
        self.assertEqual(gf, 24)
        self.assertGreaterEqual(c1, bound)
        self.assertLessEqual(figures(two.stdout)[2], c1)

    def test_bad_arguments_are_one_line_errors(self):
        for args in (["--units", "0"], ["--units", "2", "--gf-units", "3"],
                     [os.path.join(HERE, "no-such.h")], [os.path.join(HERE, "compare.py")]):
            r = run_python(SCRIPT, *args)
            self.assertEqual(r.returncode, 1, (args, r.stdout, r.stderr))
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertTrue(r.stderr.startswith("round_sched: "), r.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
