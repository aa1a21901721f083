"""The static audits of `tools/ariasuite kernel-asm` over one build (build.py):

ISA: for every driver's glue file and every assembly function it calls, each instruction reachable
from that function (through its local calls) must need only CPU features the glue checked before
the call (glue.py reads them from the source; the tree's cpuid-deps.c adds what the kernel
guarantees along with them), and only register state the glue's cpu_has_xfeatures() asked for.

Alignment: each constant an alignment-requiring operand reads must be placed at an alignment the
object guarantees (isa.alignment_findings): 16 bytes for an xmm or legacy-SSE operand, 32 for a ymm
and 64 for a zmm aligned move (a constant 16 bytes into a 64-aligned section fails for ymm/zmm).

Known findings (known_findings.txt) are reported as KNOWN, with their reason, and fail only with
--strict.
"""
import collections
import fnmatch
import os
import re

import build
import glue
import isa
import tree as treemod

Violation = collections.namedtuple(
    "Violation", "glue function where offset text needs missing requires")


class Known:
    """known_findings.txt: `isa GLUE_FILE FUNCTION FEATURE reason...`,
    `align FUNCTION reason...` or `abi FUNCTION RULE reason...` (shell patterns allowed in
    GLUE_FILE, FUNCTION and RULE), each optionally
    after `linux=PATTERN` (the entry holds only for a tree whose version matches, e.g. 6.1.*);
    # comments. Set .kernel to the tree's version before matching."""

    def __init__(self, path):
        self.entries = []  # (kind, key tuple, reason, line, version pattern or None)
        self.used = set()
        self.kernel = None
        if not path or not os.path.exists(path):
            return
        for n, line in enumerate(open(path), 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            version = None
            if line.startswith("linux="):
                version, _, line = line.partition(" ")
                version = version[len("linux="):]
                line = line.strip()
            parts = line.split(None, 4)
            if version != "" and parts and parts[0] == "isa" and len(parts) == 5:
                self.entries.append(("isa", tuple(parts[1:4]), parts[4], n, version))
            elif version != "" and parts and parts[0] == "abi" and len(parts) >= 4:
                rest = line.split(None, 3)
                self.entries.append(("abi", (rest[1], rest[2]), rest[3], n, version))
            elif version != "" and parts and parts[0] == "align" and len(parts) >= 3:
                rest = line.split(None, 2)
                self.entries.append(("align", (rest[1],), rest[2], n, version))
            else:
                raise ValueError("%s:%d: expected `[linux=VERSION] isa GLUE FUNCTION FEATURE "
                                 "reason`, `[linux=VERSION] align FUNCTION reason` or "
                                 "`[linux=VERSION] abi FUNCTION RULE reason`" % (path, n))

    def _applies(self, version):
        return version is None or (self.kernel is not None and
                                   fnmatch.fnmatchcase(self.kernel, version))

    def match(self, kind, key):
        for i, (k, kk, reason, _, version) in enumerate(self.entries):
            if k == kind and len(kk) == len(key) and self._applies(version) and all(
                    fnmatch.fnmatchcase(v, pattern) for v, pattern in zip(key, kk)):
                self.used.add(i)
                return reason
        return None

    def unused(self):
        """The entries for this tree's version that matched nothing."""
        return [(k, kk, line) for i, (k, kk, _, line, version) in enumerate(self.entries)
                if i not in self.used and self._applies(version)]


class Audit:
    def __init__(self, t, build_dir, known):
        self.t = t
        self.tables = build.feature_tables(t)
        self.classes = build.load_classes(build_dir)
        self.objects = {}  # driver -> isa.Object
        self.origin = {}   # function -> driver
        for _, _, driver in t.drivers():
            o = isa.Object(os.path.join(build_dir, driver + ".o"))
            self.objects[driver] = o
            for f in o.exported():
                self.origin[f] = driver
        self.known = known
        # (driver, glue file, function, status, [Violation], {feature: known reason}, note)
        self.rows = []
        self.align = {}  # function -> (status, [findings], checked count, known reason)
        self.notes = []

    def _insns(self, function):
        o = self.objects[self.origin[function]]
        for f in o.reachable(function):
            start = o.start_of(f)
            for insn in o.functions.get(f, []):
                yield f, insn.offset - start, insn

    def ordered_functions(self):
        """Each driver's functions in file order of the drivers: encrypt, decrypt, ctr, plain
        before GFNI."""
        index = {d: i for i, (_, _, d) in enumerate(treemod.DRIVERS)}
        kinds = {"encrypt": 0, "decrypt": 1, "ctr_crypt": 2}

        def key(f):
            m = re.search(r"_(encrypt|decrypt|ctr_crypt)_\d+way$", f)
            return (index.get(self.origin[f], 9), "_gfni_" in f, kinds.get(m.group(1) if m else "", 3), f)
        return sorted(self.origin, key=key)

    def run_isa(self):
        asm_functions = self.ordered_functions()
        for _, glue_file, driver in self.t.drivers():
            path = self.t.path(os.path.join(treemod.CRYPTO_DIR, glue_file))
            if not os.path.exists(path):
                self.notes.append("%s: no glue file %s; its driver's functions are not audited "
                                  "against a glue" % (driver, path))
                continue
            g = glue.Glue(path, asm_functions)
            if g.init_function is None:
                self.notes.append("%s: no module_init() found: no module-wide feature checks read"
                                  % glue_file)
            for function in asm_functions:
                req = g.requirement(function)
                if req is None:
                    continue
                feats, xfeats, ref_lines = req
                names = [f for f, _ in feats]
                have = self.tables.closure(names)
                have_x = self.tables.expand_masks([x for x, _ in xfeats])
                requires = _list_with_lines(feats) or "no CPU feature"
                if g.has_xfeature_check:
                    requires += " and xstate " + _list_with_lines(xfeats, sep="|")
                found = {}
                for owner, off, insn in self._insns(function):
                    c = self.classes.get(isa._pinned(insn))
                    if c is None:
                        needs = ["(unclassified: GNU as cannot assemble it)"]
                        missing = needs
                    else:
                        needs = sorted(glue.kernel_feature(e) for e in c)
                        missing = [n for n in needs if n not in have or not self.tables.known(n)]
                    if g.has_xfeature_check:
                        states = sorted(glue.register_states(insn.text) - have_x)
                        missing += ["xstate " + s for s in states]
                    if not missing:
                        continue
                    key = tuple(missing)
                    found.setdefault(key, []).append(
                        Violation(glue_file, function, owner, off, insn.text, needs, missing,
                                  requires))
                violations = [v for vs in found.values() for v in vs]
                status, reason = "pass", {}
                if violations:
                    status = "fail"
                    for m in sorted({m for v in violations for m in v.missing}):
                        r = self.known.match("isa", (glue_file, function, m))
                        if r:
                            reason[m] = r
                    if len(reason) == len({m for v in violations for m in v.missing}):
                        status = "known"
                note = "" if g.has_xfeature_check else "glue checks no xstate"
                self.rows.append((driver, glue_file, function, status, violations, reason, note))
        referenced = {r[2] for r in self.rows}
        for f in asm_functions:
            if f not in referenced:
                self.rows.append((self.origin[f], "-", f, "unused", [], {},
                                  "no glue calls it"))

    def run_alignment(self):
        for driver, o in self.objects.items():
            bad, good = isa.alignment_findings(o)
            for f in o.exported():
                reach = set(o.reachable(f))
                mine_bad = [b for b in bad if b[0] in reach]
                mine_good = [g for g in good if g[0] in reach]
                status, reason = ("fail" if mine_bad else "pass"), None
                if mine_bad:
                    reason = self.known.match("align", (f,))
                    if reason:
                        status = "known"
                self.align[f] = (status, mine_bad, len(mine_bad) + len(mine_good), reason)


def _list_with_lines(items, sep=", "):
    """[(name, line)] as "A, B (line 206), C (line 220)": each line number once, after the last
    name checked on it."""
    out = []
    for i, (name, line) in enumerate(items):
        last = i + 1 == len(items) or items[i + 1][1] != line
        out.append(name + (" (line %d)" % line if last else ""))
    return sep.join(out)


def summarize_violations(violations, known=None, examples=2):
    """Lines for one (glue, function): what the glue checks, then per missing feature how many
    instructions need it with a few examples (function+offset, instruction, its extensions)."""
    if not violations:
        return []
    first = violations[0]
    lines = ["%s: %s checks %s before calling it, but:" % (first.function, first.glue,
                                                          first.requires)]
    by = collections.OrderedDict()
    for v in violations:
        for m in v.missing:
            by.setdefault(m, []).append(v)
    for missing, vs in sorted(by.items()):
        shown, seen = [], set()
        for v in vs:
            mnemonic = v.text.split()[0] if not v.text.startswith("{") else v.text.split()[1]
            if mnemonic in seen:
                continue
            seen.add(mnemonic)
            shown.append("%s+0x%x: %s [%s]" % (v.where, v.offset, v.text,
                                               "+".join(v.needs) or "baseline"))
            if len(shown) == examples:
                break
        note = (known or {}).get(missing)
        lines.append("    %s is needed by %d instruction(s), e.g. %s%s" % (
            missing, len(vs), "; ".join(shown), " [known: %s]" % note if note else ""))
    return lines
