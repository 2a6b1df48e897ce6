"""MkDocs plugin: ```schematic fenced blocks become drawings, made by the `schematic` binary.

    plugins:
      - schematic:
          binary: schematic        # on PATH, or a path
          inline: true             # false: an SVG file in the site, linked with <img>
          cache_dir: .cache/schematic
          defaults: {theme: auto}  # settings every block starts from
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
from pathlib import Path
from typing import Optional

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from .block import Renderer, SchematicError, Settings, parse_settings, unique_ids

log = logging.getLogger("mkdocs.plugins.schematic")

_FENCE = re.compile(r"^( *)(`{3,}|~{3,})(.*)$")
_CLOSING = re.compile(r"^ *(`{3,}|~{3,})\s*$")


class SchematicConfig(base.Config):
    binary = c.Type(str, default="schematic")
    inline = c.Type(bool, default=True)
    cache_dir = c.Type(str, default=".cache/schematic")
    defaults = c.Type(dict, default={})


class SchematicPlugin(BasePlugin[SchematicConfig]):
    def __init__(self) -> None:
        self.renderer: Optional[Renderer] = None
        self.drawings: dict[str, list[str]] = {}
        self.watched: set[str] = set()
        # The live-reload server while `mkdocs serve` runs: files first drawn by a rebuild are
        # watched from then on.
        self.server = None

    def on_config(self, config):
        cache = Path(config.config_file_path or ".").parent / self.config.cache_dir
        try:
            self.renderer = Renderer(self.config.binary, cache, warn=log.warning)
        except SchematicError as error:
            raise PluginError(f"schematic: {error.message}")
        self.defaults = {str(k): None if v is None or v is True else str(v) for k, v in self.config.defaults.items()}
        return config

    def on_pre_build(self, config) -> None:
        self.renderer.rendered = self.renderer.cached = 0

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        """Replaces each block with a placeholder word, which on_page_content swaps for its drawing.

        Blocks are found as `schematic markdown` finds them: not in another fence, an HTML
        comment or an indented code block; in list items and block quotes. Line numbers are the
        file's (MkDocs hands the page over without its front matter)."""
        lines = markdown.split("\n")
        offset = _front_matter_lines(page, markdown)
        output: list[str] = []
        drawings: list[str] = []
        token = "schematicdrawing" + hashlib.sha256(page.file.src_uri.encode()).hexdigest()[:12]
        index, other_fence = 0, None
        list_indents: list[int] = []
        after_blank, in_indented_code, in_comment = True, False, False
        ids: dict = {}
        while index < len(lines):
            line = lines[index]
            index += 1
            if other_fence:
                inner = _unquoted(line, other_fence[1])
                if inner is None:
                    other_fence = None  # (its quote ended, and the fence with it)
                else:
                    closing = _CLOSING.match(inner)
                    if closing and closing.group(1).startswith(other_fence[0]):
                        other_fence = None
                    output.append(line)
                    continue
            if in_comment:
                in_comment = "-->" not in line
                output.append(line)
                continue
            # A quote left of a list item's content ends the item (a quote starts a block).
            if list_indents and _quote_markers(line)[1]:
                while list_indents and _columns(line[:len(line) - len(line.lstrip(" \t"))]) < list_indents[-1]:
                    list_indents.pop()
            quote, depth = _quote_markers(line) if not list_indents else ("", 0)
            content = line[len(quote):]
            stripped = content.lstrip(" \t")
            indent = _columns(content[:len(content) - len(stripped)])
            if not stripped:
                after_blank = True
                output.append(line)
                continue
            list_indent = list_indents[-1] if list_indents else 0
            # An indented code block: four columns past a list item's content, after a blank line.
            if not depth and (in_indented_code or after_blank) and indent >= list_indent + 4:
                in_indented_code, after_blank = True, False
                output.append(line)
                continue
            in_indented_code = False
            item = _LIST_ITEM.match(stripped)
            if not depth and item:
                while list_indents and indent < list_indents[-1]:
                    list_indents.pop()
                marker, spaces = item.group(1), len(item.group(2))
                list_indents.append(indent + len(marker) + (spaces if 1 <= spaces <= 4 else 1))
            elif not depth:
                starts_block = stripped[0] in "#<" or stripped.startswith(("```", "~~~")) or _THEMATIC_BREAK.match(stripped)
                while list_indents and indent < list_indents[-1] and (after_blank or starts_block):
                    list_indents.pop()
            was_blank, after_blank = after_blank, False
            list_indent = list_indents[-1] if list_indents else 0
            if indent <= list_indent + 3 and stripped.startswith("<!--"):
                in_comment = "-->" not in stripped[2:]
                output.append(line)
                continue
            match = _FENCE.match(content)
            if not match or indent > list_indent + 3:
                output.append(line)
                continue
            margin, fence, info = match.groups()
            if info.split()[:1] != ["schematic"]:
                other_fence = (fence, depth)
                output.append(line)
                continue
            fence_number, body = index + offset, []
            while index < len(lines):
                inner = _unquoted(lines[index], depth)
                if inner is None:
                    break  # (the quote ends, and the block with it: not closed)
                closing = _CLOSING.match(inner)
                index += 1
                if closing and closing.group(1).startswith(fence):
                    break
                body.append(inner[len(margin):] if inner.startswith(margin) else inner.lstrip(" \t"))
            else:
                raise PluginError(f"{page.file.src_uri}:{fence_number}: a schematic block is not closed")
            if inner is None:
                raise PluginError(f"{page.file.src_uri}:{fence_number}: a schematic block is not closed")
            # (A column in the block is one past what its lines lost: the quote's markers and the fence's indentation.)
            drawings.append(unique_ids(self._draw(info.strip()[len("schematic"):], "\n".join(body), fence_number, page, config,
                                                  column_shift=len(quote) + len(margin)), ids))
            # A paragraph of its own: touching text, the drawing's <div> was put in its <p>.
            bare = quote.rstrip(" ")
            if not was_blank and output:
                output.append(bare)
            output.append(f"{quote}{margin}{token}n{len(drawings)}x")
            following = _unquoted(lines[index], depth) if index < len(lines) else ""
            if following and following.strip():
                output.append(bare)
        self.drawings[page.file.src_uri] = drawings
        return "\n".join(output)

    def on_page_content(self, html: str, page, config, files) -> str:
        drawings = self.drawings.pop(page.file.src_uri, [])
        token = "schematicdrawing" + hashlib.sha256(page.file.src_uri.encode()).hexdigest()[:12]
        for number, drawing in enumerate(drawings, start=1):
            word = f"{token}n{number}x"
            # A block of its own, also in a list item (it sat on the line of the item's text).
            block = f'<div class="schematic-drawing">{drawing}</div>'
            html = html.replace(f"<p>{word}</p>", block).replace(word, block)
        return html

    def on_post_build(self, config) -> None:
        log.info(f"schematic: {self.renderer.summary()}")

    def on_serve(self, server, config, builder):
        # Files drawn with src= outside the docs are watched too (the docs are already), and
        # so is any such file a page starts to draw while serving.
        self.server = server
        for path in sorted(self.watched):
            server.watch(path)
        return server

    def _draw(self, info: str, body: str, line: int, page, config, column_shift: int = 0) -> str:
        where = page.file.src_uri
        try:
            settings: Settings = dict(self.defaults)
            settings.update(parse_settings(info))
            if settings.get("src"):
                settings["src"] = self._source(settings["src"], page, config)
            if self.config.inline:
                return self.renderer.inline_html(settings, body, line)
            return self._linked(settings, body, line, page, config)
        except SchematicError as error:
            if error.line is None:
                error.line = line
            elif error.line > line and error.column:
                error.column += column_shift
            message = error.located(where).replace(config.docs_dir + os.sep, "")
            raise PluginError(message)

    def _source(self, src: str, page, config) -> str:
        base = config.docs_dir if src.startswith("/") else os.path.dirname(page.file.abs_src_path)
        path = os.path.normpath(os.path.join(base, src.lstrip("/")))
        if not os.path.exists(path):
            # A path starting with / is taken from the docs folder: say which was tried.
            tried = f" (looked for {os.path.relpath(path, config.docs_dir)} in the docs folder)" if src.startswith("/") else ""
            raise SchematicError(f"src: {src}: no such file or directory{tried}")
        if not path.startswith(config.docs_dir + os.sep) and path not in self.watched:
            self.watched.add(path)
            if self.server is not None:
                self.server.watch(path)
        return path

    def _linked(self, settings: Settings, body: str, line: int, page, config) -> str:
        """The drawing as an SVG file in the site, named by its content, and its <img>."""
        svg = self.renderer.svg_file(settings, body, line)
        name = hashlib.sha256(svg).hexdigest()[:16] + ".svg"
        target = Path(config.site_dir, "assets", "schematic", name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != svg:
            target.write_bytes(svg)
        link = os.path.relpath(target, os.path.dirname(page.file.abs_dest_path)).replace(os.sep, "/")
        title = re.search(rb"<title[^>]*>(.*?)</title>", svg, re.S)
        alt = _escape(settings["alt"]) if settings.get("alt") else (title.group(1).decode() if title else "")
        image = f'<img class="schematic" src="{_escape(link)}" alt="{alt}">'
        if settings.get("caption"):
            return f'<figure class="schematic-figure">{image}<figcaption>{_escape(settings["caption"])}</figcaption></figure>'
        return image


_LIST_ITEM = re.compile(r"^([-*+]|\d{1,9}[.)])( +|$)")
_THEMATIC_BREAK = re.compile(r"^([-*_])( *\1){2,} *$")
_QUOTE = re.compile(r"^( {0,3}> ?)+")


def _front_matter_lines(page, markdown: str) -> int:
    """How many lines of the page's file come before `markdown` (its front matter, which MkDocs
    takes off before plugins see the page), so that messages name the file's lines."""
    try:
        with open(page.file.abs_src_path, encoding="utf-8-sig") as source:
            text = source.read()
    except (OSError, TypeError, AttributeError, UnicodeDecodeError):
        return 0
    start = text.find(markdown) if markdown else -1
    return text.count("\n", 0, start) if start > 0 else 0


def _quote_markers(line: str) -> tuple[str, int]:
    """The block quote markers a line starts with (`> > `) and how deep they quote."""
    match = _QUOTE.match(line)
    return (match.group(0), match.group(0).count(">")) if match else ("", 0)


def _unquoted(line: str, depth: int):
    """The line without `depth` quote markers, or None where it is quoted less deep."""
    if not depth:
        return line
    markers, found = _quote_markers(line)
    if found < depth:
        return None
    # Only `depth` markers off (a deeper one belongs to the content).
    position = 0
    for _ in range(depth):
        position = line.index(">", position) + 1
        if position < len(line) and line[position] == " ":
            position += 1
    return line[position:]


def _columns(whitespace: str) -> int:
    """Columns of leading white space (a tab to the next multiple of four)."""
    column = 0
    for character in whitespace:
        column = column + 4 - column % 4 if character == "\t" else column + 1
    return column


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
