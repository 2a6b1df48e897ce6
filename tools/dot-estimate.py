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

With --ns the estimate is made as dot makes its own (lib/common/ns.c): network simplex on an
auxiliary graph, then LR_balance; no scipy needed, and nearer dot than the programs: on 108
drawings of up to 800 nodes (the class trees of tools/make-test-trees.py and small trees of
samples/real, phylogenies) its extent is within -6.8% to +1.3% of dot's (median -0.3%) and its
offset within a tenth of dot's on 92 (median difference -0.1 px), within 3 px on 8 more, above
it by 3.5 to 517 px on 8 (importlib, idlelib, shutil both ways, tarfile and tkinter top to
bottom). The programs' offset is often far below dot's (logging left to right: 3.8 px against
dot's 12.2; --ns 13.6).

Usage: python3 tools/dot-estimate.py [--dot] [--ns] BINARY FILE...   (without --ns needs scipy:
pip install scipy)"""
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
    np = None

parser = argparse.ArgumentParser()
parser.add_argument("--dot", action="store_true", help="also lay each tree out with dot and print its figures")
parser.add_argument("--most", type=int, default=3000, help="skip trees of more nodes (the programs grow fast)")
parser.add_argument("--ns", action="store_true", help="dot's network simplex and balancing instead of the programs "
                    "(no scipy needed)")
parser.add_argument("binary")
parser.add_argument("files", nargs="+")
args = parser.parse_args()
if np is None and not args.ns:
    sys.exit("dot-estimate.py needs scipy (pip install scipy), or --ns")


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


def child_spans(edges):
    """Each parent's first and last child (names in rank order)."""
    spans = {}
    for parent, child in edges:
        first, last = spans.get(parent, (child, child))
        spans[parent] = (min(first, child), max(last, child))
    return spans


def estimate(extents, edges, nodesep):
    """The centres along the ranks: least total edge length, then best centred among those."""
    keys = sorted(extents)
    index = {key: i for i, key in enumerate(keys)}
    n, m = len(keys), len(edges)
    spans = child_spans(edges)
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


def ns_estimate(extents, edges, nodesep):
    """dot's own way to the same objective (lib/common/ns.c, as position.c calls it): the least
    total edge length by network simplex on an auxiliary graph (a node per edge, joined to both
    ends with weight 1; neighbours in a rank joined by their separation with weight 0), then
    LR_balance: each tree edge whose cut value is 0 (its side moves freely) is moved to the
    middle of its room. Needs no scipy."""
    keys = sorted(extents)
    index = {key: i for i, key in enumerate(keys)}
    n = len(keys)
    tails, heads, minlen, weight = [], [], [], []

    def add(tail, head, length, w):
        tails.append(tail); heads.append(head); minlen.append(length); weight.append(w)
    for e, (parent, child) in enumerate(edges):
        add(n + e, index[parent], 0.0, 1)
        add(n + e, index[child], 0.0, 1)
    for upper, lower in zip(keys, keys[1:]):
        if upper[0] == lower[0]:
            add(index[upper], index[lower], (extents[upper] + extents[lower]) / 2 + nodesep, 0)
    count, edge_count = n + len(edges), len(tails)
    incident = [[] for _ in range(count)]
    for i in range(edge_count):
        incident[tails[i]].append(i)
        incident[heads[i]].append(i)
    rank = [0.0] * count
    waiting = [0] * count
    for i in range(edge_count):
        waiting[heads[i]] += 1
    ready = [v for v in range(count) if waiting[v] == 0]
    while ready:
        v = ready.pop()
        for i in incident[v]:
            if tails[i] == v:
                rank[heads[i]] = max(rank[heads[i]], rank[v] + minlen[i])
                waiting[heads[i]] -= 1
                if waiting[heads[i]] == 0:
                    ready.append(heads[i])

    def slack(i):
        return rank[heads[i]] - rank[tails[i]] - minlen[i]
    eps = 1e-6
    # A feasible spanning tree of tight edges (Gansner et al.'s feasible_tree).
    in_tree, tree = [False] * count, [False] * edge_count
    in_tree[0], size = True, 1
    while True:
        stack = [v for v in range(count) if in_tree[v]]
        while stack:
            v = stack.pop()
            for i in incident[v]:
                w = heads[i] if tails[i] == v else tails[i]
                if not in_tree[w] and abs(slack(i)) < eps:
                    in_tree[w], tree[i] = True, True
                    size += 1
                    stack.append(w)
        if size == count:
            break
        best = min((i for i in range(edge_count) if in_tree[tails[i]] != in_tree[heads[i]]), key=slack)
        delta = slack(best) if in_tree[tails[best]] else -slack(best)
        for v in range(count):
            if in_tree[v]:
                rank[v] += delta
    low, lim, par, cut = [0] * count, [0] * count, [-1] * count, [0] * edge_count

    def rebuild():
        """Ranks from the tree (its edges tight), low/lim by a postorder, and the cut values."""
        for v in range(count):
            par[v] = -1
        seen = [False] * count
        seen[0] = True
        order, stack = [], [0]
        while stack:
            v = stack.pop()
            order.append(v)
            for i in incident[v]:
                w = heads[i] if tails[i] == v else tails[i]
                if tree[i] and not seen[w]:
                    seen[w], par[w] = True, i
                    rank[w] = rank[v] + minlen[i] if tails[i] == v else rank[v] - minlen[i]
                    stack.append(w)
        # Postorder numbers (lim) and each subtree's least (low), children before parents.
        children = [[] for _ in range(count)]
        for v in order[1:]:
            i = par[v]
            children[heads[i] if tails[i] == v else tails[i]].append(v)
        number, stack = 0, [(0, False)]
        post = []
        while stack:
            v, done = stack.pop()
            if done:
                number += 1
                lim[v] = number
                low[v] = min([lim[v]] + [low[c] for c in children[v]])
                post.append(v)
                continue
            stack.append((v, True))
            for c in reversed(children[v]):
                stack.append((c, False))
        for v in post:
            f = par[v]
            if f < 0:
                continue
            direction = 1 if tails[f] == v else -1
            total = 0
            for e in incident[v]:
                other = heads[e] if tails[e] == v else tails[e]
                if not (low[v] <= lim[other] <= lim[v]):
                    outside, value = True, weight[e]
                else:
                    outside, value = False, (cut[e] if tree[e] else 0) - weight[e]
                d = (1 if heads[e] == v else -1) if direction > 0 else (1 if tails[e] == v else -1)
                if outside:
                    d = -d
                total += value if d > 0 else -value
            cut[f] = total

    def entering(e):
        """The non-tree edge of least slack across e's cut, against e's direction."""
        if lim[tails[e]] < lim[heads[e]]:
            down, outward = tails[e], False
        else:
            down, outward = heads[e], True
        lo, hi = low[down], lim[down]
        best = None
        for i in range(edge_count):
            if tree[i]:
                continue
            tail_in, head_in = lo <= lim[tails[i]] <= hi, lo <= lim[heads[i]] <= hi
            if (outward and tail_in and not head_in) or (not outward and head_in and not tail_in):
                if best is None or slack(i) < slack(best):
                    best = i
        return best
    rebuild()
    for _ in range(100 * count):
        leaving = next((i for i in range(edge_count) if tree[i] and cut[i] < 0), None)
        if leaving is None:
            break
        f = entering(leaving)
        tree[leaving], tree[f] = False, True
        rebuild()

    def subtree(v):
        out, stack = [], [v]
        while stack:
            u = stack.pop()
            out.append(u)
            for i in incident[u]:
                w = heads[i] if tails[i] == u else tails[i]
                if tree[i] and i != par[u]:
                    stack.append(w)
        return out
    for e in range(edge_count):
        if not tree[e] or cut[e] != 0:
            continue
        f = entering(e)
        if f is None or slack(f) <= 1:
            continue
        delta = slack(f) / 2
        if lim[tails[e]] < lim[heads[e]]:
            for v in subtree(tails[e]):
                rank[v] -= delta
        else:
            for v in subtree(heads[e]):
                rank[v] += delta
    spans = child_spans(edges)
    return {key: rank[index[key]] for key in keys}, spans


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
        centres, spans = (ns_estimate if args.ns else estimate)(extents, edges, nodesep)
        extent, offset, outside = figures(centres, extents, spans)
        row = f"| {os.path.basename(path)} | {orientation} | {len(extents)} | {extent:.0f} | {offset:.1f} | {outside} |"
        if args.dot:
            dot_extent, dot_offset = dot_figures(source, orientation == "lr")
            row += f" {dot_extent:.0f} | {dot_offset:.1f} |"
        print(row)
