#!/usr/bin/env python3
"""The page's port of the compact placement on trees beyond 50,000 nodes (where both take three
centring sweeps; tools/page-check.py compares only small trees): for two trees of 60,000 and
52,000 nodes and three option sets, the page as opened and after collapsing a node (the page
places the rest itself) against the CLI's JSON. A port without the big-tree rule is off by
hundreds of px after the collapse.

    python3 bench/page-port-big.py .build/release/schematic [WORK_DIR]
"""
import importlib.util, sys, subprocess
from pathlib import Path
spec = importlib.util.spec_from_file_location("pc", str(Path(__file__).resolve().parent.parent / "tools" / "page-check.py"))
pc = importlib.util.module_from_spec(spec); spec.loader.exec_module(pc)
binary, work = sys.argv[1], Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp/page-port-big")
work.mkdir(parents=True, exist_ok=True)
browser = pc.Browser()
failures = 0
try:
    for name, count, seed in [("big-60k", 60_000, 5), ("big-52k-fans", 52_000, 6)]:
        parents = pc.random_tree(count, seed, fan_every=37 if "fans" in name else 0)
        labels = [f"{name} n{i}" for i in range(len(parents))]
        source = work / f"{name}.txt"
        source.write_text(pc.outline(parents, labels), encoding="utf-8")
        for options in [[], ["--orientation", "tb"], ["--wrap", "off"]]:
            page = work / f"{name}.html"
            subprocess.run([binary, "render", str(source), "-o", str(page)] + options, check=True, capture_output=True)
            session, target = browser.open(page)
            differs = browser.evaluate(session, "window.schematic.portDiffers()", timeout=600)
            first = browser.evaluate(session, "window.schematic.frames()", timeout=600)
            size, cli = pc.cells(subprocess.run([binary, "render", str(source), "--format", "json"] + options, check=True, capture_output=True, text=True).stdout)
            result = pc.compare(first, size, cli)
            # Collapse one small inner node: the page places the rest itself.
            children = [0] * len(parents)
            for p in parents:
                if p >= 0: children[p] += 1
            node = max(n for n in range(1, len(parents)) if children[n] > 0 and children[n] < 3)
            index = browser.evaluate(session, f"window.schematic.find({pc.json.dumps(labels[node])}).filter(function(k){{return window.schematic.label(k)==={pc.json.dumps(labels[node])};}})[0]")
            browser.evaluate(session, f"window.schematic.toggle({index})", timeout=600)
            drawn = browser.evaluate(session, "window.schematic.frames()", timeout=600)
            pruned = work / f"{name}.pruned.txt"
            pruned.write_text(pc.outline(parents, labels, lambda n: n != node), encoding="utf-8")
            psize, pcells = pc.cells(subprocess.run([binary, "render", str(pruned), "--format", "json"] + options, check=True, capture_output=True, text=True).stdout)
            collapsed = pc.compare(drawn, psize, pcells)
            browser.close_tab(target)
            bad = differs or isinstance(result, str) or result > pc.TOLERANCE or isinstance(collapsed, str) or collapsed > pc.TOLERANCE
            failures += bad
            print(name, options, "portDiffers", differs, "as opened", result, "collapsed", collapsed, "FAILED" if bad else "ok", flush=True)
finally:
    browser.quit()
print("page-port-big:", failures, "failing checks")
sys.exit(1 if failures else 0)
