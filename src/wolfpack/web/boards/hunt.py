"""Wolves on the Hunt for the browser: the village ring with its wolves, the dice pool and every hunter's sheet.

Drawn from the observation alone (`wolfpack.games.hunt.notation.observe`), which holds ids rather than the content
pack's names and numbers: a wolf shows its card id and the damage on it, a hunter his character id. The eight
locations sit round the village clockwise from North at the top, the hunters on the player spaces outside them,
the dogs and the elders inside.

To click: a die in the pool is `die-<colour>` (taking it), a player space `space-<A-B>` (moving there); rerolls and
modifications choose dice by toggles in the list of moves (`toggles`, keys `die-<colour>`), not one button per set.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from itertools import takewhile
from typing import Any, Final

from wolfpack.games.hunt.words import listed
from wolfpack.web.boards.palette import SEAT_COLOURS, SEAT_ORDER
from wolfpack.web.boards.svg import INK, card, die, document, el, group, on_dark, text, title
from wolfpack.web.boards.words import counted

WIDTH: Final = 420
CENTRE: Final = (210.0, 236.0)
LOCATION_RADIUS: Final = 140.0
SPACE_RADIUS: Final = 190.0
DOG_RADIUS: Final = 84.0
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
MODIFY_WORDS: Final[Mapping[str, str]] = {"up": "Turn it up one", "down": "Turn it down one"}
SHEET_HEIGHT: Final = 140
RESULTS: Final[Mapping[str, str]] = {"win": "The hunters have won", "loss": "The hunters have lost"}
CHANCE_WORDS: Final = frozenset({"character", "leader", "roll", "face", "back", "howl"})
_DIE: Final = re.compile(r"([a-z]+)([1-6])")
_TRAP: Final = re.compile(r"([A-Za-z]+)=([a-z0-9-]+):(\d+)")


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
    """The ring of wolves and traps, hunters, dogs and elders; the dice; the decks; each hunter's sheet."""
    hunters = list(observation["hunters"])
    pool_top = 460
    sheets_top = pool_top + 130
    height = sheets_top + SHEET_HEIGHT * len(hunters) + 10
    body = [
        text(12, 22, _heading(observation), font_weight="bold", font_size="14", class_="heading"),
        _village(observation),
        group((_location(observation, location) for location in COMPASS), class_="locations"),
        _spaces(observation),
        _hunters_on_ring(observation, seat),
        _pool(observation, pool_top),
        _decks(observation, pool_top + 72),
        group(
            (_sheet(observation, index, seat, sheets_top + index * SHEET_HEIGHT) for index in range(len(hunters))),
            class_="sheets",
        ),
    ]
    return document(WIDTH, height, body, "Wolves on the Hunt board", class_="board hunt")


def _heading(observation: Mapping[str, Any]) -> str:
    phase = {"players": "player phase", "wolves": "wolves attack", "setup": "setup", "over": "game over"}
    shown = phase.get(str(observation["phase"]), str(observation["phase"]))
    return f"Round {observation['round']} ({observation.get('round_kind', '?')}) · {shown}"


def _village(observation: Mapping[str, Any]) -> str:
    """The village in the centre with its elders, and the dogs on their spaces around it."""
    cx, cy = CENTRE
    elders = int(observation["elders"])
    parts = [
        el("circle", cx=cx, cy=cy, r=58.0, fill="#efe4cf", stroke=INK, class_="village"),
        text(cx, cy - 22, "Village", text_anchor="middle", font_weight="bold", font_size="11"),
        text(cx, cy + 34, counted(elders, "elder", "elders"), text_anchor="middle", font_size="10"),
    ]
    for index in range(elders):
        x = cx + (index - (elders - 1) / 2) * 18
        parts.append(el("circle", title("elder"), cx=x, cy=cy + 4, r=7.0, fill="#b08968", stroke=INK, class_="elder"))
    for index, (dog, damage) in enumerate(observation["dogs"].items()):
        parts.append(_dog(observation, str(dog), damage, 22.5 + index * 90.0))
    supply = observation.get("dog_supply", 0)
    parts.append(text(12, 40, f"Dogs in supply: {supply}", font_size="10", class_="dog-supply"))
    return group(parts, class_="village-area")


def _dog(observation: Mapping[str, Any], dog: str, damage: object, angle: float) -> str:
    """A dog space: the dog with its damage, or an empty space once the dog is dead."""
    x, y = _point(angle, DOG_RADIUS)
    name_in_words = dog_name(observation, dog)
    alive = damage is not None
    name = f"dog {dog.removeprefix('dog-').upper()}"
    return group(
        [
            title(f"{_capital(name_in_words)}: {'damage ' + str(damage) if alive else 'dead'}"),
            el(
                "rect",
                x=x - 21,
                y=y - 13,
                width=42.0,
                height=26.0,
                rx=5.0,
                fill="#c9a66b" if alive else "#ddd",
                stroke=INK,
                stroke_dasharray=None if alive else "3 2",
            ),
            text(x, y - 2, name, text_anchor="middle", font_size="8"),
            text(x, y + 9, f"damage {damage}" if alive else "dead", text_anchor="middle", font_size="7"),
        ],
        class_="dog" + ("" if alive else " dead"),
        data_dog=dog,
        data_damage="dead" if damage is None else damage,
    )


def _location(observation: Mapping[str, Any], location: str) -> str:
    """A location: the wolf card there (id, damage, outwit, Pack Leader) or an empty place, and its traps."""
    x, y = _point(COMPASS.index(location) * 45.0, LOCATION_RADIUS)
    wolf = observation["wolves"].get(location)
    traps = observation["traps"].get(location) or []
    parts = [text(x, y - 30, location, text_anchor="middle", font_weight="bold", font_size="10")]
    if wolf is None:
        parts.append(
            el(
                "rect",
                x=x - 34,
                y=y - 24,
                width=68.0,
                height=48.0,
                rx=6.0,
                fill="none",
                stroke="#999",
                stroke_dasharray="4 3",
            )
        )
    else:
        parts.append(_wolf(observation, wolf, x, y))
    if traps:
        words = ", ".join(f"{value}" for _, value in traps)
        parts.append(text(x, y + 36, f"trap {words}", text_anchor="middle", font_size="9", class_="trap"))
    cls = "location" + (" empty" if wolf is None else " occupied")
    return group(parts, class_=cls, data_location=location, data_traps=len(traps))


def _wolf(observation: Mapping[str, Any], wolf: Mapping[str, Any], x: float, y: float) -> str:
    """A wolf card face up: its id, the damage dealt to it, and an outwit token if it carries one."""
    leader = wolf.get("id") == observation.get("leader")
    outwit = bool(wolf.get("outwit"))
    fill = "#f6d6a8" if leader else "#e3e3e3"
    parts = [
        el(
            "rect",
            x=x - 34,
            y=y - 24,
            width=68.0,
            height=48.0,
            rx=6.0,
            fill=fill,
            stroke=INK,
            stroke_width="2.5" if leader else "1",
        ),
        title(str(wolf.get("name") or wolf_name(observation, wolf.get("id")))),
        text(
            x,
            y - 8,
            wolf.get("name") or wolf_name(observation, wolf.get("id", "?")),
            text_anchor="middle",
            font_size="9",
        ),
        text(x, y + 7, _wounds(wolf), text_anchor="middle", font_size="9", class_="damage"),
    ]
    if leader:
        parts.append(text(x, y + 19, "Pack Leader", text_anchor="middle", font_size="8", font_weight="bold"))
    elif outwit:
        parts.append(text(x, y + 19, "outwitted", text_anchor="middle", font_size="8", fill="#1f6fd1"))
    cls = "wolf" + (" leader" if leader else "") + (" outwit" if outwit else "")
    return group(parts, class_=cls, data_wolf=wolf.get("id"), data_damage=wolf.get("damage"))


def _spaces(observation: Mapping[str, Any]) -> str:
    """The eight player spaces on the ring, as dashed rings a hunter may be moved to."""
    parts = []
    for space in SPACES:
        angle = _space_angle(space)
        if angle is None:
            continue
        x, y = _point(angle, SPACE_RADIUS)
        ring = el(
            "circle", cx=x, cy=y, r=18.0, fill="#ffffff", fill_opacity="0.6", stroke="#999", stroke_dasharray="3 2"
        )
        parts.append(
            group(
                [ring],
                class_="space",
                data_space=space,
                data_pick=f"space-{space}",
                data_label=f"the space {space_name(observation, space)}",
            )
        )
    return group(parts, class_="spaces")


def _wounds(wolf: Mapping[str, Any]) -> str:
    """The damage on a wolf, out of its health when the observation gives it."""
    damage = wolf.get("damage", 0)
    return f"damage {damage} of {wolf['health']}" if wolf.get("health") else f"damage {damage}"


def _hunters_on_ring(observation: Mapping[str, Any], seat: int | None) -> str:
    """Each hunter's token on his player space, numbered by seat."""
    parts = []
    for index, hunter in enumerate(observation["hunters"]):
        angle = _space_angle(hunter.get("space"))
        if angle is None:
            continue  # not dealt a character yet, so not on the map
        x, y = _point(angle, SPACE_RADIUS)
        fill = HUNTER_FILLS[index % len(HUNTER_FILLS)]
        parts.append(
            group(
                [
                    title(f"{hunter_name(observation, index)}, {space_name(observation, hunter['space'])}"),
                    el("circle", cx=x, cy=y, r=14.0, fill=fill, stroke=INK, stroke_width="3" if index == seat else "1"),
                    text(
                        x,
                        y + 4,
                        index + 1,
                        text_anchor="middle",
                        font_weight="bold",
                        fill=on_dark(fill),
                        class_="letter",
                    ),
                    text(x, y + 26, hunter["space"], text_anchor="middle", font_size="8"),
                ],
                class_=f"piece hunter p{index}",
                data_player=index,
                data_square=hunter["space"],
                data_in=f"space-{hunter['space']}",
            )
        )
    return group(parts, class_="hunters")


def _pool(observation: Mapping[str, Any], top: float) -> str:
    """The seven dice as faces: those in the pool bright, the taken ones and those on wolves faded and captioned."""
    by_wolf = {str(w.get("id")): str(loc) for loc, w in observation["wolves"].items()}
    parts = [text(12, top, "Dice", font_weight="bold")]
    for index, (colour, (value, where)) in enumerate(observation["dice"].items()):
        x = 14 + index * 56
        fill = DIE_FILLS.get(str(colour), "#cccccc")
        in_pool = where == "pool"
        caption, place = _die_place(observation, str(where), by_wolf)
        face = die(
            x,
            top + 10,
            36,
            value,
            fill=fill,
            pip=on_dark(fill),
            cls="die" + (" pool" if in_pool else " away"),
            label=f"{colour} die, {place}",
            data_colour=colour,
            data_where=where,
            opacity=None if in_pool else "0.4",
        )
        label = f"{colour} die showing {value}, {place}"
        parts.append(group([face], data_pick=f"die-{colour}", data_label=label) if in_pool else face)
        parts.append(text(x + 18, top + 60, caption, text_anchor="middle", font_size="9"))
    return group(parts, class_="dice")


def _die_place(observation: Mapping[str, Any], where: str, by_wolf: Mapping[str, str]) -> tuple[str, str]:
    """Where a die lies, as a short caption under it and in words for its label: the pool, a hunter's sheet (a taken
    die stays on one of its three printed dice until the round ends) or the wolf it went to."""
    if where == "pool":
        return "pool", "in the pool"
    if where.startswith("hunter") and where[len("hunter") :].isdigit():
        seat = int(where[len("hunter") :])
        return f"Hunter {seat + 1}", f"on {hunter_name(observation, seat)}'s sheet"
    wolf = wolf_name(observation, where) if where in by_wolf else where
    return "on a wolf", f"on {wolf} at {location_name(observation, by_wolf.get(where, '?'))}"


def _decks(observation: Mapping[str, Any], top: float) -> str:
    """The two wolf decks face down with their counts and the location on the top card's back; the Pack Leader."""
    parts = []
    for index, (kind, deck) in enumerate(observation["decks"].items()):
        x = 14 + index * 150
        back = deck.get("top") or "?"
        parts.append(card(x, top, 30, 40, "?", cls=f"deck {kind}"))
        parts.append(text(x + 36, top + 16, f"{_title(kind)} deck: {len(deck['cards'])}", font_size="10"))
        parts.append(text(x + 36, top + 30, f"next back: {back}", font_size="10"))
    leader = observation.get("leader")
    where = observation.get("leader_location") or "waiting"
    parts.append(text(310, top + 16, "Pack Leader", font_size="10", font_weight="bold"))
    # The name and where it stands on two lines: a long name would run off the board's right edge.
    parts.append(text(310, top + 30, wolf_name(observation, leader) if leader else "?", font_size="10"))
    parts.append(text(310, top + 43, f"({where})", font_size="10"))
    return group(parts, class_="decks")


def _sheet(observation: Mapping[str, Any], index: int, seat: int | None, top: float) -> str:
    """A hunter's sheet: name and marks, hearts, stats, the rows with their numbers, free and unlocked actions."""
    hunter = observation["hunters"][index]
    stats = observation["stats"][index] if index < len(observation.get("stats", [])) else hunter["stats"]
    fill = HUNTER_FILLS[index % len(HUNTER_FILLS)]
    parts = [
        el(
            "rect",
            x=8.0,
            y=top,
            width=404.0,
            height=float(SHEET_HEIGHT - 8),
            rx=6.0,
            fill="#fff",
            stroke=fill,
            stroke_width="3" if index == seat else "1.5",
        ),
        text(18, top + 18, _sheet_heading(observation, index, seat), font_weight="bold", font_size="11"),
        _hearts(int(hunter["hearts"]), int(hunter["dashed"]), 18, top + 26),
        text(18, top + 54, "   ".join(f"{_title(s)} {v}" for s, v in stats.items()), font_size="10", class_="stats"),
    ]
    for row_index, (row, numbers) in enumerate(hunter["rows"].items()):
        column, line = divmod(row_index, 3)
        parts.append(_row(str(row), numbers, hunter["resets"].get(row, []), 18 + column * 200, top + 74 + line * 17))
    free = ", ".join(f"{kind} {count}" for kind, count in hunter["free"].items() if count) or "none"
    mains = ", ".join(f"{kind} {count}" for kind, count in hunter["mains"].items() if count) or "none"
    parts.append(text(18, top + SHEET_HEIGHT - 16, f"Free: {free}   Unlocked: {mains}", font_size="9", class_="free"))
    return group(parts, class_=f"sheet p{index}", data_player=index)


def _sheet_heading(observation: Mapping[str, Any], index: int, seat: int | None) -> str:
    hunter = observation["hunters"][index]
    passed = observation.get("passed") or []
    marks = [
        mark
        for mark, applies in (
            ("you", index == seat),
            ("active", index == observation.get("active") and observation.get("phase") == "players"),
            ("holds the cross", index == observation.get("cross")),
            ("passed", index < len(passed) and bool(passed[index])),
        )
        if applies
    ]
    where = f" on {hunter['space']}" if hunter.get("space") else ""
    return f"{hunter_name(observation, index)}{where}" + (f" · {', '.join(marks)}" if marks else "")


def _hearts(hearts: int, dashed: int, x: float, y: float) -> str:
    """Outlined hearts (health) filled red, dashed ones (health that healing can restore) as dashed outlines."""
    parts = []
    for index in range(hearts + dashed):
        full = index < hearts
        parts.append(
            el(
                "circle",
                cx=x + 6 + index * 13,
                cy=y + 6,
                r=5.0,
                fill="#d62828" if full else "none",
                stroke="#d62828",
                stroke_dasharray=None if full else "2 2",
                class_="heart" if full else "heart dashed",
            )
        )
    parts.append(text(x + 10 + (hearts + dashed) * 13, y + 10, f"{hearts} hearts (+{dashed} dashed)", font_size="9"))
    return group(parts, class_="hearts", data_hearts=hearts, data_dashed=dashed)


def _row(row: str, numbers: Sequence[Any], resets: Sequence[Any], x: float, y: float) -> str:
    """One action row: its name, then the numbers written in boxes, a thick bar after each reset line."""
    fill = DIE_FILLS.get(
        {
            "knife": "red",
            "rifle": "green",
            "trap": "yellow",
            "power": "purple",
            "samovar": "black",
            "outwit": "blue",
        }.get(row, ""),
        "#999999",
    )
    parts = [
        el("rect", x=x, y=y - 9, width=8.0, height=10.0, fill=fill, stroke=INK, stroke_width="0.5"),
        text(x + 12, y, row, font_size="9"),
    ]
    for index, number in enumerate(numbers):
        bx = x + 58 + index * 15
        parts.append(el("rect", x=bx, y=y - 10, width=13.0, height=13.0, fill="#fff", stroke=INK, stroke_width="0.7"))
        parts.append(text(bx + 6.5, y, number, text_anchor="middle", font_size="9"))
    for after in resets:
        rx = x + 58 + int(after) * 15 - 1.5
        parts.append(el("line", x1=rx, y1=y - 12, x2=rx, y2=y + 5, stroke=INK, stroke_width="2.5", class_="reset"))
    return group(parts, class_="row", data_row=row, data_numbers=" ".join(str(n) for n in numbers))


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
    if verb == "take" and args:
        return "Take a die", _die_label(args[0])
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
    if verb == "modify" and len(args) == 2:
        return "Modify a die", f"{_die_label(args[0])} {args[1]}"
    if verb == "reroll":
        return "Reroll dice", "Reroll " + ", ".join(_die_label(word) for word in args)
    if verb == "assist":
        return "Assist", "Assist the active hunter (+1)"
    if verb in CHANCE_WORDS:
        return "Chance", action
    return "Other", action


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
    """The clicks that make an action: a die taken from the pool, a space moved to; a reroll or a modification
    chooses its dice by toggles (keys die-<colour>) with one confirm button; a main action or a power carries what it
    does (`explain`)."""
    words = action.split()
    verb = words[1] if words[:1] == ["extra"] and len(words) > 1 else (words[0] if words else "")
    power = _power_of(observation)
    if verb == "power" and power.get("text"):
        return {"explain": f"{power.get('name') or 'Power'}: {power['text']}"}
    if verb in MAIN_ACTION_WORDS:
        return {"explain": f"{verb.capitalize()}: {MAIN_ACTION_WORDS[verb]}"}
    if len(words) == 2 and words[0] == "take":
        match = _DIE.fullmatch(words[1])
        return {"picks": [f"die-{match.group(1)}"]} if match else {}
    if len(words) == 3 and words[0] == "move":
        return {"picks": [f"space-{words[1]}"]}
    if words[:1] == ["reroll"] and len(words) > 1:
        return {"toggles": _dice_toggles(words[1:]), "confirm": "Reroll the chosen dice"}
    if words[:1] == ["modify"] and len(words) == 3:
        return {"toggles": _dice_toggles(words[1:2]), "confirm": MODIFY_WORDS.get(words[2], words[2])}
    return {}


def _dice_toggles(dice: Sequence[str]) -> dict[str, str]:
    """{die-<colour>: "red 4"} for each die word of an action."""
    toggles = {}
    for word in dice:
        match = _DIE.fullmatch(word)
        if match is not None:
            toggles[f"die-{match.group(1)}"] = _die_label(word)
    return toggles
