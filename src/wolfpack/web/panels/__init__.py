"""Panels for a table page: one per seat saying what it plays and what it holds, the facts the whole table shares,
the dice for the turn banner, and the end's summary (the seat's result, every seat's final standing, and what
decided the game) in words, never as raw returns.

Like the boards (`wolfpack.web.boards`), everything here reads only the observation the game made for the viewer
and, at the end, the returns: a panel can show no more than the viewer may know. A seat's mark is drawn with the
board's own colours and labels (a colour always with its letter, number or shape), so a panel and the board agree
for colour-blind players. People's names and whether they are here come from the table, not from here.

Each game registers a `PanelMaker`; a game without one gets panels naming its seats and an end read from returns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from wolfpack.web.panels import hunt, spacewolves, wolf
from wolfpack.web.panels.common import ending as _ending
from wolfpack.web.panels.common import headline, listed, person, results_by_best

Observation = Mapping[str, Any]


@dataclass(frozen=True)
class PanelMaker:
    """How one game's panels read its observation."""

    seats: Callable[[Observation, int | None], list[dict[str, Any]]]
    """A panel per seat: {"seat", "title", "mark" (a small SVG), "notes", "facts": [{"label", "value"}]}."""
    shared: Callable[[Observation], list[dict[str, str]]]
    """Facts of the whole table (the round, a shared track)."""
    dice: Callable[[Observation], str | None]
    """The dice the turn banner shows, as one small SVG (None: no dice now)."""
    end: Callable[[Observation, Sequence[float], int | None, Sequence[str]], dict[str, Any]]
    """The end's summary for a seat (None: a watcher), given the returns and the people's names."""


def _generic_seats(observation: Observation, seat: int | None) -> list[dict[str, Any]]:
    """No game facts: the page still shows each seat's person and presence."""
    return []


def _generic_end(
    observation: Observation, returns: Sequence[float], seat: int | None, names: Sequence[str]
) -> dict[str, Any]:
    """The best return wins; each seat's result in words."""
    results = results_by_best(returns)
    standings = [
        (index, person(names, index, f"seat {index + 1}"), result, score)
        for index, (result, score) in enumerate(zip(results, returns, strict=True))
    ]
    winners = [names[index] for index, result in enumerate(results) if result in ("won", "shared")]
    decided = f"{listed(winners)} had the best result." if winners else "Every seat ended level."
    if seat is None:
        return _ending(f"{listed(winners)} won" if winners else "A draw", "watching", decided, standings)
    return _ending(headline(results[seat]), results[seat], decided, standings)


GENERIC: Final = PanelMaker(_generic_seats, lambda observation: [], lambda observation: None, _generic_end)
MAKERS: Final[Mapping[str, PanelMaker]] = {
    "spacewolves": PanelMaker(spacewolves.seats, spacewolves.shared, spacewolves.dice, spacewolves.end),
    "wolves-on-the-hunt": PanelMaker(hunt.seats, hunt.shared, hunt.dice, hunt.end),
    "wolf": PanelMaker(wolf.seats, wolf.shared, wolf.dice, wolf.end),
}


def panel_maker(game: str) -> PanelMaker:
    """How game `game`'s panels are made: by our pages, by its own package's (`wolfpack.web.plugins`), or plainly."""
    ours = MAKERS.get(game)
    if ours is not None:
        return ours
    from wolfpack.web.plugins import plugin_pages  # a plugin's pages build on this module

    pages = plugin_pages().get(game)
    return GENERIC if pages is None or pages.panels is None else pages.panels


def seat_panels(game: str, observation: Observation, seat: int | None) -> dict[str, Any]:
    """What the page's panels and banner show for `seat` (None: a watcher): {"seats", "shared", "dice"}."""
    maker = panel_maker(game)
    panels = maker.seats(observation, seat)
    for panel in panels:
        panel["you"] = panel["seat"] == seat
    return {"seats": panels, "shared": maker.shared(observation), "dice": maker.dice(observation)}


def end_summary(
    game: str, observation: Observation, returns: Sequence[float], seat: int | None, names: Sequence[str]
) -> dict[str, Any]:
    """The end as `seat` reads it: {"headline", "outcome" (won, shared, lost, drawn or watching), "decided",
    "standings": [{"seat", "text", "result"}]}."""
    if len(returns) != len(names):
        raise ValueError(f"{len(returns)} returns for {len(names)} seats: one each is needed")
    return panel_maker(game).end(observation, returns, seat, names)


__all__ = ["GENERIC", "MAKERS", "PanelMaker", "end_summary", "panel_maker", "seat_panels"]
