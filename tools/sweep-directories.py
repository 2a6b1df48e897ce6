#!/usr/bin/env python3
"""Draw every directory of a given size on this machine and report the drawings' aspect ratios.

    tools/sweep-directories.py BIN [--orientation lr|tb] [--min 250] [--max 2500] [ROOT ...]

Finds the directories under the roots (default: /usr, /opt, /etc, /var/lib, /root) that hold
between --min and --max entries in all (at most 7 levels deep; of nested matches only the
outermost), draws each with BIN by default (read as a directory, as a user would), and prints one
line per directory (entries, path, width, height, aspect: width over height, negative for
taller than wide) and a summary: how many are within 2:1, within 3:1 and beyond 3:1 either way.
Trees nobody tuned on: the figures must hold here, not only on samples/.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("binary")
parser.add_argument("roots", nargs="*", default=["/usr", "/opt", "/etc", "/var/lib", "/root"])
parser.add_argument("--orientation", default="lr", choices=["lr", "rl", "tb", "bt"])
parser.add_argument("--min", type=int, default=250)
parser.add_argument("--max", type=int, default=2500)
args = parser.parse_args()


def entries(path, limit):
    """Entries below path (stopping past limit)."""
    count = 0
    for _, directories, files in os.walk(path):
        count += len(directories) + len(files)
        if count > limit:
            break
    return count


found = []
for root in args.roots:
    for path, directories, _ in os.walk(root):
        if path.count("/") > 7:
            directories[:] = []
            continue
        directories.sort()
        count = entries(path, args.max)
        if args.min <= count <= args.max:
            found.append((count, path))
inside = {path for _, path in found}
found = sorted((count, path) for count, path in found if os.path.dirname(path) not in inside)

bands = [0, 0, 0]
with tempfile.TemporaryDirectory() as scratch:
    output = os.path.join(scratch, "drawing.svg")
    for count, path in sorted(found, key=lambda row: row[1]):
        run = subprocess.run([args.binary, path, "--orientation", args.orientation, "-o", output],
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            print(f"{count} {path} failed: {run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run.returncode}")
            continue
        with open(output, encoding="utf-8") as svg:
            view = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg.read(4000))
        width, height = float(view.group(1)), float(view.group(2))
        aspect = width / height if width >= height else -height / width
        bands[0 if abs(aspect) <= 2 else 1 if abs(aspect) <= 3 else 2] += 1
        print(f"{count} {path} {width:g} {height:g} {aspect:.2f}")
print(f"{len(found)} directories, {args.orientation}: {bands[0]} within 2:1, {bands[1]} within 3:1, "
      f"{bands[2]} beyond 3:1", file=sys.stderr)
