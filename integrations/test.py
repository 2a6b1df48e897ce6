#!/usr/bin/env python3
"""Builds the example sites of integrations/ with real `mkdocs build` and `sphinx-build`, and
checks the pages in headless Chromium: the drawings are there, every label fits its box, and
two drawings with different themes on one page keep their own colours. Also: a bad block fails
the build with its page and line; a rebuild runs Schematic for nothing that did not change
(counted by a wrapper around the binary); LaTeX gets PDFs.

Usage: test.py SCHEMATIC_BINARY VENV_BIN_DIR WORK_DIR    (run by `make integrations-check`)
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOLERANCE = 0.5
LIGHT_BACKGROUND, DARK_BACKGROUND = "rgb(255, 255, 255)", "rgb(30, 31, 34)"

CHECK_SCRIPT = """
<script>
window.addEventListener('load', function () {
  var drawings = [];
  document.querySelectorAll('svg.schematic').forEach(function (svg) {
    var overflow = [], nodes = svg.querySelectorAll('g.node');
    nodes.forEach(function (node) {
      var rect = node.querySelector('rect'), box = node.querySelector('text').getBBox();
      var x = +rect.getAttribute('x'), y = +rect.getAttribute('y'), w = +rect.getAttribute('width'), h = +rect.getAttribute('height');
      if (box.x < x - %(t)s || box.x + box.width > x + w + %(t)s || box.y < y - %(t)s || box.y + box.height > y + h + %(t)s)
        overflow.push(node.textContent);
    });
    drawings.push({id: svg.id, nodes: nodes.length, overflow: overflow,
                   background: getComputedStyle(svg.querySelector('rect.background')).fill,
                   nodeFill: nodes.length ? getComputedStyle(nodes[0].querySelector('rect')).fill : null,
                   title: svg.querySelector('title').textContent});
  });
  var images = [];
  document.querySelectorAll('img.schematic').forEach(function (img) {
    images.push({src: img.getAttribute('src'), width: img.naturalWidth, alt: img.alt});
  });
  var ids = {}, duplicateIds = [];
  document.querySelectorAll('[id]').forEach(function (element) {
    if (ids[element.id]) duplicateIds.push(element.id); ids[element.id] = true;
  });
  var announced = [];
  document.querySelectorAll('svg.schematic').forEach(function (svg) {
    var label = document.getElementById((svg.getAttribute('aria-labelledby') || '').split(' ')[0]);
    announced.push({own: svg.querySelector('title').textContent, announced: label ? label.textContent : null,
                    width: svg.getBoundingClientRect().width});
  });
  document.body.setAttribute('data-results', JSON.stringify({drawings: drawings, images: images,
    duplicateIds: duplicateIds, announced: announced,
    pageWidth: document.documentElement.scrollWidth, viewWidth: document.documentElement.clientWidth}));
});
</script>
""" % {"t": TOLERANCE}

failures: list[str] = []


def expect(condition: bool, message: str) -> None:
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def browser_results(page: Path, rewrite=lambda html: html) -> dict:
    """Loads a copy of the page (beside it, so its links work) with the check script."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    copy = page.with_name(page.stem + ".check.html")
    copy.write_text(rewrite(page.read_text(encoding="utf-8")).replace("</body>", CHECK_SCRIPT + "</body>"), encoding="utf-8")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                          "--virtual-time-budget=5000", "--dump-dom", copy.as_uri()],
                         capture_output=True, text=True, timeout=180).stdout
    copy.unlink()
    match = re.search(r'data-results="([^"]*)"', dom)
    if not match:
        raise SystemExit(f"integrations-check: no results from Chromium for {page}")
    raw = match.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return json.loads(raw)


def check_page(page: Path, drawings: int, themes: list[str] | None = None, images: int = 0) -> None:
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print(f"skip {page}: chromium is not installed")
        return
    results = browser_results(page)
    found = results["drawings"]
    name = "/".join(page.parts[-3:])
    expect(len(found) == drawings, f"{name}: {len(found)} inline drawings (expected {drawings})")
    for drawing in found:
        expect(drawing["nodes"] > 0 and not drawing["overflow"],
               f"{name}: '{drawing['title']}': {drawing['nodes']} labels, overflowing: {drawing['overflow']}")
    if themes:
        seen = [d["background"] for d in found]
        expect(seen == themes, f"{name}: backgrounds {seen} (expected {themes}): each drawing keeps its theme")
        # The same page with the styles unscoped, as before: the check sees the light drawing turn dark.
        unscoped = browser_results(page, lambda html: re.sub(r"\.schematic:where\(#[\w-]+\)", ".schematic", html))
        expect([d["background"] for d in unscoped["drawings"]] != themes,
               f"{name}: unscoped styles would leak between drawings (the check can fail)")
    loaded = [image for image in results["images"] if image["width"] > 0]
    expect(len(results["images"]) == images and len(loaded) == images,
           f"{name}: {len(loaded)} of {len(results['images'])} <img> drawings loaded (expected {images})")


# A page a writer makes: a wide drawing, one tree drawn twice with two alts, a folder by src.
PAGE_BLOCKS = ["Root\n" + "".join("  " * depth + f"  Level {depth} of a long chain\n" for depth in range(8)),
               "A\n  B\n", "A\n  B\n"]


def check_writers_page(page: Path, work: Path, name: str) -> None:
    """The page of PAGE_BLOCKS and a folder drawn by src: no sideways scrolling, ids unique,
    each drawing announced by its own title, the folder named as in src, no build path."""
    html = page.read_text(encoding="utf-8")
    expect(str(work) not in html, f"{name}: no path of the build machine in the page")
    expect(">trees</text>" in html, f"{name}: the folder drawn by src is labelled with its name")
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        return
    results = browser_results(page)
    expect(results["pageWidth"] <= results["viewWidth"] + 1,
           f"{name}: the page does not scroll sideways ({results['pageWidth']} px in {results['viewWidth']})")
    expect(not results["duplicateIds"], f"{name}: ids unique in the page: {results['duplicateIds'][:4]}")
    announced = results["announced"]
    expect(len(announced) == 4 and all(a["own"] == a["announced"] for a in announced),
           f"{name}: each drawing announced by its own title: {[(a['own'], a['announced']) for a in announced]}")


def main() -> int:
    binary, venv, work = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    # A wrapper on PATH counts the runs of the binary.
    calls = work / "calls.log"
    wrapper = work / "bin" / "schematic"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> "{calls}"\nexec "{binary}" "$@"\n')
    wrapper.chmod(0o755)
    env = dict(os.environ, PATH=f"{wrapper.parent}:{venv}:{os.environ['PATH']}")

    def runs() -> int:
        count = len(calls.read_text().splitlines()) if calls.exists() else 0
        calls.write_text("")
        return count

    expect((HERE / "mkdocs/mkdocs_schematic/block.py").read_bytes() == (HERE / "sphinx/sphinxcontrib/schematic/block.py").read_bytes(),
           "the two copies of block.py agree")

    # The shared Renderer, directly: a PNG of a src file reads a relative font file from the
    # build's folder, as inline drawings do; an error after a warning is the error (the
    # warning still shown); a folder's PNG is labelled with its name.
    sys.path.insert(0, str(HERE / "mkdocs"))
    from mkdocs_schematic.block import Renderer, SchematicError
    unit = work / "unit"
    (unit / "docs/data/tree").mkdir(parents=True)
    (unit / "docs/data/t.csv").write_text("from,to\na,b\nb,a\n")
    (unit / "docs/data/tree/leaf.txt").write_text("x\n")
    (unit / "fonts").mkdir()
    shutil.copy("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", unit / "fonts/f.ttf")
    warned: list[str] = []
    renderer = Renderer(str(binary), unit / "cache", warn=warned.append)
    here = os.getcwd()
    os.chdir(unit)
    try:
        png = renderer.image_file({"src": str(unit / "docs/data/t.csv"), "extra-parents": "drop",
                                   "font-file": "fonts/f.ttf"}, "", 1, "png")
        expect(png.startswith(b"\x89PNG"), "renderer: a PNG of a src file with a font file relative to the build's folder")
        try:
            renderer.image_file({"src": str(unit / "docs/data/t.csv"), "extra-parents": "drop", "font-file": "fonts/none.ttf"}, "", 1, "png")
            expect(False, "renderer: a missing font file fails")
        except SchematicError as error:
            expect("font" in str(error.message) and any("cycle of parents" in w for w in warned),
                   f"renderer: the error after a warning is the error ({error.message}), the warning shown ({warned[-1:]})")
        svg = renderer.svg_file({"src": str(unit / "docs/data/tree")}, "", 1)
        expect(b">tree</text>" in svg and str(unit).encode() not in svg, "renderer: a folder's drawing is labelled with its name, no build path")
        named = renderer.svg_file({"name": "services"}, "Root\n  Leaf\n", 1)
        expect(b">Leaf</text>" in named, "renderer: a block's name (its asset file's, for `schematic markdown`) is taken")
        named_png = renderer.image_file({"name": "services"}, "Root\n  Leaf\n", 1, "png")
        expect(named_png.startswith(b"\x89PNG"), "renderer: a PNG of a named block (render has no --name)")
    finally:
        os.chdir(here)

    # MkDocs
    site = work / "mkdocs"
    shutil.copytree(HERE / "mkdocs/example", site, ignore=shutil.ignore_patterns("site", "site-files", ".cache"))
    build = run([str(venv / "mkdocs"), "build", "--strict"], site, env)
    expect(build.returncode == 0, f"mkdocs build: exit {build.returncode} {build.stderr[-2000:] if build.returncode else ''}")
    expect(runs() == 4 and "4 drawings rendered, 0 from the cache" in build.stderr, "mkdocs: 4 drawings rendered")
    check_page(site / "site/index.html", 2, [LIGHT_BACKGROUND, DARK_BACKGROUND])
    check_page(site / "site/services/index.html", 2)
    # mkdocs serve: a src file outside the docs that a page starts to draw while serving is
    # watched from then on (on_serve runs once, at startup; the file was not watched).
    (site / "outside.txt").write_text("Root\n  Leaf\n")
    snippet = "\n".join([
        "import types",
        "from mkdocs_schematic.plugin import SchematicPlugin",
        "plugin, watched = SchematicPlugin(), []",
        "plugin.on_serve(types.SimpleNamespace(watch=watched.append), None, None)",
        f"config = types.SimpleNamespace(docs_dir={str(site / 'docs')!r})",
        f"page = types.SimpleNamespace(file=types.SimpleNamespace(abs_src_path={str(site / 'docs/index.md')!r}))",
        "for _ in range(2): plugin._source('../outside.txt', page, config)",
        "print(watched)"])
    served = run([str(venv / "python"), "-c", snippet], site, env)
    expect(served.returncode == 0 and served.stdout.strip() == repr([str(site / "outside.txt")]),
           f"mkdocs serve: a src file outside the docs drawn while serving is watched once ({served.stdout.strip()} {served.stderr[-500:]})")
    again = run([str(venv / "mkdocs"), "build", "--strict"], site, env)
    expect(again.returncode == 0 and runs() == 0 and "0 drawings rendered, 4 from the cache" in again.stderr,
           "mkdocs rebuild: schematic not run at all, 4 drawings from the cache")
    index = site / "docs/index.md"
    index.write_text(index.read_text().replace("    Corvids", "    Corvids\n    Parrots"))
    (site / "docs/trees/services.yaml").write_text((site / "docs/trees/services.yaml").read_text() + "  - Search: [Index]\n")
    changed = run([str(venv / "mkdocs"), "build", "--strict"], site, env)
    expect(changed.returncode == 0 and runs() == 2 and "2 drawings rendered, 2 from the cache" in changed.stderr,
           "mkdocs: after changing one block and one src file, only those 2 are rendered")
    expect(">Parrots</text>" in (site / "site/index.html").read_text() and ">Index</text>" in (site / "site/services/index.html").read_text(),
           "mkdocs: the changes are in the pages")
    files = run([str(venv / "mkdocs"), "build", "--strict", "-f", "mkdocs-files.yml"], site, env)
    expect(files.returncode == 0, f"mkdocs build with inline: false: exit {files.returncode} {files.stderr[-2000:] if files.returncode else ''}")
    svgs = sorted((site / "site-files/assets/schematic").glob("*.svg"))
    expect(len(svgs) == 4 and all(svg.read_text().startswith("<?xml") for svg in svgs), f"mkdocs inline: false: {len(svgs)} SVG files in the site")
    check_page(site / "site-files/index.html", 0, images=2)
    check_page(site / "site-files/services/index.html", 0, images=2)
    blocks = "".join(f'```schematic alt="Drawing {number}"\n{text}```\n\n' for number, text in enumerate(PAGE_BLOCKS, start=1))
    (site / "docs/writer.md").write_text("# A writer's page\n\n" + blocks + '```schematic src="trees"\n```\n')
    writer = run([str(venv / "mkdocs"), "build", "--strict"], site, env)
    expect(writer.returncode == 0, f"mkdocs build of a writer's page: exit {writer.returncode} {writer.stderr[-2000:] if writer.returncode else ''}")
    check_writers_page(site / "site/writer/index.html", work, "mkdocs writer's page")
    (site / "docs/writer.md").unlink()
    (site / "docs/bad.md").write_text("# Bad\n\nIntro.\n\n```schematic\nRoot\n    A\n  B\n```\n")
    bad = run([str(venv / "mkdocs"), "build"], site, env)
    expect(bad.returncode != 0 and "bad.md:8:3: inconsistent indentation" in bad.stderr,
           f"mkdocs: a bad block fails the build with page, line and message: {bad.stderr.strip().splitlines()[-3:]}")
    (site / "docs/bad.md").write_text("# Bad\n\n```schematic layout=spiral\nRoot\n```\n")
    bad = run([str(venv / "mkdocs"), "build"], site, env)
    expect(bad.returncode != 0 and "bad.md:3: 'layout=spiral': The value 'spiral' is invalid" in bad.stderr,
           "mkdocs: a bad setting fails the build at its fence line")
    # Lines are the file's, front matter counted (MkDocs takes it off before plugins see the page).
    (site / "docs/bad.md").write_text("---\ntitle: Bad\n---\n\n# Bad\n\n```schematic\nRoot\n    A\n  B\n```\n")
    bad = run([str(venv / "mkdocs"), "build"], site, env)
    expect(bad.returncode != 0 and "bad.md:10:3: inconsistent indentation" in bad.stderr,
           f"mkdocs: a page with front matter names its file's line: {bad.stderr.strip().splitlines()[-1:]}")
    (site / "docs/bad.md").unlink()
    # Blocks are found as `schematic markdown` finds them: not in an indented code block or an
    # HTML comment (a broken one there fails nothing), in a block quote; text touching the
    # fence stays its own paragraph, the drawing out of it.
    (site / "docs/blocks.md").write_text(
        "# Blocks\n\nHere is the tree:\n```schematic\nA\n  B\n```\nAfter *text*.\n\n"
        "    ```schematic\n    Indented example\n    ```\n\n<!--\n```schematic\nRoot\n    A\n  B\n```\n-->\n\n"
        "> Quoted:\n> ```schematic\n> Q\n>   R\n> ```\n")
    blocks = run([str(venv / "mkdocs"), "build", "--strict"], site, env)
    page = (site / "site/blocks/index.html").read_text() if blocks.returncode == 0 else ""
    expect(blocks.returncode == 0 and page.count("<svg") == 2 and "<code>```schematic\nIndented example" in page
           and "<p>Here is the tree:</p>" in page and "<p>After <em>text</em>.</p>" in page
           and re.search(r"<blockquote>\s*<p>Quoted:</p>\s*<div class=\"schematic-drawing\"><svg", page) is not None,
           f"mkdocs: blocks found as schematic markdown finds them ({blocks.returncode} {blocks.stderr[-500:]})")
    (site / "docs/blocks.md").unlink()

    # Sphinx
    runs()
    project = work / "sphinx"
    shutil.copytree(HERE / "sphinx/example", project, ignore=shutil.ignore_patterns("_build"))
    sphinx = [str(venv / "sphinx-build"), "-W", "-b", "html", ".", "_build/html"]
    build = run(sphinx, project, env)
    expect(build.returncode == 0, f"sphinx-build html: exit {build.returncode} {build.stderr[-2000:] if build.returncode else ''}")
    expect(runs() == 4 and "4 drawings rendered, 0 from the cache" in build.stdout, "sphinx: 4 drawings rendered")
    check_page(project / "_build/html/index.html", 2, [LIGHT_BACKGROUND, DARK_BACKGROUND])
    check_page(project / "_build/html/services.html", 2)
    again = run(sphinx + ["-E"], project, env)
    expect(again.returncode == 0 and runs() == 0 and "0 drawings rendered, 4 from the cache" in again.stdout,
           "sphinx rebuild from scratch (-E): schematic not run at all, 4 drawings from the cache")
    latex = run([str(venv / "sphinx-build"), "-W", "-b", "latex", ".", "_build/latex"], project, env)
    tex = (project / "_build/latex/example.tex").read_text() if latex.returncode == 0 else ""
    pdfs = re.findall(r"\\sphinxincludegraphics\{([^}]+)\}", tex)
    expect(len(pdfs) == 4 and all((project / "_build/latex" / pdf).read_bytes().startswith(b"%PDF-") for pdf in pdfs)
           and "\\caption{The dark one}" in tex, f"sphinx latex: {len(pdfs)} PDF drawings, captions as figures")
    def directive(text: str, alt: str) -> str:
        return f".. schematic::\n   :alt: {alt}\n\n" + "".join("   " + line + "\n" for line in text.splitlines()) + "\n"
    (project / "writer.rst").write_text("A writer's page\n===============\n\n"
                                        + "".join(directive(text, f"Drawing {number}") for number, text in enumerate(PAGE_BLOCKS, start=1))
                                        + ".. schematic:: trees\n")
    index_text = (project / "index.rst").read_text()
    (project / "index.rst").write_text(index_text.replace("   services", "   services\n   writer"))
    writer = run(sphinx, project, env)
    expect(writer.returncode == 0, f"sphinx-build of a writer's page: exit {writer.returncode} {writer.stderr[-2000:] if writer.returncode else ''}")
    check_writers_page(project / "_build/html/writer.html", work, "sphinx writer's page")
    (project / "index.rst").write_text(index_text)
    (project / "writer.rst").unlink()
    (project / "bad.rst").write_text("Bad\n===\n\n.. schematic::\n\n   Root\n       A\n     B\n")
    (project / "index.rst").write_text((project / "index.rst").read_text().replace("   services", "   services\n   bad"))
    bad = run(sphinx, project, env)
    expect(bad.returncode != 0 and "bad.rst:8: WARNING: schematic: inconsistent indentation" in bad.stderr,
           f"sphinx -W: a bad drawing fails the build at its line: {bad.stderr.strip().splitlines()[-2:]}")

    # A bad setting is located at the directive (its options hold it), not the content's line.
    (project / "bad.rst").write_text("Bad\n===\n\n.. schematic::\n   :settings: width=600\n\n   Root\n")
    setting = run(sphinx, project, env)
    expect(setting.returncode != 0 and re.search(r"bad\.rst:4: WARNING: schematic: '[^']*width=600'", setting.stderr) is not None,
           f"sphinx -W: a bad setting fails the build at the directive's line: {setting.stderr.strip().splitlines()[-1:]}")

    # A missing file is a warning of type schematic like any other failed drawing (it was a
    # docutils error, which suppress_warnings cannot name); without -W the page says so.
    (project / "bad.rst").write_text("Bad\n===\n\n.. schematic:: trees/nope.yaml\n")
    missing = run([part for part in sphinx if part != "-W"], project, env)
    bad_page = project / "_build/html/bad.html"
    expect(missing.returncode == 0 and "bad.rst:4: WARNING: schematic: trees/nope.yaml: no such file or directory [schematic]" in missing.stderr
           and bad_page.exists() and "schematic: trees/nope.yaml: no such file or directory" in bad_page.read_text(),
           f"sphinx: a missing file is a schematic warning, shown on the page: {missing.stderr.strip().splitlines()[-3:]}")
    # Once the file exists, the next build reads the page again and draws it.
    (project / "trees/nope.yaml").write_text("Found: [it]\n")
    found = run([part for part in sphinx if part != "-W"], project, env)
    expect(found.returncode == 0 and ">Found</text>" in bad_page.read_text() and "nope.yaml" not in found.stderr,
           f"sphinx: a page whose missing file appeared is drawn on the next build: {found.stderr.strip().splitlines()[-2:]}")

    print(f"integrations-check: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
