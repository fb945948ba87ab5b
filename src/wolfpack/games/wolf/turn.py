"""WOLF's steps: for each step of the game, the decisions it offers and how its action or chance outcome applies.

Every function takes the state (`WolfState`) and changes only it. The tables at the end map each step's name to
its functions; `WolfState` dispatches through them. Rulebook chapters are named in the docstrings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from wolfpack.games.wolf.content import Square, WolfContent, distance, orthogonally_adjacent
from wolfpack.games.wolf.rules import BLACK, HEROES, PACK, name_of, sq, teleport_destinations, walk_destinations

if TYPE_CHECKING:
    from wolfpack.games.wolf.state import WolfState

Words = list[str]
WEAPON_KINDS: Final = frozenset({"weapon", "silver_bullet"})
WALKS_KEPT: Final = 16384
"""Walks remembered per board (`_destinations`); beyond, they are walked anew."""
"""Object cards fired at a unit through the Weapons Table."""


# ---- setup (rulebook 2) ------------------------------------------------------------------------------------


def deal(state: WolfState, words: Words) -> None:
    """Deal the next hero his wolf card from the ten set aside; then the rest go back to the stock."""
    hero_id = state.pending["hero"]
    give_wolf_card(state, hero_id, words[1], state.deal, "is dealt")
    heroes = list(state.heroes)
    following = heroes.index(hero_id) + 1
    if following < len(heroes):
        state.pending = {"hero": heroes[following]}
        return
    for kind, count in state.deal.items():
        state.stock[kind] += count
        state.deal[kind] = 0
    state.step, state.pending = "place", {"unit": heroes[0]}


def place_options(state: WolfState) -> list[str]:
    """The free start squares of the unit to place: H squares for heroes, W squares for werewolves."""
    board = state.content.board
    starts = board.hero_starts if state.pending["unit"] in state.heroes else board.wolf_starts
    taken = state.on_board()
    return [f"place {name_of(s)}" for s in starts if name_of(s) not in taken]


def place(state: WolfState, words: Words) -> None:
    """Put the unit on its start square; after the last unit the first turn begins."""
    unit_id = state.pending["unit"]
    state.unit(unit_id)["square"] = words[1]
    state.log_event(f"{unit_id} is placed on {words[1]}")
    units = [*state.heroes, *state.wolves]
    following = units.index(unit_id) + 1
    if following < len(units):
        state.pending = {"unit": units[following]}
        return
    state.slot = 0
    begin_slot(state)


# ---- the turn order (rulebook 3) ---------------------------------------------------------------------------


def begin_slot(state: WolfState) -> None:
    """Start the turn of whoever's slot it is, skipping the dead, the intoxicated and a pack with nobody left."""
    while state.winner is None:
        turn = state.turn
        if turn == PACK:
            if _begin_pack_turn(state):
                return
        elif _begin_hero_turn(state, turn):
            return
        _next_slot(state)


def _next_slot(state: WolfState) -> None:
    """Move the turn on clockwise; after the pack's turn a new round begins (the game's length is bounded)."""
    state.check_end()  # a side that has won before dawn has won
    if state.winner is not None:
        return
    state.slot += 1
    if state.slot == len(state.order):
        state.slot = 0
        if state.round == state.game.options.max_rounds:  # type: ignore[attr-defined]
            state.finish(HEROES, f"dawn rises after round {state.round}")
            return
        state.round += 1


def _begin_hero_turn(state: WolfState, hero_id: str) -> bool:
    """Begin a hero's turn; False if he has none (dead, or intoxicated: he misses it)."""
    hero = state.heroes[hero_id]
    if not hero["alive"]:
        return False
    if hero["intoxicated"]:
        hero["intoxicated"] = False
        hero["invisible"] = max(0, hero["invisible"] - 1)
        state.log_event(f"{hero_id} is intoxicated and misses his turn")
        return False
    if takeover_due(state):
        state.step, state.pending = "takeover", {}
        return True
    start_moving(state, hero_id)
    return True


def takeover_due(state: WolfState) -> bool:
    """Whether the werewolf seat is asked, as a turn begins, whether it takes a hero over (rulebook 10): while some
    hero seat plays two or more living heroes, one of them human, unless its standing answer is to leave everyone.

    It is asked at every turn's start, whether or not it has seen anyone contaminated, so that the question itself
    tells the table nothing; with the standing answer (`leave-always`) it is not asked at all, so that neither the
    question nor the time taken to answer it tells anything (interpretation 5).
    """
    return not state.leave_always and takeover_possible(state)


def takeover_possible(state: WolfState) -> bool:
    """Whether some hero seat plays two or more living heroes, one of them human: a takeover could happen."""
    return any(_takeover_candidates(state, seat) for seat in range(state.pack_seat))


def _takeover_candidates(state: WolfState, seat: int) -> list[str]:
    """The human heroes of a seat that plays two or more living heroes (none for a seat down to one)."""
    heroes = state.heroes_of(seat)
    return [h for h in heroes if not state.heroes[h]["transformed"]] if len(heroes) > 1 else []


def takeover_options(state: WolfState) -> list[str]:
    """Leave every hero be (now, or until the seat says otherwise), or take over one whose uncancelled black card the
    werewolf seat has seen."""
    options = ["leave", "leave-always"]
    for seat in range(state.pack_seat):
        for hero_id in _takeover_candidates(state, seat):
            cards = state.heroes[hero_id]["wolf_cards"]
            if any(card[0] == BLACK and not card[2] and state.pack_seat in card[1] for card in cards):
                options.append(f"take {hero_id}")
    return options


def takeover(state: WolfState, words: Words) -> None:
    """The werewolf seat takes a hero over (he transforms and plays for the pack) or leaves them be; then the turn
    that was beginning goes on. `leave-always` leaves them be now and at every turn's start until `ask-again`."""
    if words[0] == "leave-always":
        state.leave_always = True
    if words[0] == "take":
        hero = state.heroes[words[1]]
        hero["transformed"] = True
        hero["seat"] = state.pack_seat
        state.log_event(f"the werewolves take {words[1]} over: he turns his unit, a werewolf now")
        refresh_knowledge(state)
    if state.turn == PACK:
        state.step, state.pending = "pack", {}
    else:
        start_moving(state, state.turn)


def start_moving(state: WolfState, hero_id: str) -> None:
    """A hero rolls for his move; a transformed hero moves up to 6 without rolling (rulebook 4 and 6)."""
    if state.heroes[hero_id]["transformed"]:
        limit = state.content.components.movement.transformed_max + state.speed_bonus(hero_id)
        state.step, state.pending = "move", {"unit": hero_id, "limit": limit, "through": False, "then": "action"}
    else:
        state.step, state.pending = "roll", {"unit": hero_id, "dice": 1, "purpose": "move"}


def end_turn(state: WolfState) -> None:
    """End the current hero's turn or the current unit's part of the pack's turn."""
    if state.winner is not None:
        return
    if state.turn == PACK:
        _pack_next(state)
        return
    hero = state.heroes[state.turn]
    hero["invisible"] = max(0, hero["invisible"] - 1)
    _next_slot(state)
    begin_slot(state)


# ---- moving (rulebook 4) -----------------------------------------------------------------------------------


def destinations(state: WolfState, unit_id: str, limit: int, through: bool) -> list[str]:
    """The squares a unit may end its move on (its own square included)."""
    return list(_destinations(state, unit_id, limit, through, _standing(state)))


Standing = tuple[int, int, int]
"""Masks (`Board.bits`) of the squares taken (units and barricades), of those that stop movement (units that block,
and the barricades), and of the barricades."""


def _standing(state: WolfState) -> Standing:
    """The squares of the units on the board and the barricades, of those that stop movement (`blocks`, and the
    barricades), and of the barricades, as masks."""
    bits = state.content.board.name_bits
    units = blocking = 0
    for records in (state.heroes, state.wolves):
        for unit in records.values():
            if unit["alive"] and unit["square"] is not None:  # `WolfState.on_board`
                bit = bits[unit["square"]]
                units |= bit
                if not unit["invisible"] and not unit["intoxicated"]:  # `blocks`
                    blocking |= bit
    barricades = 0
    for name in state.barricades:
        barricades |= bits[name]
    return barricades | units, barricades | blocking, barricades


def _destinations(state: WolfState, unit_id: str, limit: int, through: bool, standing: Standing) -> tuple[str, ...]:
    """`destinations`, given `_standing(state)` (one square holds one unit: the others are the units elsewhere)."""
    board = state.content.board
    unit = state.unit(unit_id)
    here = sq(unit["square"])
    here_bit = board.bits[here]
    taken, stopping, barricades = standing
    own = not here_bit & barricades  # its own square is neither taken nor in its way (but a barricade stays one)
    if through:
        others = set(board.squares_in(taken & ~here_bit if own else taken))
        return tuple(sorted(name_of(square) for square in teleport_destinations(board, here, limit, others)))
    # in the turn after going invisible, other units are no obstacle to it
    obstacles = stopping if unit["invisible"] != 1 else barricades
    # A walk of `limit` steps meets nothing farther than `limit` away: remembered by what stands that near, the
    # walks of units nobody came near since (most of the pack, unit after unit) are not walked again.
    box = board.box_mask(here, limit)
    near, near_taken = box & obstacles, box & taken
    if own:
        near &= ~here_bit
        near_taken &= ~here_bit
    key = (here_bit, limit, near, near_taken)
    walks = board.walks
    found = walks.get(key)
    if found is None:
        if len(walks) >= WALKS_KEPT:
            walks.clear()
        ends = walk_destinations(board, here_bit, limit, near, near_taken)
        found = walks[key] = tuple(sorted(board.names_in(ends)))
    return found


def _worded(state: WolfState, first: str, squares: tuple[str, ...], skip: str | None = None) -> tuple[str, ...]:
    """`<first> <square>` for each of `squares` but `skip`: remembered per board, as the same walks come back move
    after move (and the same words, made once, are hashed once wherever the actions are looked up)."""
    worded = state.content.board.worded
    key = (first, skip, squares)
    found = worded.get(key)
    if found is None:
        if len(worded) >= WALKS_KEPT:
            worded.clear()
        prefix = first + " "
        found = worded[key] = tuple(map(prefix.__add__, squares if skip is None else [s for s in squares if s != skip]))
    return found


def blocks(state: WolfState, unit_id: str) -> bool:
    """Whether a unit stops movement and fire: not while invisible or intoxicated (rulebook 14, 15)."""
    unit = state.unit(unit_id)
    return not unit["invisible"] and not unit["intoxicated"]


def move_options(state: WolfState) -> list[str]:
    """Move to any square in reach, or stay."""
    unit_id = state.pending["unit"]
    here = state.unit(unit_id)["square"]
    squares = _destinations(state, unit_id, state.pending["limit"], state.pending["through"], _standing(state))
    return ["stay", *_worded(state, "move", squares, here)]


def move(state: WolfState, words: Words) -> None:
    """Move (or stay); then the special action, or the end of the turn after a second move."""
    unit_id = state.pending["unit"]
    if words[0] == "move":
        state.unit(unit_id)["square"] = words[1]
        state.log_event(f"{unit_id} moves to {words[1]}")
    if state.pending["then"] == "action":
        state.step, state.pending = "action", {"unit": unit_id}
    else:
        end_turn(state)


# ---- the pack's turn (rulebook 4 and 5) --------------------------------------------------------------------


def _begin_pack_turn(state: WolfState) -> bool:
    """Begin the pack's turn; False if no werewolf unit can act (intoxicated units miss it)."""
    state.acted = []
    for unit_id, wolf in state.wolves.items():
        if wolf["alive"] and wolf["intoxicated"]:
            state.acted.append(unit_id)
            state.log_event(f"{unit_id} is intoxicated and misses the turn")
    if not _pack_units(state):
        _end_pack_turn(state)
        return False
    state.step, state.pending = ("takeover" if takeover_due(state) else "pack"), {}
    return True


def _pack_units(state: WolfState) -> list[str]:
    """The werewolf units still to act this turn."""
    return [u for u, wolf in state.wolves.items() if wolf["alive"] and u not in state.acted]


def pack_options(state: WolfState) -> list[str]:
    """Move one unit that has not acted yet (staying put is a move of 0), or end the pack's turn; with the standing
    answer to the takeover question on, be asked it again from the next turn's start (`ask-again`)."""
    limit = state.content.components.movement.werewolf_max
    options = ["end", *(["ask-again"] if state.leave_always and takeover_possible(state) else [])]
    standing = _standing(state)
    for unit_id in _pack_units(state):
        options += _worded(state, unit_id, _destinations(state, unit_id, limit, False, standing))
    return options


def pack_move(state: WolfState, words: Words) -> None:
    """Move a unit; its special action follows. `end` ends the pack's turn; `ask-again` drops the standing answer to
    the takeover question, and the pack goes on choosing."""
    if words[0] == "end":
        _finish_pack_turn(state)
        return
    if words[0] == "ask-again":
        state.leave_always = False
        return
    unit_id, square = words
    state.acted.append(unit_id)
    wolf = state.wolves[unit_id]
    if wolf["square"] != square:
        wolf["square"] = square
        state.log_event(f"{unit_id} moves to {square}")
    state.step, state.pending = "pack-action", {"unit": unit_id}


def _pack_next(state: WolfState) -> None:
    """After a unit's action: the next unit, or the end of the pack's turn when all have acted."""
    if _pack_units(state):
        state.step, state.pending = "pack", {}
        return
    _finish_pack_turn(state)


def _finish_pack_turn(state: WolfState) -> None:
    """The pack's turn is over (every unit has acted, or the seat ended it): the next turn begins."""
    _end_pack_turn(state)
    _next_slot(state)
    begin_slot(state)


def _end_pack_turn(state: WolfState) -> None:
    """Invisibility wears off a turn after it began; intoxicated units have missed their turn."""
    for wolf in state.wolves.values():
        wolf["invisible"] = max(0, wolf["invisible"] - 1)
        wolf["intoxicated"] = False
    state.acted = []


# ---- special actions: what a unit may do (rulebook 5, 6, 7, 8, 14, 15) ------------------------------------


def adjacent_units(state: WolfState, unit_id: str) -> list[tuple[str, str]]:
    """(square, unit) for the units sharing a side with `unit_id`."""
    beside = state.content.board.beside_names[state.unit(unit_id)["square"]]
    return sorted((s, u) for s, u in state.on_board().items() if s in beside and u != unit_id)


def adjacent_barricades(state: WolfState, unit_id: str) -> list[str]:
    """The barricades sharing a side with a unit."""
    beside = state.content.board.beside_names[state.unit(unit_id)["square"]]
    return [b for b in state.barricades if b in beside]


def bite_targets(state: WolfState, unit_id: str) -> list[str]:
    """The heroes a werewolf (or a contaminated hero) may bite: human, visible, sharing a side."""
    return [
        u
        for _, u in adjacent_units(state, unit_id)
        if u in state.heroes and not state.heroes[u]["transformed"] and not state.heroes[u]["invisible"]
    ]


def wolf_actions(state: WolfState, unit_id: str) -> list[str]:
    """What a werewolf unit or a transformed hero may do after moving (rulebook 5 and 6)."""
    options = [f"bite {hero}" for hero in bite_targets(state, unit_id)]
    options += [f"break {b}" for b in adjacent_barricades(state, unit_id)]
    options += [f"power {p}" for p in state.power_of(unit_id)]
    return options


def pack_action_options(state: WolfState) -> list[str]:
    """The unit's special action, or none (`done`); or none and the pack's turn over for the units left (`end`: one
    action instead of moving each idle unit nowhere and saying it does nothing)."""
    rest = ["end"] if _pack_units(state) else []  # with no unit left, `done` ends the turn already
    return ["done", *rest, *wolf_actions(state, state.pending["unit"])]


def hero_action_options(state: WolfState) -> list[str]:
    """A hero's special action after his move, or none (`end`)."""
    hero_id = state.pending["unit"]
    if state.heroes[hero_id]["transformed"]:
        return ["end", *wolf_actions(state, hero_id)]
    options = ["end", *_pick_options(state, hero_id), *_trade_options(state, hero_id)]
    options += _attack_options(state, hero_id)
    options += _object_options(state, hero_id)
    options += [f"power {p}" for p in state.power_of(hero_id)]
    if state.knows_contaminated(hero_id):
        options += [f"bite {hero}" for hero in bite_targets(state, hero_id)]
    return options


def _hand_room(state: WolfState, hero_id: str) -> bool:
    """Whether a hero may take one more object card (at most 7 in hand)."""
    return len(state.heroes[hero_id]["objects"]) < state.content.components.objects.hand_limit


def _pick_options(state: WolfState, hero_id: str) -> list[str]:
    """Pick from an object square sharing a side with the hero, if its pile has a card and his hand room."""
    if not _hand_room(state, hero_id):
        return []
    board = state.content.board
    beside = board.beside_names[state.heroes[hero_id]["square"]]
    return [f"pick {name}" for number, name in enumerate(board.object_names) if state.piles[number] and name in beside]


def _human_neighbours(state: WolfState, hero_id: str) -> list[str]:
    """The untransformed heroes sharing a side with a hero."""
    return [u for _, u in adjacent_units(state, hero_id) if u in state.heroes and not state.heroes[u]["transformed"]]


def _trade_options(state: WolfState, hero_id: str) -> list[str]:
    """Give a card to, or ask one of, an untransformed hero sharing a side (rulebook 7)."""
    options = []
    cards = sorted({card[0] for card in state.heroes[hero_id]["objects"]})
    for other in _human_neighbours(state, hero_id):
        if _hand_room(state, other):
            options += [f"give {card} {other}" for card in cards]
        if state.heroes[other]["objects"] and _hand_room(state, hero_id):
            options.append(f"ask {other}")
    return options


def _may_attack(state: WolfState, hero_id: str, target: str, weapon: bool) -> bool:
    """Whether a hero may attack a unit: any werewolf or transformed hero; a human hero with bare hands always, with
    a weapon only if he does not know himself contaminated (rulebook 6); invisible units never."""
    if state.unit(target)["invisible"]:
        return False
    if state.is_wolf_unit(target) or not weapon:
        return True
    return not state.knows_contaminated(hero_id)


def _attack_options(state: WolfState, hero_id: str) -> list[str]:
    """Bare-hands attacks on a unit or barricade sharing a side (rulebook 7)."""
    options = [f"bare {s}" for s, u in adjacent_units(state, hero_id) if _may_attack(state, hero_id, u, weapon=False)]
    return options + [f"bare {b}" for b in adjacent_barricades(state, hero_id)]


def score_needed(
    state: WolfState, column: str, shooter: str, target_square: str, blockers: int | None = None
) -> int | None:
    """The 2d6 score a shot with `column` needs at the target's distance; None if it cannot be made. `blockers` is
    `shot_blockers(state, shooter)`, if the caller has it already."""
    here, there = sq(state.unit(shooter)["square"]), sq(target_square)
    return shot_need(
        state.content, column, here, there, shot_blockers(state, shooter) if blockers is None else blockers
    )


def shot_need(content: WolfContent, column: str, here: Square, there: Square, blockers: int) -> int | None:
    """`score_needed` of a shot from `here` at `there`, `blockers` being `shot_blockers` of the shooter."""
    if content.column(column).hand_to_hand and not orthogonally_adjacent(here, there):
        return None
    need = content.score_needed(column, max(1, distance(here, there)))
    if need is None or here == there:
        return need
    # The target does not block the shot at itself; a line of fire's blocking squares never include its ends (they
    # lie strictly between), so the blockers need not leave it out.
    return need if content.board.fire_clear(here, there, blockers) else None


def shot_blockers(state: WolfState, shooter: str) -> int:
    """The squares that stop a shot, as a mask (`Board.bits`): every unit that blocks (rulebook 14, 15) but the
    shooter, and the barricades."""
    bits = state.content.board.name_bits
    found = 0
    for s, u in state.on_board().items():
        if u != shooter and blocks(state, u):
            found |= bits[s]
    for b in state.barricades:
        found |= bits[b]
    return found


def _object_options(state: WolfState, hero_id: str) -> list[str]:
    """Every way to play each object card in hand (rulebook 8 and 15; drawing pins cannot be played)."""
    options: list[str] = []
    for card_id in sorted({card[0] for card in state.heroes[hero_id]["objects"]}):
        options += PLAYS.get(state.content.card(card_id).kind, _no_play)(state, hero_id, card_id)
    return options


def _no_play(state: WolfState, hero_id: str, card_id: str) -> list[str]:
    return []


def _weapon_plays(state: WolfState, hero_id: str, card_id: str) -> list[str]:
    """Fire a weapon (or the gun with a silver bullet) at a unit or, most weapons, a barricade in reach."""
    column = state.content.card(card_id).column or card_id
    targets = [s for s, u in state.on_board().items() if u != hero_id and _may_attack(state, hero_id, u, weapon=True)]
    if state.content.column(column).destroys_barricades:
        targets += state.barricades
    content, here, blockers = state.content, sq(state.unit(hero_id)["square"]), shot_blockers(state, hero_id)
    return [f"fire {card_id} {s}" for s in targets if shot_need(content, column, here, sq(s), blockers) is not None]


def _antidote_plays(state: WolfState, hero_id: str, card_id: str) -> list[str]:
    """Inoculate a hero (himself too, unless he knows he is contaminated), a transformed hero or a werewolf."""
    column = state.content.card(card_id).column or card_id
    options = []
    content, here, blockers = state.content, sq(state.unit(hero_id)["square"]), shot_blockers(state, hero_id)
    for s, u in state.on_board().items():
        if u == hero_id:
            if not state.knows_contaminated(hero_id):
                options.append(f"antidote {s}")
        elif not state.unit(u)["invisible"] and shot_need(content, column, here, sq(s), blockers) is not None:
            options.append(f"antidote {s}")
    return options


def _simple_play(word: str) -> Callable[[WolfState, str, str], list[str]]:
    """A card played without a target."""

    def plays(state: WolfState, hero_id: str, card_id: str) -> list[str]:
        return [word]

    return plays


def _glasses_plays(state: WolfState, hero_id: str, card_id: str) -> list[str]:
    """Look through the Superglasses at a hero's cards or a pile within their radius."""
    radius = state.content.card(card_id).radius or 0
    return [f"glasses {target}" for target in look_targets(state, hero_id, radius)]


def _barricade_plays(state: WolfState, hero_id: str, card_id: str) -> list[str]:
    """Put a barricade unit on a free threshold sharing a side with the hero."""
    return [f"barricade {t}" for t in build_sites(state, hero_id)]


PLAYS: Final[dict[str, Callable[[WolfState, str, str], list[str]]]] = {
    "weapon": _weapon_plays,
    "silver_bullet": _weapon_plays,
    "antidote": _antidote_plays,
    "flytox": _simple_play("flytox"),
    "invisibility_watch": _simple_play("watch"),
    "teleportation_box": _simple_play("box"),
    "rollers": _simple_play("rollers"),
    "superglasses": _glasses_plays,
    "barricade": _barricade_plays,
}
"""How each kind of object card can be played (drawing pins cannot)."""


def build_sites(state: WolfState, unit_id: str) -> list[str]:
    """Free thresholds sharing a side with a unit, while a barricade unit is left to put there."""
    if len(state.barricades) >= state.content.components.barricades.units:
        return []
    here = sq(state.unit(unit_id)["square"])
    taken = set(state.on_board()) | set(state.barricades)
    return sorted(
        name_of(t) for t in state.content.board.thresholds if orthogonally_adjacent(here, t) and name_of(t) not in taken
    )


def look_targets(state: WolfState, unit_id: str, radius: int) -> list[str]:
    """Heroes (any, even invisible) and object piles within `radius`, whatever lies between."""
    here = sq(state.unit(unit_id)["square"])
    heroes = [h for h, hero in state.heroes.items() if hero["alive"] and distance(here, sq(hero["square"])) <= radius]
    piles = [
        name_of(o)
        for number, o in enumerate(state.content.board.object_squares)
        if state.piles[number] and distance(here, o) <= radius
    ]
    return heroes + piles


# ---- special actions: what they do -------------------------------------------------------------------------


def hero_action(state: WolfState, words: Words) -> None:
    """Carry out a hero's special action (or end his turn)."""
    HERO_ACTIONS[words[0]](state, state.pending["unit"], words)


def pack_action(state: WolfState, words: Words) -> None:
    """Carry out a werewolf unit's special action (or none)."""
    unit_id = state.pending["unit"]
    if words[0] == "done":
        end_turn(state)
    elif words[0] == "end":
        _finish_pack_turn(state)
    else:
        HERO_ACTIONS[words[0]](state, unit_id, words)


def _end(state: WolfState, unit_id: str, words: Words) -> None:
    end_turn(state)


def _pick(state: WolfState, hero_id: str, words: Words) -> None:
    """Pick the top card of an object pile (chance decides it unless someone has seen it)."""
    number = state.content.board.object_names.index(words[1])
    state.pending = {"unit": hero_id, "pile": number, "purpose": "pick"}
    _next_card(state)


def _next_card(state: WolfState) -> None:
    """Go on with a pick or a look: draw the pile's next unknown card by chance, or finish."""
    pile = state.piles[state.pending["pile"]]
    unknown = [i for i, card in enumerate(pile) if card[0] is None]
    if state.pending["purpose"] == "pick":
        unknown = unknown[:1] if unknown and unknown[0] == 0 else []
    if unknown:
        state.pending["index"] = unknown[0]
        state.step = "object"
        return
    hero_id = state.pending["unit"]
    seat = state.heroes[hero_id]["seat"]
    where = name_of(state.content.board.object_squares[state.pending["pile"]])
    if state.pending["purpose"] == "pick":
        card = pile.pop(0)
        card[1] = sorted(set(card[1]) | {seat})
        state.heroes[hero_id]["objects"].append(card)
        state.log_event(f"{hero_id} picks a card from the pile on {where}", card[0], [seat])
    else:
        for card in pile:
            card[1] = sorted(set(card[1]) | {seat})
        state.log_event(f"{hero_id} looks at the pile on {where}", ", ".join(c[0] for c in pile), [seat])
    end_turn(state)


def draw_object(state: WolfState, words: Words) -> None:
    """Chance decides a face-down object card the moment someone takes or sees it."""
    kind = words[1]
    state.pool[kind] -= 1
    state.piles[state.pending["pile"]][state.pending["index"]][0] = kind
    _next_card(state)


def _give(state: WolfState, hero_id: str, words: Words) -> None:
    """Offer a card to a hero; another seat must agree first."""
    _, card_id, other = words
    if state.heroes[other]["seat"] == state.heroes[hero_id]["seat"]:
        transfer(state, hero_id, other, card_id)
        end_turn(state)
    else:
        state.step, state.pending = "consent", {"unit": hero_id, "other": other, "card": card_id}


def _ask(state: WolfState, hero_id: str, words: Words) -> None:
    """Ask a hero for a card: his seat chooses one to hand over, or refuses."""
    state.step, state.pending = "hand", {"unit": hero_id, "other": words[1]}


def consent_options(state: WolfState) -> list[str]:
    """Accept the card offered, or refuse it."""
    return ["accept", "refuse"]


def consent(state: WolfState, words: Words) -> None:
    """The card changes hands if the receiver agrees; the giver's action is spent either way."""
    giver, other, card_id = state.pending["unit"], state.pending["other"], state.pending["card"]
    if words[0] == "accept":
        transfer(state, giver, other, card_id)
    else:
        state.log_event(f"{other} refuses a card from {giver}")
    end_turn(state)


def hand_options(state: WolfState) -> list[str]:
    """Hand over one of your cards, or refuse."""
    return ["refuse", *sorted({f"hand {card[0]}" for card in state.heroes[state.pending["other"]]["objects"]})]


def hand(state: WolfState, words: Words) -> None:
    """Hand the asker a card, or refuse."""
    asker, other = state.pending["unit"], state.pending["other"]
    if words[0] == "hand":
        transfer(state, other, asker, words[1])
    else:
        state.log_event(f"{other} refuses {asker}'s request")
    end_turn(state)


def transfer(state: WolfState, giver: str, receiver: str, card_id: str) -> None:
    """Move one object card between heroes; both seats know what it was."""
    hand_of = state.heroes[giver]["objects"]
    card = next(c for c in hand_of if c[0] == card_id)
    hand_of.remove(card)
    seats = {state.heroes[giver]["seat"], state.heroes[receiver]["seat"]}
    card[1] = sorted(set(card[1]) | seats)
    state.heroes[receiver]["objects"].append(card)
    state.log_event(f"{giver} gives {receiver} a card", card_id, seats)


def _spend(state: WolfState, hero_id: str, card_id: str) -> None:
    """Play a card from hand: it is shown and discarded for good."""
    hand_of = state.heroes[hero_id]["objects"]
    hand_of.remove(next(c for c in hand_of if c[0] == card_id))
    state.discard.append(card_id)


def _bare(state: WolfState, hero_id: str, words: Words) -> None:
    """Attack a unit or barricade with bare hands: a roll of 1 removes it (rulebook 7)."""
    state.log_event(f"{hero_id} attacks {_what(state, words[1])} with bare hands")
    _roll_check(state, hero_id, state.content.components.rolls.bare_hands, ["remove", words[1]])


def _fire(state: WolfState, hero_id: str, words: Words) -> None:
    """Fire a weapon: the card is spent; the pack's weapon dice (two) must reach the Weapons Table's score (rule 8)."""
    _, card_id, target = words
    column = state.content.card(card_id).column or card_id
    need = score_needed(state, column, hero_id, target)
    _spend(state, hero_id, card_id)
    state.log_event(f"{hero_id} fires the {card_id} at {_what(state, target)}: {need} or more needed")
    dice = state.content.components.rolls.weapon_dice
    state.step, state.pending = "roll", {"unit": hero_id, "dice": dice, "at_least": need, "effect": ["remove", target]}


def _antidote(state: WolfState, hero_id: str, words: Words) -> None:
    """Use the antidote on a unit: the pack's weapon dice (two) against the antidote's column (rulebook 15)."""
    card_id = next(c[0] for c in state.heroes[hero_id]["objects"] if state.content.card(c[0]).kind == "antidote")
    column = state.content.card(card_id).column or card_id
    need = score_needed(state, column, hero_id, words[1])
    _spend(state, hero_id, card_id)
    state.log_event(f"{hero_id} uses the antidote on {_what(state, words[1])}: {need} or more needed")
    dice = state.content.components.rolls.weapon_dice
    state.step, state.pending = "roll", {"unit": hero_id, "dice": dice, "at_least": need, "effect": ["cure", words[1]]}


def _flytox(state: WolfState, hero_id: str, words: Words) -> None:
    """Spray the Flytox: every unit the gas reaches, its user too, misses its next turn (rulebook 15)."""
    card_id = _card_of_kind(state, hero_id, "flytox")
    radius = state.content.card(card_id).radius or 0
    _spend(state, hero_id, card_id)
    here = sq(state.heroes[hero_id]["square"])
    area = state.content.board.gas_area(here, radius, {sq(b) for b in state.barricades})
    hit = sorted(u for s, u in state.on_board().items() if sq(s) in area)
    for unit_id in hit:
        state.unit(unit_id)["intoxicated"] = True
    state.log_event(f"{hero_id} sprays the Flytox: {', '.join(hit) or 'nobody'} intoxicated")
    end_turn(state)


def _watch(state: WolfState, hero_id: str, words: Words) -> None:
    """Wear the Invisibility Watch: invisible until the end of his next turn."""
    _spend(state, hero_id, _card_of_kind(state, hero_id, "invisibility_watch"))
    go_invisible(state, hero_id)
    end_turn(state)


def _second_move(state: WolfState, hero_id: str, words: Words) -> None:
    """The Teleportation Box or the Rollers: roll a die, move again up to it, and nothing more (rulebook 15)."""
    kind = "teleportation_box" if words[0] == "box" else "rollers"
    _spend(state, hero_id, _card_of_kind(state, hero_id, kind))
    state.log_event(f"{hero_id} uses the {kind.replace('_', ' ')}")
    state.step, state.pending = "roll", {"unit": hero_id, "dice": 1, "purpose": words[0]}


def _glasses(state: WolfState, hero_id: str, words: Words) -> None:
    """Look through the Superglasses at a hero's cards or a pile (rulebook 15)."""
    _spend(state, hero_id, _card_of_kind(state, hero_id, "superglasses"))
    look(state, hero_id, words[1])


def _barricade(state: WolfState, hero_id: str, words: Words) -> None:
    """Put a barricade unit on a threshold (rulebook 15)."""
    _spend(state, hero_id, _card_of_kind(state, hero_id, "barricade"))
    build(state, hero_id, words[1])
    end_turn(state)


def _power(state: WolfState, unit_id: str, words: Words) -> None:
    """Use a power: a roll of 1 or 2 (the pack's file says) makes it work (rulebook 14)."""
    power = state.content.power(words[1])  # type: ignore[arg-type]
    state.log_event(f"{unit_id} tries the {words[1]} power")
    _roll_check(state, unit_id, power.succeeds_on or 0, ["power", words[1]])


def _bite(state: WolfState, unit_id: str, words: Words) -> None:
    """Bite a hero: he draws a wolf card in secret. A contaminated hero who bites turns into a werewolf first."""
    target = words[1]
    if unit_id in state.heroes and not state.heroes[unit_id]["transformed"]:
        state.heroes[unit_id]["transformed"] = True
        state.log_event(f"{unit_id} turns his unit: he is a werewolf")
    state.log_event(f"{unit_id} bites {target}")
    state.step, state.pending = "wolf-card", {"unit": unit_id, "hero": target}


def _break(state: WolfState, unit_id: str, words: Words) -> None:
    """A werewolf tries to break a barricade sharing a side: a roll of 1 (rulebook 5)."""
    state.log_event(f"{unit_id} attacks the barricade on {words[1]}")
    _roll_check(state, unit_id, state.content.components.rolls.destroy_barricade, ["remove", words[1]])


def _card_of_kind(state: WolfState, hero_id: str, kind: str) -> str:
    """The id of a card of `kind` in a hero's hand."""
    return str(next(c[0] for c in state.heroes[hero_id]["objects"] if state.content.card(c[0]).kind == kind))


def _what(state: WolfState, square: str) -> str:
    """The unit or barricade on a square, for the log."""
    return state.on_board().get(square) or f"the barricade on {square}"


HERO_ACTIONS: Final[dict[str, Callable[[WolfState, str, Words], None]]] = {
    "end": _end,
    "pick": _pick,
    "give": _give,
    "ask": _ask,
    "bare": _bare,
    "fire": _fire,
    "antidote": _antidote,
    "flytox": _flytox,
    "watch": _watch,
    "box": _second_move,
    "rollers": _second_move,
    "glasses": _glasses,
    "barricade": _barricade,
    "power": _power,
    "bite": _bite,
    "break": _break,
}


# ---- rolls and their effects -------------------------------------------------------------------------------


def _roll_check(state: WolfState, unit_id: str, at_most: int, effect: list[str]) -> None:
    """Roll one die: a result of `at_most` or less carries out `effect`."""
    state.step, state.pending = "roll", {"unit": unit_id, "dice": 1, "at_most": at_most, "effect": effect}


def roll(state: WolfState, words: Words) -> None:
    """A die roll (or two dice added): a move's reach, or whether an attack, a power or an antidote works."""
    value = int(words[1])
    pending = state.pending
    unit_id = pending["unit"]
    purpose = pending.get("purpose")
    if purpose is not None:
        bonus = state.speed_bonus(unit_id) if purpose == "move" else 0
        then = "action" if purpose == "move" else "end"
        state.log_event(f"{unit_id} rolls {value} to move")
        state.step = "move"
        state.pending = {"unit": unit_id, "limit": value + bonus, "through": purpose == "box", "then": then}
        return
    works = value <= pending["at_most"] if "at_most" in pending else value >= pending["at_least"]
    state.log_event(f"{unit_id} rolls {value}: {'success' if works else 'failure'}")
    if not works:
        end_turn(state)
        return
    EFFECTS[pending["effect"][0]](state, unit_id, pending["effect"][1])


def _remove(state: WolfState, unit_id: str, square: str) -> None:
    """The target is gone: a barricade taken down, a werewolf out of the game, a hero dead."""
    if square in state.barricades:
        state.barricades.remove(square)
        state.log_event(f"the barricade on {square} is destroyed")
    else:
        target = state.on_board()[square]
        if target in state.heroes:
            kill_hero(state, target)
        else:
            state.wolves[target].update(alive=False, square=None)
            state.log_event(f"{target} is out of the game")
    end_turn(state)


def kill_hero(state: WolfState, hero_id: str) -> None:
    """A hero dies: he shows his wolf cards and leaves the game; his cards go face down to the discard."""
    hero = state.heroes[hero_id]
    state.log_event(f"{hero_id} is dead")
    state.reveal(hero_id)
    state.released += len(hero["objects"])
    hero.update(alive=False, square=None, objects=[], invisible=0, intoxicated=False)
    refresh_knowledge(state)


def refresh_knowledge(state: WolfState) -> None:
    """A seat left with one hero plays him like a six-player game: it sees all his wolf cards (rulebook 10)."""
    for seat in range(state.pack_seat):
        heroes = state.heroes_of(seat)
        if len(heroes) == 1:
            for card in state.heroes[heroes[0]]["wolf_cards"]:
                if seat not in card[1]:
                    card[1] = sorted([*card[1], seat])


def _cure(state: WolfState, unit_id: str, square: str) -> None:
    """The antidote works: a hero shows his cards and his black ones lose their effect; a transformed hero turns
    back; a werewolf leaves the game (rulebook 15)."""
    target = state.on_board()[square]
    if target in state.wolves:
        state.wolves[target].update(alive=False, square=None)
        state.log_event(f"{target} is out of the game")
        end_turn(state)
        return
    hero = state.heroes[target]
    for card in hero["wolf_cards"]:
        if card[0] == BLACK:
            card[2] = True
    if hero["transformed"]:
        hero["transformed"] = False
        if hero["seat"] == state.pack_seat:
            hand_over(state, target, state.heroes[unit_id]["seat"])  # played by whoever saved him
        state.log_event(f"{target} turns back into a human")
    state.reveal(target)
    refresh_knowledge(state)
    end_turn(state)


def hand_over(state: WolfState, hero_id: str, seat: int) -> None:
    """A hero changes seats: the seat now playing him sees the object cards he holds."""
    hero = state.heroes[hero_id]
    hero["seat"] = seat
    for card in hero["objects"]:
        card[1] = sorted(set(card[1]) | {seat})


def _power_works(state: WolfState, unit_id: str, power: str) -> None:
    """A power roll succeeded: carry the power out (rulebook 14)."""
    if power == "invisibility":
        go_invisible(state, unit_id)
        end_turn(state)
    elif power == "teleportation":
        state.step, state.pending = "roll", {"unit": unit_id, "dice": 1, "purpose": "box"}
    elif power == "force":
        state.step, state.pending = "force", {"unit": unit_id}
    else:
        state.step, state.pending = "vision", {"unit": unit_id}


EFFECTS: Final[dict[str, Callable[[WolfState, str, str], None]]] = {
    "remove": _remove,
    "cure": _cure,
    "power": _power_works,
}


def go_invisible(state: WolfState, unit_id: str) -> None:
    """Invisible until the end of the unit's next turn: it cannot be attacked and is no obstacle."""
    state.unit(unit_id)["invisible"] = 2
    state.log_event(f"{unit_id} turns invisible")


def force_options(state: WolfState) -> list[str]:
    """Force: take down a barricade sharing a side, or build one on a free threshold sharing a side."""
    unit_id = state.pending["unit"]
    breaks = [f"break {b}" for b in adjacent_barricades(state, unit_id)]
    return ["end", *breaks, *(f"build {t}" for t in build_sites(state, unit_id))]


def force(state: WolfState, words: Words) -> None:
    """Carry out Force (or nothing)."""
    unit_id = state.pending["unit"]
    if words[0] == "break":
        state.barricades.remove(words[1])
        state.log_event(f"{unit_id} tears down the barricade on {words[1]}")
    elif words[0] == "build":
        build(state, unit_id, words[1])
    end_turn(state)


def build(state: WolfState, unit_id: str, square: str) -> None:
    """A barricade unit goes on a threshold."""
    state.barricades = sorted([*state.barricades, square])
    state.log_event(f"{unit_id} builds a barricade on {square}")


def vision_options(state: WolfState) -> list[str]:
    """Vision: look at a hero's cards or a pile within the power's radius (or at nothing)."""
    unit_id = state.pending["unit"]
    radius = state.content.power("vision").radius or 0
    return ["end", *(f"look {target}" for target in look_targets(state, unit_id, radius))]


def vision(state: WolfState, words: Words) -> None:
    """Carry out Vision."""
    if words[0] == "end":
        end_turn(state)
    else:
        look(state, state.pending["unit"], words[1])


def look(state: WolfState, unit_id: str, target: str) -> None:
    """The seat playing `unit_id` sees a hero's wolf and object cards, or a pile's cards in order."""
    seat = int(state.heroes[unit_id]["seat"]) if unit_id in state.heroes else state.pack_seat
    if target in state.heroes:
        hero = state.heroes[target]
        shows = shows_objects(state, seat, target)
        for card in [*hero["wolf_cards"], *(hero["objects"] if shows else [])]:
            card[1] = sorted(set(card[1]) | {seat})
        wolf = ", ".join(c[0] for c in hero["wolf_cards"]) or "none"
        objects = (", ".join(c[0] for c in hero["objects"]) or "none") if shows else "not shown"
        state.log_event(f"{unit_id} looks at {target}'s cards", f"wolf cards {wolf}; objects {objects}", [seat])
        end_turn(state)
        return
    number = state.content.board.object_names.index(target)
    state.pending = {"unit": unit_id, "pile": number, "purpose": "look"}
    _next_card(state)


def shows_objects(state: WolfState, seat: int, hero_id: str) -> bool:
    """Whether a look by `seat` shows a hero's object cards: never the werewolf seat a transformed hero's (rulebook
    10)."""
    return not (seat == state.pack_seat and state.heroes[hero_id]["transformed"])


def draw_wolf_card(state: WolfState, words: Words) -> None:
    """The bitten hero draws a wolf card; who sees it depends on who plays him (rulebook 5 and 10)."""
    give_wolf_card(state, state.pending["hero"], words[1], state.stock, "draws")
    end_turn(state)


def give_wolf_card(state: WolfState, hero_id: str, colour: str, source: dict[str, int], verb: str) -> None:
    """A wolf card of `colour` leaves `source` (the deal or the stock) for a hero, seen by whoever may see it."""
    source[colour] -= 1
    seen = state.card_viewers(hero_id)
    state.heroes[hero_id]["wolf_cards"].append([colour, seen, False])
    state.log_event(f"{hero_id} {verb} a wolf card", colour, seen)


CHANCE_STEPS: Final[dict[str, Callable[[WolfState, Words], None]]] = {
    "deal": deal,
    "roll": roll,
    "object": draw_object,
    "wolf-card": draw_wolf_card,
}
"""Steps where chance decides, and how each outcome applies."""
DECISIONS: Final[dict[str, Callable[[WolfState], list[str]]]] = {
    "place": place_options,
    "takeover": takeover_options,
    "move": move_options,
    "action": hero_action_options,
    "pack": pack_options,
    "pack-action": pack_action_options,
    "consent": consent_options,
    "hand": hand_options,
    "force": force_options,
    "vision": vision_options,
}
"""Steps where a seat decides, and the actions it may take."""
APPLY: Final[dict[str, Callable[[WolfState, Words], None]]] = {
    "place": place,
    "takeover": takeover,
    "move": move,
    "action": hero_action,
    "pack": pack_move,
    "pack-action": pack_action,
    "consent": consent,
    "hand": hand,
    "force": force,
    "vision": vision,
}
"""How each decision applies."""
SETUP_STEPS: Final = frozenset({"deal", "place"})
"""The steps before the first turn, when the game cannot end yet."""
