"""The ABI audit of `tools/ariasuite kernel-asm` (README.md "ABI audit").

Run-time rules (the harness, abi_call.h): callee-saved, direction-flag, upper-state, red-zone,
stack-alignment. This module turns their CASE lines into verdicts and names the instruction
(`@0xOFFSET` in the linked file -> function+offset).

Build rules, read from the tree's own macros and decided on an object assembled as the kernel
builds it with IBT, kCFI and return thunks (`<driver>.kernel.o`, from the header this module
writes: kernel_headers()):
  endbr-kcfi  every function whose SYM_*_START macro promises ENDBR (the tree's
              arch/x86/include/asm/linkage.h: all of them under CONFIG_X86_KERNEL_IBT) begins with
              endbr64; every function the glue stores in a function pointer (`= name;`: the
              aria_ops calls are indirect) is preceded by the kCFI preamble, `__cfi_<name>` holding
              `movl $__kcfi_typeid_<name>, %eax` right before the entry (SYM_TYPED_FUNC_START)
  ret-thunk   no bare `ret` in the function or what it reaches: with CONFIG_MITIGATION_RETHUNK
              (CONFIG_RETHUNK before 6.2) the tree's RET is `jmp __x86_return_thunk`
"""
import os
import re
import subprocess


RULES = ["callee-saved", "direction-flag", "upper-state", "red-zone", "stack-alignment",
         "endbr-kcfi", "ret-thunk"]
HEADINGS = ["callee-saved", "DF", "upper state", "red zone", "rsp%16==0", "ENDBR/kCFI", "RET"]
RUNTIME = {"abi-" + r: r for r in RULES[:5]}

LINKAGE = "arch/x86/include/asm/linkage.h"
CFI_TYPES = "include/linux/cfi_types.h"
_ENDBR = bytes.fromhex("f30f1efa")


class Macros:
    """What the tree's macros promise: which SYM_*_START macros end in ENDBR, whether RET is a
    return thunk, whether SYM_TYPED_FUNC_START emits the kCFI type preamble. .missing names what
    could not be read (the build rules then SKIP)."""

    def __init__(self, t):
        self.endbr, self.rethunk, self.kcfi, self.missing = set(), None, False, None
        linkage, cfi = t.optional(LINKAGE), t.optional(CFI_TYPES)
        if not linkage or not cfi:
            self.missing = "the tree lacks %s" % (LINKAGE if not linkage else CFI_TYPES)
            return
        src = open(linkage, errors="replace").read().replace("\\\n", " ")
        for name, body in re.findall(r"#define\s+(SYM_\w*FUNC_START\w*)\s*\(name\)([^\n]*)", src):
            if re.search(r"\bENDBR\b", body):
                self.endbr.add(name)
        m = re.search(r"#if defined\((CONFIG_\w*RETHUNK)\)[^\n]*\n"
                      r"#define\s+RET\s+(jmp\s+__x86_return_thunk)", src)
        if m:
            self.rethunk = (m.group(1), m.group(2))
        both = src + open(cfi, errors="replace").read().replace("\\\n", " ")
        self.kcfi = bool(re.search(r"#define\s+__CFI_TYPE\(name\)[^\n]*__kcfi_typeid_##name", both))
        if not self.endbr or not self.rethunk:
            self.missing = "%s defines no %s" % (
                LINKAGE, "SYM_FUNC_START with ENDBR" if not self.endbr else "return-thunk RET")


def kernel_headers(macros, out):
    """Writes <out>/linux/{linkage,cfi_types}.h: the tree's macros as its x86 build expands them
    with IBT, kCFI and return thunks (ENDBR where the tree's macro has it; the kCFI preamble of
    the tree's __CFI_TYPE without call padding)."""
    os.makedirs(os.path.join(out, "linux"), exist_ok=True)
    shapes = {
        "SYM_FUNC_START": ".globl name; .p2align 4, 0x90; .type name, @function; name:",
        "SYM_FUNC_START_NOALIGN": ".globl name; .type name, @function; name:",
        "SYM_FUNC_START_LOCAL": ".p2align 4, 0x90; .type name, @function; name:",
        "SYM_FUNC_START_LOCAL_NOALIGN": ".type name, @function; name:",
        "SYM_FUNC_START_WEAK": ".weak name; .p2align 4, 0x90; .type name, @function; name:",
        "SYM_FUNC_START_WEAK_NOALIGN": ".weak name; .type name, @function; name:",
    }
    lines = ["/* written by kernel-tests/asm/abi.py from the tree's %s */" % LINKAGE,
             "#ifndef ARIASUITE_KERNEL_BUILD_LINKAGE_H_",
             "#define ARIASUITE_KERNEL_BUILD_LINKAGE_H_",
             "#ifdef __ASSEMBLY__"]
    for macro, body in shapes.items():
        lines.append("#define %s(name) %s%s" % (macro, body,
                                                " endbr64" if macro in macros.endbr else ""))
    lines += ["#define SYM_FUNC_END(name) .size name, . - name",
              "#define SYM_FUNC_ALIAS(alias, name) .globl alias; .type alias, @function; "
              ".set alias, name",
              "#define SYM_FUNC_ALIAS_LOCAL(alias, name) .type alias, @function; .set alias, name",
              "#define RET %s" % (macros.rethunk[1] if macros.rethunk else "ret"),
              "#endif", "#endif"]
    with open(os.path.join(out, "linux", "linkage.h"), "w") as f:
        f.write("\n".join(lines) + "\n")
    typed = ".globl name; .p2align 4, 0x90; .type name, @function; name:"
    if macros.kcfi:
        typed = (".p2align 4, 0x90; .type __cfi_##name, @function; __cfi_##name: .skip 11, 0x90; "
                 ".byte 0xb8; .long __kcfi_typeid_##name; .size __cfi_##name, . - __cfi_##name; "
                 ".globl name; .type name, @function; name:")
    if "SYM_TYPED_FUNC_START" in macros.endbr:
        typed += " endbr64"
    with open(os.path.join(out, "linux", "cfi_types.h"), "w") as f:
        f.write("/* written by kernel-tests/asm/abi.py from the tree's %s and %s */\n"
                "#include <linux/linkage.h>\n#ifdef __ASSEMBLY__\n"
                "#define SYM_TYPED_FUNC_START(name) %s\n#endif\n" % (CFI_TYPES, LINKAGE, typed))


def source_macros(asm_path):
    """{function: the SYM_*_START macro that defines it} in the assembly source."""
    src = open(asm_path, errors="replace").read()
    return {n: m for m, n in re.findall(r"\b(SYM_\w*FUNC_START\w*)\((\w+)\)", src)}


def address_taken(glue_paths):
    """Names the glue files store in function pointers (`= name;`)."""
    out = set()
    for p in glue_paths:
        if p and os.path.exists(p):
            src = re.sub(r"/\*.*?\*/|//[^\n]*", " ", open(p, errors="replace").read(), flags=re.S)
            out.update(re.findall(r"=\s*(\w+)\s*;", src))
    return out


def build_findings(obj, function, macros_of, indirect, macros):
    """[(rule, 'name+0xOFF: text')] of the build rules for one exported function of the
    kernel-build object obj (isa.Object)."""
    out = []
    for f in obj.reachable(function):
        insns = obj.functions.get(f, [])
        start = obj.start_of(f)
        promised = macros_of.get(f)
        if promised in macros.endbr and (not insns or insns[0].raw != _ENDBR):
            out.append(("endbr-kcfi", "%s+0x0: no endbr64 at the entry, which %s(%s) promises "
                                      "under CONFIG_X86_KERNEL_IBT" % (f, promised, f)))
        elif promised is None and f == function:
            if not insns or insns[0].raw != _ENDBR:
                out.append(("endbr-kcfi", "%s+0x0: no endbr64 at the entry: the symbol is not "
                                          "defined by a SYM_*_START macro, and the glue calls it "
                                          "indirectly" % f))
        if f == function and f in indirect and macros.kcfi:
            pre = "__cfi_" + f
            ok = False
            if pre in obj.symbols:
                _, value, size, _, _ = obj.symbols[pre]
                relocs = [r for i in obj.functions.get(pre, []) for r in i.relocs]
                ok = value + size == start and any(
                    r.symbol == "__kcfi_typeid_" + f and r.type == "R_X86_64_32" for r in relocs)
            if not ok:
                out.append(("endbr-kcfi", "%s+0x0: no kCFI type preamble (__cfi_%s with "
                                          "__kcfi_typeid_%s) before the entry, but the glue calls "
                                          "it through a function pointer: define it with "
                                          "SYM_TYPED_FUNC_START" % (f, f, f)))
        for i in insns:
            if i.mnemonic in ("ret", "retq", "retl"):
                out.append(("ret-thunk", "%s+0x%x: a bare ret where the tree's RET (%s under %s) "
                                         "belongs" % (f, i.offset - start, macros.rethunk[1],
                                                      macros.rethunk[0])))
    return out


class Resolver:
    """`@0xOFFSET` (an address in the linked file of a build) -> 'function+0xOFF'."""

    def __init__(self, build_dir):
        self.symbols = []
        for name in ("kernel_aria_asm.so", "image.elf"):
            p = os.path.join(build_dir, name)
            if os.path.exists(p):
                out = subprocess.run(["nm", "-n", "--defined-only", p], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL).stdout.decode(errors="replace")
                for line in out.splitlines():
                    f = line.split()
                    if len(f) == 3 and f[1] in "Tt" and not f[2].startswith("."):
                        self.symbols.append((int(f[0], 16), f[2]))
                break

    def name(self, addr):
        best = None
        for a, n in self.symbols:
            if a <= addr:
                best = (a, n)
        return "%s+0x%x" % (best[1], addr - best[0]) if best else "0x%x" % addr

    def text(self, detail):
        return re.sub(r"@0x([0-9a-f]+)", lambda m: self.name(int(m.group(1), 16)), detail)


def rule_of(detail):
    m = re.search(r"\[([a-z-]+)\]\s*$", detail)
    return m.group(1) if m else None
