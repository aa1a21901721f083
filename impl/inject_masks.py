#!/usr/bin/env python3
"""Derives and checks the key-injection masks of the byte-sliced diffusion (impl/aria_simd_inl.h).

DiffuseAddKey computes ARIA's diffusion A (RFC 5794 §2.4.3) with a network of XORs in which 16
operations also XOR a round-key constant c[s]; kInjectMasks[s] (impl/inject_masks.h) says which
key bytes make c[s]. This script reads the network and the masks, evaluates the network symbolically
(each value a set of inputs x0..x15 and constants c0..c15), and checks that output j is row j of A
(typed here from the RFC) plus exactly key byte j once the masks are substituted. With --derive it
prints the masks that solve the system (rows of M^-1 over GF(2), M[j][s] = whether c[s] reaches
output j). Usage: inject_masks.py [--derive] [HEADER [MASKS]] (defaults impl/aria_simd_inl.h and
impl/inject_masks.h). Exit 0: consistent; 1: a mismatch (named).
"""
import os
import re
import sys

# RFC 5794 §2.4.3: y_j is the XOR of these x_i.
A_ROWS = [
    (3, 4, 6, 8, 9, 13, 14), (2, 5, 7, 8, 9, 12, 15), (1, 4, 6, 10, 11, 12, 15),
    (0, 5, 7, 10, 11, 13, 14), (0, 2, 5, 8, 11, 14, 15), (1, 3, 4, 9, 10, 14, 15),
    (0, 2, 7, 9, 10, 12, 13), (1, 3, 6, 8, 11, 12, 13), (0, 1, 4, 7, 10, 13, 15),
    (0, 1, 5, 6, 11, 12, 14), (2, 3, 5, 6, 8, 13, 15), (2, 3, 4, 7, 9, 12, 14),
    (1, 2, 6, 7, 9, 11, 12), (0, 3, 6, 7, 8, 10, 13), (0, 3, 4, 5, 9, 11, 14),
    (1, 2, 4, 5, 8, 10, 15),
]


def parse(text, masks_text):
    start = text.find("void DiffuseAddKey(")
    if start < 0:
        sys.exit("inject_masks: no DiffuseAddKey in the header")
    body = text[start:text.index("\n}\n", start)]
    values = {}
    for m in re.finditer(r"const V (t\d+) = T::Xor3?\((.*)\);", body):
        v = set()
        for x, t, c in re.findall(r"x\[(\d+)\]|\b(t\d+)\b|&c\[(\d+)\]", m.group(2)):
            term = {f"x{x}"} if x else (values[t] if t else {f"c{c}"})
            v ^= term
        values[m.group(1)] = v
    outs = {int(j): values[t] for j, t in re.findall(r"x\[(\d+)\] = (t\d+);", body)}
    if sorted(outs) != list(range(16)):
        sys.exit("inject_masks: DiffuseAddKey does not assign x[0..15]")
    m = re.search(r"kInjectMasks\[16\] = \{([^}]*)\}", masks_text)
    if not m:
        sys.exit("inject_masks: no kInjectMasks[16] in the masks header")
    masks = [int(v, 0) for v in m.group(1).replace(" ", "").split(",") if v]
    return outs, masks


def derive(outs):
    """Masks solving M·T = I over GF(2), or None when the constants cannot reach every key."""
    rows = [[1 if f"c{s}" in outs[j] else 0 for s in range(16)] + [1 if q == j else 0
                                                                  for q in range(16)]
            for j in range(16)]
    for col in range(16):
        piv = next((r for r in range(col, 16) if rows[r][col]), None)
        if piv is None:
            return None
        rows[col], rows[piv] = rows[piv], rows[col]
        for r in range(16):
            if r != col and rows[r][col]:
                rows[r] = [a ^ b for a, b in zip(rows[r], rows[col])]
    return [sum(rows[s][16 + q] << q for q in range(16)) for s in range(16)]


def check(outs, masks):
    errors = []
    if len(masks) != 16:
        return [f"kInjectMasks has {len(masks)} entries, not 16"]
    for j in range(16):
        xs = {int(v[1:]) for v in outs[j] if v.startswith("x")}
        if xs != set(A_ROWS[j]):
            errors.append(f"output {j}: inputs {sorted(xs)}, RFC 5794 row {list(A_ROWS[j])}")
        keys = 0
        for v in outs[j]:
            if v.startswith("c"):
                keys ^= masks[int(v[1:])]
        if keys != 1 << j:
            got = [q for q in range(16) if keys >> q & 1]
            errors.append(f"output {j}: receives key bytes {got}, not [{j}]")
    return errors


def main(argv):
    want_derive = "--derive" in argv
    args = [a for a in argv if a != "--derive"]
    path = args[0] if args else "impl/aria_simd_inl.h"
    masks_path = args[1] if len(args) > 1 else os.path.join(os.path.dirname(path), "inject_masks.h")
    texts = []
    for p in (path, masks_path):
        try:
            texts.append(open(p, encoding="utf-8").read())
        except OSError as e:
            sys.exit(f"inject_masks: cannot read {p}: {e}")
    outs, masks = parse(*texts)
    if want_derive:
        d = derive(outs)
        if d is None:
            print("inject_masks: the constants do not reach every output independently")
            return 1
        print(", ".join(f"0x{v:04X}" for v in d))
        return 0
    errors = check(outs, masks)
    for e in errors:
        print(f"inject_masks: {path}: {e}")
    if not errors:
        print(f"inject_masks: {path}: A and the 16 key injections check out")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
