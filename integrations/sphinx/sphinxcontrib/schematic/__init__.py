"""Sphinx extension: the ``schematic`` directive draws a tree with the `schematic` binary.

    extensions = ['sphinxcontrib.schematic']
    schematic_binary = 'schematic'          # on PATH, or a path
    schematic_defaults = {'theme': 'auto'}  # settings every drawing starts from
    schematic_latex_format = 'pdf'          # or 'png'
    schematic_cache_dir = None              # default: <doctrees>/schematic

    .. schematic:: trees/services.yaml
       :layout: grid
       :caption: Our services

    .. schematic::
       :theme: dark

       Root
         Child
"""
from __future__ import annotations

import hashlib
from html import escape as html_escape
import os
from pathlib import Path
from typing import Any, Optional

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .block import Renderer, SchematicError, Settings, parse_settings, unique_ids

__version__ = "0.1.0"
log = logging.getLogger(__name__)

_ALIGN = ("left", "center", "right")


class schematic(nodes.General, nodes.Element):
    """A drawing to make: its settings, text, and where its text starts in the document."""


class SchematicDirective(SphinxDirective):
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = {
        "format": directives.unchanged_required,
        "layout": directives.unchanged_required,
        "align": directives.unchanged_required,
        "orientation": directives.unchanged_required,
        "theme": directives.unchanged_required,
        "alt": directives.unchanged_required,
        "caption": directives.unchanged_required,
        # Any other settings, as on a fence line of `schematic markdown`: align=tidy connectors=elbow
        "settings": directives.unchanged,
        # Where the drawing sits on the page (not the tree's `align` placement).
        "figure-align": lambda value: directives.choice(value, _ALIGN),
    }

    def run(self) -> list[nodes.Node]:
        if bool(self.arguments) == bool(self.content):
            raise self.error("schematic: give either a file argument or the tree as content, not both")
        try:
            settings: Settings = {str(k): None if v is None or v is True else str(v)
                                  for k, v in self.config.schematic_defaults.items()}
            settings.update(parse_settings(self.options.get("settings", "")))
        except SchematicError as error:
            raise self.error(f"schematic: :settings: {error.message}")
        for key in ("format", "layout", "align", "orientation", "theme", "alt", "caption"):
            if key in self.options:
                settings[key] = self.options[key]
        if self.arguments:
            relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
            if not os.path.exists(path):
                # Sphinx takes a path starting with / from the source folder: say which was tried.
                # (A warning of type schematic, as every other failed drawing is: -W fails the
                # build, suppress_warnings = ['schematic'] silences them all.)
                tried = f" (looked for {relative} in the source folder)" if self.arguments[0].startswith("/") else ""
                log.warning(f"schematic: {self.arguments[0]}: no such file or directory{tried}",
                            location=self.get_location(), type="schematic")
                # (A dependency still: the page is read again once the file exists.)
                self.env.note_dependency(relative)
                return [_missing_drawing(f"{self.arguments[0]}: no such file or directory")]
            self.env.note_dependency(relative)
            settings["src"] = path
        node = schematic()
        node["settings"] = settings
        node["body"] = "\n".join(self.content)
        # The content's first line in the source file (content_offset counts from 0); for a
        # file, the line after the directive's, so that the fence Schematic is given sits on
        # the directive's line (its messages about the drawing as a whole name that line).
        node["first_line"] = self.content_offset + 1 if self.content else self.lineno + 1
        node["figure_align"] = self.options.get("figure-align", "center")
        self.set_source_info(node)
        return [node]


def _renderer(app: Sphinx) -> Renderer:
    if not hasattr(app, "_schematic_renderer"):
        cache = app.config.schematic_cache_dir or os.path.join(app.doctreedir, "schematic")
        app._schematic_renderer = Renderer(app.config.schematic_binary, Path(app.confdir, cache),
                                           warn=lambda message: log.warning(f"schematic: {message}"))
    return app._schematic_renderer


def _missing_drawing(message: str) -> nodes.Node:
    """What a page shows where a drawing failed (without -W the build goes on): the message."""
    return nodes.paragraph("", f"[schematic: {message}]", classes=["schematic-error"])


def _fail(translator: Any, node: schematic, error: SchematicError) -> None:
    # At the line Schematic names, else at the directive's; a message about the fence line (its
    # settings) is about the directive, whose options hold them.
    line = error.line or node.line
    if error.line == node["first_line"] - 1:
        line = node.line
    log.warning(f"schematic: {error.message}", location=f"{node.source}:{line}", type="schematic")
    # The page says so where the drawing would be, rather than leaving nothing.
    if hasattr(translator, "body") and getattr(translator.builder, "format", "") == "html":
        translator.body.append(f'<p class="schematic-error">[schematic: {html_escape(error.message)}]</p>\n')
    raise nodes.SkipNode


def visit_html(translator: Any, node: schematic) -> None:
    try:
        # The fence sits one line above the text, so Schematic's lines are the document's.
        html = _renderer(translator.builder.app).inline_html(node["settings"], node["body"], node["first_line"] - 1)
    except SchematicError as error:
        _fail(translator, node, error)
    html = unique_ids(html, translator.__dict__.setdefault("_schematic_ids", {}))
    translator.body.append(f'<div class="schematic align-{node["figure_align"]}">{html}</div>\n')
    raise nodes.SkipNode


def visit_latex(translator: Any, node: schematic) -> None:
    app = translator.builder.app
    extension = app.config.schematic_latex_format
    try:
        data = _renderer(app).image_file(node["settings"], node["body"], node["first_line"], extension)
    except SchematicError as error:
        _fail(translator, node, error)
    name = "schematic-" + hashlib.sha256(data).hexdigest()[:16] + "." + extension
    Path(translator.builder.outdir, name).write_bytes(data)
    graphic = r"\sphinxincludegraphics{" + name + "}"
    caption = node["settings"].get("caption")
    if caption:
        translator.body.append("\n\\begin{figure}[htbp]\n\\centering\n" + graphic
                               + "\n\\caption{" + translator.encode(caption) + "}\n\\end{figure}\n")
    else:
        environment = {"left": "flushleft", "right": "flushright"}.get(node["figure_align"], "center")
        translator.body.append(f"\n\\begin{{{environment}}}\n{graphic}\n\\end{{{environment}}}\n")
    raise nodes.SkipNode


def visit_text(translator: Any, node: schematic) -> None:
    """Builders without pictures show the text alternative."""
    alt = node["settings"].get("alt") or node["settings"].get("caption") or "[drawing]"
    if hasattr(translator, "add_text"):
        translator.add_text(f"[{alt}]")
    else:
        translator.body.append(f"[{alt}]")
    raise nodes.SkipNode


def _report(app: Sphinx, exception: Optional[Exception]) -> None:
    renderer = getattr(app, "_schematic_renderer", None)
    if renderer and exception is None:
        log.info(f"schematic: {renderer.summary()}")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("schematic_binary", "schematic", "env")
    app.add_config_value("schematic_defaults", {}, "env")
    app.add_config_value("schematic_latex_format", "pdf", "env")
    app.add_config_value("schematic_cache_dir", None, "env")
    app.add_node(schematic,
                 html=(visit_html, None), epub=(visit_html, None), latex=(visit_latex, None),
                 text=(visit_text, None), man=(visit_text, None), texinfo=(visit_text, None))
    app.add_directive("schematic", SchematicDirective)
    app.connect("build-finished", _report)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": False}
