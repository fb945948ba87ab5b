"""WOLF for the browser: the house and garden grid with its units, barricades and object piles, and a legend.

The units, barricades and piles come from the observation alone (`wolfpack.games.wolf.views.observation`); the
cards the heroes hold and the piles' cards are told in the panels (`wolfpack.web.panels.wolf`), so that the drawing
is the map, about as wide as tall. The observation carries no terrain, so the grid under the units is the default
content pack's map, which is public (the rulebook's board); a unit on a square outside that map still gets drawn, on
plain floor.

To click: each unit is `unit-<id>` (its whole square takes the tap), each square `sq-<square>` (the board declares
its grid and the page draws a square's cell only when it is lit); a move is the unit then the square, an attack the
attacker then the target, whose lit square shows the odds of the attack (`hint`), worked out from the content pack's
Weapons Table (or its bare-hands roll) at the distance between the two squares the observation shows. On a phone
js/zoom.js opens the map zoomed until a square takes a finger, with the coordinates kept along its edges.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Final

from wolfpack.games.wolf.content import WolfContent, distance, load_wolf_content
from wolfpack.games.wolf.rules import chance_at_least
from wolfpack.web.boards.palette import OKABE_ITO
from wolfpack.web.boards.svg import INK, document, el, group, on_dark, text, title
from wolfpack.web.boards.words import counted

CELL: Final = 18
LEFT: Final = 22
TOP: Final = 46
COLUMNS: Final = "abcdefghijklmnopqrstuvwxyz"
PACK: Final = "pack"
TERRAIN_FILLS: Final[Mapping[str, str]] = {
    "floor": "#f3ead8",
    "ground": "#cfe3b5",
    "wall": "#4b3d30",
    "threshold": "#d9b98c",
    "furniture": "#a68a64",
    "tree": "#3d7a3a",
    "car": "#6c7a89",
    "bin": "#7c8c6a",
    "log": "#8b5e3c",
    "object": "#f0c75e",
}
LEGEND: Final = (
    ("wall", "wall"),
    ("threshold", "door"),
    ("object", "object pile"),
    ("furniture", "furniture"),
    ("tree", "tree"),
    ("car", "car"),
    ("bin", "bin"),
    ("log", "log"),
)
HERO_FILL: Final = OKABE_ITO["blue"]
TURNED_FILL: Final = OKABE_ITO["vermillion"]
WOLF_FILLS: Final[Mapping[str, str]] = {
    "boss": OKABE_ITO["black"],
    "she-wolf": OKABE_ITO["reddish purple"],
    "werewolf": OKABE_ITO["orange"],
}
"""Colour-blind-safe (docs/design/boards.md); heroes are also round and the pack's units square, each with a label."""
CHANCE_WORDS: Final = frozenset({"deal", "wolf", "card", "roll"})
_SQUARE: Final = re.compile(r"([a-z])([1-9][0-9]?)")
"""A square name as content packs write them (26 columns, at most 99 rows): nothing else can stretch the grid."""
OBJECT_WORDS: Final[Mapping[str, str]] = {
    "flytox": "Flytox",
    "watch": "Invisibility watch",
    "box": "Teleportation box",
    "rollers": "Rollers",
}


# ---------------------------------------------------------------- the map


@cache
def _terrain() -> tuple[tuple[str, ...], ...]:
    """The default map's terrain, row by row (public content: the observation does not repeat it)."""
    from wolfpack.games.wolf.content import load_wolf_content

    board = load_wolf_content().board
    return tuple(tuple(board.terrain((column, row)) for column in range(board.width)) for row in range(board.height))


@cache
def _rooms() -> tuple[tuple[str, str], ...]:
    """(square, name) of each room of the default map, for faint labels."""
    from wolfpack.games.wolf.content import load_wolf_content

    return tuple((room.square, room.name) for room in load_wolf_content().map.rooms)


def square_xy(name: object) -> tuple[int, int] | None:
    """(column, row), 0-based, of a square name such as "e6"; None for anything else."""
    match = _SQUARE.fullmatch(str(name))
    return None if match is None else (COLUMNS.index(match.group(1)), int(match.group(2)) - 1)


def _corner(name: object) -> tuple[float, float] | None:
    """The top-left corner of a square in drawing units."""
    xy = square_xy(name)
    return None if xy is None else (LEFT + xy[0] * CELL, TOP + xy[1] * CELL)


def _grid_size(observation: Mapping[str, Any]) -> tuple[int, int]:
    """Columns and rows to draw: the map's, grown to reach every square the observation names."""
    terrain = _terrain()
    width, height = len(terrain[0]), len(terrain)
    for name in _named_squares(observation):
        xy = square_xy(name)
        if xy is not None:
            width, height = max(width, xy[0] + 1), max(height, xy[1] + 1)
    return width, height


def _named_squares(observation: Mapping[str, Any]) -> Iterable[object]:
    """Every square the observation puts something on (units, barricades, piles)."""
    for unit in (*observation["heroes"].values(), *observation["wolves"].values()):
        yield unit.get("square")
    yield from observation["barricades"]
    for pile in observation["piles"]:
        yield pile.get("square")


@cache
def _ground(width: int, height: int) -> str:
    """The terrain as one path per kind (runs of equal squares: far smaller than a rect per square), the grid lines,
    the coordinates and the room names."""
    terrain = _terrain()
    runs: dict[str, list[str]] = {}
    for row in range(height):
        kinds = [
            terrain[row][col] if row < len(terrain) and col < len(terrain[row]) else "floor" for col in range(width)
        ]
        start = 0
        for col in range(1, width + 1):
            if col == width or kinds[col] != kinds[start]:
                run = (
                    f"M{LEFT + start * CELL} {TOP + row * CELL}h{(col - start) * CELL}v{CELL}h-{(col - start) * CELL}z"
                )
                runs.setdefault(kinds[start], []).append(run)
                start = col
    ground = [
        el("path", d="".join(paths), fill=TERRAIN_FILLS.get(kind, "#ffffff"), class_=f"terrain {kind}")
        for kind, paths in runs.items()
    ]
    bottom, right = TOP + height * CELL, LEFT + width * CELL
    grid = "".join(f"M{LEFT + c * CELL} {TOP}V{bottom}" for c in range(width + 1))
    grid += "".join(f"M{LEFT} {TOP + r * CELL}H{right}" for r in range(height + 1))
    rooms = []
    for square, name in _rooms():
        corner = _corner(square)
        if corner is not None:
            rooms.append(text(corner[0], corner[1] - 1, name, font_size="8", fill="#7a6a55", class_="room"))
    return group(
        [
            group(ground, class_="terrain-runs"),
            el("path", d=grid, fill="none", stroke="#00000022", stroke_width="0.5", class_="grid"),
            group(rooms, class_="rooms", opacity="0.8"),
        ],
        class_="map",
    )


@cache
def _rulers(width: int, height: int) -> str:
    """The column letters above the map and the row numbers left of it, each on a band of paper: drawn over
    everything, so that js/zoom.js can slide them along the edges of a zoomed, scrolled map and keep them in view."""
    columns = [
        el("rect", x=0.0, y=float(TOP - 14), width=float(LEFT + width * CELL), height=14.0, class_="ruler-band"),
        *(
            text(LEFT + c * CELL + CELL / 2, TOP - 4, COLUMNS[c], text_anchor="middle", font_size="9")
            for c in range(width)
        ),
    ]
    rows = [
        el("rect", x=0.0, y=float(TOP), width=float(LEFT - 1), height=float(height * CELL), class_="ruler-band"),
        *(text(LEFT - 3, TOP + r * CELL + 13, r + 1, text_anchor="end", font_size="9") for r in range(height)),
    ]
    return group(
        # The letters' band, drawn last and reaching the left edge, covers the corner where the two bands meet.
        [group(rows, class_="ruler rows"), group(columns, class_="ruler columns")],
        fill="#444",
        class_="coordinates",
        aria_hidden="true",
    )


def _barricades(observation: Mapping[str, Any]) -> str:
    """A barricade unit on each square that holds one: planks across the threshold."""
    parts = []
    for square in observation["barricades"]:
        corner = _corner(square)
        if corner is None:
            continue
        x, y = corner
        parts.append(
            group(
                [
                    title(f"barricade on {square}"),
                    el("rect", x=x + 1, y=y + 1, width=float(CELL - 2), height=float(CELL - 2), fill="#7a4b1e"),
                    el("line", x1=x + 3, y1=y + 3, x2=x + CELL - 3, y2=y + CELL - 3, stroke="#f3d29b"),
                    el("line", x1=x + CELL - 3, y1=y + 3, x2=x + 3, y2=y + CELL - 3, stroke="#f3d29b"),
                ],
                class_="barricade",
                data_square=square,
            )
        )
    return group(parts, class_="barricades")


def _piles_on_map(observation: Mapping[str, Any]) -> str:
    """Each object square with the number of cards left on it."""
    parts = []
    for number, pile in enumerate(observation["piles"], start=1):
        corner = _corner(pile.get("square"))
        if corner is None:
            continue
        x, y = corner
        count = len(pile["cards"])
        parts.append(
            group(
                [
                    title(f"object pile {number} on {pile['square']}: {counted(count, 'card', 'cards')}"),
                    el("rect", x=x + 3, y=y + 2, width=12.0, height=14.0, rx=2.0, fill="#4a3b6b", stroke=INK),
                    text(x + 9, y + 13, count, text_anchor="middle", font_size="9", fill="#fff"),
                ],
                class_="pile",
                data_square=pile["square"],
                data_count=count,
            )
        )
    return group(parts, class_="piles")


def unit_labels(observation: Mapping[str, Any]) -> dict[str, str]:
    """A short label per unit: heroes 1-5 in order, the boss B, she-wolves S, werewolves W."""
    labels = {hero_id: str(number) for number, hero_id in enumerate(observation["heroes"], start=1)}
    for unit_id in observation["wolves"]:
        labels[unit_id] = "B" if unit_id == "boss" else ("S" if str(unit_id).startswith("she-wolf") else "W")
    return labels


def _unit_fill(unit_id: str, unit: Mapping[str, Any], hero: bool) -> str:
    """A hero blue (red once turned), the boss, the she-wolves and the werewolves each their own dark shade."""
    if hero:
        return TURNED_FILL if unit.get("transformed") else HERO_FILL
    kind = "boss" if unit_id == "boss" else ("she-wolf" if unit_id.startswith("she-wolf") else "werewolf")
    return WOLF_FILLS[kind]


def _units(observation: Mapping[str, Any], seat: int | None) -> str:
    """Every unit alive and on the board, as a labelled disc on a square-sized hit area; faded while invisible or
    intoxicated."""
    labels = unit_labels(observation)
    parts = []
    units = [(uid, u, True) for uid, u in observation["heroes"].items()]
    units += [(uid, u, False) for uid, u in observation["wolves"].items()]
    for unit_id, unit, hero in units:
        corner = _corner(unit.get("square"))
        if corner is None or not unit.get("alive"):
            continue
        x, y = corner[0] + CELL / 2, corner[1] + CELL / 2
        fill = _unit_fill(str(unit_id), unit, hero)
        flags = [flag for flag in ("invisible", "intoxicated") if unit.get(flag)]
        mine = hero and unit.get("seat") == seat
        kind = ("hero" + (" transformed" if unit.get("transformed") else "")) if hero else "werewolf"
        # A dashed outline means "you can click this" and nothing else (board.css): an unseen unit is only faded.
        outline = {"fill": fill, "stroke": OKABE_ITO["yellow"] if mine else INK, "stroke_width": "2.5" if mine else "1"}
        # The side is a shape as well as a colour: heroes round, the pack's units square.
        shape = (
            el("circle", cx=x, cy=y, r=7.5, **outline)
            if hero
            else el("rect", x=x - 7.0, y=y - 7.0, width=14.0, height=14.0, rx=2.0, **outline)
        )
        parts.append(
            group(
                [
                    title(" ".join([_name(unit_id, observation), *flags])),
                    # The whole square takes the tap: a finger meets the square, not the smaller disc.
                    el(
                        "rect",
                        x=corner[0],
                        y=corner[1],
                        width=float(CELL),
                        height=float(CELL),
                        fill="none",
                        pointer_events="all",
                        class_="hit-area",
                    ),
                    shape,
                    text(
                        x,
                        y + 3.5,
                        labels[unit_id],
                        text_anchor="middle",
                        font_size="9",
                        font_weight="bold",
                        fill=on_dark(fill),
                        class_="letter",
                    ),
                ],
                class_=" ".join(["piece unit", kind, *flags]),
                data_unit=unit_id,
                data_piece=unit_id,
                data_square=unit.get("square"),
                data_pick=f"unit-{unit_id}",
                data_label=f"{_name(unit_id, observation)} on {unit.get('square')}",
                data_in=f"sq-{unit.get('square')}",
                data_player=unit.get("seat") if hero else None,
                opacity="0.55" if flags else None,
            )
        )
    return group(parts, class_="units")


def _legend(top: float) -> tuple[str, float]:
    """What the terrain colours and the unit labels mean; and where the legend ends."""
    parts = []
    for index, (terrain, label) in enumerate(LEGEND):
        x = LEFT + (index % 4) * 112
        y = top + (index // 4) * 16
        parts.append(
            el(
                "rect",
                x=float(x),
                y=y - 9,
                width=10.0,
                height=10.0,
                fill=TERRAIN_FILLS[terrain],
                stroke=INK,
                stroke_width="0.5",
            )
        )
        parts.append(text(x + 14, y, label, font_size="9"))
    lines = (
        "round: heroes 1-5 (red once turned) · square: B the Boss, S a She-wolf, W a Werewolf",
        "faded: invisible or intoxicated · dashed outline: you can click it",
    )
    parts += [text(LEFT, top + 32 + 14 * index, line, font_size="9") for index, line in enumerate(lines)]
    return group(parts, class_="legend"), top + 32 + 14 * len(lines)


def board_svg(observation: Mapping[str, Any], seat: int | None) -> str:
    """The grid with barricades, piles and units, and a legend: about as wide as tall, so that it reads well in a
    laptop's column and zooms on a phone (js/zoom.js). The heroes' cards, the piles' cards and the counts are in the
    panels (wolfpack.web.panels.wolf)."""
    width, height = _grid_size(observation)
    map_bottom = TOP + height * CELL
    legend, bottom = _legend(map_bottom + 14)
    body = [
        text(LEFT, 18, _heading(observation), font_weight="bold", font_size="14", class_="heading"),
        _ground(width, height),
        _barricades(observation),
        _piles_on_map(observation),
        _units(observation, seat),
        group(
            [],
            class_="pick-grid",
            data_grid_prefix="sq-",
            data_grid_left=LEFT,
            data_grid_top=TOP,
            data_grid_cell=CELL,
            data_grid_columns=COLUMNS[:width],
        ),
        _rulers(width, height),
        legend,
    ]
    return document(LEFT + width * CELL + 8, bottom, body, "WOLF board", class_="board wolf", data_zoom="grid")


def _heading(observation: Mapping[str, Any]) -> str:
    return f"Round {observation['round']} of {observation['max_rounds']} · {_whose_turn(observation)}"


# ---------------------------------------------------------------- the turn


def _name(unit_id: object, observation: Mapping[str, Any] | None = None) -> str:
    """A unit's name as the observation gives it (the content pack's: Jack Ventura), else its id made readable:
    miss-q is Miss Q, she-wolf-2 is She-wolf 2."""
    if observation is not None:
        unit = observation.get("heroes", {}).get(unit_id) or observation.get("wolves", {}).get(unit_id) or {}
        if unit.get("name"):
            return str(unit["name"])
    words = str(unit_id).split("-")
    if words[:2] == ["she", "wolf"]:
        return " ".join(["She-wolf", *words[2:]])
    return " ".join(word.capitalize() for word in words)


def turn_text(observation: Mapping[str, Any], seat: int | None) -> str:
    """Who decides what now, or which card or die chance is deciding, then the round and whose turn it is."""
    winner = observation.get("winner")
    if winner is not None:
        return f"Game over: the {winner} have won."
    pending = observation.get("pending") or {}
    to_act = observation.get("to_act")
    deciding = isinstance(to_act, int) and not isinstance(to_act, bool) and to_act >= 0
    sentence = _step_sentence(str(observation.get("step")), pending, observation)
    context = f"round {observation['round']}, " + _whose_turn(observation)
    if deciding and to_act == seat:
        return f"Your turn: {sentence} ({context})."
    return f"{sentence[:1].upper()}{sentence[1:]} ({context})."


def _whose_turn(observation: Mapping[str, Any]) -> str:
    """Where play is in the round: setup, the pack's turn or a hero's turn (Jack's turn)."""
    if observation.get("step") in ("deal", "place"):
        return "setup"
    turn = observation.get("turn")
    return "the pack's turn" if turn == PACK else f"{_name(turn, observation)}'s turn"


ROLL_PURPOSES: Final[Mapping[str, str]] = {
    "move": "to move",
    "box": "for the Teleportation jump",
    "pick": "to pick an object",
    "look": "to look",
}
"""Why a die is rolled, in words, by the pending roll's purpose."""


def _step_sentence(step: str, pending: Mapping[str, Any], observation: Mapping[str, Any]) -> str:
    """What the waiting step needs, with the unit and numbers the pending step shows; units are named, never the
    seats playing them (the page names the person play waits for)."""
    unit = _name(pending.get("unit", "?"), observation)
    other = _name(pending.get("other", "?"), observation)
    if step == "roll":
        dice = int(pending.get("dice", 1))
        need = ""
        if "at_least" in pending:
            need = f", needing {pending['at_least']} or more"
        elif "at_most" in pending:
            need = f", needing {pending['at_most']} or less"
        purpose = pending.get("purpose")
        why = f" {ROLL_PURPOSES.get(str(purpose), 'for ' + str(purpose))}" if purpose else ""
        return f"rolling {counted(dice, 'die', 'dice')} for {unit}{why}{need}"
    offered = f" ({card_name(observation, pending['card'])})" if pending.get("card") else ""
    through = " through anything" if pending.get("through") else ""
    limit = pending.get("limit")
    reach = counted(int(limit), "square", "squares") if isinstance(limit, int) else "some squares"
    sentences = {
        "deal": f"dealing a wolf card to {_name(pending.get('hero', '?'), observation)}",
        "place": f"{unit} is placed on a start square",
        "takeover": "the pack decides whether to take a contaminated hero over",
        "move": f"{unit} moves up to {reach}{through}",
        "action": f"{unit} takes a special action or ends the turn",
        "pack": "the pack moves unit by unit, or ends its turn",
        "pack-action": f"the pack chooses {unit}'s action, or none",
        "consent": f"{other} accepts or refuses the card{offered} {unit} offers",
        "hand": f"{other} hands {unit} a card, or refuses",
        "force": f"{unit} uses Force on a barricade, or ends",
        "vision": f"{unit} chooses what Vision looks at, or ends",
        "object": "drawing a face-down object card",
        "wolf-card": f"{_name(pending.get('hero', '?'), observation)} draws a wolf card",
    }
    return sentences.get(step, f"{unit} acts")


# ---------------------------------------------------------------- the actions


def describe(observation: Mapping[str, Any], action: str) -> tuple[str, str]:
    """Group and label one action: the pack's moves per unit, a hero's move, trades, attacks, objects, powers."""
    words = action.split()
    if not words:
        return "Other", action
    verb, args = words[0], words[1:]
    arg = " ".join(args)
    unit = (observation.get("pending") or {}).get("unit")
    units = {**observation["heroes"], **observation["wolves"]}
    if verb in units and len(args) == 1:
        # One family for every unit (folded when long), not one per unit pushing the map down: on the map a unit is
        # tapped, then its square.
        here, name = units[verb].get("square"), _name(verb, observation)
        return PACK_MOVES, f"{name} stays" if args[0] == here else f"{name} to {args[0]}"
    if verb == "end" and not args and observation.get("step") in ("pack", "pack-action"):
        return "End the turn", "End the pack's turn" if observation.get(
            "step"
        ) == "pack" else "End the pack's turn: the units left stay"
    simple = {
        "leave": ("Contaminated hero", "Take nobody over"),
        "leave-always": ("Contaminated hero", "Leave everyone until I change it"),
        "ask-again": ("Change your standing answer", "Ask me again at each turn's start"),
        "stay": ("Move", "Stay"),
        "accept": ("Answer", "Accept the card"),
        "refuse": ("Answer", "Refuse"),
        "end": ("End the turn", "End the turn"),
        "done": ("End the turn", f"{_name(unit, observation)} does nothing"),
    }
    if verb in simple and not args:
        return simple[verb]
    if not args:
        return ("Objects", OBJECT_WORDS[verb]) if verb in OBJECT_WORDS else ("Other", action)
    labelled = {
        "place": (f"Place {_name(unit, observation)}", f"On {arg}"),
        "move": ("Move", f"To {arg}"),
        "pick": ("Pick an object", f"From the pile on {arg}"),
        "ask": ("Trade", f"Ask {_name(arg, observation)} for a card"),
        "hand": ("Answer", f"Hand over the {card_name(observation, arg)}"),
        "bare": ("Attack", f"Bare hands on {arg}"),
        "antidote": ("Objects", f"Antidote on {arg}"),
        "glasses": ("Objects", f"Superglasses on {arg}"),
        "barricade": ("Objects", f"Barricade on {arg}"),
        "power": ("Power", f"Use {_power_name(observation, arg)}"),
        "break": ("Power", f"Break the barricade on {arg}"),
        "build": ("Power", f"Build a barricade on {arg}"),
        "look": ("Power", f"Look at {_name(arg, observation) if arg in units else 'the pile on ' + arg}"),
        "bite": ("Bite", f"Bite {_name(arg, observation)}"),
        "take": ("Contaminated hero", f"Take over {_name(arg, observation)}"),
    }
    if verb in labelled:
        return labelled[verb]
    if verb == "give" and len(args) == 2:
        return "Trade", f"Give the {card_name(observation, args[0])} to {_name(args[1], observation)}"
    if verb == "fire" and len(args) == 2:
        return "Attack", f"Fire the {card_name(observation, args[0])} at {args[1]}"
    if verb in CHANCE_WORDS:
        return "Chance", action
    return "Other", action


def card_name(observation: Mapping[str, Any], card_id: object) -> str:
    """An object card's name from the observation's catalog (Drawing Pin), else its id; a hidden card stays "?"."""
    entry = (observation.get("catalog") or {}).get("objects", {}).get(str(card_id)) or {}
    return str(entry.get("name") or card_id)


PACK_MOVES: Final = "Move a unit"
"""The family of the pack's moves: a unit then its square, as on the map."""


def _power_name(observation: Mapping[str, Any], power: str) -> str:
    """A power by the name the observation's catalog gives it ("Force"), else its id made readable."""
    entry = ((observation.get("catalog") or {}).get("powers") or {}).get(power) or {}
    return str(entry.get("name") or power.capitalize())


OBJECT_KINDS: Final[Mapping[str, str]] = {
    "flytox": "flytox",
    "watch": "invisibility_watch",
    "box": "teleportation_box",
    "rollers": "rollers",
    "antidote": "antidote",
    "glasses": "superglasses",
    "barricade": "barricade",
}
"""The object card kind each object action plays (the card's catalog text explains it)."""


def explanation(observation: Mapping[str, Any], action: str) -> str | None:
    """What the power or object an action uses does, by its name, from the observation's catalog (issue 32, item
    10): "Force: On a roll of 2 or less ..."."""
    words = action.split()
    catalog = observation.get("catalog") or {}
    entry: Mapping[str, Any] = {}
    if words[:1] == ["power"] and len(words) == 2:
        entry = (catalog.get("powers") or {}).get(words[1]) or {}
    elif words[:1] == ["fire"] and len(words) == 3:
        entry = (catalog.get("objects") or {}).get(words[1]) or {}
    elif words and words[0] in OBJECT_KINDS:
        objects = (catalog.get("objects") or {}).values()
        entry = next((card for card in objects if card.get("kind") == OBJECT_KINDS[words[0]]), {})
    return f"{entry['name']}: {entry['text']}" if entry.get("name") and entry.get("text") else None


def details(observation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The clicks that make an action: a unit then a square (moves, attacks, a pile, a barricade), a unit then the
    hero it bites, a square alone to place a unit; an attack's last pick carries the odds of the roll as its hint;
    a power or an object carries what it does (`explain`)."""
    found = _picks(observation, action)
    explained = explanation(observation, action)
    if explained:
        found["explain"] = explained
    return found


def _picks(observation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The picks of an action on the board, with the odds of an attack's roll."""
    words = action.split()
    if len(words) != 2 and words[:1] != ["fire"]:
        return {}
    verb, target = words[0], words[-1]
    units = {**observation["heroes"], **observation["wolves"]}
    unit = (observation.get("pending") or {}).get("unit")
    if verb in units:  # the pack moves one of its units
        here = units[verb].get("square")
        return {} if target == here else {"picks": [f"unit-{verb}", f"sq-{target}"]}
    if verb == "place":
        return {"picks": [f"sq-{target}"]}
    if unit not in units or units[unit].get("square") is None:
        return {}
    if verb == "bite" and target in units:
        return {"picks": [f"unit-{unit}", f"unit-{target}"]}
    if verb not in SQUARE_VERBS or square_xy(target) is None:
        return {}
    found: dict[str, Any] = {"picks": [f"unit-{unit}", f"sq-{target}"]}
    odds = attack_odds(observation, verb, words[1] if verb == "fire" else None, units[unit]["square"], target)
    if odds is not None:
        found["hint"] = f"{round(odds * 100)}%"
    return found


SQUARE_VERBS: Final = frozenset({"move", "fire", "bare", "antidote", "pick", "break", "build", "barricade"})
"""The actions whose last word is a square the acting unit aims at."""


def attack_odds(
    observation: Mapping[str, Any], verb: str, card_id: str | None, here: object, there: object
) -> float | None:
    """The chance that an attack works: the card's dice reaching its score at this distance, read from the
    observation's catalog (the table's own content pack) or else the default pack's Weapons Table; bare hands' one
    die at most the pack's number; None for anything that is not an attack."""
    pack = _content()
    if verb == "bare":
        return pack.components.rolls.bare_hands / 6
    if verb not in ("fire", "antidote"):
        return None
    start, end = square_xy(here), square_xy(there)
    if start is None or end is None:
        return None
    at = max(1, distance(start, end))
    shot = _catalog_shot(observation, verb, card_id)
    if shot is not None:
        need = next((s["needs"] for s in shot.get("scores", []) if s["from"] <= at and (s["to"] or at) >= at), None)
        return None if need is None else chance_at_least(int(shot.get("dice", 2)), int(need))
    column = _column(verb, card_id)
    if column is None:
        return None
    need = pack.score_needed(column, at)
    return None if need is None else chance_at_least(pack.components.rolls.weapon_dice, need)


def _catalog_shot(observation: Mapping[str, Any], verb: str, card_id: str | None) -> Mapping[str, Any] | None:
    """The shot (dice and scores by distance) the observation's catalog gives the fired card or the antidote."""
    objects = (observation.get("catalog") or {}).get("objects") or {}
    if verb == "fire":
        entry = objects.get(str(card_id)) or {}
    else:
        entry = next((e for e in objects.values() if e.get("kind") == "antidote"), {})
    shot = entry.get("shot")
    return shot if isinstance(shot, Mapping) else None


def _column(verb: str, card_id: str | None) -> str | None:
    """The Weapons Table column of a fired card (a silver bullet's is the gun's), or the antidote's."""
    pack = _content()
    try:
        if verb == "fire" and card_id is not None:
            return pack.card(card_id).column or card_id
        antidote = next(card for card in pack.objects.cards if card.kind == "antidote")
        return antidote.column or antidote.id
    except (KeyError, StopIteration):
        return None


@cache
@cache
def _content() -> WolfContent:
    """The default content pack (its Weapons Table and rolls are public: the rulebook's tables, or ours)."""
    return load_wolf_content()
