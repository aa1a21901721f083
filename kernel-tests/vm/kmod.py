"""Kernel module trees without kmod: finds modules by name, reads their .modinfo, orders them.

The guest has no depmod/modprobe data, so the host resolves each wanted module's `depends=` (from
the ELF .modinfo section, as modinfo(8) shows it) and hands the guest a list in load order. Works
on plain, .xz, .gz and .zst modules (Debian 6.12 ships .ko.xz); the guest gets them decompressed
so busybox insmod can load them on any kernel.
"""
import gzip
import lzma
import os
import shutil
import struct
import subprocess

_SUFFIXES = (".ko", ".ko.xz", ".ko.gz", ".ko.zst")


class ModuleError(Exception):
    pass


def canonical(name):
    """Module names compare with '-' and '_' the same (as kmod does)."""
    return name.replace("-", "_")


def _strip_suffix(filename):
    for s in _SUFFIXES:
        if filename.endswith(s):
            return filename[: -len(s)]
    return None


def read_module(path):
    """The module's ELF bytes, decompressed."""
    if path.endswith(".xz"):
        with lzma.open(path) as f:
            return f.read()
    if path.endswith(".gz"):
        with gzip.open(path) as f:
            return f.read()
    if path.endswith(".zst"):
        if not shutil.which("zstd"):
            raise ModuleError("%s is zstd-compressed and the zstd tool is missing" % path)
        return subprocess.run(["zstd", "-dc", path], check=True, stdout=subprocess.PIPE).stdout
    with open(path, "rb") as f:
        return f.read()


def modinfo(elf, where="module"):
    """The key=value pairs of the .modinfo section of an ELF64 little-endian module."""
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise ModuleError("%s: not an ELF64 little-endian module" % where)
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)

    def section(i):
        off = shoff + i * shentsize
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", elf, off)
        return name, offset, size

    _, stroff, strsize = section(shstrndx)
    names = elf[stroff:stroff + strsize]
    for i in range(shnum):
        name, offset, size = section(i)
        end = names.index(b"\0", name)
        if names[name:end] == b".modinfo":
            info = {}
            for entry in elf[offset:offset + size].split(b"\0"):
                if b"=" in entry:
                    k, v = entry.split(b"=", 1)
                    info.setdefault(k.decode(), []).append(v.decode(errors="replace"))
            return info
    raise ModuleError("%s: no .modinfo section" % where)


class ModuleTree:
    """Every module file under some directories; later directories override earlier ones."""

    def __init__(self, dirs, builtin_file=None):
        self.paths = {}
        for d in dirs:
            for root, _, files in os.walk(d):
                for fn in files:
                    name = _strip_suffix(fn)
                    if name:
                        self.paths[canonical(name)] = os.path.join(root, fn)
        self.builtin = set()
        if builtin_file and os.path.exists(builtin_file):
            with open(builtin_file) as f:
                for line in f:
                    name = _strip_suffix(os.path.basename(line.strip()))
                    if name:
                        self.builtin.add(canonical(name))
        self._info = {}

    def info(self, name):
        name = canonical(name)
        if name not in self._info:
            path = self.paths[name]
            self._info[name] = modinfo(read_module(path), path)
        return self._info[name]

    def deps(self, name):
        out = []
        for v in self.info(name).get("depends", []):
            out += [canonical(d) for d in v.split(",") if d]
        return out

    def resolve(self, wanted):
        """(load order of the wanted modules and their dependencies, names found nowhere).

        A wanted name that is built in is dropped; one neither a file nor built in is returned in
        the second list (the caller decides whether that is fatal). A missing dependency of a
        module that exists is an error.
        """
        order, missing, state = [], [], {}

        def visit(name, chain):
            if state.get(name) == "done" or name in self.builtin:
                return
            if state.get(name) == "visiting":
                raise ModuleError("dependency cycle: %s" % " -> ".join(chain + [name]))
            if name not in self.paths:
                raise ModuleError("module %s needs %s, which is neither a module file nor built in"
                                  % (chain[-1], name))
            state[name] = "visiting"
            for d in self.deps(name):
                visit(d, chain + [name])
            state[name] = "done"
            order.append(name)

        for w in wanted:
            w = canonical(w)
            if w in self.builtin:
                continue
            if w not in self.paths:
                missing.append(w)
                continue
            visit(w, [])
        return order, missing
