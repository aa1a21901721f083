#!/usr/bin/env python3
"""Runs the constant-time check program (ct_check) by each method and gives one verdict per check.

Methods (--method, repeatable; default all three):
  valgrind  ct_check under valgrind memcheck, its secrets marked undefined: each branch or memory
            index that depends on a secret is reported with file:line. valgrind 3.19 cannot run
            GFNI or AVX-512, so those paths are SKIP here (with the reason).
  msan      the same checks in ct_check built by clang 22 with MemorySanitizer (--msan-binary), the
            secrets poisoned: MSan reports each branch or pointer that depends on them. It runs
            every path this CPU runs.
  timing    dudect's fixed-vs-random Welch t-test on the real CPU (ct_check --timing), --seconds
            per check. A check LEAKs only when max |t| reaches --threshold (10) in two runs in a
            row with different random inputs, so noise on a loaded machine cannot fail a
            constant-time path; the leaky controls cross it in well under the budget.
Verdicts: PASS; LEAK (file:line, or |t|); FAIL (the check crashed, computed something else, or a
tool lost the secret's taint on the way to an output); SKIP (cannot run here, and why); CAUGHT for
a deliberately leaky control (leaky/...) that was reported, as it must be by every method: a
control a method does not report means that method is blind, and fails the run.

Usage: ct_driver.py --ct-binary PATH [--msan-binary PATH] [--method M]... [--seconds N]
                    [--threshold T] [--plot FILE.svg] [--junit FILE] [--verbose] [CHECK...]
Exit status: 0 when no constant-time check leaked or failed by any method and every method that
ran reported every control (skips allowed, and listed); 1 otherwise; 2 on a usage or setup error;
4 when every check of every method was skipped (nothing checked).
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "results"))
import junit  # noqa: E402

METHODS = ("valgrind", "msan", "timing")
ERROR_EXIT = 99  # valgrind --error-exitcode / MSan exitcode: at least one report.

# memcheck's report kinds that mean "a secret decided something".
TAINT_KINDS = (
    "Conditional jump or move depends on uninitialised value(s)",
    "Use of uninitialised value of size",
    "Syscall param",
    "Uninitialised byte(s) found during client check request",
)

OUR_DIRS = r"(?:impl|tools|conformance|fuzz)"


def die(msg):
    print("ct: " + msg, file=sys.stderr)
    sys.exit(2)


def list_checks(cmd, env=None):
    """Runs `cmd --list` and returns an ordered list of (name, state, detail)."""
    try:
        proc = subprocess.run(cmd + ["--list"], capture_output=True, text=True, timeout=300,
                              env=env)
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


def rel(path):
    """/proc/self/cwd/impl/x.cc, /abs/execroot/.../impl/x.cc -> impl/x.cc."""
    return re.sub(r"^.*?/(%s/)" % OUR_DIRS, r"\1", path)


def is_ours(path):
    return re.search(r"(?:^|/)%s/" % OUR_DIRS, path) is not None


# ---- valgrind ----

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


def valgrind_frame(frames):
    """'func(args) (path/file.cc:12)' of the first frame in our sources -> 'file.cc:12 in func'."""
    pick = None
    for f in frames:
        m = re.match(r"^(.*) \((\S+:\d+)\)$", f)
        if m and is_ours(m.group(2)):
            pick = m
            break
    if pick is None:
        return frames[0] if frames else "(no stack)"
    func = re.sub(r"\(.*\)$", "", pick.group(1))
    return "%s in %s" % (rel(pick.group(2)), func)


def valgrind_version(valgrind):
    try:
        out = subprocess.run([valgrind, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    m = re.search(r"valgrind-([\d.]+)", out)
    return m.group(1) if m else None


def valgrind_skip_reason(name, vg_detail, version):
    """Why a path this CPU runs cannot run under valgrind (its virtual CPU lacks a feature)."""
    m = re.search(r"missing (.*)$", vg_detail)
    missing = m.group(1) if m else vg_detail
    what = "AVX-512" if "avx512" in name else missing
    return ("valgrind %s does not support %s (under valgrind: %s; such instructions are "
            "SIGILL there)" % (version, what, vg_detail))


# ---- MSan ----

def parse_msan_log(text):
    """Returns the MSan reports in stderr as dicts {kind, frames: [(func, file:line)]}."""
    reports = []
    cur = None
    for line in text.splitlines():
        m = re.match(r"^==\d+==WARNING: MemorySanitizer: (.*)$", line)
        if m:
            cur = {"kind": m.group(1).strip(), "frames": []}
            reports.append(cur)
            continue
        fm = re.match(r"^\s+#\d+ 0x[0-9a-f]+ (?:in (.*?) )?(\S+?)(?::\d+)?(?: \(BuildId: \w+\))?$",
                      line)
        if fm and cur is not None:
            cur["frames"].append((fm.group(1) or "?", fm.group(2)))
            continue
        if cur is not None and not line.strip():
            cur = None
    return reports


def msan_frame(frames):
    for func, where in frames:
        if is_ours(where) and "tools/ct/msan/" not in where:
            return "%s in %s" % (rel(where), re.sub(r"\(.*\)$", "", func))
    if frames:
        return "%s in %s" % (frames[0][1], frames[0][0])
    return "(no stack)"


def find_symbolizer():
    for path in ("/usr/lib/llvm-22/bin/llvm-symbolizer", shutil.which("llvm-symbolizer-22"),
                 shutil.which("llvm-symbolizer")):
        if path and os.access(path, os.X_OK):
            return path
    return None


# ---- Running one check by one method ----

def run(cmd, timeout, env=None):
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        rc, out, err = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as e:
        rc = None
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = "timed out after %ds" % timeout
    return rc, out, err, time.monotonic() - start


def taint_verdict(name, leaky, rc, out, err, reports, locs):
    """(status, message) for a taint run: PASS, LEAK, FAIL (CAUGHT is PASS on a control)."""
    done = ("CT-DONE %s" % name) in out
    mismatches = [l for l in err.splitlines() if l.startswith("CT-MISMATCH")]
    if rc is None:
        return "FAIL", "timed out"
    if leaky:
        if reports and done:
            return "PASS", "reported as it must be: " + locs[0]
        if not done:
            return "FAIL", "the leaky control did not finish (exit %s): %s" % (rc, err.strip()[-300:])
        return "FAIL", "the deliberately leaky control was NOT reported: this method is blind"
    if reports:
        more = " (+%d more)" % (len(locs) - 3) if len(locs) > 3 else ""
        return "LEAK", "; ".join(locs[:3]) + more
    if mismatches:
        return "FAIL", "; ".join(m.split(": ", 1)[-1] for m in mismatches[:3])
    if rc != 0 or not done:
        return "FAIL", "exit status %s: %s" % (rc, err.strip()[-300:])
    return "PASS", "no secret-dependent branch or index"


def run_valgrind(args, name, leaky, log_dir):
    log = os.path.join(log_dir, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".vg.log")
    cmd = [args.valgrind, "--tool=memcheck", "--error-exitcode=%d" % ERROR_EXIT,
           "--track-origins=yes", "--num-callers=16", "--fullpath-after=",
           "--log-file=" + log, args.ct_binary, name]
    rc, out, err, elapsed = run(cmd, args.timeout)
    try:
        with open(log) as f:
            vg_log = f.read()
    except OSError:
        vg_log = ""
    unhandled = re.search(r"vex amd64->IR: unhandled instruction bytes: (.*)", vg_log)
    if unhandled or "Illegal opcode" in vg_log or "SIGILL" in vg_log:
        what = unhandled.group(1).strip() if unhandled else "SIGILL"
        return ("FAIL", "valgrind cannot execute an instruction of this path: %s" % what,
                vg_log, elapsed)
    errors = parse_valgrind_log(vg_log)
    locs = []
    for e in errors:
        kind = "branch" if e["kind"].startswith("Conditional") else (
            "memory index" if e["kind"].startswith("Use of") else e["kind"])
        loc = "%s at %s" % (kind, valgrind_frame(e["frames"]))
        if loc not in locs:
            locs.append(loc)
    status, message = taint_verdict(name, leaky, rc, out, err, errors, locs)
    return status, message, err + "\n" + vg_log, elapsed


MSAN_MAX_REPORTS = 50  # a leak in a loop reports on every pass: the first ones say where it is


def run_msan(args, name, leaky):
    env = dict(os.environ)
    env["MSAN_OPTIONS"] = "halt_on_error=0:exitcode=%d:print_summary=0" % ERROR_EXIT
    if args.symbolizer:
        env["MSAN_SYMBOLIZER_PATH"] = args.symbolizer
    start = time.monotonic()
    out_file = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([args.msan_binary, name], stdout=out_file, stderr=subprocess.PIPE,
                            text=True, env=env)
    err_lines, reports_seen, rc, stopped = [], 0, None, ""
    for line in proc.stderr:
        err_lines.append(line)
        if "WARNING: MemorySanitizer:" in line:
            reports_seen += 1
            if reports_seen > MSAN_MAX_REPORTS:
                stopped = "(stopped after %d reports)" % MSAN_MAX_REPORTS
                proc.kill()
                break
        if time.monotonic() - start > args.timeout:
            stopped = "timed out after %ds" % args.timeout
            proc.kill()
            break
    proc.wait()
    rc = None if stopped.startswith("timed out") else proc.returncode
    out_file.seek(0)
    out = out_file.read()
    err = "".join(err_lines) + stopped
    reports = parse_msan_log(err)
    if stopped:  # the last report was cut off
        reports = [r for r in reports if r["frames"]] or reports
    locs = []
    for r in reports:
        loc = "branch or address at %s" % msan_frame(r["frames"])
        if loc not in locs:
            locs.append(loc)
    if reports and stopped and not stopped.startswith("timed out"):
        out += "\nCT-DONE %s\n" % name  # enough reports to judge: the rest would say the same
    status, message = taint_verdict(name, leaky, rc, out, err, reports, locs)
    return status, message, err, time.monotonic() - start


def parse_timing(out):
    trace, result = [], {}
    for line in out.splitlines():
        if line.startswith("T-TRACE "):
            _, n, t = line.split()
            trace.append((int(n), float(t)))
        elif line.startswith("T-RESULT "):
            for kv in line.split()[2:]:
                k, v = kv.split("=", 1)
                result[k] = v
    return trace, result


def fmt_n(n):
    return "%dk" % round(n / 1000) if n >= 10000 else str(n)


def run_timing(args, name, leaky, index):
    """Two-stage dudect verdict (see the module doc)."""
    runs = []
    total = 0.0
    for attempt in range(2):
        seed = args.seed + 7919 * index + 1000003 * attempt
        cmd = [args.ct_binary, "--timing", name, "--seconds", str(args.seconds), "--seed",
               str(seed), "--stop-at", str(args.threshold)]
        rc, out, err, elapsed = run(cmd, int(args.seconds * 3 + 60))
        total += elapsed
        trace, result = parse_timing(out)
        if rc != 0 or "max_t" not in result:
            why = next((l for l in err.splitlines() if l.startswith("CT-MISMATCH")), "")
            return ("FAIL", "timing run failed (exit %s): %s" % (rc, (why or err.strip())[-300:]),
                    err, total, runs)
        runs.append({"t": float(result["max_t"]), "n": int(result["n"]), "test": result["test"],
                     "trace": trace, "seconds": float(result["seconds"]),
                     "crossed_at": int(result.get("crossed_at", 0))})
        if runs[-1]["crossed_at"] == 0:
            break
    first = runs[0]
    summary = "|t|=%.1f n=%s (%s)" % (first["t"], fmt_n(first["n"]), first["test"])
    crossed = [r for r in runs if r["crossed_at"]]
    if len(crossed) == 2:
        message = "|t| >= %g at n=%s, again at n=%s; |t|=%.1f at n=%s (%s)" % (
            args.threshold, fmt_n(runs[0]["crossed_at"]), fmt_n(runs[1]["crossed_at"]),
            runs[1]["t"], fmt_n(runs[1]["n"]), runs[1]["test"])
        return ("PASS" if leaky else "LEAK"), message, "", total, runs
    if leaky:
        return ("FAIL", "the deliberately leaky control did not reach |t| >= %g twice within "
                "%gs: %s; this method is blind" % (args.threshold, args.seconds, summary),
                "", total, runs)
    if crossed:
        summary += "; reached %g once (n=%s), not again (|t|=%.1f)" % (
            args.threshold, fmt_n(runs[0]["crossed_at"]), runs[1]["t"])
    return "PASS", summary, "", total, runs


# ---- Reports ----

def cell(r):
    if r is None:
        return "-"
    label = r["status"]
    if r["leaky"] and label == "PASS":
        label = "CAUGHT"
    if r["method"] == "timing" and r["status"] != "SKIP" and r.get("runs"):
        runs = r["runs"]
        if len(runs) == 2 and runs[0]["crossed_at"] and runs[1]["crossed_at"]:
            return "%s at n=%s |t|=%.0f" % (label, fmt_n(runs[0]["crossed_at"]),
                                            max(x["t"] for x in runs))
        return "%s |t|=%.1f n=%s" % (label, runs[0]["t"], fmt_n(runs[0]["n"]))
    if r["status"] in ("LEAK", "FAIL") or (r["leaky"] and r["status"] == "PASS"):
        m = re.search(r"(%s/\S+:\d+)" % OUR_DIRS, r["message"])
        return "%s %s" % (label, m.group(1).split("/")[-1]) if m else label
    return label


def print_table(grid, names, methods, notes):
    rows = []
    for name in names:
        path, _, check = name.partition("/")
        rows.append([check, path] + [cell(grid.get((name, m))) for m in methods])
    header = ["check", "path"] + list(methods)
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    fmt = "  ".join("%%-%ds" % w for w in widths)
    print(fmt % tuple(header))
    for r in rows:
        print((fmt % tuple(r)).rstrip())
    for line in notes:
        print(line)


def write_junit(path, results, total_time, methods):
    cases = []
    for r in results:
        name = r["name"] if len(methods) == 1 else "%s:%s" % (r["method"], r["name"])
        status = {"SKIP": junit.SKIPPED, "LEAK": junit.FAILED, "FAIL": junit.FAILED}.get(
            r["status"], junit.PASSED)
        cases.append(junit.from_text(
            "ct", name, status, r["message"] if status == junit.SKIPPED else r["details"][-8000:],
            "%s: %s" % (r["status"], r["message"]), r["time"]))
    junit.write(path, [junit.Suite("ct", cases, total_time)])


def write_svg(path, results, threshold, seconds):
    """|t| against measurements, one line per check (log-log), the threshold dashed."""
    timed = [r for r in results if r["method"] == "timing" and r.get("runs")]
    if not timed:
        return False
    left, top, w, h = 70, 60, 760, 420
    max_n = max(max(p[0] for p in r["runs"][0]["trace"]) for r in timed if r["runs"][0]["trace"])
    x_hi = max(4, math.ceil(math.log10(max(max_n, 10))))
    x_lo = 2
    y_lo, y_hi = -1, 4  # |t| from 0.1 to 10000

    def xy(n, t):
        x = left + (math.log10(max(n, 10 ** x_lo)) - x_lo) / (x_hi - x_lo) * w
        y = top + h - (math.log10(min(max(t, 10 ** y_lo), 10 ** y_hi)) - y_lo) / (y_hi - y_lo) * h
        return x, y
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (left + w + 250, top + h + 50),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="20" font-size="15" font-weight="bold">dudect: max |t| against '
           'measurements, one line per check (log-log)</text>',
           '<text x="10" y="38">fixed vs random secret inputs, Welch t over 100 crops and a '
           'second-order test; budget %gs per run; a leak is |t| &gt;= %g in two runs</text>'
           % (seconds, threshold)]
    for e in range(x_lo, x_hi + 1):
        x, _ = xy(10 ** e, 1)
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/><text x="%.1f" '
                   'y="%d" text-anchor="middle" fill="#666">1e%d</text>' % (x, top, x, top + h, x,
                                                                            top + h + 16, e))
    for e in range(y_lo, y_hi + 1):
        _, y = xy(10, 10 ** e)
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/><text x="%d" '
                   'y="%.1f" text-anchor="end" fill="#666">%g</text>' % (left, y, left + w, y,
                                                                        left - 6, y + 4, 10 ** e))
    _, ty = xy(10, threshold)
    out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#d62728" '
               'stroke-dasharray="6,4"/><text x="%d" y="%.1f" fill="#d62728">threshold %g</text>'
               % (left, ty, left + w, ty, left + w + 6, ty + 4, threshold))
    out.append('<text x="%d" y="%d" text-anchor="middle">measurements</text>'
               % (left + w // 2, top + h + 36))
    out.append('<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">max |t|'
               '</text>' % (top + h // 2, top + h // 2))
    legend = []
    control_colors = ["#d62728", "#9467bd", "#8c564b", "#e377c2"]
    for r in timed:
        trace = r["runs"][0]["trace"]
        if not trace:
            continue
        if r["leaky"]:
            color, width = control_colors[sum(1 for c in legend if c[2]) % 4], 2
        elif r["status"] == "LEAK":
            color, width = "#ff7f0e", 2
        else:
            color, width = "#1f77b4", 1
        pts = " ".join("%.1f,%.1f" % xy(n, t) for n, t in trace)
        out.append('<polyline fill="none" stroke="%s" stroke-width="%d" stroke-opacity="0.7" '
                   'points="%s"><title>%s: %s</title></polyline>'
                   % (color, width, pts, junit.escape(r["name"]), junit.escape(r["message"])))
        ex, ey = xy(*trace[-1])
        out.append('<circle cx="%.1f" cy="%.1f" r="%d" fill="%s"><title>%s</title></circle>'
                   % (ex, ey, 3 if width > 1 else 1, color, junit.escape(r["name"])))
        if r["leaky"] or r["status"] == "LEAK":
            legend.append((color, r["name"], r["leaky"]))
    clean = sum(1 for r in timed if not r["leaky"] and r["status"] != "LEAK")
    legend.append(("#1f77b4", "%d constant-time checks" % clean, False))
    for i, (color, label, _) in enumerate(legend):
        y = top + 10 + 18 * i
        out.append('<rect x="%d" y="%d" width="12" height="4" fill="%s"/><text x="%d" y="%d">%s'
                   '</text>' % (left + w + 20, y, color, left + w + 38, y + 5, junit.escape(label)))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ct-binary", required=True)
    ap.add_argument("--msan-binary")
    ap.add_argument("--method", action="append", choices=METHODS)
    ap.add_argument("--valgrind", default="valgrind")
    ap.add_argument("--timeout", type=int, default=240, help="seconds per taint check")
    ap.add_argument("--seconds", type=float, default=1.0, help="timing budget per run of a check")
    ap.add_argument("--threshold", type=float, default=10.0, help="|t| that counts as crossing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", help="write the timing traces as SVG here")
    ap.add_argument("--junit")
    ap.add_argument("--verbose", action="store_true", help="print each leak's full report")
    ap.add_argument("checks", nargs="*")
    args = ap.parse_args()
    methods = [m for m in METHODS if m in (args.method or METHODS)]

    if not os.path.isfile(args.ct_binary):
        die("no ct_check binary at %s" % args.ct_binary)
    native = list_checks([args.ct_binary])
    names = [n for n, _, _ in native]
    for c in args.checks:
        if c not in names:
            die("unknown check '%s'; known: %s" % (c, ", ".join(names)))
    # What keeps a whole method from running (every check SKIP with this reason), else None.
    method_skip = {m: None for m in methods}
    method_info = {}
    all_skipped = all(state == "SKIP" for _, state, _ in native)
    if "valgrind" in methods:
        if shutil.which(args.valgrind) is None:
            die("valgrind not found (%s); install the Debian package valgrind "
                "(tools/ariasuite ct installs it)" % args.valgrind)
        version = valgrind_version(args.valgrind) or "(unknown version)"
        method_info["valgrind"] = "valgrind " + version
        under_vg = {}
        if not all_skipped:
            under_vg = {n: (s, d) for n, s, d in list_checks(
                [args.valgrind, "-q", "--tool=memcheck", args.ct_binary])}
    if "msan" in methods:
        if not args.msan_binary or not os.path.isfile(args.msan_binary):
            die("no MSan build of ct_check (--msan-binary %s)" % args.msan_binary)
        args.symbolizer = find_symbolizer()
        method_info["msan"] = "clang 22 MemorySanitizer" + (
            "" if args.symbolizer else " (no llvm-symbolizer: locations as binary+offset)")
        under_msan = {n: (s, d) for n, s, d in list_checks([args.msan_binary])}
    if "timing" in methods:
        method_info["timing"] = "dudect, %gs per run, |t| >= %g twice" % (args.seconds,
                                                                          args.threshold)

    results = []
    grid = {}
    log_dir = tempfile.mkdtemp(prefix="ariasuite-ct.")
    t0 = time.monotonic()
    for method in methods:
        for index, (name, state, detail) in enumerate(native):
            if args.checks and name not in args.checks:
                continue
            leaky = name.startswith("leaky/")
            r = {"name": name, "method": method, "leaky": leaky, "time": 0.0, "details": ""}
            if state == "SKIP":
                r.update(status="SKIP", message=detail)
            elif method == "valgrind" and under_vg.get(name, ("SKIP", ""))[0] == "SKIP":
                vg_detail = under_vg.get(name, ("SKIP", "not listed under valgrind"))[1]
                r.update(status="SKIP", message=valgrind_skip_reason(name, vg_detail, version))
            elif method == "msan" and under_msan.get(name, ("SKIP", ""))[0] == "SKIP":
                r.update(status="SKIP", message="MSan build: " + under_msan.get(
                    name, ("SKIP", "not listed by the MSan build"))[1])
            elif method == "valgrind":
                status, message, details, elapsed = run_valgrind(args, name, leaky, log_dir)
                r.update(status=status, message=message, details=details, time=elapsed)
            elif method == "msan":
                status, message, details, elapsed = run_msan(args, name, leaky)
                r.update(status=status, message=message, details=details, time=elapsed)
            else:
                status, message, details, elapsed, runs = run_timing(args, name, leaky, index)
                r.update(status=status, message=message, details=details, time=elapsed,
                         runs=runs)
            results.append(r)
            grid[(name, method)] = r
            label = "CAUGHT" if leaky and r["status"] == "PASS" else r["status"]
            print("%-8s %-6s %-38s %s" % (method, label, name, r["message"]), flush=True)
            if args.verbose and r["status"] in ("LEAK", "FAIL"):
                print(r["details"])
    total = time.monotonic() - t0
    shutil.rmtree(log_dir, ignore_errors=True)

    # The table, with each distinct skip reason and each leak's full message as a note.
    notes = []
    for r in results:
        if r["status"] == "LEAK" or (r["status"] == "FAIL"):
            notes.append("  %s %s %s: %s" % (r["method"], r["status"], r["name"], r["message"]))
    reasons = []
    for r in results:
        if r["status"] == "SKIP" and (r["method"], r["message"]) not in reasons:
            reasons.append((r["method"], r["message"]))
    for method, reason in reasons:
        notes.append("  SKIP (%s): %s" % (method, reason))
    print()
    shown = [n for n in names if not args.checks or n in args.checks]
    print_table(grid, shown, methods, notes)

    ok = True
    for method in methods:
        mine = [r for r in results if r["method"] == method]
        clean = [r for r in mine if not r["leaky"]]
        controls = [r for r in mine if r["leaky"]]
        count = {s: sum(1 for r in clean if r["status"] == s) for s in ("PASS", "LEAK", "FAIL", "SKIP")}
        caught = sum(1 for r in controls if r["status"] == "PASS")
        ran = [r for r in mine if r["status"] != "SKIP"]
        print("ct: %s (%s): %d passed, %d leaked, %d failed, %d skipped; leaky controls "
              "reported: %d/%d (%.0fs)" % (method, method_info.get(method, ""), count["PASS"],
                                           count["LEAK"], count["FAIL"], count["SKIP"], caught,
                                           len(controls), sum(r["time"] for r in mine)))
        if count["LEAK"] or count["FAIL"]:
            ok = False
        if not ran:
            print("ct: %s: every check was skipped (see the reasons above); nothing was checked"
                  % method)
        elif controls and caught != len(controls):
            ok = False
        elif not args.checks and not controls:
            print("ct: %s: no leaky control ran, so nothing shows the check can fail" % method,
                  file=sys.stderr)
            ok = False
    if args.plot and "timing" in methods:
        if write_svg(args.plot, results, args.threshold, args.seconds):
            print("ct: timing plot (|t| against measurements per check): %s" % args.plot)
    if args.junit:
        write_junit(args.junit, results, total, methods)
    if ok and all(r["status"] == "SKIP" for r in results):
        # Every check of every method skipped (a method this host lacks, checks of a path this CPU
        # cannot run): nothing was checked, which is never a pass.
        why = "; ".join("%s: %s" % (m, reason) for m, reason in reasons) or "no check selected"
        print("ct: NOTHING TESTED (every check skipped; exit 4) (%.0fs)" % total)
        print("ct: nothing tested: every check of %s was skipped (%s)"
              % (", ".join(methods), why), file=sys.stderr)
        return 4
    print("ct: %s (%.0fs)" % ("no leak; every control reported by every method that ran" if ok
                              else "FAILED: see LEAK / FAIL above", total))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
