"""Words every board's text shares."""

from __future__ import annotations


def counted(count: int, one: str, many: str) -> str:
    """A count with its noun, singular after 1: "1 square", "3 squares"."""
    return f"{count} {one if count == 1 else many}"
