"""Boards for web pages: a game's observation turned into an inline SVG, a sentence saying whose turn it is, and the
seat's legal actions grouped for buttons.

Everything here reads only the observation (already filtered for the seat by the game) and the legal action
strings, never a state, so a page can show no more than the seat may know. Each game registers a `Presenter`;
a game without one gets a plain listing, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from wolfpack.web.boards import hunt, spacewolves, wolf
from wolfpack.web.boards.svg import document, lines

Observation = Mapping[str, Any]


@dataclass(frozen=True)
class Presenter:
    """How one game is shown: its board, its turn sentence, and how each action is grouped and labelled."""

    board: Callable[[Observation, int | None], str]
    turn: Callable[[Observation, int | None], str]
    describe: Callable[[Observation, str], tuple[str, str]]
    """(group, label) of one legal action string."""


def _generic_board(observation: Observation, seat: int | None) -> str:
    """A listing of the observation's top-level keys: enough to see that something is there."""
    keys = [str(key) for key in observation] or ["(empty observation)"]
    height = 40 + 16 * len(keys)
    body = [
        lines(12, 24, ["Observation"], font_weight="bold"),
        lines(20, 44, keys, class_="key"),
    ]
    return document(320, height, body, "Observation keys", class_="board generic")


def _generic_turn(observation: Observation, seat: int | None) -> str:
    """Who is to act, if the observation says so with an integer `to_act`."""
    to_act = observation.get("to_act")
    if isinstance(to_act, int) and not isinstance(to_act, bool) and to_act >= 0:
        return "Your turn." if to_act == seat else f"Seat {to_act + 1} to act."
    return "Waiting for the game to go on."


def _generic_describe(observation: Observation, action: str) -> tuple[str, str]:
    """Every action in one group, labelled by its notation."""
    return "Actions", action


GENERIC: Final = Presenter(_generic_board, _generic_turn, _generic_describe)
PRESENTERS: Final[Mapping[str, Presenter]] = {
    "spacewolves": Presenter(spacewolves.board_svg, spacewolves.turn_text, spacewolves.describe),
    "wolves-on-the-hunt": Presenter(hunt.board_svg, hunt.turn_text, hunt.describe),
    "wolf": Presenter(wolf.board_svg, wolf.turn_text, wolf.describe),
}


def board_svg(game: str, observation: Mapping[str, Any], seat: int | None) -> str:
    """The board drawn as one inline <svg> element (viewBox, width 100%, no fixed pixel size)."""
    return PRESENTERS.get(game, GENERIC).board(observation, seat)


def turn_text(game: str, observation: Mapping[str, Any], seat: int | None) -> str:
    """One plain sentence (text, not markup): whose turn it is and what is being waited for."""
    return PRESENTERS.get(game, GENERIC).turn(observation, seat)


def action_choices(game: str, observation: Mapping[str, Any], legal: Sequence[str]) -> list[dict[str, Any]]:
    """The legal actions grouped for buttons, each once: [{"group", "actions": [{"action", "label"}]}] (plain text)."""
    describe = PRESENTERS.get(game, GENERIC).describe
    groups: dict[str, list[dict[str, str]]] = {}
    for action in dict.fromkeys(legal):  # a duplicate would give two buttons for one move
        name, label = describe(observation, action)
        groups.setdefault(name, []).append({"action": action, "label": label})
    return [{"group": name, "actions": actions} for name, actions in groups.items()]


__all__ = ["PRESENTERS", "Presenter", "action_choices", "board_svg", "turn_text"]
