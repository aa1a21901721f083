#!/usr/bin/env python3
"""The audit's parts on small inputs written here (no kernel tree needed): the glue reader, the
kernel's feature tables, the ISA classification by GNU as, the alignment audit on a tiny
object, and the one-line errors of a missing tree."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "impl", "testing"))

import glue  # noqa: E402
import isa  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools"))
import unittest_junit  # noqa: E402

GLUE = textwrap.dedent("""\
    /* a driver's glue, in the kernel's shape */
    asmlinkage void foo_encrypt_16way(const void *ctx, u8 *dst, const u8 *src);
    EXPORT_SYMBOL_GPL(foo_encrypt_16way);
    asmlinkage void foo_gfni_encrypt_16way(const void *ctx, u8 *dst, const u8 *src);
    static void direct(void) { foo_wide_64way(0, 0, 0); }
    static int __init foo_init(void)
    {
    \tconst char *feature_name;

    \tif (!boot_cpu_has(X86_FEATURE_AVX) ||
    \t    !boot_cpu_has(X86_FEATURE_AES) ||
    \t    !boot_cpu_has(X86_FEATURE_OSXSAVE)) {
    \t\tpr_info("AVX or AES-NI instructions are not detected.\\n");
    \t\treturn -ENODEV;
    \t}
    \tif (!cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
    \t\t\t       &feature_name)) {
    \t\treturn -ENODEV;
    \t}
    \tif (boot_cpu_has(X86_FEATURE_GFNI) && IS_ENABLED(CONFIG_AS_GFNI)) {
    \t\tops.enc = foo_gfni_encrypt_16way;   /* if (boot_cpu_has(X86_FEATURE_AVX2)) */
    \t} else {
    \t\tops.enc = foo_encrypt_16way;
    \t}
    \tif (boot_cpu_has(X86_FEATURE_VAES) || boot_cpu_has(X86_FEATURE_AVX2))
    \t\tops.wide = foo_either_32way;
    \treturn 0;
    }
    module_init(foo_init);
    """)

NAMES = ["foo_encrypt_16way", "foo_gfni_encrypt_16way", "foo_wide_64way", "foo_either_32way",
         "foo_unused"]


class GlueTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        self.path = os.path.join(self.dir, "foo_glue.c")
        with open(self.path, "w") as f:
            f.write(GLUE)
        self.g = glue.Glue(self.path, NAMES)

    def test_module_guards_with_their_lines(self):
        self.assertEqual(self.g.init_function, "foo_init")
        self.assertEqual(self.g.module_features, [("AVX", 10), ("AES", 10), ("OSXSAVE", 10)])
        self.assertEqual(self.g.module_xfeatures, [("SSE", 16), ("YMM", 16)])
        self.assertTrue(self.g.has_xfeature_check)

    def test_a_branch_adds_its_and_terms_only_inside(self):
        feats, _, refs = self.g.requirement("foo_gfni_encrypt_16way")
        self.assertEqual([f for f, _ in feats], ["AVX", "AES", "OSXSAVE", "GFNI"])
        self.assertEqual(refs, [21])
        feats, _, _ = self.g.requirement("foo_encrypt_16way")  # the else branch; the export is no use
        self.assertEqual([f for f, _ in feats], ["AVX", "AES", "OSXSAVE"])

    def test_an_or_condition_adds_nothing(self):
        feats, _, _ = self.g.requirement("foo_either_32way")
        self.assertEqual([f for f, _ in feats], ["AVX", "AES", "OSXSAVE"])

    def test_direct_calls_and_unreferenced_functions(self):
        self.assertEqual([f for f, _ in self.g.requirement("foo_wide_64way")[0]],
                         ["AVX", "AES", "OSXSAVE"])
        self.assertIsNone(self.g.requirement("foo_unused"))

    def test_feature_tables(self):
        deps = os.path.join(self.dir, "cpuid-deps.c")
        with open(deps, "w") as f:
            f.write("{ X86_FEATURE_AVX512VL, X86_FEATURE_AVX512F },\n"
                    "{ X86_FEATURE_AVX512F, X86_FEATURE_AVX, },\n{ X86_FEATURE_AVX, X86_FEATURE_XSAVE },\n")
        feats = os.path.join(self.dir, "cpufeatures.h")
        with open(feats, "w") as f:
            f.write('#define X86_FEATURE_XMM4_1\t\t( 4*32+19) /* "sse4_1" SSE-4.1 */\n'
                    '#define X86_FEATURE_OSXSAVE\t\t( 4*32+27) /* XSAVE enabled in the OS */\n')
        types = os.path.join(self.dir, "types.h")
        with open(types, "w") as f:
            f.write("#define XFEATURE_MASK_AVX512\t\t(XFEATURE_MASK_OPMASK \\\n"
                    "\t\t\t\t | XFEATURE_MASK_ZMM_Hi256 \\\n\t\t\t\t | XFEATURE_MASK_Hi16_ZMM)\n")
        t = glue.FeatureTables(deps, feats, types)
        self.assertEqual(t.closure({"AVX512VL"}), {"AVX512VL", "AVX512F", "AVX", "XSAVE"})
        self.assertEqual(t.expand_masks({"AVX512"}), {"AVX512", "OPMASK", "ZMM_Hi256", "Hi16_ZMM"})
        self.assertEqual(t.cpuinfo_name("XMM4_1"), "sse4_1")
        self.assertTrue(t.known("OSXSAVE"))
        self.assertFalse(t.known("AVX512BW"))
        self.assertEqual(glue.kernel_feature("sse4.1"), "XMM4_1")
        self.assertEqual(glue.register_states("vpxorq %zmm17,%zmm2,%zmm3{%k1}"),
                         {"SSE", "YMM", "ZMM_Hi256", "Hi16_ZMM", "OPMASK"})


ASM = textwrap.dedent("""\
    .section .rodata.cst8, "aM", @progbits, 8
    .align 8
    c8: .quad 0, 0
    .section .rodata.cst16, "aM", @progbits, 16
    .align 16
    c16: .quad 0, 0
    .text
    .globl f
    .type f, @function
    f:
    \tvmovdqa c8(%rip), %xmm0
    \tvmovdqa c16(%rip), %xmm1
    \tvmovdqu c8(%rip), %xmm2
    \tvpshufb %ymm1, %ymm2, %ymm3
    \tvpshufb %zmm1, %zmm2, %zmm3
    \tvgf2p8affineqb $0, %ymm1, %ymm2, %ymm3
    \tkaddb %k1, %k2, %k3
    \tcall g
    \tret
    .size f, .-f
    .type g, @function
    g:
    \tvaesenclast %xmm1, %xmm2, %xmm3
    \tret
    .size g, .-g
    """)



def assemble(text):
    """text assembled by gcc into a temporary object, as isa.Object."""
    d = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    src, obj = os.path.join(d, "t.S"), os.path.join(d, "t.o")
    with open(src, "w") as f:
        f.write(text)
    subprocess.check_call(["gcc", "-c", src, "-o", obj])
    return isa.Object(obj)


class IsaTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.obj = assemble(ASM)

    def test_classification_by_the_assembler(self):
        insns = {i.text: i for i in self.obj.functions["f"] + self.obj.functions["g"]}
        classes = isa.Classifier().classify([isa._pinned(i) for i in insns.values()])
        got = {t: sorted(classes[isa._pinned(i)]) for t, i in insns.items()}
        self.assertEqual(got["vpshufb %ymm1,%ymm2,%ymm3"], ["avx2"])
        self.assertEqual(got["vpshufb %zmm1,%zmm2,%zmm3"], ["avx512bw"])
        self.assertEqual(got["vgf2p8affineqb $0x0,%ymm1,%ymm2,%ymm3"], ["avx", "gfni"])
        self.assertEqual(got["kaddb %k1,%k2,%k3"], ["avx512dq"])
        self.assertEqual(got["vaesenclast %xmm1,%xmm2,%xmm3"], ["aes", "avx"])
        self.assertEqual(got["ret"], [])

    def test_reachability_follows_local_calls(self):
        self.assertEqual(self.obj.reachable("f"), ["f", "g"])
        self.assertEqual(self.obj.exported(), ["f"])

    def test_alignment_of_constants(self):
        bad, good = isa.alignment_findings(self.obj)
        self.assertEqual([(b[2].text, b[3], b[4]) for b in bad],
                         [("vmovdqa 0x0(%rip),%xmm0", 16, 8)])
        self.assertEqual([(g[2].text, g[3], g[4]) for g in good],
                         [("vmovdqa 0x0(%rip),%xmm1", 16, 16)])  # vmovdqu needs none


# The hard cases of the alignment audit: the operand width decides the alignment. A ymm aligned
# move needs 32 bytes and a zmm one 64 (Intel SDM Vol. 2, VMOVDQA/VMOVDQA32/64/VMOVAPS/VMOVAPD:
# "#GP if the memory operand is not aligned on a 16/32/64-byte boundary" by vector length), so a
# constant 16 bytes into a 64-aligned section is fine for xmm and wrong for ymm and zmm.
WIDE_ASM = textwrap.dedent("""\
    .section .rodata.cst64, "aM", @progbits, 64
    .align 64
    c64: .octa 0, 0, 0, 0, 0, 0, 0, 0
    .section .rodata.cst8, "aM", @progbits, 8
    .align 8
    c8: .quad 0, 0, 0, 0
    .text
    .globl w
    .type w, @function
    w:
    \tvmovdqa c64+16(%rip), %ymm0
    \tvmovaps c64+48(%rip), %ymm1
    \tvmovapd c64+80(%rip), %ymm2
    \tvmovdqa32 c64+16(%rip), %ymm17
    \tvmovdqa64 c64+32(%rip), %zmm3
    \tvmovdqa64 c64+16(%rip), %zmm4{%k1}
    \tvmovaps c64+96(%rip), %zmm5
    \tvmovntdqa c64+16(%rip), %ymm6
    \tvmovdqa c8+8(%rip), %xmm7
    \tmovdqa c8+8(%rip), %xmm8
    \tvmovdqa c64+32(%rip), %ymm9
    \tvmovdqa64 c64+64(%rip), %zmm10
    \tvmovdqa32 c64+64(%rip), %zmm11
    \tvmovaps c64(%rip), %zmm12
    \tvmovdqa c64+16(%rip), %xmm13
    \tvmovdqa64 c64+48(%rip), %xmm18
    \tpxor c64+16(%rip), %xmm14
    \tvmovdqu c64+8(%rip), %ymm15
    \tvmovdqu64 c64+8(%rip), %zmm19
    \tvpxor c64+8(%rip), %ymm0, %ymm1
    \tret
    .size w, .-w
    """)


class AlignmentWidthTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bad, cls.good = isa.alignment_findings(assemble(WIDE_ASM))

    @staticmethod
    def rows(entries):
        return [(e[2].mnemonic, e[2].text.split(",")[-1], e[3], e[4]) for e in entries]

    # WIDE_ASM's reads that need alignment, in order: mnemonic, last operand, the alignment the
    # read needs, the alignment its address has, and whether the audit fails it. vmovdqu,
    # vmovdqu64 and VEX vpxor need no alignment and are in neither list.
    MOVES = [
        ("vmovdqa", "%ymm0", 32, 16, True),
        ("vmovaps", "%ymm1", 32, 16, True),
        ("vmovapd", "%ymm2", 32, 16, True),
        ("vmovdqa32", "%ymm17", 32, 16, True),
        ("vmovdqa64", "%zmm3", 64, 32, True),
        ("vmovdqa64", "%zmm4{%k1}", 64, 16, True),
        ("vmovaps", "%zmm5", 64, 32, True),
        ("vmovntdqa", "%ymm6", 32, 16, True),
        ("vmovdqa", "%xmm7", 16, 8, True),
        ("movdqa", "%xmm8", 16, 8, True),
        ("vmovdqa", "%ymm9", 32, 32, False),
        ("vmovdqa64", "%zmm10", 64, 64, False),
        ("vmovdqa32", "%zmm11", 64, 64, False),
        ("vmovaps", "%zmm12", 64, 64, False),
        ("vmovdqa", "%xmm13", 16, 16, False),
        ("vmovdqa64", "%xmm18", 16, 16, False),
        ("pxor", "%xmm14", 16, 16, False),
    ]

    def test_ymm_and_zmm_aligned_moves_at_16_byte_offsets_fail(self):
        self.assertEqual(self.rows(self.bad), [m[:4] for m in self.MOVES if m[4]])

    def test_aligned_moves_at_their_width_pass(self):
        self.assertEqual(self.rows(self.good), [m[:4] for m in self.MOVES if not m[4]])

    def test_the_audit_fails_the_function(self):
        self.assertTrue(self.bad)
        self.assertEqual({b[0] for b in self.bad}, {"w"})


class KnownTest(unittest.TestCase):
    def known(self, text, kernel):
        path = os.path.join(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")), "known.txt")
        with open(path, "w") as f:
            f.write(text)
        import audit
        k = audit.Known(path)
        k.kernel = kernel
        return k

    def test_a_version_limited_entry_holds_only_for_that_version(self):
        text = ("linux=6.1.* isa g.c f_*_16way AVX2 six-one only\n"
                "isa g.c f_*_64way AVX512BW any version\n")
        k = self.known(text, "6.1.192")
        self.assertEqual(k.match("isa", ("g.c", "f_enc_16way", "AVX2")), "six-one only")
        self.assertEqual(k.unused(), [("isa", ("g.c", "f_*_64way", "AVX512BW"), 2)])
        # 6.12: the 6.1 entry neither matches (a planted AVX2 instruction stays a failure) nor is
        # reported as no longer occurring.
        k = self.known(text, "6.12.117")
        self.assertIsNone(k.match("isa", ("g.c", "f_enc_16way", "AVX2")))
        self.assertEqual(k.match("isa", ("g.c", "f_x_64way", "AVX512BW")), "any version")
        self.assertEqual(k.unused(), [])

    def test_an_abi_entry_matches_function_and_rule(self):
        k = self.known("linux=6.12.* abi f_*_32way upper-state no vzeroupper\n", "6.12.117")
        self.assertEqual(k.match("abi", ("f_enc_32way", "upper-state")), "no vzeroupper")
        self.assertIsNone(k.match("abi", ("f_enc_32way", "red-zone")))
        self.assertIsNone(self.known("linux=6.12.* abi f_* upper-state x\n", "6.1.192").match(
            "abi", ("f_enc_32way", "upper-state")))

    def test_a_bad_line_names_file_and_line(self):
        for bad in ("linux= isa g.c f AVX2 reason\n", "linux=6.1 bogus\n"):
            with self.assertRaisesRegex(ValueError, r"known\.txt:1: expected `\[linux=VERSION\]"):
                self.known(bad, "6.1.192")


# The shapes of the kernel's x86 linkage.h and cfi_types.h that abi.Macros reads (written here).
LINKAGE_H = textwrap.dedent("""\
    #if defined(CONFIG_MITIGATION_RETHUNK) && !defined(__DISABLE_EXPORTS)
    #define RET\tjmp __x86_return_thunk
    #else
    #define RET\tret
    #endif
    #define SYM_TYPED_FUNC_START(name)\t\t\t\\
    \tSYM_TYPED_START(name, SYM_L_GLOBAL, SYM_F_ALIGN)\t\\
    \tENDBR
    #define SYM_FUNC_START(name)\t\t\t\\
    \tSYM_START(name, SYM_L_GLOBAL, SYM_F_ALIGN)\t\\
    \tENDBR
    #define SYM_FUNC_START_LOCAL(name)\t\t\\
    \tSYM_START(name, SYM_L_LOCAL, SYM_F_ALIGN)\t\\
    \tENDBR
    """)
CFI_TYPES_H = "#define __CFI_TYPE(name)\t\\\n\t.4byte __kcfi_typeid_##name\n"
ABI_ASM = textwrap.dedent("""\
    #include <linux/linkage.h>
    #include <linux/cfi_types.h>
    SYM_FUNC_START_LOCAL(helper)
    \tret
    SYM_FUNC_END(helper)
    SYM_TYPED_FUNC_START(typed)
    \tRET
    SYM_FUNC_END(typed)
    SYM_FUNC_START(untyped)
    \tcall helper
    \tRET
    SYM_FUNC_END(untyped)
    \t.globl bare; .type bare, @function; .p2align 4
    bare:
    \tRET
    \t.size bare, . - bare
    """)


class AbiBuildRulesTest(unittest.TestCase):
    """The ENDBR/kCFI and RET rules on an object assembled with headers made from a tree's
    macros: the typed function passes; an indirectly called function without the kCFI preamble,
    one without ENDBR and a bare ret (in a local function reached by a call) fail."""

    @classmethod
    def setUpClass(cls):
        import abi
        import tree
        cls.abi = abi
        root = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        for rel, text in ((abi.LINKAGE, LINKAGE_H), (abi.CFI_TYPES, CFI_TYPES_H)):
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
        cls.macros = abi.Macros(tree.Tree(root, "test"))
        inc = os.path.join(root, "include-out")
        abi.kernel_headers(cls.macros, inc)
        src, obj = os.path.join(root, "t.S"), os.path.join(root, "t.o")
        with open(src, "w") as f:
            f.write(ABI_ASM)
        subprocess.check_call(["gcc", "-c", "-D__ASSEMBLY__", "-I", inc, src, "-o", obj])
        cls.obj = isa.Object(obj)
        cls.sources = abi.source_macros(src)

    def findings(self, function):
        return self.abi.build_findings(self.obj, function, self.sources,
                                       {"typed", "untyped", "bare"}, self.macros)

    def test_the_tree_macros_are_read(self):
        self.assertIsNone(self.macros.missing)
        self.assertEqual(self.macros.endbr, {"SYM_TYPED_FUNC_START", "SYM_FUNC_START",
                                             "SYM_FUNC_START_LOCAL"})
        self.assertEqual(self.macros.rethunk, ("CONFIG_MITIGATION_RETHUNK",
                                               "jmp __x86_return_thunk"))
        self.assertTrue(self.macros.kcfi)

    def test_a_typed_function_passes(self):
        self.assertEqual(self.findings("typed"), [])

    def test_an_indirectly_called_untyped_function_and_a_bare_ret_fail(self):
        f = self.findings("untyped")
        self.assertEqual(sorted(r for r, _ in f), ["endbr-kcfi", "ret-thunk"], f)
        self.assertIn("untyped+0x0: no kCFI type preamble", dict(f)["endbr-kcfi"])
        self.assertIn("helper+0x4: a bare ret", dict(f)["ret-thunk"])  # after its endbr64

    def test_a_label_without_the_macro_has_no_endbr(self):
        f = self.findings("bare")
        self.assertEqual({r for r, _ in f}, {"endbr-kcfi"}, f)
        text = " ".join(t for _, t in f)
        self.assertIn("bare+0x0: no endbr64 at the entry", text)
        self.assertIn("bare+0x0: no kCFI type preamble", text)

    def test_without_the_headers_the_rules_skip_with_the_reason(self):
        import tree
        m = self.abi.Macros(tree.Tree(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")), "t"))
        self.assertEqual(m.missing, "the tree lacks arch/x86/include/asm/linkage.h")

    def test_the_resolver_names_function_and_offset(self):
        r = self.abi.Resolver("/nonexistent")
        r.symbols = [(0x100, "f"), (0x180, "g")]
        self.assertEqual(r.text("at @0x184 and @0x100"), "at g+0x4 and f+0x0")


class MissingTreeTest(unittest.TestCase):
    def run_main(self, *args, env=None):
        e = dict(os.environ)
        e.update(env or {})
        return subprocess.run([sys.executable, os.path.join(HERE, "main.py")] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e, text=True)

    def test_no_cached_tree_is_one_line_exit_2(self):
        empty = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        p = self.run_main("build", env={"ARIASUITE_CACHE": empty, "ARIASUITE_KERNEL_TREE": ""})
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        self.assertIn("no kernel tree", p.stderr)

    def test_not_a_kernel_tree_is_one_line_exit_2(self):
        p = self.run_main("build", "--kernel-tree", HERE)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        self.assertIn("aria-aesni-avx-asm_64.S", p.stderr)

    def test_bad_usage_is_exit_2(self):
        p = self.run_main("run", "--seconds", "x")
        self.assertEqual(p.returncode, 2, p.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
