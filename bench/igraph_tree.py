"""Peer benchmark: lay out an edge-list tree with igraph's Reingold-Tilford.

Reads "parent child" lines, builds the directed graph, runs
layout_reingold_tilford(root=[0]), writes one "node<TAB>x<TAB>y" line per node
to OUT (as schematic writes its drawing) and prints the node count. Run it with
Debian's Python, which has python3-igraph:

    /usr/bin/python3 bench/igraph_tree.py bench/work/tree-1000.edges bench/work/out-1000.igraph.tsv
"""
import sys

import igraph

graph = igraph.Graph.Read_Edgelist(sys.argv[1], directed=True)
layout = graph.layout_reingold_tilford(mode="out", root=[0])
with open(sys.argv[2], "w") as out:
    out.write("".join(f"{node}\t{x}\t{y}\n" for node, (x, y) in enumerate(layout.coords)))
print(len(layout))
