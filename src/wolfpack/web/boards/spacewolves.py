"""Spacewolves! for the browser: the track of tiles from the Spacewolves up to Earth, snaking over three columns.

Drawn from the observation alone (`wolfpack.games.spacewolves.notation.observe`): the Spacewolves' bar and the fifteen
moving tiles laid out as a snake of three columns (the Spacewolves and position 1 at the bottom, up to position 15
and Earth, whose twelve numbers fill the last cell, at the top), so that every spaceman is a finger wide on a phone
and the board is less tall than a laptop's screen. Scores and dice are in the seats' panels and the banner.
Spacewolves! has no secrets, but the drawing still reads nothing else.

To click: the spacemen of one colour on one tile are one stack (they are interchangeable: the same move), its key
`man-<letter><position>`, each colour in its own quarter of the tile and a finger's size whatever the count; each
tile is `tile-<position>`, Earth `earth`; a move is its stack then the tile (or Earth) the die takes it to, worked
out with the game's own movement rules.

For the page's motion (js/motion.js): every spaceman is its own `data-piece="<colour>"` group, on a tile, on Earth or
with the Spacewolves, so a move shows as one piece of that colour leaving a place and one arriving.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from wolfpack.games.spacewolves.rules import EARTH, OFF_BOARD, backward_target, forward_target
from wolfpack.web.boards.palette import SEAT_COLOURS
from wolfpack.web.boards.svg import INK, document, el, group, lines, on_dark, text, title
from wolfpack.web.boards.words import counted

WIDTH: Final = 360
COLUMNS: Final = 3
ROWS: Final = 6
CELL_WIDTH: Final = WIDTH / COLUMNS
STACK: Final = 47
"""A stack's tap area, square: 44 CSS px or more once the drawing is 341 px wide (a phone's 390 less the page's
margins and a scrollbar; issue 32, item 4), and when it is shrunk to fit a laptop's 800x620 box."""
STRIP: Final = CELL_WIDTH - 2 * STACK
"""The tile's left edge, which carries its position and its face."""
CELL_HEIGHT: Final = 2 * STACK + 2
INSET: Final = 3
"""Half the gap between two tiles, where the track shows through."""
TRACK_TOP: Final = 28
DISC_RADIUS: Final = 12
PILE_STEP: Final = 4
"""How far each spaceman of a stack sits from the one under it, so that a stack looks like a pile too."""
COLOURS: Final[Mapping[str, str]] = {name: SEAT_COLOURS[name] for name in ("red", "yellow", "blue", "green")}
"""The game's four colours in the colour-blind-safe palette (docs/design/boards.md); each disc also shows its letter."""
UNKNOWN_COLOUR: Final = "#888888"
TILE_NAMES: Final[Mapping[str, str]] = {"A": "Asteroid Field", "W": "Tandem Warp", "S": "Space Station"}
TILE_FILLS: Final[Mapping[str, str]] = {"A": "#cdb89a", "W": "#cdb8f0", "S": "#bfe3f2"}
NUMBER_FILL: Final = "#e8edf6"
EARTH_FILL: Final = "#cfe8cf"
WOLVES_FILL: Final = "#3b2f4a"
TRACK_COLOUR: Final = "#9aa3b5"
SAFE_COLOUR: Final = "#009e73"
"""Safety in Numbers: the palette's bluish green, as a solid border and a band, with the word SAFE on the tile
(never a dashed line: on every board a dashed outline means only "you can click this")."""
SAFE_INK: Final = "#00573f"
LEGEND: Final = (
    "Dashed outline: you can click it.",
    "Green border, SAFE: Safety in Numbers, so no spaceman there",
    "can be moved in the Spacewolf! Phase.",
)
LEGEND_STEP: Final = 13
PHASES: Final[Mapping[str, str]] = {
    "setup": "the roll for first player",
    "spaceman": "Spaceman Phase",
    "control": "Mission Control",
    "wolf": "Spacewolf! Phase",
    "over": "game over",
}
LETTERS: Final[Mapping[str, str]] = {"r": "red", "y": "yellow", "b": "blue", "g": "green"}
WOLVES_CELLS: Final = 2
"""The Spacewolves' bar takes the snake's first two cells, position 1 the third."""
EARTH_POSITION: Final = 16
"""Earth's cell on the snake: the one after position 15, the last."""
_MOVE: Final = re.compile(r"([a-z])(\d+)([+-])(\d)")
_PARTNER: Final = re.compile(r"warp ([a-z])(\d+)")


# ---------------------------------------------------------------- the board


def board_svg(observation: Mapping[str, Any], seat: int | None) -> str:
    """The track of tiles with every spaceman in its colour, Earth with its numbers, the Spacewolves, a legend."""
    players: list[str] = list(observation["players"])
    legend_top = TRACK_TOP + ROWS * CELL_HEIGHT + 14
    height = legend_top + LEGEND_STEP * (len(LEGEND) - 1) + 8
    body = [
        text(8, 19, _heading(observation), font_weight="bold", font_size="13", class_="heading"),
        _you(players, seat),
        _track(),
        _wolves(observation["wolves"], players),
        _earth(observation["earth"], players),
        group((_tile(row, players) for row in observation["tiles"]), class_="tiles"),
        group([lines(8, legend_top, LEGEND, step=LEGEND_STEP, font_size="10", fill="#333")], class_="legend"),
    ]
    return document(WIDTH, height, body, "Spacewolves! board", class_="board spacewolves")


def _heading(observation: Mapping[str, Any]) -> str:
    phase = PHASES.get(str(observation["phase"]), str(observation["phase"]))
    # The round limit is a cap, not the game's length (it ends when no spaceman is left): the panels say "at most".
    return f"Round {observation['round']} · {phase}"


def _you(players: Sequence[str], seat: int | None) -> str:
    """The viewer's colour at the heading's right ("You: Red"), nothing for a watcher."""
    you = _seat_colour(players, seat)
    if you is None:
        return ""
    return group(
        [
            _disc(WIDTH - 14, 14, you, players, None, radius=9, kind="swatch"),
            text(WIDTH - 27, 19, f"You: {you.capitalize()}", text_anchor="end", font_size="11", font_weight="bold"),
        ],
        class_="you",
    )


def _colour(name: object) -> str:
    return COLOURS.get(str(name), UNKNOWN_COLOUR)


def _cell(position: int) -> tuple[float, float]:
    """The top left corner of a position's cell on the snake, which starts at the bottom left with the Spacewolves'
    two cells, runs along each row of three and turns back on the row above, and ends with Earth (16) at the top."""
    index = position + WOLVES_CELLS - 1
    from_bottom, along = divmod(index, COLUMNS)
    column = COLUMNS - 1 - along if from_bottom % 2 else along
    return column * CELL_WIDTH, TRACK_TOP + (ROWS - 1 - from_bottom) * CELL_HEIGHT


def _track() -> str:
    """The path the spacemen follow, behind the tiles: it shows in the gaps between them, from the Spacewolves up
    through positions 1 to 15 to Earth."""
    left, top = _cell(1 - WOLVES_CELLS)
    centres = [(left + WOLVES_CELLS * CELL_WIDTH / 2, top + CELL_HEIGHT / 2)]
    for position in range(1, EARTH_POSITION + 1):
        x, y = _cell(position)
        centres.append((x + CELL_WIDTH / 2, y + CELL_HEIGHT / 2))
    points = " ".join(f"{x:g},{y:g}" for x, y in centres)
    return el("polyline", points=points, fill="none", stroke=TRACK_COLOUR, stroke_width="14", class_="track")


def _disc(
    x: float,
    y: float,
    name: str,
    players: Sequence[str],
    where: object,
    radius: float = DISC_RADIUS,
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
        font_size=str(round(radius * 1.1)),
        font_weight="bold",
        fill=on_dark(_colour(name)),
        class_="letter",
    )
    return disc + mark


def _pile(x: float, y: float, name: str, count: int, players: Sequence[str], where: object, ink: str = INK) -> str:
    """`count` spacemen of one colour centred on (x, y): each its own piece for the page's motion, piled up and to
    the right with the top one lettered, and the count ("×3") at the pile's lower right when more than one."""
    middle = (count - 1) / 2
    parts = []
    for i in range(count):
        shift = (i - middle) * PILE_STEP
        disc = _disc(x + shift, y - shift, name, players, where, letter=i == count - 1)
        parts.append(group([disc], class_="disc", data_piece=name))
    if count > 1:
        at_x, at_y = x + STACK / 2 - 4, y + STACK / 2 - 2
        parts.append(
            text(
                at_x,
                at_y,
                f"×{count}",
                text_anchor="end",
                font_size="10",
                font_weight="bold",
                fill=ink,
                class_="letter count",
            )
        )
    return "".join(parts)


def _pickable(children: Sequence[str], key: str, label: str, inside: str | None = None, **attrs: object) -> str:
    """A group a person may click: its pick key, its name in words, and (for a stack) the key of what it stands on."""
    return group(children, data_pick=key, data_label=label, data_in=inside, **attrs)


def _card(x: float, y: float, width: float, fill: str, **attrs: object) -> str:
    """The card of a cell (a tile, Earth, the Spacewolves): inset in its cell, so the track shows between cards."""
    return el(
        "rect",
        x=x + INSET,
        y=y + INSET,
        width=width - 2 * INSET,
        height=float(CELL_HEIGHT - 2 * INSET),
        rx=6.0,
        fill=fill,
        **attrs,
    )


def _edge(x: float, y: float, name: str, position: object = None, ink: str = INK) -> list[str]:
    """What a card's left edge says: its position small at the top, then its face, a digit printed big or a name
    written up the edge."""
    middle = x + INSET + (STRIP - INSET) / 2
    parts = (
        [] if position is None else [text(middle, y + 15, position, text_anchor="middle", font_size="9", fill="#444")]
    )
    if name.isdigit():
        parts.append(text(middle, y + 56, name, text_anchor="middle", font_size="22", font_weight="bold", fill=ink))
    else:
        low = y + CELL_HEIGHT / 2 + (7 if position is not None else 0)
        parts.append(
            text(
                middle + 4,
                low,
                name,
                text_anchor="middle",
                font_size="8.5",
                font_weight="bold",
                fill=ink,
                transform=f"rotate(-90 {middle + 4:g} {low:g})",
                class_="edge-name",
            )
        )
    return parts


def _earth(earth: Sequence[Mapping[str, Any]], players: Sequence[str]) -> str:
    """Earth, the snake's last cell: its twelve numbers, highest first; a taken number is the spaceman that took it,
    in his colour with his letter."""
    x, y = _cell(EARTH_POSITION)
    taken = {int(slot["value"]): str(slot["colour"]) for slot in earth}
    parts = [_card(x, y, CELL_WIDTH, EARTH_FILL, stroke=INK, class_="earth"), *_edge(x, y, "Earth")]
    for index, value in enumerate(range(12, 0, -1)):
        row, column = divmod(index, 4)
        sx, sy = x + STRIP + 1 + column * 22, y + 9 + row * 27
        box = {"x": sx, "y": sy, "width": 20.0, "height": 24.0, "rx": 4.0, "stroke": INK, "stroke_width": "1"}
        if value in taken:
            colour = taken[value]
            seat = players.index(colour) if colour in players else "x"
            slot = el(
                "rect",
                title(f"{colour} spaceman"),
                fill=_colour(colour),
                class_=f"piece p{seat} earth-slot",
                data_player=colour,
                data_square="earth",
                **box,
            )
            mark = text(
                sx + 10,
                sy + 16,
                f"{colour[:1].upper()}{value}",
                text_anchor="middle",
                font_size="8",
                font_weight="bold",
                fill=on_dark(_colour(colour)),
                class_="letter",
            )
            parts.append(group([slot, mark], class_="disc", data_piece=colour))
        else:
            parts.append(el("rect", fill="#fff", class_="slot earth-slot", **box))
            parts.append(text(sx + 10, sy + 16, value, text_anchor="middle", font_size="9", fill="#555"))
    return _pickable(
        [group(parts, class_="earth-slots")], "earth", "Earth", class_="square earth-cell", data_path_step=EARTH + 1
    )


def _tile(row: Mapping[str, Any], players: Sequence[str]) -> str:
    """One moving tile in its cell: its position and face on its left edge, the spacemen on it as one stack per
    colour, each colour in its own quarter; a green border, band and the word SAFE where Safety in Numbers holds."""
    position = int(row["position"])
    x, y = _cell(position)
    label = str(row["tile"])
    safe = bool(row.get("safe"))
    face = [title("safe in numbers")] if safe else []
    fill = TILE_FILLS.get(label, NUMBER_FILL)
    stroke = {"stroke": SAFE_COLOUR if safe else INK, "stroke_width": "3" if safe else "1"}
    face += [
        _card(x, y, CELL_WIDTH, fill, class_="tile-rect", **stroke),
        *_edge(x, y, TILE_NAMES.get(label, label), position),
    ]
    if safe:
        band = el(
            "rect",
            x=x + INSET + 1.5,
            y=y + 2 * INSET,
            width=4.0,
            height=float(CELL_HEIGHT - 4 * INSET),
            fill=SAFE_COLOUR,
            class_="safe-band",
        )
        pill = el(
            "rect",
            x=x + CELL_WIDTH - 40,
            y=y - 2,
            width=34.0,
            height=11.0,
            rx=6.0,
            fill="#fff",
            stroke=SAFE_COLOUR,
            stroke_width="1.5",
            class_="safe-pill",
        )
        mark = text(
            x + CELL_WIDTH - 23,
            y + 6.8,
            "SAFE",
            text_anchor="middle",
            font_weight="bold",
            font_size="9",
            fill=SAFE_INK,
            class_="safe-mark",
        )
        face += [band, pill, mark]
    parts = [_pickable(face, f"tile-{position}", _spot(label, position), class_="tile-face")]
    for index, name in enumerate(_ordered(row["pieces"], players)):
        count = int(row["pieces"][name])
        if count <= 0:
            continue
        quarter = players.index(name) if name in players else index
        sx = x + STRIP + (quarter % 2) * STACK
        sy = y + 1 + (quarter // 2 % 2) * STACK
        hit = el(
            "rect", x=sx, y=sy, width=float(STACK), height=float(STACK), fill="#fff", fill_opacity="0", class_="hit"
        )
        pile = _pile(sx + STACK / 2, sy + STACK / 2, name, count, players, position)
        # One click takes one spaceman of the stack: the stack is named as he is, with how many stand there.
        words = f"{str(name).capitalize()} spaceman on {_spot(label, position)}" + (
            f", one of {count}" if count > 1 else ""
        )
        key = f"man-{str(name)[:1]}{position}"
        attrs = {"class_": "spaceman stack", "data_player": name, "data_count": count}
        parts.append(_pickable([hit, pile], key, words, f"tile-{position}", **attrs))
    cls = f"square tile tile-{label}" + (" safe" if safe else "")
    return group(parts, class_=cls, data_square=position, data_tile=label, data_path_step=position)


def _spot(tile: str, position: object) -> str:
    """A tile as the board shows it: its face first (what is printed big), then its position (printed small)."""
    shown = f"the {TILE_NAMES[tile]}" if tile in TILE_NAMES else f"tile {tile}"
    return f"{shown} (space {position})"


def _ordered(counts: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """The colours of `counts` in seat order (any unknown colour after them), so pieces do not jump about."""
    known = [name for name in players if name in counts]
    return known + [str(name) for name in counts if name not in players]


def _wolves(wolves: Mapping[str, Any], players: Sequence[str]) -> str:
    """The Spacewolves, the snake's first two cells under position 1, with every spaceman taken so far piled by
    colour."""
    x, y = _cell(1 - WOLVES_CELLS)
    parts = [
        _card(x, y, WOLVES_CELLS * CELL_WIDTH, WOLVES_FILL, class_="wolves"),
        text(x + 14, y + 24, "SPACEWOLVES", font_weight="bold", font_size="12", fill="#fff"),
    ]
    for index, name in enumerate(_ordered(wolves, players)):
        count = int(wolves[name])
        if count > 0:
            centre = x + 10 + STACK / 2 + index * (STACK + 8)
            parts.append(_pile(centre, y + 30 + STACK / 2, name, count, players, "wolves", ink="#fff"))
    return group(parts, class_="square wolves-tile", data_square="wolves", data_path_step=0)


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
