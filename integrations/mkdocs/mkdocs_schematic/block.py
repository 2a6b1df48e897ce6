"""Drawing one ```schematic block with the `schematic` binary, through a content-hash cache.

Shared, byte for byte, by mkdocs-schematic and sphinxcontrib-schematic (integrations/test.py
checks that the two copies agree). Settings are those of a fence line of `schematic markdown`:
`key=value`, `key="quoted value"` or a bare `key`.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable, Optional

Settings = dict[str, Optional[str]]

_WARNING = re.compile(r"(^|: )warning: ")
_LOCATION = re.compile(r"^<stdin>:(\d+)(?::(\d+))?: (.*)$", re.S)
_SIMPLE = re.compile(r"[^\s\"'\\]+")


class SchematicError(Exception):
    """Schematic refused a block; `line` and `column` locate it in the page when known."""

    def __init__(self, message: str, line: Optional[int] = None, column: Optional[int] = None):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column

    def located(self, page: str) -> str:
        where = f"{page}:{self.line}" + (f":{self.column}" if self.column else "") if self.line else page
        return f"{where}: {self.message}"


def parse_settings(text: str) -> Settings:
    """Reads a fence line's settings as `schematic markdown` does."""
    settings: Settings = {}
    rest = text.strip()
    while rest:
        key = re.match(r"[\w-]+", rest)
        if not key:
            raise SchematicError(f"'{rest.split()[0]}' is not a setting (key=value)")
        name, rest = key.group(0), rest[key.end():]
        if name in settings:
            raise SchematicError(f"'{name}' is set twice")
        value: Optional[str] = None
        if rest.startswith("="):
            rest = rest[1:]
            if rest[:1] in ("\"", "'"):
                quote, rest, value, closed = rest[0], rest[1:], "", False
                while rest:
                    character, rest = rest[0], rest[1:]
                    if character == quote:
                        closed = True
                        break
                    if character == "\\" and rest[:1] in (quote, "\\"):
                        character, rest = rest[0], rest[1:]
                    value += character
                if not closed:
                    raise SchematicError(f"the value of '{name}' has no closing {quote}")
            else:
                value = re.match(r"\S*", rest).group(0)
                rest = rest[len(value):]
        elif rest and not rest[0].isspace():
            raise SchematicError(f"'{name}{rest.split()[0]}' is not a setting (key=value)")
        settings[name] = value
        rest = rest.lstrip()
    return settings


def fence_line(settings: Settings) -> str:
    """Settings written back as a fence line, quoted where needed."""
    def quoted(value: str) -> str:
        if _SIMPLE.fullmatch(value):
            return value
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\""
    return " ".join(key if value is None else f"{key}={quoted(value)}" for key, value in settings.items())


class Renderer:
    """Runs `schematic` for blocks, keeping every result in `cache_dir` under a hash of all
    that decides it (the binary, the settings, the text, the files named by `src`)."""

    def __init__(self, binary: str, cache_dir: Path, warn: Callable[[str], None] = print):
        found = shutil.which(binary)
        if not found:
            raise SchematicError(f"cannot find the schematic binary '{binary}' (install it on PATH, or configure its path)")
        self.binary = str(Path(found).resolve())
        self.cache_dir = Path(cache_dir)
        self.warn = warn
        self.rendered = 0
        self.cached = 0
        info = os.stat(self.binary)
        self._identity = [self.binary, info.st_size, info.st_mtime_ns]

    def summary(self) -> str:
        """What a build did: `3 drawings rendered, 1 from the cache`."""
        return f"{self.rendered} drawing{'' if self.rendered == 1 else 's'} rendered, {self.cached} from the cache"

    def inline_html(self, settings: Settings, body: str, line: int) -> str:
        """The block as `schematic markdown` inlines it: `<svg>` with scoped styles, in a
        `<figure>` when captioned. `line` is the fence line's number in the page."""
        def produce() -> bytes:
            return self._markdown(settings, body, line, [])
        return self._cached("html", settings, body, produce).decode("utf-8")

    def svg_file(self, settings: Settings, body: str, line: int) -> bytes:
        """The block as a standalone SVG document."""
        def produce() -> bytes:
            with tempfile.TemporaryDirectory() as directory:
                self._markdown(settings, body, line, ["--assets", directory, "-o", os.path.join(directory, "page.md")])
                # (One block: one file, named by its number or its `name` setting.)
                drawn, = Path(directory).glob("diagram*.svg")
                return drawn.read_bytes()
        return self._cached("svg", settings, body, produce)

    def image_file(self, settings: Settings, body: str, first_line: int, extension: str) -> bytes:
        """The block as a PNG or PDF (`schematic render -o x.pdf`); `first_line` is the number
        of the body's first line in the page."""
        def produce() -> bytes:
            # A folder is drawn from beside it, so that its root is labelled with its name, as
            # inline drawings are, not with the build machine's path.
            src = (settings.get("src") or "").rstrip("/") or None
            arguments = ["render", os.path.basename(src) if src else "-"]
            for key, value in settings.items():
                if key in ("src", "alt", "caption", "name"):
                    continue
                name = "from" if key == "format" else key
                if key in _PATH_SETTINGS and value and src:
                    value = os.path.abspath(value)  # read from the build's folder, as inline drawings read it
                arguments.append(f"--{name}" if value is None else f"--{name}={value}")
            with tempfile.TemporaryDirectory() as directory:
                output = os.path.join(directory, "drawing." + extension)
                self._run(arguments + ["-o", output], body, offset=first_line - 1, cwd=os.path.dirname(src) if src else None)
                return Path(output).read_bytes()
        return self._cached(extension, settings, body, produce)

    def _markdown(self, settings: Settings, body: str, line: int, arguments: list[str]) -> bytes:
        longest = max((len(m) for m in re.findall(r"^\s*(`{3,})", body, re.M)), default=0)
        fence = "`" * max(3, longest + 1)
        text = body if not body or body.endswith("\n") else body + "\n"
        # Blank lines before the fence put it on its line of the page, so Schematic's messages
        # name the page's lines.
        document = "\n" * (line - 1) + f"{fence}schematic {fence_line(settings)}\n{text}{fence}\n"
        output = self._run(["markdown", "-"] + arguments, document, offset=0)
        return output.strip(b"\n")

    def _run(self, arguments: list[str], stdin: str, offset: int, cwd: Optional[str] = None) -> bytes:
        result = subprocess.run([self.binary] + arguments, input=stdin.encode("utf-8"), capture_output=True, cwd=cwd)
        messages = result.stderr.decode("utf-8", "replace").strip().splitlines()

        def warn(message: str) -> None:
            match = _LOCATION.match(message)
            self.warn(f"line {int(match.group(1)) + offset}: {match.group(3)}" if match else message)
        if result.returncode != 0:
            # The error, after any warnings (which are still shown), and not the usage and
            # help argument-parser prints after it.
            warnings = [m for m in messages if _WARNING.search(m)]
            for message in warnings:
                warn(message)
            errors = [m for m in messages if m.strip() and m not in warnings]
            match = _LOCATION.match(errors[0] if errors else "")
            if not match:
                first = errors[0] if errors else ""
                raise SchematicError(first.removeprefix("Error: ") or f"schematic exited with status {result.returncode}")
            line, column, message = match.groups()
            raise SchematicError(message, int(line) + offset, int(column) if column else None)
        for message in messages:
            warn(message)
        return result.stdout

    def _cached(self, kind: str, settings: Settings, body: str, produce: Callable[[], bytes]) -> bytes:
        key = hashlib.sha256(json.dumps([self._identity, kind, settings, body, _files(settings.get("src"))]).encode()).hexdigest()
        path = self.cache_dir / f"{key}.{kind}"
        if path.is_file():
            self.cached += 1
            return path.read_bytes()
        data = produce()
        self.rendered += 1
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(data)
        os.replace(temporary, path)
        return data


# Settings naming a file: made absolute where a drawing runs from its src's folder.
_PATH_SETTINGS = ("font-file",)

_SCOPE = re.compile(r'<svg[^>]*\bid="(schematic-[0-9a-f]+)"')


def unique_ids(html: str, seen: dict) -> str:
    """A drawing's ids made unique in its page: `seen` counts each drawing's id (its text's
    hash) on the page so far; a repeat takes `-2`, `-3`... (two blocks drawing one file had one
    `<svg>` id and one title id: invalid HTML, and the second announced by the first's title)."""
    match = _SCOPE.search(html)
    if not match:
        return html
    scope = match.group(1)
    seen[scope] = seen.get(scope, 0) + 1
    if seen[scope] == 1:
        return html
    return re.sub(re.escape(scope) + r"(?![0-9a-f])", f"{scope}-{seen[scope]}", html)


def _files(src: Optional[str]) -> list:
    """What a `src` file or directory holds, for the cache key."""
    if not src:
        return []
    path = Path(src)
    if path.is_file():
        return [hashlib.sha256(path.read_bytes()).hexdigest()]
    entries = []
    for root, directories, names in os.walk(path):
        directories.sort()
        for name in sorted(names + directories):
            info = os.stat(os.path.join(root, name))
            entries.append([os.path.relpath(os.path.join(root, name), path), info.st_size, info.st_mtime_ns])
    return entries
