#!/usr/bin/env python3
"""Cycles per round of the byte-sliced rounds when the S-box units wait on the diffusion: a model.

Usage: round_sched.py [--batches N] [--rounds R] [--units U] [--gf-units G]
                      [--gf-latency L] [--logic-latency L] [HEADER]

Builds the dependence graph of R rounds (default 12) of impl/aria_simd_inl.h's byte-sliced
engine: per round, 16 S-boxes (GF2P8AFFINE: one instruction for S1 and S2, two dependent ones for
their inverses, in SL1 at byte positions 2 and 3 mod 4, in SL2 at 0 and 1) then DiffuseAddKey's
XOR network as the header writes it. N batches (default 1) run side by side, each round's S-boxes
of every batch before their networks. Then schedules it as an out-of-order core does, each cycle
starting the oldest instructions whose inputs are ready, on U units (default 4) of which G (default
2) take GF2P8AFFINE, with the given latencies (defaults 3 and 2: AMD Zen 5, measured by
tools/bench/pipe_probe). Prints the cycles per round per batch and the throughput bound
((GFNI + logic) / U, or GFNI / G). The window is unbounded and loads, moves and the transposes are
left out, so the figure is a floor for the loop as compiled. Exit 0, or 1 with a one-line message
when the header has no DiffuseAddKey network.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_network(text):
    """DiffuseAddKey's statements [(name, [operands])] and its outputs {j: name}."""
    start = text.find("void DiffuseAddKey(")
    if start < 0:
        sys.exit("round_sched: no DiffuseAddKey in the header")
    body = text[start:text.index("\n}\n", start)]
    net = []
    for m in re.finditer(r"const V (t\d+) = T::Xor3?\((.*)\);", body):
        operands = re.findall(r"x\[\d+\]|\bt\d+\b", m.group(2))
        net.append((m.group(1), operands))
    outs = {int(j): t for j, t in re.findall(r"x\[(\d+)\] = (t\d+);", body)}
    if not net or sorted(outs) != list(range(16)):
        sys.exit("round_sched: DiffuseAddKey has no network assigning x[0..15]")
    return net, outs


def build(net, outs, rounds, batches):
    """Instructions in program order: ("gf" | "logic", [indices of the instructions it needs])."""
    ops = []
    state = [{j: None for j in range(16)} for _ in range(batches)]
    for r in range(rounds):
        sl1 = r % 2 == 0
        sboxes = []
        for b in range(batches):
            out = {}
            for j in range(16):
                inverse = (j % 4 >= 2) == sl1
                deps = [state[b][j]] if state[b][j] is not None else []
                ops.append(("gf", deps))
                if inverse:
                    ops.append(("gf", [len(ops) - 1]))
                out[j] = len(ops) - 1
            sboxes.append(out)
        for b in range(batches):
            env = {f"x[{j}]": sboxes[b][j] for j in range(16)}
            for name, operands in net:
                ops.append(("logic", [env[o] for o in operands]))
                env[name] = len(ops) - 1
            state[b] = {j: env[outs[j]] for j in range(16)}
    return ops


def schedule(ops, units, gf_units, gf_latency, logic_latency):
    """Cycles until the last result, oldest-first on the units each cycle."""
    done = [None] * len(ops)
    pending = list(range(len(ops)))
    t = 0
    while pending:
        busy = gf_busy = 0
        waiting = []
        for i in pending:
            kind, deps = ops[i]
            ready = all(done[d] is not None and done[d] <= t for d in deps)
            if ready and busy < units and (kind != "gf" or gf_busy < gf_units):
                busy += 1
                gf_busy += kind == "gf"
                done[i] = t + (gf_latency if kind == "gf" else logic_latency)
            else:
                waiting.append(i)
        pending = waiting
        t += 1
    return max(done)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--batches", type=int, default=1)
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--units", type=int, default=4)
    p.add_argument("--gf-units", type=int, default=2)
    p.add_argument("--gf-latency", type=int, default=3)
    p.add_argument("--logic-latency", type=int, default=2)
    p.add_argument("header", nargs="?", default=os.path.join(ROOT, "impl", "aria_simd_inl.h"))
    a = p.parse_args(argv)
    for name in ("batches", "rounds", "units", "gf_units", "gf_latency", "logic_latency"):
        if getattr(a, name) < 1:
            sys.exit(f"round_sched: --{name.replace('_', '-')} must be at least 1")
    if a.gf_units > a.units:
        sys.exit("round_sched: --gf-units cannot exceed --units")
    try:
        text = open(a.header, encoding="utf-8").read()
    except OSError as e:
        sys.exit(f"round_sched: {a.header}: {e.strerror}")
    net, outs = parse_network(text)
    ops = build(net, outs, a.rounds, a.batches)
    cycles = schedule(ops, a.units, a.gf_units, a.gf_latency, a.logic_latency)
    per_round = len(ops) / a.rounds / a.batches
    gf = sum(1 for k, _ in ops if k == "gf") / a.rounds / a.batches
    bound = max(per_round / a.units, gf / a.gf_units)
    print(f"{a.batches} batch(es), {a.rounds} rounds: {gf:.0f} GFNI + {per_round - gf:.0f} logic "
          f"per round; {cycles / a.rounds / a.batches:.2f} cycles per round per batch "
          f"(throughput bound {bound:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
