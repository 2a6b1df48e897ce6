#!/usr/bin/env python3
"""Builds the real trees of samples/real that come from this machine's own data (run from the
repository root; each output is an outline or a `tree`-style listing, kept under ~300 KB):

  python-classes.txt   every public class of Python's standard library under `object`, each under
                       its first base class (a class tree of ~2,000 nodes, fans of hundreds)
  iso-3166-2.txt       ISO 3166-2 (Debian's iso-codes): country -> subdivisions -> their parts
  zoneinfo.tree        /usr/share/zoneinfo: a directory with one folder of hundreds of files
  i18n.tree            /usr/share/i18n: two folders of hundreds of files each
  maven-repo.tree      /usr/share/maven-repo (Debian's maven-repo-helper and friends): a deep, narrow
                       tree of group, artifact and version folders, its jars links with long targets
  cloud-sdk-google.tree  the Google Cloud SDK's bundled `google` Python packages (where installed):
                       packages of modules and subpackages, their `__pycache__` folders included
  mediastore-data-api.json  botocore's description of the MediaStore Data API (copied where the Cloud
                       SDK is installed): a JSON document of operations and 35 shapes, read as it is
  lambda-2014-api.json  botocore's description of AWS Lambda's first API (2014-11-11), as above:
                       11 operations and 45 shapes of 30 to 90 nodes each
  marsupials.txt       a mammal timetree's monotremes and marsupials (dos Reis et al.'s 4,705-species
                       tree, sabifo4/mammals_dating, first clades only): a deep binary phylogeny
  git-history.txt      this repository's first-parent history as a chain (oldest first), each
                       commit with the top folders it touched as side branches

Not made here: python-packages.txt, 44 packages of Python 3.11's standard library (html to
zoneinfo) from tools/make-test-trees.py's pypkgs.txt, kept fixed for a test of nesting;
dpkg-dendrogram.nwk, a review's unseen tree kept for a test of the compact placement: the 854
packages installed here clustered by average linkage (scipy) on the Jaccard distance of their
dependencies, section and source, internal nodes unnamed, 155 deep.

Usage: python3 samples/real/make-trees.py [marsupials.nwk-part]"""
import importlib, inspect, json, os, pkgutil, subprocess, sys, warnings

OUT = os.path.dirname(os.path.abspath(__file__))


def write_outline(name, roots):
    """roots: [(label, children)]; written iteratively as four-space indented lines."""
    lines = []
    stack = [(node, 0) for node in reversed(roots)]
    while stack:
        (label, children), depth = stack.pop()
        lines.append("    " * depth + label)
        stack.extend((child, depth + 1) for child in reversed(children))
    with open(os.path.join(OUT, name), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{name}: {len(lines)} nodes")


def python_classes():
    warnings.simplefilter("ignore")
    names = sorted(n for n in sys.stdlib_module_names if not n.startswith("_")
                   and n not in {"antigravity", "this", "idlelib", "turtledemo", "tkinter", "turtle", "lib2to3", "ensurepip"})
    modules = []
    for name in names:
        try:
            modules.append(importlib.import_module(name))
        except Exception:
            continue
    classes = {}
    for module in modules:
        for attr, value in sorted(vars(module).items()):
            if inspect.isclass(value) and not attr.startswith("_") and value.__module__.split(".")[0] == module.__name__:
                classes[f"{value.__module__}.{value.__qualname__}"] = value
    keep = set(classes.values())
    # Keep the ancestors (through first bases) of every public class, so each hangs under object.
    for cls in list(keep):
        base = cls.__bases__[0] if cls.__bases__ else None
        while base is not None and base not in keep:
            keep.add(base)
            base = base.__bases__[0] if base.__bases__ else None
    children = {}
    for cls in keep:
        if cls is object:
            continue
        parent = cls.__bases__[0] if cls.__bases__ else object
        children.setdefault(parent, []).append(cls)
    def label(cls):
        module = cls.__module__
        return cls.__qualname__ if module == "builtins" else f"{module}.{cls.__qualname__}"
    def build(cls):
        kids = sorted(children.get(cls, []), key=label)
        return (label(cls), [build(k) for k in kids])
    sys.setrecursionlimit(10000)
    write_outline("python-classes.txt", [build(object)])


def iso_3166_2():
    countries = {c["alpha_2"]: c["name"] for c in json.load(open("/usr/share/iso-codes/json/iso_3166-1.json"))["3166-1"]}
    subdivisions = json.load(open("/usr/share/iso-codes/json/iso_3166-2.json"))["3166-2"]
    nodes = {s["code"]: (f'{s["code"]} {s["name"]}', []) for s in subdivisions}
    roots = {}
    for s in subdivisions:
        country = s["code"].split("-")[0]
        parent = s.get("parent")
        parent_code = f"{country}-{parent}" if parent and f"{country}-{parent}" in nodes else None
        if parent_code:
            nodes[parent_code][1].append(nodes[s["code"]])
        else:
            roots.setdefault(country, []).append(nodes[s["code"]])
    top = [(f"{code} {countries.get(code, code)}", kids) for code, kids in sorted(roots.items())]
    write_outline("iso-3166-2.txt", [("ISO 3166-2", top)])


def tree_lines(root, prefix, skip, links=False):
    """`tree`'s listing of root; with links, a symbolic link as `name -> target`, as `tree` shows it."""
    lines = []
    # Iterative depth-first listing: each frame holds its remaining entries.
    frames = [(sorted(e for e in os.listdir(root) if e not in skip), 0, root, prefix)]
    while frames:
        entries, index, path, prefix = frames.pop()
        if index >= len(entries):
            continue
        entry = entries[index]
        last = index == len(entries) - 1
        full = os.path.join(path, entry)
        shown = f"{entry} -> {os.readlink(full)}" if links and os.path.islink(full) else entry
        lines.append(prefix + ("└── " if last else "├── ") + shown)
        frames.append((entries, index + 1, path, prefix))
        if os.path.isdir(full) and not os.path.islink(full):
            frames.append((sorted(os.listdir(full)), 0, full, prefix + ("    " if last else "│   ")))
    return lines


def marsupials(path):
    text = open(path).read().strip().rstrip(";")
    # A tolerant Newick parser: names and branch lengths, unclosed clades closed at the end.
    stack = [[]]
    i = 0
    def read_name(i):
        j = i
        while j < len(text) and text[j] not in ",();":
            j += 1
        name = text[i:j].split(":")[0]
        return name, j
    while i < len(text):
        c = text[i]
        if c == "(":
            stack.append([])
            i += 1
        elif c == ",":
            i += 1
        elif c == ")":
            kids = stack.pop()
            _, i = read_name(i + 1)
            stack[-1].append((None, kids))
        else:
            name, i = read_name(i)
            if name:
                stack[-1].append((name, []))
    while len(stack) > 1:
        kids = stack.pop()
        stack[-1].append((None, kids))
    root = stack[0][0]
    # Internal nodes are named by the genera below them.
    def name_clades(node):
        label, kids = node
        if not kids:
            genus, _, rest = label.partition("_")
            return (f"{genus.capitalize()} {rest.replace('_', ' ')}".strip(), []), [genus.capitalize()]
        named, genera = [], []
        for kid in kids:
            n, g = name_clades(kid)
            named.append(n)
            genera.extend(x for x in g if x not in genera)
        if len(genera) == 1:
            title = genera[0]
        elif len(genera) == 2:
            title = f"{genera[0]} + {genera[1]}"
        else:
            title = f"{genera[0]} … {genera[-1]} ({len(genera)} genera)"
        return (title, named), genera
    sys.setrecursionlimit(10000)
    write_outline("marsupials.txt", [name_clades(root)[0]])


def git_history():
    log = subprocess.run(["git", "log", "--first-parent", "--reverse", "--format=%h %s", "--name-only"],
                         capture_output=True, text=True, check=True).stdout

    entries = []
    current = None
    for line in log.splitlines():
        if not line:
            continue
        if len(line) > 8 and line[7] == " " and all(ch in "0123456789abcdef" for ch in line[:7]):
            current = [line[:60] + ("…" if len(line) > 60 else ""), []]
            entries.append(current)
        elif current is not None:
            top = line.split("/")[0] if "/" in line else line
            if top not in current[1]:
                current[1].append(top)
    # A chain: each commit is the child of the one before; its folders are leaves beside it.
    node = None
    for label, folders in reversed(entries):
        kids = [(f, []) for f in folders[:4]]
        if node is not None:
            kids.append(node)
        node = (label, kids)
    write_outline("git-history.txt", [node])


if __name__ == "__main__":
    python_classes()
    iso_3166_2()
    with open(os.path.join(OUT, "zoneinfo.tree"), "w") as f:
        lines = ["."] + tree_lines("/usr/share/zoneinfo", "", {"posix", "right", "posixrules"})
        f.write("\n".join(lines) + "\n")
        print(f"zoneinfo.tree: {len(lines)} nodes")
    with open(os.path.join(OUT, "i18n.tree"), "w") as f:
        lines = ["."] + tree_lines("/usr/share/i18n", "", set())
        f.write("\n".join(lines) + "\n")
        print(f"i18n.tree: {len(lines)} nodes")
    with open(os.path.join(OUT, "maven-repo.tree"), "w") as f:
        lines = ["."] + tree_lines("/usr/share/maven-repo", "", set(), links=True)
        f.write("\n".join(lines) + "\n")
        print(f"maven-repo.tree: {len(lines)} nodes")
    cloud = "/usr/lib/google-cloud-sdk/lib/third_party/google"
    if os.path.isdir(cloud):
        with open(os.path.join(OUT, "cloud-sdk-google.tree"), "w") as f:
            lines = ["."] + tree_lines(cloud, "", set(), links=True)
            f.write("\n".join(lines) + "\n")
            print(f"cloud-sdk-google.tree: {len(lines)} nodes")
    botocore = os.path.join(os.path.dirname(cloud), "botocore/data")
    for service, name in (("mediastore-data/2017-09-01", "mediastore-data-api.json"), ("lambda/2014-11-11", "lambda-2014-api.json")):
        api = os.path.join(botocore, service, "service-2.json")
        if os.path.isfile(api):
            with open(api, "rb") as source, open(os.path.join(OUT, name), "wb") as f:
                f.write(source.read())
            print(f"{name}: copied")
    if len(sys.argv) > 1:
        marsupials(sys.argv[1])
    git_history()
