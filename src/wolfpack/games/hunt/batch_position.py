"""A batch game's int64 vector read back as the scalar engine's JSON position, and its encoded actions as notation.

This is how a batch game is handed to the scalar engine (`HuntGame.state_from_position`) and how the equality tests
compare the two engines step by step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from wolfpack.games.hunt import batch_layout as L
from wolfpack.games.hunt.actions import parse
from wolfpack.games.hunt.batch_content import CompiledPack
from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.rules import DICE_COLOURS, DIRECTIONS

PHASES = ("setup", "players", "wolves", "over")
STEPS = ("", "choose", "action")
RESULTS = (None, "win", "loss")


def _loc(index: int) -> str | None:
    return None if index < 0 else LOCATIONS[index]


def _task(s: npt.NDArray[np.int64], base: int, pack: CompiledPack) -> list[Any]:
    """One task of the stack as the scalar state writes it."""
    kind, a, b = (int(x) for x in s[base : base + 3])
    name = L.TASK_NAMES[kind]
    if kind == L.T_CHARACTER:
        return [name, a]
    if kind == L.T_ROLL:
        return [name, DICE_COLOURS[a]]
    if kind == L.T_FACE:
        return [name, L.DECKS[a]]
    if kind == L.T_BACK:
        return [name, L.DECKS[a], pack.wolf_ids[b]]
    if kind == L.T_HOWL:
        return [name, L.DECKS[a], LOCATIONS[b]]
    if kind in (L.T_TARGET, L.T_ATTACK):
        return [name, LOCATIONS[a]]
    if kind == L.T_BONUS:
        return [name, a, L.BONUS_WHAT[b]]
    if kind == L.T_ARRIVE:
        return [name, LOCATIONS[a], bool(b)]
    if kind == L.T_ABILITY:
        return [name, LOCATIONS[a], pack.wolf_ids[b]]
    return [name]


def position_of(s: npt.NDArray[np.int64], pack: CompiledPack) -> dict[str, Any]:
    """The JSON position (the scalar engine's `position_dict`) of one batch game."""
    v = [int(x) for x in s]
    players = v[L.PLAYERS]
    ids = pack.wolf_ids
    die = v[L.TURN_DIE]
    main = v[L.TURN_MAIN]

    def where(at: int) -> str:
        if at == -1:
            return "pool"
        return f"hunter{at}" if at < L.CAPTURED else ids[at - L.CAPTURED]

    traps: dict[str, list[list[Any]]] = {}
    placed = sorted((v[L.TRAP_ORDER + t], t) for t in range(len(pack.trap_ids)) if v[L.TRAP_LOC + t] >= 0)
    for _, t in placed:
        traps.setdefault(LOCATIONS[v[L.TRAP_LOC + t]], []).append([pack.trap_ids[t], v[L.TRAP_VAL + t]])
    hunters = []
    for seat in range(players):
        h = L.HUNTERS + seat * L.HUNTER_SIZE
        rows: dict[str, list[int]] = {}
        resets: dict[str, list[int]] = {}
        for r, row in enumerate(pack.row_ids):
            rows[row] = v[h + L.H_ROWS + r * L.MAX_BOXES : h + L.H_ROWS + r * L.MAX_BOXES + v[h + L.H_ROWLEN + r]]
            resets[row] = v[h + L.H_RESETS + r * L.MAX_BOXES : h + L.H_RESETS + r * L.MAX_BOXES + v[h + L.H_RESETN + r]]
        character = v[h + L.H_CHAR]
        hunters.append(
            {
                "character": None if character < 0 else pack.character_ids[character],
                "space": None if v[h + L.H_SPACE] < 0 else pack.space_ids[v[h + L.H_SPACE]],
                "hearts": v[h + L.H_HEARTS],
                "dashed": v[h + L.H_DASHED],
                "stats": {stat: v[h + L.H_STATS + i] for i, stat in enumerate(L.STAT_NAMES)},
                "rows": rows,
                "resets": resets,
                "free": {kind: v[h + L.H_FREE + i] for i, kind in enumerate(("assist", "modify", "reroll"))},
                "mains": {kind: v[h + L.H_MAINS + i] for i, kind in enumerate(L.KINDS) if v[h + L.H_MAINS + i] >= 0},
            }
        )
    decks = {
        kind: {
            "cards": sorted(ids[w] for w in range(len(ids)) if v[L.IN_DECK + w] and ids[w] in _deck_ids(pack, d)),
            "top": _loc(v[L.DECK_TOP + d]),
        }
        for d, kind in enumerate(("day", "night"))
    }
    discard = {
        kind: [ids[w] for _, w in sorted((v[L.DISCARD + w], w) for w in _deck_range(pack, d) if v[L.DISCARD + w])]
        for d, kind in enumerate(("day", "night"))
    }
    return {
        "round": v[L.ROUND],
        "phase": PHASES[v[L.PHASE]],
        "step": STEPS[v[L.STEP]],
        "cross": v[L.CROSS],
        "active": v[L.ACTIVE],
        "turns": v[L.TURNS : L.TURNS + players],
        "passed": [bool(x) for x in v[L.PASSED : L.PASSED + players]],
        "turn": {
            "die": None if die < 0 else DICE_COLOURS[die],
            "moved": bool(v[L.TURN_MOVED]),
            "written": bool(v[L.TURN_WRITTEN]),
            "main": None if main < 0 else L.KINDS[main],
            "assists": v[L.TURN_ASSISTS],
        },
        "dice": {colour: [v[L.DIE_VAL + d], where(v[L.DIE_AT + d])] for d, colour in enumerate(DICE_COLOURS)},
        "wolves": {
            LOCATIONS[loc]: {
                "id": ids[v[L.WOLF_AT + loc]],
                "damage": v[L.WOLF_DMG + loc],
                "outwit": bool(v[L.WOLF_OUT + loc]),
            }
            for loc in range(L.LOCS)
            if v[L.WOLF_AT + loc] >= 0
        },
        "traps": traps,
        "dogs": {dog: (None if v[L.DOG + d] < 0 else v[L.DOG + d]) for d, dog in enumerate(pack.dog_ids)},
        "dog_supply": v[L.DOG_SUPPLY],
        "elders": v[L.ELDERS],
        "hunters": hunters,
        "leader": None if v[L.LEADER] < 0 else ids[v[L.LEADER]],
        "decks": decks,
        "discard": discard,
        "last_arrival": _loc(v[L.LAST_ARRIVAL]),
        "tasks": [_task(s, L.TASKS + i * L.TASK_WIDTH, pack) for i in range(v[L.NTASKS])],
        "result": RESULTS[v[L.RESULT]],
    }


def _deck_range(pack: CompiledPack, deck: int) -> range:
    """The wolf indices of deck `deck` (wolves are numbered day, night, leader, in file order)."""
    day = pack.deck_sizes[0]
    night = pack.deck_sizes[1]
    return range(0, day) if deck == 0 else range(day, day + night)


def _deck_ids(pack: CompiledPack, deck: int) -> set[str]:
    return {pack.wolf_ids[w] for w in _deck_range(pack, deck)}


def _trap(word: int, pack: CompiledPack) -> str:
    return f"{LOCATIONS[word // 10000]}={pack.trap_ids[(word // 100) % 100]}:{word % 100}"


def _mask_locations(mask: int) -> list[str]:
    return [loc for i, loc in enumerate(LOCATIONS) if (mask >> i) & 1]


def action_text(act: npt.NDArray[np.int64], pack: CompiledPack, content: HuntContent, power: str = "") -> str:
    """The canonical notation of an encoded action (`power`: the acting hunter's power kind, for V_MAIN power)."""
    w = [int(x) for x in act]
    verb = w[0]
    if verb == L.V_REROLL:
        raise ValueError("a reroll's text needs the dice values: use action_text_in")
    if verb == L.V_MAIN:
        return parse(("extra " if w[2] else "") + _main_text(w, pack, power), content)
    return parse(_TEXTS[verb](w, pack), content)


_TEXTS: dict[int, Callable[[list[int], CompiledPack], str]] = {
    L.V_PASS: lambda w, pack: "pass",
    L.V_TURN: lambda w, pack: "turn",
    L.V_END: lambda w, pack: "end",
    L.V_ASSIST: lambda w, pack: "assist",
    L.V_TAKE: lambda w, pack: f"take {DICE_COLOURS[w[1]]}{w[2]}",
    L.V_MOVE: lambda w, pack: f"move {pack.space_ids[w[1]]} {DIRECTIONS[w[2]]}",
    L.V_WRITE: lambda w, pack: f"write {pack.row_ids[w[1]]}",
    L.V_TARGET: lambda w, pack: (
        f"target hunter{w[2]}" if w[1] == 0 else f"target dog {pack.dog_ids[w[2]]}" if w[1] == 1 else "target elder"
    ),
    L.V_BONUS_STAT: lambda w, pack: f"bonus {L.STAT_NAMES[w[1]]}",
    L.V_BONUS_DOG: lambda w, pack: f"bonus {pack.dog_ids[w[1]]}",
    L.V_RESET: lambda w, pack: f"reset {pack.row_ids[w[1]]}",
    L.V_MODIFY: lambda w, pack: f"modify {DICE_COLOURS[w[1]]}{w[3]} {'up' if w[2] else 'down'}",
    L.V_CHARACTER: lambda w, pack: f"character {pack.character_ids[w[1]]}",
    L.V_LEADER: lambda w, pack: f"leader {pack.wolf_ids[w[1]]}",
    L.V_FACE: lambda w, pack: f"face {pack.wolf_ids[w[1]]}",
    L.V_HOWL: lambda w, pack: f"howl {pack.wolf_ids[w[1]]}",
    L.V_ROLL: lambda w, pack: f"roll {w[1]}",
    L.V_BACK: lambda w, pack: f"back {LOCATIONS[w[1]]}",
}
"""The notation of each verb but a main action and a reroll, from its words."""


def _main_text(w: list[int], pack: CompiledPack, power: str) -> str:
    kind = w[1]
    if kind == L.KNIFE:
        return "knife " + " ".join(_mask_locations(w[3]))
    if kind == L.RIFLE:
        return f"rifle {LOCATIONS[w[3]]}"
    if kind == L.SAMOVAR:
        return f"samovar {L.STAT_NAMES[w[3]]}"
    if kind == L.TRAP:
        return "trap " + " ".join(_trap(x, pack) for x in w[3:5] if x >= 0)
    if kind == L.OUTWIT:
        source = f" from {LOCATIONS[w[4]]}" if w[4] >= 0 else ""
        return "outwit " + " ".join(_mask_locations(w[3])) + source
    if power == "long_shot":
        return f"power {LOCATIONS[w[3]]}"
    if power == "charge":
        move = f"{pack.space_ids[w[3]]} {DIRECTIONS[w[4]]} " if w[3] >= 0 else ""
        return f"power {move}{' '.join(_mask_locations(w[5]))}".strip()
    if power == "snare":
        return "power " + " ".join(_trap(x, pack) for x in w[3:] if x >= 0)
    if power == "hounds":
        place = f"place {pack.dog_ids[w[3]]} " if w[3] >= 0 else ""
        bites = " ".join(_mask_locations(w[4]))
        return f"power {place}{'bite ' + bites if bites else ''}".strip()
    if power == "field_medic":
        shares = [w[3], w[4], w[5], w[6]]
        return "power " + " ".join(f"hunter{seat}:{n}" for seat, n in enumerate(shares) if n)
    return f"power {LOCATIONS[w[3]]}>{LOCATIONS[w[4]]}"


def action_text_in(
    act: npt.NDArray[np.int64], s: npt.NDArray[np.int64], seat: int, pack: CompiledPack, content: HuntContent
) -> str:
    """The canonical notation of an encoded action taken by `seat` in game vector `s` (before it is applied)."""
    if int(act[0]) == L.V_REROLL:
        mask = int(act[1])
        dice = [f"{colour}{int(s[L.DIE_VAL + d])}" for d, colour in enumerate(DICE_COLOURS) if (mask >> d) & 1]
        return parse("reroll " + " ".join(dice), content)
    power = ""
    if int(act[0]) == L.V_MAIN and int(act[1]) == L.POWER:
        character = int(s[L.HUNTERS + seat * L.HUNTER_SIZE + L.H_CHAR])
        power = content.character(pack.character_ids[character]).b_side.kind
    return action_text(act, pack, content, power)


def vector_of(position: Mapping[str, Any], pack: CompiledPack) -> npt.NDArray[np.int64]:
    """The batch vector of a (consistent) JSON position: the inverse of `position_of`, to start batch games there."""
    s = np.zeros(L.STATE_SIZE, dtype=np.int64)
    wolf = {wolf_id: w for w, wolf_id in enumerate(pack.wolf_ids)}
    players = len(position["hunters"])
    s[L.ROUND] = position["round"]
    s[L.PHASE] = PHASES.index(position["phase"])
    s[L.STEP] = STEPS.index(position["step"])
    s[L.CROSS] = position["cross"]
    s[L.ACTIVE] = position["active"]
    s[L.PLAYERS] = players
    s[L.RESULT] = RESULTS.index(position["result"])
    s[L.ELDERS] = position["elders"]
    s[L.DOG_SUPPLY] = position["dog_supply"]
    s[L.LEADER] = -1 if position["leader"] is None else wolf[position["leader"]]
    s[L.LAST_ARRIVAL] = _index(position["last_arrival"])
    turn = position["turn"]
    s[L.TURN_DIE] = -1 if turn["die"] is None else DICE_COLOURS.index(turn["die"])
    s[L.TURN_MOVED] = int(turn["moved"])
    s[L.TURN_WRITTEN] = int(turn["written"])
    s[L.TURN_MAIN] = -1 if turn["main"] is None else L.KINDS.index(turn["main"])
    s[L.TURN_ASSISTS] = turn["assists"]
    s[L.TURNS : L.TURNS + players] = position["turns"]
    s[L.PASSED : L.PASSED + players] = [int(x) for x in position["passed"]]
    for d, colour in enumerate(DICE_COLOURS):
        value, at = position["dice"][colour]
        s[L.DIE_VAL + d] = value
        s[L.DIE_AT + d] = -1 if at == "pool" else (int(at[6:]) if at.startswith("hunter") else L.CAPTURED + wolf[at])
    s[L.WOLF_AT : L.WOLF_AT + L.LOCS] = -1
    for location, standing in position["wolves"].items():
        loc = LOCATIONS.index(location)
        s[L.WOLF_AT + loc] = wolf[standing["id"]]
        s[L.WOLF_DMG + loc] = standing["damage"]
        s[L.WOLF_OUT + loc] = int(standing["outwit"])
    s[L.TRAP_LOC : L.TRAP_LOC + L.MAX_TRAPS] = -1
    for location, placed in position["traps"].items():
        for token, value in placed:
            t = pack.trap_ids.index(token)
            s[L.TRAP_CLOCK] += 1
            s[L.TRAP_LOC + t] = LOCATIONS.index(location)
            s[L.TRAP_VAL + t] = value
            s[L.TRAP_ORDER + t] = s[L.TRAP_CLOCK]
    s[L.DOG : L.DOG + L.MAX_DOGS] = -1
    for d, dog in enumerate(pack.dog_ids):
        damage = position["dogs"][dog]
        s[L.DOG + d] = -1 if damage is None else damage
    for d, kind in enumerate(("day", "night")):
        s[L.DECK_TOP + d] = _index(position["decks"][kind]["top"])
        for wolf_id in position["decks"][kind]["cards"]:
            s[L.IN_DECK + wolf[wolf_id]] = 1
        for wolf_id in position["discard"][kind]:
            s[L.DISCARD_CLOCK] += 1
            s[L.DISCARD + wolf[wolf_id]] = s[L.DISCARD_CLOCK]
    for seat, sheet in enumerate(position["hunters"]):
        h = L.HUNTERS + seat * L.HUNTER_SIZE
        s[h + L.H_CHAR] = -1 if sheet["character"] is None else pack.character_ids.index(sheet["character"])
        s[h + L.H_SPACE] = -1 if sheet["space"] is None else pack.space_ids.index(sheet["space"])
        s[h + L.H_HEARTS] = sheet["hearts"]
        s[h + L.H_DASHED] = sheet["dashed"]
        for i, stat in enumerate(L.STAT_NAMES):
            s[h + L.H_STATS + i] = sheet["stats"][stat]
        for i, kind in enumerate(("assist", "modify", "reroll")):
            s[h + L.H_FREE + i] = sheet["free"][kind]
        for i, kind in enumerate(L.KINDS):
            s[h + L.H_MAINS + i] = sheet["mains"].get(kind, -1)
        for r, row in enumerate(pack.row_ids):
            numbers, resets = sheet["rows"][row], sheet["resets"][row]
            s[h + L.H_ROWLEN + r] = len(numbers)
            s[h + L.H_ROWS + r * L.MAX_BOXES : h + L.H_ROWS + r * L.MAX_BOXES + len(numbers)] = numbers
            s[h + L.H_RESETN + r] = len(resets)
            s[h + L.H_RESETS + r * L.MAX_BOXES : h + L.H_RESETS + r * L.MAX_BOXES + len(resets)] = resets
    for i, task in enumerate(position["tasks"]):
        s[L.TASKS + i * L.TASK_WIDTH : L.TASKS + (i + 1) * L.TASK_WIDTH] = _task_words(task, wolf)
    s[L.NTASKS] = len(position["tasks"])
    return s


def _index(location: str | None) -> int:
    return -1 if location is None else LOCATIONS.index(location)


def _task_words(task: Sequence[Any], wolf: Mapping[str, int]) -> list[int]:
    """The four words of one task of a position's stack."""
    kind = L.TASK_NAMES.index(task[0])
    args = list(task[1:])
    words = [kind, 0, 0, 0]
    if kind == L.T_CHARACTER:
        words[1] = args[0]
    elif kind == L.T_ROLL:
        words[1] = DICE_COLOURS.index(args[0])
    elif kind in (L.T_FACE, L.T_BACK, L.T_HOWL):
        words[1] = L.DECKS.index(args[0])
        if kind == L.T_BACK:
            words[2] = wolf[args[1]]
        elif kind == L.T_HOWL:
            words[2] = LOCATIONS.index(args[1])
    elif kind in (L.T_TARGET, L.T_ATTACK, L.T_ARRIVE, L.T_ABILITY):
        words[1] = LOCATIONS.index(args[0])
        if kind == L.T_ARRIVE:
            words[2] = int(args[1])
        elif kind == L.T_ABILITY:
            words[2] = wolf[args[1]]
    elif kind == L.T_BONUS:
        words[1] = args[0]
        words[2] = L.BONUS_WHAT.index(args[1])
    return words
