"""What every game's panels share: a fact, a seat's mark (its colour with the letter, number or shape the board
gives it), a row of dice for the turn banner, and the end's words for a seat's result."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal

from wolfpack.web.boards.svg import INK, SVG_NS, die, el, num, on_dark, text, title

MARK_SIZE: Final = 28
DIE_SIZE: Final = 30
DIE_GAP: Final = 6
Shape = Literal["circle", "square"]
Result = Literal["won", "shared", "lost", "drawn"]
RESULT_WORDS: Final[Mapping[str, str]] = {"won": "won", "shared": "shared the win", "lost": "lost", "drawn": "drew"}
HEADLINES: Final[Mapping[str, str]] = {
    "won": "You won",
    "shared": "You share the win",
    "lost": "You lost",
    "drawn": "A draw",
}


def fact(label: str, value: object) -> dict[str, str]:
    """One line of a panel: what it is and its value, both plain text."""
    return {"label": label, "value": str(value)}


def mark(marks: Iterable[tuple[str, str, Shape]]) -> str:
    """A seat's marks side by side as a small inline SVG: each a disc or a square in its fill with its label on it
    (the colour is never the only sign), hidden from screen readers, which read the panel's words instead."""
    shown = list(marks)
    parts = []
    for index, (fill, label, shape) in enumerate(shown):
        x = index * (MARK_SIZE + 2)
        half = MARK_SIZE / 2
        if shape == "circle":
            body = el("circle", cx=x + half, cy=half, r=half - 1.5, fill=fill, stroke=INK, stroke_width="1.5")
        else:
            body = el(
                "rect", x=x + 1.5, y=1.5, width=MARK_SIZE - 3.0, height=MARK_SIZE - 3.0, rx=3.0, fill=fill, stroke=INK
            )
        glyph = text(
            x + half, half + 5, label, text_anchor="middle", font_size="14", font_weight="bold", fill=on_dark(fill)
        )
        parts.append(el("g", body, glyph, class_=f"mark {shape}"))
    width = max(1, len(shown)) * (MARK_SIZE + 2) - 2
    return el(
        "svg",
        *parts,
        xmlns=SVG_NS,
        viewBox=f"0 0 {num(width)} {MARK_SIZE}",
        width=str(width),
        height=str(MARK_SIZE),
        class_="seat-mark",
        aria_hidden="true",
        focusable="false",
    )


def dice_row(dice: Sequence[tuple[object, str, str, str]], label: str) -> str:
    """Dice faces in a row for the turn banner, each (value, fill, pip colour, its name in words); one image named
    `label` and each die's name."""
    names = ", ".join(f"{name} {value}" for value, _, _, name in dice)
    faces = [
        die(index * (DIE_SIZE + DIE_GAP) + 1, 1, DIE_SIZE, value, fill=fill, pip=pip, label=name)
        for index, (value, fill, pip, name) in enumerate(dice)
    ]
    width = len(dice) * (DIE_SIZE + DIE_GAP) - DIE_GAP + 2
    return el(
        "svg",
        title(f"{label}: {names}"),
        *faces,
        xmlns=SVG_NS,
        viewBox=f"0 0 {num(width)} {DIE_SIZE + 2}",
        width=str(width),
        height=str(DIE_SIZE + 2),
        role="img",
        aria_label=f"{label}: {names}",
        class_="banner-dice",
    )


def results_by_best(returns: Sequence[float], all_equal: Result = "drawn") -> list[Result]:
    """Each seat's result when the best return wins: alone "won", tied "shared", below "lost"; `all_equal` when
    every seat got the same."""
    best, worst = max(returns), min(returns)
    if best == worst:
        return [all_equal] * len(returns)
    winners = sum(1 for value in returns if value == best)
    return ["lost" if value != best else ("won" if winners == 1 else "shared") for value in returns]


def headline(result: Result) -> str:
    """The end's first words for the seat that got `result`."""
    return HEADLINES[result]


def listed(words: Sequence[str]) -> str:
    """Words joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def ending(
    headline_text: str,
    outcome: str,
    decided: str,
    standings: Sequence[tuple[int, str, str, float]],
) -> dict[str, Any]:
    """The end's summary as a page shows it: the headline, the seat's outcome (a class), what decided the game, and
    a line per seat (seat, its words, its result, its score: higher is better), best first, each with its rank
    (tied seats share one: 1, 2, 2, 4) and the result in words at the line's end."""
    ranked = sorted(standings, key=lambda line: -line[3])  # stable: tied seats stay in seat order
    return {
        "headline": headline_text,
        "outcome": outcome,
        "decided": decided,
        "standings": [
            {
                "seat": seat,
                "rank": 1 + sum(1 for other in standings if other[3] > score),
                "text": f"{words}, {RESULT_WORDS.get(result, result)}",
                "result": result,
            }
            for seat, words, result, score in ranked
        ],
    }


def person(names: Sequence[str], seat: int, plays: str) -> str:
    """A seat as the end names it: the person and what they played ("Ann (Red)")."""
    name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    # A name in brackets already ("Hunter 1 (Emil)") reads better with a comma inside the person's brackets.
    return f"{name} ({plays.replace(' (', ', ').rstrip(')') if ' (' in plays else plays})"
