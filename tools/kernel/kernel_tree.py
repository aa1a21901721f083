"""`--kernel-tree DIR`: builds a kernel from a source tree with kernel-tests/config merged in.

A tree that already has a .config is built in place with the fragment merged into that config (a
developer's own tree and settings); a clean tree is built out of tree in the cache from
x86_64_defconfig plus the fragment. After `make olddefconfig` every option of the fragment is
checked: one the tree does not offer (an older kernel without the x86 ARIA drivers, say) is
reported, and the tests that need it then SKIP in the guest.
"""
import hashlib
import os
import re
import shutil
import subprocess

from debian import PrepareError, log


def _fragment(path):
    opts = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            m = re.match(r"^(CONFIG_\w+)=(.*)$", line)
            if m:
                opts[m.group(1)] = m.group(2)
            m = re.match(r"^# (CONFIG_\w+) is not set$", line)
            if m:
                opts[m.group(1)] = "n"
    return opts


def _make(tree, out, args, what):
    cmd = ["make", "-C", tree] + (["O=" + out] if out else []) + args
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = p.stdout.decode(errors="replace")
    if p.returncode != 0:
        logf = os.path.join(out or tree, "ariasuite-build.log")
        with open(logf, "w") as f:
            f.write(text)
        lines = [l for l in text.splitlines() if l.strip()]
        raise PrepareError("%s failed: %s (log: %s)" % (what, lines[-1] if lines else "?", logf))
    return text


def build(tree, fragment_path, cache_dir, jobs=None):
    """Returns {bzimage, module_dirs, builtin, release, notes}."""
    tree = os.path.abspath(tree)
    if not os.path.exists(os.path.join(tree, "Makefile")) or \
            not os.path.isdir(os.path.join(tree, "arch", "x86")):
        raise PrepareError("%s is not a Linux source tree (no Makefile / arch/x86)" % tree)
    for tool in ("make", "gcc", "flex", "bison", "bc"):
        if not shutil.which(tool):
            raise PrepareError("%s is missing (needed to build a kernel; Debian packages: "
                               "build-essential flex bison bc libelf-dev libssl-dev)" % tool)
    jobs = jobs or os.cpu_count() or 1
    in_place = os.path.exists(os.path.join(tree, ".config"))
    if in_place:
        out = None
        config = os.path.join(tree, ".config")
        log("building %s in place (its .config + %s)" % (tree, os.path.basename(fragment_path)))
    else:
        out = os.path.join(cache_dir, "tree-" + hashlib.sha256(tree.encode()).hexdigest()[:12])
        os.makedirs(out, exist_ok=True)
        config = os.path.join(out, ".config")
        if not os.path.exists(config):
            log("configuring %s: x86_64_defconfig + %s" % (tree, os.path.basename(fragment_path)))
            _make(tree, out, ["x86_64_defconfig"], "make x86_64_defconfig")
        log("building %s out of tree in %s" % (tree, out))
    frag = _fragment(fragment_path)
    with open(config) as f:
        text = f.read()
    for k, v in frag.items():
        text = re.sub(r"^(%s=.*|# %s is not set)\n" % (k, k), "", text, flags=re.M)
        text += ("# %s is not set\n" % k) if v == "n" else "%s=%s\n" % (k, v)
    with open(config, "w") as f:
        f.write(text)
    _make(tree, out, ["olddefconfig"], "make olddefconfig")
    with open(config) as f:
        final = f.read()
    notes = []
    for k, v in frag.items():
        got = re.search(r"^%s=(.*)$" % k, final, flags=re.M)
        got = got.group(1) if got else "n"
        if got != v:
            notes.append("%s=%s requested, the tree gives %s (option missing or its dependencies "
                         "unmet)" % (k, v, got))
    log("make -j%d bzImage modules (this takes a while)" % jobs)
    _make(tree, out, ["-j%d" % jobs, "bzImage", "modules"], "kernel build")
    build_dir = out or tree
    mods = os.path.join(build_dir, "ariasuite-modules")
    shutil.rmtree(mods, ignore_errors=True)
    _make(tree, out, ["INSTALL_MOD_PATH=" + mods, "modules_install"], "make modules_install")
    release = _make(tree, out, ["-s", "kernelrelease"], "make kernelrelease").strip().splitlines()[-1]
    mod_dir = os.path.join(mods, "lib", "modules", release)
    return {
        "release": release,
        "description": "built from %s" % tree,
        "bzimage": os.path.join(build_dir, "arch", "x86", "boot", "bzImage"),
        "module_dirs": [mod_dir] if os.path.isdir(mod_dir) else [],
        "builtin": os.path.join(mod_dir, "modules.builtin"),
        "notes": notes,
    }
