"""Boards for web pages: a game's observation turned into an inline SVG, a sentence saying whose turn it is, and the
seat's legal actions grouped for buttons and for clicks on the board.

Everything here reads only the observation (already filtered for the seat by the game) and the legal action
strings, never a state, so a page can show no more than the seat may know. Each game registers a `Presenter`;
a game without one gets a plain listing, never an error.

Boards you click (docs/design/frontend.md, "Boards you click"): a board marks the elements a person may click with
`data-pick="<key>"` (and `data-label`, their name in words); a legal action may carry `picks`, the keys to click
in order to make it, and a `hint` shown on the last one (the odds of a shot). Actions that choose a set of things
(Hunt's dice to reroll) carry `toggles` and `confirm` instead: the page draws one toggle per thing and one button
per confirm, rather than one button per subset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from wolfpack.web.boards import hunt, spacewolves, wolf
from wolfpack.web.boards.svg import document, lines

Observation = Mapping[str, Any]
_NOTHING: Final[Mapping[str, Any]] = {}


@dataclass(frozen=True)
class Presenter:
    """How one game is shown: its board, its turn sentence, and how each action is grouped and labelled."""

    board: Callable[[Observation, int | None], str]
    turn: Callable[[Observation, int | None], str]
    describe: Callable[[Observation, str], tuple[str, str]]
    """(group, label) of one legal action string."""
    details: Callable[[Observation, str], Mapping[str, Any]] = lambda observation, action: _NOTHING
    """What a page needs to make the action by clicking: `picks` (keys of the board's data-pick elements, in
    order), `hint` (a short note for the last pick), or `toggles` ({key: label} of the things the action chooses)
    with `confirm` (the label of the button that plays the chosen set); `explain`: what the power or object the
    action uses does, in a sentence, shown where the action is offered."""


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
    "spacewolves": Presenter(spacewolves.board_svg, spacewolves.turn_text, spacewolves.describe, spacewolves.details),
    "wolves-on-the-hunt": Presenter(hunt.board_svg, hunt.turn_text, hunt.describe, hunt.details),
    "wolf": Presenter(wolf.board_svg, wolf.turn_text, wolf.describe, wolf.details),
}


def presenter(game: str) -> Presenter:
    """How game `game` is shown: by our pages, by its own package's (`wolfpack.web.plugins`), or as a listing."""
    ours = PRESENTERS.get(game)
    if ours is not None:
        return ours
    from wolfpack.web.plugins import plugin_pages  # a plugin's pages build on this module

    pages = plugin_pages().get(game)
    return GENERIC if pages is None else pages.presenter


def board_svg(game: str, observation: Mapping[str, Any], seat: int | None) -> str:
    """The board drawn as one inline <svg> element (viewBox, width 100%, no fixed pixel size)."""
    return presenter(game).board(observation, seat)


def turn_text(game: str, observation: Mapping[str, Any], seat: int | None) -> str:
    """One plain sentence (text, not markup): whose turn it is and what is being waited for."""
    return presenter(game).turn(observation, seat)


def action_choices(game: str, observation: Mapping[str, Any], legal: Sequence[str]) -> list[dict[str, Any]]:
    """The legal actions grouped for buttons, each once: [{"group", "actions": [{"action", "label"}]}] (plain text),
    each action with its `picks` and `hint` where the board can make it and its `explain` where it uses a power or
    an object; a group of actions that choose sets is of
    kind "toggles", with its `items` ({"key", "label"}) and each action's `toggles` (keys) and `confirm`."""
    shown = presenter(game)
    groups: dict[str, list[dict[str, Any]]] = {}
    items: dict[str, dict[str, str]] = {}
    for action in dict.fromkeys(legal):  # a duplicate would give two buttons for one move
        name, label = shown.describe(observation, action)
        entry: dict[str, Any] = {"action": action, "label": label}
        extra = shown.details(observation, action)
        if extra.get("picks"):
            entry["picks"] = list(extra["picks"])
        if extra.get("hint"):
            entry["hint"] = str(extra["hint"])
        if extra.get("explain"):
            entry["explain"] = str(extra["explain"])
        if extra.get("toggles"):
            entry["toggles"] = list(extra["toggles"])
            entry["confirm"] = str(extra.get("confirm") or label)
            items.setdefault(name, {}).update(extra["toggles"])
        groups.setdefault(name, []).append(entry)
    return [_group(name, actions, items.get(name)) for name, actions in groups.items()]


def _group(name: str, actions: list[dict[str, Any]], items: Mapping[str, str] | None) -> dict[str, Any]:
    """One group of choices; a group whose actions all choose sets is drawn as toggles and confirm buttons."""
    if items and all("toggles" in entry for entry in actions):
        listed = [{"key": key, "label": label} for key, label in items.items()]
        return {"group": name, "kind": "toggles", "items": listed, "actions": actions}
    return {"group": name, "actions": actions}


__all__ = ["GENERIC", "PRESENTERS", "Presenter", "action_choices", "board_svg", "presenter", "turn_text"]
