#!/usr/bin/env python3
"""Quality of every alignment against Graphviz dot on the real trees in samples/real and the
samples: area and mean parent offset (ours / dot's), overlaps and crossings. Prints a Markdown
table for the README. Usage: quality.py SCHEMATIC"""
import glob, json, subprocess, sys

binary = sys.argv[1]
files = sorted(f for f in glob.glob("samples/real/*") if not f.endswith(".svg")) + ["samples/org-chart.json", "samples/taxonomy.txt", "samples/package.tree"]
print("| tree | nodes | alignment | area vs dot | mean parent offset (ours / dot) | overlaps | crossings |")
print("|---|---:|---|---:|---:|---:|---:|")
failed = False
for path in files:
    for alignment in ("compact", "tidy", "stacked"):
        done = subprocess.run([binary, "compare", path, "--json", "--align", alignment], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"| {path} | | {alignment} | failed: {done.stderr.strip()} |", flush=True)
            failed = True
            continue
        r = json.loads(done.stdout)
        ours, dot = r["schematic"], r["graphviz"]
        area = ours["area"] / dot["area"]
        ok = ours["overlappingNodes"] == 0 and ours["crossingConnectors"] == 0
        if alignment == "compact":
            ok = ok and ours["area"] <= dot["area"] and ours["meanParentOffset"] <= dot["meanParentOffset"]
        if alignment == "tidy":
            ok = ok and ours["meanParentOffset"] < 1e-6
        failed |= not ok
        print(f"| {path.split('/')[-1]} | {r['nodes']} | {alignment} | {area:.2f} | {ours['meanParentOffset']:.1f} / {dot['meanParentOffset']:.1f} "
              f"| {ours['overlappingNodes']} | {ours['crossingConnectors']} |{'' if ok else ' MISS'}", flush=True)
sys.exit(1 if failed else 0)
