#!/usr/bin/env python3
"""Builds test trees from this machine that the layout is not tuned on (unlike samples/real),
into a directory, for tools/quality.py and for looking at drawings:

  ast-classes.txt     Python's `ast` node classes (a class tree with fans of 20-40)
  iso-3166-1.txt      ISO 3166-1 countries under their initial (Debian's iso-codes)
  iso-4217.txt        ISO 4217 currencies: one flat list of ~180
  iso639-2.txt        ISO 639-2 languages under their initial (a list of lists)
  pypkgs.txt          Python's standard-library modules and packages, as a package tree
  widgets.txt         a class tree with a 30-child fan
  yule-400.nwk        a random Yule phylogeny of 400 species, unnamed internal nodes
  phylo180.nwk        the same, 180 species
  yule-658.nwk        the same, 658 species (1,315 nodes)
  coalescent-300.nwk  a Kingman coalescent of 300 sequences (random pairs merged bottom up)
  poly-300.nwk        a random phylogeny of 300 species with polytomies (a third of the splits
                      3- to 6-way), unnamed internal nodes
  exceptions-all.txt  the exception classes of Python and of ~120 standard-library modules
                      (a class tree with a 95-child fan, long qualified names)
  x11.tree            `tree /usr/share/X11` (a fan of 60 folders of three files each)
  mime.tree           `tree /usr/share/mime` (a directory of ~880 entries)
  perl.tree           `tree /usr/share/perl` (deep, with wide folders)
  linux-include.tree  `tree /usr/include/linux`
  doc-packages.txt    the first 200 package folders of /usr/share/doc with their files (a fan of
                      small folders, about 900 entries)
  sections.txt        the installed Debian packages under their archive section (fans of up to
                      hundreds of leaves)
  stdlib-classes.txt  the classes of 25 standard-library modules under `object` (a 200-child
                      fan of subclass trees, many only children)
  libs.tree           `tree -L 1` of the multiarch library folder (~1,300 files in one folder)
  locales.txt         glibc's locale sources under their language (a fan of ~300, short lists)
  phylo-bd.nwk        a random birth-death phylogeny with named leaves (~650 species, 15% of
                      the splits 3- to 7-way), unnamed internal nodes
  bootstrap-250.nwk   a random phylogeny of 250 species with branch lengths and bootstrap
                      support on every internal node (read as data, not names), 15% 3-way splits
  charmaps.tree       `tree /usr/share/i18n/charmaps` (one folder of ~230 files)
  xkb.tree            `tree /usr/share/X11/xkb` (keyboard data: a few folders of many files)
  fonts.tree          `tree /usr/share/fonts`
  distpk.tree         `tree -L 2` of Python's dist-packages (~70 packages with their files)
  doc2.tree           `tree -L 2 /usr/share/doc` (~860 package folders, ~4,000 entries)
  iso639-3.txt        ISO 639-3 languages under their scope, type and initial (8,060 nodes,
                      fans of up to 780)
  xml-classes.txt     the classes of a Python package's modules, each under its first base,
  tkinter-classes.txt bases from outside the package under `object` (xml: fans of 47 and 16;
  http-classes.txt    tkinter: 40 and 31; http, wsgiref and multiprocessing: small trees with
  wsgiref-classes.txt chains of single subclasses beside fans)
  multiprocessing-classes.txt
  phylo600.nwk        a random binary phylogeny of 600 species with branch lengths, unnamed
                      internal nodes (random pairs joined)
  poly400.nwk         a random phylogeny of 400 leaves split 2- to 4-way, unnamed internal nodes
  asyncio-classes.txt (and email, logging, argparse, xml-dom, importlib, concurrent, sqlite3,
                      ssl, socketserver, zipfile, tarfile, pathlib): as xml-classes.txt, the
                      package's own module read too (17 to 135 classes)
  typing-classes.txt  (and 21 more: unittest, collections, idlelib, urllib, ctypes, xmlrpc,
                      decimal, enum, doctest, configparser, ipaddress, optparse, smtplib,
                      codecs, pydoc, shutil, threading, io, selectors, dataclasses, ftplib):
                      the same, 9 to 335 classes (fans of up to 136)

Usage: python3 tools/make-test-trees.py DIRECTORY   (needs iso-codes and tree)"""
import ast
import json
import os
import pkgutil
import random
import subprocess
import sys
import sysconfig

OUT = sys.argv[1] if len(sys.argv) > 1 else "test-trees"
os.makedirs(OUT, exist_ok=True)
os.chdir(OUT)
import json, random, ast, pkgutil


def write(name, lines):
    with open(name, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(name, len(lines), "nodes")


def class_tree(root, module):
    """The subclasses of `root` defined in `module`, sorted, as outline lines (iteratively)."""
    lines, stack = [], [(root, 0)]
    while stack:
        cls, depth = stack.pop()
        lines.append("    " * depth + cls.__name__)
        children = sorted((c for c in cls.__subclasses__() if c.__module__ == module), key=lambda c: c.__name__)
        stack.extend((child, depth + 1) for child in reversed(children))
    return lines


def grouped(title, entries, key):
    """A root, one node per initial, the entries under their initial."""
    groups = {}
    for entry in entries:
        groups.setdefault(key(entry), []).append(entry)
    lines = [title]
    for initial in sorted(groups):
        lines.append("    " + initial)
        lines += ["        " + entry for entry in groups[initial]]
    return lines


def iso(standard):
    with open(f"/usr/share/iso-codes/json/iso_{standard}.json") as f:
        return json.load(f)[standard]


def yule(species, rng):
    """A random Yule tree as Newick, internal nodes unnamed, written iteratively."""
    children, leaves = [[]], [0]
    while len(leaves) < species:
        split = leaves.pop(rng.randrange(len(leaves)))
        children[split] = [len(children), len(children) + 1]
        children += [[], []]
        leaves += children[split]
    names, number = {}, 0
    for node, kids in enumerate(children):
        if not kids:
            number += 1
            names[node] = f"Sp_{number}"
    text, stack = {}, [(0, False)]
    while stack:
        node, done = stack.pop()
        length = f":{rng.random():.2f}"
        if not children[node]:
            text[node] = names[node] + length
        elif done:
            text[node] = "(" + ",".join(text[c] for c in children[node]) + ")" + length
        else:
            stack.append((node, True))
            stack += [(c, False) for c in children[node]]
    return text[0] + ";\n"


def coalescent(species, rng):
    """A Kingman coalescent as Newick: random pairs merged until one is left, internal nodes
    unnamed (more balanced near the root than a Yule tree)."""
    text = [f"seq{index + 1}:{rng.random():.2f}" for index in range(species)]
    while len(text) > 1:
        a, b = sorted(rng.sample(range(len(text)), 2))
        merged = f"({text[a]},{text[b]}):{rng.random():.2f}"
        text[b] = text[-1]
        text.pop()
        if a < len(text):
            text[a] = merged
        else:
            text.append(merged)
    return text[0][: text[0].rindex(":")] + ";\n"


def polytomies(species, rng):
    """A random phylogeny as Newick: every node splits its species at random points, into two
    parts or (a third of the time, with more than three species) three to six; internal nodes
    unnamed; written iteratively."""
    text, todo = [], [("enter", [f"t{index}" for index in range(species)])]
    while todo:
        step, value = todo.pop()
        length = f":{rng.random():.2f}"
        if step == "exit":
            parts = text[-value:]
            del text[-value:]
            text.append("(" + ",".join(parts) + ")" + length)
        elif len(value) == 1:
            text.append(value[0] + length)
        else:
            ways = rng.randint(3, min(6, len(value))) if len(value) > 3 and rng.random() < 1 / 3 else 2
            cuts = sorted(rng.sample(range(1, len(value)), ways - 1))
            todo.append(("exit", ways))
            todo += [("enter", value[a:b]) for a, b in reversed(list(zip([0] + cuts, cuts + [len(value)])))]
    return text[0][: text[0].rindex(":")] + ";\n"


def exception_tree(modules):
    """BaseException and its subclasses once `modules` are imported, qualified by module
    (builtins bare), children sorted, as outline lines (iteratively)."""
    import importlib
    import warnings
    warnings.simplefilter("ignore")
    for module in modules:
        try:
            importlib.import_module(module)
        except Exception:
            pass
    lines, stack, seen = [], [(BaseException, 0)], set()
    while stack:
        cls, depth = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        name = cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"
        lines.append("    " * depth + name)
        children = sorted(cls.__subclasses__(), key=lambda c: (c.__module__, c.__qualname__))
        stack.extend((child, depth + 1) for child in reversed(children))
    return lines


write("ast-classes.txt", class_tree(ast.AST, "ast"))
write("iso-3166-1.txt", grouped("ISO 3166-1", [f"{c['alpha_2']} {c['name']}" for c in iso("3166-1")], lambda e: e[3]))
write("iso-4217.txt", ["ISO 4217"] + [f"    {c['alpha_3']} {c['name']}" for c in iso("4217")])
write("iso639-2.txt", grouped("ISO 639-2", [f"{c['alpha_3']} {c['name']}" for c in iso("639-2")], lambda e: e[0].upper()))
library = sysconfig.get_paths()["stdlib"]
modules = sorted(m.name for m in pkgutil.walk_packages([library], onerror=lambda name: None)
                 if "test" not in m.name and not m.name.startswith("_"))
write("pypkgs.txt", ["stdlib"] + ["    " * (m.count(".") + 1) + m.split(".")[-1] for m in modules])
widgets = [f"    {name}Widget" for name in (
    "Button Label Entry Text Canvas Frame Scale Scrollbar Listbox Menu Menubutton Message Radiobutton "
    "Checkbutton Spinbox PanedWindow LabelFrame Toplevel Combobox Notebook Progressbar Separator Sizegrip "
    "Treeview Tooltip Calendar ColorPicker FileDialog FontChooser Slider").split()]
widgets[2:2] = ["        PasswordEntry", "        SearchEntry", "        NumericEntry"]
write("widgets.txt", ["Widget"] + widgets)
rng = random.Random(7)
for name, species in [("yule-400.nwk", 400), ("phylo180.nwk", 180)]:
    with open(name, "w") as out:
        out.write(yule(species, rng))
    print(name, species, "species")
# (Their own generators, so that the trees above stay as they were.)
with open("yule-658.nwk", "w") as out:
    out.write(yule(658, random.Random(11)))
with open("coalescent-300.nwk", "w") as out:
    out.write(coalescent(300, random.Random(13)))
print("yule-658.nwk and coalescent-300.nwk")
with open("poly-300.nwk", "w") as out:
    out.write(polytomies(300, random.Random(17)))
print("poly-300.nwk 300 species")
write("exceptions-all.txt", exception_tree(
    "asyncio email http.client urllib.request json xml.etree.ElementTree sqlite3 ssl socket zipfile tarfile "
    "configparser csv decimal concurrent.futures multiprocessing subprocess shutil unittest argparse pickle "
    "tkinter logging smtplib ftplib imaplib poplib xmlrpc.client mailbox zoneinfo tomllib wave lzma bz2 gzip "
    "binascii quopri netrc plistlib shelve dbm calendar locale gettext codecs io os select selectors signal "
    "threading queue sched contextvars typing dataclasses enum numbers fractions statistics random re string "
    "struct difflib textwrap unicodedata pprint reprlib graphlib heapq bisect array weakref types copy inspect "
    "dis symtable tokenize pyclbr compileall py_compile importlib.metadata zipimport runpy site venv "
    "http.server socketserver wsgiref.simple_server urllib.robotparser webbrowser uuid ipaddress hashlib hmac "
    "secrets base64 mimetypes html.parser xml.dom.minidom xml.sax doctest pdb timeit trace tracemalloc "
    "faulthandler cProfile pstats".split()))
for name, folder in [("mime.tree", "/usr/share/mime"), ("perl.tree", "/usr/share/perl"), ("linux-include.tree", "/usr/include/linux"),
                     ("x11.tree", "/usr/share/X11")]:
    with open(name, "w") as out:
        subprocess.run(["tree", "-n", folder], stdout=out, check=True)
    print(name)
# A fan of small folders: package documentation folders with their files, as an outline.
packages = sorted(os.listdir("/usr/share/doc"))[:200]
lines = ["doc"]
for package in packages:
    lines.append("    " + package)
    path = os.path.join("/usr/share/doc", package)
    if os.path.isdir(path) and not os.path.islink(path):
        lines += ["        " + entry for entry in sorted(os.listdir(path))]
write("doc-packages.txt", lines)

# Built in session 16 after the layout's last tuning, and measured once (README, quality).
lines = ["Installed packages"]
packages = subprocess.run(["dpkg-query", "-W", "-f", "${Section}\t${Package}\n"], capture_output=True, text=True, check=True)
by_section = {}
for row in sorted(packages.stdout.splitlines(), key=lambda row: row.split("\t")[0]):
    section, package = row.split("\t")
    by_section.setdefault(section or "none", []).append(package)
for section, names in by_section.items():
    lines.append("    " + section)
    lines += ["        " + name for name in names]
write("sections.txt", lines)


def stdlib_classes(modules):
    """The classes the modules define, each under its nearest base among them, under `object`."""
    import importlib
    import inspect
    for module in modules:
        try:
            importlib.import_module(module)
        except Exception:
            pass
    roots = {module.split(".")[0] for module in modules}
    seen, classes = set(), []
    for name, module in sorted(sys.modules.items()):
        if not any(name == m or name.startswith(m + ".") for m in modules):
            continue
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__.split(".")[0] in roots and value not in seen:
                seen.add(value)
                classes.append(value)
    children = {}
    for cls in classes:
        base = next((b for b in cls.__mro__[1:] if b in seen), None)
        children.setdefault(base, []).append(cls)
    def key(cls):
        return cls.__module__ + "." + cls.__qualname__
    out, stack = ["object"], [(cls, 1) for cls in sorted(children.get(None, []), key=key, reverse=True)]
    while stack:
        cls, depth = stack.pop()
        out.append("    " * depth + key(cls))
        stack += [(child, depth + 1) for child in sorted(children.get(cls, []), key=key, reverse=True)]
    return out


write("stdlib-classes.txt", stdlib_classes(
    "asyncio email email.mime.text email.headerregistry tkinter tkinter.ttk xml.dom.minidom unittest argparse "
    "logging.handlers http.client urllib.error json decimal concurrent.futures multiprocessing sqlite3 ssl "
    "socketserver io collections.abc numbers enum typing ctypes".split()))
libraries = "/usr/lib/" + (sysconfig.get_config_var("MULTIARCH") or "x86_64-linux-gnu")
with open("libs.tree", "w") as out:
    subprocess.run(["tree", "-n", "-L", "1", "--noreport", libraries], stdout=out, check=True)
print("libs.tree")
lines, by_language = ["locales"], {}
for name in sorted(os.listdir("/usr/share/i18n/locales")):
    by_language.setdefault(name.split("_")[0], []).append(name)
for language, names in by_language.items():
    if len(names) == 1:
        lines.append("    " + names[0])
    else:
        lines.append("    " + language)
        lines += ["        " + name for name in names]
write("locales.txt", lines)


def birth_death(rng, least=400, most=1200):
    """A random phylogeny: each node is a leaf with chance 0.32 (always from depth 15), else
    splits in two (85%) or 3-7; made-up binomial names. Redrawn until its size is in range."""
    def name():
        def word(low, high):
            return "".join(rng.choice("bcdfghklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(low, high)))
        return word(2, 5).capitalize() + "_" + word(2, 4)
    while True:
        text, leaves, stack = [], 0, [(0, 0)]
        # Iteratively: (depth, state) where state 0 opens the node; ")" and "," are pushed as text marks.
        while stack:
            depth, mark = stack.pop()
            if mark in (")", ","):
                text.append(mark)
                continue
            if depth > 14 or rng.random() < 0.32:
                leaves += 1
                text.append(name())
                continue
            arity = 2 if rng.random() < 0.85 else rng.randint(3, 7)
            text.append("(")
            stack.append((depth, ")"))
            for index in range(arity):
                if index:
                    stack.append((depth, ","))
                stack.append((depth + 1, 0))
            # Children were pushed in reverse reading order: reverse the last 2*arity-1 entries.
            stack[-(2 * arity - 1):] = stack[-(2 * arity - 1):][::-1]
        if least <= leaves <= most:
            return "".join(text) + ";\n"


with open("phylo-bd.nwk", "w") as out:
    out.write(birth_death(random.Random(6)))
print("phylo-bd.nwk")


def bootstrap_phylogeny(species, rng):
    """Neighbouring clades joined at random (85% in pairs, else three), each join with a
    support value and a branch length, as phylogenetics programs write them."""
    syllables = ["ka", "lo", "mi", "ra", "tu", "phe", "don", "gla", "xi", "ber", "nus", "cor", "vid", "ae", "ops"]
    def name():
        genus = "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))).capitalize()
        return genus + "_" + "".join(rng.choice(syllables) for _ in range(rng.randint(2, 3)))
    clades = [f"{name()}:{rng.random():.3f}" for _ in range(species)]
    while len(clades) > 1:
        size = min(len(clades), 2 if rng.random() < 0.85 else 3)
        start = rng.randrange(len(clades) - size + 1)
        support = rng.randint(40, 100)
        clades[start:start + size] = ["(" + ",".join(clades[start:start + size]) + f"){support}:{rng.random():.3f}"]
    return clades[0] + ";\n"


with open("bootstrap-250.nwk", "w") as out:
    out.write(bootstrap_phylogeny(250, random.Random(2026)))
print("bootstrap-250.nwk")

for name, command in [("charmaps.tree", ["tree", "-n", "/usr/share/i18n/charmaps"]),
                      ("xkb.tree", ["tree", "-n", "/usr/share/X11/xkb"]),
                      ("fonts.tree", ["tree", "-n", "/usr/share/fonts"]),
                      ("distpk.tree", ["tree", "-n", "-L", "2", "/usr/lib/python3/dist-packages"]),
                      ("doc2.tree", ["tree", "-n", "-L", "2", "/usr/share/doc"])]:
    with open(name, "w") as out:
        subprocess.run(command, stdout=out, check=True)
    print(name)


scopes = {"I": "Individual", "M": "Macrolanguage", "S": "Special"}
kinds = {"L": "Living", "E": "Extinct", "A": "Ancient", "H": "Historical", "C": "Constructed", "S": "Special"}
languages = {}
for c in iso("639-3"):
    scope, kind = scopes.get(c["scope"], c["scope"]), kinds.get(c["type"], c["type"])
    languages.setdefault(scope, {}).setdefault(kind, {}).setdefault(c["name"][0].upper(), []).append(f"{c['alpha_3']} {c['name']}")
lines = ["ISO 639-3"]
for scope in sorted(languages):
    lines.append("  " + scope)
    for kind in sorted(languages[scope]):
        lines.append("    " + kind)
        for initial in sorted(languages[scope][kind]):
            lines.append("      " + initial)
            lines += ["        " + name for name in languages[scope][kind][initial]]
write("iso639-3.txt", lines)


def package_classes(name, with_root=False):
    """The classes a package's modules define, each under its first base; bases from outside
    the package under `object`, labelled with their module (iteratively). `with_root` also
    reads the package's own module (a plain module has nothing else); the first five trees
    were measured without it."""
    import importlib
    import inspect
    import pkgutil
    import warnings
    warnings.simplefilter("ignore")
    classes = {}
    root = importlib.import_module(name)
    names = [info.name for info in pkgutil.walk_packages(root.__path__, name + ".")] if hasattr(root, "__path__") else []
    for module_name in ([name] if with_root else []) + names:
        try:
            module = importlib.import_module(module_name)
        except (Exception, SystemExit):  # (a package's __main__ may run a program: unittest's exits)
            continue
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                classes[value] = f"{value.__module__}.{value.__qualname__}"
    children = {}
    for cls in sorted(classes, key=lambda c: classes[c]):
        children.setdefault(cls.__bases__[0], []).append(cls)
    for base in [b for b in children if b not in classes and b is not object]:
        children.setdefault(object, []).append(base)
    def label(cls):
        return "object" if cls is object else classes.get(cls) or f"{cls.__module__}.{cls.__qualname__}"
    def order(cls):  # (outside bases by their class name alone, as the trees were first measured)
        return classes.get(cls, cls.__qualname__)
    out, seen, stack = [], set(), [(object, 0)]
    while stack:
        cls, depth = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        out.append("  " * depth + label(cls))
        stack += [(child, depth + 1) for child in sorted(children.get(cls, []), key=order, reverse=True)]
    return out


for package in ["xml", "tkinter", "http", "wsgiref", "multiprocessing"]:
    write(f"{package}-classes.txt", package_classes(package))


def joined_phylogeny(species, rng):
    """Random pairs of clades joined until one is left, each leaf and join with a branch length."""
    clades = [f"sp{index}:{rng.uniform(0.01, 0.5):.3f}" for index in range(species)]
    while len(clades) > 1:
        first, second = sorted(rng.sample(range(len(clades)), 2))
        b, a = clades.pop(second), clades.pop(first)
        clades.append(f"({a},{b}):{rng.uniform(0.01, 0.3):.3f}")
    return clades[0].rsplit(":", 1)[0] + ";\n"


def split_phylogeny(leaves, rng):
    """`leaves` leaves split at random 2- to 4-way (iteratively), leaves named t and a number."""
    def part(count):
        ways = min(rng.choice([2, 2, 2, 3, 4]) if count >= 4 else 2, count)
        cuts = sorted(rng.sample(range(1, count), ways - 1))
        return [b - a for a, b in zip([0] + cuts, cuts + [count])]
    # Each entry: a count still to split, or a finished piece of text.
    stack, out = [leaves], []
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif item == 1:
            out.append(f"t{rng.randint(0, 99999)}")
        else:
            parts = part(item)
            stack.append(")")
            for index, count in enumerate(reversed(parts)):
                stack.append(count)
                if index < len(parts) - 1:
                    stack.append(",")
            stack.append("(")
    return "".join(out) + ";\n"


for name, text in [("phylo600.nwk", joined_phylogeny(600, random.Random(7))),
                   ("poly400.nwk", split_phylogeny(400, random.Random(11)))]:
    with open(name, "w") as out:
        out.write(text)
    print(name)


# Thirteen more, packages and plain modules with their own classes (17 to 135 classes, fans of
# 5 to 37 beside chains of single subclasses), first measured without being tuned on.
for package in ["asyncio", "email", "logging", "argparse", "xml.dom", "importlib", "concurrent", "sqlite3", "ssl",
                "socketserver", "zipfile", "tarfile", "pathlib"]:
    write(f"{package.replace('.', '-')}-classes.txt", package_classes(package, with_root=True))


# Twenty-two more, built later and first measured without being tuned on (9 to 335 classes,
# fans of 3 to 136: `idlelib`'s classes have bases from 105 other classes; `ftplib` has a
# chain beside a fan of four).
for package in ["typing", "unittest", "collections", "idlelib", "urllib", "ctypes", "xmlrpc", "decimal", "enum",
                "doctest", "configparser", "ipaddress", "optparse", "smtplib", "codecs", "pydoc", "shutil",
                "threading", "io", "selectors", "dataclasses", "ftplib"]:
    write(f"{package}-classes.txt", package_classes(package, with_root=True))
