"""Spacewolves! position notation (like FEN for chess) and the observation built from a state.

A position is eleven fields separated by single spaces:

    board earth wolves round first phase actor step dice warps cutoff

board   the 15 moving tiles from the one under Earth (position 15) down to the one above the Spacewolves
        (position 1), joined by "/"; each is its label (1-6, A asteroid field, W tandem warp, S space station)
        followed by the colour letters of the spacemen on it (r y b g), e.g. "Srrryyybbb".
earth   the colours of the arrivals on Earth in order (the first took 12), or "-".
wolves  the colours of the spacemen on the Spacewolves tile, or "-".
round   the round number, from 1.
first   the colour that won the roll for first player, or "-" before that roll.
phase   setup, spaceman, control, wolf or over.
actor   the colour whose turn it is in the phase, or "-".
step    roll, own, other, doubles, ownwarp, warp, move or end.
dice    the dice still usable this turn, ascending (e.g. "35"), or "-".
warps   the colours waiting to decide a Tandem Warp, in order, or "-".
cutoff  how many Earth arrivals roll in this Mission Control Phase (0 outside it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.errors import InvalidStateError
from wolfpack.games.spacewolves import rules
from wolfpack.games.spacewolves.actions import COLOUR_NAMES, COLOURS, SLOTS
from wolfpack.games.spacewolves.state import (
    CONTROL,
    DOUBLES,
    END,
    MOVE,
    OTHER,
    OVER,
    OWN,
    OWN_WARP,
    PHASE_NAMES,
    ROLL,
    SETUP,
    SPACEMAN,
    STEP_NAMES,
    WARP,
    WOLF,
    SpacewolvesState,
)

if TYPE_CHECKING:
    from wolfpack.games.spacewolves.game import SpacewolvesGame

FIELDS: Final = (
    "board",
    "earth",
    "wolves",
    "round",
    "first",
    "phase",
    "actor",
    "step",
    "dice",
    "warps",
    "cutoff",
)
_TILE = re.compile(r"([1-6AWS])([rybg]*)")


def format_position(state: SpacewolvesState) -> str:
    """Write the state as a position in notation."""
    per_slot: list[list[str]] = [[] for _ in range(SLOTS)]
    wolves: list[str] = []
    for k, slot in enumerate(state.pos):
        colour = COLOURS[k // 3]
        if slot == rules.WOLVES:
            wolves.append(colour)
        elif slot != rules.EARTH:
            per_slot[slot].append(colour)
    board = "/".join(state.tiles[s] + "".join(per_slot[s]) for s in reversed(range(SLOTS)))
    return " ".join(
        [
            board,
            "".join(COLOURS[c] for c in state.earth) or "-",
            "".join(wolves) or "-",
            str(state.round),
            _colour_or_dash(state.first),
            PHASE_NAMES[state.phase],
            _colour_or_dash(state.actor),
            STEP_NAMES[state.step],
            "".join(map(str, state.dice)) or "-",
            "".join(COLOURS[c] for c in state.warps) or "-",
            str(state.cutoff),
        ]
    )


def parse_position(game: SpacewolvesGame, text: str) -> SpacewolvesState:
    """Read a position in notation into a fresh state; InvalidStateError names the field that is wrong."""
    if not isinstance(text, str):
        raise InvalidStateError("a position must be text")
    parts = text.split()
    if len(parts) != len(FIELDS):
        raise InvalidStateError(f"a position has {len(FIELDS)} fields ({' '.join(FIELDS)}); this one has {len(parts)}")
    fields = dict(zip(FIELDS, parts, strict=True))
    players = game.options.players
    state = SpacewolvesState(game, empty=True)
    tiles, pos = _parse_board(fields["board"], players)
    state.tiles = tiles
    state.earth = _parse_colours("earth", fields["earth"], players)
    if len(state.earth) > len(rules.EARTH_SLOT_VALUES):
        raise InvalidStateError("earth: more arrivals than Earth has numbers")
    for colour in state.earth:
        pos[colour].append(rules.EARTH)
    for colour in _parse_colours("wolves", fields["wolves"], players):
        pos[colour].append(rules.WOLVES)
    for colour, slots in enumerate(pos):
        if len(slots) != 3:
            raise InvalidStateError(
                f"board/earth/wolves: {COLOUR_NAMES[colour]} has {len(slots)} spacemen, every player has 3"
            )
    state.pos = [slot for slots in pos for slot in slots]
    state.crowd = [0] * SLOTS
    for slot in state.pos:
        if 0 <= slot < SLOTS:
            state.crowd[slot] += 1
    state.on_board = sum(state.crowd)
    state.asteroid = tiles.index(rules.ASTEROID_FIELD)
    state.warp = tiles.index(rules.TANDEM_WARP)
    state.station = tiles.index(rules.SPACE_STATION)
    state.round = _parse_int("round", fields["round"], 1)
    if state.round > state.max_rounds:
        raise InvalidStateError(f"round: {state.round} is past this game's max_rounds ({state.max_rounds})")
    state.first = _parse_seat("first", fields["first"], players)
    state.phase = _parse_name("phase", fields["phase"], PHASE_NAMES)
    state.actor = _parse_seat("actor", fields["actor"], players)
    state.step = _parse_name("step", fields["step"], STEP_NAMES)
    state.dice = _parse_dice(fields["dice"])
    state.warps = _parse_colours("warps", fields["warps"], players)
    state.cutoff = _parse_int("cutoff", fields["cutoff"], 0)
    state.turn = (state.actor - state.first) % players if state.actor >= 0 and state.first >= 0 else 0
    _check_consistent(state)
    state.rolling = state.pending_roll()
    state._legal_cache = state._generate() if state.step not in (ROLL, END) and state.phase != OVER else None
    if state._legal_cache == []:
        # Play skips a decision without options, so such a position is unreachable and would leave no one to act.
        raise InvalidStateError(f"step: {STEP_NAMES[state.step]!r} offers no legal action in this position")
    return state


def _parse_board(text: str, players: int) -> tuple[list[str], list[list[int]]]:
    cells = text.split("/")
    if len(cells) != SLOTS:
        raise InvalidStateError(f"board: {SLOTS} tiles separated by '/' are needed, found {len(cells)}")
    tiles: list[str] = []
    pos: list[list[int]] = [[] for _ in range(players)]
    for index, cell in enumerate(cells):
        slot = SLOTS - 1 - index
        match = _TILE.fullmatch(cell)
        if match is None:
            raise InvalidStateError(
                f"board: tile {index + 1} from Earth {cell!r} is not a label (1-6, A, W, S) and colour letters"
            )
        tiles.append(match.group(1))
        for letter in match.group(2):
            colour = COLOURS.index(letter)
            if colour >= players:
                raise InvalidStateError(f"board: no {COLOUR_NAMES[colour]} player in a {players}-player game")
            pos[colour].append(slot)
    tiles.reverse()
    expected = sorted(rules.START_TILES)
    if sorted(tiles) != expected:
        raise InvalidStateError(
            "board: the tiles must be two of each number 1-6 and one each of A, W and S, "
            f"found {''.join(reversed(tiles))}"
        )
    return tiles, pos


def _parse_colours(field: str, text: str, players: int) -> list[int]:
    if text == "-":
        return []
    seats = []
    for letter in text:
        if letter not in COLOURS[:players]:
            raise InvalidStateError(f"{field}: {letter!r} is not a colour of this game ({COLOURS[:players]})")
        seats.append(COLOURS.index(letter))
    return seats


def _parse_seat(field: str, text: str, players: int) -> int:
    if text == "-":
        return -1
    seats = _parse_colours(field, text, players)
    if len(seats) != 1:
        raise InvalidStateError(f"{field}: one colour letter or '-' expected, found {text!r}")
    return seats[0]


def _parse_int(field: str, text: str, minimum: int) -> int:
    if not text.isdigit() or int(text) < minimum:
        raise InvalidStateError(f"{field}: a whole number of at least {minimum} expected, found {text!r}")
    return int(text)


def _parse_name(field: str, text: str, names: tuple[str, ...]) -> int:
    if text not in names:
        raise InvalidStateError(f"{field}: {text!r} is not one of {', '.join(names)}")
    return names.index(text)


def _parse_dice(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    if not re.fullmatch(r"[1-6]{1,3}", text) or list(text) != sorted(text):
        raise InvalidStateError(f"dice: 1 to 3 digits from 1 to 6 in ascending order expected, found {text!r}")
    return tuple(int(d) for d in text)


def _check_consistent(state: SpacewolvesState) -> None:
    """Reject positions whose phase, step, actor and dice do not fit together."""
    phase, step = state.phase, state.step
    problems = []
    if phase == SETUP and (step != ROLL or state.first != -1 or state.actor != -1):
        problems.append("setup: only 'setup - roll' before the roll for first player, with first '-'")
    if phase in (SPACEMAN, CONTROL, WOLF):
        if state.first < 0 or state.actor < 0:
            problems.append("phase: a running phase needs a first player and an actor")
        elif step == ROLL and not state.dice_count(state.actor):
            problems.append(f"actor: {COLOUR_NAMES[state.actor]} has no dice in the {PHASE_NAMES[phase]} phase")
    if phase == OVER and state.on_board and state.round < state.max_rounds:
        problems.append("phase: 'over' needs no spacemen on the moving tiles, or the last round played")
    allowed_steps = {
        SETUP: {ROLL},
        SPACEMAN: {ROLL, OWN, OTHER, DOUBLES, OWN_WARP, WARP},
        CONTROL: {ROLL, MOVE, WARP},
        WOLF: {ROLL, MOVE, WARP},
        OVER: {END},
    }
    if step not in allowed_steps[phase]:
        problems.append(f"step: {STEP_NAMES[step]!r} does not occur in the {PHASE_NAMES[phase]} phase")
    needs_dice = {OWN: 2, OTHER: 1, DOUBLES: 2, OWN_WARP: 1, MOVE: 1}
    if step in needs_dice and not state.dice:
        problems.append(f"dice: step {STEP_NAMES[step]!r} needs dice")
    if step == DOUBLES and (len(state.dice) != 2 or state.dice[0] != state.dice[1]):
        problems.append("dice: the doubles step needs two equal dice")
    if step == OWN and (len(state.dice) != 2 or state.dice[0] == state.dice[1]):
        problems.append("dice: the own step needs two different dice")
    if step == WARP and not state.warps:
        problems.append("warps: the warp step needs a colour waiting on the Tandem Warp")
    if state.warps and step not in (OTHER, WARP):
        problems.append(
            f"warps: colours wait on the Tandem Warp only at the other and warp steps, not {STEP_NAMES[step]!r}"
        )
    for colour in sorted(set(state.warps)):
        if state.warps.count(colour) > state.pos[3 * colour : 3 * colour + 3].count(state.warp):
            problems.append(f"warps: {COLOUR_NAMES[colour]} waits more often than it has spacemen on the Tandem Warp")
    if step in (ROLL, END) and state.dice:
        problems.append(f"dice: '-' at the {STEP_NAMES[step]!r} step, where no die is usable")
    if phase == OVER and state.actor >= 0:
        problems.append("actor: '-' once the game is over")
    if phase != CONTROL and state.cutoff:
        problems.append("cutoff: only the control phase has a cutoff")
    if state.cutoff > len(state.earth):
        problems.append("cutoff: more than the arrivals on Earth")
    if problems:
        raise InvalidStateError("; ".join(problems))


def _colour_or_dash(seat: int) -> str:
    return COLOURS[seat] if seat >= 0 else "-"


def observe(state: SpacewolvesState, player: int | None) -> dict[str, Any]:
    """Everything about the position, as JSON-ready data (Spacewolves! has no secrets: every seat sees all)."""
    names = COLOUR_NAMES[: state.players]
    per_slot: list[dict[str, int]] = [{} for _ in range(SLOTS)]
    wolves = dict.fromkeys(names, 0)
    for k, slot in enumerate(state.pos):
        name = names[k // 3]
        if slot == rules.WOLVES:
            wolves[name] += 1
        elif slot != rules.EARTH:
            per_slot[slot][name] = per_slot[slot].get(name, 0) + 1
    current = state.current_player()
    return {
        "game": "spacewolves",
        "you": player,
        "players": list(names),
        "position": format_position(state),
        "round": state.round,
        "max_rounds": state.max_rounds,
        "phase": PHASE_NAMES[state.phase],
        "step": STEP_NAMES[state.step],
        "first": names[state.first] if state.first >= 0 else None,
        "actor": names[state.actor] if state.actor >= 0 else None,
        "to_act": current,
        "dice": list(state.dice),
        "warps": [names[c] for c in state.warps],
        "tiles": [
            {
                "position": slot + 1,
                "tile": state.tiles[slot],
                "pieces": per_slot[slot],
                "safe": state.is_safe(slot),
            }
            for slot in reversed(range(SLOTS))
        ],
        "earth": [{"value": rules.EARTH_SLOT_VALUES[i], "colour": names[c]} for i, c in enumerate(state.earth)],
        "wolves": wolves,
        "scores": dict(zip(names, state.scores(), strict=True)),
        "returns": state.returns() if state.phase == OVER else None,
    }
