"""Spacewolves! for the browser: the column of tiles between Earth and the Spacewolves, dice and scores.

Drawn from the observation alone (`wolfpack.games.spacewolves.notation.observe`): Earth on top with its twelve
numbers, the fifteen moving tiles from position 15 down to 1, the Spacewolves tile at the bottom, then the dice
still usable and the scores. Spacewolves! has no secrets, but the drawing still reads nothing else.

To click: each spaceman that may move is `man-<letter><position>` (every disc of one colour on one tile shares the
key: they are the same move), each tile `tile-<position>`, Earth `earth`; a move is its spaceman then the tile
(or Earth) the die takes it to, worked out with the game's own movement rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from wolfpack.games.spacewolves.rules import EARTH, OFF_BOARD, backward_target, forward_target
from wolfpack.web.boards.palette import SEAT_COLOURS
from wolfpack.web.boards.svg import INK, die, document, el, group, lines, on_dark, text, title
from wolfpack.web.boards.words import counted

WIDTH: Final = 400
TILE_TOP: Final = 104
TILE_HEIGHT: Final = 36
PIECE_STEP: Final = 26
COLOURS: Final[Mapping[str, str]] = {name: SEAT_COLOURS[name] for name in ("red", "yellow", "blue", "green")}
"""The game's four colours in the colour-blind-safe palette (docs/design/boards.md); each disc also shows its letter."""
UNKNOWN_COLOUR: Final = "#888888"
TILE_NAMES: Final[Mapping[str, str]] = {"A": "Asteroid Field", "W": "Tandem Warp", "S": "Space Station"}
TILE_FILLS: Final[Mapping[str, str]] = {"A": "#cdb89a", "W": "#cdb8f0", "S": "#bfe3f2"}
NUMBER_FILL: Final = "#e8edf6"
SAFE_COLOUR: Final = "#009e73"
"""Safety in Numbers: the palette's bluish green, as a solid border and a band, with the word SAFE beside the name
(never a dashed line: on every board a dashed outline means only "you can click this")."""
SAFE_INK: Final = "#00573f"
LEGEND: Final = (
    "Dashed outline: you can click it.",
    "Green border, SAFE: Safety in Numbers, so no spaceman there",
    "can be moved in the Spacewolf! Phase.",
)
LEGEND_STEP: Final = 15
PHASES: Final[Mapping[str, str]] = {
    "setup": "the roll for first player",
    "spaceman": "Spaceman Phase",
    "control": "Mission Control",
    "wolf": "Spacewolf! Phase",
    "over": "game over",
}
LETTERS: Final[Mapping[str, str]] = {"r": "red", "y": "yellow", "b": "blue", "g": "green"}
_MOVE: Final = re.compile(r"([a-z])(\d+)([+-])(\d)")
_PARTNER: Final = re.compile(r"warp ([a-z])(\d+)")


# ---------------------------------------------------------------- the board


def board_svg(observation: Mapping[str, Any], seat: int | None) -> str:
    """Earth, the tiles with every spaceman in its colour, the Spacewolves, the dice as faces, and the scores."""
    players: list[str] = list(observation["players"])
    tiles = list(observation["tiles"])
    wolves_top = TILE_TOP + TILE_HEIGHT * len(tiles) + 8
    dice_top = wolves_top + 56
    scores_top = dice_top + 52
    legend_top = scores_top + 24 * len(players) + 14
    height = legend_top + LEGEND_STEP * len(LEGEND) + 4
    body = [
        text(12, 22, _heading(observation), font_weight="bold", font_size="14", class_="heading"),
        _earth(observation["earth"], players),
        group((_tile(row, index, players) for index, row in enumerate(tiles)), class_="tiles"),
        _wolves(observation["wolves"], players, wolves_top),
        _dice(observation["dice"], dice_top),
        _scores(observation, players, seat, scores_top),
        group([lines(12, legend_top, LEGEND, step=LEGEND_STEP, font_size="11", fill="#333")], class_="legend"),
    ]
    return document(WIDTH, height, body, "Spacewolves! board", class_="board spacewolves")


def _heading(observation: Mapping[str, Any]) -> str:
    phase = PHASES.get(str(observation["phase"]), str(observation["phase"]))
    return f"Round {observation['round']} of {observation['max_rounds']} · {phase}"


def _colour(name: object) -> str:
    return COLOURS.get(str(name), UNKNOWN_COLOUR)


def _piece(
    x: float,
    y: float,
    name: str,
    players: Sequence[str],
    where: object,
    radius: float = 11,
    kind: str = "piece",
    letter: bool = True,
) -> str:
    """One spaceman (or, as kind "swatch", a colour key): a disc in its player's colour with the colour's letter on
    it (so the colour is never the only sign), class p<seat> for styling."""
    seat = players.index(name) if name in players else "x"
    disc = el(
        "circle",
        title(f"{name} spaceman"),
        cx=float(x),
        cy=float(y),
        r=float(radius),
        fill=_colour(name),
        stroke=INK,
        stroke_width="1.5",
        class_=f"{kind} p{seat}",
        data_player=name,
        data_square=where,
    )
    if not letter:
        return disc
    mark = text(
        x,
        y + radius * 0.4,
        str(name)[:1].upper(),
        text_anchor="middle",
        font_size=_letter_size(radius),
        font_weight="bold",
        fill=on_dark(_colour(name)),
        class_="letter",
    )
    return disc + mark


def _letter_size(radius: float) -> str:
    """A letter's font size that fits a disc of `radius`."""
    return str(round(radius * 1.1))


def _pickable(children: Sequence[str], key: str, label: str, inside: str | None = None, **attrs: object) -> str:
    """A group a person may click: its pick key, its name in words, and (for a piece) the key of what it stands on."""
    return group(children, data_pick=key, data_label=label, data_in=inside, **attrs)


def _earth(earth: Sequence[Mapping[str, Any]], players: Sequence[str]) -> str:
    """Earth's twelve numbers, highest first; a taken number carries the spaceman that took it."""
    taken = {int(slot["value"]): str(slot["colour"]) for slot in earth}
    parts = [
        el("rect", x=10.0, y=34.0, width=380.0, height=60.0, rx=8.0, fill="#cfe8cf", stroke=INK, class_="earth"),
        text(22, 52, "EARTH", font_weight="bold", font_size="11"),
    ]
    for index, value in enumerate(range(12, 0, -1)):
        x = 90 + index * 25
        if value in taken:
            parts.append(_piece(x, 66, taken[value], players, "earth", radius=10, letter=False))
            parts.append(text(x, 70, value, text_anchor="middle", font_size="10", fill=on_dark(_colour(taken[value]))))
            parts.append(text(x, 88, taken[value][:1].upper(), text_anchor="middle", font_size="8", class_="letter"))
        else:
            parts.append(el("circle", cx=float(x), cy=66.0, r=10.0, fill="#fff", stroke="#999", class_="slot"))
            parts.append(text(x, 70, value, text_anchor="middle", font_size="10", fill="#777"))
    return _pickable([group(parts, class_="earth-slots")], "earth", "Earth")


def _tile(row: Mapping[str, Any], index: int, players: Sequence[str]) -> str:
    """One moving tile: its position, its face, the spacemen on it; a green border, band and the word SAFE where
    Safety in Numbers holds."""
    y = TILE_TOP + index * TILE_HEIGHT
    label = str(row["tile"])
    fill = TILE_FILLS.get(label, NUMBER_FILL)
    safe = bool(row.get("safe"))
    face = [title("safe in numbers")] if safe else []
    face += [
        el(
            "rect",
            x=10.0,
            y=float(y),
            width=380.0,
            height=float(TILE_HEIGHT - 3),
            rx=4.0,
            fill=fill,
            stroke=SAFE_COLOUR if safe else INK,
            stroke_width="3" if safe else "1",
            class_="tile-rect",
        ),
        text(30, y + 21, row["position"], text_anchor="middle", font_size="10", fill="#555"),
        text(
            48,
            y + (15 if safe else 21),
            TILE_NAMES.get(label, label),
            font_weight="bold",
            font_size="13" if label.isdigit() else "10",
        ),
    ]
    if safe:
        band = el(
            "rect", x=11.5, y=y + 1.5, width=7.0, height=float(TILE_HEIGHT - 6), fill=SAFE_COLOUR, class_="safe-band"
        )
        face += [band, text(48, y + 28, "SAFE", font_weight="bold", font_size="9", fill=SAFE_INK, class_="safe-mark")]
    position = row["position"]
    parts = [_pickable(face, f"tile-{position}", _spot(label, position), class_="tile-face")]
    x = 150.0
    for name in _ordered(row["pieces"], players):
        key = f"man-{str(name)[:1]}{position}"
        spaceman = f"{str(name).capitalize()} spaceman on {_spot(label, position)}"
        for _ in range(int(row["pieces"][name])):
            disc = _piece(x, y + 16.5, name, players, position)
            parts.append(_pickable([disc], key, spaceman, f"tile-{position}", class_="spaceman"))
            x += PIECE_STEP
    cls = f"square tile tile-{label}" + (" safe" if safe else "")
    return group(parts, class_=cls, data_square=row["position"], data_tile=label)


def _spot(tile: str, position: object) -> str:
    """A tile as the board shows it: its face first (what is printed big), then its position (printed small)."""
    shown = f"the {TILE_NAMES[tile]}" if tile in TILE_NAMES else f"tile {tile}"
    return f"{shown} (space {position})"


def _ordered(counts: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """The colours of `counts` in seat order (any unknown colour after them), so pieces do not jump about."""
    known = [name for name in players if name in counts]
    return known + [str(name) for name in counts if name not in players]


def _wolves(wolves: Mapping[str, Any], players: Sequence[str], top: float) -> str:
    """The Spacewolves tile with every spaceman taken so far."""
    parts = [
        el("rect", x=10.0, y=float(top), width=380.0, height=44.0, rx=8.0, fill="#3b2f4a", class_="wolves"),
        text(22, top + 27, "SPACEWOLVES", font_weight="bold", font_size="11", fill="#fff"),
    ]
    x = 150.0
    for name in _ordered(wolves, players):
        for _ in range(int(wolves[name])):
            parts.append(_piece(x, top + 22, name, players, "wolves"))
            x += PIECE_STEP
    return group(parts, class_="square wolves-tile", data_square="wolves")


def _dice(dice: Sequence[Any], top: float) -> str:
    """The dice still usable this turn, as faces."""
    parts = [text(12, top + 26, "Dice", font_weight="bold")]
    if not dice:
        parts.append(text(60, top + 26, "none to use", fill="#777", class_="no-dice"))
    for index, value in enumerate(dice):
        parts.append(die(60 + index * 46, top + 4, 36, value))
    return group(parts, class_="dice")


def _scores(observation: Mapping[str, Any], players: Sequence[str], seat: int | None, top: float) -> str:
    """Each player's score, marking whose turn it is, who went first and which colour is the viewer's."""
    scores = observation["scores"]
    you = _seat_colour(players, seat)
    parts = [text(12, top, "Scores", font_weight="bold")]
    for index, name in enumerate(players):
        y = top + 20 + index * 24
        notes = [
            note
            for note, applies in (
                ("you", name == you),
                ("to move", name == observation.get("actor")),
                ("first player", name == observation.get("first")),
            )
            if applies
        ]
        suffix = f" ({', '.join(notes)})" if notes else ""
        parts.append(_piece(22, y - 4, name, players, None, radius=8, kind="swatch"))
        parts.append(text(36, y, f"{name} {scores.get(name, 0)}{suffix}", class_=f"score p{index}", data_player=name))
    return group(parts, class_="scores")


# ---------------------------------------------------------------- the turn


def _seat_colour(players: Sequence[str], seat: int | None) -> str | None:
    return players[seat] if seat is not None and 0 <= seat < len(players) else None


def turn_text(observation: Mapping[str, Any], seat: int | None) -> str:
    """Whose turn it is in which phase, and what that player is to do now."""
    players: list[str] = list(observation["players"])
    phase, step = str(observation["phase"]), str(observation["step"])
    actor = observation.get("actor")
    if phase == "over":
        return _result(observation["scores"])
    if phase == "setup":
        return "Rolling for the first player."
    who = str(actor).capitalize()
    dice = " or ".join(str(d) for d in observation["dice"])
    where = PHASES.get(phase, phase)
    sentences = {
        "roll": f"{who} rolls the dice ({where}).",
        "own": f"{who} moves one of their own spacemen with a {dice} ({where}).",
        "other": f"{who} moves an opponent's spaceman with the {dice} ({where}).",
        "doubles": f"{who} rolled a double {_first(observation['dice'])}: swap those two tiles or pass ({where}).",
        "ownwarp": f"{who}'s spaceman stopped on the Tandem Warp: warp now or pass ({where}).",
        "move": f"{who} moves a spaceman {'down' if phase == 'wolf' else 'up'} with a {dice} ({where}).",
    }
    if step == "warp" and observation["warps"]:
        waiting = str(observation["warps"][0])
        sentence = f"{waiting.capitalize()} decides a Tandem Warp during {actor}'s turn ({where})."
        return _yours(sentence, waiting, _seat_colour(players, seat))
    return _yours(sentences.get(step, f"{who} to play ({where})."), actor, _seat_colour(players, seat))


def _first(dice: Sequence[Any]) -> str:
    return str(dice[0]) if dice else "?"


def _yours(sentence: str, deciding: object, you: str | None) -> str:
    """The sentence, opened with "Your turn" when the viewer's colour is the one deciding."""
    return f"Your turn: {sentence}" if you is not None and deciding == you else sentence


def _result(scores: Mapping[str, Any]) -> str:
    """Who won, with the score (a shared best score is a shared win, but a shared 0 is nobody scoring)."""
    if not scores:
        return "The game is over."
    best = max(int(score) for score in scores.values())
    if best == 0:
        return "Game over: nobody scored."
    winners = [str(name).capitalize() for name, score in scores.items() if int(score) == best]
    points = counted(best, "point", "points")
    if len(winners) == 1:
        return f"Game over: {winners[0]} wins with {points}."
    return f"Game over: {', '.join(winners[:-1])} and {winners[-1]} share the win with {points}."


# ---------------------------------------------------------------- the actions


def describe(observation: Mapping[str, Any], action: str) -> tuple[str, str]:
    """Group moves by spaceman as the board shows him ("Yellow spaceman on the 4 (space 2)": "Up 5 to the 6 (space
    7)"), warps and doubles apart, anything else as Other."""
    move = _MOVE.fullmatch(action)
    if move is not None:
        colour = LETTERS.get(move.group(1), move.group(1))
        position, up, steps = int(move.group(2)), move.group(3) == "+", int(move.group(4))
        faces = _faces(observation)
        where = _spot(faces.get(position, "?"), position) if faces else str(position)
        label = f"{'Up' if up else 'Down'} {steps}"
        target = _target(observation, position, up, steps)
        if target == "earth":
            label += " to Earth"
        elif target is not None and faces:
            label += f" to {_spot(faces.get(int(target.removeprefix('tile-')), '?'), target.removeprefix('tile-'))}"
        return f"{colour.capitalize()} spaceman on {where}", label
    partner = _PARTNER.fullmatch(action)
    if partner is not None:
        colour = LETTERS.get(partner.group(1), partner.group(1))
        faces = _faces(observation)
        at = int(partner.group(2))
        where = _spot(faces.get(at, "?"), at) if faces else str(at)
        return "Tandem Warp", f"Warp with the {colour} spaceman on {where}"
    if action == "warp":
        return "Tandem Warp", "Warp alone"
    if action == "pass":
        return ("Doubles", "Pass") if observation.get("step") == "doubles" else ("Tandem Warp", "Do not warp")
    if action == "swap":
        return "Doubles", "Swap the two tiles"
    if action.startswith(("roll ", "first ")):
        return "Chance", action
    return "Other", action


def details(observation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The clicks that make an action: a move is its spaceman then where it lands; a warp's partner is one click."""
    move = _MOVE.fullmatch(action)
    if move is not None:
        target = _target(observation, int(move.group(2)), move.group(3) == "+", int(move.group(4)))
        return {"picks": [f"man-{move.group(1)}{move.group(2)}", target]} if target is not None else {}
    partner = _PARTNER.fullmatch(action)
    if partner is not None:
        return {"picks": [f"man-{partner.group(1)}{partner.group(2)}"]}
    return {}


def _faces(observation: Mapping[str, Any]) -> dict[int, str]:
    """Each position's tile face, from the observation's tiles."""
    return {int(row["position"]): str(row["tile"]) for row in observation.get("tiles") or []}


def _target(observation: Mapping[str, Any], position: int, up: bool, steps: int) -> str | None:
    """The pick key of where a spaceman on `position` lands moved `steps` up or down (the game's movement rules: the
    Asteroid Field stops him, Earth needs no exact count); None when the tiles are unknown or the move leaves them."""
    faces = _faces(observation)
    if not faces:
        return None
    asteroid = next((p - 1 for p, face in faces.items() if face == "A"), len(faces))
    slot = position - 1
    landed = forward_target(slot, steps, asteroid) if up else backward_target(slot, steps, asteroid)
    if landed == EARTH:
        return "earth"
    return None if landed == OFF_BOARD or landed < 0 else f"tile-{landed + 1}"
