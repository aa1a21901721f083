"""Finds the kernel sources that `tools/ariasuite kernel-asm` reads: a kernel tree given with
--kernel-tree, or by default the linux-source package that kernel-tests/vm/prepare.sh downloaded into
the cache, of which only the files named in WANTED are extracted (once) into
<cache>/kernel/source/<package>_<version>/ in the tree's own layout.

Nothing here is copied into the repository: the files are read where they are.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "vm"))

import aria_drivers  # noqa: E402  (kernel-tests/vm/aria_drivers.py: the drivers' table)
import cache_layout  # noqa: E402  (kernel-tests/vm/cache_layout.py: the cache's layout)
import debian  # noqa: E402  (kernel-tests/vm/debian.py: the prepared kernel)

# The drivers and when they appeared: one table, kernel-tests/vm/aria_drivers.py.
DRIVERS = aria_drivers.DRIVERS
CRYPTO_DIR = aria_drivers.CRYPTO_DIR
# What the checks read besides the assembly: the glue code (feature checks), the kernel's
# feature dependency table and feature names, the xstate masks, struct aria_ctx, and the test
# vectors.
WANTED = [
    "arch/x86/crypto/aria*",
    "arch/x86/crypto/ecb_cbc_helpers.h",
    "arch/x86/kernel/cpu/cpuid-deps.c",
    "arch/x86/include/asm/cpufeatures.h",
    "arch/x86/include/asm/fpu/types.h",
    "arch/x86/include/asm/linkage.h",
    "include/linux/cfi_types.h",
    "include/crypto/aria.h",
    "crypto/aria_generic.c",
    "crypto/testmgr.h",
    "Makefile",
]


class TreeError(Exception):
    pass


class Tree:
    """A kernel source tree with at least one of the ARIA assembly files (Linux 6.1 has only the
    AES-NI/AVX one)."""

    def __init__(self, root, origin):
        self.root = os.path.abspath(root)
        self.origin = origin  # how it was found, for reports

    def path(self, rel):
        return os.path.join(self.root, rel)

    def optional(self, rel):
        p = self.path(rel)
        return p if os.path.isfile(p) else None

    def asm(self, name):
        return self.path(os.path.join(CRYPTO_DIR, name))

    def version(self):
        """"6.12.117" from the top-level Makefile, or "unknown"."""
        mk = self.optional("Makefile")
        if not mk:
            return "unknown"
        fields = {}
        for line in open(mk, errors="replace"):
            m = re.match(r"^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION)\s*=\s*(\S*)", line)
            if m:
                fields.setdefault(m.group(1), m.group(2))
            if len(fields) == 4:
                break
        if "VERSION" not in fields:
            return "unknown"
        v = "%s.%s" % (fields["VERSION"], fields.get("PATCHLEVEL", "0"))
        if fields.get("SUBLEVEL", "0") not in ("", "0"):
            v += "." + fields["SUBLEVEL"]
        return v + fields.get("EXTRAVERSION", "")

    def drivers(self):
        """The DRIVERS entries whose assembly file this tree has."""
        return aria_drivers.present(self.root)

    def absent(self):
        """[(driver, reason)] for the DRIVERS this tree lacks, in DRIVERS order."""
        return aria_drivers.absent(self.root)

    def check(self):
        """self when the tree has at least one x86 ARIA driver; else TreeError, one line."""
        if not self.drivers():
            raise TreeError("%s has none of %s/{%s} (not a kernel tree with an x86 ARIA driver, "
                            "Linux 6.1 or later)" % (self.root, CRYPTO_DIR,
                                                     ",".join(a for a, _, _ in DRIVERS)))
        return self


def _source_deb(cache):
    """The linux-source .deb the prepared kernel came from, else the newest one cached."""
    debs_dir = cache_layout.debs_dir(cache)
    wanted = None
    manifest = debian.load_prepared(cache)
    if manifest:
        for p in manifest.get("packages", []):
            if p.startswith("linux-source-"):
                name, _, version = p.partition("=")
                wanted = os.path.join(debs_dir, "%s_%s_all.deb" % (name, version.replace(":", "%3a")))
    if wanted and os.path.isfile(wanted):
        return wanted
    found = glob.glob(os.path.join(debs_dir, "linux-source-*_all.deb"))
    if not found:
        return None
    return sorted(found, key=lambda p: debian._version_key(os.path.basename(p)))[-1]


def _extract(deb, dest):
    """Extracts WANTED from the source tarball inside deb into dest (tree layout)."""
    listing = subprocess.run(["dpkg-deb", "-c", deb], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    if listing.returncode != 0:
        raise TreeError("dpkg-deb -c %s failed: %s" % (deb, listing.stderr.decode().strip()))
    tars = re.findall(r"\./usr/src/(linux-source-[^\s/]+)\.tar\.(xz|bz2|gz)",
                      listing.stdout.decode(errors="replace"))
    if not tars:
        raise TreeError("%s holds no linux-source tarball" % deb)
    top, comp = tars[0]
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=os.path.basename(dest) + ".tmp-", dir=os.path.dirname(dest))
    decompress = {"xz": "xz -dc -T2", "bz2": "bzip2 -dc", "gz": "gzip -dc"}[comp]
    members = " ".join("'%s/%s'" % (top, w) for w in WANTED)
    cmd = ('dpkg-deb --fsys-tarfile "$1" | tar -xO "./usr/src/%s.tar.%s" | %s | '
           'tar -x -C "$2" --wildcards --strip-components=1 %s' % (top, comp, decompress, members))
    p = subprocess.run(["sh", "-c", cmd, "sh", deb, tmp], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0 or not os.path.isdir(os.path.join(tmp, CRYPTO_DIR)):
        shutil.rmtree(tmp, ignore_errors=True)
        raise TreeError("extracting the ARIA sources from %s failed: %s"
                        % (deb, p.stderr.decode(errors="replace").strip().splitlines()[-1:]))
    with open(os.path.join(tmp, ".ariasuite-extracted"), "w") as f:
        json.dump({"deb": deb, "wanted": WANTED}, f)
    old = None
    if os.path.exists(dest) and not _extracted(dest):
        # A half-extracted leftover, or one made when fewer files were wanted: moved aside in one
        # step (a run reading it keeps its files until it is removed below).
        old = tempfile.mkdtemp(prefix=os.path.basename(dest) + ".old-", dir=os.path.dirname(dest))
        try:
            os.rename(dest, os.path.join(old, "tree"))
        except OSError:
            pass
    try:
        os.rename(tmp, dest)
    except OSError:  # extracted meanwhile by another run
        shutil.rmtree(tmp, ignore_errors=True)
    if old:
        shutil.rmtree(old, ignore_errors=True)


def _extracted(dest):
    """Whether dest holds a complete extraction of today's WANTED (an older one, made when
    fewer files were wanted, is extracted again)."""
    try:
        with open(os.path.join(dest, ".ariasuite-extracted")) as f:
            return json.load(f).get("wanted") == WANTED
    except (OSError, ValueError):
        return False


def find_tree(explicit=None, cache=None, log=None):
    """The Tree to use. Raises TreeError with a one-line reason when there is none."""
    if explicit:
        if not os.path.isdir(explicit):
            raise TreeError("--kernel-tree %s: no such directory" % explicit)
        return Tree(explicit, "--kernel-tree %s" % explicit).check()
    deb = _source_deb(cache)
    if not deb:
        raise TreeError("no kernel tree: no linux-source package in %s (run kernel-tests/vm/prepare.sh "
                        "once, with network, or pass --kernel-tree DIR)"
                        % cache_layout.debs_dir(cache))
    name = os.path.basename(deb)[:-len("_all.deb")]
    dest = cache_layout.source_dir(cache, name)
    if not _extracted(dest):
        if log:
            log("extracting the ARIA sources, testmgr.h and the x86 feature tables from %s"
                % os.path.basename(deb))
        _extract(deb, dest)
    return Tree(dest, "cached %s" % name).check()


def extract_cached(cache=None, log=None):
    """Extracts the WANTED files of every linux-source package in the cache that is not extracted
    yet (the prepared kernel's series and the others debian.OTHER_SOURCE_SERIES downloads), so that
    tests reading a series' files find them before any kernel-asm run. Returns the trees' roots."""
    roots = []
    for deb in sorted(glob.glob(os.path.join(cache_layout.debs_dir(cache),
                                             "linux-source-*_all.deb"))):
        dest = cache_layout.source_dir(cache, os.path.basename(deb)[:-len("_all.deb")])
        if not _extracted(dest):
            if log:
                log("extracting the ARIA sources and testmgr.h from %s" % os.path.basename(deb))
            _extract(deb, dest)
        roots.append(dest)
    return roots


if __name__ == "__main__":
    # kernel-tests/asm/tree.py --extract-cached: what `tools/ariasuite test` runs after preparing.
    if sys.argv[1:] != ["--extract-cached"]:
        sys.exit("usage: %s --extract-cached" % sys.argv[0])
    try:
        for root in extract_cached(log=lambda m: print("ariasuite kernel-asm: " + m, flush=True)):
            print("ariasuite kernel-asm: sources ready: " + root)
    except TreeError as e:
        sys.exit("ariasuite kernel-asm: " + e.args[0])
