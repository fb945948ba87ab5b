"""A Wolves on the Hunt content pack read into the batch kernel's int64 vector (layout in `batch_layout`).

Everything the rules read from the pack (cards, map, sheet, components) is copied in here, so an organiser's pack
plays in the batch engine as in the scalar one; a pack larger than the vector's fixed room is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wolfpack.engine.errors import WolfpackError
from wolfpack.games.hunt import batch_layout as L
from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.rules import DICE_COLOURS


class PackTooLargeError(WolfpackError):
    """A content pack holds more of something than the batch engine has room for."""


@dataclass(frozen=True)
class CompiledPack:
    """The pack as the kernel reads it, and the ids to turn its indices back into notation."""

    vector: npt.NDArray[np.int64]
    wolf_ids: tuple[str, ...]
    character_ids: tuple[str, ...]
    dog_ids: tuple[str, ...]
    trap_ids: tuple[str, ...]
    row_ids: tuple[str, ...]
    space_ids: tuple[str, ...]
    deck_sizes: tuple[int, int, int]
    """How many day, night and leader cards (wolves are numbered in that order)."""


def _room(what: str, count: int, room: int) -> None:
    if count > room:
        raise PackTooLargeError(f"the batch engine holds at most {room} {what}; this pack has {count}")


def compile_content(content: HuntContent) -> CompiledPack:
    """The int64 vector of `content` (see batch_layout's C_ names)."""
    c = np.full(L.CONTENT_SIZE, -1, dtype=np.int64)
    wolves = [(kind, wolf) for kind in L.DECKS for wolf in content.deck(kind)]
    characters = content.characters.characters
    dogs = content.map.dog_spaces
    traps = content.components.traps
    rounds = content.components.rounds
    rows = content.sheet.rows
    _room("wolf cards", len(wolves), L.MAX_WOLVES)
    _room("characters", len(characters), L.MAX_CHARACTERS)
    _room("dog spaces", len(dogs), L.MAX_DOGS)
    _room("trap tokens", len(traps), L.MAX_TRAPS)
    _room("rounds", len(rounds), L.MAX_ROUNDS)
    c[L.C_NWOLF] = len(wolves)
    c[L.C_NCHAR] = len(characters)
    c[L.C_NDOG] = len(dogs)
    c[L.C_NTRAP] = len(traps)
    c[L.C_NROUNDS] = len(rounds)
    c[L.C_OUTWITS] = content.components.outwits.count
    dog_rules = content.components.dogs
    c[L.C_DOG_TOTAL] = dog_rules.total
    c[L.C_DOG_ON_MAP] = dog_rules.on_map
    c[L.C_DOG_HEALTH] = dog_rules.health
    c[L.C_DOG_STRIKE] = dog_rules.strike_back
    c[L.C_HEART_START] = content.sheet.hearts.start
    c[L.C_HEART_EXTRA] = content.sheet.hearts.extra
    c[L.C_DICE_SPACES] = content.sheet.dice_spaces.count
    c[L.C_ROCK_COST] = content.map.terrain.rock_extra_cost
    c[L.C_RIVER_COST] = content.map.terrain.river_health_cost
    for d, difficulty in enumerate(L.DIFFICULTY_NAMES):
        c[L.C_ELDERS + d] = content.elders(difficulty)  # type: ignore[arg-type]
        free = content.starting_free_actions(difficulty)  # type: ignore[arg-type]
        for k, kind in enumerate(("assist", "modify", "reroll")):
            c[L.C_FREE_START + d * 3 + k] = free.count(kind)
    spaces = []
    for i, location in enumerate(LOCATIONS):
        space = content.space(f"{location}-{LOCATIONS[(i + 1) % len(LOCATIONS)]}")
        spaces.append(space.id)
        c[L.C_SPACE_ROCKS + i] = int(space.rocks)
        c[L.C_SPACE_BONUS_KIND + i] = L.KINDS.index(space.bonus.action) if space.bonus else -1
        c[L.C_SPACE_BONUS_AMOUNT + i] = space.bonus.amount if space.bonus else 0
        line = content.line_at(location)
        c[L.C_LINE_COST + i] = line.cost
        c[L.C_LINE_RIVER + i] = int(line.river)
    for d, dog in enumerate(dogs):
        for side, location in enumerate(dog.locations):
            c[L.C_DOG_LOC + d * 2 + side] = LOCATIONS.index(location)
    for r, row in enumerate(rows):
        _room("boxes in a row", len(row.boxes), L.MAX_BOXES)
        c[L.C_ROW_COLOUR + r] = DICE_COLOURS.index(row.colour)
        c[L.C_ROW_NBOXES + r] = len(row.boxes)
        c[L.C_ROW_KIND + r] = L.KINDS.index(row.id)
        for b, box in enumerate(row.boxes):
            c[L.C_BOX_FREE + r * L.MAX_BOXES + b] = L.FREE_NAMES.index(box.free) if box.free else -1
            c[L.C_BOX_MAIN + r * L.MAX_BOXES + b] = L.KINDS.index(box.main) if box.main else -1
    for s, stat in enumerate(L.STAT_NAMES):
        values = content.track(stat).values  # type: ignore[arg-type]
        c[L.C_TRACK_LEN + s] = len(values)
        for step, value in enumerate(values):
            c[L.C_TRACK_VAL + s * L.MAX_BOXES + step] = value
    for t, token in enumerate(traps):
        c[L.C_TRAP_SIDE + 2 * t] = token.sides[0]
        c[L.C_TRAP_SIDE + 2 * t + 1] = token.sides[1]
    for r, game_round in enumerate(rounds):
        c[L.C_ROUND_KIND + r] = L.ROUND_KINDS.index(game_round.kind)
        c[L.C_ROUND_DECK + r] = L.DECKS.index(game_round.deck)
    for i, character in enumerate(characters):
        base = L.C_CHAR + i * L.CHAR_SIZE
        setup = character.a_side
        c[base + L.CH_KNIFE] = setup.knife
        c[base + L.CH_RIFLE] = setup.rifle
        c[base + L.CH_TRAPS] = setup.traps
        c[base + L.CH_START] = spaces.index(content.space(setup.start).id)
        c[base + L.CH_POWER] = L.POWERS.index(character.b_side.kind)
        c[base + L.CH_AMOUNT] = character.b_side.amount
    leaders = 0
    for w, (kind, wolf) in enumerate(wolves):
        base = L.C_WOLF + w * L.WOLF_SIZE
        c[base + L.W_HEALTH] = wolf.health
        c[base + L.W_DAMAGE] = wolf.damage
        c[base + L.W_BACK] = LOCATIONS.index(wolf.back)
        c[base + L.W_DECK] = L.DECKS.index(kind)
        ability = wolf.ability
        if ability is not None:
            c[base + L.W_ABILITY] = L.ABILITIES.index(ability.kind)
            c[base + L.W_TIMING] = L.TIMINGS.index(ability.timing)
            c[base + L.W_ABILITY_DIE] = DICE_COLOURS.index(ability.die) if ability.die else -1
            c[base + L.W_IMMUNE] = L.STAT_NAMES.index(ability.immune_to) if ability.immune_to else -1
        c[base + L.W_BONUS] = L.BONUSES.index(wolf.bonus.kind)
        enhanced = wolf.bonus.stat
        c[base + L.W_BONUS_STAT] = (
            -1 if enhanced is None else (3 if enhanced == "any" else L.STAT_NAMES.index(enhanced))
        )
        if kind == "leader":
            c[L.C_LEADERS + leaders] = w
            leaders += 1
    c[L.C_NLEADERS] = leaders
    return CompiledPack(
        vector=c,
        wolf_ids=tuple(wolf.id for _, wolf in wolves),
        character_ids=tuple(ch.id for ch in characters),
        dog_ids=tuple(dog.id for dog in dogs),
        trap_ids=tuple(token.id for token in traps),
        row_ids=tuple(row.id for row in rows),
        space_ids=tuple(spaces),
        deck_sizes=(len(content.deck("day")), len(content.deck("night")), len(content.deck("leader"))),
    )
