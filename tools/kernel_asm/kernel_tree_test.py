#!/usr/bin/env python3
"""`tools/ariasuite kernel-asm` against the cached kernel tree (tools/kernel/prepare.sh), and the
planted faults it must catch, each in a copy of the tree patched with sed in $TEST_TMPDIR:
  1. an AVX2 instruction (vpbroadcastb) added to the AES-NI/AVX driver: the ISA audit fails it;
  2. a wrong constant in the GFNI/AVX-512 CTR code (the 2^64 carry added to the high half is 2):
     the differential test fails it (only counters near a 2^64 carry show it);
  3. a 16-byte constant table placed with .align 8 (the syzbot a6abcf08bad8b18fd198 class): the
     alignment audit fails it, although the link here happens to place it well.
Without a cached tree every case is skipped with the reason. Arguments: main.py, the harness."""
import glob
import os
import re
import shutil
import subprocess
import sys
import unittest

MAIN = os.path.abspath(sys.argv[1]) if len(sys.argv) > 2 else None
HARNESS = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
sys.argv[1:] = []
sys.path.insert(0, os.path.dirname(MAIN or os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(MAIN or __file__))))

import tree as treemod  # noqa: E402
import unittest_junit  # noqa: E402

TMP = os.environ.get("TEST_TMPDIR", "/tmp")


def stock_tree():
    try:
        return treemod.find_tree(os.environ.get("ARIASUITE_KERNEL_TREE") or None)
    except treemod.TreeError as e:
        raise unittest.SkipTest(str(e))


def run(tree_dir, build_dir, *extra):
    cmd = [sys.executable, MAIN, "run", "--harness", HARNESS, "--seconds", "0.5",
           "--build-dir", build_dir] + (["--kernel-tree", tree_dir] if tree_dir else []) + list(extra)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(p.stdout[-3000:])
    return p


def planted(name, rel, sed):
    """A copy of the tree's files with one sed script applied to rel; returns its root."""
    src = stock_tree()
    dest = os.path.join(TMP, name)
    shutil.rmtree(dest, ignore_errors=True)
    for pattern in treemod.WANTED:
        for full in glob.glob(src.path(pattern)):
            r = os.path.relpath(full, src.root)
            os.makedirs(os.path.dirname(os.path.join(dest, r)), exist_ok=True)
            shutil.copy(full, os.path.join(dest, r))
    target = os.path.join(dest, rel)
    before = open(target).read()
    subprocess.check_call(["sed", "-i", sed, target])
    if open(target).read() == before:
        raise AssertionError("the sed script %r changed nothing in %s (the tree moved on?)"
                             % (sed, rel))
    return dest


def row(out, driver, function):
    for line in out.splitlines():
        if line.split()[:2] == [driver, function]:
            return line
    raise AssertionError("no table row for %s %s in:\n%s" % (driver, function, out))


class KernelTreeTest(unittest.TestCase):
    def test_stock_tree_passes(self):
        stock_tree()
        p = run(None, os.path.join(TMP, "stock.build"), "--junit", os.path.join(TMP, "stock.xml"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-1000:])
        self.assertRegex(p.stdout, r"kernel-asm: \d+ passed, 0 failed")
        for driver, function in [("aria-aesni-avx", "aria_aesni_avx_ctr_crypt_16way"),
                                 ("aria-aesni-avx2", "aria_aesni_avx2_gfni_ctr_crypt_32way"),
                                 ("aria-gfni-avx512", "aria_gfni_avx512_ctr_crypt_64way")]:
            self.assertIn("PASS (7 checks", row(p.stdout, driver, function))

    def test_a_function_the_cpu_cannot_run_is_skip_never_pass(self):
        # The stock build, with one function said to need a CPU flag no CPU has.
        stock_tree()
        build_dir = os.path.join(TMP, "stock.build")
        if not os.path.exists(os.path.join(build_dir, "manifest.txt")):
            run(None, build_dir)
        d = os.path.join(TMP, "nocpu.build")
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(build_dir, d)
        manifest = os.path.join(d, "manifest.txt")
        text = re.sub(r"^(function aria_gfni_avx512_ctr_crypt_64way .*) (\S+)$",
                      r"\1 \2,ariasuite_no_such_cpu_flag", open(manifest).read(), flags=re.M)
        open(manifest, "w").write(text)
        p = run(None, d, "--junit", os.path.join(TMP, "nocpu.xml"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-1000:])
        line = row(p.stdout, "aria-gfni-avx512", "aria_gfni_avx512_ctr_crypt_64way")
        self.assertIn("SKIP: this CPU lacks ariasuite_no_such_cpu_flag", line)
        self.assertNotIn("PASS (", line.split("SKIP")[0])
        self.assertRegex(p.stdout, r"kernel-asm: \d+ passed, 0 failed, \d+ known findings, 1 skipped")
        self.assertIn('result="skipped"', open(os.path.join(TMP, "nocpu.xml")).read())

    def run_planted(self, name, rel, sed):
        """Runs the check on planted(name, rel, sed), which must fail (exit 1); returns stdout."""
        d = planted(name, rel, sed)
        p = run(d, d + ".build")
        self.assertEqual(p.returncode, 1, p.stderr[-1000:])
        return p.stdout

    def test_planted_avx2_instruction_in_the_avx_driver(self):
        out = self.run_planted(
            "avx2_in_avx", "arch/x86/crypto/aria-aesni-avx-asm_64.S",
            r"/^SYM_TYPED_FUNC_START(aria_aesni_avx_encrypt_16way)/a\	vpbroadcastb %xmm0, %xmm0;")
        self.assertIn("FAIL: AVX2", row(out, "aria-aesni-avx", "aria_aesni_avx_encrypt_16way"))
        self.assertIn("VIOLATION aria-aesni-avx aria_aesni_avx_encrypt_16way: aria_aesni_avx_glue.c "
                      "checks AVX, AES, OSXSAVE", out)
        self.assertIn("AVX2 is needed by 1 instruction(s), e.g. aria_aesni_avx_encrypt_16way+0x0: "
                      "vpbroadcastb %xmm0,%xmm0 [AVX2]", out)
        # The AVX2 driver checks AVX2 before it calls the same function: no violation there.
        self.assertIn(" PASS ", row(out, "aria-aesni-avx2", "aria_aesni_avx_encrypt_16way"))

    def test_planted_wrong_constant_in_the_gfni_avx512_ctr_code(self):
        out = self.run_planted("avx512_ctr_constant", "arch/x86/crypto/aria-gfni-avx512-asm_64.S",
                               r"/^\.Lcounter1111_hi:/{n;s/\.quad 0, 1/.quad 0, 2/}")
        line = row(out, "aria-gfni-avx512", "aria_gfni_avx512_ctr_crypt_64way")
        self.assertIn("FAIL (counter", line)
        self.assertIn("aria_gfni_avx512_ctr_crypt_64way counter, first failing case:", out)
        self.assertIn("problem: output differs from ours/scalar", out)
        self.assertIn("PASS", row(out, "aria-gfni-avx512", "aria_gfni_avx512_encrypt_64way"))

    def test_planted_underaligned_constants(self):
        out = self.run_planted("underaligned", "arch/x86/crypto/aria-aesni-avx-asm_64.S",
                               r"/^\.section[ \t]*\.rodata\.cst16,/{n;s/\.align 16/.align 8/}")
        self.assertIn("FAIL (", row(out, "aria-aesni-avx", "aria_aesni_avx_encrypt_16way"))
        self.assertRegex(out, r"ALIGNMENT aria_aesni_avx_encrypt_16way: "
                              r"__aria_aesni_avx_crypt_16way\+0x[0-9a-f]+: vmovdqa 0x0\(%rip\),"
                              r"%xmm\d+ reads \.rodata\.cst16\+0x[0-9a-f]+ \(section aligned to 8\)"
                              r", which needs 16-byte alignment; the object guarantees 8")


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
