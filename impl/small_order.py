#!/usr/bin/env python3
"""Finds and checks the small engine's byte order for the GFNI paths (impl/sbox_gfni-inl.h).

The small engine keeps one block per 128-bit lane, lane byte p holding block byte kSmallOrder[p],
and computes ARIA's diffusion A (RFC 5794 §2.4.3) as the XOR of seven byte permutations of the lane.
A PSHUFB does any permutation but shares the GF2P8AFFINE units on some cores; a dword rotation
(VPROLD) or dword shuffle (PSHUFD) runs elsewhere, but only moves bytes in fixed patterns. This
script searches for orders (the GFNI S-layer needs block bytes of one parity in each quadword) under
which as many of the seven permutations as possible are such cheap operations, disjoint and each a
part of A; the rest of A, being regular, splits into PSHUFBs (SmallLayout does that when compiled).

Usage: small_order.py [--search] [HEADER]. Without --search, checks the header's kSmallOrder,
kSmallRotations and kSmallDwordShuffles (exit 0, or 1 naming what is wrong). With --search, prints
every set of the largest size found with an order for it (a clique search over the 27 operations
the engine has: 24 dword shuffles, 3 rotations; about a second).
"""
import itertools
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inject_masks import A_ROWS  # noqa: E402

A = [[i in row for i in range(16)] for row in A_ROWS]


def rotation(bits):
    """Lane q whose byte VPROLD by `bits` moves to lane p (out[p] = in[q]), for p = 0..15."""
    return tuple((p & ~3) | ((p - bits // 8) & 3) for p in range(16))


def dword_shuffle(imm):
    return tuple(4 * ((imm >> (2 * (p // 4))) & 3) + p % 4 for p in range(16))


def cheap_ops():
    ops = {}
    for s in itertools.permutations(range(4)):
        imm = s[0] | s[1] << 2 | s[2] << 4 | s[3] << 6
        ops.setdefault(dword_shuffle(imm), ("shuffle", imm))
    for bits in (8, 16, 24):
        ops.setdefault(rotation(bits), ("rotate", bits))
    return ops


def check(order, terms):
    """None if the terms are disjoint parts of A in the lane order `order`, else what is wrong."""
    if sorted(order) != list(range(16)):
        return "kSmallOrder is not a permutation of 0..15"
    if len({b & 1 for b in order[:8]}) != 1 or len({b & 1 for b in order[8:]}) != 1:
        return "a quadword of kSmallOrder mixes even and odd block bytes"
    covered = set()
    for name, perm in terms:
        for p in range(16):
            edge = (p, perm[p])
            if not A[order[p]][order[perm[p]]]:
                return f"{name} brings lane {perm[p]} to lane {p}, which A does not"
            if edge in covered:
                return f"{name} repeats lane {perm[p]} -> {p}"
            covered.add(edge)
    return None


def parse(text):
    def ints(name):
        m = re.search(name + r"\[\d+\] = \{([^}]*)\}", text)
        if not m:
            sys.exit(f"small_order: no {name} in the header")
        return [int(v, 0) for v in m.group(1).split(",")]
    order = ints("kSmallOrder")
    terms = [(f"VPROLD {b}", rotation(b)) for b in ints("kSmallRotations")]
    terms += [(f"PSHUFD {i:#04x}", dword_shuffle(i)) for i in ints("kSmallDwordShuffles")]
    return order, terms


def embeddable(union):
    """An order (lane -> block byte, quadwords of one parity) under which `union` is inside A."""
    for low_parity in (0, 1):
        order, used = [-1] * 16, [False] * 16

        def place(p):
            if p == 16:
                return True
            for b in range(low_parity if p < 8 else 1 - low_parity, 16, 2):
                if used[b] or (union[p][p] and not A[b][b]):
                    continue
                if all((not union[p][q] or A[b][order[q]]) and (not union[q][p] or A[order[q]][b])
                       for q in range(p)):
                    order[p], used[b] = b, True
                    if place(p + 1):
                        return True
                    used[b] = False
            order[p] = -1
            return False

        if place(0):
            return order
    return None


def search():
    ops = cheap_ops()
    perms = sorted(ops, key=lambda t: ops[t])
    disjoint = {a: {b for b in perms if all(a[p] != b[p] for p in range(16))} for a in perms}

    def cliques(chosen, candidates, size):
        if len(chosen) == size:
            yield chosen
            return
        for i, a in enumerate(candidates):
            yield from cliques(chosen + [a], [b for b in candidates[i + 1:] if b in disjoint[a]],
                               size)

    for size in range(7, 0, -1):
        found = False
        for chosen in cliques([], perms, size):
            union = [[any(t[p] == q for t in chosen) for q in range(16)] for p in range(16)]
            order = embeddable(union)
            if order:
                found = True
                print(f"{size}: {[ops[t] for t in chosen]} order {order}")
        if found:
            return 0
    return 1


def main(argv):
    args = [a for a in argv if a != "--search"]
    if "--search" in argv:
        return search()
    path = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                             "sbox_gfni-inl.h")
    order, terms = parse(open(path, encoding="utf-8").read())
    problem = check(order, terms)
    if problem:
        print(f"small_order: {path}: {problem}")
        return 1
    print(f"small_order: {path}: {len(terms)} of A's 7 permutations are cheap operations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
