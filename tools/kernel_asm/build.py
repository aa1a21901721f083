"""Assembles the kernel's three ARIA assembly files, unmodified, with the shim headers of
tools/kernel_asm/shim into objects and one shared object the harness, the fuzzer and the benchmark
load; classifies every instruction (isa.py); writes manifest.txt for the C++ side.

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
import tempfile

import glue
import isa
import tree as treemod

HERE = os.path.dirname(os.path.abspath(__file__))
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
    return os.path.join(os.path.dirname(treemod.debian.cache_root(cache)), "kernel-asm")


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
    for f in ("build.py", "isa.py"):
        h.update(open(os.path.join(HERE, f), "rb").read())
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
    for asm, _, driver in treemod.DRIVERS:
        obj = os.path.join(tmp, driver + ".o")
        cmd = [CC, "-c", "-x", "assembler-with-cpp"] + CPP_FLAGS + \
            ["-I", SHIM, "-Wa,--noexecstack", t.asm(asm), "-o", obj]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            lines = [l for l in p.stdout.decode(errors="replace").splitlines() if "rror" in l]
            raise BuildError("assembling %s failed: %s" % (t.asm(asm), (lines or ["?"])[0]))
        objects.append((driver, obj))
    so = os.path.join(tmp, SO_NAME)
    p = subprocess.run([CC, "-shared", "-Wl,-z,noexecstack", "-o", so] + [o for _, o in objects],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise BuildError("linking %s failed: %s" % (SO_NAME, p.stdout.decode(errors="replace")
                                                   .strip().splitlines()[-1:]))
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
    lines = ["# ariasuite kernel-asm build (tools/kernel_asm/build.py); do not edit",
             "digest %s" % digest, "tree %s" % t.root, "kernel %s" % t.version(),
             "so %s" % SO_NAME]
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
