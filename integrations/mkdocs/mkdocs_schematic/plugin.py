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
        """Replaces each block with a placeholder word, which on_page_content swaps for its drawing."""
        lines = markdown.split("\n")
        output: list[str] = []
        drawings: list[str] = []
        token = "schematicdrawing" + hashlib.sha256(page.file.src_uri.encode()).hexdigest()[:12]
        index, other_fence = 0, None
        ids: dict = {}
        while index < len(lines):
            line = lines[index]
            match = _FENCE.match(line)
            index += 1
            if other_fence:
                closing = _CLOSING.match(line)
                if closing and closing.group(1).startswith(other_fence):
                    other_fence = None
                output.append(line)
                continue
            if not match:
                output.append(line)
                continue
            indent, fence, info = match.groups()
            if info.split()[:1] != ["schematic"]:
                other_fence = fence
                output.append(line)
                continue
            fence_number, body = index, []
            while index < len(lines):
                closing = _CLOSING.match(lines[index])
                index += 1
                if closing and closing.group(1).startswith(fence):
                    break
                body.append(lines[index - 1][len(indent):] if lines[index - 1].startswith(indent) else lines[index - 1])
            else:
                raise PluginError(f"{page.file.src_uri}:{fence_number}: a schematic block is not closed")
            drawings.append(unique_ids(self._draw(info.strip()[len("schematic"):], "\n".join(body), fence_number, page, config), ids))
            output.append(f"{indent}{token}n{len(drawings)}x")
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

    def _draw(self, info: str, body: str, line: int, page, config) -> str:
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


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
