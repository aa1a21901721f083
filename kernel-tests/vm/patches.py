"""`--patches DIR|SERIES [--each]`: a patch series applied onto a copy of the kernel tree.

The series is a directory's `series` file (quilt's: one patch a line, `#` comments, an optional
-pN after the name), else the directory's *.patch, *.diff and *.mbox files in name order, or a
series file named directly. The tree is copied (cp -a, so the original is never touched) and the
patches applied in order: `git am` when the tree is a git repository (so the copy's history names
them), else `git apply` (plain diffs and format-patch mails alike).

The copy sits where ccache finds the original's objects: under <cache>/kernel/patched-<hash>, the
copy and its build directory are laid out relative to each other as the tree and its build
directory are (kernel_tree.build_dir_for), and ccache's base directory makes the compiler's paths
relative, so the copy's first build hits the cache the original's build filled.
"""
import hashlib
import os
import shutil
import subprocess

from debian import PrepareError
from kernel_tree import TreeError, build_dir_for

PATCH_SUFFIXES = (".patch", ".diff", ".mbox", ".eml")


class Patch:
    def __init__(self, path, strip=1):
        self.path, self.strip = path, strip
        self.name = os.path.basename(path)


def list_series(path):
    """[Patch] in order; PrepareError for a series that names no patch or a missing file."""
    path = os.path.abspath(path)
    if os.path.isdir(path):
        series = os.path.join(path, "series")
        if os.path.isfile(series):
            return _read_series(series)
        names = sorted(n for n in os.listdir(path) if n.endswith(PATCH_SUFFIXES) and
                       os.path.isfile(os.path.join(path, n)))
        if not names:
            raise PrepareError("--patches %s: no series file and no *.patch, *.diff or *.mbox "
                               "files" % path)
        return [Patch(os.path.join(path, n)) for n in names]
    if os.path.isfile(path):
        if path.endswith(PATCH_SUFFIXES):
            return [Patch(path)]
        return _read_series(path)
    raise PrepareError("--patches %s: no such file or directory" % path)


def _read_series(series):
    base = os.path.dirname(series)
    out = []
    with open(series) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            strip = 1
            for opt in parts[1:]:
                if opt.startswith("-p") and opt[2:].isdigit():
                    strip = int(opt[2:])
                else:
                    raise PrepareError("%s:%d: unknown option %s (only -pN)" % (series, n, opt))
            p = os.path.join(base, parts[0])
            if not os.path.isfile(p):
                raise PrepareError("%s:%d: %s does not exist" % (series, n, p))
            out.append(Patch(p, strip))
    if not out:
        raise PrepareError("%s names no patch" % series)
    return out


def copy_layout(tree, cache_dir):
    """(copy, build directory, ccache base directory) for a patched copy of tree: the same
    relative layout as the tree and its own build directory, under <cache>/patched-<hash>."""
    tree = os.path.abspath(tree)
    out = build_dir_for(tree, cache_dir)
    common = os.path.commonpath([tree, out])
    root = os.path.join(cache_dir, "patched-" + hashlib.sha256(tree.encode()).hexdigest()[:12])
    return (os.path.join(root, os.path.relpath(tree, common)),
            os.path.join(root, os.path.relpath(out, common)), root)


def make_copy(tree, copy, build):
    """A fresh copy of tree at `copy` and an empty build directory (a build directory kept from
    an earlier series would hold objects newer than files this series leaves unpatched)."""
    for d in (copy, build):
        shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    os.makedirs(build)
    p = subprocess.run(["cp", "-a", "--reflink=auto", tree, copy], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if p.returncode != 0:
        err = p.stdout.decode(errors="replace").strip().splitlines()
        msg = err[0] if err else "exit %d" % p.returncode
        if "No space left" in msg:
            raise PrepareError("disk full while copying %s to %s: %s" % (tree, copy, msg))
        raise PrepareError("copying %s to %s failed: %s" % (tree, copy, msg))


def is_git(tree):
    return os.path.exists(os.path.join(tree, ".git"))


def apply(copy, patch, index, total):
    """Applies one patch; TreeError naming it and git's first complaint when it does not."""
    if is_git(copy):
        cmd = ["git", "-C", copy, "-c", "user.name=ariasuite", "-c", "user.email=ariasuite@invalid",
               "am", "-q", "-p%d" % patch.strip, patch.path]
    else:
        cmd = ["git", "apply", "-p%d" % patch.strip, patch.path]
    p = subprocess.run(cmd, cwd=copy, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        lines = [l for l in p.stdout.decode(errors="replace").splitlines() if l.strip()]
        if is_git(copy):
            subprocess.run(["git", "-C", copy, "am", "--abort"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        raise TreeError("patch %d/%d %s does not apply: %s" % (
            index, total, patch.name, lines[0] if lines else "exit %d" % p.returncode))
