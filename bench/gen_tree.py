"""Generate the deterministic random trees the benchmark runs on.

A tree of N nodes is a random recursive tree: node i's parent is drawn uniformly
from nodes 0..i-1, with a fixed seed per N, and node i is labelled "Node i".
Children keep the order in which they were drawn (increasing index). For each N
this writes, into the work directory:

    tree-N.txt    indented outline (4 spaces a level), preorder
    tree-N.json   nested d3 JSON: {"name": ..., "children": [...]}
    tree-N.dot    Graphviz digraph sized like schematic's defaults
    tree-N.edges  "parent child" lines, for igraph's Read_Edgelist

Files already present are kept (the trees are deterministic). Everything is
iterative, so depth is no concern; 1M nodes take a few seconds.

    python3 bench/gen_tree.py --sizes 100,1000 --work bench/work
"""
import argparse
import os
import random

DOT_HEADER = """digraph tree {
rankdir=LR; ordering=out;
node [shape=box, fixedsize=true, width=1.6667, height=0.5556];
nodesep=0.5556; ranksep=0.8333;
"""


def random_tree(n):
    """Children lists of a random recursive tree of n nodes rooted at 0."""
    rand = random.Random(n).random
    children = [[] for _ in range(n)]
    for i in range(1, n):
        children[int(rand() * i)].append(i)
    return children


def preorder(children):
    """(node, depth) pairs in preorder, children in order."""
    stack = [(0, 0)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        stack.extend((c, depth + 1) for c in reversed(children[node]))


def outline(children):
    return "".join(f"{'    ' * d}Node {v}\n" for v, d in preorder(children))


def nested_json(children):
    """Nested JSON, with an explicit stack: v >= 0 opens node v, ~v closes it."""
    out, stack, sibling = [], [0], False
    while stack:
        v = stack.pop()
        if v < 0:
            out.append("]}")
            sibling = True
            continue
        if sibling:
            out.append(",")
        if children[v]:
            out.append(f'{{"name":"Node {v}","children":[')
            stack.append(~v)
            stack.extend(reversed(children[v]))
            sibling = False
        else:
            out.append(f'{{"name":"Node {v}"}}')
            sibling = True
    out.append("\n")
    return "".join(out)


def dot(children):
    nodes = "".join(f'{v} [label="Node {v}"];\n' for v in range(len(children)))
    edges = "".join(f"{p} -> {c};\n" for p, cs in enumerate(children) for c in cs)
    return DOT_HEADER + nodes + edges + "}\n"


def edge_list(children):
    return "".join(f"{p} {c}\n" for p, cs in enumerate(children) for c in cs)


WRITERS = {"txt": outline, "json": nested_json, "dot": dot, "edges": edge_list}


def tree_path(work, n, ext):
    return os.path.join(work, f"tree-{n}.{ext}")


def generate(n, work):
    """Write the missing files for size n; return True if anything was written."""
    missing = [ext for ext in WRITERS if not os.path.exists(tree_path(work, n, ext))]
    if not missing:
        return False
    os.makedirs(work, exist_ok=True)
    children = random_tree(n)
    for ext in missing:
        path = tree_path(work, n, ext)
        with open(path + ".tmp", "w") as f:
            f.write(WRITERS[ext](children))
        os.replace(path + ".tmp", path)  # never leave a half-written cache file
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000,100000")
    parser.add_argument("--work", default=os.path.join(os.path.dirname(__file__), "work"))
    args = parser.parse_args()
    for n in map(int, args.sizes.split(",")):
        generate(n, args.work)


if __name__ == "__main__":
    main()
