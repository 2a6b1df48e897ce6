#!/usr/bin/env python3
"""Estimates Graphviz dot's drawing of a tree from dot's own position objective, without dot:
the least total length of the parent-child edges along the ranks (our column order, dot's node
sizes and nodesep, as `schematic render --format dot --dot-mode layout` writes them), then, among
the placements that reach it, the one whose parents are best centred on their children (dot
balances the nodes its objective leaves free). Two linear programs (scipy's HiGHS).

Prints per tree and orientation the estimate's extent along the ranks (box to box), its mean
centring offset (a parent from the middle of its first and last child, as tools/quality.py
measures it) and its parents outside their children's span; with --dot, dot's own figures beside
them. On the 130 drawings of up to 3,000 nodes measured when it was written (the trees of
tools/make-test-trees.py and samples/real, both orientations) the extent was within -3.6% to
+7.1% of dot's (median -0.2%; 9 more than 2% over) and the offset never above dot's: a bound a
default drawing could be held to at run time, where dot is not run.

Usage: python3 tools/dot-estimate.py [--dot] BINARY FILE...   (needs scipy: pip install scipy)"""
import argparse
import os
import re
import subprocess
import sys

try:
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import lil_matrix
except ImportError:
    sys.exit("dot-estimate.py needs scipy (pip install scipy)")

parser = argparse.ArgumentParser()
parser.add_argument("--dot", action="store_true", help="also lay each tree out with dot and print its figures")
parser.add_argument("--most", type=int, default=3000, help="skip trees of more nodes (the programs grow fast)")
parser.add_argument("binary")
parser.add_argument("files", nargs="+")
args = parser.parse_args()


def dot_source(path, orientation):
    done = subprocess.run([args.binary, "render", path, "--format", "dot", "--dot-mode", "layout",
                           "--orientation", orientation, "-o", "-"], capture_output=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.decode(errors="replace").strip())
    return done.stdout


def ranks(source):
    """Each node's extent along its rank, the edges (parent, child) and nodesep, in points."""
    text = source.decode()
    nodesep = float(re.search(r"nodesep=([0-9.]+)", text).group(1)) * 72
    across = re.search(r"rankdir=LR", text) is not None
    extents = {}
    for line in text.splitlines():
        name = re.match(r"\s*n(\d+)_(\d+) \[", line)
        size = re.search(r"width=([0-9.]+), height=([0-9.]+)", line)
        if name and size:
            extents[(int(name[1]), int(name[2]))] = float(size[2] if across else size[1]) * 72
    edges = [((int(a), int(b)), (int(c), int(d))) for a, b, c, d in re.findall(r"\bn(\d+)_(\d+) -> n(\d+)_(\d+)", text)]
    return extents, edges, nodesep


def estimate(extents, edges, nodesep):
    """The centres along the ranks: least total edge length, then best centred among those."""
    keys = sorted(extents)
    index = {key: i for i, key in enumerate(keys)}
    n, m = len(keys), len(edges)
    spans = {}
    for parent, child in edges:
        first, last = spans.get(parent, (child, child))
        spans[parent] = (min(first, child), max(last, child))
    parents = sorted(spans)
    k = len(parents)
    # Variables: centres y (n), edge lengths t (m), parents' offsets u (k).
    rows = 2 * m + n + 1 + 2 * k
    a = lil_matrix((rows, n + m + k))
    b = []
    row = 0
    for e, (parent, child) in enumerate(edges):
        i, j = index[parent], index[child]
        for sign in (1, -1):
            a[row, i], a[row, j], a[row, n + e] = sign, -sign, -1
            b.append(0)
            row += 1
    for upper, lower in zip(keys, keys[1:]):
        if upper[0] == lower[0]:
            a[row, index[upper]], a[row, index[lower]] = 1, -1
            b.append(-((extents[upper] + extents[lower]) / 2 + nodesep))
            row += 1
    separations = row
    bounds = [(0, None)] * (n + m + k)
    lengths = np.concatenate([np.zeros(n), np.ones(m), np.zeros(k)])
    first = linprog(lengths, A_ub=a[:separations].tocsr(), b_ub=np.array(b), bounds=bounds, method="highs")
    a[row, n:n + m] = 1
    b.append(first.fun * 1.0001 + 1e-6)
    row += 1
    for q, parent in enumerate(parents):
        low, high = spans[parent]
        for sign in (1, -1):
            a[row, index[parent]] = sign
            a[row, index[low]] += -sign / 2
            a[row, index[high]] += -sign / 2
            a[row, n + m + q] = -1
            b.append(0)
            row += 1
    offsets = np.concatenate([np.zeros(n + m), np.ones(k)])
    second = linprog(offsets, A_ub=a[:row].tocsr(), b_ub=np.array(b), bounds=bounds, method="highs")
    return {key: second.x[index[key]] for key in keys}, spans


def figures(centres, extents, spans):
    low = min(centres[key] - extents[key] / 2 for key in centres)
    high = max(centres[key] + extents[key] / 2 for key in centres)
    total, outside = 0.0, 0
    for parent, (first, last) in spans.items():
        c, c1, c2 = centres[parent], centres[first], centres[last]
        total += abs(c - (c1 + c2) / 2)
        outside += max(c1 - c, c - c2) > 1
    return high - low, total / max(1, len(spans)), outside


def dot_figures(source, across):
    """dot's own extent along the ranks and mean offset, from `dot -Tplain`."""
    plain = subprocess.run(["dot", "-Tplain"], input=source, capture_output=True).stdout.decode()
    centres, extents, edges = {}, {}, []
    for line in plain.splitlines():
        t = line.split()
        if t[0] == "node" and re.match(r"n\d+_\d+$", t[1]):
            x, y, w, h = (float(v) * 72 for v in t[2:6])
            centres[t[1]], extents[t[1]] = (y, h) if across else (x, w)
        elif t[0] == "edge":
            edges.append((t[1], t[2]))
    spans = {}
    for parent, child in edges:
        lo, hi = spans.get(parent, (centres[child], centres[child]))
        spans[parent] = (min(lo, centres[child]), max(hi, centres[child]))
    low = min(centres[k] - extents[k] / 2 for k in centres)
    high = max(centres[k] + extents[k] / 2 for k in centres)
    offset = sum(abs(centres[p] - (lo + hi) / 2) for p, (lo, hi) in spans.items()) / max(1, len(spans))
    return high - low, offset


print("| tree | orient | nodes | estimate extent | estimate offset | estimate outside |" + (" dot extent | dot offset |" if args.dot else ""))
print("|---|---|---:|---:|---:|---:|" + ("---:|---:|" if args.dot else ""))
for path in args.files:
    for orientation in ("lr", "tb"):
        source = dot_source(path, orientation)
        extents, edges, nodesep = ranks(source)
        if len(extents) > args.most:
            continue
        centres, spans = estimate(extents, edges, nodesep)
        extent, offset, outside = figures(centres, extents, spans)
        row = f"| {os.path.basename(path)} | {orientation} | {len(extents)} | {extent:.0f} | {offset:.1f} | {outside} |"
        if args.dot:
            dot_extent, dot_offset = dot_figures(source, orientation == "lr")
            row += f" {dot_extent:.0f} | {dot_offset:.1f} |"
        print(row)
