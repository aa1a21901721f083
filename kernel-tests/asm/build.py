"""Assembles the kernel's ARIA assembly files (those of the three the tree has), unmodified, with
the shim headers of kernel-tests/asm/shim into objects and one shared object the harness, the fuzzer and the benchmark
load; classifies every instruction (impl/testing/isa.py); writes manifest.txt for the C++ side.

Output: <cache>/kernel-asm/<digest>/ (digest of the sources, the shim and the toolchain), holding
  <driver>.o, kernel_aria_asm.so, isa.json (the classification), manifest.txt:
    tree DIR / kernel VERSION / so FILE
    function NAME DRIVER KIND BLOCKS CPUINFO_FLAGS   (KIND: encrypt, decrypt or ctr; flags the
                                                    function's instructions need, /proc/cpuinfo
                                                    names, comma-separated, "-" for none)
A build of the default (cached) tree is also recorded in <cache>/kernel-asm/current, where the
fuzzer and the benchmark find it when ARIASUITE_KERNEL_ASM_DIR is not set.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# isa.py lives in impl/testing/, where impl's dispatch test uses it too.
ISA_DIR = os.path.join(os.path.dirname(os.path.dirname(HERE)), "impl", "testing")
sys.path.insert(0, ISA_DIR)

import abi  # noqa: E402
import glue  # noqa: E402
import isa  # noqa: E402
import tree as treemod  # noqa: E402

SHIM = os.path.join(HERE, "shim", "include")
SO_NAME = "kernel_aria_asm.so"
# The C preprocessor symbols the kernel's build gives assembly files: __ASSEMBLY__, and the
# assembler capability that enables the GFNI code (CONFIG_AS_GFNI, set by Kconfig when binutils
# knows GFNI, which every supported binutils does).
CPP_FLAGS = ["-D__ASSEMBLY__", "-DCONFIG_AS_GFNI=1"]
# The compiler driver that preprocesses and assembles (gcc, as the kernel's default build; the
# OSS-Fuzz build passes its clang, whose integrated assembler takes these files too).
CC = os.environ.get("ARIASUITE_ASM_CC") or "gcc"


class BuildError(Exception):
    pass


def cache_dir(cache=None):
    return treemod.cache_layout.asm_dir(cache)


def _tool_version(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.stdout.decode(errors="replace").splitlines()[0] if p.stdout else ""


def _digest(t):
    h = hashlib.sha256()
    for asm, glue_file, _ in treemod.DRIVERS:
        for rel in (os.path.join(treemod.CRYPTO_DIR, asm), os.path.join(treemod.CRYPTO_DIR, glue_file)):
            p = t.path(rel)
            h.update(rel.encode() + b"\0")
            if os.path.exists(p):
                h.update(open(p, "rb").read())
    for dirpath, _, files in sorted(os.walk(SHIM)):
        for f in sorted(files):
            h.update(f.encode() + open(os.path.join(dirpath, f), "rb").read())
    for rel in (abi.LINKAGE, abi.CFI_TYPES):
        p = t.optional(rel)
        h.update(rel.encode() + b"\0" + (open(p, "rb").read() if p else b""))
    for f in (os.path.join(HERE, "build.py"), os.path.join(ISA_DIR, "isa.py"),
              os.path.join(HERE, "abi.py")):
        h.update(open(f, "rb").read())
    h.update(_tool_version([CC, "--version"]).encode())
    h.update(_tool_version(["as", "--version"]).encode())
    return h.hexdigest()[:16]


def shim_offsets():
    out = {}
    for line in open(os.path.join(SHIM, "asm", "asm-offsets.h")):
        m = re.match(r"#define\s+ARIA_CTX_(\w+)\s+(\d+)", line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def tree_offsets(aria_h):
    """Field offsets of struct aria_ctx from the tree's include/crypto/aria.h, or None when the
    struct is not in the expected shape (u32 arrays and ints)."""
    src = open(aria_h, errors="replace").read()
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    defines = dict(re.findall(r"#define\s+(ARIA_\w+)[ \t]+(.+)", src))
    m = re.search(r"struct\s+aria_ctx\s*\{(.*?)\};", src, re.S)
    if not m:
        return None

    def value(expr):
        for _ in range(8):
            expr = re.sub(r"\b(ARIA_\w+)\b", lambda n: "(%s)" % defines.get(n.group(1), "?"), expr)
            expr = re.sub(r"sizeof\s*\(\s*(u32|int)\s*\)", "4", expr)
        if not re.match(r"^[\d\s()+*/-]+$", expr):
            raise ValueError(expr)
        return int(eval(expr.replace("/", "//"), {"__builtins__": {}}))  # digits and operators only

    offsets, off = {}, 0
    try:
        for typ, name, dims in re.findall(r"\b(u32|int)\s+(\w+)\s*((?:\[[^\]]+\])*)\s*;", m.group(1)):
            n = 1
            for d in re.findall(r"\[([^\]]+)\]", dims):
                n *= value(d)
            offsets[name] = off
            off += 4 * n
    except ValueError:
        return None
    return offsets


def _kind(name):
    m = re.search(r"_(encrypt|decrypt|ctr_crypt)_(\d+)way$", name)
    if not m:
        return None, 0
    return ("ctr" if m.group(1) == "ctr_crypt" else m.group(1)), int(m.group(2))


def build(t, out=None, cache=None, log=None, record_current=False):
    """Assembles tree t; returns the build directory. Raises BuildError with a one-line reason."""
    aria_h = t.optional("include/crypto/aria.h")
    if aria_h:
        want, have = shim_offsets(), tree_offsets(aria_h)
        if have is None:
            raise BuildError("%s: struct aria_ctx is not in the shape the shim knows (u32 "
                             "enc_key[][], dec_key[][], int rounds, key_length)" % aria_h)
        for field, off in want.items():
            if have.get(field) != off:
                raise BuildError("%s: aria_ctx.%s is at offset %s, the shim's asm-offsets.h says "
                                 "%d" % (aria_h, field, have.get(field), off))
    digest = _digest(t)
    d = out or os.path.join(cache_dir(cache), digest)
    if _complete(d, digest):
        if record_current:
            _record_current(d, cache)
        return d
    # Built beside its final place and renamed into it, so that concurrent runs (the bazel tests,
    # a user's command) never see a half-built directory.
    os.makedirs(os.path.dirname(os.path.abspath(d)), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=os.path.basename(d) + ".tmp-", dir=os.path.dirname(os.path.abspath(d)))
    try:
        _build_into(t, tmp, digest, log)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if os.path.exists(d) and not _complete(d, digest):
        shutil.rmtree(d, ignore_errors=True)  # a stale build of other sources (--build-dir)
    try:
        os.rename(tmp, d)
    except OSError:  # another run finished first: its directory is as good as ours
        shutil.rmtree(tmp, ignore_errors=True)
    if record_current:
        _record_current(d, cache)
    if out is None:
        _prune(cache_dir(cache), keep=d)
    return d


def _prune(parent, keep, limit=8):
    """Removes all but the `limit` most recent builds in the cache (sources and tools change)."""
    builds = [os.path.join(parent, n) for n in os.listdir(parent)
              if re.match(r"^[0-9a-f]{16}$", n) and os.path.join(parent, n) != keep]
    builds.sort(key=lambda p: os.path.getmtime(p), reverse=True)
    for old in builds[limit - 1:]:
        shutil.rmtree(old, ignore_errors=True)


def _complete(d, digest):
    manifest = os.path.join(d, "manifest.txt")
    return os.path.exists(manifest) and ("digest %s\n" % digest) in open(manifest).read()


def _build_into(t, tmp, digest, log):
    objects = []
    for asm, _, driver in t.drivers():
        obj = os.path.join(tmp, driver + ".o")
        cmd = [CC, "-c", "-x", "assembler-with-cpp"] + CPP_FLAGS + \
            ["-I", SHIM, "-Wa,--noexecstack", t.asm(asm), "-o", obj]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            lines = [l for l in p.stdout.decode(errors="replace").splitlines() if "rror" in l]
            raise BuildError("assembling %s failed: %s" % (t.asm(asm), (lines or ["?"])[0]))
        objects.append((driver, obj))
    _build_kernel_objects(t, tmp)
    so = os.path.join(tmp, SO_NAME)
    p = subprocess.run([CC, "-shared", "-Wl,-z,noexecstack", "-o", so] + [o for _, o in objects],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    loaded = ["so %s" % SO_NAME]
    if p.returncode != 0:
        text = p.stdout.decode(errors="replace")
        if not _ABSOLUTE_RELOC.search(text):
            raise BuildError("linking %s failed: %s" % (SO_NAME, _first_line(text)))
        # Linux 6.1's AES-NI/AVX code addresses its constants absolutely (`vpshufb .Lshufb_16x16b,
        # ...`, R_X86_64_32S): the kernel links it into its top 2 GiB; here it goes into a flat
        # image linked for, and mapped at, IMAGE_BASE, below 2 GiB.
        if log:
            log("the assembly uses absolute addresses (%s): linked as a flat image at %#x"
                % (_ABSOLUTE_RELOC.search(text).group(0), IMAGE_BASE))
        loaded = _link_image(tmp, [o for _, o in objects])
    if log:
        log("classifying every instruction with GNU as (%s)" % _tool_version(["as", "--version"]))
    objs = {driver: isa.Object(obj) for driver, obj in objects}
    texts = set()
    for o in objs.values():
        for insns in o.functions.values():
            texts.update(isa._pinned(i) for i in insns)
    classes = isa.Classifier().classify(texts)
    with open(os.path.join(tmp, "isa.json"), "w") as f:
        json.dump({t_: (sorted(c) if c is not None else None) for t_, c in classes.items()}, f,
                  indent=0, sort_keys=True)
    tables = feature_tables(t)
    lines = ["# ariasuite kernel-asm build (kernel-tests/asm/build.py); do not edit",
             "digest %s" % digest, "tree %s" % t.root, "kernel %s" % t.version()] + loaded
    for driver, o in objs.items():
        for name in o.exported():
            kind, blocks = _kind(name)
            if not kind:
                continue
            feats = function_features(o, name, classes)
            flags = sorted({tables.cpuinfo_name(glue.kernel_feature(e)) for e in feats if e})
            lines.append("function %s %s %s %d %s" % (name, driver, kind, blocks,
                                                       ",".join(flags) or "-"))
    with open(os.path.join(tmp, "manifest.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def _build_kernel_objects(t, tmp):
    """<driver>.kernel.o: the same sources with the tree's macros expanded as its kernel build
    does with IBT, kCFI and return thunks (abi.kernel_headers), for the ABI audit's build rules;
    never loaded. Nothing when the tree's macros cannot be read (those rules then SKIP)."""
    macros = abi.Macros(t)
    if macros.missing:
        return
    headers = os.path.join(tmp, "kernel-build-include")
    abi.kernel_headers(macros, headers)
    for asm, _, driver in t.drivers():
        obj = os.path.join(tmp, driver + ".kernel.o")
        cmd = [CC, "-c", "-x", "assembler-with-cpp"] + CPP_FLAGS + \
            ["-I", headers, "-I", SHIM, "-Wa,--noexecstack", t.asm(asm), "-o", obj]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            lines = [l for l in p.stdout.decode(errors="replace").splitlines() if "rror" in l]
            raise BuildError("assembling %s as the kernel builds it (IBT, kCFI, return thunks) "
                             "failed: %s" % (t.asm(asm), (lines or ["?"])[0]))


# A relocation a shared object cannot hold, and where the flat image is linked (below 2 GiB, so
# that sign-extended 32-bit absolute addresses reach it; below the ASan shadow at 0x7fff8000).
_ABSOLUTE_RELOC = re.compile(r"relocation R_X86_64_32S?\b")
IMAGE_BASE = 0x40000000
IMAGE_NAME = "kernel_aria_asm.image"
_LINKER_SCRIPT = """SECTIONS {
  . = %#x;
  .image : { *(.text .text.* .noinstr.text) *(.rodata .rodata.*) *(.data .data.*)
             *(.bss .bss.* COMMON) }
  .unused : { *(.got .got.plt .igot.plt .iplt .plt .rela.*) }
  /DISCARD/ : { *(.note.* .comment .eh_frame) }
}
"""


def _first_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no output)"


def _link_image(tmp, objects):
    """Links objects into one section at IMAGE_BASE (an unknown section, a GOT or a PLT is an
    error), writes it flat to IMAGE_NAME; returns the manifest lines: the image and each global symbol's address."""
    script = os.path.join(tmp, "image.ld")
    with open(script, "w") as f:
        f.write(_LINKER_SCRIPT % IMAGE_BASE)
    elf = os.path.join(tmp, "image.elf")
    for cmd, what in (
            (["ld", "-static", "-nostdlib", "-e", "0", "--orphan-handling=error", "-z",
              "noexecstack", "--no-warn-rwx-segments", "-T", script, "-o", elf] + objects,
             "linking the image"),
            (["objcopy", "-O", "binary", "-j", ".image", elf, os.path.join(tmp, IMAGE_NAME)],
             "objcopy of the image")):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise BuildError("%s failed: %s" % (what, _first_line(p.stdout.decode(errors="replace"))))
    heads = subprocess.run(["objdump", "-h", elf], stdout=subprocess.PIPE).stdout.decode()
    if re.search(r"^\s*\d+\s+\.unused\s", heads, flags=re.M):
        raise BuildError("the image needs a GOT or PLT (%s), which a flat image cannot hold" % elf)
    p = subprocess.run(["nm", "-g", "--defined-only", elf], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise BuildError("nm %s failed: %s" % (elf, _first_line(p.stdout.decode(errors="replace"))))
    lines = ["image %s %x" % (IMAGE_NAME, IMAGE_BASE)]
    for line in p.stdout.decode().splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "Tt":
            lines.append("symbol %s %s" % (f[2], f[0]))
    return lines


def _record_current(d, cache):
    os.makedirs(cache_dir(cache), exist_ok=True)
    tmp = os.path.join(cache_dir(cache), "current.tmp-%d" % os.getpid())
    with open(tmp, "w") as f:
        f.write(d + "\n")
    os.replace(tmp, os.path.join(cache_dir(cache), "current"))


def feature_tables(t):
    return glue.FeatureTables(t.optional("arch/x86/kernel/cpu/cpuid-deps.c"),
                              t.optional("arch/x86/include/asm/cpufeatures.h"),
                              t.optional("arch/x86/include/asm/fpu/types.h"))


def function_features(o, name, classes):
    """gas extensions the instructions reachable from name need (None marks an unclassified
    instruction)."""
    out = set()
    for f in o.reachable(name):
        for insn in o.functions.get(f, []):
            c = classes.get(isa._pinned(insn))
            if c is None:
                out.add(None)
            else:
                out.update(c)
    return out


def load_classes(d):
    with open(os.path.join(d, "isa.json")) as f:
        return {k: (frozenset(v) if v is not None else None) for k, v in json.load(f).items()}
