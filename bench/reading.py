#!/usr/bin/env python3
"""How a schematic drawing reads, from its `--format json` output (left-to-right columns):
the mean distance, along the column, of a parent's centre from the middle of its first and
last children's centres; how many parents lie beyond that span (by more than 1 px) and the
worst such distance; and the drawing's height. Streams the file line by line (one element a
line), so a 1,000,000-node drawing needs no JSON tree in memory.

    python3 bench/reading.py out.json [more.json ...]
"""
import re
import sys

CELL = re.compile(r'^\{"indexPath":\[(\d+),(\d+)\],"category":"cell".*?"center":\{"x":[-\d.e+]+,"y":([-\d.e+]+)\}')
CONNECTOR = re.compile(r'^\{"indexPath":\[(\d+),(\d+)\],"category":"supplementary","kind":"connector".*?"parentIndexPath":\[(\d+),(\d+)\]')
HEIGHT = re.compile(r'"contentSize":\{"width":[-\d.e+]+,"height":([-\d.e+]+)\}')


def reading(path):
    centre = {}
    children = {}  # parent (section, item) -> (first child item, last child item, section)
    height = 0.0
    with open(path) as lines:
        for line in lines:
            match = CELL.match(line)
            if match:
                centre[(int(match[1]), int(match[2]))] = float(match[3])
                continue
            match = CONNECTOR.match(line)
            if match:
                child = (int(match[1]), int(match[2]))
                parent = (int(match[3]), int(match[4]))
                first, last = children.get(parent, (child, child))
                children[parent] = (min(first, child), max(last, child))
                continue
            match = HEIGHT.search(line)
            if match:
                height = float(match[1])
    total, outside, worst = 0.0, 0, 0.0
    for parent, (first, last) in children.items():
        low, high = centre[first], centre[last]
        if low > high:
            low, high = high, low
        c = centre[parent]
        total += abs(c - (low + high) / 2)
        beyond = max(low - c, c - high, 0.0)
        if beyond > 1:
            outside += 1
            worst = max(worst, beyond)
    parents = len(children)
    return parents, total / max(1, parents), outside, worst, height


if __name__ == "__main__":
    print("| file | parents | mean offset px | outside | worst px | height px |")
    print("|---|---:|---:|---:|---:|---:|")
    for path in sys.argv[1:]:
        parents, mean, outside, worst, height = reading(path)
        print(f"| {path} | {parents} | {mean:.2f} | {outside} | {worst:.1f} | {height:.0f} |")
