"""Wolves on the Hunt for the browser: the village ring with its wolves, the dice pool and the seat's own sheet.

Drawn from the observation alone (`wolfpack.games.hunt.notation.observe`), which holds ids beside the content pack's
names and numbers. The eight locations sit round the village clockwise from North at the top, the hunters on the
player spaces between them, the dogs and the elders inside; the dice under the ring; then one sheet (the seat's, or
the active hunter's to someone watching: the others are in the seats' panels, wolfpack.web.panels.hunt).

The whole turn is clicked on the board (`details`' picks; docs/design/boards.md, "Each game"): a die
(`die-<colour>`), a space (`space-<A-B>`), a row (`row-<row>`), a stat (`stat-<stat>`), a wolf (`wolf-<location>`),
an empty location (`place-<location>`), a hunter (`hunter-<n>`, from 1), a dog or an empty dog space (`dog-<id>`),
the village (`village`), the turn's buttons (`pass`, `turn`, `end`, `assist`). Each has a tap area of HIT units,
44 CSS px on a phone, and no text is under FONT units.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import permutations, takewhile
from typing import Any, Final

from wolfpack.games.hunt.words import listed
from wolfpack.web.boards.palette import SEAT_COLOURS, SEAT_ORDER
from wolfpack.web.boards.svg import INK, die, document, el, group, on_dark, text, title
from wolfpack.web.boards.words import counted

HIT: Final = 72.0
"""The side of a finger's tap area in drawing units: 44 CSS px on a phone, where the drawing is 336 px or more wide
(docs/design/boards.md)."""
FONT: Final = "17"
"""The least text on the board: 11 CSS px on a phone."""
WIDTH: Final = 528
CENTRE: Final = (264.0, 284.0)
LOCATION_RADIUS: Final = 178.0
CARD_W: Final = 116.0
CARD_H: Final = 84.0
NAME_CHARS: Final = 12
"""A wolf's name longer than this goes on two lines of its card."""
SPACE_RADIUS: Final = 245.0
SPACE_DISC: Final = 24.0
DOG_RADIUS: Final = 90.0
VILLAGE_RADIUS: Final = 50.0
RING_BOTTOM: Final = 546.0
"""The lowest the ring reaches (its lowest spaces' tap areas); the buttons of a turn sit in its lower corners."""
POOL_TOP: Final = 556.0
DIE_SIZE: Final = 50.0
DIE_PITCH: Final = WIDTH / 7
SHEET_TOP: Final = 656.0
SHEET_HEAD: Final = 60.0
HEIGHT: Final = 948
ROW_PITCH: Final = 76.0
WIDE_VIEWBOX: Final = "0 0 1068 548"
"""The drawing laid out for a wide frame (js/arrange.js; board.css moves the dice and the sheet beside the ring):
1068 by 548 units, which a laptop's 800 px wide frame shows with text of 12.7 px and tap areas of 54 px."""
ROW_W: Final = 260.0
LABEL_W: Final = 114.0
BOX_PITCH: Final = 17.0
COMPASS: Final = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The eight locations round the ring, clockwise from the top (the content pack's ids)."""
DIE_FILLS: Final[Mapping[str, str]] = {
    "red": "#d62828",
    "green": "#2a9d3a",
    "yellow": "#f2c40f",
    "purple": "#7b3fa0",
    "black": "#222222",
    "blue": "#1f6fd1",
    "white": "#ffffff",
}
HUNTER_FILLS: Final = tuple(SEAT_COLOURS[name] for name in SEAT_ORDER)
"""Each hunter's colour (colour-blind-safe, docs/design/boards.md); his token also shows his number."""
SPACES: Final = tuple(f"{COMPASS[i]}-{COMPASS[(i + 1) % len(COMPASS)]}" for i in range(len(COMPASS)))
"""The player spaces between the locations, clockwise from N-NE (the content pack's ids)."""
ROW_STATS: Final[Mapping[str, str]] = {"knife": "knife", "rifle": "rifle", "trap": "traps"}
"""The stat each row of the sheet acts with (the stat track printed beside it)."""
RESULTS: Final[Mapping[str, str]] = {"win": "The hunters have won", "loss": "The hunters have lost"}
CHANCE_WORDS: Final = frozenset({"character", "leader", "roll", "face", "back", "howl"})
_DIE: Final = re.compile(r"([a-z]+)([1-6])")
_TRAP: Final = re.compile(r"([A-Za-z]+)=([a-z0-9-]+):(\d+)")
_SHARE: Final = re.compile(r"hunter(\d+):(\d+)")


# ---------------------------------------------------------------- geometry


def _point(angle: float, radius: float) -> tuple[float, float]:
    """The point at `angle` degrees clockwise from the top, `radius` from the centre."""
    rad = math.radians(angle)
    return CENTRE[0] + radius * math.sin(rad), CENTRE[1] - radius * math.cos(rad)


def _space_angle(space: object) -> float | None:
    """A player space `A-B` sits halfway between its two locations (going the short way round)."""
    parts = str(space).split("-")
    if len(parts) != 2 or parts[0] not in COMPASS or parts[1] not in COMPASS:
        return None
    first, second = COMPASS.index(parts[0]) * 45.0, COMPASS.index(parts[1]) * 45.0
    gap = (second - first) % 360
    return (first + gap / 2) % 360 if gap <= 180 else (second + (360 - gap) / 2) % 360


def hunter_name(observation: Mapping[str, Any], seat: int) -> str:
    """The hunter counted from 1 (seat 0 is Hunter 1, as in the log; the notation's `hunter0`), and the character
    once dealt: Hunter 1 (Emil)."""
    hunters = observation.get("hunters") or []
    character = hunters[seat].get("character") if 0 <= seat < len(hunters) else None
    if not character:
        return f"Hunter {seat + 1}"
    named = _catalog(observation, "characters", character).get("name")
    return f"Hunter {seat + 1} ({named or _title(character)})"


def _catalog(observation: Mapping[str, Any], kind: str, key: object) -> Mapping[str, Any]:
    """An entry of the observation's catalog (names and numbers from the content pack), or nothing."""
    return (observation.get("catalog") or {}).get(kind, {}).get(str(key)) or {}


def wolf_name(observation: Mapping[str, Any], wolf_id: object) -> str:
    """A wolf card's name as the observation gives it (Snow Biter), else its id."""
    return str(_catalog(observation, "wolves", wolf_id).get("name") or wolf_id)


def location_name(observation: Mapping[str, Any], location: object) -> str:
    """A location by the name the observation's catalog gives it ("North-East"), else by its id."""
    return str(((observation.get("catalog") or {}).get("locations") or {}).get(location) or location)


def space_name(observation: Mapping[str, Any], space: object) -> str:
    """A hunter's space by the two locations it lies between ("between North-East and East"), as the log says it."""
    ends = str(space).split("-")
    if len(ends) != 2:
        return str(space)
    return f"between {location_name(observation, ends[0])} and {location_name(observation, ends[1])}"


def dog_name(observation: Mapping[str, Any], dog: object) -> str:
    """A dog by the locations its space faces ("the dog facing North and North-East"), as the log says it."""
    facing = ((observation.get("catalog") or {}).get("dogs") or {}).get(str(dog))
    if not facing:
        return "a dog"
    return f"the dog facing {' and '.join(location_name(observation, loc) for loc in facing)}"


def wolf_at(observation: Mapping[str, Any], location: object) -> str:
    """The wolf standing at a location, by name and place ("Grey Fang at North"), as the log says it."""
    wolf = (observation.get("wolves") or {}).get(str(location))
    where = location_name(observation, location)
    return (
        f"{wolf.get('name') or wolf_name(observation, wolf.get('id'))} at {where}" if wolf else f"the wolf at {where}"
    )


def _capital(words: str) -> str:
    """Words with their first letter a capital, as a sentence or a label starts."""
    return words[:1].upper() + words[1:]


def _title(word: object) -> str:
    return str(word).replace("-", " ").title()


# ---------------------------------------------------------------- the board


def board_svg(observation: Mapping[str, Any], seat: int | None) -> str:
    """The ring of wolves and traps, hunters, dogs and elders; the dice; the sheet of the seat (or, for someone
    watching, the active hunter's). The other hunters' sheets are in their panels (wolfpack.web.panels.hunt)."""
    shown = _sheet_shown(observation, seat)
    body = [
        _round(observation),
        _village(observation),
        group((_location(observation, location) for location in COMPASS), class_="locations"),
        _spaces(observation),
        _hunters_on_ring(observation, seat),
        _buttons(observation, shown),
        _pool(observation, POOL_TOP),
        group([_sheet(observation, shown, seat, SHEET_TOP)] if shown is not None else [], class_="sheets"),
    ]
    return document(
        WIDTH, HEIGHT, body, "Wolves on the Hunt board", class_="board hunt", data_wide_viewbox=WIDE_VIEWBOX
    )


def _sheet_shown(observation: Mapping[str, Any], seat: int | None) -> int | None:
    """The sheet the board shows: the seat's own, or the active hunter's to someone watching."""
    hunters = observation.get("hunters") or []
    chosen = seat if seat is not None else observation.get("active")
    return chosen if isinstance(chosen, int) and 0 <= chosen < len(hunters) else None


def _hit(x: float, y: float, width: float, height: float) -> str:
    """An invisible area that takes a finger's tap for its group, larger than what the group draws."""
    return el("rect", x=x, y=y, width=width, height=height, fill="#fff", fill_opacity="0", class_="hit")


def _slot(x: float, y: float, width: float, height: float) -> str:
    """The place a click is taken (a row or a stat of the sheet, round a die): unseen until the page lights it."""
    return el("rect", x=x, y=y, width=width, height=height, rx=6.0, fill="#fff", fill_opacity="0", class_="slot")


def _hit_circle(cx: float, cy: float) -> str:
    """A round invisible tap area, a finger wide, centred on a disc of the ring."""
    return el("circle", cx=cx, cy=cy, r=HIT / 2, fill="#fff", fill_opacity="0", class_="hit")


def _round(observation: Mapping[str, Any]) -> str:
    """The round and its kind, in the ring's top-left corner (the turn sentence says who is deciding what)."""
    kind = str(observation.get("round_kind") or "")
    return group(
        [
            text(10, 26, f"Round {observation['round']}", font_weight="bold", font_size=FONT),
            text(10, 48, kind, font_size=FONT),
        ],
        class_="heading",
    )


def _village(observation: Mapping[str, Any]) -> str:
    """The village in the centre with its elders (whom a wolf may attack), and the dogs on their spaces around it."""
    cx, cy = CENTRE
    elders = int(observation["elders"])
    parts = [
        el("circle", cx=cx, cy=cy, r=VILLAGE_RADIUS, fill="#efe4cf", stroke=INK, class_="village"),
        text(cx, cy - 16, "Village", text_anchor="middle", font_weight="bold", font_size=FONT),
        text(cx, cy + 30, counted(elders, "elder", "elders"), text_anchor="middle", font_size=FONT),
    ]
    for index in range(elders):
        x = cx + (index - (elders - 1) / 2) * 18
        parts.append(el("circle", title("elder"), cx=x, cy=cy + 2, r=7.0, fill="#b08968", stroke=INK, class_="elder"))
    village = group(
        parts,
        class_="village-area",
        data_pick="village",
        data_label=f"an elder in the village ({counted(elders, 'elder', 'elders')} left)",
    )
    dogs = [
        _dog(observation, str(dog), damage, 22.5 + index * 90.0)
        for index, (dog, damage) in enumerate(observation["dogs"].items())
    ]
    return group([village, *dogs], class_="village-dogs")


def _dog(observation: Mapping[str, Any], dog: str, damage: object, angle: float) -> str:
    """A dog space: the dog with its damage (a piece, and a target or a kill bonus to click), or an empty space."""
    x, y = _point(angle, DOG_RADIUS)
    name = dog_name(observation, dog)
    alive = damage is not None
    box = el(
        "rect",
        x=x - 32,
        y=y - 24,
        width=64.0,
        height=48.0,
        rx=6.0,
        fill="#c9a66b" if alive else "#eee",
        stroke=INK if alive else "#999",
    )
    words = [text(x, y - 4, "Dog" if alive else "no dog", text_anchor="middle", font_size=FONT)]
    if alive:
        words.append(text(x, y + 16, f"hurt {damage}", text_anchor="middle", font_size=FONT))
    parts = [
        title(f"{_capital(name)}: {'damage ' + str(damage) if alive else 'dead'}"),
        _hit(x - 36, y - 36, HIT, HIT),
        box,
        *words,
    ]
    # A live dog is a piece, clicked as a wolf's target or to heal it; an empty dog space is clicked to place a dog
    # there (the Hounds power).
    marks: dict[str, object] = (
        {"data_piece": dog, "data_pick": dog, "data_label": f"{name} (damage {damage})"}
        if alive
        else {"data_pick": dog, "data_label": name.replace("the dog", "the empty dog space", 1)}
    )
    return group(
        parts,
        class_="dog" + ("" if alive else " dead"),
        data_dog=dog,
        data_damage="dead" if damage is None else damage,
        **marks,
    )


def _location(observation: Mapping[str, Any], location: str) -> str:
    """A location: the wolf card there (name, damage, outwit, Pack Leader) or an empty place, and its traps. The
    compass letter is the map's own label of the location, as on the rulebook's map."""
    x, y = _point(COMPASS.index(location) * 45.0, LOCATION_RADIUS)
    wolf = observation["wolves"].get(location)
    traps = observation["traps"].get(location) or []
    if wolf is None:
        parts = [
            el(
                "rect",
                x=x - CARD_W / 2,
                y=y - CARD_H / 2,
                width=CARD_W,
                height=CARD_H,
                rx=6.0,
                fill="#f4f1ea",
                stroke="#b5b0a5",
                class_="place",
            ),
            text(x - CARD_W / 2 + 6, y - 22, location, font_weight="bold", font_size=FONT),
            text(x, y + 10, "no wolf", text_anchor="middle", font_size=FONT, fill="#555"),
        ]
    else:
        parts = [_wolf(observation, wolf, location, x, y)]
    if traps:
        words = ", ".join(f"{value}" for _, value in traps)
        parts.append(
            text(
                x,
                y + CARD_H / 2 + 18,
                f"trap {words}",
                text_anchor="middle",
                font_size=FONT,
                font_weight="bold",
                class_="trap",
            )
        )
    cls = "location" + (" empty" if wolf is None else " occupied")
    # An empty place is clicked to lay a trap there or to lure a wolf onto it; a wolf's card is clicked instead.
    place = {"data_pick": f"place-{location}", "data_label": f"{location_name(observation, location)}, no wolf"}
    return group(parts, class_=cls, data_location=location, data_traps=len(traps), **(place if wolf is None else {}))


def _wolf(observation: Mapping[str, Any], wolf: Mapping[str, Any], location: str, x: float, y: float) -> str:
    """A wolf card face up: its name, the damage dealt to it, and whether it attacks now, leads the pack or is
    outwitted; a piece (its card id), and what a knife, a rifle or an outwit token is aimed at by clicking it."""
    leader = wolf.get("id") == observation.get("leader")
    outwit = bool(wolf.get("outwit"))
    tasks = observation.get("tasks") or []
    attacking = bool(tasks) and list(tasks[-1][:2]) == ["target", location]
    name = str(wolf.get("name") or wolf_name(observation, wolf.get("id")))
    left = x - CARD_W / 2
    parts = [
        title(name),
        el(
            "rect",
            x=left,
            y=y - CARD_H / 2,
            width=CARD_W,
            height=CARD_H,
            rx=6.0,
            fill="#f6d6a8" if leader else "#e3e3e3",
            stroke="#b3261e" if attacking else INK,
            stroke_width="3" if leader or attacking else "1",
        ),
        text(left + 6, y - 22, location, font_weight="bold", font_size=FONT),
    ]
    # The attacking wolf says so in a word as well as by its red border (a colour is never the only sign).
    mark = "attacks" if attacking else "Leader" if leader else "outwitted" if outwit else ""
    if mark:
        parts.append(
            text(
                x + CARD_W / 2 - 6,
                y - 22,
                mark,
                text_anchor="end",
                font_size=FONT,
                font_weight="bold" if leader or attacking else None,
                fill="#b3261e" if attacking else "#1f5fa8" if outwit and not leader else INK,
            )
        )
    lines = _wrapped(name, NAME_CHARS)
    for index, line in enumerate(lines):
        parts.append(text(x, y + (0 if len(lines) > 1 else 8) + index * 18, line, text_anchor="middle", font_size=FONT))
    parts.append(text(x, y + 36, _wounds(wolf), text_anchor="middle", font_size=FONT, class_="damage"))
    cls = "wolf" + (" leader" if leader else "") + (" outwit" if outwit else "") + (" attacking" if attacking else "")
    return group(
        parts,
        class_=cls,
        data_wolf=wolf.get("id"),
        data_damage=wolf.get("damage"),
        data_piece=wolf.get("id"),
        data_pick=f"wolf-{location}",
        data_label=f"{name} at {location_name(observation, location)} ({_wounds(wolf)})",
    )


def _wrapped(words: str, most: int) -> list[str]:
    """`words` on one line, or on two split at the space nearest the middle when longer than `most` characters."""
    if len(words) <= most or " " not in words:
        return [words]
    spaces = [index for index, char in enumerate(words) if char == " "]
    cut = min(spaces, key=lambda index: abs(index - len(words) / 2))
    return [words[:cut], words[cut + 1 :]]


def _spaces(observation: Mapping[str, Any]) -> str:
    """The eight player spaces on the ring, each a disc a hunter may be moved to (lit by the page when he may),
    numbered clockwise round the loop so that a hunter slides round the ring through the spaces he passes."""
    parts = []
    for step, space in enumerate(SPACES):
        angle = _space_angle(space)
        if angle is None:
            continue
        x, y = _point(angle, SPACE_RADIUS)
        ring = el("circle", cx=x, cy=y, r=SPACE_DISC, fill="#ffffff", stroke="#999")
        parts.append(
            group(
                [_hit_circle(x, y), ring],
                class_="space",
                data_space=space,
                data_pick=f"space-{space}",
                data_label=f"the space {space_name(observation, space)}",
                data_path_step=step,
            )
        )
    return group(parts, class_="spaces", data_path_loop=len(SPACES))


def _wounds(wolf: Mapping[str, Any]) -> str:
    """The damage on a wolf, out of its health when the observation gives it."""
    damage = wolf.get("damage", 0)
    return f"hurt {damage} of {wolf['health']}" if wolf.get("health") else f"hurt {damage}"


def _hunters_on_ring(observation: Mapping[str, Any], seat: int | None) -> str:
    """Each hunter's token on his player space, numbered by seat: a piece, and a wolf's target to click."""
    parts = []
    for index, hunter in enumerate(observation["hunters"]):
        angle = _space_angle(hunter.get("space"))
        if angle is None:
            continue  # not dealt a character yet, so not on the map
        x, y = _point(angle, SPACE_RADIUS)
        fill = HUNTER_FILLS[index % len(HUNTER_FILLS)]
        name = f"{hunter_name(observation, index)}, {space_name(observation, hunter['space'])}"
        parts.append(
            group(
                [
                    title(name),
                    _hit_circle(x, y),
                    el(
                        "circle",
                        cx=x,
                        cy=y,
                        r=SPACE_DISC,
                        fill=fill,
                        stroke=INK,
                        stroke_width="4" if index == seat else "1",
                    ),
                    text(
                        x,
                        y + 6,
                        index + 1,
                        text_anchor="middle",
                        font_weight="bold",
                        font_size="18",
                        fill=on_dark(fill),
                        class_="letter",
                    ),
                ],
                class_=f"piece hunter p{index}",
                data_player=index,
                data_square=hunter["space"],
                data_in=f"space-{hunter['space']}",
                data_piece=f"hunter-{index + 1}",
                data_pick=f"hunter-{index + 1}",
                data_label=name,
            )
        )
    return group(parts, class_="hunters")


def _pool(observation: Mapping[str, Any], top: float) -> str:
    """The seven dice as faces: those in the pool bright (a finger wide to click), the taken ones and those on
    wolves faded, marked with the hunter's disc or "wolf"."""
    by_wolf = {str(w.get("id")): str(loc) for loc, w in observation["wolves"].items()}
    parts = []
    for index, (colour, (value, where)) in enumerate(observation["dice"].items()):
        cx = DIE_PITCH / 2 + index * DIE_PITCH
        fill = DIE_FILLS.get(str(colour), "#cccccc")
        in_pool = where == "pool"
        place = _die_place(observation, str(where), by_wolf)
        face = die(
            cx - DIE_SIZE / 2,
            top + (HIT - DIE_SIZE) / 2,
            DIE_SIZE,
            value,
            fill=fill,
            pip=on_dark(fill),
            cls="die" + (" pool" if in_pool else " away"),
            label=f"{colour} die, {place}",
            data_colour=colour,
            data_where=where,
            data_die=colour,
            data_face=value,
            opacity=None if in_pool else "0.4",
            font_size=FONT,  # a die not rolled yet shows its value as text
        )
        if in_pool:
            label = f"{colour} die showing {value}, {place}"
            halo = _slot(cx - HIT / 2, top, HIT, HIT)  # outlined when lit: a dashed line on a dark die would not show
            parts.append(group([halo, face], data_pick=f"die-{colour}", data_label=label))
        else:
            parts += [face, _die_caption(observation, str(where), cx, top + HIT + 18)]
    return group(parts, class_="dice")


def _die_caption(observation: Mapping[str, Any], where: str, x: float, y: float) -> str:
    """Under a die away from the pool: the disc of the hunter whose sheet holds it, or "wolf"."""
    if where.startswith("hunter") and where[len("hunter") :].isdigit():
        seat = int(where[len("hunter") :])
        fill = HUNTER_FILLS[seat % len(HUNTER_FILLS)]
        return group(
            [
                el("circle", cx=x, cy=y - 6, r=12.0, fill=fill, stroke=INK),
                text(x, y, seat + 1, text_anchor="middle", font_size=FONT, font_weight="bold", fill=on_dark(fill)),
            ],
            class_="die-caption",
        )
    return text(x, y, "wolf", text_anchor="middle", font_size=FONT, class_="die-caption")


def _die_place(observation: Mapping[str, Any], where: str, by_wolf: Mapping[str, str]) -> str:
    """Where a die lies, in words for its label: the pool, a hunter's sheet (a taken die stays on one of its three
    printed dice until the round ends) or the wolf it went to."""
    if where == "pool":
        return "in the pool"
    if where.startswith("hunter") and where[len("hunter") :].isdigit():
        return f"on {hunter_name(observation, int(where[len('hunter') :]))}'s sheet"
    wolf = wolf_name(observation, where) if where in by_wolf else where
    return f"on {wolf} at {location_name(observation, by_wolf.get(where, '?'))}"


def _sheet(observation: Mapping[str, Any], index: int, seat: int | None, top: float) -> str:
    """A hunter's sheet: his name and hearts, then each row with its stat and the numbers written (a row is
    clicked to write the die there, a stat to raise it). His free and unlocked actions are in his panel."""
    hunter = observation["hunters"][index]
    stats = observation["stats"][index] if index < len(observation.get("stats", [])) else hunter["stats"]
    fill = HUNTER_FILLS[index % len(HUNTER_FILLS)]
    name = hunter_name(observation, index)
    hearts, dashed = int(hunter["hearts"]), int(hunter["dashed"])
    parts = [
        el(
            "rect",
            x=4.0,
            y=top,
            width=WIDTH - 8.0,
            height=HEIGHT - top - 4,
            rx=6.0,
            fill="#fff",
            stroke=fill,
            stroke_width="3",
        ),
        text(
            14,
            top + 26,
            f"Your sheet: {name}" if index == seat else f"The sheet of {name}",
            font_weight="bold",
            font_size=FONT,
        ),
        text(
            WIDTH - 14,
            top + 26,
            f"{hearts} hearts" + (f", {dashed} to heal" if dashed else ""),
            text_anchor="end",
            font_size=FONT,
        ),
        _hearts(hearts, dashed, 14, top + 36),
    ]
    for row_index, (row, numbers) in enumerate(hunter["rows"].items()):
        column, line = divmod(row_index, 3)
        stat = ROW_STATS.get(str(row))
        value = stats.get(stat) if stat else None
        x, y = 4 + column * ROW_W, top + SHEET_HEAD + line * ROW_PITCH
        colour = str(((observation.get("catalog") or {}).get("rows") or {}).get(str(row), ""))
        parts.append(_row(str(row), colour, numbers, hunter["resets"].get(row, []), stat, value, x, y))
    return group(parts, class_=f"sheet p{index}", data_player=index)


def _buttons(observation: Mapping[str, Any], index: int | None) -> str:
    """The buttons of the shown sheet's hunter, in the ring's two lower corners while they can apply (the page
    lights them when they are legal): pass or take a turn, end the turn, assist the active hunter."""
    hunters = observation.get("hunters") or []
    if index is None or not 0 <= index < len(hunters):
        return group([], class_="sheet-buttons")
    corners: dict[str, tuple[str, tuple[str, ...], str]] = {}
    if observation.get("phase") == "players" and observation.get("active") == index:
        if observation.get("step") == "choose":
            corners["left"] = ("pass", ("Pass",), "Pass for the round")
            corners["right"] = ("turn", ("Play",), "Take a turn")
        else:
            corners["right"] = ("end", ("End", "turn"), "End the turn")
    if (hunters[index].get("free") or {}).get("assist") and observation.get("step") == "action":
        corners["left"] = ("assist", ("Assist",), "Assist the active hunter (+1)")
    parts = []
    for corner, (key, shown, name) in corners.items():
        x = 8.0 if corner == "left" else WIDTH - 8 - HIT
        y = RING_BOTTOM - HIT
        words = [
            text(
                x + HIT / 2,
                y + HIT / 2 + 6 + (line - (len(shown) - 1) / 2) * 20,
                word,
                text_anchor="middle",
                font_size=FONT,
                font_weight="bold",
                fill="#555",
            )
            for line, word in enumerate(shown)
        ]
        box = el("rect", x=x, y=y, width=HIT, height=HIT, rx=8.0, fill="#f0f0f0", stroke="#999", stroke_width="1")
        parts.append(group([box, *words], class_="sheet-button", data_pick=key, data_label=name))
    return group(parts, class_="sheet-buttons")


def _hearts(hearts: int, dashed: int, x: float, y: float) -> str:
    """Hearts: filled red for health left, open for health that healing can restore."""
    parts = []
    for index in range(hearts + dashed):
        full = index < hearts
        parts.append(
            el(
                "circle",
                cx=x + 6 + index * 12,
                cy=y + 8,
                r=5.0,
                fill="#d62828" if full else "#fff",
                stroke="#d62828",
                class_="heart" if full else "heart open",
            )
        )
    return group(parts, class_="hearts", data_hearts=hearts, data_dashed=dashed)


def _row(
    row: str,
    colour: str,
    numbers: Sequence[Any],
    resets: Sequence[Any],
    stat: str | None,
    value: object,
    x: float,
    y: float,
) -> str:
    """One action row: its colour and name (with its stat, clicked to raise that stat), then the numbers written
    in boxes, a thick bar after each reset line (clicked to write the die in this row)."""
    fill = DIE_FILLS.get(colour, "#999999")  # the colour of the die the pack's sheet gives the row
    name = _title(row) + (f" {value}" if stat else "")
    label_parts = [
        _slot(x + 2, y, LABEL_W - 4, HIT),
        el(
            "rect", x=x + 8, y=y + 14, width=10.0, height=44.0, fill=fill, stroke=INK, stroke_width="1", class_="swatch"
        ),
        text(x + 24, y + 42, name, font_size=FONT, font_weight="bold"),
    ]
    label = (
        group(label_parts, class_="stat", data_pick=f"stat-{stat}", data_label=f"your {stat} stat ({value})")
        if stat
        else group(label_parts, class_="row-name")
    )
    boxes = [_slot(x + LABEL_W, y, ROW_W - LABEL_W - 6, HIT)]
    for index, number in enumerate(numbers):
        bx = x + LABEL_W + index * BOX_PITCH
        boxes.append(
            el("rect", x=bx + 2, y=y + 20, width=BOX_PITCH - 2.0, height=30.0, fill="#fff", stroke=INK, class_="box")
        )
        boxes.append(text(bx + 1 + BOX_PITCH / 2, y + 41, number, text_anchor="middle", font_size=FONT))
    for after in resets:
        rx = x + LABEL_W + int(after) * BOX_PITCH + 1
        boxes.append(el("line", x1=rx, y1=y + 14, x2=rx, y2=y + 56, stroke=INK, stroke_width="3", class_="reset"))
    written = " ".join(str(n) for n in numbers)
    place = group(
        boxes,
        class_="row-boxes",
        data_pick=f"row-{row}",
        data_label=f"the {row} row" + (f" ({written})" if written else " (empty)"),
    )
    return group([label, place], class_="row", data_row=row, data_numbers=written)


# ---------------------------------------------------------------- the turn


def owner(observation: Mapping[str, Any]) -> int | None:
    """The seat play waits for, as the observation shows it (None while chance acts or once the game is over)."""
    if observation.get("result") is not None:
        return None
    tasks = observation.get("tasks") or []
    if tasks:
        top = tasks[-1]
        if top[0] == "bonus":
            return int(top[1])
        if top[0] == "target":
            return int(observation["cross"])
        if top[0] in CHANCE_WORDS:
            return None
    return int(observation["active"]) if observation.get("phase") == "players" else None


def turn_text(observation: Mapping[str, Any], seat: int | None) -> str:
    """Who is deciding what, or which chance event is pending, then the round: "Your turn: ..." for that seat."""
    context = f"round {observation['round']}, {observation.get('round_kind', '?')}"
    result = observation.get("result")
    if result is not None:
        return f"{RESULTS.get(str(result), f'The game is over ({result})')} ({context})."
    tasks = observation.get("tasks") or []
    sentence = _task_sentence(observation, tasks[-1]) if tasks else _turn_sentence(observation)
    deciding = owner(observation)
    if deciding is not None and deciding == seat:
        return f"Your turn: {sentence} ({context})."
    return f"{_capital(sentence)} ({context})."


def _task_sentence(observation: Mapping[str, Any], task: Sequence[Any]) -> str:
    """What a pending task waits for: a chance event, or the choice of one seat."""
    kind = str(task[0])
    arg = task[1] if len(task) > 1 else None
    if kind == "target":
        return f"{hunter_name(observation, int(observation['cross']))} chooses whom {wolf_at(observation, arg)} attacks"
    if kind == "bonus":
        what = task[2] if len(task) > 2 else "bonus"
        return f"{hunter_name(observation, int(str(arg)))} chooses a kill bonus ({str(what).replace('_', ' ')})"
    chance = {
        "character": f"dealing a character to Hunter {int(arg) + 1}" if isinstance(arg, int) else "dealing a character",
        "leader": "drawing the Pack Leader",
        "roll": f"rolling the {arg} die",
        "face": f"drawing a {arg} wolf",
        "back": f"turning up the back of the {arg} deck to place the new wolf",
        "howl": f"a howl calls a {arg} wolf",
    }
    return chance.get(kind, f"waiting on {kind}")


def _turn_sentence(observation: Mapping[str, Any]) -> str:
    """The active hunter's step in the player phase, or the phase itself."""
    phase = observation.get("phase")
    if phase != "players":
        return {"setup": "setting up", "wolves": "the wolves attack"}.get(str(phase), str(phase))
    who = hunter_name(observation, int(observation["active"]))
    if observation.get("step") == "choose":
        return f"{who} passes for the round or takes another turn"
    colour = observation["turn"].get("die")
    if colour is None:
        return f"{who} takes a die from the pool"
    value = observation["dice"].get(colour, ["?"])[0]
    return f"{who} plays the {colour} {value}: move, write it, act, or end the turn"


# ---------------------------------------------------------------- the actions


def describe(observation: Mapping[str, Any], action: str) -> tuple[str, str]:
    """Group and label one action by its first word (an unlocked main action, `extra ...`, in a group of its own),
    naming wolves, places, dogs and hunters as the log does, never by their ids."""
    words = action.split()
    if not words:
        return "Other", action
    if words[0] == "extra" and len(words) > 1:
        return "Unlocked actions", _main_label(observation, words[1], words[2:])
    return _describe_words(observation, action, words[0], words[1:])


def _describe_words(observation: Mapping[str, Any], action: str, verb: str, args: list[str]) -> tuple[str, str]:
    if verb in ("pass", "turn"):
        return "Pass or play", "Pass for the round" if verb == "pass" else "Take a turn"
    if verb in DICE_VERBS and args:
        return DICE_GROUP, _dice_label(verb, args)
    if verb == "move" and len(args) == 2:
        way = "clockwise" if args[1] == "cw" else "anticlockwise"
        return "Move", f"To the space {space_name(observation, args[0])} ({way})"
    if verb == "write" and args:
        return "Write the die", f"In the {args[0]} row"
    if verb in ("knife", "rifle", "trap", "samovar", "outwit", "power"):
        return "Main action", _main_label(observation, verb, args)
    if verb == "end":
        return "End the turn", "End the turn"
    if verb == "target":
        return "Choose the wolf's target", _target_label(observation, args)
    if verb == "bonus" and args:
        if args[0] in STAT_WORDS:
            return "Kill bonus", f"{STAT_WORDS[args[0]]} track up a step"
        return "Kill bonus", f"Heal {dog_name(observation, args[0])}"
    if verb == "reset" and args:
        return "Kill bonus", f"Reset line in the {args[0]} row"
    if verb == "assist":
        return "Assist", "Assist the active hunter (+1)"
    if verb in CHANCE_WORDS:
        return "Chance", action
    return "Other", action


DICE_VERBS: Final = ("take", "modify", "reroll")
DICE_GROUP: Final = "Use a die"
"""The one group of the moves that lists the dice in the pool, each once, to take, turn or reroll."""
DICE_CONFIRMS: Final[Mapping[str, str]] = {
    "take": "Take it",
    "up": "Turn it up one",
    "down": "Turn it down one",
    "reroll": "Reroll them",
}
"""The buttons that play what is done to the dice pressed in the list of moves."""
STAT_WORDS: Final[Mapping[str, str]] = {"knife": "Knife", "rifle": "Rifle", "traps": "Traps"}
"""The three stat tracks a kill bonus or the samovar moves up, as a label names them."""
MAIN_ACTION_WORDS: Final[Mapping[str, str]] = {
    "knife": "Each chosen wolf beside you takes your Knife stat in damage; a wolf not outwitted strikes back.",
    "rifle": "One wolf not beside you takes your Rifle stat in damage; nothing strikes back.",
    "trap": "Traps worth up to your Traps stat wait beside you and spring on the next wolf to arrive there.",
    "samovar": "One of your Knife, Rifle or Traps tracks goes up a step.",
    "outwit": "Until the round ends the wolf does not attack or strike back, takes double damage, and its ability "
    "stops.",
}
"""What each main action does, in our words, shown where it is offered (issue 32, item 10)."""


def _die_label(word: str) -> str:
    match = _DIE.fullmatch(word)
    return f"{match.group(1)} {match.group(2)}" if match else word


def _dice_label(verb: str, args: Sequence[str]) -> str:
    """What a take, modify or reroll does to its dice, in words ("Turn the red 5 up to 6")."""
    dice = listed([f"the {_die_label(word)}" for word in args if word not in ("up", "down")])
    if verb == "take":
        return f"Take {dice}"
    if verb == "reroll":
        return f"Reroll {dice}"
    match = _DIE.fullmatch(args[0])
    way = args[1] if len(args) > 1 else "?"
    if match is None or way not in ("up", "down"):
        return f"Turn {dice} {way}"
    value = int(match.group(2)) + (1 if way == "up" else -1)
    return f"Turn {dice} {way} to {value}" if 1 <= value <= 6 else f"Turn {dice} {way}"


def _wolves_at(observation: Mapping[str, Any], locations: Sequence[str]) -> str:
    return listed([wolf_at(observation, location) for location in locations])


def _main_label(observation: Mapping[str, Any], verb: str, args: Sequence[str]) -> str:
    """A main action in words: "Knife Grey Fang at East", "Trap worth 3 at East", "Samovar: rifle +1", a power by
    its name and what it does."""
    if verb == "trap":
        traps = [_TRAP.fullmatch(arg) for arg in args]
        laid = [
            f"worth {t.group(3)} at {location_name(observation, t.group(1))}" if t else arg
            for t, arg in zip(traps, args, strict=True)
        ]
        return f"Trap {listed(laid)}"
    if verb == "samovar" and args:
        return f"Samovar: {args[0]} +1"
    if verb == "outwit" and "from" in args:
        cut = args.index("from")
        return f"Outwit {_wolves_at(observation, args[:cut])} (token from {_wolves_at(observation, args[cut + 1 :])})"
    if verb in ("knife", "outwit", "rifle"):
        return f"{verb.capitalize()} {_wolves_at(observation, args)}"
    if verb == "power":
        return _power_label(observation, args)
    return " ".join([verb.capitalize(), *args])


def _power_of(observation: Mapping[str, Any]) -> Mapping[str, Any]:
    """The active hunter's player power as the observation's catalog gives it (name, amount, text), or nothing."""
    hunters = observation.get("hunters") or []
    active = observation.get("active")
    if not isinstance(active, int) or not 0 <= active < len(hunters):
        return {}
    return _catalog(observation, "characters", hunters[active].get("character")).get("power") or {}


def _power_label(observation: Mapping[str, Any], args: Sequence[str]) -> str:
    """A player power by its name, then each of its choices in words ("Field Medicine: Hunter 1 heals 3")."""
    name = str(_power_of(observation).get("name") or "Power")
    wolves = observation.get("wolves") or {}
    phrases, index = [], 0
    while index < len(args):
        part = args[index]
        if part == "place" and index + 1 < len(args) and args[index + 1].startswith("dog-"):
            phrases.append("place " + dog_name(observation, args[index + 1]).replace("the dog", "a dog", 1))
            index += 2
        elif part == "bite":
            bitten = list(takewhile(lambda word: word in wolves, args[index + 1 :]))
            phrases.append(f"the dogs bite {_wolves_at(observation, bitten)}" if bitten else "the dogs bite")
            index += 1 + len(bitten)
        else:
            phrases.append(_power_part(observation, part))
            index += 1
    return f"{name}: {', '.join(phrases)}" if phrases else name


def _power_part(observation: Mapping[str, Any], part: str) -> str:
    """One word of a power's notation in words: a hunter healed, a trap, a lure, a way round, a dog, a space."""
    if part.startswith("hunter") and ":" in part:  # hunters in the notation count from 0; a reader counts from 1
        seat, _, hearts = part[len("hunter") :].partition(":")
        return f"Hunter {int(seat) + 1} heals {hearts}" if seat.isdigit() else part
    trap = _TRAP.fullmatch(part)
    if trap is not None:
        return f"a trap worth {trap.group(3)} at {location_name(observation, trap.group(1))}"
    if ">" in part:
        origin, target = part.split(">", 1)
        return f"lure {wolf_at(observation, origin)} to {location_name(observation, target)}"
    if part in ("cw", "ccw"):
        return "clockwise" if part == "cw" else "anticlockwise"
    if part.startswith("dog-"):
        return dog_name(observation, part)
    if part in ("place", "bite"):
        return {"place": "place a dog", "bite": "the dogs bite"}[part]
    if "-" in part:
        return f"to the space {space_name(observation, part)}"
    return wolf_at(observation, part) if part in (observation.get("wolves") or {}) else location_name(observation, part)


def _target_label(observation: Mapping[str, Any], args: Sequence[str]) -> str:
    if args[:1] == ["elder"]:
        return "An elder"
    if args[:1] == ["dog"] and len(args) > 1:
        return _capital(dog_name(observation, args[1]))
    if args and args[0].startswith("hunter") and args[0][6:].isdigit():
        return hunter_name(observation, int(args[0][6:]))
    return " ".join(args) or "target"


def details(observation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The clicks that make an action on the board, and what a main action or a power does (`explain`).

    A die in the pool is clicked to take, turn or reroll it (the dice of a reroll left to right); a space to move
    there; a row of the sheet to write the die in it (or to reset it, a kill bonus); a wolf to knife, shoot or
    outwit it; a stat to raise it; a hunter, a dog or the village to send a wolf's attack there; a dog to heal it;
    the sheet's buttons to pass, play, end the turn or assist; the wolves or empty places a trap goes to (the
    chooser then says what it is worth); what a power acts on (`_power_picks`). The list of moves lists each die
    once: a take, a modification and a reroll choose their dice by toggles (keys die-<colour>), with a confirm per
    kind."""
    words = action.split()
    verb = words[1] if words[:1] == ["extra"] and len(words) > 1 else (words[0] if words else "")
    found: dict[str, Any] = {}
    power = _power_of(observation)
    if verb == "power" and power.get("text"):
        found["explain"] = f"{power.get('name') or 'Power'}: {power['text']}"
    elif verb in MAIN_ACTION_WORDS:
        found["explain"] = f"{verb.capitalize()}: {MAIN_ACTION_WORDS[verb]}"
    picks = _picks(observation, words[1:] if words[:1] == ["extra"] else words)
    if picks:
        found["picks"] = picks
    if words and words[0] in DICE_VERBS:
        dice = [word for word in words[1:] if _DIE.fullmatch(word)]
        found["toggles"] = _dice_toggles(dice)
        found["confirm"] = DICE_CONFIRMS.get(words[-1] if words[0] == "modify" else words[0], words[0])
    return found


def _picks(observation: Mapping[str, Any], words: Sequence[str]) -> list[str]:
    """The keys of the board's elements to click, in order, for an action's words."""
    if not words:
        return []
    verb, args = words[0], list(words[1:])
    if verb == "trap":
        return _trap_picks(observation, args)
    if verb == "power":
        return _power_picks(observation, args)
    if verb in ("end", "pass", "turn", "assist") and not args:
        return [verb]
    if verb in DICE_VERBS:
        return [f"die-{match.group(1)}" for word in args if (match := _DIE.fullmatch(word))]
    if verb == "move" and len(args) == 2:
        return [f"space-{args[0]}"]
    if verb in ("write", "reset") and len(args) == 1:
        return [f"row-{args[0]}"]
    if verb in ("knife", "rifle", "outwit") and args and "from" not in args:
        return [f"wolf-{location}" for location in args]
    if verb == "samovar" and len(args) == 1:
        return [f"stat-{args[0]}"]
    if verb == "bonus" and len(args) == 1:
        return [args[0] if args[0].startswith("dog-") else f"stat-{args[0]}"]
    if verb == "target" and args:
        if args == ["elder"]:
            return ["village"]
        if args[0] == "dog" and len(args) == 2:
            return [args[1]]
        if args[0].startswith("hunter") and args[0][len("hunter") :].isdigit():
            return [f"hunter-{int(args[0][len('hunter') :]) + 1}"]
    return []


def _dice_toggles(dice: Sequence[str]) -> dict[str, str]:
    """{die-<colour>: "red 4"} for each die word of an action."""
    toggles = {}
    for word in dice:
        match = _DIE.fullmatch(word)
        if match is not None:
            toggles[f"die-{match.group(1)}"] = _die_label(word)
    return toggles


def _place_key(observation: Mapping[str, Any], location: str) -> str:
    """The key of a location on the board: its wolf's card, or the empty place."""
    return f"wolf-{location}" if location in (observation.get("wolves") or {}) else f"place-{location}"


def _trap_picks(observation: Mapping[str, Any], parts: Sequence[str]) -> list[str]:
    """The places a trap action lays its traps, clockwise, for the one form of each set of values the board makes
    (`_fewest_tokens_spent`); the other forms differ only in which token shows that value, and stay in the list."""
    traps = [_TRAP.fullmatch(part) for part in parts]
    if not traps or None in traps:
        return []
    laid = [(t.group(1), t.group(2), int(t.group(3))) for t in traps if t is not None]
    if [token for _, token, _ in laid] != _fewest_tokens_spent(observation, [value for _, _, value in laid]):
        return []
    return [_place_key(observation, location) for location, _, _ in laid]


def _fewest_tokens_spent(observation: Mapping[str, Any], values: Sequence[int]) -> list[str]:
    """The tokens of the supply that show `values` (one token each, in order) while giving up the least: the
    lowest sum of the sides turned face down, then the first ids. Any token showing a value hits a wolf the same;
    the one laid is out of the supply until it springs, so the board keeps the higher sides for later."""
    on_map = {str(token) for placed in (observation.get("traps") or {}).values() for token, _ in placed}
    supply = tuple(
        (str(token), tuple(int(side) for side in sides))
        for token, sides in sorted(_catalog_traps(observation).items())
        if str(token) not in on_map
    )
    return list(_cheapest_tokens(supply, tuple(values)))


@lru_cache(maxsize=4096)
def _cheapest_tokens(supply: tuple[tuple[str, tuple[int, ...]], ...], values: tuple[int, ...]) -> tuple[str, ...]:
    """`_fewest_tokens_spent` for a supply of (token, sides), remembered: a Snare has thousands of forms a frame."""
    best: tuple[int, tuple[str, ...]] | None = None
    for chosen in permutations(supply, len(values)):
        if not all(value in sides for (_, sides), value in zip(chosen, values, strict=True)):
            continue
        hidden = sum(sum(sides) - value for (_, sides), value in zip(chosen, values, strict=True))
        ids = tuple(token for token, _ in chosen)
        if best is None or (hidden, ids) < best:
            best = (hidden, ids)
    return best[1] if best else ()


def _catalog_traps(observation: Mapping[str, Any]) -> Mapping[str, Sequence[int]]:
    """The trap tokens of the pack by id, with their two sides, as the observation's catalog gives them."""
    return (observation.get("catalog") or {}).get("traps") or {}


def _power_picks(observation: Mapping[str, Any], args: Sequence[str]) -> list[str]:
    """What a power acts on, clicked in order: the wolf a Long Shot hits; the space a Charge moves to, then the wolves
    it knifes; the places a Snare lays its traps; the dog space the Hounds fill, then the wolves they bite; the
    hunters a Field Medicine heals (how many hearts each, the chooser says); the wolf a Lure moves, then its place."""
    kind = _power_of(observation).get("kind")
    wolves = observation.get("wolves") or {}
    if kind == "snare":
        return _trap_picks(observation, args)
    if kind == "field_medic":
        shares = [_SHARE.fullmatch(arg) for arg in args]
        return [f"hunter-{int(share.group(1)) + 1}" for share in shares if share] if all(shares) else []
    if kind == "lure" and len(args) == 1 and ">" in args[0]:
        origin, target = args[0].split(">", 1)
        return [_place_key(observation, origin), _place_key(observation, target)]
    if kind == "hounds":
        placed = [args[1]] if args[:1] == ["place"] and len(args) > 1 else []
        bitten = args[args.index("bite") + 1 :] if "bite" in args else []
        return [*placed, *(f"wolf-{location}" for location in bitten)]
    if kind == "charge" and args and args[0] not in wolves and len(args) >= 2:
        return [f"space-{args[0]}", *(f"wolf-{location}" for location in args[2:])]
    if kind in ("long_shot", "charge") and args and all(arg in wolves for arg in args):
        return [f"wolf-{location}" for location in args]
    return []
