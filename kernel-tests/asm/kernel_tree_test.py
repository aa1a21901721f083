#!/usr/bin/env python3
"""`tools/ariasuite kernel-asm` against the cached kernel tree (kernel-tests/vm/prepare.sh), and the
planted faults it must catch, each in a copy of the tree patched with sed in $TEST_TMPDIR:
  1. an AVX2 instruction (vpbroadcastb) added to the AES-NI/AVX driver: the ISA audit fails it;
  2. a wrong constant in the GFNI/AVX-512 CTR code (the 2^64 carry added to the high half is 2):
     the differential test fails it (only counters near a 2^64 carry show it);
  3. a 16-byte constant table placed with .align 8 (the syzbot a6abcf08bad8b18fd198 class): the
     alignment audit fails it, although the link here happens to place it well;
  4. a driver removed (SKIP row, the rest still gated: a planted fault with the AES-NI/AVX driver
     gone still fails), every driver removed (exit 2, one line);
  5. Linux 6.1 from a cached linux-source-6.1 package: one driver, a flat image at a fixed address,
     a known finding; a byte of its CTR mask changed fails CTR only;
  6. the ABI audit: one copy with a violation of every rule, each in its own function (vzeroupper
     removed from AVX2 and from AVX-512 code, rbx clobbered, DF left set, a write below rsp that
     later pushes cover, an aligned store that faults with rsp % 16 == 0 at entry, an indirectly
     called function without kCFI preamble and one without ENDBR, a bare ret): each row fails in
     its rule's column only; the same on Linux 6.1's flat image (r12 clobbered, a bare ret).
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
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(MAIN or __file__))), "tools"))

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


def linux61_tree():
    """Linux 6.1 from a linux-source-6.1 package in the cache (`apt-get download linux-source-6.1`
    into <cache>/kernel/debs), extracted like the default tree; SkipTest without one."""
    debs = glob.glob(os.path.join(treemod.cache_layout.debs_dir(), "linux-source-6.1_*_all.deb"))
    if not debs:
        raise unittest.SkipTest("no linux-source-6.1 package in %s"
                                % treemod.cache_layout.debs_dir())
    deb = sorted(debs)[-1]
    dest = treemod.cache_layout.source_dir(None, os.path.basename(deb)[:-len("_all.deb")])
    if not treemod._extracted(dest):
        treemod._extract(deb, dest)
    return treemod.Tree(dest, "cached " + os.path.basename(deb)).check()


def planted(name, rel, sed, remove=(), src=None):
    """A copy of the tree's files without the files `remove` and with one sed script applied to
    rel (none when rel is None); returns its root."""
    src = src or stock_tree()
    dest = os.path.join(TMP, name)
    shutil.rmtree(dest, ignore_errors=True)
    for pattern in treemod.WANTED:
        for full in glob.glob(src.path(pattern)):
            r = os.path.relpath(full, src.root)
            if r in remove:
                continue
            os.makedirs(os.path.dirname(os.path.join(dest, r)), exist_ok=True)
            shutil.copy(full, os.path.join(dest, r))
    for r in remove:
        if not os.path.exists(src.path(r)):
            raise AssertionError("%s is not in %s: nothing removed" % (r, src.root))
    if rel is None:
        return dest
    target = os.path.join(dest, rel)
    before = open(target).read()
    subprocess.check_call(["sed", "-i", sed, target])
    if open(target).read() == before:
        raise AssertionError("the sed script %r changed nothing in %s (the tree moved on?)"
                             % (sed, rel))
    return dest


AVX_ASM = "arch/x86/crypto/aria-aesni-avx-asm_64.S"
AVX_GLUE = "arch/x86/crypto/aria_aesni_avx_glue.c"
AVX2_ASM = "arch/x86/crypto/aria-aesni-avx2-asm_64.S"
AVX2_GLUE = "arch/x86/crypto/aria_aesni_avx2_glue.c"


def row(out, driver, function):
    for line in out.splitlines():
        if line.split()[:2] == [driver, function]:
            return line
    raise AssertionError("no table row for %s %s in:\n%s" % (driver, function, out))


def abi_row(out, function):
    """The ABI table's row of function: {heading: PASS/FAIL/KNOWN/SKIP}."""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("ABI audit:"):
            for r in lines[i + 2:]:
                f = r.split()
                if len(f) == 9 and f[1] == function:
                    return dict(zip(["callee-saved", "direction-flag", "upper-state", "red-zone",
                                     "stack-alignment", "endbr-kcfi", "ret-thunk"], f[2:]))
    raise AssertionError("no ABI row for %s in:\n%s" % (function, out))


def edit(dest, rel, function, old, new):
    """In the tree copy dest, replaces the first `old` after the line that starts function (by its
    SYM_*_START macro) in rel with `new`."""
    path = os.path.join(dest, rel)
    text = open(path).read()
    m = re.search(r"^SYM_\w*FUNC_START\w*\(%s\)" % function, text, flags=re.M)
    if not m or text.find(old, m.start()) < 0:
        raise AssertionError("%s: no %r in %s (the tree moved on?)" % (rel, old, function))
    i = text.find(old, m.start())
    open(path, "w").write(text[:i] + new + text[i + len(old):])


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
        self.assertRegex(p.stdout, r"kernel-asm ABI: [1-9]\d* passed, 0 failed, 0 known findings, "
                                   r"0 skipped")
        self.assertEqual(set(abi_row(p.stdout, "aria_gfni_avx512_ctr_crypt_64way").values()),
                         {"PASS"})

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

    def run_planted(self, name, rel, sed, remove=(), src=None):
        """Runs the check on planted(...), which must fail (exit 1); returns stdout."""
        d = planted(name, rel, sed, remove, src)
        p = run(d, d + ".build")
        self.assertEqual(p.returncode, 1, p.stderr[-1000:])
        return p.stdout

    def test_a_tree_without_the_avx2_driver_skips_it_and_gates_the_rest(self):
        d = planted("no_avx2", None, None, remove=(AVX2_ASM, AVX2_GLUE))
        p = run(d, d + ".build", "--junit", os.path.join(TMP, "no_avx2.xml"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-1000:])
        self.assertIn("SKIP: not in this tree (arch/x86/crypto/aria-aesni-avx2-asm_64.S absent; "
                      "added after Linux 6.1; 6.12 has it)", row(p.stdout, "aria-aesni-avx2", "-"))
        self.assertNotIn("aria_aesni_avx2_encrypt_32way", p.stdout)
        self.assertIn("PASS (7 checks", row(p.stdout, "aria-aesni-avx",
                                            "aria_aesni_avx_ctr_crypt_16way"))
        self.assertRegex(p.stdout, r"kernel-asm: \d+ passed, 0 failed, 3 known findings, 1 skipped")
        self.assertIn('name="driver" result="skipped"', open(os.path.join(TMP, "no_avx2.xml")).read())

    def test_without_the_avx_driver_the_others_still_fail_a_planted_fault(self):
        # The hard case: the AVX2 and AVX-512 glue call the AES-NI/AVX driver's functions, which
        # are gone; the AVX-512 CTR code's wrong carry constant must still fail the run.
        out = self.run_planted("no_avx_avx512_ctr", "arch/x86/crypto/aria-gfni-avx512-asm_64.S",
                               r"/^\.Lcounter1111_hi:/{n;s/\.quad 0, 1/.quad 0, 2/}",
                               remove=(AVX_ASM, AVX_GLUE))
        self.assertIn("SKIP: not in this tree (arch/x86/crypto/aria-aesni-avx-asm_64.S absent; "
                      "added in Linux 6.1)", row(out, "aria-aesni-avx", "-"))
        self.assertIn("FAIL (counter", row(out, "aria-gfni-avx512",
                                           "aria_gfni_avx512_ctr_crypt_64way"))
        self.assertRegex(out, r"kernel-asm: \d+ passed, [1-9]\d* failed, 3 known findings, "
                              r"1 skipped")

    def test_a_tree_without_any_aria_driver_is_exit_2_in_one_line(self):
        d = planted("no_aria", None, None, remove=tuple(
            os.path.join(treemod.CRYPTO_DIR, a) for a, _, _ in treemod.DRIVERS))
        p = run(d, d + ".build")
        self.assertEqual(p.returncode, 2, p.stdout[-2000:] + p.stderr[-1000:])
        self.assertEqual(p.stdout, "")
        lines = p.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertIn("has none of arch/x86/crypto/{aria-aesni-avx-asm_64.S,"
                      "aria-aesni-avx2-asm_64.S,aria-gfni-avx512-asm_64.S} (not a kernel tree "
                      "with an x86 ARIA driver, Linux 6.1 or later)", lines[0])

    def test_linux_6_1(self):
        # Linux 6.1: one driver, with absolute addresses (a flat image, not a shared object); its
        # AVX2 instructions under an AVX-only glue are a known finding (KNOWN; --strict fails).
        t = linux61_tree()
        build_dir = os.path.join(TMP, "linux61.build")
        p = run(t.root, build_dir)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-1000:])
        self.assertIn("image kernel_aria_asm.image 40000000\n",
                      open(os.path.join(build_dir, "manifest.txt")).read())
        for f in ("encrypt", "decrypt", "ctr_crypt", "gfni_encrypt", "gfni_decrypt",
                  "gfni_ctr_crypt"):
            line = row(p.stdout, "aria-aesni-avx", "aria_aesni_avx_%s_16way" % f)
            self.assertRegex(line, r"PASS \([47] checks, \d+ cases\) +KNOWN: AVX2 ")
        for driver in ("aria-aesni-avx2", "aria-gfni-avx512"):
            self.assertIn("SKIP: not in this tree", row(p.stdout, driver, "-"))
        self.assertRegex(p.stdout, r"kernel-asm: 12 passed, 0 failed, 6 known findings, 2 skipped")
        self.assertRegex(p.stdout, r"kernel-asm ABI: 42 passed, 0 failed, 0 known findings, "
                                   r"0 skipped")
        self.assertNotIn("no longer occurs", p.stdout)  # the AVX-512 entries are not 6.1's
        # Its constants are read by absolute address, which the alignment audit does not follow:
        # said in the row and a note, never a bare PASS.
        self.assertRegex(row(p.stdout, "aria-aesni-avx", "aria_aesni_avx_encrypt_16way"),
                         r"PASS \(0 loads\), [1-9]\d* absolute not audited$")
        self.assertIn("note: the alignment audit reads RIP-relative operands only;", p.stdout)
        self.assertEqual(run(t.root, build_dir, "--strict").returncode, 1)

    def test_linux_6_1_planted_ctr_constant(self):
        # The byte-swap mask the 6.1 CTR code reads by absolute address, one byte off: only the
        # CTR functions fail, so the flat image's constants are the ones executed.
        out = self.run_planted("linux61_bswap", AVX_ASM,
                               r"/^\.Lbswap128_mask:/{n;s/0x0f, 0x0e/0x0e, 0x0e/}",
                               src=linux61_tree())
        self.assertIn("FAIL (", row(out, "aria-aesni-avx", "aria_aesni_avx_ctr_crypt_16way"))
        self.assertIn("PASS (", row(out, "aria-aesni-avx", "aria_aesni_avx_encrypt_16way"))

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


    def assert_abi(self, out, function, rule, *texts):
        """function's ABI row fails in rule's column only (a crash may leave the run-time rules
        before it unreached: SKIP) and the VIOLATION line says texts."""
        r = abi_row(out, function)
        self.assertEqual(r[rule], "FAIL", (function, r))
        for other, v in r.items():
            if other != rule:
                self.assertIn(v, ("PASS", "SKIP") if rule == "stack-alignment" else ("PASS",),
                              (function, other, r))
        lines = [l for l in out.splitlines() if l.strip().startswith(
            "VIOLATION ABI %s %s: " % (rule, function))]
        self.assertEqual(len(lines), 1, out[-3000:])
        for t in texts:
            self.assertIn(t, lines[0])

    def test_abi_plants(self):
        d = planted("abi", None, None)
        avx, avx512 = AVX_ASM, "arch/x86/crypto/aria-gfni-avx512-asm_64.S"
        edit(d, AVX2_ASM, "aria_aesni_avx2_encrypt_32way", "\tvzeroupper;\n", "")
        edit(d, avx512, "aria_gfni_avx512_ctr_crypt_64way", "\tvzeroupper;\n", "")
        edit(d, AVX2_ASM, "aria_aesni_avx2_decrypt_32way", "FRAME_BEGIN",
             "FRAME_BEGIN\n\txorl %ebx, %ebx;")
        edit(d, avx, "aria_aesni_avx_ctr_crypt_16way", "FRAME_BEGIN", "FRAME_BEGIN\n\tstd;")
        # Below rsp, where the call's return address and the callee's push land later.
        edit(d, avx, "aria_aesni_avx_gfni_encrypt_16way", "FRAME_BEGIN",
             "FRAME_BEGIN\n\tmovq %rax, -16(%rsp);")
        # 16-byte aligned only when rsp % 16 == 8 at entry (after FRAME_BEGIN's push).
        edit(d, avx, "aria_aesni_avx_decrypt_16way", "FRAME_BEGIN",
             "FRAME_BEGIN\n\tsubq $16, %rsp; vmovdqa %xmm0, (%rsp); addq $16, %rsp;")
        edit(d, avx512, "aria_gfni_avx512_encrypt_64way",
             "SYM_TYPED_FUNC_START(aria_gfni_avx512_encrypt_64way)",
             "SYM_FUNC_START(aria_gfni_avx512_encrypt_64way)")
        edit(d, AVX2_ASM, "aria_aesni_avx2_gfni_decrypt_32way",
             "SYM_TYPED_FUNC_START(aria_aesni_avx2_gfni_decrypt_32way)",
             ".globl aria_aesni_avx2_gfni_decrypt_32way; .type aria_aesni_avx2_gfni_decrypt_32way, "
             "@function; .p2align 4; aria_aesni_avx2_gfni_decrypt_32way:")
        edit(d, avx512, "aria_gfni_avx512_decrypt_64way", "RET;", "ret;")
        # Not even a function symbol: in no table, so a line of its own.
        edit(d, avx512, "aria_gfni_avx512_encrypt_64way", "SYM_FUNC_END(aria_gfni_avx512_encrypt_64way)",
             "SYM_FUNC_END(aria_gfni_avx512_encrypt_64way)\n.globl aria_gfni_avx512_gfni_stray_64way\n"
             "aria_gfni_avx512_gfni_stray_64way:\n\tRET;")
        glue = os.path.join(d, "arch/x86/crypto/aria_gfni_avx512_glue.c")
        with open(glue, "a") as f:
            f.write("static void *stray = aria_gfni_avx512_gfni_stray_64way;\n")
        p = run(d, d + ".build", "--junit", os.path.join(TMP, "abi.xml"))
        out = p.stdout
        self.assertEqual(p.returncode, 1, p.stderr[-1000:])
        self.assertRegex(out, r"kernel-asm ABI: \d+ passed, 10 failed, 0 known findings, \d+ skipped")
        self.assert_abi(out, "aria_aesni_avx2_encrypt_32way", "upper-state",
                        "bit 2 YMM upper halves", "no vzeroupper before the return at "
                        "aria_aesni_avx2_encrypt_32way+0x")
        self.assert_abi(out, "aria_gfni_avx512_ctr_crypt_64way", "upper-state",
                        "no vzeroupper before the return at aria_gfni_avx512_ctr_crypt_64way+0x")
        self.assert_abi(out, "aria_aesni_avx2_decrypt_32way", "callee-saved",
                        "rbx is 0x0 after the return", "aria_aesni_avx2_decrypt_32way+0x4 ")
        self.assert_abi(out, "aria_aesni_avx_ctr_crypt_16way", "direction-flag",
                        "returned with DF set", "aria_aesni_avx_ctr_crypt_16way+0x4 ")
        self.assert_abi(out, "aria_aesni_avx_gfni_encrypt_16way", "red-zone",
                        "wrote 16 bytes below rsp", "aria_aesni_avx_gfni_encrypt_16way+0x4 ")
        self.assert_abi(out, "aria_aesni_avx_decrypt_16way", "stack-alignment",
                        "crashed the harness (signal SIGSEGV at aria_aesni_avx_decrypt_16way+0x8)")
        self.assert_abi(out, "aria_gfni_avx512_encrypt_64way", "endbr-kcfi",
                        "no kCFI type preamble", "SYM_TYPED_FUNC_START")
        self.assert_abi(out, "aria_aesni_avx2_gfni_decrypt_32way", "endbr-kcfi",
                        "aria_aesni_avx2_gfni_decrypt_32way+0x0: no endbr64 at the entry")
        self.assert_abi(out, "aria_gfni_avx512_decrypt_64way", "ret-thunk",
                        "a bare ret where the tree's RET (jmp __x86_return_thunk under "
                        "CONFIG_MITIGATION_RETHUNK) belongs")
        self.assertIn("VIOLATION ABI endbr-kcfi aria_gfni_avx512_gfni_stray_64way: "
                      "aria_gfni_avx512_gfni_stray_64way+0x0: defined by a plain label, not as a "
                      "function symbol", out)
        # The crashed ABI call leaves the function's differential checks to run (direct calls).
        self.assertIn("PASS (", row(out, "aria-aesni-avx", "aria_aesni_avx_decrypt_16way"))
        xml = open(os.path.join(TMP, "abi.xml")).read()
        self.assertIn('name="aria_aesni_avx2_encrypt_32way.abi.upper-state"', xml)
        self.assertEqual(abi_row(out, "aria_aesni_avx_encrypt_16way"),
                         dict.fromkeys(abi_row(out, "aria_aesni_avx_encrypt_16way"), "PASS"))

    def test_abi_plants_linux_6_1(self):
        # The flat image: instruction addresses resolve through image.elf; 6.1's RET is
        # CONFIG_RETHUNK's.
        t = linux61_tree()
        d = planted("abi61", None, None, src=t)
        edit(d, AVX_ASM, "aria_aesni_avx_encrypt_16way", "FRAME_BEGIN",
             "FRAME_BEGIN\n\txorl %r12d, %r12d;")
        edit(d, AVX_ASM, "aria_aesni_avx_gfni_ctr_crypt_16way", "RET;", "ret;")
        p = run(d, d + ".build")
        self.assertEqual(p.returncode, 1, p.stderr[-1000:])
        self.assert_abi(p.stdout, "aria_aesni_avx_encrypt_16way", "callee-saved",
                        "r12 is 0x0 after the return", "aria_aesni_avx_encrypt_16way+0x4 ")
        self.assert_abi(p.stdout, "aria_aesni_avx_gfni_ctr_crypt_16way", "ret-thunk",
                        "(jmp __x86_return_thunk under CONFIG_RETHUNK)")


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
