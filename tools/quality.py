#!/usr/bin/env python3
"""Quality of the schematic layout against Graphviz dot, on the real trees in samples/real and
a few samples, per alignment and orientation. Both drawings get the same node sizes and spacing
(our DOT in layout mode: measured sizes, nodesep = item padding, ranksep = section padding).

Measured on each drawing (margins left out):
  area        extent of boxes and connectors, ours / dot's (ours with elbow connectors, the
              default style: gaps widen for crowded bus lanes there)
  offset      mean distance, along the column, of a parent's centre from the middle of its
              first and last children's centres (ours / dot's)
  outside     parents whose centre lies beyond their first or last child's centre (ours / dot's),
              and ours at worst, in px
  crossings   pairs of connectors (no node in common) whose paths cross or run on top of each
              other, per connector style: straight / elbow / curved (curves sampled, 16 pieces
              per cubic); `boxes`: connector pieces through a node box that is neither end
  aspect      width:height of ours;  coverage: node boxes' area / drawing area (ours / dot's, and
              dot's with its own default spacing, nodesep 0.25in and ranksep 0.5in)
  size        ours / dot's, width×height
  near joins  (--joins) lines of two parents on one row, their ends under 40 px apart (`near_joins`)
  close lines (--close) pairs of parents whose elbow lines run side by side along the columns,
              under 14 px apart for at least 20 px (`close_lines`)
  shared runs (--runs) pairs of connectors (no parent and no child in common) whose elbow pieces
              across the columns lie on one line, under 3 px apart for at least 20 px: a DAG's
              lines across levels through one gap between boxes (`shared_runs`)

A row misses (MISS) when, for compact, tidy and the default: area or offset or outside exceed
dot's, or any crossing or box hit; for the talk's stacked and centered: any elbow crossing.

Usage: quality.py SCHEMATIC [--align a,b] [--orientation lr,tb] [--spacing PADDING,SECTION] [FILE...]
Prints a Markdown table; exits 1 on a miss."""
import numpy as np
import argparse, glob, hashlib, json, math, os, re, subprocess, sys

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("files", nargs="*")
parser.add_argument("--align", default="default,compact,tidy,stacked,centered")
parser.add_argument("--orientation", default="lr,tb")
parser.add_argument("--extra", default="", help="extra options for every render, e.g. '--item-padding 20'")
parser.add_argument("--joins", action="store_true",
                    help="add a column: near joins of the elbow drawing (see `near_joins`)")
parser.add_argument("--close", action="store_true",
                    help="add a column: close parallel lines of the elbow drawing (see `close_lines`)")
parser.add_argument("--runs", action="store_true",
                    help="add a column: connectors on one line across the columns (see `shared_runs`)")
args = parser.parse_intermixed_args()

files = args.files or sorted(f for f in glob.glob("samples/real/*")
                             if not f.endswith((".svg", ".py", ".png"))) + ["samples/org-chart.json", "samples/taxonomy.txt"]
CACHE = ".build/quality-cache"
os.makedirs(CACHE, exist_ok=True)


def run(command, stdin=None):
    done = subprocess.run(command, input=stdin, capture_output=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def cubic(p0, p1, p2, p3, steps=16):
    out = []
    for s in range(1, steps + 1):
        t = s / steps
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def bezier_path(controls):
    """Start point then three points per cubic piece, as a polyline."""
    if len(controls) < 4 or (len(controls) - 1) % 3:
        return controls
    path = [controls[0]]
    for i in range(0, len(controls) - 1, 3):
        path += cubic(*controls[i:i + 4])
    return path


def ours(path, options):
    data = json.loads(run([args.binary, "render", path, "--format", "json", "-o", "-"] + options))
    boxes, connectors = {}, []
    for e in data["elements"]:
        key = tuple(e["indexPath"][:2])
        if e["category"] == "cell":
            f = e["frame"]
            boxes[key] = (f["x"], f["y"], f["x"] + f["width"], f["y"] + f["height"])
        elif e.get("kind") == "connector" and "path" in e:
            points = [(p["x"], p["y"]) for p in e["path"]]
            primary = len(e["indexPath"]) < 3 or e["indexPath"][2] == 0
            connectors.append((tuple(e["parentIndexPath"][:2]), key, bezier_path(points) if e["curved"] else points, primary))
    return boxes, connectors


def dot(path, options, own_spacing=False):
    """dot's drawing with our spacing, or (own_spacing) with dot's defaults: nodesep 0.25in, ranksep 0.5in."""
    source = run([args.binary, "render", path, "--format", "dot", "--dot-mode", "layout", "-o", "-"] + options)
    if own_spacing:
        source = re.sub(rb"nodesep=[0-9.]+", b"nodesep=0.25", source)
        source = re.sub(rb"ranksep=[0-9.]+", b"ranksep=0.5", source)
    key = hashlib.sha256(source).hexdigest()[:24]
    cached = os.path.join(CACHE, key + ".plain")
    if not os.path.exists(cached):
        # A temporary name of this process's own: runs side by side share the cache.
        temporary = f"{cached}.{os.getpid()}.tmp"
        with open(temporary, "wb") as f:
            f.write(run(["dot", "-Tplain"], source))
        os.replace(temporary, cached)
    boxes, connectors = {}, []
    height = 0
    name = re.compile(r"n(\d+)_(\d+)$")
    for line in open(cached):
        t = line.split()
        if t[0] == "graph":
            height = float(t[3]) * 72
        elif t[0] == "node" and name.match(t[1]):
            m = name.match(t[1])
            x, y, w, h = (float(v) * 72 for v in t[2:6])
            y = height - y
            boxes[(int(m[1]), int(m[2]))] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        elif t[0] == "edge":
            a, b = name.match(t[1]), name.match(t[2])
            n = int(t[3])
            controls = [(float(t[4 + 2 * i]) * 72, height - float(t[5 + 2 * i]) * 72) for i in range(n)]
            connectors.append(((int(a[1]), int(a[2])), (int(b[1]), int(b[2])), bezier_path(controls), True))
    return boxes, connectors


def extent(boxes, connectors):
    xs, ys = [], []
    for b in boxes.values():
        xs += [b[0], b[2]]; ys += [b[1], b[3]]
    for _, _, points, _ in connectors:
        xs += [p[0] for p in points]; ys += [p[1] for p in points]
    return max(xs) - min(xs), max(ys) - min(ys)


def centring(boxes, connectors, vertical):
    """(mean offset, parents outside their children's span, worst distance outside)."""
    axis = 0 if vertical else 1
    spans = {}
    for parent, child, _, primary in connectors:
        if not primary:
            continue
        c = (boxes[child][axis] + boxes[child][axis + 2]) / 2
        low, high = spans.get(parent, (c, c))
        spans[parent] = (min(low, c), max(high, c))
    total, outside, worst = 0.0, 0, 0.0
    for parent, (low, high) in spans.items():
        c = (boxes[parent][axis] + boxes[parent][axis + 2]) / 2
        total += abs(c - (low + high) / 2)
        beyond = max(low - c, c - high)
        if beyond > 1:
            outside += 1
            worst = max(worst, beyond)
    return (total / len(spans) if spans else 0.0), outside, worst


def crossings(boxes, connectors):
    """(connector pairs that cross, connector pieces through boxes other than their ends).
    Connectors only meet others between the same two columns (their x ranges), so pieces are
    compared per gap, with numpy, each with those whose span along y can meet it."""
    # (A DAG's lines across levels run through several gaps and the columns between: then
    # every piece is compared with every other whose grid cells it shares.)
    spans_gaps = any(parent[0] + 1 < child[0] for parent, child, _, _ in connectors)
    by_gap = {}
    for index, (parent, child, points, _) in enumerate(connectors):
        for a, b in zip(points, points[1:]):
            if a != b:
                by_gap.setdefault(0 if spans_gaps else child[0], []).append((a[0], a[1], b[0], b[1], index))
    pairs = set()
    parent_of = np.array([hash(c[0]) for c in connectors] or [0], dtype=np.int64)
    child_of = np.array([hash(c[1]) for c in connectors] or [0], dtype=np.int64)
    for pieces in by_gap.values():
        # Each piece is filed in the cells of a grid that its bounding box covers (cells of the
        # median piece's length), and only pieces sharing a cell are compared: a sweep along y
        # compared every piece with all those before it wherever one long bus spanned the
        # column (ISO 639-3 top to bottom, 8,060 nodes: over 25 minutes and 5 GB).
        seg = np.array(pieces, dtype=np.float64)
        n = len(seg)
        if n < 2:
            continue
        ax, ay, bx, by = seg[:, 0], seg[:, 1], seg[:, 2], seg[:, 3]
        owner = seg[:, 4].astype(np.int64)
        cell = max(float(np.median(np.abs(bx - ax) + np.abs(by - ay))), 8.0)
        # (Boxes widened by a pixel, as the sweep's margin: pieces on one line a rounding
        # apart across a cell's edge still meet.)
        gx0, gx1 = ((np.minimum(ax, bx) - 1) // cell).astype(np.int64), ((np.maximum(ax, bx) + 1) // cell).astype(np.int64)
        gy0, gy1 = ((np.minimum(ay, by) - 1) // cell).astype(np.int64), ((np.maximum(ay, by) + 1) // cell).astype(np.int64)
        members = {}
        for k in range(n):
            for x in range(gx0[k], gx1[k] + 1):
                for y in range(gy0[k], gy1[k] + 1):
                    members.setdefault((x, y), []).append(k)
        # Pieces of one parent's connectors never count against each other: a cell crowded by
        # one fan (its lines leaving the parent) pairs only across parents.
        fan = parent_of[owner]
        firsts, seconds = [], []
        for group in members.values():
            if len(group) < 2:
                continue
            g = np.array(group, dtype=np.int64)
            parents, which = np.unique(fan[g], return_inverse=True)
            if len(parents) < 2:
                continue
            if len(g) <= 64:
                i, j = np.triu_indices(len(g), 1)
                keep = which[i] != which[j]
                firsts.append(g[i[keep]]); seconds.append(g[j[keep]])
                continue
            parts = [g[which == k] for k in range(len(parents))]
            for a in range(len(parts)):
                for b in range(a + 1, len(parts)):
                    i, j = np.meshgrid(parts[a], parts[b], indexing="ij")
                    firsts.append(i.ravel()); seconds.append(j.ravel())
        if not firsts:
            continue
        # Each candidate pair once (pieces sharing several cells).
        keys = np.unique(np.minimum(np.concatenate(firsts), np.concatenate(seconds)) * n
                         + np.maximum(np.concatenate(firsts), np.concatenate(seconds)))
        def orient(px, py, qx, qy, rx, ry):
            return (qx - px) * (ry - py) - (qy - py) * (rx - px)
        e = 1e-6
        for chunk in range(0, len(keys), 1 << 20):
            part = keys[chunk:chunk + (1 << 20)]
            i, j = part // n, part % n
            Ax, Ay, Bx, By = ax[i], ay[i], bx[i], by[i]
            cx, cy, dx, dy = ax[j], ay[j], bx[j], by[j]
            d1 = orient(cx, cy, dx, dy, Ax, Ay); d2 = orient(cx, cy, dx, dy, Bx, By)
            d3 = orient(Ax, Ay, Bx, By, cx, cy); d4 = orient(Ax, Ay, Bx, By, dx, dy)
            proper = (((d1 > e) & (d2 < -e)) | ((d1 < -e) & (d2 > e))) & (((d3 > e) & (d4 < -e)) | ((d3 < -e) & (d4 > e)))
            # Collinear pieces overlapping over a length: lines drawn on top of each other.
            collinear = (np.abs(d1) <= e) & (np.abs(d2) <= e)
            horizontal = np.abs(Bx - Ax) >= np.abs(By - Ay)
            lo1 = np.where(horizontal, np.minimum(Ax, Bx), np.minimum(Ay, By)); hi1 = np.where(horizontal, np.maximum(Ax, Bx), np.maximum(Ay, By))
            lo2 = np.where(horizontal, np.minimum(cx, dx), np.minimum(cy, dy)); hi2 = np.where(horizontal, np.maximum(cx, dx), np.maximum(cy, dy))
            overlap = collinear & (np.minimum(hi1, hi2) - np.maximum(lo1, lo2) > 0.5)
            oi, oj = owner[i], owner[j]
            related = (parent_of[oi] == parent_of[oj]) | (child_of[oi] == child_of[oj]) | (parent_of[oi] == child_of[oj]) | (child_of[oi] == parent_of[oj])
            hit = (proper | overlap) & ~related & (oi != oj)
            for a, b in zip(oi[hit], oj[hit]):
                pairs.add((int(min(a, b)), int(max(a, b))))
    segments = [(p[:2], p[2:4], p[4]) for pieces in by_gap.values() for p in pieces]
    if not segments:
        return len(pairs), 0
    lengths = sorted(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b, _ in segments)
    cell = max(lengths[len(lengths) // 2], 8.0)
    grid = {}
    for s, (a, b, _) in enumerate(segments):
        x0, x1 = int(min(a[0], b[0]) // cell), int(max(a[0], b[0]) // cell)
        y0, y1 = int(min(a[1], b[1]) // cell), int(max(a[1], b[1]) // cell)
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                grid.setdefault((x, y), []).append(s)
    # Connector pieces through boxes: boxes shrunk by 1 px, tested against nearby pieces.
    hits = set()
    for key, (x0, y0, x1, y1) in boxes.items():
        x0 += 1; y0 += 1; x1 -= 1; y1 -= 1
        near = set()
        for x in range(int(x0 // cell), int(x1 // cell) + 1):
            for y in range(int(y0 // cell), int(y1 // cell) + 1):
                near.update(grid.get((x, y), ()))
        for s in near:
            a, b, ci = segments[s]
            if key in (connectors[ci][0], connectors[ci][1]) or (ci, key) in hits:
                continue
            if clip(a, b, x0, y0, x1, y1):
                hits.add((ci, key))
    return len(pairs), len(hits)


def near_joins(boxes, connectors, vertical, reach=40.0):
    """Places where lines of two parents run on one row (level pieces at the same height, to
    half a pixel) with their ends less than `reach` px apart and no box between them: the eye
    reads them as one line, from one parent into the other's child (a review's finding on an
    import-time tree). Counted once per pair of pieces; O(n log n)."""
    import bisect
    along, across = (1, 0) if vertical else (0, 1)
    spans = sorted((b[along], b[along + 2], b[across], b[across + 2]) for b in boxes.values())
    starts = [span[0] for span in spans]
    longest = max((span[1] - span[0] for span in spans), default=0)

    def boxed(row, low, high):
        k = bisect.bisect_left(starts, high)
        while k > 0 and starts[k - 1] > low - longest:
            k -= 1
            a0, a1, c0, c1 = spans[k]
            if a1 > low and a0 < high and c0 <= row <= c1:
                return True
        return False

    ends = []
    for parent, child, points, _ in connectors:
        for a, b in zip(points, points[1:]):
            if abs(a[across] - b[across]) > 0.01 or abs(a[along] - b[along]) < 0.01:
                continue
            low, high = sorted((a[along], b[along]))
            ends.append((round(a[across] * 2) / 2, low, high, parent))
    ends.sort()
    joins = 0
    for i in range(1, len(ends)):
        row, low, _, parent = ends[i]
        # The nearest piece before it on its row (pieces sorted by their start along it).
        j = i - 1
        while j >= 0 and ends[j][0] == row and ends[j][3] == parent:
            j -= 1
        if j >= 0 and ends[j][0] == row and 0.5 < low - ends[j][2] < reach and not boxed(row, ends[j][2], low):
            joins += 1
    return joins


def close_lines(connectors, vertical, within=14.0, overlap=20.0):
    """Pairs of parents whose lines run side by side along the columns (pieces parallel to
    them, buses mostly) less than `within` px apart, over at least `overlap` px of their length:
    read as one bundle, a reader cannot tell which parent a child hangs from (a review found
    buses 10 to 12 px apart in a phylogeny and a document's headings). Each pair counted once;
    pieces sorted across the columns, so O(n log n) plus the pairs found."""
    along, across = (0, 1) if vertical else (1, 0)
    pieces = []
    for parent, child, points, _ in connectors:
        for a, b in zip(points, points[1:]):
            if abs(a[across] - b[across]) > 0.01 or abs(a[along] - b[along]) < overlap:
                continue
            low, high = sorted((a[along], b[along]))
            pieces.append((a[across], low, high, parent))
    pieces.sort()
    pairs = set()
    for i, (x, low, high, parent) in enumerate(pieces):
        j = i + 1
        while j < len(pieces) and pieces[j][0] - x < within:
            other = pieces[j]
            if other[0] - x > 0.5 and other[3] != parent and min(high, other[2]) - max(low, other[1]) >= overlap:
                pairs.add((min(parent, other[3]), max(parent, other[3])))
            j += 1
    return len(pairs)


def clip(a, b, x0, y0, x1, y1):
    """Whether segment ab meets the open rectangle (Liang–Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q <= 0:
                return False
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
    return t1 - t0 > 1e-9


def coverage(boxes, size):
    return sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes.values()) / (size[0] * size[1])


def shared_runs(connectors, vertical, within=3.0, overlap=20.0):
    """Pairs of connectors with no parent and no child in common whose pieces across the
    columns (parallel to the rows) lie less than `within` px apart over at least `overlap` px:
    drawn as one line, a reader cannot pair their ends (a DAG's lines across levels all took
    the middle of the one gap between boxes). Lines of one parent (leaving it together) or into
    one child (meeting on its lane) share pieces by design. Sorted across the rows: O(n log n)
    plus the pairs found."""
    along, across = (1, 0) if vertical else (0, 1)
    pieces = []
    for index, (parent, child, points, _) in enumerate(connectors):
        for a, b in zip(points, points[1:]):
            if abs(a[across] - b[across]) > 0.01 or abs(a[along] - b[along]) < overlap:
                continue
            low, high = sorted((a[along], b[along]))
            pieces.append((a[across], low, high, parent, child, index))
    pieces.sort()
    pairs = set()
    for i, (y, low, high, parent, child, index) in enumerate(pieces):
        j = i + 1
        while j < len(pieces) and pieces[j][0] - y < within:
            other = pieces[j]
            if other[3] != parent and other[4] != child and min(high, other[2]) - max(low, other[1]) >= overlap:
                pairs.add((min(index, other[5]), max(index, other[5])))
            j += 1
    return len(pairs)


def aspect(size):
    w, h = size
    return f"{w / h:.2f}:1" if w >= h else f"1:{h / w:.2f}"


print("| tree | nodes | align | orient | area vs dot | offset ours / dot | outside ours / dot (worst px) "
      "| crossings straight / elbow / curved (boxes) | aspect | coverage ours / dot / dot at its defaults | size ours / dot |"
      + (" near joins |" if args.joins else "") + (" close lines |" if args.close else "") + (" shared runs |" if args.runs else ""))
print("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if args.joins else "") + ("---:|" if args.close else "")
      + ("---:|" if args.runs else ""))
failed = False
rows = misses = 0
extra = args.extra.split()
for path in files:
    for orientation in args.orientation.split(","):
        vertical = orientation in ("tb", "bt")
        try:
            dot_boxes, dot_connectors = dot(path, ["--orientation", orientation] + extra)
        except RuntimeError as error:
            print(f"| {path} | | | {orientation} | failed: {error} |"); failed = True; continue
        dot_size = extent(dot_boxes, dot_connectors)
        dot_offset, dot_outside, _ = centring(dot_boxes, dot_connectors, vertical)
        own_boxes, own_connectors = dot(path, ["--orientation", orientation] + extra, own_spacing=True)
        own_cover = coverage(own_boxes, extent(own_boxes, own_connectors))
        for alignment in args.align.split(","):
            options = ["--orientation", orientation] + extra + ([] if alignment == "default" else ["--align", alignment])
            try:
                counts, hits, joins, close, runs = [], 0, 0, 0, 0
                for style in ("straight", "elbow", "curved"):
                    boxes, connectors = ours(path, options + ["--connectors", style])
                    crossed, hit = crossings(boxes, connectors)
                    counts.append(crossed); hits += hit
                    if style == "elbow" and args.joins:
                        joins = near_joins(boxes, connectors, vertical)
                    if style == "elbow" and args.close:
                        close = close_lines(connectors, vertical)
                    if style == "elbow" and args.runs:
                        runs = shared_runs(connectors, vertical)
                    if style == "elbow":
                        size = extent(boxes, connectors)
                        offset, outside, worst = centring(boxes, connectors, vertical)
                        cover = coverage(boxes, size)
            except RuntimeError as error:
                print(f"| {path} | | {alignment} | {orientation} | failed: {error} |"); failed = True; continue
            area = size[0] * size[1] / (dot_size[0] * dot_size[1])
            if alignment in ("stacked", "centered"):
                ok = counts[1] == 0
            else:
                ok = area <= 1.0005 and offset <= dot_offset + 0.05 and outside <= dot_outside and sum(counts) == 0 and hits == 0
            failed |= not ok
            rows += 1; misses += not ok
            print(f"| {path.split('/')[-1]} | {len(boxes)} | {alignment} | {orientation} | {area:.2f} | {offset:.1f} / {dot_offset:.1f} "
                  f"| {outside} / {dot_outside} ({worst:.0f}) | {counts[0]} / {counts[1]} / {counts[2]} ({hits}) | {aspect(size)} "
                  f"| {cover:.1%} / {coverage(dot_boxes, dot_size):.1%} / {own_cover:.1%} | {size[0]:.0f}×{size[1]:.0f} / {dot_size[0]:.0f}×{dot_size[1]:.0f} |"
                  + (f" {joins} |" if args.joins else "") + (f" {close} |" if args.close else "") + (f" {runs} |" if args.runs else "")
                  + ("" if ok else " MISS"), flush=True)
print(f"\n{rows} rows, {misses} missed")
sys.exit(1 if failed else 0)
