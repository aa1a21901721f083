#!/usr/bin/env python3
"""Instruction and port count of the SIMD paths' round loops, from the built objects.

Usage: port_count.py [--markdown] OBJECT...   (objects of //impl:aria_gfni_avx512 etc.)

For each function of an object, objdump's disassembly is cut into loops (a backward branch and
its target); a loop that holds GF2P8AFFINE(INV)QB or AESENCLAST instructions is an ARIA round
loop. Its instructions are sorted into port classes by the table PORTS below (register width
decides the class), and the loop's rounds are counted from its S-box instructions (24 GFNI per
round of 16 byte-sliced registers: 8 S-boxes of one instruction, 8 of two); per (ECB/CTR or GCM
loop, register width) the loop with the fewest instructions per round is the steady one. The
bound is the fewest core cycles the loop's vector uops need on the ports that take them, with
perfect port assignment: max(p0-only, p5-only, (p0-only + p5-only + p05)/2) for zmm code (with
512-bit uops in flight port 1's vector ALU is fused into port 0; narrower code has three vector
ports), and the ARIA-128 bound is that times 12 rounds over the 16·blocks bytes of a batch
(whitening, transposes, loads and stores not counted). The same loop is also bounded on AMD Zen 5
(ZEN5 below, measured by tools/bench/pipe_probe): two units run GF2P8AFFINE and the byte
shuffles, two the shifts and rotates, four the logic, unpacks and dword shuffles, at any width:
max(units / 2, shifts / 2, all / 4). Accepts objects or static archives.
Exit status: 0 the table; 1 (a one-line message) an unreadable file or no round loop found.
"""
import re
import subprocess
import sys

# Port classes on Ice Lake / Rocket Lake (Sunny/Cypress Cove), from uops.info's measured tables
# (https://uops.info/table.html, "ICL" column) and Intel's optimization manual (with 512-bit uops
# in flight, ports 0 and 1 form one 512-bit unit; port 5 has its own):
#   GF2P8AFFINEQB / GF2P8AFFINEINVQB zmm: 1 uop p0; ymm/xmm: p01.
#   VPTERNLOGD/Q, VPXOR(D/Q), VPAND.. zmm: p05; ymm/xmm: p015.
#   VPSHUFB, VPUNPCK*, VPERM*, VSHUFI*, VPALIGNR, VPBROADCAST from register: p5 (any width).
#   VPCLMULQDQ zmm/ymm: p5 (xmm PCLMULQDQ: p5).  AESENC/AESENCLAST xmm/ymm: p0.
#   Register-to-register vector moves: eliminated at rename (no port).
#   Loads (and the load half of a memory operand): p23; stores: p49 (data) + p78 (address).
CLASSES = [
    (r"^vgf2p8affine(inv)?qb$", {"zmm": "p0", "ymm": "p01", "xmm": "p01"}),
    (r"^v?aesenc(last)?$", {"zmm": "p0", "ymm": "p0", "xmm": "p0"}),
    (r"^vp(ternlog[dq]|xor[dq]?|and[dq]?|andn[dq]?|or[dq]?)$",
     {"zmm": "p05", "ymm": "p015", "xmm": "p015"}),
    (r"^v(pshufb|punpck[lh]\w+|perm\w*|shufi\w+|palignr|pshufd|pblendmb|pblendvb|pclmulqdq|"
     r"inserti\w+|extracti\w+)$", {"zmm": "p5", "ymm": "p5", "xmm": "p5"}),
    (r"^vpadd[dq]$", {"zmm": "p05", "ymm": "p015", "xmm": "p015"}),
]
# Zen 5 (tools/bench/pipe_probe on an AMD EPYC family 26 model 2, zmm): GF2P8AFFINE, VPSHUFB,
# VPALIGNR and VPERMQ 2 per cycle and in each other's way (12 of one beside 12 of another take the
# time of 24 at 2 per cycle); VPROLD 2 per cycle beside them; VPTERNLOGD, VPXORD, VPUNPCK* and
# VPSHUFD 4 per cycle, beside GF2P8AFFINE in the time of the GF2P8AFFINE alone. The unmeasured
# shuffles (VSHUFI*, VPBLENDMB, inserts, extracts, broadcasts from a register) are counted as
# shuffles, VPCLMULQDQ too.
ZEN5 = [
    (r"^v(gf2p8affine(inv)?qb|pshufb|palignr|perm\w*|shufi\w+|pslldq|psrldq|pclmulqdq|pblendmb|"
     r"pblendvb|inserti\w+|extracti\w+|pbroadcast\w+)$", "units2"),
    (r"^vp(rol|ror|sll|srl|sra|shld|shrd)\w*$", "shift2"),
    (r"^vp(ternlog[dq]|xor[dq]?|and[dq]?|andn[dq]?|or[dq]?|unpck[lh]\w+|shuf[dhl]w?|add[dq])$",
     "any4"),
]
SBOX = re.compile(r"^vgf2p8affine(inv)?qb$")
BRANCH = re.compile(r"^j[a-z]+$")
LINE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
FUNC = re.compile(r"^[0-9a-f]+ <(.*)>:$")


def width(ops):
    for w in ("zmm", "ymm", "xmm"):
        if w in ops:
            return w
    return None


def classify(mn, ops):
    """(port class, loads, stores) of one instruction."""
    mem = "(" in ops
    w = width(ops)
    if mn.startswith("vmov") or mn.startswith("vpbroadcast"):
        if not mem:
            return ("p5" if mn.startswith("vpbroadcast") else "elim"), 0, 0
        # a store writes memory as its last (AT&T: second) operand
        return "mem", (0 if ops.rstrip().endswith(")") else 1), (1 if ops.rstrip().endswith(")") else 0)
    for pat, by_width in CLASSES:
        if re.match(pat, mn) and w is not None:
            return by_width[w], (1 if mem else 0), 0
    if w is not None:
        return "other-vec", (1 if mem else 0), 0
    return "scalar", 0, 0


def disassemble(path):
    try:
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", path], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"port_count: cannot disassemble {path}: {e}")
    funcs, name = {}, None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            name = m.group(1)
            funcs[name] = []
            continue
        m = LINE.match(line)
        if m and name is not None:
            funcs[name].append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def loops(insns):
    """Innermost loops holding S-box instructions: (start index, end index) pairs."""
    index = {addr: i for i, (addr, _, _) in enumerate(insns)}
    found = []
    for i, (addr, mn, ops) in enumerate(insns):
        if not BRANCH.match(mn):
            continue
        m = re.match(r"([0-9a-f]+)", ops)
        if not m or int(m.group(1), 16) > addr or int(m.group(1), 16) not in index:
            continue
        start = index[int(m.group(1), 16)]
        body = insns[start:i + 1]
        if any(SBOX.match(b[1]) for b in body):
            found.append((start, i))
    # Keep the innermost: drop a loop that contains another found loop.
    inner = [l for l in found if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in found)]
    return sorted(set(inner))


def classify_zen5(mn, ops):
    """Zen 5 class of a vector instruction that does work (not a move, load or store)."""
    if width(ops) is None or mn.startswith("vmov") or (mn.startswith("vpbroadcast") and "(" in ops):
        return None
    for pat, cls in ZEN5:
        if re.match(pat, mn):
            return cls
    return "any4"


def count(body):
    c = {"p0": 0, "p5": 0, "p05": 0, "p01": 0, "p015": 0, "elim": 0, "other-vec": 0,
         "scalar": 0, "mem": 0, "loads": 0, "stores": 0, "sbox": 0, "ternlog": 0, "xor": 0,
         "shuffle": 0, "insns": 0, "units2": 0, "shift2": 0, "any4": 0}
    for _, mn, ops in body:
        z = classify_zen5(mn, ops)
        if z:
            c[z] += 1
        cls, ld, st = classify(mn, ops)
        c[cls] += 1
        c["loads"] += ld
        c["stores"] += st
        c["insns"] += 1
        if SBOX.match(mn):
            c["sbox"] += 1
        elif mn.startswith("vpternlog"):
            c["ternlog"] += 1
        elif mn.startswith("vpxor"):
            c["xor"] += 1
        elif cls == "p5":
            c["shuffle"] += 1
    return c


def bound_cycles(c):
    """Fewest cycles for the loop's vector uops on ports 0 and 5 (zmm) or 0, 1 and 5."""
    if c["p01"] or c["p015"]:  # narrower code: three vector ports
        p01, p5 = c["p01"], c["p5"]
        any3 = c["p015"] + c["p05"] + c["p0"]
        return max(p5, (p01 + c["p0"]) / 2, (p01 + p5 + any3) / 3)
    return max(c["p0"], c["p5"], (c["p0"] + c["p5"] + c["p05"]) / 2)


def bound_cycles_zen5(c):
    """Fewest cycles for the loop's vector work on Zen 5's units (see ZEN5)."""
    return max(c["units2"] / 2, c["shift2"] / 2, (c["units2"] + c["shift2"] + c["any4"]) / 4)


def round_loops(path):
    """The steady byte-sliced round loop of each (function, width) in an object or archive."""
    best = {}
    for fname, insns in disassemble(path).items():
        for start, end in loops(insns):
            body = insns[start:end + 1]
            c = count(body)
            rounds = c["sbox"] / 24
            if rounds < 1 or c["p5"] / rounds > 24:
                continue  # not a byte-sliced round loop (the small engine's, a transpose's)
            w = width(" ".join(o for _, m, o in body if SBOX.match(m)))
            short = re.sub(r"ariasuite::internal::\(anonymous namespace\)::", "", fname)
            kind = "gcm" if "GcmOps" in short else "ecb/ctr"
            key = (kind, w)
            per = c["insns"] / rounds
            if key not in best or per < best[key][0]:
                best[key] = (per, c, rounds)
    return best


def report(paths, markdown):
    rows = []
    for path in paths:
        obj = re.sub(r"^lib|\.(pic\.)?(o|a)$", "", path.split("/")[-1])
        for (kind, w), (per, c, rounds) in sorted(round_loops(path).items()):
            blocks = {"zmm": 64, "ymm": 32, "xmm": 16}[w]
            pr = {k: v / rounds for k, v in c.items()}
            cyc = bound_cycles(c) / rounds
            zen = bound_cycles_zen5(c) / rounds
            rows.append((obj, kind, w, pr, cyc, cyc * 12 / (16 * blocks), zen,
                         zen * 12 / (16 * blocks)))
    if not rows:
        sys.exit("port_count: no ARIA round loop (GF2P8AFFINE) found in " + " ".join(paths))
    hdr = ["object", "loop", "width", "insns/round", "GFNI", "ternlog", "xor", "shuffle (p5)",
           "loads", "moves (elim.)", "p0-only", "p0|p5 (p0|p1|p5)", "bound cycles/round",
           "ARIA-128 bound core c/B", "Zen 5: GF+shuffle units", "Zen 5 bound cycles/round",
           "Zen 5 ARIA-128 bound core c/B"]
    if markdown:
        print("| " + " | ".join(hdr) + " |")
        print("|" + "---|" * len(hdr))
    else:
        print("\t".join(hdr))
    for obj, kind, w, pr, cyc, cpb, zen, zen_cpb in rows:
        cells = [obj, kind, w, f"{pr['insns']:.1f}", f"{pr['sbox']:.0f}", f"{pr['ternlog']:.1f}",
                 f"{pr['xor']:.1f}", f"{pr['p5']:.1f}", f"{pr['loads']:.1f}", f"{pr['elim']:.1f}",
                 f"{pr['p0'] + pr['p01']:.1f}", f"{pr['p05'] + pr['p015']:.1f}", f"{cyc:.1f}",
                 f"{cpb:.3f}", f"{pr['units2']:.1f}", f"{zen:.2f}", f"{zen_cpb:.3f}"]
        print(("| " + " | ".join(cells) + " |") if markdown else "\t".join(cells))
    return 0


def main(argv):
    markdown = "--markdown" in argv
    paths = [a for a in argv if a != "--markdown"]
    if not paths:
        sys.exit("usage: port_count.py [--markdown] OBJECT...")
    return report(paths, markdown)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
