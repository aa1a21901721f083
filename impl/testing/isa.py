"""What each instruction of an assembled object needs from the CPU, with the GNU assembler as the
authority, and which constants are read by alignment-requiring memory operands.

Disassembly: objdump -d -r -w (AT&T) of the object, split into functions by the symbol table.

ISA classification: no table of instructions is typed here. Each distinct instruction is
re-assembled by GNU as (the assembler that built it), pinned to its original encoding ({vex} or
{evex}, read from its bytes), under `.arch` settings that enable every extension as knows except
one (`.arch .noX`). The extensions whose removal makes it fail form R; its own extensions are the
members of R that the others in R do not already bring in (found by dropping members while it
still assembles). `vpshufb %zmm` is thus AVX512BW; `vgf2p8affineqb` on ymm with VEX is GFNI+AVX;
`kaddb` is AVX512DQ. Everything is done in a handful of `as` runs over batched files.

Alignment audit: an instruction whose memory operand must be aligned (the aligned moves such as
vmovdqa/vmovaps/movntdqa, and any legacy-SSE packed operation, which faults on a misaligned
16-byte operand) and reads a constant through a RIP-relative relocation must find the constant at
an offset that the section alignment guarantees. The guarantee is taken from the object
(section alignment and the constant's offset), not from where a particular link put it: the
syzbot a6abcf08bad8b18fd198 class (a 16-byte VMOVDQA of constants placed with `.align 8`) only
faults in some links.
"""
import collections
import os
import re
import subprocess
import tempfile

Insn = collections.namedtuple("Insn", "offset length raw text mnemonic encoding relocs")
Reloc = collections.namedtuple("Reloc", "offset type symbol addend")


class IsaError(Exception):
    pass


def _run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise IsaError("%s failed: %s" % (" ".join(cmd[:2]), p.stderr.decode(errors="replace")
                                          .strip().splitlines()[-1:]))
    return p.stdout.decode(errors="replace")


class Object:
    """An ELF relocatable object: sections, function symbols, instructions."""

    def __init__(self, path):
        self.path = path
        self.sections = {}  # name -> (index, alignment, flags)
        self.symbols = {}   # name -> (section name, value, size, type, bind)
        self._read_sections()
        self._read_symbols()
        self.functions = self._disassemble()  # name -> list of Insn (offsets within .text)

    def _read_sections(self):
        for line in _run(["readelf", "-S", "-W", self.path]).splitlines():
            m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+"
                         r"[0-9a-f]+\s+(\S*)\s+\d+\s+\d+\s+(\d+)\s*$", line)
            if m:
                self.sections[m.group(2)] = (int(m.group(1)), int(m.group(4)), m.group(3))

    def _read_symbols(self):
        by_index = {i: n for n, (i, _, _) in self.sections.items()}
        for line in _run(["readelf", "-s", "-W", self.path]).splitlines():
            parts = line.split()
            if len(parts) < 8 or not parts[0].endswith(":"):
                continue
            value, size, typ, bind, ndx, name = parts[1], parts[2], parts[3], parts[4], parts[6], parts[7]
            if not ndx.isdigit():
                continue
            self.symbols[name] = (by_index.get(int(ndx)), int(value, 16), int(size), typ, bind)

    def function_ranges(self):
        """[(start, end, name, global?)] of the FUNC symbols in .text, by address."""
        out = []
        for name, (sec, value, size, typ, bind) in self.symbols.items():
            if sec == ".text" and typ == "FUNC":
                out.append((value, value + size, name, bind == "GLOBAL"))
        return sorted(out)

    def _disassemble(self):
        text = _run(["objdump", "-d", "-r", "-w", "-j", ".text", self.path])
        insns = []
        for line in text.splitlines():
            m = re.match(r"^\s*([0-9a-f]+):\t([0-9a-f ]+?)\s*\t(.*)$", line)
            if not m:
                continue
            raw = bytes.fromhex(m.group(2).replace(" ", ""))
            # With -w, relocations follow the instruction on its line: "\tOFF: R_X86_64_T\tSYM+A".
            fields = m.group(3).split("\t")
            relocs = []
            i = 1
            while i + 1 < len(fields):
                r = re.match(r"^([0-9a-f]+): (R_X86_64_\w+)$", fields[i].strip())
                s = re.match(r"^(\S+?)(?:([+-])0x([0-9a-f]+))?$", fields[i + 1].strip())
                if r and s:
                    addend = int(s.group(3), 16) if s.group(3) else 0
                    relocs.append(Reloc(int(r.group(1), 16), r.group(2), s.group(1),
                                        -addend if s.group(2) == "-" else addend))
                i += 2
            insns.append([int(m.group(1), 16), raw, fields[0].strip(), relocs])
        funcs = collections.OrderedDict()
        ranges = self.function_ranges()
        for off, raw, body, relocs in insns:
            owner = None
            for start, end, name, _ in ranges:
                if start <= off < end:
                    owner = name
                    break
            if owner is None:
                continue  # alignment padding between functions
            text, mnemonic = _normalize(body)
            funcs.setdefault(owner, []).append(
                Insn(off, len(raw), raw, text, mnemonic, _encoding(raw), relocs))
        return funcs

    def exported(self):
        return [name for _, _, name, glob in self.function_ranges() if glob]

    def start_of(self, name):
        return self.symbols[name][1]

    def reachable(self, name):
        """name and every function of this object it reaches through calls and jumps."""
        seen, todo = [], [name]
        while todo:
            f = todo.pop()
            if f in seen:
                continue
            seen.append(f)
            todo.extend(sorted(self._targets(f)))
        return seen

    def _targets(self, name):
        own = {n: (s, e) for s, e, n, _ in self.function_ranges()}
        start, end = own[name]
        out = set()
        for insn in self.functions.get(name, []):
            if not (insn.mnemonic.startswith("call") or insn.mnemonic.startswith("j")):
                continue
            for r in insn.relocs:
                if r.symbol in own:
                    out.add(r.symbol)
            target = _branch_target(insn)
            if target is not None and not (start <= target < end):
                for n, (s, e) in own.items():
                    if s <= target < e:
                        out.add(n)
        out.discard(name)
        return out


def _branch_target(insn):
    """The absolute target offset of a direct relative jump or call, else None."""
    raw = insn.raw
    i = 0
    while i < len(raw) and raw[i] in (0x66, 0x67, 0xf2, 0xf3, 0x2e, 0x3e):
        i += 1
    if i >= len(raw):
        return None
    op = raw[i]
    end = insn.offset + insn.length
    if op in (0xe8, 0xe9) and len(raw) - i == 5:
        return end + int.from_bytes(raw[i + 1:i + 5], "little", signed=True)
    if op == 0xeb or 0x70 <= op <= 0x7f:
        return end + int.from_bytes(raw[i + 1:i + 2], "little", signed=True)
    if op == 0x0f and i + 1 < len(raw) and 0x80 <= raw[i + 1] <= 0x8f:
        return end + int.from_bytes(raw[i + 2:i + 6], "little", signed=True)
    return None


def _encoding(raw):
    """"vex", "evex" or "legacy", from the bytes (64-bit mode: 0x62 is always EVEX)."""
    i = 0
    while i < len(raw) and (raw[i] in (0x66, 0x67, 0xf2, 0xf3, 0x2e, 0x3e, 0x26, 0x36, 0x64,
                                        0x65, 0xf0) or 0x40 <= raw[i] <= 0x4f):
        i += 1
    if i < len(raw):
        if raw[i] in (0xc4, 0xc5):
            return "vex"
        if raw[i] == 0x62:
            return "evex"
    return "legacy"


def _normalize(body):
    """objdump's text -> (text gas re-assembles, mnemonic). Branch targets become `.`."""
    body = re.sub(r"\s+#.*$", "", body)
    body = re.sub(r"\s*<[^>]*>", "", body).strip()
    parts = body.split(None, 1)
    prefixes = []
    while parts and parts[0] in ("{vex}", "{vex3}", "{evex}", "notrack", "bnd", "rep", "repz",
                                 "repnz", "lock", "data16", "cs", "ds"):
        prefixes.append(parts[0])
        parts = parts[1].split(None, 1) if len(parts) > 1 else []
    if not parts:
        return body, body
    mnemonic = parts[0]
    operands = parts[1] if len(parts) > 1 else ""
    if (mnemonic.startswith("j") or mnemonic.startswith("call") or mnemonic.startswith("loop")) \
            and re.match(r"^[0-9a-f]+$", operands):
        operands = "."
    text = " ".join(prefixes + [mnemonic] + ([operands] if operands else []))
    return text, mnemonic


def gas_extensions():
    """The extension names GNU as accepts after -march=CPU+ (from `as --help`)."""
    out = _run(["as", "--help"])
    m = re.search(r"EXTENSION is combination of[^:]*:(.*?)\n\s*-m", out, re.S)
    if not m:
        raise IsaError("cannot read the extension list from `as --help`")
    names = [n.strip() for n in m.group(1).replace("\n", " ").split(",")]
    return [n for n in names if n and not n.startswith("no") and re.match(r"^[\w.]+$", n)]


def _assemble_errors(lines):
    """Runs `as --64` over lines; returns the set of 1-based line numbers with an error."""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        p = subprocess.run(["as", "--64", "-o", os.devnull, path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    finally:
        os.unlink(path)
    bad = set()
    for line in p.stderr.decode(errors="replace").splitlines():
        m = re.match(r"^.*?:(\d+): Error:", line)
        if m:
            bad.add(int(m.group(1)))
    return bad


def _pinned(insn):
    if insn.encoding in ("vex", "evex") and not insn.text.startswith("{"):
        return "{%s} %s" % (insn.encoding, insn.text)
    return insn.text


class Classifier:
    """Maps instruction texts to the set of gas extensions they need (empty: x86-64 baseline)."""

    def __init__(self):
        self.exts = gas_extensions()
        # Extensions `.arch` refuses (none expected) are left out of every test.
        header = [".arch generic64"] + [".arch .%s" % e for e in self.exts]
        bad = _assemble_errors(header)
        self.exts = [e for i, e in enumerate(self.exts) if i + 2 not in bad]

    def _all_but(self, drop):
        return [".arch generic64"] + [".arch .%s" % e for e in self.exts] + \
            ([".arch .no%s" % drop] if drop else [])

    def classify(self, texts):
        """{text: frozenset of extensions} for texts (already pinned to their encoding);
        None for a text that does not assemble even with every extension."""
        texts = sorted(set(texts))
        result = {}
        # Baseline: assembles with generic64 alone.
        base = [".arch generic64"] + texts
        bad = _assemble_errors(base)
        rest = [t for i, t in enumerate(texts) if (i + 2) in bad]
        for i, t in enumerate(texts):
            if (i + 2) not in bad:
                result[t] = frozenset()
        if not rest:
            return result
        # Leave one out, all in one file: R(t) = {x : t fails without x}.
        lines, where = [], []
        lines += self._all_but(None)
        for t in rest:
            lines.append(t)
            where.append((len(lines), None, t))
        for x in self.exts:
            lines += self._all_but(x)
            for t in rest:
                lines.append(t)
                where.append((len(lines), x, t))
        bad = _assemble_errors(lines)
        needs = {t: set() for t in rest}
        for line_no, x, t in where:
            if line_no in bad:
                if x is None:
                    result[t] = None  # not even with every extension
                else:
                    needs[t].add(x)
        groups = collections.defaultdict(list)
        for t in rest:
            if result.get(t, 0) is None:
                continue
            groups[frozenset(needs[t])].append(t)
        # Reduce each R to its own extensions: drop members while a representative still
        # assembles; one `as` run per round for every group at once.
        state = {r: sorted(r) for r in groups}
        kept = {r: [] for r in groups}
        while any(state.values()):
            lines, tries = [], []
            for r, todo in state.items():
                if not todo:
                    continue
                x = todo[0]
                others = [e for e in todo[1:]] + kept[r]
                lines.append(".arch generic64")
                lines += [".arch .%s" % e for e in others]
                lines.append(groups[r][0])
                tries.append((len(lines), r, x))
            bad = _assemble_errors(lines)
            for line_no, r, x in tries:
                state[r] = state[r][1:]
                if line_no in bad:
                    kept[r].append(x)
        for r, ts in groups.items():
            for t in ts:
                result[t] = frozenset(kept[r])
        return result


# ---- Alignment ----

def register_width(text):
    """Bytes of the widest vector register in text (16/32/64), 0 when none."""
    if re.search(r"%zmm\d", text):
        return 64
    if re.search(r"%ymm\d", text):
        return 32
    if re.search(r"%xmm\d", text):
        return 16
    return 0


# Legacy-SSE instructions with a memory operand that may be unaligned: moves of unaligned or
# scalar data, and element inserts/extracts (Intel SDM Vol. 1 §14.9 and each instruction's
# "Exceptions" section: only these skip the 16-byte alignment check of legacy SSE).
_UNALIGNED_LEGACY = re.compile(
    r"^(movdqu|movups|movupd|lddqu|movq|movd|movss|movsd|movlps|movhps|movlpd|movhpd|"
    r"pinsr[bwdq]|pextr[bwdq]|insertps|extractps|cvt\w*|comis[sd]|ucomis[sd]|"
    r"\w+s[sd]|maskmovdqu|movntq|movbe|mov|lea|push|pop|cmp\w*|add\w*|sub\w*|and\w*|or\w*|"
    r"xor\w*|test\w*|inc\w*|dec\w*|shl\w*|shr\w*|sar\w*|rol\w*|ror\w*|imul\w*|call\w*|jmp\w*)$")
# VEX/EVEX instructions whose memory operand must be aligned to the operand size.
_ALIGNED_VEX = re.compile(r"^v(movdqa(32|64)?|movaps|movapd|movntdq|movntdqa|movntps|movntpd)$")


def required_alignment(insn):
    """Bytes of alignment the memory operand of insn must have (0: none)."""
    if "(" not in insn.text:
        return 0
    width = register_width(insn.text)
    if insn.encoding in ("vex", "evex"):
        if _ALIGNED_VEX.match(insn.mnemonic):
            return width or 16
        return 0
    if width == 16 and not _UNALIGNED_LEGACY.match(insn.mnemonic):
        return 16
    return 0


def alignment_findings(obj):
    """[(function, offset in function, insn, needed, guaranteed, where)] for every constant read
    through a RIP-relative relocation by an operand that needs more alignment than guaranteed,
    and [(function, offset, insn, needed, guaranteed, where)] of the ones that are fine."""
    bad, good = [], []
    for func, insns in obj.functions.items():
        start = obj.start_of(func)
        for insn in insns:
            need = required_alignment(insn)
            if not need or "(%rip)" not in insn.text:
                continue
            for r in insn.relocs:
                if r.type not in ("R_X86_64_PC32", "R_X86_64_PLT32"):
                    continue
                # target = end of instruction + disp, disp = S + A - P  =>  offset in the target
                # section = symbol value + A + (end - P).
                end = insn.offset + insn.length
                if r.symbol in obj.sections:
                    sec, base = r.symbol, 0
                elif r.symbol in obj.symbols:
                    sec, base = obj.symbols[r.symbol][0], obj.symbols[r.symbol][1]
                else:
                    continue  # external symbol: alignment unknown here
                target = base + r.addend + (end - r.offset)
                sec_align = max(1, obj.sections.get(sec, (0, 1, ""))[1])
                low = target & -target if target else sec_align
                guaranteed = min(sec_align, low)
                where = "%s+0x%x (section aligned to %d)" % (sec, target, sec_align)
                entry = (func, insn.offset - start, insn, need, guaranteed, where)
                (bad if guaranteed < need else good).append(entry)
    return bad, good
