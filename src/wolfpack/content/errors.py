"""Errors raised while loading content packs; each names the file, the entry, the field and the line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wolfpack.engine.errors import WolfpackError

Loc = tuple[str | int, ...]
"""A path into a content file's data, as pydantic reports it: table keys and array indices."""

MAX_LISTED_PROBLEMS = 20
"""An error message lists at most this many problems, so one broken table does not flood the terminal."""


@dataclass(frozen=True)
class ContentProblem:
    """One thing wrong in a content file, with everything needed to find and fix it."""

    file: str
    message: str
    """What was expected and what was found, e.g. `must be at least 1 (got 0)`."""
    loc: Loc = ()
    entry: str | None = None
    """The entry, e.g. `day_wolves[3] (id "day-04", name "Snow Biter")`; None for the file as a whole."""
    field: str | None = None
    """The field inside the entry, dotted, e.g. `ability.die`; None when the whole entry is at fault."""
    line: int | None = None
    """1-based line in the file where the field (or its nearest written parent) is; None when unknown."""

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [where]
        if self.entry:
            parts.append(self.entry)
        if self.field:
            parts.append(self.field)
        return ": ".join([*parts, self.message])


class ContentError(WolfpackError, ValueError):
    """A content file cannot be read or does not match its schema; the message lists every problem found."""

    def __init__(self, problems: Sequence[ContentProblem]) -> None:
        if not problems:
            raise ValueError("ContentError needs at least one problem")
        self.problems: tuple[ContentProblem, ...] = tuple(problems)
        super().__init__(_describe(self.problems))

    @property
    def file(self) -> str:
        """The file of the first problem."""
        return self.problems[0].file

    @property
    def entry(self) -> str | None:
        """The entry of the first problem."""
        return self.problems[0].entry

    @property
    def field(self) -> str | None:
        """The field of the first problem."""
        return self.problems[0].field

    @property
    def line(self) -> int | None:
        """The line of the first problem."""
        return self.problems[0].line


class EntryProblem(ValueError):
    """Raised inside a schema validator to blame a field below the model being validated, not the model itself.

    `loc` is relative to the model whose validator raises; the loader joins it to pydantic's location so the
    message names the exact entry, field and line (pydantic alone would blame the whole model).
    """

    def __init__(self, loc: Sequence[str | int], message: str) -> None:
        super().__init__(message)
        self.loc: Loc = tuple(loc)


def _describe(problems: Sequence[ContentProblem]) -> str:
    if len(problems) == 1:
        return str(problems[0])
    shown = [f"  {problem}" for problem in problems[:MAX_LISTED_PROBLEMS]]
    if len(problems) > MAX_LISTED_PROBLEMS:
        shown.append(f"  ... and {len(problems) - MAX_LISTED_PROBLEMS} more")
    files = sorted({problem.file for problem in problems})
    return f"{len(problems)} problems in {', '.join(files)}:\n" + "\n".join(shown)
