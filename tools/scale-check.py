#!/usr/bin/env python3
"""make scale-check: deep chains and wide stars in every input format, timed at two sizes.

Writes, for N = 100,000 and 1,000,000: a chain of N nodes (CSV and DOT; JSON to 100,000 deep),
and a star of one node with N children in every format; renders each with the release binary
(fixed sizes, SVG to /dev/null) and prints wall time, peak memory and the 1M/100k time ratio
(about 10 for linear time). Fails if a run fails or crashes.

Usage: scale-check.py SCHEMATIC WORK_DIR
"""
import os
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
    raise ValueError(fmt)

def run(binary, path):
    started = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "render", path, "-o", "/dev/null", "--format", "svg",
                           "--sizing", "fixed"], capture_output=True, text=True, timeout=600)
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        raise SystemExit(f"scale-check: {path} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return elapsed, int(done.stderr.strip().splitlines()[-1]) / 1024

def main():
    binary, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(work, exist_ok=True)
    cases = [("chain", f, {"json": [10_000, 100_000]}.get(f, [100_000, 1_000_000])) for f in ("csv", "dot", "json")]
    cases += [("star", f, [100_000, 1_000_000]) for f in ("txt", "json", "yaml", "csv", "tsv", "md", "dot")]
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
    return 0

if __name__ == "__main__":
    sys.exit(main())
