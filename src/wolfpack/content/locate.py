"""Find the line of a value in TOML text: tomllib parses values but keeps no positions, so we walk the text.

The walk understands just enough TOML to follow paths: comments, strings (basic, literal, multi-line), dotted and
quoted keys, tables `[a.b]`, arrays of tables `[[a]]` (counting occurrences, so `[[a]]` number 3 is `a[2]`),
arrays and inline tables (each element gets the line it starts on). Scalars are skipped, not parsed. On text it
does not understand it stops and keeps what it has found so far; it never raises.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence

from wolfpack.content.errors import Loc

_BARE_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_SCALAR_ENDS = frozenset(",]}\n#")


def locate_line(text: str, loc: Sequence[str | int]) -> int | None:
    """The 1-based line where `loc` is written in `text`, else its nearest written parent's; None if neither is."""
    positions = toml_positions(text)
    for end in range(len(loc), 0, -1):
        line = positions.get(tuple(loc[:end]))
        if line is not None:
            return line
    return None


def toml_positions(text: str) -> dict[Loc, int]:
    """Every path written in TOML `text` (tables, keys, array elements) mapped to the 1-based line it starts on."""
    scanner = _Scanner(text)
    # Malformed or unsupported text: keep the positions found before it.
    with contextlib.suppress(_Stop):
        scanner.document()
    return scanner.positions


class _Stop(Exception):
    """The scanner met text it does not understand."""


class _Scanner:
    """A forward-only walk over TOML text that records where each path starts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.positions: dict[Loc, int] = {}
        self.table: Loc = ()
        self.array_counts: dict[Loc, int] = {}

    def document(self) -> None:
        """Walk the whole text: headers and key/value pairs, one per line."""
        while True:
            self.skip_blank(newlines=True)
            if self.at_end():
                return
            if self.peek() == "[":
                self.header()
            else:
                self.key_value(self.table)
            self.skip_blank(newlines=False)
            if not self.at_end() and self.peek() != "\n":
                raise _Stop

    def header(self) -> None:
        """A `[table]` or `[[array of tables]]` header: it sets the table that the following keys belong to."""
        line = self.line
        is_array = self.text.startswith("[[", self.pos)
        self.advance(2 if is_array else 1)
        keys = self.key()
        closing = "]]" if is_array else "]"
        self.skip_blank(newlines=False)
        if not self.text.startswith(closing, self.pos):
            raise _Stop
        self.advance(len(closing))
        path: Loc = ()
        for i, part in enumerate(keys):
            path = (*path, part)
            if i == len(keys) - 1 and is_array:
                self.positions.setdefault(path, line)
                count = self.array_counts.get(path, 0)
                self.array_counts[path] = count + 1
                path = (*path, count)
            elif path in self.array_counts:
                path = (*path, self.array_counts[path] - 1)
            self.positions.setdefault(path, line)
        self.table = path

    def key_value(self, base: Loc) -> None:
        """A `key = value` pair under `base`, recording the key's line."""
        line = self.line
        path = base
        for part in self.key():
            path = (*path, part)
            self.positions.setdefault(path, line)
        self.skip_blank(newlines=False)
        if self.peek() != "=":
            raise _Stop
        self.advance(1)
        self.skip_blank(newlines=False)
        self.value(path)

    def key(self) -> list[str]:
        """A possibly dotted, possibly quoted key, as its parts."""
        parts = []
        while True:
            self.skip_blank(newlines=False)
            char = self.peek()
            if char in "\"'":
                parts.append(self.string())
            else:
                start = self.pos
                while not self.at_end() and self.peek() in _BARE_KEY_CHARS:
                    self.advance(1)
                if self.pos == start:
                    raise _Stop
                parts.append(self.text[start : self.pos])
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                return parts
            self.advance(1)

    def value(self, path: Loc) -> None:
        """Any value; arrays and inline tables record the lines of their elements."""
        char = self.peek()
        if char in "\"'":
            self.string()
        elif char == "[":
            self.array(path)
        elif char == "{":
            self.inline_table(path)
        else:
            start = self.pos
            while not self.at_end() and self.peek() not in _SCALAR_ENDS:
                self.advance(1)
            if self.pos == start:
                raise _Stop

    def array(self, path: Loc) -> None:
        """`[a, b, ...]`, possibly over several lines with comments."""
        self.advance(1)
        index = 0
        while True:
            self.skip_blank(newlines=True)
            if self.peek() == "]":
                self.advance(1)
                return
            self.positions.setdefault((*path, index), self.line)
            self.value((*path, index))
            index += 1
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.advance(1)
            elif self.peek() != "]":
                raise _Stop

    def inline_table(self, path: Loc) -> None:
        """`{ key = value, ... }`."""
        self.advance(1)
        while True:
            self.skip_blank(newlines=True)
            if self.peek() == "}":
                self.advance(1)
                return
            self.key_value(path)
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.advance(1)
            elif self.peek() != "}":
                raise _Stop

    def string(self) -> str:
        """A basic, literal or multi-line string; returns its text (escapes decoded for basic strings)."""
        quote = self.peek()
        if self.text.startswith(quote * 3, self.pos):
            self.advance(3)
            end = self.text.find(quote * 3, self.pos)
            if end < 0:
                raise _Stop
            while self.text.startswith(quote, end + 3):  # up to two quotes may close the content
                end += 1
            raw = self.text[self.pos : end]
            self.advance(end + 3 - self.pos)
            return raw
        self.advance(1)
        start = self.pos
        while True:
            if self.at_end() or self.peek() == "\n":
                raise _Stop
            char = self.peek()
            if char == "\\" and quote == '"':
                self.advance(2)
                continue
            if char == quote:
                raw = self.text[start : self.pos]
                self.advance(1)
                return _decode_basic(raw) if quote == '"' else raw
            self.advance(1)

    def skip_blank(self, *, newlines: bool) -> None:
        """Skip spaces, tabs and comments, and line breaks too when `newlines`."""
        while not self.at_end():
            char = self.peek()
            if char in " \t\r" or (newlines and char == "\n"):
                self.advance(1)
            elif char == "#":
                end = self.text.find("\n", self.pos)
                self.advance((len(self.text) if end < 0 else end) - self.pos)
            else:
                return

    def peek(self) -> str:
        """The character at the cursor, or NUL at the end (never valid in TOML, and never a substring match)."""
        return self.text[self.pos] if self.pos < len(self.text) else "\0"

    def at_end(self) -> bool:
        """Whether the cursor has passed the last character."""
        return self.pos >= len(self.text)

    def advance(self, count: int) -> None:
        """Move the cursor on by `count` characters, counting line breaks."""
        end = min(self.pos + count, len(self.text))
        self.line += self.text.count("\n", self.pos, end)
        self.pos = end


def _decode_basic(raw: str) -> str:
    # TOML's basic-string escapes are a subset of JSON's apart from \U and \e, which keys practically never use.
    try:
        decoded = json.loads(f'"{raw}"')
    except ValueError:
        return raw
    return decoded if isinstance(decoded, str) else raw
