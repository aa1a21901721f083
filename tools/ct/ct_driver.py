#!/usr/bin/env python3
"""Runs the constant-time check program (ct_check) under valgrind memcheck, one check at a time.

ct_check marks the secrets of each path undefined with memcheck's client requests, so memcheck
reports each branch or memory index that depends on a secret. This driver turns that into one
verdict per check:
  PASS  a constant-time path ran under memcheck with no report, and its outputs agreed with an
        unmarked run;
  LEAK  memcheck reported it: the report's kind and location (file:line, function) are printed;
  FAIL  the check crashed, valgrind could not run it, or its outputs were wrong;
  SKIP  it cannot run here (this CPU, or valgrind's virtual CPU, lacks an instruction set), with why;
and requires each deliberately leaky control (leaky/...) to be reported: a control that is not
reported means the check is blind, which fails the run.

Usage: ct_driver.py --ct-binary PATH [--junit FILE] [--valgrind PATH] [--verbose] [CHECK...]
Exit status: 0 when no constant-time path leaked or failed and every control was reported
(skips allowed, and listed); 1 otherwise; 2 on a usage or setup error.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ERROR_EXIT = 99  # valgrind --error-exitcode: memcheck reported at least one error.

# memcheck's report kinds that mean "a secret decided something".
TAINT_KINDS = (
    "Conditional jump or move depends on uninitialised value(s)",
    "Use of uninitialised value of size",
    "Syscall param",
    "Uninitialised byte(s) found during client check request",
)


def die(msg):
    print("ct: " + msg, file=sys.stderr)
    sys.exit(2)


def list_checks(cmd):
    """Runs `cmd --list` and returns an ordered list of (name, state, detail)."""
    try:
        proc = subprocess.run(cmd + ["--list"], capture_output=True, text=True, timeout=300)
    except OSError as e:
        die("cannot run %s: %s" % (cmd[0], e))
    if proc.returncode != 0:
        die("%s --list failed (exit %d): %s" % (" ".join(cmd), proc.returncode,
                                                  proc.stderr.strip().splitlines()[-1:]))
    out = []
    for line in proc.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or parts[1] not in ("RUN", "SKIP"):
            die("unexpected line from %s --list: %r" % (cmd[0], line))
        out.append(tuple(parts))
    return out


def parse_valgrind_log(text):
    """Returns the memcheck errors in a valgrind log as dicts {kind, frames, origin}."""
    errors = []
    cur = None
    in_origin = False
    for raw in text.splitlines():
        m = re.match(r"^==\d+== (.*)$", raw)
        if not m:
            continue
        line = m.group(1)
        if not line.strip():
            if cur is not None:
                errors.append(cur)
            cur = None
            in_origin = False
            continue
        fm = re.match(r"^\s+(at|by) 0x[0-9A-Fa-f]+: (.*)$", line)
        if fm and cur is not None:
            (cur["origin"] if in_origin else cur["frames"]).append(fm.group(2))
            continue
        if cur is not None and line.strip().startswith("Uninitialised value was created"):
            in_origin = True
            cur["origin_kind"] = line.strip()
            continue
        if cur is None and any(line.startswith(k) for k in TAINT_KINDS):
            cur = {"kind": line.strip(), "frames": [], "origin": [], "origin_kind": ""}
    if cur is not None:
        errors.append(cur)
    return errors


def our_frame(frames):
    """The first frame in ariasuite's own sources (impl/, tools/), else the first frame."""
    for f in frames:
        if re.search(r"\((?:.*/)?(impl|tools|conformance|fuzz)/[^)]*:\d+\)$", f):
            return f
    return frames[0] if frames else "(no stack)"


def short(frame):
    """'func(args) (path/file.cc:12)' -> 'path/file.cc:12 in func'."""
    m = re.match(r"^(.*) \(((?:.*/)?)([^/]*:\d+)\)$", frame)
    if not m:
        return frame
    func, path, fileline = m.groups()
    rel = re.sub(r"^.*?/((impl|tools|conformance|fuzz)/)", r"\1", path + fileline)
    func = re.sub(r"\(.*\)$", "", func)
    return "%s in %s" % (rel, func)


def valgrind_version(valgrind):
    try:
        out = subprocess.run([valgrind, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    m = re.search(r"valgrind-([\d.]+)", out)
    return m.group(1) if m else None


def skip_reason_under_valgrind(name, vg_detail, version):
    """Why a path this CPU runs cannot run under valgrind (its virtual CPU lacks a feature)."""
    m = re.search(r"missing (.*)$", vg_detail)
    missing = m.group(1) if m else vg_detail
    if "avx512" in name:
        what = "AVX-512"
    else:
        what = missing
    return ("valgrind %s does not support %s (under valgrind: %s; such instructions are "
            "SIGILL there)" % (version, what, vg_detail))


def run_one(args, name, log_dir):
    log = os.path.join(log_dir, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".log")
    cmd = [args.valgrind, "--tool=memcheck", "--error-exitcode=%d" % ERROR_EXIT,
           "--track-origins=yes", "--num-callers=16", "--fullpath-after=",
           "--log-file=" + log, args.ct_binary, name]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
        rc = proc.returncode
        stdout, stderr = proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as e:
        rc = None
        stdout = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        stderr = "timed out after %ds" % args.timeout
    elapsed = time.monotonic() - start
    try:
        with open(log) as f:
            vg_log = f.read()
    except OSError:
        vg_log = ""
    return rc, stdout, stderr, vg_log, elapsed


def verdict(name, leaky, rc, stdout, stderr, vg_log):
    """Returns (status, message, details): status PASS, LEAK, FAIL."""
    done = ("CT-DONE %s" % name) in stdout
    errors = parse_valgrind_log(vg_log)
    details = vg_log
    if rc is None:
        return "FAIL", "timed out under valgrind", stderr + "\n" + details
    unhandled = re.search(r"vex amd64->IR: unhandled instruction bytes: (.*)", vg_log)
    if unhandled or "Illegal opcode" in vg_log or "SIGILL" in vg_log:
        what = unhandled.group(1).strip() if unhandled else "SIGILL"
        return "FAIL", "valgrind cannot execute an instruction of this path: %s" % what, details
    mismatches = [l for l in stderr.splitlines() if l.startswith("CT-MISMATCH")]
    locs = []
    for e in errors:
        loc = "%s at %s" % (e["kind"], short(our_frame(e["frames"])))
        if loc not in locs:
            locs.append(loc)
    if leaky:
        if rc == ERROR_EXIT and errors and done:
            return "PASS", "reported as it must be: " + locs[0], details
        if not done:
            return "FAIL", "the leaky control did not finish (exit %s): %s" % (
                rc, stderr.strip()[-300:]), details
        return "FAIL", ("the deliberately leaky control was NOT reported: the check is blind "
                        "(exit %s)" % rc), details
    if errors:
        return "LEAK", "; ".join(locs[:5]) + (" (+%d more)" % (len(locs) - 5) if len(locs) > 5 else ""), details
    if mismatches:
        return "FAIL", "; ".join(mismatches[:3]), stderr + details
    if rc != 0 or not done:
        return "FAIL", "exit status %s under valgrind: %s" % (rc, stderr.strip()[-300:]), details
    return "PASS", "no secret-dependent branch or index", details


def write_junit(path, results, total_time):
    suite = ET.Element("testsuite", name="ct", tests=str(len(results)),
                       failures=str(sum(1 for r in results if r["status"] in ("LEAK", "FAIL"))),
                       skipped=str(sum(1 for r in results if r["status"] == "SKIP")),
                       time="%.2f" % total_time)
    for r in results:
        case = ET.SubElement(suite, "testcase", classname="ct", name=r["name"],
                             time="%.2f" % r["time"])
        if r["status"] == "SKIP":
            ET.SubElement(case, "skipped", message=r["message"])
        elif r["status"] in ("LEAK", "FAIL"):
            fail = ET.SubElement(case, "failure", message="%s: %s" % (r["status"], r["message"]))
            fail.text = r["details"][-8000:]
    root = ET.Element("testsuites")
    root.append(suite)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ct-binary", required=True)
    ap.add_argument("--junit")
    ap.add_argument("--valgrind", default="valgrind")
    ap.add_argument("--timeout", type=int, default=240, help="seconds per check")
    ap.add_argument("--verbose", action="store_true", help="print valgrind's log of each leak")
    ap.add_argument("checks", nargs="*")
    args = ap.parse_args()

    if not os.path.isfile(args.ct_binary):
        die("no ct_check binary at %s" % args.ct_binary)
    if shutil.which(args.valgrind) is None:
        die("valgrind not found (%s); install the Debian package valgrind "
            "(tools/ariasuite ct installs it)" % args.valgrind)
    version = valgrind_version(args.valgrind) or "(unknown version)"

    native = list_checks([args.ct_binary])
    under_vg = {}
    if any(state == "RUN" for _, state, _ in native):  # (a sanitized build lists only SKIPs)
        under_vg = {n: (s, d) for n, s, d in list_checks(
            [args.valgrind, "-q", "--tool=memcheck", args.ct_binary])}
    names = [n for n, _, _ in native]
    for c in args.checks:
        if c not in names:
            die("unknown check '%s'; known: %s" % (c, ", ".join(names)))

    results = []
    log_dir = tempfile.mkdtemp(prefix="ariasuite-ct.")
    t0 = time.monotonic()
    for name, state, detail in native:
        if args.checks and name not in args.checks:
            continue
        leaky = state == "RUN" and detail == "leaky"
        r = {"name": name, "time": 0.0, "details": "", "leaky": leaky}
        vg_state, vg_detail = under_vg.get(name, ("SKIP", "not listed under valgrind"))
        if state == "SKIP":
            r.update(status="SKIP", message=detail)
        elif vg_state == "SKIP":
            r.update(status="SKIP", message=skip_reason_under_valgrind(name, vg_detail, version))
        else:
            rc, out, err, vg_log, elapsed = run_one(args, name, log_dir)
            status, message, details = verdict(name, leaky, rc, out, err, vg_log)
            r.update(status=status, message=message, details=details, time=elapsed)
        results.append(r)
        label = r["status"]
        if leaky and label == "PASS":
            label = "CAUGHT"
        print("%-6s %-32s %s" % (label, name, r["message"]), flush=True)
        if args.verbose and r["status"] in ("LEAK", "FAIL"):
            print(r["details"])
    total = time.monotonic() - t0
    shutil.rmtree(log_dir, ignore_errors=True)

    clean = [r for r in results if not r["leaky"]]
    controls = [r for r in results if r["leaky"]]
    passed = sum(1 for r in clean if r["status"] == "PASS")
    leaks = sum(1 for r in clean if r["status"] == "LEAK")
    fails = sum(1 for r in clean if r["status"] == "FAIL")
    skipped = sum(1 for r in clean if r["status"] == "SKIP")
    caught = sum(1 for r in controls if r["status"] == "PASS")
    print("ct: valgrind %s: %d constant-time checks passed, %d leaked, %d failed, %d skipped; "
          "leaky controls reported: %d/%d (%.0fs)" % (version, passed, leaks, fails, skipped,
                                                       caught, len(controls), total))
    if args.junit:
        write_junit(args.junit, results, total)
    ok = leaks == 0 and fails == 0 and caught == len(controls)
    ran = [r for r in results if r["status"] != "SKIP"]
    if not ran:
        print("ct: every check was skipped (see the reasons above); nothing was checked")
    elif not args.checks and not controls:
        print("ct: no leaky control ran, so nothing shows the check can fail", file=sys.stderr)
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
