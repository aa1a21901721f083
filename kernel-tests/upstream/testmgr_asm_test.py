#!/usr/bin/env python3
"""Patch 2's testmgr.h vectors through the kernel's own ARIA assembly, natively
(tools/ariasuite kernel-asm's harness, kernel-tests/asm, reads the ARIA templates of a tree's crypto/testmgr.h):
  1. the cached Linux tree with series/ patch 2 applied to its testmgr.h: every function passes
     its testmgr check (the new vectors are what the kernel's code computes);
  2. that tree with the GFNI/AVX-512 CTR code's 2^64 carry constant planted wrong: with the stock
     testmgr.h the 64-way CTR function's testmgr check passes (no stock vector reaches a 2^64
     carry inside a 64-block call), with patch 2's it fails;
  3. patch 3 applied to the glue: the ISA audit's AVX512BW/AVX512DQ findings are gone (--strict
     passes; on the stock glue --strict fails on them).
Skipped with the reason when no kernel tree is cached. Arguments: main.py, the harness, series/."""
import glob
import os
import shutil
import subprocess
import sys
import unittest

MAIN, HARNESS, SERIES = (os.path.abspath(a) for a in sys.argv[1:4])
sys.argv[1:] = []
sys.path.insert(0, os.path.dirname(MAIN))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(MAIN))), "tools"))

import tree as treemod  # noqa: E402
import unittest_junit  # noqa: E402

TMP = os.environ.get("TEST_TMPDIR", "/tmp")
AVX512_ASM = "arch/x86/crypto/aria-gfni-avx512-asm_64.S"
CTR64 = ("aria-gfni-avx512", "aria_gfni_avx512_ctr_crypt_64way")


def copy_tree(name, patch_testmgr, plant_carry, patch_glue=False):
    try:
        src = treemod.find_tree(os.environ.get("ARIASUITE_KERNEL_TREE") or None)
    except treemod.TreeError as e:
        raise unittest.SkipTest(str(e))
    dest = os.path.join(TMP, name)
    shutil.rmtree(dest, ignore_errors=True)
    for pattern in treemod.WANTED:
        for full in glob.glob(src.path(pattern)):
            rel = os.path.relpath(full, src.root)
            os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
            shutil.copy(full, os.path.join(dest, rel))
    for wanted, number in ((patch_testmgr, "0002"), (patch_glue, "0003")):
        if wanted:
            p = glob.glob(os.path.join(SERIES, number + "-*.patch"))[0]
            subprocess.run(["patch", "-s", "-p1", "-d", dest, "-i", p], check=True)
    if plant_carry:
        asm = os.path.join(dest, AVX512_ASM)
        if not os.path.exists(asm):
            raise unittest.SkipTest("the cached tree has no %s" % AVX512_ASM)
        before = open(asm).read()
        subprocess.run(["sed", "-i", r"/^\.Lcounter1111_hi:/{n;s/\.quad 0, 1/.quad 0, 2/}", asm],
                       check=True)
        if open(asm).read() == before:
            raise AssertionError("the 2^64 carry plant changed nothing in %s" % AVX512_ASM)
    return dest


def run(d, *extra):
    p = subprocess.run([sys.executable, MAIN, "run", "--harness", HARNESS, "--seconds", "0.2",
                        "--build-dir", d + ".build", "--kernel-tree", d] + list(extra),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(p.stdout[-2500:])
    return p


def row(out, driver, function):
    for line in out.splitlines():
        if line.split()[:2] == [driver, function]:
            return line
    raise AssertionError("no table row for %s %s" % (driver, function))


class TestmgrAsmTest(unittest.TestCase):
    def test_patched_testmgr_passes_the_stock_assembly(self):
        p = run(copy_tree("patched", True, False))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-500:])
        self.assertNotIn("testmgr, first failing case", p.stdout)
        self.assertRegex(p.stdout, r"kernel-asm: \d+ passed, 0 failed")

    def test_patch_3_clears_the_isa_findings(self):
        # The stock tree has the AVX512BW/AVX512DQ findings (known, so exit 0; --strict fails);
        # with patch 3 the glue checks both: no finding, and --strict passes.
        stock = run(copy_tree("stock_strict", False, False), "--strict")
        self.assertEqual(stock.returncode, 1, stock.stderr[-500:])
        self.assertIn("KNOWN: AVX512BW,AVX512DQ", row(stock.stdout, *CTR64))
        fixed = run(copy_tree("patch3", False, False, patch_glue=True), "--strict")
        self.assertEqual(fixed.returncode, 0, fixed.stdout[-2000:] + fixed.stderr[-500:])
        self.assertRegex(fixed.stdout, r"kernel-asm: \d+ passed, 0 failed, 0 known findings")

    def test_planted_carry_fault_is_seen_only_by_the_patched_testmgr(self):
        if not os.access("/proc/cpuinfo", os.R_OK) or " gfni" not in open("/proc/cpuinfo").read():
            self.skipTest("this CPU has no GFNI: the 64-way code cannot run here")
        stock = run(copy_tree("plant_stock", False, True))
        self.assertEqual(stock.returncode, 1, stock.stderr[-500:])
        line = row(stock.stdout, *CTR64)
        self.assertIn("FAIL (", line)  # the harness's own counter check sees the plant
        self.assertNotIn("testmgr", line.split(")")[0])
        patched = run(copy_tree("plant_patched", True, True))
        self.assertEqual(patched.returncode, 1, patched.stderr[-500:])
        self.assertIn("testmgr", row(patched.stdout, *CTR64).split(")")[0])
        self.assertIn("aria_gfni_avx512_ctr_crypt_64way testmgr, first failing case", patched.stdout)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
