#!/usr/bin/env python3
"""ariasuite's kernel runner: boots a kernel in qemu with the kernel-tests programs and reports.

  main.py prepare [--cache DIR] [--package PKG]
      Download Debian's kernel and build the ARIA modules (see debian.py). Cached.
  main.py run --test PROG... [--kernel BZIMAGE [--modules DIR]... | --kernel-tree DIR
              [--patches DIR|SERIES [--each]] [--bisect] [--tls-selftest aria|all|off]]
              [--extra-test PROG]... [--junit FILE] [--timeout S] [--accel auto|kvm|tcg] [--pvh]
              [--silence-limit S] [--no-prepare] [--cache DIR] [--package PKG] [--workdir DIR]
              [--vectors DIR]
      Without --kernel/--kernel-tree: the prepared Debian kernel (prepared now unless
      --no-prepare, which reports a SKIP when nothing is prepared). --kernel-tree builds the tree
      (kernel_tree.py) and runs its own kTLS selftest beside ours (selftest.py); --patches
      applies a series onto a copy first (patches.py), --each tests after every patch.
      --vectors: the folder of known-answer files exported by //vectors:guest_vectors
      (aria_gcm.txt, aria_cbc.txt), copied as they are into the guest's /ariasuite/vectors; this
      runner parses no vector file.
      --accel auto uses KVM only when a probe boot reaches /init under it (the bzImage, else its
      vmlinux through qemu's PVH entry; --pvh: only the vmlinux), else TCG; a KVM error during a
      boot starts the run again under TCG (--accel kvm: exit 2). A guest silent on both serial
      ports for --silence-limit seconds is declared hung (qemu.py).

Exit status of run: 0 all passed, 1 a failure, 4 only skips or nothing tested (a --filter that
matched no test: a SKIP line says so), 2 a usage or setup error (one line on stderr naming what:
also a tree that is no kernel tree, does not configure or build, a patch that does not apply).
Every test program must print a TAP plan (1..N) and N results (1..0 only under --filter, or
`1..0 # SKIP reason`), else it fails as `PROGRAM.program_status` with one line naming it.
With --bisect (for `git bisect run`): 0 good, 1 bad (a test failed), 125 cannot test (the tree
does not configure, build or boot, predates kTLS ARIA, or no ARIA test passed or failed), 128 an
error of the host or the command line (aborts the bisection: a tool missing, the disk full).
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import aria_drivers  # noqa: E402
import bench  # noqa: E402
import cache_layout  # noqa: E402
import debian  # noqa: E402
import fuzz  # noqa: E402
import initramfs  # noqa: E402
import kernel_tree  # noqa: E402
import kmod  # noqa: E402
import patches  # noqa: E402
import qemu  # noqa: E402
import selftest  # noqa: E402
import tap  # noqa: E402
import vmlinux  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# The real workspace (through the Bazel runfiles symlinks when run as //kernel-tests:vm_test).
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))

# --debug: KASAN, KFENCE, lockdep, DEBUG_LIST, DEBUG_ATOMIC_SLEEP, UBSAN (kernel trees only).
DEBUG_FRAGMENT = os.path.join(HERE, "debug.config")

# Modules the tests use, loaded in dependency order when the kernel has them as modules.
WANTED_MODULES = [
    "tls", "af_alg", "algif_aead", "algif_skcipher", "ecb", "cbc", "ctr", "gcm", "ghash_generic",
    "ghash_clmulni_intel", "cryptd", "crypto_simd", "aesni_intel", "aria_generic",
    "aria_aesni_avx_x86_64", "aria_aesni_avx2_x86_64", "aria_gfni_avx512_x86_64",
]
IMPORTANT = {"tls", "af_alg", "algif_aead", "algif_skcipher", "gcm", "aria_generic"}


def log(msg):
    qemu.log(msg)


# Exit statuses of errors: a host or usage problem, and a tree that cannot be tested. --bisect
# changes them to what `git bisect run` expects (128 aborts the bisection, 125 skips the commit).
EXIT_SETUP = 2
EXIT_TREE = 2
EXIT_BISECT_SETUP = 128
EXIT_BISECT_SKIP = 125


def fatal(msg, status=None):
    print("ariasuite kernel: error: " + msg, file=sys.stderr, flush=True)
    sys.exit(EXIT_SETUP if status is None else status)


def fatal_tree(msg):
    """The tree cannot be tested (not a kernel tree, it does not configure or build)."""
    fatal(msg, EXIT_TREE)


def _interp(path):
    """The ELF interpreter of a program ("" when static)."""
    with open(path, "rb") as f:
        elf = f.read()
    if elf[:4] != b"\x7fELF":
        return ""  # a script: busybox sh runs it
    phoff, = struct.unpack_from("<Q", elf, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    for i in range(phnum):
        off = phoff + i * phentsize
        ptype, = struct.unpack_from("<I", elf, off)
        if ptype == 3:  # PT_INTERP
            p_offset, = struct.unpack_from("<Q", elf, off + 8)
            p_filesz, = struct.unpack_from("<Q", elf, off + 32)
            return elf[p_offset:p_offset + p_filesz].rstrip(b"\0").decode()
    return ""


def _shared_libs(path):
    """Absolute paths of the shared libraries a dynamic program needs (ldd)."""
    p = subprocess.run(["ldd", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    libs = []
    for line in p.stdout.decode(errors="replace").splitlines():
        parts = line.split()
        if "=>" in parts:
            i = parts.index("=>")
            if i + 1 < len(parts) and parts[i + 1].startswith("/"):
                libs.append(parts[i + 1])
        elif parts and parts[0].startswith("/"):
            libs.append(parts[0])
    return libs


def read_vector_dir(folder):
    """{name: text} of the files //vectors:guest_vectors exported into folder ({} for None)."""
    if not folder:
        return {}
    try:
        names = sorted(os.listdir(folder))
        out = {}
        for n in names:
            with open(os.path.join(folder, n)) as f:
                out[n] = f.read()
        return out
    except OSError as e:
        fatal("--vectors %s: %s" % (folder, e))


def build_initramfs(out, modules, tests, prog_timeout, vector_files, guest_files=None):
    """modules: [(name, path)] in load order; tests: [(guest name, host path, [arguments])];
    vector_files: {name: text} for /ariasuite/vectors; guest_files: {guest path: bytes}."""
    busybox = os.environ.get("ARIASUITE_BUSYBOX") or "/bin/busybox"
    if not os.path.exists(busybox):
        fatal("busybox not found at %s (Debian package busybox-static)" % busybox)
    if _interp(busybox):
        fatal("%s is dynamically linked; the guest needs busybox-static" % busybox)
    a = initramfs.Archive(out)
    a.add_file("bin/busybox", busybox, 0o755)
    a.add_file("init", os.path.join(HERE, "guest_init.sh"), 0o755)
    lines = []
    for i, (name, path) in enumerate(modules):
        g = "lib/ariasuite/%02d-%s.ko" % (i, name)
        a.add_bytes(g, kmod.read_module(path))
        lines.append("%s /%s" % (name, g))
    a.add_bytes("ariasuite/modules.list", ("\n".join(lines) + "\n").encode())
    libs = set()
    for name, path, _ in tests:
        a.add_file("ariasuite/tests/" + name, path, 0o755)
        interp = _interp(path)
        if interp:
            libs.add(interp)
            libs.update(_shared_libs(path))
    for lib in sorted(libs):
        a.add_file(lib.lstrip("/"), os.path.realpath(lib), 0o755)
    a.add_bytes("ariasuite/tests.list", ("\n".join(" ".join([n] + list(argv))
                                                   for n, _, argv in tests) + "\n").encode())
    a.add_bytes("ariasuite/timeout", str(prog_timeout).encode())
    for name, text in vector_files.items():
        a.add_bytes("ariasuite/vectors/" + name, text.encode())
    for name, data in (guest_files or {}).items():
        a.add_bytes(name, data)
    a.close()


def resolve_modules(module_dirs, builtin):
    notes = []
    if not module_dirs:
        return [], ["no module directory: only what is built into the kernel is available"]
    tree = kmod.ModuleTree(module_dirs, builtin)
    try:
        order, missing = tree.resolve(WANTED_MODULES)
    except kmod.ModuleError as e:
        fatal(str(e))
    for m in missing:
        if m in IMPORTANT:
            notes.append("module %s: neither a module nor listed as built in; the tests that need "
                         "it will SKIP if the kernel lacks it" % m)
    return [(n, tree.paths[n]) for n in order], notes


def summarize(run, cases, kernel_desc, accel, elapsed, boot_s):
    c = tap.counts(cases)
    print("")
    print("== ariasuite kernel: %s" % kernel_desc)
    print("   guest kernel %s, qemu %s, wall %.1f s%s" % (
        run.kernel or "?", accel, elapsed,
        (", /init reached after %.1f s" % boot_s) if boot_s is not None else ""))
    if run.drivers:
        print("   ARIA drivers registered: %s" % ", ".join(
            "%s (prio %s, selftest %s)" % (d[1], d[2], d[3]) for d in run.drivers
            if len(d) >= 4 and not d[1].startswith("__") and not d[1].startswith("cryptd(")))
    by_prog = {}
    for x in cases:
        by_prog.setdefault(x.suite, []).append(x)
    for prog, xs in by_prog.items():
        pc = tap.counts(xs)
        variants = {}
        for x in xs:
            parts = x.name.split(".")
            if len(parts) == 3:
                variants.setdefault(parts[1], []).append(x)
        vtxt = ""
        if variants:
            vtxt = "  [" + ", ".join("%s %d" % (v, len(l)) for v, l in variants.items()) + "]"
        print("   %-22s %3d passed, %d failed, %d skipped%s" % (prog, pc["pass"], pc["fail"],
                                                              pc["skip"], vtxt))
    for x in cases:
        if x.status == "skip":
            print("SKIP %s.%s: %s" % (x.suite, x.name, x.message))
    for x in cases:
        if x.status == "fail":
            print("FAIL %s.%s" % (x.suite, x.name))
            for line in x.message.splitlines()[:60]:
                print("     " + line)
    line = "%d passed, %d failed" % (c["pass"], c["fail"])
    if c["skip"]:
        line += ", %d skipped" % c["skip"]
    print(line, flush=True)


def cmd_prepare(args):
    try:
        debian.prepare(args.cache, args.package)
        for note in debian.fetch_other_sources(args.cache):
            log("note: " + note)
    except debian.PrepareError as e:
        fatal(e.args[0])
    return 0


def _skip_everything(args, reason):
    """Nothing to boot: one skipped case (so a Bazel run counts it) and exit 4."""
    log("SKIP: " + reason)
    cases = [tap.Case("guest", "boot", "skip", reason)]
    if args.junit:
        tap.write_junit(cases, args.junit)
    print("0 passed, 0 failed, 1 skipped")
    return 4


def _tests(args):
    """[(guest name, host path, [arguments])] of --test and --extra-test."""
    tests = []
    for t in args.test:
        if not os.path.isfile(t):
            fatal("test program %s does not exist" % t)
        tests.append((os.path.basename(t), os.path.abspath(t), []))
    for t in args.extra_test:
        if not os.path.isfile(t) or not os.access(t, os.X_OK):
            fatal("--extra-test %s is not an executable file" % t)
        tests.append(("extra-" + os.path.basename(t), os.path.abspath(t), []))
    if not tests:
        fatal("no test programs given (--test PROG)")
    names = [n for n, _, _ in tests]
    if len(set(names)) != len(names):
        fatal("two test programs share a name: %s" % ", ".join(names))
    try:
        tests, args.guest_files = fuzz.select(tests, args.fuzz, args.seed, args.fuzz_replay,
                                              args.fuzz_corpus)
    except fuzz.FuzzError as e:
        fatal(str(e))
    return tests


def _user_kernel(args):
    if not os.path.isfile(args.kernel):
        fatal("--kernel %s: no such file" % args.kernel)
    module_dirs, builtin = [], None
    for d in args.modules:
        if not os.path.isdir(d):
            fatal("--modules %s: not a directory" % d)
        module_dirs.append(d)
        if os.path.exists(os.path.join(d, "modules.builtin")):
            builtin = os.path.join(d, "modules.builtin")
    return {"bzimage": args.kernel, "module_dirs": module_dirs, "builtin": builtin,
            "description": "user kernel %s" % args.kernel, "notes": []}


def _tree_kernel(args, tree, out=None, base_dir=None):
    """Builds the tree (and its kTLS selftest); returns (kern, extra tests, extra cases)."""
    fragments = [kernel_tree.GUEST_FRAGMENT, os.path.join(REPO, "kernel-tests", "config")]
    if args.debug:
        fragments.append(DEBUG_FRAGMENT)
        if out is None and not os.path.exists(os.path.join(tree, ".config")):
            # Beside the plain build of the same tree, not over it.
            out = kernel_tree.build_dir_for(os.path.abspath(tree),
                                            cache_layout.kernel_dir(args.cache)) + "-debug"
    cache = cache_layout.kernel_dir(args.cache)
    try:
        kern = kernel_tree.build(tree, fragments, cache, jobs=args.jobs, out=out,
                                 base_dir=base_dir)
    except kernel_tree.TreeError as e:
        fatal_tree(e.args[0])
    except debian.PrepareError as e:
        fatal(e.args[0])
    cases = []
    vnote = kernel_tree.version_notes(kern["version"])
    if vnote:
        cases.append(tap.Case("kernel_tree", "ktls_aria", "skip", vnote))
    else:
        cases += [tap.Case("kernel_tree", d, "skip", why + ": its tests SKIP")
                  for d, why in aria_drivers.absent(kern["tree"])]
    extra = []
    if args.tls_selftest == "off":
        log("note: the tree's kTLS selftest left out (--tls-selftest off)")
    elif args.filter:
        log("note: the tree's kTLS selftest left out under --filter (its harness takes -v/-t/-f)")
    elif args.fuzz or args.fuzz_replay:
        log("note: the tree's kTLS selftests left out under --fuzz/--replay (only the fuzzer runs)")
    else:
        st = selftest.build(kern["tree"], kern["build_dir"], os.path.join(kern["build_dir"],
                                                                          "ariasuite-selftests"),
                            which=args.tls_selftest, env=kern.get("env"),
                            in_place=kern["build_dir"] == kern["tree"])
        for n in st.notes:
            log("note: " + n)
        if st.path:
            log("the tree's kTLS selftest runs as %s %s" % (selftest.GUEST_NAME,
                                                             " ".join(st.args)))
            extra.append((selftest.GUEST_NAME, st.path, st.args))
        else:
            log("SKIP the tree's kTLS selftest: " + st.skip)
            cases.append(tap.Case(selftest.GUEST_NAME, "program_status", "skip", st.skip))
        kat = selftest.build_aria_kat(kern["tree"], kern["build_dir"],
                                      os.path.join(kern["build_dir"], "ariasuite-selftests"),
                                      env=kern.get("env"),
                                      in_place=kern["build_dir"] == kern["tree"])
        if kat is not None and kat.path:
            log("the tree's ARIA known-answer selftest runs as %s" % selftest.ARIA_KAT_GUEST_NAME)
            extra.append((selftest.ARIA_KAT_GUEST_NAME, kat.path, kat.args))
        elif kat is not None:
            log("SKIP the tree's ARIA known-answer selftest: " + kat.skip)
            cases.append(tap.Case(selftest.ARIA_KAT_GUEST_NAME, "program_status", "skip",
                                  kat.skip))
    return kern, extra, cases


def _resolve_kernel(args):
    """The kernel to boot: (kern, extra tests, extra cases), or an int exit status."""
    if args.kernel:
        return _user_kernel(args), [], []
    if args.kernel_tree:
        return _tree_kernel(args, args.kernel_tree)
    kern = debian.load_prepared(args.cache)
    if kern is None and args.no_prepare:
        return _skip_everything(
            args, "no prepared kernel in %s: run kernel-tests/vm/prepare.sh (or tools/ariasuite "
            "kernel) first" % cache_layout.kernel_dir(args.cache))
    if kern is None or args.package:
        try:
            kern = debian.prepare(args.cache, args.package)
        except debian.PrepareError as e:
            fatal(e.args[0])
    return kern, [], []


def _pvh_image(kern, workdir):
    """The kernel's vmlinux for qemu's PVH entry: (path, "") or (None, why not)."""
    out = os.path.join(workdir, "vmlinux")
    try:
        what = vmlinux.extract(kern["bzimage"], out)
    except vmlinux.VmlinuxError as e:
        return None, str(e)
    except OSError as e:
        return None, "writing %s: %s" % (out, e.strerror)
    if vmlinux.pvh_entry(out) is None:
        return None, ("its vmlinux has no PVH entry note (XEN_ELFNOTE_PHYS32_ENTRY; the kernel "
                      "needs CONFIG_PVH)")
    log("extracted the %s-compressed vmlinux of %s (%.1f MB) for the PVH entry" % (
        what, kern["bzimage"], os.path.getsize(out) / 1e6))
    return out, ""


def _tcg_image(args, kern, workdir):
    """The image TCG boots: the bzImage, or with --pvh the vmlinux."""
    if not args.pvh:
        return kern["bzimage"]
    image, why = _pvh_image(kern, workdir)
    if not image:
        fatal("--pvh: %s" % why)
    return image


def choose_accel(args, qemu_bin, kern, initrd, workdir):
    """(accel, kernel image): KVM only when a probe boot reached /init under it, with the bzImage
    or else with the vmlinux through the PVH entry (--pvh: only that); otherwise TCG (--accel auto,
    with one note line saying why) or exit 2 (--accel kvm)."""
    if args.accel == "tcg":
        return "tcg", _tcg_image(args, kern, workdir)
    why_not = []
    missing = qemu.kvm_missing()
    if missing:
        why_not.append(missing)
    else:
        candidates = ["pvh"] if args.pvh else ["bzimage", "pvh"]
        for which in candidates:
            if which == "bzimage":
                what, image = "the bzImage", kern["bzimage"]
            else:
                what = "the PVH vmlinux"
                image, why = _pvh_image(kern, workdir)
                if not image:
                    if args.pvh:
                        fatal("--pvh: %s" % why)
                    why_not.append("no PVH vmlinux to try: %s" % why)
                    break
            try:
                p = qemu.probe(qemu_bin, image, initrd, workdir, memory_mb=args.memory,
                               smp=args.smp)
            except qemu.QemuError as e:
                fatal(str(e))
            if p.ok:
                log("KVM probe: %s reached /init under KVM in %.1f s" % (what, p.seconds))
                return "kvm", image
            log("KVM probe: %s failed: %s" % (what, p.why))
            why_not.append("%s: %s" % (what, p.why))
    why = "; ".join(why_not)
    if args.accel == "kvm":
        fatal("--accel kvm: KVM cannot boot the guest: %s" % why)
    log("note: KVM unusable (%s): TCG with -cpu max (no GFNI/AVX-512 there)" % why)
    return "tcg", _tcg_image(args, kern, workdir)


def _boot_and_report(args, qemu_bin, kern, tests, extra_cases, start, workdir):
    """Boots kern with the tests, prints the summary; returns (status, GuestRun)."""
    for n in kern.get("notes", []):
        log("note: " + n)
    if kern.get("module_dirs") or not args.kernel_tree:
        modules, notes = resolve_modules(kern["module_dirs"], kern.get("builtin"))
    else:
        modules, notes = [], []
    for n in notes:
        log("note: " + n)
    os.makedirs(workdir, exist_ok=True)
    initrd = os.path.join(workdir, "initramfs.cpio")
    vector_files = read_vector_dir(args.vectors)
    log("vectors for AF_ALG: %s" % (", ".join(
        "%s (%d lines)" % (n, t.count("\n")) for n, t in sorted(vector_files.items()))
        or "none (no --vectors folder)"))
    build_initramfs(initrd, modules, tests, args.program_timeout, vector_files,
                    getattr(args, "guest_files", None))
    log("initramfs: %d modules, %d test programs, %.1f MB (%s)" % (
        len(modules), len(tests), os.path.getsize(initrd) / 1e6, initrd))

    accel, image = choose_accel(args, qemu_bin, kern, initrd, workdir)
    append = "console=ttyS0,115200 panic=-1 ariasuite.out=ttyS1 ariasuite.heartbeat=%d %s" % (
        qemu.HEARTBEAT, args.append)
    if args.timeout_scale != 1:
        append += " ariasuite.timeout_scale=%d" % args.timeout_scale
    if args.filter:
        append += " ariasuite.filter=" + args.filter

    marks = {}

    def progress(line):
        now = time.monotonic() - t0
        if line.startswith("ARIASUITE BEGIN"):
            marks["begin"] = now
            log("guest /init running after %.1f s" % now)
        elif line.startswith("ARIASUITE TAP-BEGIN"):
            log("  running %s" % line.split(" ", 2)[2])
        elif line.startswith("ARIASUITE TAP-END"):
            log("  %s done at %.1f s" % (line.split(" ", 2)[2], now))
        elif line.startswith("not ok"):
            log("    " + line)

    while True:
        log("booting %s under %s (timeout %d s, silence limit %d s)" % (
            image, accel.upper(), args.timeout, args.silence_limit))
        t0 = time.monotonic()
        marks.clear()
        try:
            b = qemu.Boot(*qemu.boot(
                qemu_bin, image, initrd, append, workdir, accel=accel, timeout=args.timeout,
                memory_mb=args.memory, smp=args.smp, progress=progress,
                silence=args.silence_limit))
            break
        except qemu.AccelError as e:
            if args.accel == "kvm":
                fatal("--accel kvm: KVM stopped the guest: %s" % e)
            log("note: KVM stopped the guest (%s): the run starts again under TCG with -cpu max "
                "(no GFNI/AVX-512 there)" % e)
            accel, image = "tcg", _tcg_image(args, kern, workdir)
        except qemu.QemuError as e:
            fatal(str(e))
    if b.longest_silence:
        log("longest silence of the guest: %.1f s, ended %.1f s after qemu started (limit %d s)"
            % (b.longest_silence, b.longest_silence_end, args.silence_limit))
    names = [n for n, _, _ in tests]
    run = tap.parse_guest(b.tap, b.console, b.state, b.qemu_error, programs=names,
                          filtered=bool(args.filter), why=b.why)
    run.cases = extra_cases + run.cases
    run.tap, run.accel = b.tap, accel
    status, nothing = tap.run_verdict(run, args.filter)
    if nothing:
        run.cases.append(tap.Case("guest", "tests", "skip", nothing))
    cases = run.cases
    if args.junit:
        tap.write_junit(cases, args.junit)
    summarize(run, cases, kern.get("description", ""), accel.upper(), time.monotonic() - start,
              marks.get("begin"))
    if not args.workdir:
        os.unlink(initrd)  # a temporary folder keeps only the (small) logs
        if os.path.exists(os.path.join(workdir, "vmlinux")):
            os.unlink(os.path.join(workdir, "vmlinux"))
    log("console and TAP logs: %s" % workdir)
    return status, run


def bisect_status(status, run):
    """(exit status for git bisect run, why): 0 good, 1 bad, 125 cannot test."""
    if not run.began:
        return EXIT_BISECT_SKIP, "the guest did not boot (no /init)"
    if status == 1:
        bad = [c for c in run.cases if c.status == "fail"]
        return 1, "%d failed: %s" % (len(bad), ", ".join("%s.%s" % (c.suite, c.name)
                                                          for c in bad[:5]))
    aria = [c for c in run.cases if c.status != "skip" and "aria" in c.name.lower()]
    if status != 0 or not aria:
        return EXIT_BISECT_SKIP, "no ARIA test passed or failed"
    return 0, "%d ARIA tests passed" % len(aria)


def cmd_bench(args):
    """--bench: the kTLS throughput table (bench.py), measured only under KVM: SKIP (exit 4)
    unless a probe boots the kernel under KVM (or ARIASUITE_KERNEL_BENCH_UNDER_TCG=1)."""
    start = time.monotonic()
    status = bench_precheck(args)
    if status:
        return status
    under_tcg = bench.measure_under_tcg()
    nbytes = bench.nbytes()  # checked by bench_precheck
    program = [t for t in args.test if os.path.basename(t) == bench.PROGRAM]
    if not program:
        fatal("--bench: the %s program is not among the test programs (--test PATH)"
              % bench.PROGRAM)
    try:
        qemu_bin = qemu.find_qemu()
    except qemu.QemuError as e:
        fatal(str(e))
    got = _resolve_kernel(args)
    if isinstance(got, int):
        return got
    kern = got[0]
    workdir = args.workdir or tempfile.mkdtemp(prefix="ariasuite-kernel-")
    os.makedirs(workdir, exist_ok=True)
    if not under_tcg:
        initrd = os.path.join(workdir, "initramfs.cpio")
        modules, _ = resolve_modules(kern.get("module_dirs"), kern.get("builtin"))
        build_initramfs(initrd, modules, [], args.program_timeout, {})
        accel, _ = choose_accel(args, qemu_bin, kern, initrd, workdir)
        if accel != "kvm":
            print(bench.skip_line("no KVM probe reached /init, see the note above"), flush=True)
            return bench.SKIP_EXIT
    tests = [(bench.PROGRAM, os.path.abspath(program[0]), bench.program_args())]
    status, run = _boot_and_report(args, qemu_bin, kern, tests, [], start, workdir)
    if run.accel != "kvm" and not under_tcg:
        print(bench.skip_line("KVM stopped the guest during the run, see the note above"),
              flush=True)
        return bench.SKIP_EXIT
    rows = bench.parse(run.tap)
    heading = "kTLS (TLS 1.2) throughput over loopback in the guest, %s, %d MiB per row, " \
              "kernel %s" % ("under KVM" if run.accel == "kvm" else
                             "EMULATED (TCG): the figures mean nothing", nbytes >> 20,
                             run.kernel or "?")
    for line in bench.table(rows, heading):
        print(line, flush=True)
    if not rows:
        log("error: --bench: the guest program printed no measurement (see the TAP log above)")
        return 1
    return status


def bench_precheck(args):
    """--bench-precheck (tools/cmd/kernel.sh, before any build): the SKIP line and 4 where KVM
    cannot even be tried, 2 for a bad ARIASUITE_KERNEL_BENCH_MIB, else 0 and nothing printed."""
    try:
        bench.nbytes()
    except ValueError as e:
        fatal(str(e))
    why = "--accel tcg" if args.accel == "tcg" else qemu.kvm_missing()
    if why and not bench.measure_under_tcg():
        print(bench.skip_line(why), flush=True)
        return bench.SKIP_EXIT
    return 0


def cmd_run(args):
    start = time.monotonic()
    if args.bench_precheck:
        return bench_precheck(args)
    if args.bench:
        return cmd_bench(args)
    tests = _tests(args)
    try:
        qemu_bin = qemu.find_qemu()
    except qemu.QemuError as e:
        if args.no_prepare:
            return _skip_everything(args, str(e))
        fatal(str(e))
    if args.bisect and args.kernel_tree:
        try:
            version = kernel_tree.kernel_version(os.path.abspath(args.kernel_tree))
        except kernel_tree.TreeError as e:
            fatal_tree(e.args[0])
        vnote = kernel_tree.version_notes(version)
        if vnote:
            fatal_tree("cannot test: " + vnote)
    if args.patches:
        return run_series(args, qemu_bin, tests, start)
    got = _resolve_kernel(args)
    if isinstance(got, int):
        return got
    kern, extra, cases = got
    workdir = args.workdir or tempfile.mkdtemp(prefix="ariasuite-kernel-")
    status, run = _boot_and_report(args, qemu_bin, kern, tests + extra, cases, start, workdir)
    if args.bisect:
        code, why = bisect_status(status, run)
        word = {0: "good", 1: "bad"}.get(code, "cannot test")
        print("ariasuite kernel --bisect: %s (exit %d): %s" % (word, code, why), flush=True)
        return code
    return status


def run_series(args, qemu_bin, tests, start):
    """--patches: the series applied onto a copy of the tree, then built and tested (after the
    last patch, or with --each before the first and after every one, stopping at the first
    patch that breaks the suite)."""
    tree = os.path.abspath(args.kernel_tree)
    cache = cache_layout.kernel_dir(args.cache)
    try:
        kernel_tree.kernel_version(tree)
        series = patches.list_series(args.patches)
        copy, out, base = patches.copy_layout(tree, cache)
        kernel_tree.check_disk(os.path.dirname(copy))
        log("copying %s to %s (%d patches to apply)" % (tree, copy, len(series)))
        patches.make_copy(tree, copy, out)
    except kernel_tree.TreeError as e:
        fatal_tree(e.args[0])
    except debian.PrepareError as e:
        fatal(e.args[0])
    workroot = args.workdir or tempfile.mkdtemp(prefix="ariasuite-kernel-")
    # Without --each: one build after the last patch. With --each: the tree as given (step 0),
    # then after each patch.
    steps = list(range(0, len(series) + 1)) if args.each else [len(series)]
    applied, results = 0, []
    for step in steps:
        while applied < step:
            p = series[applied]
            applied += 1
            try:
                patches.apply(copy, p, applied, len(series))
            except kernel_tree.TreeError as e:
                fatal_tree(e.args[0])
            log("applied patch %d/%d %s" % (applied, len(series), p.name))
        label = ("patch %d/%d %s" % (step, len(series), series[step - 1].name) if step
                 else "the tree before any patch")
        log("== %s: build and test" % label)
        kern, extra, cases = _tree_kernel(args, copy, out=out, base_dir=base)
        kern["description"] = "%s + %s" % (tree, label) if step else tree
        status, run = _boot_and_report(args, qemu_bin, kern, tests + extra, cases, start,
                                       os.path.join(workroot, "step-%02d" % step))
        c = tap.counts(run.cases)
        results.append((label, status, c))
        if status == 1:
            break
    print("")
    print("== ariasuite kernel --patches %s%s" % (args.patches, " --each" if args.each else ""))
    for label, status, c in results:
        print("   %-7s %3d passed, %2d failed, %2d skipped  %s" % (
            {0: "passed", 1: "FAILED", 4: "nothing"}.get(status, status), c["pass"], c["fail"],
            c["skip"], label))
    last_label, last_status, _ = results[-1]
    if last_status == 1:
        if args.each and len(results) == 1:
            print("the tree fails before any patch: no patch to blame", flush=True)
        elif args.each:
            print("FIRST BREAKING: %s" % last_label, flush=True)
        else:
            print("the series fails after %s (--each names the patch that breaks it)" % last_label,
                  flush=True)
    return last_status


def _flag_set(argv, flag):
    return any(a == flag or a.startswith(flag + "=") for a in argv)


class _Parser(argparse.ArgumentParser):
    """A bad flag is one line on stderr naming it and exit 2, like every other setup error
    (argparse would print its usage first)."""

    def error(self, message):
        fatal(message)


def main():
    global EXIT_SETUP, EXIT_TREE
    if _flag_set(sys.argv[1:], "--bisect"):
        # Decided before parsing, so that even a bad flag aborts a bisection instead of
        # marking the commit bad.
        EXIT_SETUP, EXIT_TREE = EXIT_BISECT_SETUP, EXIT_BISECT_SKIP
    ap = _Parser(prog="tools/ariasuite kernel")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--cache")
    p.add_argument("--package")
    r = sub.add_parser("run")
    r.add_argument("--test", action="append", default=[])
    r.add_argument("--extra-test", action="append", default=[])
    r.add_argument("--kernel")
    r.add_argument("--modules", action="append", default=[],
                   help="module tree or folder of .ko files (repeatable; later ones win)")
    r.add_argument("--kernel-tree")
    r.add_argument("--patches", help="a directory of patches (its series file, else *.patch "
                   "in name order) or a series file, applied onto a copy of --kernel-tree")
    r.add_argument("--each", action="store_true",
                   help="with --patches: build and test before the first and after every patch")
    r.add_argument("--bisect", action="store_true",
                   help="exit 0 good, 1 bad, 125 cannot test, 128 abort (git bisect run)")
    r.add_argument("--tls-selftest", choices=["aria", "all", "off"], default="aria",
                   help="the tree's own kTLS selftest: ARIA variants + AES-GCM control (default), "
                   "every variant, or none")
    r.add_argument("--debug", action="store_true",
                   help="with --kernel-tree: build it with KASAN, KFENCE, lockdep, DEBUG_LIST, "
                   "DEBUG_ATOMIC_SLEEP and UBSAN (kernel-tests/vm/debug.config)")
    r.add_argument("--jobs", type=int, help="make -j (default: the number of CPUs)")
    r.add_argument("--junit")
    r.add_argument("--timeout", type=int,
                   help="seconds for the whole guest run (default 600; 1500 with --kernel-tree, "
                   "whose kTLS selftest adds about 150 s under TCG)")
    r.add_argument("--program-timeout", type=int,
                   help="seconds for one guest program (default 300; 600 with --kernel-tree)")
    r.add_argument("--accel", choices=["auto", "kvm", "tcg"], default="auto",
                   help="auto: KVM when a probe boot reaches /init under it, else TCG")
    r.add_argument("--pvh", action="store_true",
                   help="boot the vmlinux (taken out of the bzImage) through qemu's PVH entry")
    r.add_argument("--silence-limit", type=int, default=qemu.SILENCE_SECONDS,
                   help="seconds without console or test output before the guest is declared "
                   "hung (default %(default)s)")
    r.add_argument("--smp", type=int, default=2)
    r.add_argument("--memory", type=int, default=1024)
    r.add_argument("--append", default="")
    r.add_argument("--filter", help="run only tests whose name contains this")
    r.add_argument("--timeout-scale", type=int, default=1,
                   help="multiply every per-test timeout (slow hosts)")
    r.add_argument("--cache")
    r.add_argument("--package")
    r.add_argument("--no-prepare", action="store_true")
    r.add_argument("--workdir")
    r.add_argument("--vectors", help="folder written by //vectors:guest_vectors")
    r.add_argument("--bench-precheck", action="store_true", help=argparse.SUPPRESS)
    r.add_argument("--bench", action="store_true",
                   help="the kTLS ARIA-GCM throughput table (KVM only; under TCG a SKIP, exit 4)")
    r.add_argument("--fuzz", type=int, metavar="SECONDS",
                   help="run only the kTLS fuzzer (ktls_fuzz), for SECONDS")
    r.add_argument("--seed", type=int, default=1, help="the fuzzer's seed (default 1)")
    r.add_argument("--fuzz-replay", "--replay", dest="fuzz_replay", action="append", default=[], metavar="FILE",
                   help="run only the kTLS fuzzer on this operation list (repeatable)")
    r.add_argument("--fuzz-corpus", metavar="DIR",
                   help="operation lists (*.ops) the fuzzer replays in an ordinary run")
    args = ap.parse_args()
    if args.cmd == "prepare":
        return cmd_prepare(args)
    if args.kernel and args.kernel_tree:
        fatal("--kernel and --kernel-tree exclude each other")
    if args.modules and not args.kernel:
        fatal("--modules goes with --kernel")
    for flag, val in (("--patches", args.patches), ("--bisect", args.bisect),
                      ("--debug", args.debug)):
        if val and not args.kernel_tree:
            fatal("%s goes with --kernel-tree" % flag)
    if args.each and not args.patches:
        fatal("--each goes with --patches")
    if args.bisect and args.patches:
        fatal("--bisect and --patches exclude each other (bisect the tree, or let --each name "
              "the patch)")
    if args.fuzz is not None and args.fuzz < 1:
        fatal("--fuzz %d: must be at least 1 second" % args.fuzz)
    if args.bench and (args.fuzz or args.fuzz_replay):
        fatal("--bench excludes --fuzz and --replay")
    if args.fuzz and args.fuzz_replay:
        fatal("--fuzz and --fuzz-replay exclude each other")
    if args.seed < 0:
        fatal("--seed %d: must not be negative" % args.seed)
    if args.timeout is None:
        args.timeout = (1500 if args.kernel_tree else 600) + (args.fuzz or 0)
    if args.program_timeout is None:
        args.program_timeout = (600 if args.kernel_tree else 300) + (args.fuzz or 0)
    if args.silence_limit < 1:
        fatal("--silence-limit %d: must be at least 1 second" % args.silence_limit)
    if args.filter and any(c.isspace() for c in args.filter):
        fatal("--filter takes one word (a substring of test names)")
    return cmd_run(args)


if __name__ == "__main__":
    sys.exit(main())
