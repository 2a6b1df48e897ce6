#!/usr/bin/env python3
"""Checks the big-tree HTML page in headless Chromium, driven over the DevTools protocol.

1. Collapse equals the engine: on several trees (random, wide fans that wrap, a deep one), in
   every orientation and alignment, with and without wrapping and with elbow connectors, the
   page collapses nodes; its frames (the page's `window.schematic.frames()`) must equal, to
   0.5 px, `schematic render --format json` of the tree without those subtrees (subtrees that
   nest as panels included); expanding again
   must give back the first drawing exactly; the page's search along its columns must find what
   rects hold (against every frame). `--collapse-depth N` must open as the tree cut
   below depth N, each collapsed node counting what it hides (`+12`).
2. The page opens readable (fitted, or, when fitting makes labels < 9 px, the root with its
   children as large as they fit up to 100%, labels 10 px or more);
   search finds and zooms to a match, inside collapsed nodes too.
3. Figures: file size, JS heap after a garbage collection, time to the first drawing, the
   time to collapse a node, and frame times (median, 90th percentile, worst) of a scripted pan
   and zoom at several zooms, canvas and SVG, for pages of
   100,000 and 1,000,000 nodes (bench/gen_tree.py's random trees). Budgets: 1,000,000 nodes
   <= 60 MB and first drawing <= 3 s; 100,000 nodes <= 1 s; every frame <= 16 ms.

Usage: page-check.py SCHEMATIC_BINARY WORK_DIR [--big-binary RELEASE_BINARY] [--skip-million]
Exits 1 when a check fails or a figure is over its budget.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOLERANCE = 0.5


class Browser:
    """Headless Chromium over --remote-debugging-pipe (NUL-separated JSON on fds 3 and 4)."""

    def __init__(self, width=1280, height=800):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()

        def fds():
            # Copies first: a pipe may already sit on fd 3 or 4 (and dup2 onto itself would
            # leave it close-on-exec).
            read_copy, write_copy = os.dup(to_child_read), os.dup(from_child_write)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", f"--window-size={width},{height}",
             "--enable-precise-memory-info", "--disable-frame-rate-limit", "--disable-gpu-vsync", "--no-first-run",
             "--user-data-dir=" + str(Path(os.environ.get("TMPDIR", "/tmp")) / f"page-check-profile-{os.getpid()}"), "about:blank"],
            pass_fds=(), preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False)
        os.close(to_child_read)
        os.close(from_child_write)
        self.next_id = 0
        self.pending = b""
        self.size = (width, height)

    def send(self, method, params=None, session=None, timeout=300):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            while b"\0" in self.pending:
                raw, self.pending = self.pending.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
            if time.time() > deadline:
                raise TimeoutError(method)
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.pending += chunk

    def open(self, path):
        """A new tab on `path`; returns its session once `window.schematic` exists."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride", {"width": self.size[0], "height": self.size[1], "deviceScaleFactor": 1, "mobile": False}, session)
        self.send("Page.enable", {}, session)
        self.send("Page.navigate", {"url": Path(path).resolve().as_uri()}, session)
        deadline = time.time() + 300
        while time.time() < deadline:
            if self.evaluate(session, "typeof window.schematic === 'object' && document.readyState === 'complete'"):
                return session, target
            time.sleep(0.05)
        raise TimeoutError(f"{path}: the page never got ready")

    def close_tab(self, target):
        self.send("Target.closeTarget", {"targetId": target})

    def evaluate(self, session, expression, timeout=300):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session, timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def heap(self, session):
        """Bytes the page's JavaScript holds after a garbage collection: its heap and the typed
        arrays' backing stores (which live outside the heap)."""
        self.send("HeapProfiler.enable", {}, session)
        self.send("HeapProfiler.collectGarbage", {}, session)
        usage = self.send("Runtime.getHeapUsage", {}, session)
        return usage["usedSize"] + usage.get("backingStorageSize", 0), usage

    def screenshot(self, session, path):
        import base64
        data = self.send("Page.captureScreenshot", {"format": "png"}, session)["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def quit(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(Path(os.environ.get("TMPDIR", "/tmp")) / f"page-check-profile-{os.getpid()}", ignore_errors=True)


# ---- Trees: parent lists in preorder (node 0 the root), labels unique.

def random_tree(count, seed, fan_every=0):
    """A random recursive tree; with `fan_every`, every so many nodes also get a fan of 12-30 leaves."""
    rng = random.Random(seed)
    parents = [-1]
    while len(parents) < count:
        node = len(parents)
        parents.append(rng.randrange(max(0, node - 30), node))
        if fan_every and node % fan_every == 0:
            for _ in range(rng.randint(12, 30)):
                if len(parents) < count:
                    parents.append(node)
    return parents


def yule_tree(leaves, seed):
    """A binary tree from a Yule process (every inner node splits its leaves uniformly), parents
    numbered before their children: the shape of a phylogeny."""
    rng = random.Random(seed)
    parents, stack = [-1], [(0, leaves)]
    while stack:
        node, count = stack.pop()
        if count < 2:
            continue
        left = rng.randrange(1, count)
        for part in (count - left, left):
            parents.append(node)
            stack.append((len(parents) - 1, part))
    return parents


def short_labels(parents):
    """(parents, labels): leaves named t0, t1…, inner nodes n0, n1… (unique: collapsing finds
    nodes by label)."""
    inner = set(parents)
    return parents, [f"n{node}" if node in inner else f"t{node}" for node in range(len(parents))]


def outline(parents, labels, keep=None):
    """The tree as an outline, children in order; `keep(node)` false drops the node's subtree."""
    children = [[] for _ in parents]
    for node, parent in enumerate(parents):
        if parent >= 0:
            children[parent].append(node)
    lines, stack = [], [(root, 0) for root in reversed(range(len(parents))) if parents[root] < 0]
    while stack:
        node, depth = stack.pop()
        lines.append("  " * depth + labels[node])
        if keep is None or keep(node):
            stack.extend((child, depth + 1) for child in reversed(children[node]))
    return "\n".join(lines) + "\n"


def cells(json_text):
    """The cells of the CLI's JSON in index-path order: (label, x, y, w, h)."""
    data = json.loads(json_text)
    found = [e for e in data["elements"] if e["category"] == "cell"]
    found.sort(key=lambda e: (e["indexPath"][0], e["indexPath"][1]))
    return data["contentSize"], [(e["label"], e["frame"]["x"], e["frame"]["y"], e["frame"]["width"], e["frame"]["height"]) for e in found]


def distant_lines_differ(browser, session, cli_json):
    """How many lines across levels the CLI draws, and why the page's differ (None if they
    do not): every point of each, in order (SchematicLayout.routeDistantConnectors)."""
    page_paths = sorted(browser.evaluate(session, "window.schematic.distantPaths()"))
    cli_paths = sorted([c for p in e["path"] for c in (p["x"], p["y"])] for e in json.loads(cli_json)["elements"]
                       if e.get("kind") == "connector" and len(e["indexPath"]) > 2 and e["indexPath"][2] > 0
                       and e["parentIndexPath"][0] + 1 < e["indexPath"][0])
    if len(page_paths) != len(cli_paths) or any(len(a) != len(b) or any(abs(x - y) > TOLERANCE for x, y in zip(a, b))
                                                for a, b in zip(page_paths, cli_paths)):
        return len(cli_paths), f"lines across levels differ: page {page_paths[:2]}… against {cli_paths[:2]}…"
    return len(cli_paths), None


def compare(page, cli_size, cli_cells):
    """The largest difference between the page's frames and the CLI's, or a reason they differ."""
    frames = page["frames"]
    if len(frames) != len(cli_cells):
        return f"{len(frames)} nodes drawn, the CLI draws {len(cli_cells)}"
    worst = max(abs(page["contentWidth"] - cli_size["width"]), abs(page["contentHeight"] - cli_size["height"]))
    for mine, theirs in zip(frames, cli_cells):
        # The page's labels are its drawn lines (a long one wraps), the CLI's the node's text.
        if "".join(mine[0].split()) != "".join(theirs[0].split()):
            return f"node {mine[0]!r} where the CLI has {theirs[0]!r}"
        worst = max(worst, *(abs(a - b) for a, b in zip(mine[1:], theirs[1:])))
    return worst


def outline_file(path, unit=None):
    """(parents, labels) of an outline indented by spaces, in file order: `unit` spaces a level,
    by default the least indentation in the file."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    indents = [len(line) - len(line.lstrip(" ")) for line in lines]
    unit = unit or min((indent for indent in indents if indent > 0), default=1)
    parents, labels, stack = [], [], []
    for line in lines:
        depth = (len(line) - len(line.lstrip(" "))) // unit
        del stack[depth:]
        parents.append(stack[-1] if stack else -1)
        labels.append(line.strip())
        stack.append(len(parents) - 1)
    return parents, labels


def csv_file(path):
    """(parents, labels) of an id,parent,label CSV whose parents come before their children,
    in row order; a label given twice gets its row number (collapsing finds nodes by label)."""
    import csv
    parents, labels, number, seen = [], [], {}, set()
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            number[row["id"]] = len(parents)
            parents.append(number[row["parent"]] if row["parent"] else -1)
            label = row["label"] if row["label"] not in seen else f"{row['label']} ({len(labels)})"
            seen.add(label)
            labels.append(label)
    return parents, labels


def newick_file(path):
    """(parents, labels) of a Newick tree, in pre-order, branch lengths left out; unnamed
    nodes labelled `·` (an outline has no empty lines)."""
    parents, labels, groups = [], [], []
    text = path.read_text(encoding="utf-8").strip().rstrip(";")

    def add(parent):
        parents.append(parent)
        labels.append("")
        return len(parents) - 1

    current = add(-1)
    for token in re.findall(r"\(|\)|,|:[^(),;]*|[^(),:;]+", text):
        if token == "(":
            groups.append(current)
            current = add(current)
        elif token == ",":
            current = add(groups[-1])
        elif token == ")":
            current = groups.pop()
        elif not token.startswith(":"):
            labels[current] = token.strip()
    return parents, [label or "·" for label in labels]


def tree_file(path):
    """(parents, labels) of a `tree` listing (its first line the root), in file order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    parents, labels, stack = [-1], [lines[0].strip()], [0]
    for line in lines[1:]:
        at = max(line.find("├── "), line.find("└── "))
        if at < 0:
            continue
        depth = at // 4 + 1
        del stack[depth:]
        parents.append(stack[-1])
        labels.append(line[at + 4:])
        stack.append(len(parents) - 1)
    return parents, labels


def breadth_first_index(parents):
    """Each node's index on the page: sections in order, each listing the previous one's children
    in order (labels need not be unique: a Maven repository has many a `debian` folder)."""
    children, level = [[] for _ in parents], []
    for node, parent in enumerate(parents):
        (children[parent] if parent >= 0 else level).append(node)
    index, position = [0] * len(parents), 0
    while level:
        for node in level:
            index[node] = position
            position += 1
        level = [child for node in level for child in children[node]]
    return index


def deep_list():
    parents = [-1]
    for _ in range(160):
        group = len(parents)
        parents.append(0)
        for _ in range(2):
            folder = len(parents)
            parents.append(group)
            parents.extend([folder, folder])
    long = len(parents)
    parents.append(0)
    parents.extend([long] * 150)
    return parents


def mirrors(seed):
    """A folder of git mirrors' object folders: fans of folders of one to three files and no
    leaves beside them (they nest with no leaf block: placeNestedItemsWithoutLeafBlocks)."""
    rng = random.Random(seed)
    parents, labels = [-1], ["mirrors"]
    for repository in range(6):
        parents.append(0)
        labels.append(f"repo{repository}.git")
        objects = len(parents)
        parents.append(objects - 1)
        labels.append(f"objects{repository}")
        for folder in range(rng.randint(14, 40)):
            folder_node = len(parents)
            parents.append(objects)
            labels.append(f"{rng.randrange(256):02x}-{repository}-{folder}")
            for _ in range(rng.randint(1, 3)):
                parents.append(folder_node)
                labels.append("".join(rng.choice("0123456789abcdef") for _ in range(rng.randint(8, 38))))
    return parents, labels


def packages(seed):
    """A folder of packages beside files: small and big subtrees in one wide fan with leaves
    (they nest in the measured choice, reach by reach)."""
    rng = random.Random(seed)
    parents, labels = [-1], ["site-packages"]

    def subtree(parent, levels, name):
        parents.append(parent)
        labels.append(name)
        node = len(parents) - 1
        if levels > 0:
            for child in range(rng.randint(1, 6 if levels > 1 else 14)):
                subtree(node, levels - 1 if rng.random() < 0.7 else 0, f"mod{len(parents)}_{child}.py" if levels == 1 else f"sub{len(parents)}")
    for index in range(rng.randint(24, 34)):
        if rng.random() < 0.4:
            parents.append(0)
            labels.append(f"module{index}.py")
        else:
            subtree(0, rng.randint(1, 3), f"package{index}")
    return parents, labels


def rooted_builder(root):
    """(parents, labels, add): a tree of one root labelled `root`, and `add(parent, label)`,
    which appends a node and returns its number."""
    parents, labels = [-1], [root]

    def add(parent, label):
        parents.append(parent)
        labels.append(label)
        return len(parents) - 1
    return parents, labels, add


def openssl_like():
    """A folder shaped as Node's `include/node/openssl`: 40 headers beside `archs`, most of the
    tree, a fan of 14 architectures of three builds each (1,736 entries)."""
    parents, labels, add = rooted_builder("openssl")
    for index in range(40):
        add(0, f"header{index}.h")
    archs = add(0, "archs")
    for architecture in range(14):
        arch = add(archs, f"arch-{architecture}")
        for build in ["asm", "asm_avx2", "no-asm"]:
            top = add(arch, f"{build}-{architecture}")
            add(add(top, "crypto"), "buildinf.h")
            include = add(top, "include")
            crypto = add(include, "crypto")
            add(crypto, "bn_conf.h")
            add(crypto, "dso_conf.h")
            headers = add(include, "openssl")
            for part in range(20):
                add(headers, f"part{part}.h")
            add(include, "progs.h")
            prov = add(add(add(add(top, "providers"), "common"), "include"), "prov")
            for der in range(7):
                add(prov, f"der{der}.h")
    return parents, labels


def forest(roots):
    """`roots` roots, the i-th with i % 4 leaf children (roots interleaved with their children)."""
    parents = []
    for root in range(roots):
        parents.append(-1)
        index = len(parents) - 1
        parents.extend([index] * (root % 4))
    return parents


def manifests(count):
    """`count` Kubernetes-like documents, roots whose first keys are shallow and whose last is
    deep: packed by columns, a document's deep end reached beside the next one's first keys
    (ForestBands keeps each in a band of its own)."""
    parents, labels = [], []
    def add(parent, label):
        parents.append(parent)
        labels.append(label)
        return len(parents) - 1
    for index in range(count):
        root = add(-1, f"document {index + 1}")
        add(add(root, f"kind {index}"), "Deployment" if index % 2 == 0 else "Service")
        add(add(add(root, f"metadata {index}"), f"name {index}"), f"web-{index}")
        spec = add(root, f"spec {index}")
        if index % 2 == 0:
            containers = add(add(add(spec, f"template {index}"), f"pod spec {index}"), f"containers {index}")
            for container in range(2 + index % 3):
                node = add(containers, f"container {index}.{container}")
                for field in ("image", "ports", "env")[: 1 + container % 3]:
                    add(node, f"{field} {index}.{container}")
        else:
            add(spec, f"selector {index}")
    return parents, labels


def compose():
    """A compose file's keys: `services` and `volumes`. Once the bands put `volumes` below the
    services, `cache` has room to sit level with its only child `image` (straightenBentLinks:
    a stale port leaves the link bent)."""
    parents, labels = [], []
    def add(parent, label, *children):
        parents.append(parent)
        labels.append(label if label not in labels else f"{label} ({len(labels)})")
        node = len(parents) - 1
        for child in children:
            add(node, child)
        return node
    services = add(-1, "services")
    web = add(services, "web")
    add(web, "image", "nginx:1.25")
    add(web, "ports", "80:80", "443:443")
    add(web, "depends_on", "api", "cache")
    add(web, "volumes", "static:/usr/share/nginx/html")
    api = add(services, "api")
    add(api, "build", "./api")
    environment = add(api, "environment")
    add(environment, "DATABASE_URL", "postgres://db/app")
    add(environment, "REDIS_URL", "redis://cache:6379")
    add(api, "depends_on", "db", "cache")
    db = add(services, "db")
    add(db, "image", "postgres:16")
    add(db, "volumes", "dbdata:/var/lib/postgresql/data")
    add(add(services, "cache"), "image", "redis:7")
    add(-1, "volumes", "static", "dbdata")
    return parents, labels


def org_chart():
    """An org chart: five VPs with managers and their staff, and a VP of three counsels. Left
    to right the counsels stay in single file above the deepest column (WrapPlan's
    keepsShortRunsInSingleFile: a stale port hangs them in a row across the next columns)."""
    parents, labels, add = rooted_builder("Chief Executive Officer")
    for vp in range(5):
        head = add(0, f"Vice President {vp}")
        for manager in range(3):
            lead = add(head, f"Manager {vp}.{manager}")
            for staff in range(3 + (vp + manager) % 4):
                add(lead, f"Engineer {vp}.{manager}.{staff}")
    legal = add(0, "Vice President, Legal")
    for counsel in range(3):
        add(legal, f"Senior Counsel {counsel}")
    return parents, labels


def document(sections):
    """A README's outline: a title over `sections` sections of one or two subsections of three
    list items, with labels of a few words (none wraps: the checks find nodes by label)."""
    parents, labels = [-1], ["README of a project"]
    for section in range(sections):
        parents.append(0)
        labels.append(f"Section {section}: a heading")
        heading = len(parents) - 1
        for sub in range(1 + section % 2):
            parents.append(heading)
            labels.append(f"Subsection {section}.{sub} with words")
            subsection = len(parents) - 1
            for item in range(3):
                parents.append(subsection)
                labels.append(f"List item {section}.{sub}.{item} of words")
    return parents, labels


def pairs(count, every):
    """A folder of `count` folders of one file, every `every`-th of two (the shape of `tree -L 2
    /usr/share/locale`)."""
    parents, labels = [-1], ["locale"]
    for index in range(count):
        parents.append(0)
        labels.append(f"lang{index}")
        folder = len(parents) - 1
        for file in range(2 if index % every == 0 else 1):
            parents.append(folder)
            labels.append("LC_TIME" if file else "LC_MESSAGES")
    return parents, labels


def locales(count):
    """A folder of `count` folders, most of them empty, every seventh of two files and every
    23rd of 9 to 20 (the shape of `/usr/share/locale`'s top two levels)."""
    parents, labels = [-1], ["locales"]
    for index in range(count):
        parents.append(0)
        labels.append(f"lang{index}")
        folder = len(parents) - 1
        files = 2 if index % 7 == 3 else (9 + index % 12 if index % 23 == 5 else 0)
        for file in range(files):
            parents.append(folder)
            labels.append(f"lang{index}_R{file}")
    return parents, labels


def equality_checks(binary, browser, work, only=None):
    failures = 0
    trees = {
        "random-300": random_tree(300, 1),
        "fans-400": random_tree(400, 2, fan_every=37),
        "deep-200": [max(-1, i - 1 - (i % 3 == 0)) for i in range(200)],
        # Phylogenies whose compact drawing lets parents leave their span to be shorter, step by
        # step (CompactConstraints.relaxedSpans): a stale port of the steps fails them.
        "yule-160": yule_tree(160, 3),
        # The same with short leaf labels: top to bottom its cherries hung as lists gain nothing
        # over the drawing without (placeWrappedItemsChoosingRows draws it unwrapped).
        "yule-short": short_labels(yule_tree(200, 4)),
        # A folder of 150 files beside 160 folders of two folders of two files: top to bottom
        # both drawings are beyond 3:1 and WrapPlan.cost splits the long list (a stale port
        # keeps it one list).
        "deep-list": deep_list(),
        "primates": outline_file(Path(__file__).resolve().parent.parent / "samples" / "real" / "primates.txt"),
        # Subtrees that nest (WrapPlan.nestsFolders): fans of folders only, and packages with files.
        "mirrors": mirrors(5),
        "packages": packages(6),
        "packages-2": packages(7),
        # Roots wrap as a fan (WrapPlan's collectRuns(of: roots)), leaf roots and roots with
        # children; and a document whose top fan of 9 sections nests top to bottom
        # (NestingReach.topFans), its lists in single file entered at their far side.
        "forest": forest(40),
        # Trees of a forest that packed columns would interleave (ForestBands): a stale port
        # leaves a document's deep end beside the next one's first keys.
        "manifests": manifests(6),
        "compose": compose(),
        "document": document(9),
        # Deep fans nest (NestingReach.deepFans, deepBigFans): Debian's Maven repository top to
        # bottom reaches 3:1 only with them (WrapDrawing.readsWhereUnreadable), left to right
        # they make it a fifth smaller (WrapPlan.deepNestingGain).
        "maven": tree_file(Path(__file__).resolve().parent.parent / "samples" / "real" / "maven-repo.tree"),
        # A dendrogram whose tight placement is off-centre beyond the limit: drawn taller from
        # the tidy placement (CompactPlacement.tallerHeights), its spines' end children freed a
        # side a sweep (CompactSweeps.parentReaches); a stale port of either fails it.
        "dendrogram": newick_file(Path(__file__).resolve().parent.parent / "samples" / "real" / "dpkg-dendrogram.nwk"),
        # Top to bottom, panels of folders whose pairs of files lie side by side rather than
        # hang (WrappedPlacement.longerLists): each row of panels a level shallower.
        "pairs": pairs(120, 3),
        # Top to bottom, folders of 2 to 20 files among empty ones lie side by side under their
        # folder rather than hang (WrappedPlacement.listsSideBySide): a stale port hangs them.
        "locales": locales(200),
        # A subtree holding most of its fan, with a wide fan of its own, is drawn in the tree, not
        # nested among its siblings (WrapPlan's holdsMostOfItsFan): a stale port draws its 14
        # architectures in one row top to bottom.
        "openssl": openssl_like(),
        # Left to right, three leaves above the deepest column stay in single file
        # (WrapPlan's keepsShortRunsInSingleFile): a stale port hangs a VP's counsels in a row.
        "org": org_chart(),
        # Top to bottom, a trailing leaf whose own row of panels it would be alone in joins the
        # row before (NestingLayout.joinedTailShare): a stale port draws a review's chief of
        # staff alone in a fourth row.
        "org-chart": csv_file(ROOT / "Tests" / "Fixtures" / "org-chart.csv"),
        # Top to bottom, an area's 26 leaf zones filling its tall neighbour's room go two to a
        # panel, never one alone (NestingLayout.hasLoneLeafPanel): a stale port gives each its own.
        "tzdata": csv_file(ROOT / "Tests" / "Fixtures" / "tzdata-zones.csv"),
        # Top to bottom, panels balanced by their subtrees are uneven once packed: the fewest as
        # broad panels filled in order draw it smaller (WrappedPlacement.evened); a stale port
        # keeps them balanced.
        # (Read four spaces a level, as it was when this was found: its two-space levels pair up,
        # a forest of the classes' branches.)
        "http-classes": outline_file(ROOT / "Tests" / "Fixtures" / "python-http-classes.txt", unit=4),
        # Top to bottom, glibc's locales grouped by language draw best with their lists side by
        # side, found after the first evening: the panels are evened again on that drawing
        # (WrappedPlacement.judgeReworkings); a stale port keeps them uneven.
        "glibc-locales": outline_file(ROOT / "Tests" / "Fixtures" / "glibc-locales.txt"),
        # Left to right, wsgiref's classes close their column of 15 only with two only children
        # off their parents' level at once, Warning's and BaseHandler's (CompactConstraints.
        # relaxedSpans' pairedBend): a stale port draws it 122 px taller.
        "wsgiref-classes": outline_file(ROOT / "Tests" / "Fixtures" / "python-wsgiref-classes.txt"),
        # ftplib's classes are drawn as their tidy placement, which is as high and centres
        # `Error` on its four children (CompactPlacement.readsBetter): a stale port draws it
        # 25 px above their middle. (http-classes, collapsed, tries the tidy start too.)
        "ftplib-classes": outline_file(ROOT / "Tests" / "Fixtures" / "python-ftplib-classes.txt"),
        # optparse's classes are drawn taller than their tight placement, as well centred as
        # dot's estimated drawing (CompactPlacement.centredAsDot, DotEstimate): a stale port
        # draws them 49 px shorter, parents twice as far from their children's middle.
        "optparse-classes": outline_file(ROOT / "Tests" / "Fixtures" / "python-optparse-classes.txt"),
        # argparse's classes are drawn without the relaxation's two bent links where dot bends
        # one (CompactPlacement.centredAsDot's strays): a stale port keeps them bent.
        "argparse-classes": outline_file(ROOT / "Tests" / "Fixtures" / "python-argparse-classes.txt"),
    }
    configurations = [
        ["--orientation", "lr"],
        ["--orientation", "tb"],
        ["--orientation", "rl", "--align", "tidy"],
        ["--orientation", "bt", "--align", "stacked"],
        ["--align", "tidy", "--orientation", "tb"],
        ["--align", "centered"],
        ["--wrap", "off"],
        ["--wrap", "4", "--orientation", "tb", "--align", "tidy"],
        ["--connectors", "elbow", "--align", "compact"],
        ["--depth-labels", "Root,One,Two", "--bands", "--connectors", "curved"],
    ]
    for name, tree in trees.items():
        if only and name not in only:
            continue
        parents, labels = tree if isinstance(tree, tuple) else (tree, [f"{name} n{i}" for i in range(len(tree))])
        source = work / f"{name}.txt"
        source.write_text(outline(parents, labels), encoding="utf-8")
        children = [0] * len(parents)
        for p in parents:
            if p >= 0:
                children[p] += 1
        # Collapse: the node with most descendants below the root, and a small inner one.
        size = [1] * len(parents)
        for node in range(len(parents) - 1, 0, -1):
            if parents[node] >= 0:
                size[parents[node]] += size[node]
        inner = [n for n in range(1, len(parents)) if children[n] > 0]
        biggest = max(inner, key=lambda n: size[n])
        small = min(inner, key=lambda n: (size[n], n))
        page_index = breadth_first_index(parents)
        for options in configurations:
            page_path = work / f"{name}.page.html"
            subprocess.run([str(binary), "render", str(source), "-o", str(page_path)] + options, check=True)
            session, target = browser.open(page_path)
            first = browser.evaluate(session, "window.schematic.frames()")
            if browser.evaluate(session, "window.schematic.portDiffers()"):
                failures += 1
                print(f"collapse {name} {' '.join(options)}: the page's own check finds its placement differs   FAILED")
            cli_size, cli_cells = cells(subprocess.run([str(binary), "render", str(source), "--format", "json"] + options,
                                                       check=True, capture_output=True, text=True).stdout)
            # The page's search along its columns finds what each rect of a 5 x 5 grid holds.
            probe = ("(function(){var z=window.schematic.size(),m=0;for(var i=0;i<5;i++)for(var j=0;j<5;j++)"
                     "m+=window.schematic.queryMisses(z.w*(i/5-0.03)+0.37,z.h*(j/5-0.03)+0.37,z.w*0.29,z.h*0.29);return m;})()")
            results = [("as opened", compare(first, cli_size, cli_cells))]
            if browser.evaluate(session, probe):
                results.append(("search along the columns, as opened", "misses nodes in a rect"))
            steps = [[biggest], [biggest, small], [small]]
            for collapsed in steps:
                browser.evaluate(session, "(function(){for (var k=0;k<window.schematic.count;k++) if (window.schematic.collapsed(k)) window.schematic.toggle(k);})()")
                for node in collapsed:
                    index = page_index[node]
                    # (Compared without white space: a long label comes back in its wrapped
                    # lines, broken at a space or after a dot, "http.server.⏎BaseHTTPRequestHandler".)
                    shown = browser.evaluate(session, f"window.schematic.label({index})")
                    if "".join(str(shown).split()) != "".join(labels[node].split()):
                        results.append((f"collapsed {len(collapsed)}", f"node {node} is not at {index} on the page"))
                    browser.evaluate(session, f"window.schematic.toggle({index})")
                drawn = browser.evaluate(session, "window.schematic.frames()")
                hidden = set(collapsed)

                def keep(node, hidden=hidden):
                    return node not in hidden
                pruned = work / f"{name}.pruned.txt"
                pruned.write_text(outline(parents, labels, keep), encoding="utf-8")
                size_json, pruned_cells = cells(subprocess.run([str(binary), "render", str(pruned), "--format", "json"] + options,
                                                               check=True, capture_output=True, text=True).stdout)
                results.append((f"collapsed {len(collapsed)}", compare(drawn, size_json, pruned_cells)))
                if browser.evaluate(session, probe):
                    results.append((f"search along the columns, collapsed {len(collapsed)}", "misses nodes in a rect"))
            browser.evaluate(session, "(function(){for (var k=0;k<window.schematic.count;k++) if (window.schematic.collapsed(k)) window.schematic.toggle(k);})()")
            again = browser.evaluate(session, "window.schematic.frames()")
            results.append(("expanded", 0.0 if again == first else "differs from the first drawing"))
            browser.close_tab(target)
            bad = [(what, r) for what, r in results if isinstance(r, str) or r > TOLERANCE]
            worst = max((r for _, r in results if not isinstance(r, str)), default=0)
            line = f"collapse {name} {' '.join(options) or '(defaults)'}: {len(results)} drawings, worst {worst:.3f} px"
            if bad:
                failures += 1
                line += "   FAILED: " + "; ".join(f"{w}: {r}" for w, r in bad)
            print(line)
    # A DAG: additional parents' lanes widen their gaps (SchematicLayout.neededGapRoom), the
    # page's port alike (a stale one draws the columns after such a gap 7 to 20 px to the left).
    dags = {"apt-depends": ROOT / "Tests" / "Fixtures" / "apt-depends-git.dot",
            "abstract": Path("/usr/share/doc/graphviz/examples/graphs/directed/abstract.gv"),
            # Edges that skip levels, dashed across the columns between (a stale port of their
            # runs or lanes fails the comparison of their lines).
            "unix": Path("/usr/share/doc/graphviz/examples/graphs/directed/unix.gv"),
            # And where wide fans wrap: around the blocks (SchematicLayout.runObstacles).
            "wrapped-dag": ROOT / "Tests" / "Fixtures" / "wrapped-dag.dot",
            # Boxes of many heights: lines under every box, the drawing grown to hold them.
            "deep-labels-dag": ROOT / "Tests" / "Fixtures" / "deep-labels-dag.dot"}
    for name, source in dags.items():
        if (only and name not in only) or not source.exists():
            continue
        for options in configurations[:5] + [["--wrap", "off"]]:
            page_path = work / f"{name}.page.html"
            subprocess.run([str(binary), "render", str(source), "-o", str(page_path)] + options, check=True, capture_output=True)
            session, target = browser.open(page_path)
            drawn = browser.evaluate(session, "window.schematic.frames()")
            differs = browser.evaluate(session, "window.schematic.portDiffers()")
            cli_json = subprocess.run([str(binary), "render", str(source), "--format", "json"] + options,
                                      check=True, capture_output=True, text=True).stdout
            cli_size, cli_cells = cells(cli_json)
            result = compare(drawn, cli_size, cli_cells)
            # Left to right, the page's dashed lines run in the SVG's lanes (elbows: the turn's x).
            if options == ["--orientation", "lr"]:
                page_lanes = sorted(browser.evaluate(session, "window.schematic.extraLanes()"))
                cli_lanes = sorted(e["path"][1]["x"] for e in json.loads(cli_json)["elements"]
                                   if e.get("kind") == "connector" and len(e["indexPath"]) > 2 and e["indexPath"][2] > 0)
                if len(page_lanes) != len(cli_lanes) or any(abs(a - b) > TOLERANCE for a, b in zip(page_lanes, cli_lanes)):
                    result = f"lanes differ: page {page_lanes[:4]}… against {cli_lanes[:4]}…"
                # And lines across levels all along (SchematicLayout.routeDistantConnectors).
                count, differ = distant_lines_differ(browser, session, cli_json)
                result = differ or result
                print(f"dag {name}: {count} lines across levels")
            browser.close_tab(target)
            bad = differs or isinstance(result, str) or result > TOLERANCE
            print(f"dag {name} {' '.join(options)}: worst {result if isinstance(result, str) else f'{result:.3f} px'}"
                  + ("   FAILED" + (": the page's own check finds its placement differs" if differs else "") if bad else ""))
            failures += 1 if bad else 0
    # A DAG opened cut at a depth: the page places what is left itself (its ports of the run
    # search, tracks and lanes on the visible nodes alone), as the CLI draws the graph of the
    # nodes drawn (their depths, first parents and order are the whole graph's).
    dag_cuts = {"wrapped-dag": (ROOT / "Tests" / "Fixtures" / "wrapped-dag.dot", [2, 3]),
                "abstract": (Path("/usr/share/doc/graphviz/examples/graphs/directed/abstract.gv"), [3, 5]),
                # A forest whose wide fan wraps: cut at depth 1 every line across levels is gone
                # and blocks may reach past their columns again.
                "forest-dag": (ROOT / "Tests" / "Fixtures" / "forest-dag.dot", [1, 2, 3, 4]),
                "forest-extra-dag": (ROOT / "Tests" / "Fixtures" / "forest-extra-dag.dot", [1, 2, 3])}
    for name, (source, cuts) in dag_cuts.items():
        if (only and name not in only) or not source.exists():
            continue
        full = json.loads(subprocess.run([str(binary), "render", str(source), "--format", "json"], check=True,
                                         capture_output=True, text=True).stdout)
        section_of = {e["label"]: e["indexPath"][0] for e in full["elements"] if e["category"] == "cell"}
        edges = re.findall(r"(\w+)\s*->\s*(\w+)", re.sub(r"//[^\n]*", "", source.read_text(encoding="utf-8")))
        for cut in cuts:
            page_path = work / f"{name}-cut.html"
            subprocess.run([str(binary), "render", str(source), "-o", str(page_path), "--collapse-depth", str(cut)],
                           check=True, capture_output=True)
            session, target = browser.open(page_path)
            drawn = browser.evaluate(session, "window.schematic.frames()")
            kept = [(a, b) for a, b in edges if section_of.get(a, cut + 1) <= cut and section_of.get(b, cut + 1) <= cut]
            pruned = work / f"{name}-cut.dot"
            pruned.write_text("digraph G {\n" + "".join(f"{a} -> {b};\n" for a, b in kept) + "}\n", encoding="utf-8")
            cli_json = subprocess.run([str(binary), "render", str(pruned), "--format", "json"], check=True,
                                      capture_output=True, text=True).stdout
            cli_size, cli_cells = cells(cli_json)
            result = compare(drawn, cli_size, cli_cells)
            count, differ = distant_lines_differ(browser, session, cli_json)
            result = differ or result
            browser.close_tab(target)
            bad = isinstance(result, str) or result > TOLERANCE
            print(f"dag {name} --collapse-depth {cut}: {len(drawn['frames'])} nodes, {count} lines across levels, worst "
                  + (result if isinstance(result, str) else f"{result:.3f} px") + ("   FAILED" if bad else ""))
            failures += 1 if bad else 0
    # --collapse-depth: the tree cut below that depth, and the counts of what is hidden.
    parents = trees["random-300"]
    labels = [f"random-300 n{i}" for i in range(len(parents))]
    depth = [0] * len(parents)
    for node in range(1, len(parents)):
        depth[node] = depth[parents[node]] + 1
    size = [1] * len(parents)
    for node in range(len(parents) - 1, 0, -1):
        size[parents[node]] += size[node]
    source = work / "random-300.txt"
    source.write_text(outline(parents, labels), encoding="utf-8")
    for cut in [1, 3]:
        page_path = work / "collapse-depth.html"
        subprocess.run([str(binary), "render", str(source), "-o", str(page_path), "--collapse-depth", str(cut)], check=True)
        session, target = browser.open(page_path)
        drawn = browser.evaluate(session, "window.schematic.frames()")
        pruned = work / "cut.txt"
        pruned.write_text(outline(parents, labels, lambda n: depth[n] < cut), encoding="utf-8")
        size_json, cut_cells = cells(subprocess.run([str(binary), "render", str(pruned), "--format", "json"], check=True,
                                                    capture_output=True, text=True).stdout)
        result = compare(drawn, size_json, cut_cells)
        # Every node at the cut or deeper with children is collapsed; those at the cut are drawn.
        below = [n for n in range(len(parents)) if depth[n] >= cut and size[n] > 1]
        at_cut = [n for n in below if depth[n] == cut]
        counts = browser.evaluate(session, "(function(){var out={};for (var k=0;k<window.schematic.count;k++) if (window.schematic.collapsed(k)) out[window.schematic.label(k)]=window.schematic.hidden(k);return out;})()")
        wrong = [labels[n] for n in at_cut if counts.get(labels[n]) != size[n] - 1]
        ok = not isinstance(result, str) and result <= TOLERANCE and not wrong and len(counts) == len(below)
        print(f"--collapse-depth {cut}: {len(drawn['frames'])} nodes drawn, worst {result if isinstance(result, str) else f'{result:.3f} px'}, "
              f"{len(counts)} collapsed nodes counting what they hide" + ("" if ok else f"   FAILED {wrong[:3]}"))
        failures += 0 if ok else 1
        browser.close_tab(target)
    return failures


def opening_and_search(binary, browser, work):
    failures = 0
    small = ROOT / "samples" / "taxonomy.txt"
    big = work / "opening-5000.txt"
    parents = random_tree(5000, 5)
    labels = [f"item {i}" for i in range(len(parents))]
    big.write_text(outline(parents, labels), encoding="utf-8")
    for source, expect in [(small, "fitted"), (big, "root up close")]:
        page_path = work / (source.stem + ".opening.html")
        subprocess.run([str(binary), "render", str(source), "-o", str(page_path)], check=True)
        session, target = browser.open(page_path)
        state = browser.evaluate(session, "(function (s) { var f = s.frames().frames[0], c = s.camera, v = s.view();"
                                 " return {scale: c.scale, fit: s.fitScale(), rootShown: f[1] >= c.x && f[1] + f[3] <= c.x + v.width / c.scale"
                                 " && f[2] >= c.y && f[2] + f[4] <= c.y + v.height / c.scale}; })(window.schematic)")
        # Too big to fit with labels of 9 px: the root with its children, up to 100%, labels 10 px or more.
        up_close = state["fit"] * 14 < 9 and 10 / 14 - 1e-9 <= state["scale"] <= 1 and state["rootShown"]
        got = "root up close" if up_close else ("fitted" if abs(state["scale"] - min(2, state["fit"])) < 1e-9 else "other")  # fitting zooms in at most 2x
        ok = got == expect
        line = f"opening {source.name}: {got} (fit would be {state['fit'] * 100:.1f}%)"
        if source == big:
            result = browser.evaluate(session, "window.schematic.search('ITEM 432')")
            chain = browser.evaluate(session, "window.schematic.next()")
            line += f"; search 'ITEM 432' finds {result['matches']}, Enter moves to the next"
            ok = ok and result["matches"] == 11 and chain is not None
            browser.evaluate(session, "window.schematic.search('')")
            # Collapse the root, then search: the match is revealed.
            browser.evaluate(session, "window.schematic.toggle(0)")
            shown = browser.evaluate(session, "window.schematic.frames().frames.length")
            browser.evaluate(session, "window.schematic.search('item 4321')")
            after = browser.evaluate(session, "window.schematic.frames().frames.some(function(f){return f[0]==='item 4321';})")
            line += f"; after collapsing the root ({shown} shown) a search reveals its match: {after}"
            ok = ok and shown == 1 and after
            # The overview (shown: the root up close leaves most of the drawing out of view) is
            # put away by the o key and brought back by its button.
            visibility = "getComputedStyle(document.getElementById('schematic-overview')).visibility"
            before = browser.evaluate(session, visibility)
            browser.evaluate(session, "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'o', bubbles: true}))")
            hidden = browser.evaluate(session, visibility)
            pressed = browser.evaluate(session, "document.getElementById('schematic-map').getAttribute('aria-pressed')")
            browser.evaluate(session, "document.getElementById('schematic-map').click()")
            back = browser.evaluate(session, visibility)
            line += f"; overview {before}, after o {hidden} (pressed {pressed}), after its button {back}"
            ok = ok and (before, hidden, pressed, back) == ("visible", "hidden", "false", "visible")
        print(line + ("" if ok else "   FAILED"))
        failures += 0 if ok else 1
        browser.close_tab(target)
    return failures


FRAME_SCRIPT = """
(async function (drawer) {
  var s = window.schematic, size = s.size(), view = s.view(), out = [];
  s.setDrawer(drawer);
  var fit = s.fitScale();
  // From fitted to 400%, with the zoom that draws the most boxes (the smallest before bands).
  var zooms = [['fitted', fit], ['bands', Math.min(1, fit * 8)], ['most boxes', 3.2 / s.meanPitch()], ['25%', 0.25], ['100%', 1], ['400%', 4]];
  function frame() { return new Promise(function (resolve) { requestAnimationFrame(function () { resolve(performance.now()); }); }); }
  for (var z = 0; z < zooms.length; z++) {
    var scale = zooms[z][1], worst = 0, total = 0, frames = 40, mode = '', drawn = 0, costs = [];
    // Start at the middle of the drawing; pan right and down, then zoom in and out.
    var cx = size.w / 2, cy = size.h / 2;
    s.setCamera(cx - view.width / scale / 2, cy - view.height / scale / 2, scale);
    await frame();
    var previous = await frame();
    for (var f = 0; f < frames; f++) {
      // Pan around a circle of 80 px about the middle, then zoom in and out by 10% about it.
      var c = s.camera;
      if (f < frames / 2) { var angle = f * Math.PI / 5; s.setCamera(cx - view.width / scale / 2 + 80 * Math.cos(angle) / scale, cy - view.height / scale / 2 + 80 * Math.sin(angle) / scale, scale); }
      else { var k = f % 2 ? 1.1 : 1 / 1.1, sc = c.scale * k; s.setCamera(c.x + view.width / c.scale / 2 - view.width / sc / 2, c.y + view.height / c.scale / 2 - view.height / sc / 2, sc); }
      var t0 = performance.now();
      var result = s.draw();
      if (drawer === 'canvas') document.getElementById('schematic-canvas').getContext('2d').getImageData(0, 0, 1, 1);
      else document.querySelector('#schematic-view svg').getBoundingClientRect();
      var work = performance.now() - t0;
      var now = await frame();
      var interval = now - previous; previous = now;
      var cost = Math.max(work, interval);
      worst = Math.max(worst, cost); total += cost; mode = result.mode; costs.push(cost);
    }
    s.setCamera(cx - view.width / scale / 2, cy - view.height / scale / 2, scale);
    drawn = s.visibleCount();
    costs.sort(function (a, b) { return a - b; });
    out.push({zoom: zooms[z][0], scale: scale, worst: worst, median: costs[Math.floor(0.5 * (costs.length - 1))], p90: costs[Math.floor(0.9 * (costs.length - 1))],
              mean: total / frames, mode: mode || drawer, visible: drawn});
  }
  s.setDrawer('canvas');
  return out;
})
"""


def figures(binary, browser, work, sizes, shots):
    failures = 0
    for count in sizes:
        subprocess.run([sys.executable, str(ROOT / "bench" / "gen_tree.py"), "--sizes", str(count), "--work", str(work)], check=True,
                       stdout=subprocess.DEVNULL)
        page_path = work / f"tree-{count}.html"
        started = time.time()
        subprocess.run([str(binary), "render", str(work / f"tree-{count}.txt"), "-o", str(page_path)], check=True)
        render_seconds = time.time() - started
        megabytes = page_path.stat().st_size / 1e6
        session, target = browser.open(page_path)
        first = browser.evaluate(session, "window.schematic.readyAt")
        heap, usage = browser.heap(session)
        heap /= 1e6
        canvas = browser.evaluate(session, FRAME_SCRIPT + "('canvas')", timeout=600)
        svg = browser.evaluate(session, FRAME_SCRIPT + "('svg')", timeout=600) if count <= 100_000 else None
        # Collapsing places the rest of the tree in the page: time it on a node of the second column.
        collapse = browser.evaluate(session, "(function(){var s=window.schematic,k=1;while(k<s.count&&s.hidden(k)===0)k++;"
                                             "var t=performance.now();s.toggle(k);var c=performance.now()-t;t=performance.now();s.toggle(k);"
                                             "return {hidden:s.hidden(k),collapse:c,expand:performance.now()-t};})()", timeout=600)
        budget_first = 1000 if count <= 100_000 else 3000
        over = []
        if first > budget_first:
            over.append(f"first drawing {first:.0f} ms > {budget_first}")
        if count >= 1_000_000 and (megabytes > 60 or heap > 60):
            over.append("over 60 MB")
        # Frames are held to the budget at the median: on a shared machine (see the load average)
        # other processes take single frames; the 90th percentile and the worst are printed.
        for row in canvas:
            if row["median"] > 16:
                over.append(f"frames {row['median']:.1f} ms (median) at {row['zoom']}")
        load = os.getloadavg()[0]
        print(f"page of {count:,} nodes (load average {load:.1f} on {os.cpu_count()} cores): file {megabytes:.1f} MB, JS heap {heap:.1f} MB, first drawing {first:.0f} ms "
              f"(render {render_seconds:.1f} s); collapsing a node hiding {collapse['hidden']:,} places the rest in "
              f"{collapse['collapse']:.0f} ms, expanding in {collapse['expand']:.0f} ms" + ("" if not over else "   OVER BUDGET: " + "; ".join(over)))
        for name, rows in [("canvas", canvas), ("svg", svg)]:
            if rows:
                print(f"  {name} frames, ms median/90th percentile/worst (mode, nodes in view): " + ", ".join(
                    f"{r['zoom']} {r['median']:.1f}/{r['p90']:.1f}/{r['worst']:.1f} ({r['mode']}, {r['visible']:,})" for r in rows))
        if shots:
            for label, scale in [("fitted", None), ("bands", "fit*8"), ("100", 1)]:
                expression = "window.schematic.fitScale()" if scale is None else ("window.schematic.fitScale()*8" if scale == "fit*8" else "1")
                browser.evaluate(session, f"(function(){{var s=window.schematic,z=s.size(),v=s.view(),k={expression};s.setCamera(z.w/2-v.width/k/2,z.h/3-v.height/k/2,k);s.draw();}})()")
                browser.screenshot(session, work / f"tree-{count}-{label}.png")
        browser.close_tab(target)
        failures += 1 if over else 0
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("work")
    parser.add_argument("--big-binary", help="the binary that renders the 100,000- and 1,000,000-node pages (a release build)")
    parser.add_argument("--skip-million", action="store_true")
    parser.add_argument("--screenshots", action="store_true")
    parser.add_argument("--figures-only", action="store_true")
    parser.add_argument("--sizes", help="comma-separated node counts of the measured pages (default 1000,100000,1000000)")
    parser.add_argument("--trees", help="comma-separated names of the trees the collapse checks draw (default all)")
    args = parser.parse_args()
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("page-check: chromium is not installed; skipped")
        return 0
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    browser = Browser()
    try:
        failures = 0
        if not args.figures_only:
            failures += equality_checks(Path(args.binary), browser, work, args.trees.split(",") if args.trees else None)
            failures += opening_and_search(Path(args.binary), browser, work)
        sizes = [int(n) for n in args.sizes.split(",")] if args.sizes else [1000, 100_000] + ([] if args.skip_million else [1_000_000])
        failures += figures(Path(args.big_binary or args.binary), browser, work, sizes, args.screenshots)
    finally:
        browser.quit()
    print(f"page-check: {failures} failing checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
