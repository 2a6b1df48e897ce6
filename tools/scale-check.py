#!/usr/bin/env python3
"""make scale-check: deep chains and wide stars in every input format, timed at two sizes.

Writes, for N = 100,000 and 1,000,000: a chain of N nodes (CSV and DOT; JSON to 100,000 deep),
and a star of one node with N children in every format; renders each with the release binary
(fixed sizes, SVG to /dev/null) and prints wall time, peak memory and the 1M/100k time ratio
(about 10 for linear time). Then the Graphviz paths at scale: a star of 1,000,000 children
through Graphviz's SVG renderer (its recursion needs the large stack Schematic gives it) and to
PNG (refused: too large for cairo's bitmaps), a chain of 1,000 to PNG (scaled down, with a
warning) and of 20,000 (refused). Fails if a run fails or crashes, if a PNG is empty or
invalid, or if /dev/null is no longer a character device (it is written in place).

Usage: scale-check.py SCHEMATIC WORK_DIR
"""
import os
import stat
import subprocess
import sys
import time

def chain(fmt, n):
    if fmt == "csv":
        return "id,parentId\n0,\n" + "".join(f"{i},{i-1}\n" for i in range(1, n))
    if fmt == "dot":
        return "digraph {\n" + "".join(f"n{i-1} -> n{i};\n" for i in range(1, n)) + "}\n"
    if fmt == "json":
        return '{"name":"0","children":[' * (n - 1) + '{"name":"leaf"}' + "]}" * (n - 1)
    if fmt == "nwk":
        return "(" * (n - 1) + "leaf" + ")n" * (n - 1) + ";\n"
    raise ValueError(fmt)

def star(fmt, n):
    if fmt == "txt":
        return "hub\n" + "".join(f"  leaf {i}\n" for i in range(n))
    if fmt == "json":
        return '{"name":"hub","children":[' + ",".join(f'{{"name":"leaf {i}"}}' for i in range(n)) + "]}"
    if fmt == "yaml":
        return "hub:\n" + "".join(f"  - leaf {i}\n" for i in range(n))
    if fmt in ("csv", "tsv"):
        sep = "," if fmt == "csv" else "\t"
        return f"id{sep}parentId\nhub{sep}\n" + "".join(f"{i}{sep}hub\n" for i in range(n))
    if fmt == "md":
        return "# hub\n" + "".join(f"- leaf {i}\n" for i in range(n))
    if fmt == "dot":
        return "digraph {\n" + "".join(f"hub -> n{i};\n" for i in range(n)) + "}\n"
    if fmt == "nwk":
        return "(" + ",".join(f"leaf_{i}" for i in range(n)) + ")hub;\n"
    raise ValueError(fmt)

def long_label(fmt, word):
    """A root with one child whose label is `word` (10 MB, no spaces), in each format."""
    return {
        "txt": f"root\n  {word}\n",
        "json": f'{{"name":"root","children":[{{"name":"{word}"}}]}}',
        "yaml": f"root:\n  - {word}\n",
        "csv": f"id,parentId,label\nr,,root\nc,r,{word}\n",
        "tsv": f"id\tparentId\tlabel\nr\t\troot\nc\tr\t{word}\n",
        "md": f"- root\n  - {word}\n",
        "dot": f'digraph {{ r [label="root"]; c [label="{word}"]; r -> c; }}\n',
        "nwk": f"({word})root;\n",
    }[fmt]

LONG_LABEL_FORMATS = ("txt", "json", "yaml", "csv", "tsv", "md", "dot", "nwk")

def run(binary, path, sizing="fixed"):
    started = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "render", path, "-o", "/dev/null", "--format", "svg",
                           "--sizing", sizing], capture_output=True, text=True, timeout=600)
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        raise SystemExit(f"scale-check: {path} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return elapsed, int(done.stderr.strip().splitlines()[-1]) / 1024

def main():
    binary, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(work, exist_ok=True)
    cases = [("chain", f, {"json": [10_000, 100_000]}.get(f, [100_000, 1_000_000])) for f in ("csv", "dot", "json", "nwk")]
    cases += [("star", f, [100_000, 1_000_000]) for f in ("txt", "json", "yaml", "csv", "tsv", "md", "dot", "nwk")]
    for shape, fmt, sizes in cases:
        times = []
        for n in sizes:
            path = os.path.join(work, f"{shape}-{n}.{fmt}")
            if not os.path.exists(path):
                with open(path, "w") as f:
                    f.write((chain if shape == "chain" else star)(fmt, n))
            elapsed, peak = run(binary, path)
            times.append(elapsed)
            print(f"{shape} of {n:>9,} nodes, {fmt:>4}: {elapsed * 1000:8.0f} ms, peak {peak:6.0f} MB", flush=True)
        print(f"  {shape} {fmt}: x{sizes[1] // sizes[0]} nodes took x{times[1] / times[0]:.1f} the time")
    # A 10 MB label without spaces, measured and drawn (default sizing), in every reader: linear, under 2 s.
    word = "x" * 10_000_000
    for fmt in LONG_LABEL_FORMATS:
        path = os.path.join(work, f"long-label.{fmt}")
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(long_label(fmt, word))
        elapsed, peak = run(binary, path, sizing="fit")
        print(f"10 MB label, {fmt:>4}: {elapsed * 1000:8.0f} ms, peak {peak:6.0f} MB", flush=True)
        if elapsed > 2.0:
            raise SystemExit(f"scale-check: a 10 MB label in {fmt} took {elapsed:.1f} s (more than 2 s)")
    graphviz_checks(binary, work)
    if not stat.S_ISCHR(os.stat("/dev/null").st_mode):
        raise SystemExit("scale-check: /dev/null is no longer a character device")
    return 0

def graphviz(binary, args):
    started = time.monotonic()
    done = subprocess.run([binary, "render", *args, "--sizing", "fixed"], capture_output=True, text=True, timeout=1200)
    if done.returncode < 0:
        raise SystemExit(f"scale-check: render {' '.join(args)} crashed (signal {-done.returncode}): {done.stderr.strip()[-300:]}")
    return done, time.monotonic() - started

def graphviz_checks(binary, work):
    """Graphviz at scale: never a crash, never an empty or invalid bitmap."""
    star = os.path.join(work, "star-1000000.txt")
    done, elapsed = graphviz(binary, [star, "--format", "gv:svg", "-o", "/dev/null"])
    if done.returncode != 0:
        raise SystemExit(f"scale-check: star of 1,000,000 to gv:svg failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    print(f"graphviz: star of 1,000,000 nodes to gv:svg: {elapsed * 1000:8.0f} ms", flush=True)
    for count, name in [(1_000_000, star), (20_000, None), (1_000, None)]:
        if name is None:
            name = os.path.join(work, f"chain-{count}.csv")
            with open(name, "w") as f:
                f.write(chain("csv", count))
        png = os.path.join(work, f"graphviz-{count}.png")
        if os.path.exists(png):
            os.unlink(png)
        done, elapsed = graphviz(binary, [name, "-o", png])
        shape = "star" if name == star else "chain"
        if done.returncode == 0:
            with open(png, "rb") as f:
                header = f.read(24)
            if not header.startswith(b"\x89PNG\r\n\x1a\n"):
                raise SystemExit(f"scale-check: {shape} of {count:,} to PNG: exit 0 but not a valid PNG")
            width, height = int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
            outcome = f"{width} x {height} px" + (", scaled down with a warning" if "scaled to" in done.stderr else "")
        elif "too large for PNG" in done.stderr and not os.path.exists(png):
            outcome = "refused: " + done.stderr.strip().split(": ", 2)[-1][:60] + "…"
        else:
            raise SystemExit(f"scale-check: {shape} of {count:,} to PNG failed ({done.returncode}): {done.stderr.strip()[-300:]}")
        print(f"graphviz: {shape} of {count:>9,} nodes to PNG: {elapsed * 1000:8.0f} ms, {outcome}", flush=True)

if __name__ == "__main__":
    sys.exit(main())
