#!/usr/bin/env python3
"""tools/bench/port_count.py on loops assembled here (GNU as) whose counts are known: a zmm round
of 24 GFNI and 37 ternary-logic XORs (bound (24 + 37) / 2 = 30.5 cycles; 0.357 core c/B for
ARIA-128's 12 rounds over 1 KiB), a port-0-bound one (24 GFNI, 10 XORs: 24 cycles), the ymm form
(three vector ports: (24 + 37) / 3), the same loops on Zen 5 ((24 + 37) / 4 on four units; 16
cycles when 24 GFNI and 8 PSHUFB share two), and an object without GFNI (a one-line error, exit
1)."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE)))
import unittest_junit  # noqa: E402

SCRIPT = os.path.join(HERE, "port_count.py")


def assemble(body, tmp):
    src = os.path.join(tmp, "loop.s")
    obj = os.path.join(tmp, "loop.o")
    with open(src, "w") as f:
        f.write(".text\n.globl f\nf:\n1:\n" + body + "  dec %rax\n  jnz 1b\n  ret\n")
    subprocess.run(["as", "-o", obj, src], check=True)
    return obj


def loop(gfni, xors, reg):
    return (f"  vgf2p8affineqb $0, %{reg}1, %{reg}2, %{reg}3\n" * gfni +
            f"  vpternlogd $0x96, %{reg}4, %{reg}5, %{reg}6\n" * xors)


class PortCountTest(unittest.TestCase):
    def run_on(self, body):
        with tempfile.TemporaryDirectory() as tmp:
            obj = assemble(body, tmp)
            return subprocess.run([sys.executable, SCRIPT, obj], capture_output=True, text=True)

    def row(self, body):
        r = self.run_on(body)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        lines = r.stdout.strip().splitlines()
        self.assertEqual(len(lines), 2, r.stdout)
        return dict(zip(lines[0].split("\t"), lines[1].split("\t")))

    def test_zmm_round_two_ports(self):
        row = self.row(loop(24, 37, "zmm"))
        self.assertEqual(row["GFNI"], "24")
        self.assertEqual(row["ternlog"], "37.0")
        self.assertEqual(row["p0-only"], "24.0")
        self.assertEqual(row["bound cycles/round"], "30.5")
        self.assertEqual(row["ARIA-128 bound core c/B"], "0.357")

    def test_zen5_bound_all_units(self):
        row = self.row(loop(24, 37, "zmm"))  # (24 + 37) / 4 on four units
        self.assertEqual(row["Zen 5: GF+shuffle units"], "24.0")
        self.assertEqual(row["Zen 5 bound cycles/round"], "15.25")
        self.assertEqual(row["Zen 5 ARIA-128 bound core c/B"], "0.179")

    def test_zen5_bound_by_the_two_gf_units(self):
        # 24 GFNI and 8 PSHUFB share two units: 16 cycles, though all 44 fit in 11 on four.
        row = self.row(loop(24, 12, "zmm") + "  vpshufb %zmm1, %zmm2, %zmm3\n" * 8)
        self.assertEqual(row["Zen 5 bound cycles/round"], "16.00")

    def test_zmm_port0_bound(self):
        row = self.row(loop(24, 10, "zmm"))
        self.assertEqual(row["bound cycles/round"], "24.0")

    def test_ymm_three_ports(self):
        row = self.row(loop(24, 37, "ymm"))
        self.assertEqual(row["bound cycles/round"], "20.3")  # 61 / 3

    def test_no_round_loop_is_an_error(self):
        r = self.run_on("  vpternlogd $0x96, %zmm4, %zmm5, %zmm6\n")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)  # sys.exit(message) exits 1
        self.assertIn("no ARIA round loop", r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
