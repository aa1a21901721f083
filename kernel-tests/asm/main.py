#!/usr/bin/env python3
"""`tools/ariasuite kernel-asm`: the kernel's own ARIA assembly, assembled unmodified from a kernel
tree and checked natively, in seconds, without booting anything (README.md here).

  main.py run --harness PROG [--kernel-tree DIR] [--seconds N] [--junit FILE] [--strict]
              [--known FILE] [--cache DIR] [--build-dir DIR]
      Finds the tree (default: the cached linux-source, tree.py), assembles the ARIA assembly
      files it has (Linux 6.1 has one of the three; an absent driver is a SKIP row) with the
      shim (build.py), audits every instruction against what the glue code checks and every
      aligned constant load (audit.py), runs the differential harness (harness_main.cc, with
      its abi-* checks) and prints the verdict table per driver and function, then the ABI
      audit's table (abi.py: run-time rules from the harness, ENDBR/kCFI and RET from the
      objects assembled as the tree's IBT/kCFI/return-thunk build would).
  main.py build [--kernel-tree DIR] [--cache DIR] [--build-dir DIR] [--print-dir]
      Only assembles (for the fuzzer and the benchmark); prints the build directory.
  main.py tree [--kernel-tree DIR] [--cache DIR]
      Prints the kernel tree that would be used (exit 2 with the reason when there is none).

--kernel-tree defaults to $ARIASUITE_KERNEL_TREE when that is set.
Exit status of run: 0 every check of the drivers the tree has passed (known findings listed, see
known_findings.txt; absent drivers SKIP), 1 a failure or violation (also a known finding with
--strict), 2 bad usage or no tree with an x86 ARIA driver (one line), 4 nothing ran (this CPU runs
none of the functions).
"""
import argparse
import fnmatch
import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tools", "results"))

import abi as abimod  # noqa: E402
import audit as auditmod  # noqa: E402
import build  # noqa: E402
import isa  # noqa: E402
import junit  # noqa: E402
import tree as treemod  # noqa: E402


def log(msg):
    print("ariasuite kernel-asm: " + msg, file=sys.stderr, flush=True)


def fatal(msg):
    print("ariasuite kernel-asm: error: " + msg, file=sys.stderr, flush=True)
    sys.exit(2)


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        fatal(message + " (usage: tools/ariasuite kernel-asm [--kernel-tree DIR] [--seconds N] "
              "[--junit FILE] [--strict])")


def _explicit_tree(args):
    """The tree the user named (--kernel-tree or ARIASUITE_KERNEL_TREE), or None."""
    return args.kernel_tree or os.environ.get("ARIASUITE_KERNEL_TREE") or None


def _tree(args):
    """The kernel tree to use (the named one, else the cached one); a fatal error when none."""
    try:
        return treemod.find_tree(_explicit_tree(args), args.cache, log=log)
    except treemod.TreeError as e:
        fatal(str(e))


def _tree_and_build(args):
    t = _tree(args)
    try:
        d = build.build(t, out=args.build_dir, cache=args.cache, log=log,
                        record_current=_explicit_tree(args) is None and args.build_dir is None)
    except (build.BuildError, OSError) as e:
        fatal(str(e))
    return t, d


def cmd_tree(args):
    t = _tree(args)
    print("%s\tLinux %s\t%s" % (t.root, t.version(), t.origin))
    return 0


def cmd_build(args):
    t, d = _tree_and_build(args)
    if args.print_dir:
        print(d)
    else:
        log("Linux %s (%s) assembled into %s" % (t.version(), t.origin, d))
    return 0


def run_harness(harness, d, testmgr, seconds):
    """Runs the harness until it has gone through every function: a function that crashes it is
    recorded as a failure of the check it was in, then left out of the next run."""
    results = {}  # function -> list of (check, status, detail)
    details = []
    exclude = []
    skip_abi = []  # functions that crashed in the ABI audit: run again without it
    for _ in range(20):
        cmd = [harness, "--dir", d, "--seconds", str(seconds)]
        if testmgr:
            cmd += ["--testmgr", testmgr]
        for f in exclude:
            cmd += ["--exclude", f]
        for f in skip_abi:
            cmd += ["--skip-abi", f]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = p.stdout.decode(errors="replace")
        running = None
        in_detail = False
        fault = ""
        this_run = {}  # a function's checks come from the last run that ran it
        for line in out.splitlines():
            f = line.split("\t")
            if f[0] == "RUN" and len(f) == 3:
                running = (f[1], f[2])
                in_detail = False
            elif f[0] == "FAULT" and len(f) == 3:
                fault = " at " + f[2]
            elif f[0] == "CASE" and len(f) == 5:
                this_run.setdefault(f[1], []).append((f[2], f[3], f[4]))
                running = None
                in_detail = False
            elif f[0] == "DETAIL" and len(f) == 3:
                details.append("%s %s, first failing case:" % (f[1], f[2]))
                in_detail = True
            elif in_detail and line.startswith("  "):
                details.append(line)
        for fn, checks in this_run.items():
            results[fn] = [c for c in results.get(fn, []) if c[0].startswith("abi-")
                           and fn in skip_abi] + checks
        if running is not None and running[0] not in this_run:
            results[running[0]] = [c for c in results.get(running[0], [])
                                   if c[0].startswith("abi-") and running[0] in skip_abi]
        if p.returncode in (0, 1):
            return results, details
        if p.returncode == 2 and running is None:
            fatal("the harness could not start: " + p.stderr.decode(errors="replace").strip())
        if running is None:
            fatal("the harness died (exit %d) outside any check: %s" % (
                p.returncode, p.stderr.decode(errors="replace").strip()[-300:]))
        sig = -p.returncode if p.returncode < 0 else None
        what = ("signal %s" % signal.Signals(sig).name) if sig else "exit %d" % p.returncode
        results.setdefault(running[0], []).append(
            (running[1], "fail", "the kernel function crashed the harness (%s%s)" % (what, fault)))
        details.append("%s %s: crashed with %s%s" % (running[0], running[1], what, fault))
        if running[1].startswith("abi-") and running[0] not in skip_abi:
            skip_abi.append(running[0])  # its other checks still run, with direct calls
        else:
            exclude.append(running[0])
    fatal("the harness crashed too often")


def differential_verdict(checks):
    """(status, text) for one function from its harness checks."""
    if not checks:
        return "fail", "FAIL (the harness reported nothing)"
    if any(s == "fail" for _, s, _ in checks):
        failed = [c for c, s, _ in checks if s == "fail"]
        return "fail", "FAIL (%s)" % ", ".join(failed)
    if all(s == "skip" for _, s, _ in checks):
        return "skip", "SKIP: " + checks[0][2]
    cases = sum(int(m.group(1)) for _, s, det in checks
                for m in [re.match(r"^(\d+) cases", det)] if m and s == "pass")
    return "pass", "PASS (%d checks, %d cases)" % (len([c for c in checks if c[1] == "pass"]), cases)


def _absolute_aligned_reads(a, function):
    """How many instructions reachable from function read memory through an operand that needs
    alignment at an absolute address (a 32-bit absolute relocation), which the alignment audit
    does not follow."""
    n = 0
    for _, _, insn in a._insns(function):
        absolute = any(r.type in ("R_X86_64_32S", "R_X86_64_32") for r in insn.relocs)
        if not absolute or "$" in insn.text:  # none, or an immediate
            continue
        # objdump writes an absolute operand without parentheses (`vmovdqa 0x0,%xmm0`), which
        # required_alignment() takes for a register form: mark it as memory.
        if isa.required_alignment(insn._replace(text="(" + insn.text)):
            n += 1
    return n


def _for_absent_driver(kind, key, absent):
    """Whether a known_findings.txt entry is about a driver the tree lacks: its glue file (isa)
    or its functions (align, named after the module: aria_gfni_avx512_*)."""
    for driver, _ in absent:
        glue_file = [g for _, g, d in treemod.DRIVERS if d == driver][0]
        prefix = driver.replace("-", "_") + "_"
        if kind == "isa" and fnmatch.fnmatchcase(glue_file, key[0]):
            return True
        if kind == "align" and key[0].startswith(prefix):
            return True
    return False


def _runtime_verdict(checks, rule):
    """(status, detail) of one run-time ABI rule from the harness's abi-* and `all` CASE lines."""
    for check, status, detail in checks:
        if check == "all" and status == "skip":
            return "skip", detail
    for check, status, detail in checks:
        if check == "abi-" + rule:
            return status, detail
    crashed = [c for c, st, det in checks if st == "fail" and "crashed the harness" in det]
    if crashed:
        return "skip", "not reached: the function crashed the harness in " + crashed[0]
    return "fail", "the harness reported nothing for this rule"


def print_abi_table(t, d, a, abi_results, known, strict, cases):
    """Prints the ABI audit's table (one row per exported function, a column per rule), appends
    its JUnit cases; returns (counts, finding lines)."""
    counts = {"pass": 0, "fail": 0, "known": 0, "skip": 0}
    findings = []
    resolver = abimod.Resolver(d)
    macros = abimod.Macros(t)
    glues = [t.path(os.path.join(treemod.CRYPTO_DIR, g)) for _, g, _ in t.drivers()]
    indirect = abimod.address_taken(glues)
    kobjs, sources = {}, {}
    for asm, _, driver in t.drivers():
        p = os.path.join(d, driver + ".kernel.o")
        if not macros.missing and os.path.exists(p):
            kobjs[driver] = isa.Object(p)
        sources[driver] = abimod.source_macros(t.asm(asm))
    print("ABI audit: %s (run natively; %s from the objects assembled with the tree's macros as "
          "its IBT/kCFI/return-thunk build expands them)" % (
              ", ".join(abimod.RULES[:5]), ", ".join(abimod.RULES[5:])))
    print("%-17s %-37s %s" % ("driver", "function", " ".join("%-12s" % h for h in abimod.HEADINGS)))
    for function in a.ordered_functions():
        driver = a.origin[function]
        verdicts = {}
        for rule in abimod.RULES[:5]:
            verdicts[rule] = _runtime_verdict(abi_results.get(function, []), rule)
        if driver in kobjs:
            found = abimod.build_findings(kobjs[driver], function, sources[driver], indirect, macros)
            for rule in abimod.RULES[5:]:
                mine = [text for r, text in found if r == rule]
                verdicts[rule] = ("fail", "; ".join(mine)) if mine else ("pass", "as promised")
        else:
            why = macros.missing or "no kernel-build object (rebuild)"
            for rule in abimod.RULES[5:]:
                verdicts[rule] = ("skip", why)
        cells = []
        for rule in abimod.RULES:
            status, detail = verdicts[rule]
            detail = resolver.text(detail) if rule in abimod.RULES[:5] else detail
            reason = known.match("abi", (function, rule)) if status == "fail" else None
            if reason:
                status = "known"
            counts[status] += 1
            cells.append({"pass": "PASS", "fail": "FAIL", "known": "KNOWN", "skip": "SKIP"}[status])
            if status in ("fail", "known"):
                findings.append("%s ABI %s %s: %s%s" % (
                    "KNOWN" if status == "known" else "VIOLATION", rule, function, detail,
                    " [known: %s]" % reason if reason else ""))
            verdict = "fail" if status == "fail" or (status == "known" and strict) else \
                ("skip" if status == "skip" else "pass")
            cases.append(("kernel_asm." + driver, "%s.abi.%s" % (function, rule), verdict,
                          detail))
        print("%-17s %-37s %s" % (driver, function, " ".join("%-12s" % c for c in cells)))
    # A function the glue calls through a pointer, defined in the assembly by a label that is no
    # ELF function symbol (no SYM_*_START, no .type @function), is in neither table: say so.
    for asm, _, driver in t.drivers():
        src = open(t.asm(asm), errors="replace").read()
        for name in sorted(indirect - set(a.origin)):
            if re.search(r"(^|[;\s])%s:" % re.escape(name), src, flags=re.M):
                detail = ("%s+0x0: defined by a plain label, not as a function symbol (no "
                          "SYM_*_START): no ENDBR, no kCFI preamble, and no other check ran on it"
                          % name)
                reason = known.match("abi", (name, "endbr-kcfi"))
                counts["known" if reason else "fail"] += 1
                findings.append("%s ABI endbr-kcfi %s: %s" % (
                    "KNOWN" if reason else "VIOLATION", name, detail))
                cases.append(("kernel_asm." + driver, "%s.abi.endbr-kcfi" % name,
                              "fail" if not reason or strict else "pass", detail))
                print("%-17s %-37s %s" % (driver, name, "FAIL: not a function symbol"))
    skips = sorted({verdicts_reason for verdicts_reason in
                    (resolver.text(det) for f in a.ordered_functions()
                     for r in abimod.RULES[:5]
                     for st, det in [_runtime_verdict(abi_results.get(f, []), r)] if st == "skip")})
    for reason in skips:
        print("note: ABI SKIP: " + reason)
    if macros.missing:
        print("note: ABI SKIP: %s (ENDBR/kCFI and RET are read from the tree's macros)"
              % macros.missing)
    return counts, findings


def write_junit(path, cases):
    """cases: (classname, name, "pass", "fail" or "skip", message)."""
    junit.write(path, [junit.Suite("ariasuite.kernel_asm", [
        junit.from_text(*case) for case in cases])])


def cmd_run(args):
    start = time.time()
    if not args.harness or not os.access(args.harness, os.X_OK):
        fatal("--harness PROG (the built //kernel-tests/asm:harness) is required")
    try:
        known = auditmod.Known(args.known)
    except ValueError as e:
        fatal(str(e))
    t, d = _tree_and_build(args)
    known.kernel = t.version()
    log("Linux %s from %s; assembled into %s" % (t.version(), t.origin, d))
    a = auditmod.Audit(t, d, known)
    a.run_isa()
    a.run_alignment()
    testmgr = t.optional("crypto/testmgr.h")
    results, details = run_harness(args.harness, d, testmgr, args.seconds)
    ran = sum(1 for f in results.values() for c in f if c[1] in ("pass", "fail"))
    abi_results = {f: [c for c in cs if c[0].startswith("abi-") or c[0] == "all"]
                   for f, cs in results.items()}
    results = {f: [c for c in cs if not c[0].startswith("abi-")] for f, cs in results.items()}

    print("kernel-asm: Linux %s (%s)" % (t.version(), t.origin))
    print("%-17s %-37s %-28s %-24s %s" % ("driver", "function", "differential", "ISA vs glue",
                                         "aligned constants"))
    cases = []
    unaudited = {}
    counts = {"pass": 0, "fail": 0, "known": 0, "skip": 0}
    findings = []
    diff_seen = set()
    for driver, glue_file, function, isa_status, violations, reason, note in a.rows:
        checks = results.get(function, [])
        d_status, d_text = differential_verdict(checks)
        if not testmgr and d_status == "pass":
            d_text += ", no testmgr.h"
        if isa_status == "unused":
            i_text = "- (%s)" % note
        elif isa_status == "pass":
            i_text = "PASS" + ("" if not note else " (%s)" % note)
        elif isa_status == "known":
            i_text = "KNOWN: " + ",".join(sorted({m for v in violations for m in v.missing}))
        else:
            i_text = "FAIL: " + ",".join(sorted({m for v in violations for m in v.missing}))
        al_status, al_bad, al_n, al_reason = a.align.get(function, ("pass", [], 0, None))
        al_text = {"pass": "PASS (%d loads)" % al_n,
                   "fail": "FAIL (%d of %d loads)" % (len(al_bad), al_n),
                   "known": "KNOWN (%d of %d loads)" % (len(al_bad), al_n)}[al_status]
        absolute = _absolute_aligned_reads(a, function)
        if absolute:
            al_text += ", %d absolute not audited" % absolute
            unaudited[function] = absolute
        print("%-17s %-37s %-28s %-24s %s" % (driver, function, d_text, i_text, al_text))
        cls = "kernel_asm." + driver
        if function not in diff_seen:
            diff_seen.add(function)
            msg = "; ".join("%s: %s" % (c, det) for c, s, det in checks if s != "pass") or d_text
            cases.append(("kernel_asm." + a.origin[function], function + ".differential", d_status,
                          msg))
            counts[d_status if d_status in counts else "fail"] += 1
            cases.append((cls, function + ".alignment", "fail" if al_status == "fail" else "pass",
                          al_text))
            counts["known" if al_status == "known" else ("fail" if al_status == "fail" else "pass")] += 1
            for f, off, insn, need, have, where in al_bad:
                findings.append("ALIGNMENT %s: %s+0x%x: %s reads %s, which needs %d-byte alignment; "
                                "the object guarantees %d%s" % (
                                    function, f, off, insn.text, where, need, have,
                                    " [known: %s]" % al_reason if al_reason else ""))
        if isa_status != "unused":
            lines = auditmod.summarize_violations(violations, reason)
            status = "fail" if isa_status in ("fail",) or (isa_status == "known" and args.strict) \
                else "pass"
            cases.append((cls, function + ".isa", status, "\n".join(lines) or "PASS"))
            counts["known" if isa_status == "known" else ("fail" if isa_status == "fail" else "pass")] += 1
            for line in lines:
                if line.startswith("    "):
                    findings.append(line)
                else:
                    findings.append("%s %s %s" % (
                        "KNOWN" if isa_status == "known" else "VIOLATION", driver, line))
    absent = t.absent()
    for driver, reason in absent:
        print("%-17s %-37s %s" % (driver, "-", "SKIP: " + reason))
        cases.append(("kernel_asm." + driver, "driver", "skip", reason))
        counts["skip"] += 1
    for n in a.notes:
        print("note: " + n)
    if unaudited:
        print("note: the alignment audit reads RIP-relative operands only; %d function(s) also read "
              "constants through aligned operands by absolute address (R_X86_64_32S, as Linux "
              "6.1's code does), not audited: %s" % (len(unaudited), ", ".join(sorted(unaudited))))
    for kind, key, line in known.unused():
        if _for_absent_driver(kind, key, absent):
            continue  # it cannot occur in this tree
        print("note: known_findings.txt:%d (%s %s) no longer occurs: fixed? remove the entry"
              % (line, kind, " ".join(key)))
    abi_counts, abi_findings = print_abi_table(t, d, a, abi_results, known, args.strict, cases)
    findings += abi_findings
    if findings:
        print("findings:")
        for f in findings:
            print("  " + f)
    if details:
        print("differential failures:")
        resolver = abimod.Resolver(d)
        for line in details:
            print("  " + resolver.text(line))
    if args.junit:
        write_junit(args.junit, cases)
    strict_known = (counts["known"] + abi_counts["known"]) if args.strict else 0
    failed = counts["fail"] + abi_counts["fail"] + strict_known
    print("kernel-asm ABI: %d passed, %d failed, %d known findings%s, %d skipped" % (
        abi_counts["pass"], abi_counts["fail"], abi_counts["known"],
        " (failing: --strict)" if args.strict and abi_counts["known"] else "", abi_counts["skip"]))
    print("kernel-asm: %d passed, %d failed, %d known findings%s, %d skipped (%.0f s)" % (
        counts["pass"], counts["fail"], counts["known"],
        " (failing: --strict)" if args.strict and counts["known"] else "", counts["skip"],
        time.time() - start))
    if failed:
        return 1
    if ran == 0:
        print("kernel-asm: nothing ran: this CPU runs none of the kernel's functions")
        return 4
    return 0


def main():
    p = _Parser(prog="tools/ariasuite kernel-asm", add_help=True)
    sub = p.add_subparsers(dest="cmd")
    for name in ("run", "build", "tree"):
        s = sub.add_parser(name)
        s.error = p.error
        s.add_argument("--kernel-tree")
        s.add_argument("--cache")
        if name != "tree":
            s.add_argument("--build-dir")
    r = sub.choices["run"]
    r.add_argument("--harness")
    r.add_argument("--seconds", type=float, default=5.0)
    r.add_argument("--junit")
    r.add_argument("--strict", action="store_true")
    r.add_argument("--known", default=os.path.join(HERE, "known_findings.txt"))
    # The front door checks the command line with this parser before it builds the harness, so that
    # a bad flag is one line within seconds.
    r.add_argument("--check-usage", action="store_true", help=argparse.SUPPRESS)
    sub.choices["build"].add_argument("--print-dir", action="store_true")
    args = p.parse_args()
    if args.cmd == "build":
        return cmd_build(args)
    if args.cmd == "tree":
        return cmd_tree(args)
    if args.cmd == "run":
        if args.seconds < 0:
            fatal("--seconds wants a number >= 0")
        if args.check_usage:
            tree = _explicit_tree(args)
            if tree and not os.path.isdir(tree):
                fatal("--kernel-tree %s: no such directory" % tree)
            return 0
        return cmd_run(args)
    fatal("a command is needed: run, build or tree")


if __name__ == "__main__":
    sys.exit(main())
