"""An append-only sequence of texts kept in compressed chunks: a game's history in notation, a log's lines.

A record that only grows (every action of an event, every log line) is most of what a long game's state holds and
is read back rarely (a save, a device's first view). `TextChunks` keeps every `CHUNK_LINES` texts as one closed,
zlib-compressed chunk, and the newest ones as a plain list. A closed chunk never changes, so a copy shares it: copying
costs the open chunk and one reference per closed chunk, whatever the length. Reading a closed chunk decompresses it
(about 25 microseconds for 256 lines); the last few read are kept decompressed.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import functools
import json
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, overload

CHUNK_LINES: Final = 256
"""Our default: texts per closed chunk (a log line compresses to about 9 bytes at 256 lines a chunk, 10 at 128)."""
CHUNKS_KEPT_OPEN: Final = 32
"""Our default: closed chunks kept decompressed, for readers that go through the newest lines again and again."""


@functools.lru_cache(maxsize=CHUNKS_KEPT_OPEN)
def _texts(blob: bytes) -> tuple[str, ...]:
    """The texts of a closed chunk (JSON, so a text may hold any character, a newline included)."""
    texts: tuple[str, ...] = tuple(json.loads(zlib.decompress(blob)))
    return texts


def _compress(texts: list[str]) -> bytes:
    """A closed chunk: the texts as a JSON list, compressed."""
    return zlib.compress(json.dumps(texts, ensure_ascii=False, separators=(",", ":")).encode(), 6)


class TextChunks:
    """An append-only sequence of texts: closed chunks of `CHUNK_LINES` texts compressed, the newest texts a list.

    It reads like a list (len, index, slice, iteration, equality with a list) and grows only by `append` and
    `extend`; `copy()` shares the closed chunks."""

    __slots__ = ("_closed", "_open")

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self._closed: list[bytes] = []
        self._open: list[str] = []
        self.extend(texts)

    def append(self, text: str) -> None:
        """Add a text at the end (closing the open chunk once it is full)."""
        if not isinstance(text, str):
            raise TypeError(f"TextChunks holds text, got {type(text).__name__}")
        self._open.append(text)
        if len(self._open) == CHUNK_LINES:
            self._closed.append(_compress(self._open))
            self._open = []

    def extend(self, texts: Iterable[str]) -> None:
        """Add texts at the end, in order."""
        for text in texts:
            self.append(text)

    @classmethod
    def from_chunks(cls, closed: list[bytes], open_texts: list[str], chunk_lines: int) -> TextChunks:
        """Texts saved as their chunks (`closed`, `open`); ValueError naming what is wrong with them. Chunks of
        another size than `CHUNK_LINES` are read and chunked again."""
        chunks = cls()
        for number, blob in enumerate(closed):
            try:
                texts = _texts(blob)
            except (zlib.error, ValueError, TypeError) as exc:
                raise ValueError(f"chunk {number} is not a compressed list of texts: {exc}") from None
            if len(texts) != chunk_lines or not all(isinstance(text, str) for text in texts):
                raise ValueError(f"chunk {number} does not hold {chunk_lines} texts")
        if not all(isinstance(text, str) for text in open_texts) or len(open_texts) >= chunk_lines:
            raise ValueError(f"the open chunk must be fewer than {chunk_lines} texts")
        if chunk_lines == CHUNK_LINES:
            chunks._closed, chunks._open = list(closed), list(open_texts)
        else:
            for blob in closed:
                chunks.extend(_texts(blob))
            chunks.extend(open_texts)
        return chunks

    def to_saved(self) -> dict[str, Any]:
        """The texts as a save holds them: the closed chunks as they are (base64) and the open chunk's texts. It
        costs no object per text, so saving a long record needs no memory in proportion to it."""
        return {
            "chunk_lines": CHUNK_LINES,
            "chunks": [base64.b64encode(blob).decode() for blob in self._closed],
            "open": list(self._open),
        }

    @classmethod
    def from_saved(cls, saved: Any) -> TextChunks:
        """Texts saved by `to_saved`; ValueError naming what is wrong with them."""
        keys = {"chunk_lines", "chunks", "open"}
        if not isinstance(saved, Mapping) or set(saved) != keys:
            raise ValueError(f"saved texts must be an object with the keys {', '.join(sorted(keys))}")
        chunk_lines, chunks, open_texts = saved["chunk_lines"], saved["chunks"], saved["open"]
        if not isinstance(chunk_lines, int) or chunk_lines < 1:
            raise ValueError("chunk_lines must be a positive whole number")
        if not isinstance(chunks, list) or not isinstance(open_texts, list):
            raise ValueError("chunks and open must be lists")
        try:
            closed = [base64.b64decode(blob, validate=True) for blob in chunks]
        except (TypeError, ValueError, binascii.Error) as exc:
            raise ValueError(f"chunks must be base64: {exc}") from None
        return cls.from_chunks(closed, open_texts, chunk_lines)

    @property
    def closed(self) -> list[bytes]:
        """The closed chunks, compressed (as a save holds them); callers must not change the list."""
        return self._closed

    @property
    def open(self) -> list[str]:
        """The texts after the closed chunks; callers must not change the list."""
        return self._open

    def copy(self) -> TextChunks:
        """A copy that shares the closed chunks (they never change) and has its own open one."""
        twin = TextChunks()
        twin._closed = list(self._closed)
        twin._open = list(self._open)
        return twin

    def __len__(self) -> int:
        return len(self._closed) * CHUNK_LINES + len(self._open)

    def __iter__(self) -> Iterator[str]:
        for blob in self._closed:
            yield from _texts(blob)
        yield from list(self._open)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return self.texts(*index.indices(len(self))[:2]) if index.step in (None, 1) else list(self)[index]
        length = len(self)
        position = index + length if index < 0 else index
        if not 0 <= position < length:
            raise IndexError(f"TextChunks index {index} out of range (length {length})")
        chunk, offset = divmod(position, CHUNK_LINES)
        return self._open[offset] if chunk == len(self._closed) else _texts(self._closed[chunk])[offset]

    def texts(self, start: int, stop: int | None = None) -> list[str]:
        """The texts from `start` up to `stop` (default: the end), decompressing only the chunks they are in."""
        stop = len(self) if stop is None else min(stop, len(self))
        found: list[str] = []
        position = max(start, 0)
        while position < stop:
            chunk, offset = divmod(position, CHUNK_LINES)
            texts = self._open if chunk == len(self._closed) else _texts(self._closed[chunk])
            taken = texts[offset : offset + stop - position]
            found.extend(taken)
            position += len(taken)
        return found

    def texts_at(self, positions: Sequence[int]) -> list[str]:
        """The texts at `positions` (ascending), each chunk they fall in read once."""
        found: list[str] = []
        done, count, closed = 0, len(positions), len(self._closed)
        while done < count:
            chunk = positions[done] // CHUNK_LINES
            base, end = chunk * CHUNK_LINES, bisect.bisect_left(positions, (chunk + 1) * CHUNK_LINES, done)
            texts = self._open if chunk == closed else _texts(self._closed[chunk])
            found.extend([texts[position - base] for position in positions[done:end]])
            done = end
        return found

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TextChunks):
            return self._closed == other._closed and self._open == other._open
        if isinstance(other, list):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it grows

    def __repr__(self) -> str:
        return f"TextChunks(<{len(self)} texts, {len(self._closed)} chunks closed>)"
