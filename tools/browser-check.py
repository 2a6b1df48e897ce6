#!/usr/bin/env python3
"""Checks in a real browser that labels fit their boxes.

Loads every sample SVG, and a 1,000-node tree of random labels (Latin, accented, Greek,
Cyrillic, CJK, emoji, long words), in headless Chromium. A script in the page compares each
label's DOM bounding box (getBBox of its <text>) with its node's <rect>: no label may overflow
its box, and none may be more than 25% narrower than the box's inner width (box width minus the
horizontal padding), except boxes held at the minimum node width. Prints the counts; exits 1
if any label fails.

Usage: browser-check.py SCHEMATIC_BINARY SAMPLES_DIR WORK_DIR
"""
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

HORIZONTAL_PADDING = 12.0
MIN_NODE_WIDTH = 40.0
TOLERANCE = 0.5  # pixels of anti-aliasing and rounding slack

CHECK_SCRIPT = """
<script>
const results = [];
for (const node of document.querySelectorAll('g.node')) {
  const rect = node.querySelector('rect');
  const text = node.querySelector('text');
  if (!text) continue;  // a junction (unnamed node): a dot, no label
  const box = text.getBBox();
  const x = +rect.getAttribute('x'), y = +rect.getAttribute('y');
  const w = +rect.getAttribute('width'), h = +rect.getAttribute('height');
  results.push({label: text.textContent, x, y, w, h, bx: box.x, by: box.y, bw: box.width, bh: box.height});
}
document.body.setAttribute('data-results', JSON.stringify(results));
</script>
"""


def random_labels_tree(count, seed=2026):
    rng = random.Random(seed)
    words = {
        "latin": ["alpha", "beta", "gamma", "delta", "service", "module", "Controller", "Manager", "data", "view"],
        "accented": ["Käse", "élève", "Ærø", "niño", "Straße", "façade", "Dvořák", "Łódź", "smörgåsbord", "crème brûlée"],
        "greek": ["Ελληνικά", "αλφάβητο", "λόγος"],
        "cyrillic": ["Кириллица", "модуль", "данные"],
        "cjk": ["日本語", "中文标签", "한국어", "東京都", "模块", "データベース"],
        "long": ["Supercalifragilisticexpialidocious", "AbstractSingletonProxyFactoryBean", "very_long_snake_case_identifier_name"],
        "emoji": ["🧀", "🚀 launch", "📦 package"],
    }
    kinds = list(words)
    lines = []
    depth_of = [0]
    lines.append("Root")
    for node in range(1, count):
        parent = rng.randrange(max(0, node - 40), node)
        depth = depth_of[parent] + 1
        depth_of.append(depth)
        kind = rng.choice(kinds)
        label = " ".join(rng.choice(words[kind]) for _ in range(rng.randint(1, 6)))
        lines.append((parent, label))
    # Outline in preorder, children in order.
    children = [[] for _ in range(count)]
    for node in range(1, count):
        children[lines[node][0]].append(node)
    out = []
    stack = [(0, 0)]
    while stack:
        node, depth = stack.pop()
        label = "Root" if node == 0 else lines[node][1]
        out.append("  " * depth + label.replace("!", ""))
        for child in reversed(children[node]):
            stack.append((child, depth + 1))
    return "\n".join(out) + "\n"


def check(svg_path, work):
    html = (work / (svg_path.stem + ".check.html")).resolve()
    svg = svg_path.read_text(encoding="utf-8")
    svg = re.sub(r"^<\?xml[^>]*>\s*", "", svg)
    html.write_text("<!DOCTYPE html><html><body style='margin:0'>" + svg + CHECK_SCRIPT + "</body></html>", encoding="utf-8")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", html.as_uri()],
                         capture_output=True, text=True, timeout=180).stdout
    match = re.search(r"data-results=\"([^\"]*)\"", dom)
    if not match:
        raise SystemExit(f"browser-check: no results from Chromium for {svg_path}")
    raw = match.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    overflow, loose, held = [], [], 0
    nodes = json.loads(raw)
    for n in nodes:
        if (n["bx"] < n["x"] - TOLERANCE or n["bx"] + n["bw"] > n["x"] + n["w"] + TOLERANCE
                or n["by"] < n["y"] - TOLERANCE or n["by"] + n["bh"] > n["y"] + n["h"] + TOLERANCE):
            overflow.append(n)
        if n["w"] <= MIN_NODE_WIDTH + 1e-9:
            held += 1
        elif n["bw"] < 0.75 * (n["w"] - 2 * HORIZONTAL_PADDING):
            loose.append(n)
    return len(nodes), overflow, loose, held


HTML_SCRIPT = """
<script>
var s = window.schematic, before = s.frames().frames, result = {before: before.length};
var node = -1;
for (var k = 1; k < s.count && node < 0; k++) if (s.hidden(k) > 0) node = k;
s.toggle(node);
var after = s.frames().frames;
result.afterCollapse = after.length;
result.expected = before.length - s.hidden(node);
var overlaps = 0;
for (var i = 0; i < after.length; i++) for (var j = i + 1; j < after.length; j++) {
  var a = after[i], b = after[j];
  if (a[1] < b[1] + b[3] && b[1] < a[1] + a[3] && a[2] < b[2] + b[4] && b[2] < a[2] + a[4]) overlaps++;
}
result.overlaps = overlaps;
s.toggle(node);
result.afterExpand = s.frames().frames.length;
result.restored = JSON.stringify(s.frames().frames) === JSON.stringify(before);
result.matches = s.search(s.label(node).slice(0, 3)).matches;
document.body.setAttribute('data-results', JSON.stringify(result));
</script>
"""


def check_html(binary, sample, work):
    """Drives the interactive page: collapse a subtree, check what hides and that the drawing overlaps nothing, expand, search."""
    page = (work / (sample.stem + ".interactive.html")).resolve()
    subprocess.run([str(binary), "render", str(sample), "-o", str(page)], check=True)
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", HTML_SCRIPT + "</body>"), encoding="utf-8")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=180).stdout
    match = re.search(r"data-results=\"([^\"]*)\"", dom)
    if not match:
        return f"{sample.name}: no results from the interactive page", False
    r = json.loads(match.group(1).replace("&quot;", '"'))
    ok = (r["afterCollapse"] == r["expected"] and r["afterExpand"] == r["before"] and r["restored"] and r["overlaps"] == 0
          and r["matches"] >= 1)
    return (f"{sample.name} (interactive HTML): {r['before']} nodes, collapsing one subtree leaves {r['afterCollapse']} "
            f"(expected {r['expected']}), {r['overlaps']} overlaps after the reflow, expanding restores {r['afterExpand']}"
            f"{' exactly' if r['restored'] else ' (moved)'}, search finds {r['matches']}"), ok


def main():
    binary, samples, work = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("browser-check: chromium is not installed; skipped")
        return 0
    work.mkdir(parents=True, exist_ok=True)
    random_tree = work / "random-labels.txt"
    random_tree.write_text(random_labels_tree(1000), encoding="utf-8")
    svgs = sorted(samples.glob("*.svg"))
    generated = work / "random-labels.svg"
    subprocess.run([str(binary), "render", str(random_tree), "-o", str(generated)], check=True)
    svgs.append(generated)
    failures = 0
    for svg in svgs:
        count, overflow, loose, held = check(svg, work)
        failures += len(overflow) + len(loose)
        print(f"{svg.name}: {count} labels, {len(overflow)} overflow, {len(loose)} >25% narrower than the box, {held} at the minimum width")
        for n in (overflow + loose)[:5]:
            print(f"  {n['label']!r}: box x={n['x']} w={n['w']} h={n['h']}, text x={n['bx']:.2f} w={n['bw']:.2f} y={n['by']:.2f} h={n['bh']:.2f}")
    # The other layouts: boxes there may be wider than their labels on purpose (masonry columns,
    # fixed recipe sizes), so only overflowing labels count.
    layout_svgs = sorted((samples / "layouts").glob("*.svg"))
    for layout, extra in [("masonry", ["--columns", "4", "--width", "900"]), ("flow", []), ("circle", [])]:
        out = work / f"random-labels-{layout}.svg"
        subprocess.run([str(binary), "render", str(random_tree), "-o", str(out), "--layout", layout] + extra, check=True)
        layout_svgs.append(out)
    for svg in layout_svgs:
        count, overflow, _, _ = check(svg, work)
        failures += len(overflow)
        print(f"{svg.name}: {count} labels, {len(overflow)} overflow")
        for n in overflow[:5]:
            print(f"  {n['label']!r}: box x={n['x']} w={n['w']} h={n['h']}, text x={n['bx']:.2f} w={n['bw']:.2f} y={n['by']:.2f} h={n['bh']:.2f}")
    print(f"browser-check: {failures} failing labels")
    for sample in [samples / "org-chart.json", samples / "taxonomy.txt", samples / "real" / "primates.txt"]:
        line, ok = check_html(binary, sample, work)
        print(line + ("" if ok else "   FAILED"))
        failures += 0 if ok else 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
