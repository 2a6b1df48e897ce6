"""Benchmark schematic against Graphviz dot, d3-hierarchy and igraph.

For every size it generates (and caches) random trees with gen_tree.py, then
times each tool as a whole process, writing its result to a file: the minimum
and the median of several runs (the minimum is the figure to compare on a busy
machine; the median shows the noise), peak RSS the largest seen. Ours, with the
default options (labels measured with HarfBuzz, the default alignment): SVG and
JSON end to end, the layout phase (from --timings) in every alignment, peak
memory and bytes per node (of memory and of SVG). Peers, each writing its
result to a file as we write ours: `dot -Tdot` (up to 10k nodes), d3.tree()
under node (writes the positions), igraph's Reingold-Tilford (writes the
positions). Ratios are peer time / our time, on minimums. The other layouts
(flow, grid, circle, masonry) and the fixed-size talk layout are timed too
unless --quick. `--viewport 1000x800` (self-sizing viewport by viewport) is timed
against the same render without it, the two interleaved run by run, and must give
the same SVG; --layout circle too unless --quick. It prints one table per size
with the targets of issue 14, and
writes work/results.json. Exit status is 0 even when a target is missed, 1 if a
command failed.

    python3 bench/run.py --schematic .build/release/schematic \\
        [--sizes 100,1000,10000,100000,1000000] [--work bench/work] [--quick] \\
        [--reflow .build/release/SchematicBenchmarks] [--schematic-args "--sizing fixed"]

Peak RSS comes from GNU time (/usr/bin/time -f %M) when present. os.wait4's
ru_maxrss on the direct child is not usable alone: Linux carries the parent's
high-water mark across fork/vfork+exec, so every child would report at least
this Python process's RSS. GNU time forks the command from a ~1 MB process,
so its figure is the command's own. Without it we fall back to os.wait4.
GNU time costs about 0.8 ms a run (its own fork and exec), as much as a tenth of
a small render: only the warm-up run of each command goes through it (for the
peak); the timed runs start the command directly, every tool alike.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
DEBIAN_PYTHON = "/usr/bin/python3"
D3_FILE = "/usr/share/nodejs/d3-hierarchy/dist/d3-hierarchy.js"

SVG_TARGET_MS = {100: 10, 1000: 20, 10_000: 60, 100_000: 250, 1_000_000: 1500}
LAYOUT_TARGET_MS = {1_000_000: 300}  # every alignment, labels measured
ALIGNMENTS = ["compact", "tidy", "stacked", "centered"]  # the default first
REFLOW_FROM = 100_000        # sizes that also get the in-process reflow benchmark
REFLOW_RATIO_TARGET = 1000   # one label change must be this much cheaper than a full prepare
COMPARE_MAX_NODES = 10_000   # in-process comparison with dot through the library, up to here
BYTES_PER_NODE_TARGET = 250
VIEWPORT = "1000x800"        # --viewport runs: self-sizing one viewport of this size at a time
VIEWPORT_RATIO_TARGET = 1.5  # ... at most this many times the same render without --viewport
MEMORY_CHECKED_FROM = 100_000  # below this the process's fixed ~15 MB dominates
DOT_MAX_NODES = 10_000
RUN_BUDGET_S = 30
OTHER_LAYOUTS = ["flow", "grid", "circle", "masonry"]  # stop repeating a measurement once its runs would pass this


class Failed(Exception):
    pass


def planned_runs(n):
    return 15 if n < 10_000 else 10 if n < 100_000 else 5 if n < 1_000_000 else 3


def run_once(cmd, timeout, peak=True):
    """Run cmd once: (wall s, peak KiB, stdout, stderr), or None if it timed out. Without
    `peak`, started directly (no GNU time in the wall time) and the peak is None."""
    with tempfile.NamedTemporaryFile("r") as rss, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err:
        argv = [GNU_TIME, "-f", "%M", "-o", rss.name, "--"] + cmd if GNU_TIME and peak else cmd
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err, start_new_session=True)
        timer = threading.Timer(timeout, kill_group, (proc.pid,))
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(errors="replace"), err.read().decode(errors="replace")
        if proc.returncode == -signal.SIGKILL and wall >= timeout:
            return None
        if proc.returncode != 0:
            raise Failed(f"{shlex.join(cmd)} exited {proc.returncode}: {stderr.strip()[-500:]}")
        if not peak:
            return wall, None, stdout, stderr
        peak = int(rss.read().split()[-1]) if GNU_TIME else usage.ru_maxrss
        return wall, peak, stdout, stderr


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def measure(cmd, runs, timeout=300, check=None):
    """Minimum and median wall ms and peak KiB over up to `runs` runs, or {"status": "timeout"}.

    check(stdout, stderr) validates one run and may return a figure to collect.
    """
    walls, peaks, figures = [], [], []
    warm_up = True  # the first run warms caches; it is dropped unless it was slow (> 1 s)
    while len(walls) < runs:
        result = run_once(cmd, timeout, peak=warm_up)  # the peak from the warm-up run
        if result is None:
            return {"status": "timeout", "timeout_s": timeout}
        wall, peak, stdout, stderr = result
        figure = check(stdout, stderr) if check else None
        if peak is not None:
            peaks.append(peak)
        if warm_up:
            warm_up = False
            runs = min(runs, max(1, int(RUN_BUDGET_S / wall)))
            if wall < 1:
                continue
        walls.append(wall * 1000)
        figures.append(figure)
    result = {"status": "ok", "min_ms": min(walls), "median_ms": statistics.median(walls), "runs": len(walls),
              "peak_kib": max(peaks), "walls_ms": [round(w, 2) for w in walls]}
    if check:
        result["figures"] = figures
    return result


def measure_interleaved(cmds, runs, timeout=300):
    """measure() for several commands, run in turn within each round, so that a slow spell of a
    busy machine hits all of them alike: their ratios are then fair. One result per command."""
    warm = [run_once(cmd, timeout) for cmd in cmds]  # dropped, as measure() drops its first run
    if any(result is None for result in warm):
        return [{"status": "timeout", "timeout_s": timeout} for _ in cmds]
    runs = min(runs, max(1, int(RUN_BUDGET_S / sum(result[0] for result in warm))))
    walls, peaks = [[] for _ in cmds], [[result[1]] for result in warm]
    for _ in range(runs):
        for index, cmd in enumerate(cmds):
            result = run_once(cmd, timeout, peak=False)
            if result is None:
                return [{"status": "timeout", "timeout_s": timeout} for _ in cmds]
            walls[index].append(result[0] * 1000)
    return [{"status": "ok", "min_ms": min(w), "median_ms": statistics.median(w), "runs": len(w),
             "peak_kib": max(p), "walls_ms": [round(x, 2) for x in w]} for w, p in zip(walls, peaks)]


def bench_viewport(n, schematic, tree, out, runs, layout_args):
    """The same render with and without --viewport, interleaved; their SVGs must be equal."""
    name = "-".join(arg.lstrip("-") for arg in layout_args) or "default"
    plain_svg, viewport_svg = out(f"{name}.plain.svg"), out(f"{name}.viewport.svg")
    plain, viewport = measure_interleaved(
        [schematic + [tree, "-o", plain_svg] + layout_args,
         schematic + [tree, "-o", viewport_svg, "--viewport", VIEWPORT] + layout_args], runs)
    if plain["status"] != "ok" or viewport["status"] != "ok":
        raise Failed(f"schematic --viewport {VIEWPORT} {' '.join(layout_args)} timed out")
    with open(plain_svg, "rb") as a, open(viewport_svg, "rb") as b:
        if a.read() != b.read():
            raise Failed(f"--viewport {VIEWPORT} {' '.join(layout_args)} drew another SVG than the same render without it")
    return {"args": layout_args, "plain": plain, "viewport": viewport, "ratio": viewport["min_ms"] / plain["min_ms"]}


def count_check(n):
    def check(stdout, _):
        if stdout.strip() != str(n):
            raise Failed(f"expected node count {n}, got {stdout.strip()!r}")
    return check


def timings_check(n):
    def check(_, stderr):
        match = re.search(r"timings: nodes=(\d+) .*layout=(\d+)us", stderr)
        if not match or int(match.group(1)) != n:
            raise Failed(f"bad --timings line for {n} nodes: {stderr.strip()!r}")
        return int(match.group(2)) / 1000
    return check


def peers_installed():
    have_igraph = os.access(DEBIAN_PYTHON, os.X_OK) and subprocess.run(
        [DEBIAN_PYTHON, "-c", "import igraph"], capture_output=True).returncode == 0
    return {"dot": shutil.which("dot") is not None,
            "d3": shutil.which("node") is not None and os.path.exists(D3_FILE),
            "igraph": have_igraph}


def bench_size(n, schematic, work, installed, reflow_binary=None, quick=False):
    """All measurements for one size, as a dict. schematic is the command up to `render`."""
    tree = lambda ext: os.path.join(work, f"tree-{n}.{ext}")
    runs = planned_runs(n)
    ours = {}
    out = lambda ext: os.path.join(work, f"out-{n}.{ext}")
    svg = measure(schematic + [tree("txt"), "-o", out("svg"), "--timings"], runs, check=timings_check(n))
    if svg["status"] != "ok":
        raise Failed("schematic timed out")
    svg["layout_ms"] = min(svg.pop("figures"))
    ours["svg"] = svg
    ours["svg_bytes"] = os.path.getsize(out("svg"))
    ours["json"] = measure(schematic + [tree("txt"), "-o", out("json")], runs)
    if ours["json"]["status"] != "ok":
        raise Failed("schematic timed out")
    ours["json_bytes"] = os.path.getsize(out("json"))
    # The layout phase in every alignment, labels measured (the default's is the SVG run's).
    ours["alignments"] = {ALIGNMENTS[0]: {"layout_ms": svg["layout_ms"], "min_ms": svg["min_ms"],
                                          "median_ms": svg["median_ms"]}}
    for alignment in ALIGNMENTS[1:]:
        run = measure(schematic + [tree("txt"), "-o", out(f"{alignment}.svg"), "--timings", "--align", alignment],
                      runs, check=timings_check(n))
        if run["status"] != "ok":
            raise Failed(f"schematic --align {alignment} timed out")
        run["layout_ms"] = min(run.pop("figures"))
        ours["alignments"][alignment] = run
    # Self-sizing viewport by viewport against sizing every cell at once (defaults; and circle).
    ours["viewport"] = [bench_viewport(n, schematic, tree("txt"), out, runs, [])]
    if not quick:
        ours["viewport"].append(bench_viewport(n, schematic, tree("txt"), out, runs, ["--layout", "circle"]))
    if not quick:
        # The talk's layout: stacked columns, fixed 120x40 nodes, no font measurement.
        fixed = measure(schematic + [tree("txt"), "-o", out("fixed.svg"), "--timings", "--sizing", "fixed",
                                     "--align", "stacked"], runs, check=timings_check(n))
        if fixed["status"] != "ok":
            raise Failed("schematic --sizing fixed timed out")
        fixed["layout_ms"] = min(fixed.pop("figures"))
        ours["fixed_svg"] = fixed
        # The seeds' other layouts on the same engine, fixed sizes, SVG end to end.
        ours["layouts"] = {}
        for layout in OTHER_LAYOUTS:
            other = measure(schematic + [tree("txt"), "-o", out(f"{layout}.svg"), "--timings", "--sizing", "fixed",
                                         "--layout", layout], runs, check=timings_check(n))
            if other["status"] != "ok":
                raise Failed(f"schematic --layout {layout} timed out")
            other["layout_ms"] = min(other.pop("figures"))
            ours["layouts"][layout] = other
    if reflow_binary and n >= REFLOW_FROM:
        # In process: a full prepare against one label change reflowed through a context.
        ours["reflow"] = {}
        # Every alignment with the default wrapping, and the talk's configuration (stacked, no
        # wrapping): the one that reflows column by column rather than placing the tree again.
        for alignment, wrap in [(a, "auto") for a in ALIGNMENTS] + [("stacked", "off")]:
            done = subprocess.run([reflow_binary, "reflow", tree("txt"), "3", alignment, wrap],
                                  capture_output=True, text=True, timeout=900)
            if done.returncode != 0:
                raise Failed("schematic-benchmarks failed: " + done.stderr.strip())
            ours["reflow"][alignment if wrap == "auto" else f"{alignment}, wrap off"] = json.loads(done.stdout)

    if reflow_binary and n <= COMPARE_MAX_NODES and not quick:
        # In process, as `schematic compare` does it: our layout against dot through libgvc.
        done = subprocess.run([reflow_binary, "compare", tree("txt"), "5" if n < 10_000 else "2"],
                              capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise Failed("schematic-benchmarks compare failed: " + done.stderr.strip())
        ours["compare"] = json.loads(done.stdout)

    peers = {}

    def peer(name, cmd, **options):
        peers[name] = measure(cmd, runs, **options) if installed[name] else {"status": "not installed"}

    if n <= DOT_MAX_NODES:
        peer("dot", ["dot", "-Tdot", tree("dot"), "-o", out("dot.out")], timeout=120)
    peer("d3", ["node", os.path.join(BENCH, "d3_tree.js"), tree("json"), out("d3.tsv")], check=count_check(n))
    peer("igraph", [DEBIAN_PYTHON, os.path.join(BENCH, "igraph_tree.py"), tree("edges"), out("igraph.tsv")],
         timeout=120, check=count_check(n))
    return {"nodes": n, "schematic": ours, "peers": peers}


def verdict(ok):
    return "ok" if ok else "MISS"


def timing(run):
    return f"{run['min_ms']:.1f} / {run['median_ms']:.1f} ms"


def report(result, baseline_kib):
    """One size's table: every time as minimum / median; ratios and targets on minimums."""
    n, ours = result["nodes"], result["schematic"]
    svg = ours["svg"]
    lines = [f"== {n:,} nodes ({svg['runs']} runs; times are min / median) =="]

    def row(name, value, note=""):
        lines.append(f"  {name:<18}{value:>22}   {note or ''}".rstrip())

    svg_target = SVG_TARGET_MS.get(n)
    row("ours SVG e2e", timing(svg), "defaults (labels measured, --align compact)" + (
        f"   target <= {svg_target} ms   {verdict(svg['min_ms'] <= svg_target)}" if svg_target else ""))
    row("ours JSON e2e", timing(ours["json"]), f"{ours['json']['min_ms'] / svg['min_ms']:.2f}x the SVG time")
    layout_target = LAYOUT_TARGET_MS.get(n)
    for alignment, run in ours["alignments"].items():
        row(f"layout {alignment}", f"{run['layout_ms']:.1f} ms",
            f"--timings, min; SVG e2e {timing(run)}" + (
                f"   target <= {layout_target} ms   {verdict(run['layout_ms'] <= layout_target)}" if layout_target else ""))
    fixed = ours.get("fixed_svg")
    if fixed:
        row("fixed SVG e2e", timing(fixed), f"layout {fixed['layout_ms']:.1f} ms   --sizing fixed --align stacked (the talk's)")
    for layout, other in ours.get("layouts", {}).items():
        row(f"{layout} SVG e2e", timing(other),
            f"layout {other['layout_ms']:.1f} ms, peak {other['peak_kib'] / 1024:.1f} MB   --layout {layout} --sizing fixed")
    for run in ours.get("viewport", []):
        what = " ".join(run["args"]) or "defaults"
        row(f"viewport {what.replace('--layout ', '')}", timing(run["viewport"]),
            f"--viewport {VIEWPORT}: {run['ratio']:.2f}x the same render without it ({run['plain']['min_ms']:.1f} ms; "
            f"{what}; interleaved, same SVG)   target <= {VIEWPORT_RATIO_TARGET}x   "
            f"{verdict(run['ratio'] <= VIEWPORT_RATIO_TARGET)}")
    peak_kib = svg["peak_kib"]
    bpn = peak_kib * 1024 / n
    above = (peak_kib - baseline_kib) * 1024 / n
    row("ours peak RSS", f"{peak_kib / 1024:.1f} MB")
    row("memory/node", f"{bpn:,.0f} B",
        f"({above:,.0f} above the {baseline_kib / 1024:.1f} MB one-node run)   target <= {BYTES_PER_NODE_TARGET}   " +
        (verdict(bpn <= BYTES_PER_NODE_TARGET) if n >= MEMORY_CHECKED_FROM else "not checked below 100k"))
    row("SVG bytes/node", f"{ours['svg_bytes'] / n:,.0f} B", f"JSON {ours['json_bytes'] / n:,.0f} B/node")
    for name, peer in result["peers"].items():
        if peer["status"] != "ok":
            extra = f" (> {peer['timeout_s']} s)" if peer["status"] == "timeout" else ""
            row(name, peer["status"] + extra)
            continue
        ratio = peer["min_ms"] / svg["min_ms"]
        row(name, timing(peer), f"{ratio:.2f}x our default SVG time "
            f"({'slower' if ratio >= 1 else 'FASTER'} than us)   peak {peer['peak_kib'] / 1024:.1f} MB")
    compare = ours.get("compare")
    if compare:
        row("dot via libgvc", f"{compare['dotMs']:.1f} ms",
            f"in process, same tree and node sizes; our layout {compare['oursMs']:.2f} ms: dot takes {compare['ratio']:,.1f}x as long")
    for alignment, reflow in ours.get("reflow", {}).items():
        row(f"reflow {alignment}", f"{reflow['labelReflowMs'] * 1000:.1f} us",
            f"one label changed, through an invalidation context; full prepare {reflow['fullPrepareMs']:.1f} ms, "
            f"self-sizing {reflow['selfSizingMs']:.1f} ms: {reflow['ratio']:,.0f}x cheaper   "
            f"target >= {REFLOW_RATIO_TARGET}x   {verdict(reflow['ratio'] >= REFLOW_RATIO_TARGET)}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schematic", required=True, help="path to the schematic binary")
    parser.add_argument("--sizes", default="100,1000,10000,100000,1000000")
    parser.add_argument("--work", default=os.path.join(BENCH, "work"))
    parser.add_argument("--reflow", help="path to the schematic-benchmarks binary (in-process reflow figures)")
    parser.add_argument("--quick", action="store_true",
                        help="skip the fixed-size and other-layout runs and the in-process dot comparison")
    parser.add_argument("--schematic-args", default="",
                        help="extra options for every schematic run, e.g. '--sizing fixed'")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    binary = os.path.abspath(args.schematic)
    if not os.access(binary, os.X_OK):
        sys.exit(f"run.py: no executable at {binary}; build with swift build -c release")
    schematic = [binary, "render"] + shlex.split(args.schematic_args)
    os.makedirs(args.work, exist_ok=True)

    installed = peers_installed()
    print("ours:", shlex.join(schematic), "tree-N.txt -o out-N.svg (and out-N.json)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print("peers:", ", ".join(f"{k} {'ok' if v else 'not installed'}" for k, v in installed.items()))
    spawn = measure(["/bin/true"], 15)
    print(f"process spawn overhead (/bin/true): {spawn['min_ms']:.2f} / {spawn['median_ms']:.2f} ms; "
          f"peak RSS via {'GNU time' if GNU_TIME else 'os.wait4 (includes this process)'}\n")
    one = os.path.join(args.work, "one-node.txt")
    with open(one, "w") as f:
        f.write("Node 0\n")
    baseline = measure(schematic + [one, "-o", os.path.join(args.work, "out-1.svg")], 5)

    results, failed = [], False
    for n in sizes:
        subprocess.run([sys.executable, os.path.join(BENCH, "gen_tree.py"), "--sizes", str(n),
                        "--work", args.work], check=True)
        try:
            reflow = os.path.abspath(args.reflow) if args.reflow else None
            results.append(bench_size(n, schematic, args.work, installed, reflow, args.quick))
        except Failed as error:
            print(f"== {n:,} nodes: FAILED: {error}\n", flush=True)
            failed = True
            continue
        print(report(results[-1], baseline["peak_kib"]) + "\n", flush=True)

    with open(os.path.join(args.work, "results.json"), "w") as f:
        json.dump({"schematic": schematic, "spawn_ms": spawn["median_ms"],
                   "one_node_peak_kib": baseline["peak_kib"], "installed": installed,
                   "sizes": results}, f, indent=1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    try:
        main()
    except Failed as error:
        sys.exit(f"run.py: {error}")
