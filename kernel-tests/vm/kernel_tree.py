"""`--kernel-tree DIR`: configures and builds a kernel from a source tree for the qemu guest.

A clean tree (no .config) is configured from allnoconfig plus exactly what the guest and the tests
need (kernel-tests/vm/guest.config, kernel-tests/config; olddefconfig after) and built out of tree in
the cache (<cache>/kernel/tree-<hash of the tree's path>), through ccache when it is installed, so
that a rebuild after a small patch (or a `git bisect` step) recompiles only what changed. A tree
that has its own .config keeps it: the fragments are merged into it and it is built in place.
Either way every option of the fragments is checked after olddefconfig; one the tree does not
offer (an older kernel without the x86 ARIA drivers) is a note, and the tests that need it SKIP.

While make runs, a progress line (what is being built, how many objects, how far against the last
full build of the same directory) is logged at least every 30 s. Errors: TreeError when the tree
cannot be tested (not a kernel tree, it does not configure or build: the first error line and the
log file are named), PrepareError (debian.py) when the host is wanting (a tool missing, the disk
full). main.py turns them into exit 2, or 125 and 128 under --bisect.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import threading
import time

from debian import PrepareError, log

HERE = os.path.dirname(os.path.abspath(__file__))
GUEST_FRAGMENT = os.path.join(HERE, "guest.config")

# The first kernel with kTLS ARIA (TLS_CIPHER_ARIA_GCM_*) and the x86 ARIA AVX drivers.
KTLS_ARIA_SINCE = (6, 1)

# Disk space a build needs at least: the minimal configuration takes about 0.5 GiB out of tree;
# a tree's own configuration (built in place) can take far more, so this is only a floor.
MIN_FREE_BYTES = 2 << 30

# Objects the minimal configuration compiles (Linux 6.12): the progress estimate of a first build.
MINIMAL_OBJECTS_ESTIMATE = 960

PROGRESS_EVERY_S = 25

# Lines of make's output that name what is being built: "  CC      net/tls/tls_sw.o".
_STEP = re.compile(r"^\s{2}([A-Z][A-Z0-9_]{1,9})(?:\s+\[M\])?\s+(\S+)")
_COMPILE_STEPS = {"CC", "AS", "CPP", "HOSTCC", "HOSTCXX", "RUSTC"}
# The first line that says why a build failed.
_ERROR = re.compile(r"(\berror:|\bError \d+|undefined reference to|No rule to make target|"
                    r"No space left on device|fatal error|Killed signal|\bERROR:|: not found$|"
                    r"command not found)")


class TreeError(PrepareError):
    """The tree cannot be tested: not a kernel tree, or it does not configure or build."""


def kernel_version(tree):
    """(VERSION, PATCHLEVEL, SUBLEVEL) from the tree's Makefile; TreeError when DIR is not a
    Linux source tree."""
    mk = os.path.join(tree, "Makefile")
    if not os.path.isdir(tree):
        raise TreeError("%s is not a directory" % tree)
    if not os.path.isfile(mk) or not os.path.isdir(os.path.join(tree, "arch", "x86")):
        raise TreeError("%s is not a Linux source tree (no Makefile or arch/x86)" % tree)
    with open(mk, errors="replace") as f:
        head = f.read(4096)
    got = {}
    for key in ("VERSION", "PATCHLEVEL", "SUBLEVEL"):
        m = re.search(r"^%s\s*=\s*(\d*)\s*$" % key, head, flags=re.M)
        if not m:
            raise TreeError("%s is not a Linux source tree (its Makefile sets no %s)" % (tree, key))
        got[key] = int(m.group(1) or 0)
    return got["VERSION"], got["PATCHLEVEL"], got["SUBLEVEL"]


def version_notes(version):
    """Notes (and the reason the ARIA tests will SKIP) for a tree older than kTLS ARIA."""
    if version[:2] >= KTLS_ARIA_SINCE:
        return None
    return ("Linux %d.%d.%d predates kTLS ARIA and the x86 ARIA drivers (%d.%d): the ARIA tests "
            "SKIP with the reason" % (version + KTLS_ARIA_SINCE))


def parse_fragment(path):
    """{CONFIG_X: value} of a config fragment; "n" for `# CONFIG_X is not set`."""
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


def merged_fragment(paths):
    """The fragments in order, later ones winning: ({option: value}, text)."""
    opts = {}
    for p in paths:
        opts.update(parse_fragment(p))
    text = "".join(("# %s is not set\n" % k) if v == "n" else "%s=%s\n" % (k, v)
                   for k, v in opts.items())
    return opts, text


def unmet_options(wanted, config_text):
    """Notes for the options whose value after olddefconfig is not the requested one."""
    notes = []
    for k, v in wanted.items():
        got = re.search(r"^%s=(.*)$" % k, config_text, flags=re.M)
        got = got.group(1) if got else "n"
        if got != v:
            notes.append("%s=%s requested, the tree gives %s (option missing or its dependencies "
                         "unmet)" % (k, v, got))
    return notes


def first_error(text):
    """The line that says why make failed (the first compiler or make error), else the last."""
    lines = [l.rstrip() for l in text.splitlines() if l.strip()]
    for line in lines:
        if _ERROR.search(line):
            return line.strip()
    return lines[-1].strip() if lines else "(no output)"


def check_disk(path, need=MIN_FREE_BYTES):
    """PrepareError when the file system holding path has less than `need` bytes free."""
    probe = path
    while not os.path.exists(probe):
        probe = os.path.dirname(probe)
    st = os.statvfs(probe)
    free = st.f_bavail * st.f_frsize
    if free < need:
        raise PrepareError("disk full: %.1f GiB free on the file system of %s, a kernel build needs "
                           "at least %.1f GiB" % (free / 2**30, path, need / 2**30))
    return free


def build_dir_for(tree, cache_dir):
    """Where a clean tree is built out of tree: one directory per tree path, kept between runs."""
    return os.path.join(cache_dir, "tree-" + hashlib.sha256(tree.encode()).hexdigest()[:12])


def common_dir(a, b):
    return os.path.commonpath([a, b])


class Progress:
    """Follows make's output: counts compile steps, remembers the current one, and logs a line
    at least every PROGRESS_EVERY_S seconds."""

    def __init__(self, what, expected=None, every=PROGRESS_EVERY_S, clock=time.monotonic,
                 emit=log):
        self.what, self.expected, self.every = what, expected, every
        self.clock, self.emit = clock, emit
        self.start = self.last = clock()
        self.objects = 0
        self.current = "starting"

    def line(self, text):
        m = _STEP.match(text)
        if not m:
            return
        step, target = m.groups()
        if step in _COMPILE_STEPS:
            self.objects += 1
        self.current = "%s %s" % (step, target)

    def status(self):
        elapsed = self.clock() - self.start
        if self.expected:
            far = "%d of ~%d objects (%d%%)" % (self.objects, self.expected,
                                               min(99, 100 * self.objects // self.expected))
        else:
            far = "%d objects compiled" % self.objects
        return "%s: %s, %s, %d:%02d elapsed" % (self.what, far, self.current, elapsed // 60,
                                                elapsed % 60)

    def tick(self, force=False):
        if force or self.clock() - self.last >= self.every:
            self.last = self.clock()
            self.emit(self.status())


def run_make(tree, out, args, what, env=None, logf=None, progress=None):
    """Runs make; on failure raises TreeError naming the first error line and the log file.
    Output goes to logf (appended) when given. Returns the output."""
    cmd = ["make", "-C", tree] + (["O=" + out] if out else []) + args
    logf = logf or os.path.join(out or tree, "ariasuite-build.log")
    chunks = []
    with open(logf, "a") as lf:
        lf.write("$ %s\n" % " ".join(cmd))
        lf.flush()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)

        def reader():
            for raw in p.stdout:
                text = raw.decode(errors="replace")
                chunks.append(text)
                lf.write(text)
                if progress:
                    progress.line(text.rstrip("\n"))

        t = threading.Thread(target=reader, daemon=True)
        t.start()
        while True:
            try:
                p.wait(timeout=1)
                break
            except subprocess.TimeoutExpired:
                if progress:
                    progress.tick()
        t.join()
        p.stdout.close()
    text = "".join(chunks)
    if p.returncode != 0:
        err = first_error(text)
        if "No space left on device" in text:
            raise PrepareError("disk full while building (%s): %s (log: %s)" % (what, err, logf))
        raise TreeError("%s failed: %s (log: %s)" % (what, err, logf))
    return text


def _ccache_env(base_dir, cache_dir):
    """The environment and CC for make: through ccache when it is installed (its own cache under
    the ariasuite cache unless CCACHE_DIR is set). base_dir makes paths relative, so that a copy
    of the tree laid out the same way (--patches) hits the cache too."""
    env = dict(os.environ)
    # Reproducible stamps: init/version.c and friends recompile to the same object.
    env.setdefault("KBUILD_BUILD_TIMESTAMP", "1970-01-01 00:00:00 UTC")
    env.setdefault("KBUILD_BUILD_USER", "ariasuite")
    env.setdefault("KBUILD_BUILD_HOST", "ariasuite")
    if not shutil.which("ccache"):
        return env, None
    env.setdefault("CCACHE_DIR", os.path.join(cache_dir, "ccache"))
    env.setdefault("CCACHE_MAXSIZE", "5G")
    env["CCACHE_BASEDIR"] = base_dir
    env.setdefault("CCACHE_NOHASHDIR", "1")
    return env, "ccache gcc"


def _previous_cc(build_dir):
    """The compiler an earlier build of this directory used (from init/.main.o.cmd), or None."""
    try:
        with open(os.path.join(build_dir, "init", ".main.o.cmd"), errors="replace") as f:
            first = f.readline()
    except OSError:
        return None
    m = re.match(r"^(?:saved)?cmd_\S+\s*:=\s*(\S+)(\s+\S+)?", first)
    if not m:
        return None
    return (m.group(1) + (m.group(2) or "")) if m.group(1) == "ccache" else m.group(1)


def _ccache_stats(env):
    if not env.get("CCACHE_DIR") or not shutil.which("ccache"):
        return None
    p = subprocess.run(["ccache", "--print-stats"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, env=env)
    stats = {}
    for line in p.stdout.decode(errors="replace").splitlines():
        parts = line.split("\t")
        if len(parts) == 2 and parts[1].strip().isdigit():
            stats[parts[0]] = int(parts[1])
    return stats


def _ccache_delta(before, after):
    if before is None or after is None:
        return ""
    hit = sum(after.get(k, 0) - before.get(k, 0) for k in ("direct_cache_hit",
                                                           "preprocessed_cache_hit"))
    miss = after.get("cache_miss", 0) - before.get("cache_miss", 0)
    return "ccache %d hits, %d misses" % (hit, miss)


def configure(tree, out, fragments, config):
    """Writes `config` (tree/.config or out/.config): allnoconfig with the fragments when it is
    a clean tree's (out given), else the tree's own .config with the fragments merged. Returns
    the notes for options the tree does not give as asked."""
    wanted, text = merged_fragment(fragments)
    build_dir = out or tree
    os.makedirs(build_dir, exist_ok=True)
    frag_path = os.path.join(build_dir, "ariasuite.config")
    with open(frag_path, "w") as f:
        f.write(text)
    logf = os.path.join(build_dir, "ariasuite-build.log")
    if out:
        run_make(tree, out, ["KCONFIG_ALLCONFIG=" + frag_path, "allnoconfig"],
                 "make allnoconfig (with %s)" % ", ".join(os.path.basename(p) for p in fragments),
                 logf=logf)
    else:
        with open(config) as f:
            own = f.read()
        for k, v in wanted.items():
            own = re.sub(r"^(%s=.*|# %s is not set)\n" % (k, k), "", own, flags=re.M)
            own += ("# %s is not set\n" % k) if v == "n" else "%s=%s\n" % (k, v)
        with open(config, "w") as f:
            f.write(own)
    run_make(tree, out, ["olddefconfig"], "make olddefconfig", logf=logf)
    with open(config) as f:
        return unmet_options(wanted, f.read())


def build(tree, fragments, cache_dir, jobs=None, out=None, base_dir=None):
    """Configures and builds; returns {bzimage, module_dirs, builtin, release, build_dir,
    version, notes, description}. out/base_dir: where to build a clean tree and ccache's base
    directory (default: build_dir_for(tree) and the directory the two have in common)."""
    tree = os.path.abspath(tree)
    version = kernel_version(tree)
    for tool in ("make", "gcc", "flex", "bison", "bc"):
        if not shutil.which(tool):
            raise PrepareError("%s is missing (needed to build a kernel; Debian packages: "
                               "build-essential flex bison bc libelf-dev libssl-dev)" % tool)
    jobs = jobs or os.cpu_count() or 1
    notes = []
    vnote = version_notes(version)
    if vnote:
        notes.append(vnote)
    in_place = os.path.exists(os.path.join(tree, ".config"))
    if in_place:
        out = None
        build_dir = tree
        log("Linux %d.%d.%d in %s: its own .config + %s, built in place" % (
            version + (tree, " + ".join(os.path.basename(p) for p in fragments))))
    else:
        out = out or build_dir_for(tree, cache_dir)
        build_dir = out
        log("Linux %d.%d.%d in %s: allnoconfig + %s, built out of tree in %s" % (
            version + (tree, " + ".join(os.path.basename(p) for p in fragments), out)))
    check_disk(build_dir)
    os.makedirs(build_dir, exist_ok=True)
    logf = os.path.join(build_dir, "ariasuite-build.log")
    with open(logf, "w"):
        pass
    config = os.path.join(build_dir, ".config")
    started = time.monotonic()
    notes += configure(tree, out, fragments, config)
    with open(config) as f:
        final = f.read()
    modules = re.search(r"^CONFIG_MODULES=y$", final, flags=re.M) is not None

    env, cc = _ccache_env(base_dir or (common_dir(tree, out) if out else tree), cache_dir)
    prev = _previous_cc(build_dir)
    if cc and prev and not prev.startswith("ccache"):
        # Switching CC would change every object's command line and rebuild the whole tree.
        notes.append("built with %s as before (not through ccache: switching would rebuild "
                     "everything)" % prev)
        cc = None
    targets = ["bzImage"] + (["modules"] if modules else [])
    make_args = ["-j%d" % jobs] + (["CC=" + cc] if cc else []) + targets
    stats_path = os.path.join(build_dir, "ariasuite-build-stats.json")
    expected = None
    try:
        with open(stats_path) as f:
            expected = json.load(f).get("objects_full")
    except (OSError, ValueError):
        pass
    fresh = not os.path.exists(os.path.join(build_dir, "vmlinux"))
    if expected is None and fresh and out:
        expected = MINIMAL_OBJECTS_ESTIMATE
    if not fresh:
        expected = None  # an incremental build: how many objects changed is not known ahead
    what = "building %s" % os.path.basename(tree)
    log("make %s%s" % (" ".join(make_args), " (ccache: %s)" % env["CCACHE_DIR"] if cc else ""))
    progress = Progress(what, expected)
    before = _ccache_stats(env) if cc else None
    run_make(tree, out, make_args, "kernel build", env=env, logf=logf, progress=progress)
    secs = time.monotonic() - started
    cache_line = _ccache_delta(before, _ccache_stats(env) if cc else None)
    log("built in %d:%02d, %d objects compiled%s (log: %s)" % (
        secs // 60, secs % 60, progress.objects, (", " + cache_line) if cache_line else "", logf))
    if fresh:
        try:
            with open(stats_path, "w") as f:
                json.dump({"objects_full": progress.objects}, f)
        except OSError:
            pass
    mod_dir = None
    release = run_make(tree, out, ["-s", "kernelrelease"], "make kernelrelease",
                       logf=logf).strip().splitlines()[-1]
    if modules:
        mods = os.path.join(build_dir, "ariasuite-modules")
        shutil.rmtree(mods, ignore_errors=True)
        run_make(tree, out, ["INSTALL_MOD_PATH=" + mods, "modules_install"],
                 "make modules_install", env=env, logf=logf)
        mod_dir = os.path.join(mods, "lib", "modules", release)
    bzimage = os.path.join(build_dir, "arch", "x86", "boot", "bzImage")
    if not os.path.isfile(bzimage):
        raise TreeError("the kernel build made no %s (log: %s)" % (bzimage, logf))
    return {
        "release": release,
        "version": version,
        "description": "built from %s (%s)" % (tree, "own .config" if in_place
                                               else "allnoconfig + fragments"),
        "bzimage": bzimage,
        "build_dir": build_dir,
        "tree": tree,
        "module_dirs": [mod_dir] if mod_dir and os.path.isdir(mod_dir) else [],
        "builtin": os.path.join(mod_dir, "modules.builtin") if mod_dir else None,
        "build_seconds": secs,
        "notes": notes,
        "env": env,
        "log": logf,
    }
