"""Building blocks for content schemas: strict models, the `source` every entry carries, cross-entry checks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, TypeAlias, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Strict

from wolfpack.content.errors import EntryProblem

T = TypeVar("T")

OUR_DEFAULT = "our default"
"""The `source` of a number we chose because the rulebook does not print it."""
RULEBOOK_PREFIX = "rulebook: "
"""The `source` of a number the rulebook gives, followed by the section, e.g. `rulebook: Setup`."""
_RULEBOOK_SOURCE = re.compile(r"rulebook: \S.*")

Items: TypeAlias = Annotated[tuple[T, ...], Strict(False)]
"""An immutable list read from a TOML array (strict models would refuse a list for a tuple; items stay strict)."""


def show(value: object) -> str:
    """A value as TOML writes it, for error messages: strings in double quotes, booleans in lower case."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "an array"
    return str(value)


def _check_source(value: str) -> str:
    if value == OUR_DEFAULT or _RULEBOOK_SOURCE.fullmatch(value):
        return value
    raise ValueError(f'must be "{OUR_DEFAULT}" or "{RULEBOOK_PREFIX}<section>" (got {show(value)})')


Source = Annotated[str, AfterValidator(_check_source)]
"""Where an entry's numbers come from: `our default` or `rulebook: <section>`."""


class ContentModel(BaseModel):
    """Base of every content schema: unknown fields are errors, types are not coerced, loaded content is frozen."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Entry(ContentModel):
    """An entry of a content file (a card, a character, a map element, a table row): it must say where it is from."""

    source: Source


def check_unique(
    entries: Sequence[Any],
    key: Callable[[Any], object],
    where: str,
    field: str,
    *,
    seen: dict[object, str] | None = None,
) -> dict[object, str]:
    """Raise EntryProblem at the first entry whose `key` repeats an earlier one; returns keys seen, for chaining."""
    seen = {} if seen is None else seen
    for index, entry in enumerate(entries):
        value = key(entry)
        here = f"{where}[{index}]"
        if value in seen:
            raise EntryProblem((where, index, field), f"duplicate {field} {show(value)} (also {seen[value]})")
        seen[value] = here
    return seen


def check_count(entries: Sequence[Any], expected: int, loc: Sequence[str | int], what: str, why: str) -> None:
    """Raise EntryProblem when there are not exactly `expected` entries; `why` says where the number comes from."""
    if len(entries) != expected:
        raise EntryProblem(loc, f"must have exactly {expected} {what} ({why}); found {len(entries)}")


def check_known(value: object, known: Iterable[object], loc: Sequence[str | int], what: str) -> None:
    """Raise EntryProblem when `value` is not one of `known` (a reference to something that does not exist)."""
    known = list(known)
    if value not in known:
        listed = ", ".join(show(k) for k in known)
        raise EntryProblem(loc, f"unknown {what} {show(value)} (known: {listed})")
