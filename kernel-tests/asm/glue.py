"""What a driver's glue code (arch/x86/crypto/aria_*_glue.c) makes sure of before it calls an
assembly function, read from the glue source itself.

Two kinds of checks are recognised, as the kernel writes them:
  - the module's refusal to load: in the module_init function, `if (!boot_cpu_has(X86_FEATURE_A)
    || !boot_cpu_has(...)) { ... return -E...; }` and `if (!cpu_has_xfeatures(XFEATURE_MASK_X |
    ..., &name)) { ... return ...; }`: every negated term of the top-level `||` is guaranteed for
    the whole module (its algorithms are registered after these checks);
  - a branch taken only with a feature: `if (boot_cpu_has(X86_FEATURE_GFNI) && IS_ENABLED(...))
    { aria_ops.x = fn; }`: the `boot_cpu_has` terms of the top-level `&&` hold for the references
    inside its braces (not for the else branch).
A function referenced in several places gets only what every reference has (the weakest).
Conditions of any other shape add nothing (fail closed: the audit then demands more).

The tree's own tables complete the picture: arch/x86/kernel/cpu/cpuid-deps.c (the kernel clears
a feature whose dependency is absent, so AVX512VL implies AVX512F implies AVX implies XSAVE...),
arch/x86/include/asm/cpufeatures.h (which X86_FEATURE_ names exist, and their /proc/cpuinfo
names) and arch/x86/include/asm/fpu/types.h (what XFEATURE_MASK_AVX512 is made of).
"""
import collections
import re

Requirement = collections.namedtuple("Requirement", "features xfeatures where")


def _strip_comments(src):
    """Comments and string contents blanked, offsets kept (so line numbers stay right)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    src = re.sub(r"/\*.*?\*/", blank, src, flags=re.S)
    src = re.sub(r"//[^\n]*", blank, src)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', src)


def _match_paren(s, i, open_ch="(", close_ch=")"):
    """Index of the bracket closing the one at s[i]."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] == open_ch:
            depth += 1
        elif s[j] == close_ch:
            depth -= 1
            if depth == 0:
                return j
    return -1


def _split_top(expr, op):
    """expr split on op ("||" or "&&") outside parentheses."""
    parts, start, i = [], 0, 0
    while i < len(expr):
        if expr[i] == "(":
            close = _match_paren(expr, i)
            i = len(expr) if close < 0 else close + 1  # an unclosed group runs to the end
        elif expr.startswith(op, i):
            parts.append(expr[start:i].strip())
            i += len(op)
            start = i
        else:
            i += 1
    parts.append(expr[start:].strip())
    return parts


def _strip_parens(t):
    t = t.strip()
    while t.startswith("(") and _match_paren(t, 0) == len(t) - 1:
        t = t[1:-1].strip()
    return t


class IfStatement:
    def __init__(self, cond, cond_start, then_span, else_span):
        self.cond = cond
        self.cond_start = cond_start
        self.then_span = then_span  # (start, end) of the then-branch
        self.else_span = else_span


def _ifs(src, start=0, end=None):
    """Every if statement in src[start:end] (nested ones too)."""
    end = len(src) if end is None else end
    out = []
    for m in re.finditer(r"\bif\s*\(", src[start:end]):
        p = start + m.end() - 1
        q = _match_paren(src, p)
        if q < 0:
            continue
        k = q + 1
        while k < len(src) and src[k].isspace():
            k += 1
        if k < len(src) and src[k] == "{":
            then_end = _match_paren(src, k, "{", "}")
        else:
            then_end = src.find(";", k)
        if then_end < 0:
            continue
        else_span = None
        e = then_end + 1
        while e < len(src) and src[e].isspace():
            e += 1
        if src.startswith("else", e):
            e += 4
            while e < len(src) and src[e].isspace():
                e += 1
            if e < len(src) and src[e] == "{":
                else_span = (e, _match_paren(src, e, "{", "}"))
            else:
                else_span = (e, src.find(";", e))
        out.append(IfStatement(src[p + 1:q], p, (k, then_end), else_span))
    return out


class Glue:
    """One glue file: its module guards and the references to assembly functions."""

    def __init__(self, path, asm_functions):
        self.path = path
        self.raw = open(path, errors="replace").read()
        self.src = _strip_comments(self.raw)
        self.module_features = []   # [(X86_FEATURE name, line)]
        self.module_xfeatures = []  # [(XFEATURE_MASK name, line)]
        self.has_xfeature_check = False
        self.init_function = None
        self._parse_module_guards()
        self.references = self._references(asm_functions)  # name -> [Requirement]

    def line_of(self, offset):
        return self.src.count("\n", 0, offset) + 1

    def _parse_module_guards(self):
        m = re.search(r"\bmodule_init\s*\(\s*(\w+)\s*\)", self.src)
        if not m:
            return
        self.init_function = m.group(1)
        d = re.search(r"\b%s\s*\([^)]*\)\s*\{" % re.escape(m.group(1)), self.src)
        if not d:
            return
        body_start = d.end() - 1
        body_end = _match_paren(self.src, body_start, "{", "}")
        for st in _ifs(self.src, body_start, body_end):
            then = self.src[st.then_span[0]:st.then_span[1] + 1]
            if st.else_span is not None or not re.search(r"\breturn\b", then):
                continue
            if re.search(r"\baria_ops\.|\b\w+\s*=\s*\w+\s*;", then):
                continue
            for term in _split_top(_strip_parens(st.cond), "||"):
                term = _strip_parens(term)
                if not term.startswith("!"):
                    continue
                call = _strip_parens(term[1:])
                line = self.line_of(st.cond_start + st.cond.find(call[:20]) + 1)
                f = re.match(r"^boot_cpu_has\s*\(\s*X86_FEATURE_(\w+)\s*\)$", call)
                if f:
                    self.module_features.append((f.group(1), line))
                    continue
                x = re.match(r"^cpu_has_xfeatures\s*\((.*),[^,]*\)$", call, re.S)
                if x:
                    self.has_xfeature_check = True
                    for mask in re.findall(r"XFEATURE_MASK_(\w+)", x.group(1)):
                        self.module_xfeatures.append((mask, line))

    def _references(self, asm_functions):
        names = set(asm_functions)
        refs = collections.defaultdict(list)
        ifs = _ifs(self.src)
        for m in re.finditer(r"\b(\w+)\b", self.src):
            name = m.group(1)
            if name not in names:
                continue
            # A declaration (asmlinkage ... name(...);) is not a use.
            line_start = self.src.rfind(";", 0, m.start())
            line_start = max(line_start, self.src.rfind("}", 0, m.start()),
                             self.src.rfind("{", 0, m.start()))
            stmt = self.src[line_start + 1:m.start()]
            if re.search(r"\basmlinkage\b", stmt):
                continue
            # Nor is an export (EXPORT_SYMBOL_GPL(name)): the importers' glue is read too.
            if re.search(r"\bEXPORT_SYMBOL\w*\s*\(\s*$", self.src[max(0, m.start() - 40):m.start()]):
                continue
            feats = []
            for st in ifs:
                if st.then_span[0] <= m.start() <= st.then_span[1]:
                    for term in _split_top(_strip_parens(st.cond), "&&"):
                        f = re.match(r"^boot_cpu_has\s*\(\s*X86_FEATURE_(\w+)\s*\)$",
                                     _strip_parens(term))
                        if f:
                            feats.append((f.group(1), self.line_of(st.cond_start)))
            refs[name].append(Requirement(feats, [], self.line_of(m.start())))
        return refs

    def requirement(self, function):
        """(features, xfeatures, reference lines) guaranteed before every call of function, each
        feature with the line it is checked on; None when the glue never references it."""
        refs = self.references.get(function)
        if not refs:
            return None
        common = None
        for r in refs:
            names = {f for f, _ in r.features}
            common = names if common is None else common & names
        local = []
        for r in refs:
            for f, line in r.features:
                if f in common and f not in [x for x, _ in local]:
                    local.append((f, line))
        return self.module_features + local, list(self.module_xfeatures), [r.where for r in refs]


class FeatureTables:
    """cpuid-deps.c, cpufeatures.h and fpu/types.h of the same tree (any may be absent)."""

    def __init__(self, cpuid_deps=None, cpufeatures=None, fpu_types=None):
        self.deps = collections.defaultdict(set)
        if cpuid_deps:
            src = _strip_comments(open(cpuid_deps, errors="replace").read())
            for a, b in re.findall(r"\{\s*X86_FEATURE_(\w+)\s*,\s*X86_FEATURE_(\w+)\s*,?\s*\}",
                                   src):
                self.deps[a].add(b)
        self.names = {}  # X86_FEATURE name -> /proc/cpuinfo name ("" when not shown)
        self.have_names = cpufeatures is not None
        if cpufeatures:
            for line in open(cpufeatures, errors="replace"):
                m = re.match(r"^#define\s+X86_FEATURE_(\w+)\s+\(.*?\)\s*(/\*(.*?)\*/)?", line)
                if m:
                    q = re.match(r'^\s*"([^"]*)"', m.group(3) or "")
                    self.names[m.group(1)] = q.group(1) if q else ""
        self.masks = {}  # XFEATURE_MASK name -> set of basic mask names
        if fpu_types:
            src = _strip_comments(open(fpu_types, errors="replace").read()).replace("\\\n", " ")
            for name, body in re.findall(r"#define\s+XFEATURE_MASK_(\w+)\s+(.+)", src):
                parts = re.findall(r"XFEATURE_MASK_(\w+)", body)
                if parts:
                    self.masks[name] = set(parts)

    def closure(self, features):
        """features plus everything the kernel guarantees with them (cpuid-deps.c)."""
        out, todo = set(), list(features)
        while todo:
            f = todo.pop()
            if f in out:
                continue
            out.add(f)
            todo.extend(self.deps.get(f, ()))
        return out

    def expand_masks(self, masks):
        out, todo = set(), list(masks)
        while todo:
            m = todo.pop()
            if m in out:
                continue
            out.add(m)
            todo.extend(self.masks.get(m, ()))
        return out

    def cpuinfo_name(self, feature):
        """The /proc/cpuinfo flag of an X86_FEATURE name (lower case when the tree is silent)."""
        n = self.names.get(feature)
        return n if n else feature.lower()

    def known(self, feature):
        return (not self.have_names) or feature in self.names


# GNU as extension names -> the kernel's X86_FEATURE_ names: the same words upper-cased, except
# where the kernel names a feature differently.
_GAS_TO_KERNEL = {
    "sse": "XMM", "sse2": "XMM2", "sse3": "XMM3", "sse4.1": "XMM4_1", "sse4.2": "XMM4_2",
    "pclmul": "PCLMULQDQ", "bmi": "BMI1", "sha": "SHA_NI", "fxsr": "FXSR", "cx16": "CX16",
    "avx512ifma": "AVX512IFMA", "avx512vbmi": "AVX512VBMI", "rdrnd": "RDRAND",
}


def kernel_feature(gas_ext):
    return _GAS_TO_KERNEL.get(gas_ext, gas_ext.upper().replace(".", "_"))


def register_states(text):
    """XFEATURE_MASK_ names of the register state an instruction touches."""
    out = set()
    # A ymm register is an xmm register's upper half, a zmm register a ymm register's.
    if re.search(r"%[xyz]mm\d", text):
        out.add("SSE")
    if re.search(r"%[yz]mm\d", text):
        out.add("YMM")
    if re.search(r"%zmm\d", text):
        out.add("ZMM_Hi256")
    if re.search(r"%[xyz]mm(1[6-9]|2\d|3[01])\b", text):
        out.add("Hi16_ZMM")
    if re.search(r"%k[0-7]\b", text):
        out.add("OPMASK")
    return out
