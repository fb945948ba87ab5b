"""Wolves on the Hunt actions in words: a sentence per action for the log, written on the state it is taken in.

Hunters are counted from 1 ("Hunter 1" is seat 0: the notation's `hunter0`); wolves, characters, powers and
locations are named from the content pack, never by id. Every fact is public (the game has perfect information: a
card's face is decided only when it is drawn), so every reader gets the same sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import takewhile
from typing import TYPE_CHECKING, Final

from wolfpack.engine.constants import CHANCE
from wolfpack.games.hunt.rules import AGGRESSION_BONUS, FIRST_STRIKE_DAMAGE, HEAL_PLAYER_HEARTS

if TYPE_CHECKING:
    from wolfpack.games.hunt.content import WolfAbility, WolfBonus
    from wolfpack.games.hunt.state import HuntState

TURN_WORDS: Final = {
    "pass": "drops out of the round",
    "turn": "takes another turn",
    "end": "ends the turn",
    "assist": "offers an assist (+1 to the active hunter's next knife, rifle or trap action this turn)",
}


def hunter_name(seat: int) -> str:
    """A seat's name in the log: its hunter, counted from 1."""
    return f"Hunter {seat + 1}"


def location_name(state: HuntState, location: str) -> str:
    """A wolf location's name from the content pack ("North-East")."""
    return next((loc.name for loc in state.content.map.locations if loc.id == location), location)


def wolf_name(state: HuntState, wolf_id: str) -> str:
    """A wolf card's name from the content pack."""
    return state.content.wolf(wolf_id).name


def wolf_at(state: HuntState, location: str) -> str:
    """The wolf standing at a location, by name and place ("Grey Fang at North")."""
    wolf = state.wolves.get(location)
    where = location_name(state, location)
    return f"{wolf_name(state, wolf['id'])} at {where}" if wolf else f"the wolf at {where}"


def dog_name(state: HuntState, dog_space: str) -> str:
    """A dog by the locations its space faces ("the dog facing North and North-East")."""
    space = next((d for d in state.content.map.dog_spaces if d.id == dog_space), None)
    facing = [location_name(state, loc) for loc in space.locations] if space else [dog_space]
    return f"the dog facing {listed(facing)}"


def listed(parts: Sequence[str]) -> str:
    """Parts joined as a reader says them: "a", "a and b", "a, b and c" ("" for none)."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def die_words(die: str) -> str:
    """A die in notation ("red5") in words ("the red die (5)")."""
    return f"the {die[:-1]} die ({die[-1]})"


def describe(state: HuntState, action: str, actor: int) -> str:
    """What `action` does when `actor` (a seat, or CHANCE) takes it in `state`, as one sentence."""
    if actor == CHANCE:
        return _chance(state, action)
    words = action.split()
    who = hunter_name(actor)
    if action in TURN_WORDS:
        return f"{who} {TURN_WORDS[action]}."
    if words[0] == "extra":
        return f"{who} uses an unlocked main action: {_main(state, words[1:], actor)}."
    if words[0] in MAIN:
        return f"{who} {_main(state, words, actor)}."
    return f"{who} {DECISIONS.get(words[0], _notation)(state, words)}."


def _chance(state: HuntState, action: str) -> str:
    """A chance outcome in words, with what it was for (the pending chance task)."""
    task = state.tasks[-1]
    kind, value = action.split(" ", 1)
    if kind == "character":
        character = state.content.character(value)
        return f"{hunter_name(int(task[1]))} is dealt {character.name} ({character.b_side.name})."
    if kind == "leader":
        return f"The Pack Leader is {wolf_name(state, value)}."
    if kind == "roll":
        return f"The {task[1]} die rolls {value}."
    if kind == "face":
        return f"A {task[1]} wolf is drawn: {wolf_name(state, value)}."
    if kind == "back":
        return f"{wolf_name(state, task[2])} comes in from {location_name(state, value)}."
    return f"{wolf_name(state, value)} answers the howl."


def _main(state: HuntState, words: list[str], actor: int) -> str:
    """A main action (knife, rifle, trap, samovar, outwit, power, or the die's take, move and write) in words."""
    return MAIN[words[0]](state, words, actor)


def _take(state: HuntState, words: list[str], actor: int) -> str:
    return f"takes {die_words(words[1])}"


def _move(state: HuntState, words: list[str], actor: int) -> str:
    way = "clockwise" if words[2] == "cw" else "anticlockwise"
    return f"moves {way} to the space between {_between(state, words[1])}"


def _between(state: HuntState, space: str) -> str:
    first, second = space.split("-")
    return f"{location_name(state, first)} and {location_name(state, second)}"


def _write(state: HuntState, words: list[str], actor: int) -> str:
    return f"writes the die in the {words[1]} row"


def _knife(state: HuntState, words: list[str], actor: int) -> str:
    return f"knifes {listed([wolf_at(state, loc) for loc in words[1:]])}"


def _rifle(state: HuntState, words: list[str], actor: int) -> str:
    return f"shoots {wolf_at(state, words[1])} with the rifle"


def _trap(state: HuntState, words: list[str], actor: int) -> str:
    return f"sets {_traps(state, words[1:])}"


def _traps(state: HuntState, parts: list[str]) -> str:
    """Traps in notation (`E=trap-5:3`) in words: "a trap worth 3 at East"."""
    traps = []
    for part in parts:
        location, rest = part.split("=")
        traps.append(f"a trap worth {rest.split(':')[1]} at {location_name(state, location)}")
    return listed(traps)


def _samovar(state: HuntState, words: list[str], actor: int) -> str:
    return f"drinks from the samovar: {words[1]} goes up a step"


def _outwit(state: HuntState, words: list[str], actor: int) -> str:
    targets = words[1 : words.index("from")] if "from" in words else words[1:]
    taken = f", taking the token from {wolf_at(state, words[-1])}" if "from" in words else ""
    return f"outwits {listed([wolf_at(state, loc) for loc in targets])}{taken}"


def _power(state: HuntState, words: list[str], actor: int) -> str:
    character = state.hunters[actor]["character"]
    name = state.content.character(character).b_side.name if character else "the power"
    detail = ", ".join(_power_phrases(state, words[1:]))
    return f"uses {name}: {detail}" if detail else f"uses {name}"


def _power_phrases(state: HuntState, parts: list[str]) -> list[str]:
    """A power's notation in phrases: a dog placed with the locations it faces, the wolves the dogs bite together,
    then each other word alone."""
    phrases, index = [], 0
    while index < len(parts):
        part = parts[index]
        if part == "place" and index + 1 < len(parts) and parts[index + 1].startswith("dog-"):
            phrases.append("places " + dog_name(state, parts[index + 1]).replace("the dog", "a dog", 1))
            index += 2
        elif part == "bite":
            bitten = list(takewhile(lambda word: word in state.wolves, parts[index + 1 :]))
            phrases.append(
                f"the dogs bite {listed([wolf_at(state, loc) for loc in bitten])}" if bitten else "the dogs bite"
            )
            index += 1 + len(bitten)
        else:
            phrases.append(_power_part(state, part))
            index += 1
    return phrases


def _power_part(state: HuntState, part: str) -> str:
    """One word of a power's notation in words: a location, a space, a trap, a dog space, a lure, hearts."""
    if part.startswith("hunter"):  # hunters in the notation count from 0; a reader counts from 1
        seat, _, hearts = part[len("hunter") :].partition(":")
        return f"{hunter_name(int(seat))} heals {hearts}"
    if "=" in part:
        return _traps(state, [part])
    if ">" in part:
        origin, target = part.split(">")
        return f"lures {wolf_at(state, origin)} to {location_name(state, target)}"
    if part in ("cw", "ccw"):
        return "clockwise" if part == "cw" else "anticlockwise"
    if part.startswith("dog-"):
        return dog_name(state, part)
    if "-" in part:
        return f"to the space between {_between(state, part)}"
    if part in ("place", "bite"):
        return {"place": "places a dog", "bite": "the dogs bite"}[part]
    return wolf_at(state, part) if part in state.wolves else location_name(state, part)


MAIN: Final[dict[str, Callable[[HuntState, list[str], int], str]]] = {
    "take": _take,
    "move": _move,
    "write": _write,
    "knife": _knife,
    "rifle": _rifle,
    "trap": _trap,
    "samovar": _samovar,
    "outwit": _outwit,
    "power": _power,
}


def _target(state: HuntState, words: list[str]) -> str:
    if words[1] == "elder":
        whom = "an elder"
    elif words[1] == "dog":
        whom = dog_name(state, words[2])
    else:
        whom = hunter_name(int(words[1][len("hunter") :]))
    return f"sends the attacking wolf at {whom}"


def _bonus(state: HuntState, words: list[str]) -> str:
    if words[1] in ("knife", "rifle", "traps"):
        return f"takes the kill bonus: {words[1]} goes up a step"
    return f"takes the kill bonus: {dog_name(state, words[1])} is healed"


def _reset(state: HuntState, words: list[str]) -> str:
    return f"takes the kill bonus: the {words[1]} row is reset"


def _modify(state: HuntState, words: list[str]) -> str:
    die = words[1]
    value = int(die[-1]) + (1 if words[2] == "up" else -1)
    return f"turns {die_words(die)} {words[2]} to {value}"


def _reroll(state: HuntState, words: list[str]) -> str:
    return f"rerolls {listed([die_words(die) for die in words[1:]])}"


def _notation(state: HuntState, words: list[str]) -> str:
    return f"plays {' '.join(words)}"  # every action has words above; the notation only if one is added unsaid


DECISIONS: Final[dict[str, Callable[[HuntState, list[str]], str]]] = {
    "target": _target,
    "bonus": _bonus,
    "reset": _reset,
    "modify": _modify,
    "reroll": _reroll,
}


# ---- cards in words: what a wolf's ability and kill bonus do (for the observation's catalog) -------------------

ABILITY_NAMES: Final = {
    "capture": "Capture",
    "first_strike": "First strike",
    "pinned": "Pinned",
    "howling": "Howling",
    "heal_adjacent": "Healing adjacent",
    "heal_all": "Heal all",
    "aggression": "Aggression",
    "immune": "Immune",
}
TIMING_WORDS: Final = {"arrival": "On arrival", "end_of_round": "At the end of each round", "ongoing": "While in play"}
ATTACK_WORDS: Final = {"knife": "knife", "rifle": "rifle", "traps": "trap"}
"""A stat's attack as a reader says it: the traps track's attacks are trap attacks."""


def ability_text(ability: WolfAbility) -> str:
    """What a wolf's ability does and when, in one sentence (an outwitted wolf's does nothing, like every ability)."""
    effects = {
        "capture": f"takes the {ability.die} die out of the pool and holds it until the wolf dies or is outwitted",
        "first_strike": f"deals {FIRST_STRIKE_DAMAGE} damage to each hunter beside it and to the dog facing it",
        "pinned": "hunters beside it cannot move, and a move into a space beside it stops there",
        "howling": "calls a wolf of the round's deck to the next vacant location clockwise",
        "heal_adjacent": "clears the damage of the wolves at the two neighbouring locations",
        "heal_all": "clears the damage of every other wolf",
        "aggression": f"every wolf deals {AGGRESSION_BONUS} more damage in attacks and strike-backs",
        "immune": f"{ATTACK_WORDS.get(str(ability.immune_to), str(ability.immune_to))} attacks do it no damage",
    }
    return f"{TIMING_WORDS[ability.timing]}: {effects[ability.kind]}."


def bonus_text(bonus: WolfBonus) -> str:
    """What the kill bonus printed on a wolf gives the hunter who kills it with a knife, a rifle or a power."""
    if bonus.kind == "enhance":
        track = "a track of the killer's choice" if bonus.stat == "any" else f"the {bonus.stat} track"
        return f"The killer moves one step up {track}."
    return {
        "heal_player": f"The killer outlines {HEAL_PLAYER_HEARTS} dashed hearts.",
        "heal_dog": "The killer clears the damage of one dog.",
        "reset_line": "The killer draws a reset line after the last number of a row.",
    }[bonus.kind]


# ---- what followed an action: hearts lost, wolves hurt or killed, dogs and elders, the end -----------------------

StoryFacts = tuple[tuple[int, ...], int, dict[str, "int | None"], dict[str, tuple[str, int]], str | None]


def story_facts(state: HuntState) -> StoryFacts:
    """What the log tells when it changes: each hunter's hearts, the elders, the dogs' damage, each wolf in play
    with its damage, and the result."""
    hearts = tuple(int(hunter["hearts"]) for hunter in state.hunters)
    wolves = {location: (wolf["id"], int(wolf["damage"])) for location, wolf in state.wolves.items()}
    return hearts, state.elders, dict(state.dogs), wolves, state.result


def story(state: HuntState, before: StoryFacts) -> str:
    """What changed since `before`, in sentences: wolves hurt and killed, hunters' hearts, dogs and elders, the end."""
    hearts, elders, dogs, wolves, _ = before
    told = []
    now = {wolf["id"]: (location, int(wolf["damage"])) for location, wolf in state.wolves.items()}
    for location, (wolf_id, damage) in wolves.items():
        name = f"{wolf_name(state, wolf_id)} at {location_name(state, location)}"
        if wolf_id not in now:
            told.append(f"{name} is killed." if _discarded(state, wolf_id) else f"{name} leaves.")
        elif now[wolf_id][1] > damage:
            health = state.content.wolf(wolf_id).health
            told.append(f"{name} takes {now[wolf_id][1] - damage} damage ({now[wolf_id][1]} of {health}).")
    for seat, (then, hunter) in enumerate(zip(hearts, state.hunters, strict=True)):
        left = int(hunter["hearts"])
        if left < then:
            told.append(f"{hunter_name(seat)} loses {_hearts(then - left)} ({left} left).")
        elif left > then:
            told.append(f"{hunter_name(seat)} gets back {_hearts(left - then)} ({left} left).")
    for dog, dog_damage in dogs.items():
        after = state.dogs.get(dog)
        if dog_damage is not None and after is None:
            told.append(f"{_capital(dog_name(state, dog))} is killed.")
        elif dog_damage is not None and after is not None and after > dog_damage:
            told.append(f"{_capital(dog_name(state, dog))} takes {after - dog_damage} damage.")
        elif dog_damage is None and after is not None:
            told.append(f"A dog now guards the space facing {dog_name(state, dog).removeprefix('the dog facing ')}.")
    if state.elders < elders:
        lost = elders - state.elders
        told.append(f"{'An elder dies' if lost == 1 else f'{lost} elders die'} ({state.elders} left).")
    if state.result is not None and before[4] is None:
        told.append("The hunters win." if state.result == "win" else "The hunters lose.")
    return " ".join(told)


def _discarded(state: HuntState, wolf_id: str) -> bool:
    return any(wolf_id in cards for cards in state.discard.values())


def _hearts(count: int) -> str:
    return "1 heart" if count == 1 else f"{count} hearts"


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]
