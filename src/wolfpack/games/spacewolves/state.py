"""The Spacewolves! state: the board, whose turn it is, and the step machine of a round.

A round is the Spaceman Phase, then Mission Control (once anyone reached Earth), then the Spacewolf! Phase (once
anyone was taken), then the Space Shift. Each seat's turn in a phase is a chance node (its roll) followed by its
decisions. A decision with no legal option is skipped, so every decision node offers at least one action.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.constants import CHANCE, TERMINAL
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import State
from wolfpack.games.spacewolves import rules
from wolfpack.games.spacewolves.actions import (
    BY_CODE,
    FIRST_BASE,
    FIRST_OUTCOMES,
    MOVE_CODES,
    MOVE_PARTS,
    MOVES,
    OUTCOME_SETS,
    PASS,
    ROLL_DICE,
    ROLL_OUTCOMES,
    SLOTS,
    SWAP,
    WARP_ALONE,
    WARP_WITH,
    WARP_WITH_BASE,
    Action,
    is_warp_with,
    parse,
)
from wolfpack.games.spacewolves.rules import BACKWARD, EARTH, FORWARD, WARP_DISTANCE, WOLVES

if TYPE_CHECKING:
    from wolfpack.games.spacewolves.game import SpacewolvesGame

# Phases of a round (plus the roll for first player and the end).
SETUP: Final = 0
SPACEMAN: Final = 1
CONTROL: Final = 2
WOLF: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("setup", "spaceman", "control", "wolf", "over")

# Steps of a seat's turn.
ROLL: Final = 0
"""Chance: the actor's dice (or, in setup, the roll for first player)."""
OWN: Final = 1
"""Spaceman Phase: move one of your own spacemen with either die."""
OTHER: Final = 2
"""Spaceman Phase: move an opponent's spaceman with the die that is left."""
DOUBLES: Final = 3
"""Spaceman Phase with doubles: swap the two tiles of that number, or pass."""
OWN_WARP: Final = 4
"""The actor's own spaceman landed on the Tandem Warp: decide now, before the other die."""
WARP: Final = 5
"""After the actor's move: the owner of the first queued spaceman on the Tandem Warp decides."""
MOVE: Final = 6
"""Mission Control or Spacewolf! Phase: move a spaceman with one of the dice."""
END: Final = 7
"""Transient: the actor's move is over."""
STEP_NAMES: Final = ("roll", "own", "other", "doubles", "ownwarp", "warp", "move", "end")


# Directions of move generation, combined with |.
MOVE_FORWARD: Final = 1
MOVE_BACKWARD: Final = 2

OUTCOMES: Final = {**ROLL_OUTCOMES, **{-n: outcomes for n, outcomes in FIRST_OUTCOMES.items()}}
"""OUTCOMES[rolling]: the outcomes of a roll of that many dice, or of the roll for first player among -rolling."""
ON_TILES: Final = (True,) * SLOTS + (False,)
"""ON_TILES[slot]: whether a spaceman there is on the moving tiles (EARTH, one past the last, and WOLVES, -1, read
the last entry): an index instead of two comparisons."""
SHIFTED: Final = (*(rules.shifted(slot) for slot in range(SLOTS + 1)), WOLVES)
"""SHIFTED[slot]: where a spaceman on `slot` is after the Space Shift (WOLVES, -1, reads the last entry)."""

SAFETY_THRESHOLD: Final = {n: rules.safety_threshold(n) for n in (3, 4)}
"""SAFETY_THRESHOLD[players]: spacemen on one tile that make them safe in numbers, looked up per move generation."""
UNGUARDED: Final = SLOTS
"""The `guarded` tile of MOVE_TABLE when no tile is guarded (the Space Station guards opponents' spacemen)."""

THREE_DICE: Final = 0
"""The DICE_KEY of three different dice, which a row of MOVE_TABLE does not hold (their moves are looked up twice)."""
DICE_KEY: Final[dict[tuple[int, ...], int]] = {
    **{(die,): die for die in range(1, 7)},
    **{(low, high): low * 7 + high for low in range(1, 7) for high in range(low + 1, 7)},
    **{dice: THREE_DICE for dice in combinations(range(1, 7), 3)},
}
"""DICE_KEY[dice]: where the moves by one die, or by either of two different dice, are in a row of MOVE_TABLE."""
_PAIRS: Final = tuple((key, *dice) for dice, key in DICE_KEY.items() if len(dice) == 2)


@cache
def _row(directions: int, colour: int, slot: int, backward: tuple[bool, ...]) -> tuple[tuple[Action, ...], ...]:
    """A spaceman's moves by every DICE_KEY (by one die, or by either of two different dice, the lower's first), with
    `backward[die]` saying whether a backward move by that die stays on the board. Cached: rows repeat."""
    row: list[tuple[Action, ...]] = [()] * 49
    for die in range(1, 7):
        code = ((colour * SLOTS + slot) * 6 + die - 1) * 2
        forward = (MOVES[code],) if directions & MOVE_FORWARD else ()
        row[die] = forward + ((MOVES[code + 1],) if directions & MOVE_BACKWARD and backward[die] else ())
    for key, low, high in _PAIRS:
        row[key] = row[low] + row[high]
    return tuple(row)


_NO_MOVES: Final = ((),) * 49


def _table(directions: int, asteroid: int) -> tuple[tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...], ...]:
    """MOVE_TABLE[directions][asteroid]: see there."""
    stays = [tuple(target >= 0 for target in BACKWARD[asteroid][slot]) for slot in range(SLOTS)]
    by_colour = [
        [*(_row(directions, colour, slot, stays[slot]) for slot in range(SLOTS)), _NO_MOVES] for colour in range(4)
    ]
    tables = []
    for guarded in range(UNGUARDED + 1):
        colours = []
        for by_slot in by_colour:
            row = by_slot.copy()
            row[guarded] = _NO_MOVES
            colours.append(tuple(row))
        tables.append(tuple(colours[spaceman // 3] for spaceman in range(12)))
    return tuple(tables)


MOVE_TABLE: Final = {
    directions: tuple(_table(directions, asteroid) for asteroid in range(SLOTS))
    for directions in (MOVE_FORWARD, MOVE_BACKWARD, MOVE_FORWARD | MOVE_BACKWARD)
}
"""MOVE_TABLE[directions][asteroid][guarded][spaceman][slot][DICE_KEY[dice]]: the moves in `directions` of the
spaceman (its index in `pos`: three a colour) on `slot` by those dice, with the Asteroid Field on `asteroid`; none
from the `guarded` tile (UNGUARDED: none). Both off-board slots, EARTH (one past the last) and WOLVES (-1), read the
last entry, which has no moves, so spacemen off the moving tiles need no test. Made once at import: move generation
is most of a random playout."""

MOVE_INFO: Final = tuple(
    (
        colour,
        3 * colour,
        slot,
        die,
        tuple((BACKWARD if backward else FORWARD)[asteroid][slot][die] for asteroid in range(SLOTS)),
    )
    for colour, slot, die, backward in MOVE_PARTS
)
"""MOVE_INFO[move]: its colour, where the colour's spacemen start in `pos`, the slot and die, and where the move takes
its spaceman by where the Asteroid Field is (one lookup by the action, an int subclass, which Python indexes more
slowly than a plain int)."""
ROLLED: Final = {BY_CODE[code]: dice for code, dice in ROLL_DICE.items()}
"""ROLLED[roll]: ROLL_DICE keyed by the roll's own `Action`, which a lookup finds by identity, not by comparing."""
DISTINCT_DICE: Final = {BY_CODE[code]: tuple(sorted(set(dice))) for code, dice in ROLL_DICE.items()}
"""DISTINCT_DICE[roll]: the different faces of a roll, ascending (a move may use any die, so equal ones are one)."""
ALONE_FIRSTS: Final = tuple((3 * seat,) for seat in range(4))
"""ALONE_FIRSTS[seat]: where the seat's spacemen start in `pos`, as `_moves` takes them."""
ONE_DIE: Final = tuple((die,) for die in range(7))
"""ONE_DIE[die]: the dice tuple of that one die, made once."""
OTHERS: Final = {n: tuple(tuple(c for c in range(n) if c != seat) for seat in range(n)) for n in (3, 4)}
"""OTHERS[players][seat]: the opponents of `seat`, in seat order."""
OTHER_FIRSTS: Final = {n: tuple(tuple(3 * c for c in others) for others in OTHERS[n]) for n in (3, 4)}
"""OTHER_FIRSTS[players][seat]: where each opponent's spacemen start in `pos`, in seat order."""


class SpacewolvesState(State[Action]):
    """A Spacewolves! position: tiles, spacemen, Earth, phase, step, dice and queued Tandem Warps."""

    __slots__ = (
        "actor",
        "asteroid",
        "crowd",
        "cutoff",
        "dice",
        "earth",
        "first",
        "max_rounds",
        "on_board",
        "phase",
        "players",
        "pos",
        "rolling",
        "round",
        "station",
        "step",
        "tiles",
        "turn",
        "warp",
        "warps",
    )

    game: SpacewolvesGame

    def __init__(self, game: SpacewolvesGame, *, empty: bool = False) -> None:
        super().__init__(game)
        self.players: int = game.options.players
        self.max_rounds: int = game.options.max_rounds
        if empty:
            return
        self.tiles: list[str] = list(reversed(rules.START_TILES))
        station = self.tiles.index(rules.SPACE_STATION)
        self.pos: list[int] = [station] * (3 * self.players)
        """Slot of every spaceman, three per seat in seat order; EARTH or WOLVES once off the moving tiles."""
        self.crowd: list[int] = [0] * SLOTS
        self.crowd[station] = 3 * self.players
        self.earth: list[int] = []
        """Seat of each arrival on Earth, in order (the first took 12)."""
        self.asteroid = self.tiles.index(rules.ASTEROID_FIELD)
        self.warp = self.tiles.index(rules.TANDEM_WARP)
        self.station = station
        self.on_board = 3 * self.players
        self.phase = SETUP
        self.step = ROLL
        self.turn = 0
        self.actor = -1
        self.first = -1
        self.round = 1
        self.dice: tuple[int, ...] = ()
        """The dice still usable this turn, ascending."""
        self.rolling: int = -self.players
        """The pending roll's number of dice, or -players for the roll for first player (kept, not recounted:
        playouts ask it twice a roll)."""
        self.warps: list[int] = []
        """Seats whose spaceman landed on the Tandem Warp by another's move, waiting for that move to end."""
        self.cutoff = 0
        """Earth arrivals that roll in this Mission Control Phase (later ones wait a round)."""

    # ---- engine hooks ------------------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, CHANCE for a roll, or TERMINAL."""
        step = self.step
        if self.phase == OVER:
            return TERMINAL
        if step == ROLL:
            return CHANCE
        if step == WARP:
            return self.warps[0]
        return self.actor

    def is_terminal(self) -> bool:
        """Whether the game is over (read straight off the phase: random playouts ask this every step)."""
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        """Whether a roll is pending (never once the game is over, whose step is END)."""
        return self.step == ROLL

    def is_simultaneous_node(self) -> bool:
        """Never: every decision of Spacewolves! is one seat's."""
        return False

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """The engine's `chance_outcomes`, read straight off the phase (random playouts ask it at every roll)."""
        return OUTCOMES[self.rolling] if self.step == ROLL else ()

    def apply_action(self, action: Action | object, player: int | None = None) -> None:
        """The engine's `apply_action`, with one shortcut for what every playout does: an `Action` for the seat to
        act found in its primed legal set, or among the pending roll's outcomes. Anything else is checked as usual."""
        if player is None and type(action) is Action:
            cache = self._legal_cache
            if cache is not None:
                if action in cache:
                    self._legal_cache = None
                    if action < MOVE_CODES:
                        self._apply_move(action)
                    else:
                        self._apply_action(action)
                    self._history.append(action)
                    return
            elif self.step == ROLL and action in OUTCOME_SETS[self.rolling]:
                self._apply_roll(action)
                self._history.append(action)
                return
        State.apply_action(self, action, player)  # not super(): its cell would cost every call

    def pending_roll(self) -> int:
        """Which chance event is pending, counted afresh: the number of dice, or -players for the first-player roll."""
        if self.phase == SETUP:
            return -self.players
        if self.phase == SPACEMAN:
            return 2
        return self.dice_count(self.actor)

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return OUTCOMES[self.rolling]

    def _chance_actions(self) -> frozenset[Action]:
        return OUTCOME_SETS[self.rolling]

    def _legal_actions(self, player: int) -> list[Action]:
        legal = self._legal_cache
        return legal if legal is not None else self._generate()

    def _apply_action(self, action: Action) -> None:
        step = self.step
        if step == ROLL:
            self._apply_roll(action)
            return
        if action < MOVE_CODES:
            self._apply_move(action)
            return
        if step == DOUBLES:
            if action is SWAP:
                self._swap_tiles(self.dice[0])
            self.step = END
        elif step in (OWN_WARP, WARP):
            warper = self.actor if step == OWN_WARP else self.warps.pop(0)
            if action is not PASS:
                self._tandem_warp(warper, action)
            self.step = OTHER if step == OWN_WARP else END
        self._settle()

    def _returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.players
        return rules.shared_win_returns(self.scores())

    def _observation(self, player: int | None) -> dict[str, Any]:
        from wolfpack.games.spacewolves.notation import observe

        return observe(self, player)

    def _coerce_action(self, action: object) -> Action:
        if type(action) is Action:
            return action
        if isinstance(action, int) and not isinstance(action, bool) and action in BY_CODE:
            return BY_CODE[action]
        if isinstance(action, str):
            raise InvalidActionError(f"{action!r} is text: read notation with parse_action first")
        raise InvalidActionError(f"{action!r} is not a Spacewolves! action")

    def _action_to_string(self, action: Action) -> str:
        return str(action)

    def _parse_action(self, text: str) -> Action:
        return parse(text)

    def _describe(self, action: Action, actor: int, viewer: int | None) -> str:
        from wolfpack.games.spacewolves.words import describe

        return describe(self, action)

    def _story_facts(self) -> Any:
        from wolfpack.games.spacewolves.words import story_facts

        return story_facts(self)

    def _story(self, before: Any) -> str:
        from wolfpack.games.spacewolves.words import story

        return story(self, before)

    def _why_illegal(self, action: Action, player: int) -> tuple[str, str]:
        from wolfpack.games.spacewolves.explain import why_illegal

        return why_illegal(self, action)

    def _copy(self) -> SpacewolvesState:
        other = SpacewolvesState(self.game, empty=True)
        other.tiles = self.tiles[:]
        other.pos = self.pos[:]
        other.crowd = self.crowd[:]
        other.earth = self.earth[:]
        other.warps = self.warps[:]
        other.asteroid = self.asteroid
        other.warp = self.warp
        other.station = self.station
        other.on_board = self.on_board
        other.phase = self.phase
        other.step = self.step
        other.turn = self.turn
        other.actor = self.actor
        other.first = self.first
        other.round = self.round
        other.dice = self.dice
        other.cutoff = self.cutoff
        other.rolling = self.rolling
        return other

    def _to_dict(self) -> dict[str, Any]:
        from wolfpack.games.spacewolves.notation import format_position

        return {"position": format_position(self)}

    # ---- queries -----------------------------------------------------------------------------------------

    def dice_count(self, seat: int) -> int:
        """How many dice `seat` rolls in the current phase (0: no turn)."""
        # Indexing, not slicing: this is asked for every seat of every phase, and a slice is a new list.
        phase = self.phase
        pos = self.pos
        first = 3 * seat
        if phase == SPACEMAN:
            return 2 if ON_TILES[pos[first]] or ON_TILES[pos[first + 1]] or ON_TILES[pos[first + 2]] else 0
        if phase == CONTROL:
            return self.earth[: self.cutoff].count(seat)
        if phase == WOLF:
            return (pos[first] == WOLVES) + (pos[first + 1] == WOLVES) + (pos[first + 2] == WOLVES)
        return 0

    def scores(self) -> list[int]:
        """Every seat's score so far: the Earth numbers under its spacemen."""
        return [rules.score(self.earth, seat) for seat in range(self.players)]

    def is_safe(self, slot: int) -> bool:
        """Whether Safety in Numbers holds on `slot` (never on the Asteroid Field)."""
        return self.crowd[slot] >= SAFETY_THRESHOLD[self.players] and slot != self.asteroid

    # ---- move generation ---------------------------------------------------------------------------------

    def _generate(self) -> list[Action]:
        """The legal actions of the current decision (empty when it must be skipped)."""
        step = self.step
        actor = self.actor
        dice = self.dice
        if step == OWN:
            return self._moves(ALONE_FIRSTS[actor], MOVE_FORWARD | MOVE_BACKWARD, UNGUARDED, dice)
        if step == OTHER:
            return self._moves(OTHER_FIRSTS[self.players][actor], MOVE_FORWARD | MOVE_BACKWARD, self.station, dice)
        if step == MOVE:
            return self._phase_moves()
        if step == DOUBLES:
            return [PASS, SWAP]
        if step == OWN_WARP:
            return self._warp_options(actor)
        if step == WARP:
            return self._warp_options(self.warps[0])
        return []

    def _phase_moves(self) -> list[Action]:
        """The moves of the Mission Control or Spacewolf! Phase: an opponent's spaceman if any can go, else one's own
        (the Space Station guards opponents' spacemen from the Spacewolves only)."""
        actor = self.actor
        dice = self.dice
        others = OTHER_FIRSTS[self.players][actor]
        if self.phase == CONTROL:
            return self._moves(others, MOVE_FORWARD, UNGUARDED, dice) or self._moves(
                ALONE_FIRSTS[actor], MOVE_FORWARD, UNGUARDED, dice
            )
        return self._moves(others, MOVE_BACKWARD, self.station, dice) or self._moves(
            ALONE_FIRSTS[actor], MOVE_BACKWARD, UNGUARDED, dice
        )

    def _moves(self, firsts: tuple[int, ...], directions: int, guarded: int, dice: tuple[int, ...]) -> list[Action]:
        """Every move in `directions` by one of `dice` of the spacemen from each of `firsts` in `pos` (a colour's
        three), none from the tile `guarded` (UNGUARDED: none) and, in the Spacewolf! Phase, none safe in numbers."""
        key = DICE_KEY[dice]
        if key == THREE_DICE:  # the lower two's moves, and the highest's
            out = self._moves(firsts, directions, guarded, dice[:2])
            out += self._moves(firsts, directions, guarded, dice[2:])
            out.sort()
            return out
        out = []
        pos = self.pos
        by_spaceman = MOVE_TABLE[directions][self.asteroid][guarded]
        # Unrolled over a colour's three spacemen, read by index, each tile moved from once (spacemen of one colour
        # on one tile are alike): this runs at nearly every step of a playout.
        if self.phase != WOLF:
            for first in firsts:
                by_slot = by_spaceman[first]
                a = pos[first]
                out += by_slot[a][key]
                b = pos[first + 1]
                if b != a:
                    out += by_slot[b][key]
                c = pos[first + 2]
                if c != a and c != b:
                    out += by_slot[c][key]
        else:
            # Safe in numbers (never on the Asteroid Field); `crowd` gets a last tile with nobody, for EARTH and WOLVES.
            crowd = [*self.crowd, 0]
            crowd[self.asteroid] = 0
            threshold = SAFETY_THRESHOLD[self.players]
            for first in firsts:
                by_slot = by_spaceman[first]
                a = pos[first]
                if crowd[a] < threshold:
                    out += by_slot[a][key]
                b = pos[first + 1]
                if b != a and crowd[b] < threshold:
                    out += by_slot[b][key]
                c = pos[first + 2]
                if c != a and c != b and crowd[c] < threshold:
                    out += by_slot[c][key]
        out.sort()
        return out

    def _warp_options(self, warper: int) -> list[Action]:
        """The Tandem Warp choices of `warper`'s spaceman on the warp tile (empty if it cannot warp)."""
        warp = self.warp
        pos = self.pos
        first = 3 * warper
        if pos[first] != warp and pos[first + 1] != warp and pos[first + 2] != warp:
            return []
        wolf_phase = self.phase == WOLF
        if wolf_phase and self.is_safe(warp):
            return []
        station = self.station
        partners: list[Action] = []
        for colour in OTHERS[self.players][warper]:
            first = 3 * colour
            # Spacemen of one colour on one tile are alike: each tile is offered once.
            for slot in {pos[first], pos[first + 1], pos[first + 2]}:
                if 0 <= slot < SLOTS and slot != station and not (wolf_phase and self.is_safe(slot)):
                    partners.append(WARP_WITH[colour * SLOTS + slot])
        partners.sort()
        return [PASS, *partners] if partners else [PASS, WARP_ALONE]

    # ---- applying actions --------------------------------------------------------------------------------

    def _apply_roll(self, action: Action) -> None:
        """Roll the dice and move on to the first decision that offers something."""
        phase = self.phase
        if phase == SPACEMAN:
            dice = self.dice = ROLLED[action]
            if dice[0] == dice[1]:
                self.step = DOUBLES
                self._legal_cache = [PASS, SWAP]
                return
            self.step = OWN
            # The first decision of most turns, primed here rather than found by _settle.
            legal = self._moves(ALONE_FIRSTS[self.actor], MOVE_FORWARD | MOVE_BACKWARD, UNGUARDED, dice)
            if legal:
                self._legal_cache = legal
                return
            self.step = OTHER  # nothing to move: skipped, as _settle would (without listing the moves again)
        elif phase == SETUP:
            self.first = action - FIRST_BASE
            self._begin_phase(SPACEMAN)
        else:
            self.dice = DISTINCT_DICE[action]
            self.step = MOVE
            legal = self._phase_moves()
            if legal:
                self._legal_cache = legal
                return
            self.step = END  # nothing to move: skipped, as _settle would (without listing the moves again)
        self._settle()

    def _apply_move(self, action: Action) -> None:
        """Move a spaceman by a die, then move on to the next decision that offers something."""
        colour, first, slot, die, targets = MOVE_INFO[action]
        target = targets[self.asteroid]
        # _move_piece, inline: a call costs about 700 instructions, a twenty-fifth of a step.
        pos = self.pos
        pos[pos.index(slot, first, first + 3)] = target
        crowd = self.crowd
        crowd[slot] -= 1
        if target == EARTH:
            self.earth.append(colour)
            self.on_board -= 1
        else:
            crowd[target] += 1
        warp = self.warp
        if slot == warp and colour in self.warps:
            self.warps.remove(colour)
        if self.step == OWN:
            low, high = self.dice  # two different dice: doubles never reach this step
            self.dice = ONE_DIE[high if die == low else low]
            if target == warp:
                if colour == self.actor:
                    self.step = OWN_WARP
                    self._settle()
                    return
                self.warps.append(colour)
            self.step = OTHER
            # The second decision of most turns, primed here rather than found by _settle.
            legal = self._moves(
                OTHER_FIRSTS[self.players][self.actor], MOVE_FORWARD | MOVE_BACKWARD, self.station, self.dice
            )
            if legal and self.on_board:
                self._legal_cache = legal
                return
            if not legal:
                self.step = END  # nothing to move: skipped, as _settle would (without listing the moves again)
        else:
            self.step = END
            # The move used the turn's last die; waiting Tandem Warps use none, so no die stays usable.
            self.dice = ()
            if target == warp:
                self.warps.append(colour)
            elif not self.warps and self.on_board:
                self._next_seat()  # what _settle does at the end of most turns
                return
        self._settle()

    def _move_piece(self, colour: int, slot: int, target: int, *, leaves_warp_queue: bool = True) -> None:
        """Move one of `colour`'s spacemen from `slot` to `target`, taking an Earth number if it arrives."""
        pos = self.pos
        k = pos.index(slot, 3 * colour, 3 * colour + 3)
        pos[k] = target
        self.crowd[slot] -= 1
        if target == EARTH:
            self.earth.append(colour)
            self.on_board -= 1
        else:
            self.crowd[target] += 1
        if leaves_warp_queue and slot == self.warp and colour in self.warps:
            # Spacemen of one colour on one tile are alike: the one that leaves takes its owed warp with it.
            self.warps.remove(colour)

    def _tandem_warp(self, warper: int, action: Action) -> None:
        """Take the warper and its partner (if any) two spaces ahead; a partner landing on the warp queues."""
        warp = self.warp
        forward = FORWARD[self.asteroid]
        self._move_piece(warper, warp, forward[warp][WARP_DISTANCE], leaves_warp_queue=False)
        if is_warp_with(action):
            colour, slot = divmod(action - WARP_WITH_BASE, SLOTS)
            target = forward[slot][WARP_DISTANCE]
            self._move_piece(colour, slot, target)
            if target == warp:
                self.warps.append(colour)

    def _swap_tiles(self, number: int) -> None:
        """Doubles: the two tiles of `number` change places, spacemen and all."""
        label = str(number)
        a = self.tiles.index(label)
        b = self.tiles.index(label, a + 1)
        tiles, crowd, pos = self.tiles, self.crowd, self.pos
        tiles[a], tiles[b] = tiles[b], tiles[a]
        crowd[a], crowd[b] = crowd[b], crowd[a]
        for k, slot in enumerate(pos):
            if slot == a:
                pos[k] = b
            elif slot == b:
                pos[k] = a

    def _space_shift(self) -> None:
        """The bottom tile goes to the top under Earth; its spacemen join the Spacewolves; the rest slide down."""
        pos = self.pos
        self.on_board -= pos.count(0)
        self.pos = [SHIFTED[slot] for slot in pos]
        self.tiles.append(self.tiles.pop(0))
        self.crowd.pop(0)
        self.crowd.append(0)
        self.asteroid = (self.asteroid - 1) % SLOTS
        self.warp = (self.warp - 1) % SLOTS
        self.station = (self.station - 1) % SLOTS

    # ---- the step machine --------------------------------------------------------------------------------

    def _settle(self) -> None:
        """Skip decisions that offer nothing and move on to the next turn, phase or round as needed."""
        while True:
            if self.on_board == 0:
                self._finish()
            step = self.step
            if step == ROLL or self.phase == OVER:
                return
            if step != END:
                legal = self._generate()
                if legal:
                    self._legal_cache = legal
                    return
                if step in (OWN, OWN_WARP):
                    self.step = OTHER
                    continue
                if step == WARP:
                    self.warps.pop(0)
            if not self.warps:
                self._next_seat()  # a roll is pending now, or the game is over
                return
            self.step = WARP

    def _finish(self) -> None:
        """The game is over: no phase, turn, dice or warps remain (and the step is END, never ROLL)."""
        self.phase = OVER
        self.step = END
        self.actor = -1
        self.dice = ()
        self.warps = []
        self.cutoff = 0

    def _begin_phase(self, phase: int) -> None:
        self.phase = phase
        self.turn = -1
        self.cutoff = len(self.earth) if phase == CONTROL else 0
        self._next_seat()

    def _next_seat(self) -> None:
        """Hand the phase to the next seat that rolls in it, or end the phase."""
        players = self.players
        pos = self.pos
        while True:
            turn = self.turn = self.turn + 1
            if turn >= players:
                self._end_phase()
                return
            seat = (self.first + turn) % players
            # dice_count, inline for the Spaceman and Spacewolf! Phases: most turns are these.
            phase = self.phase
            first = 3 * seat
            if phase == SPACEMAN:
                rolling = 2 if ON_TILES[pos[first]] or ON_TILES[pos[first + 1]] or ON_TILES[pos[first + 2]] else 0
            elif phase == WOLF:
                rolling = (pos[first] == WOLVES) + (pos[first + 1] == WOLVES) + (pos[first + 2] == WOLVES)
            else:
                rolling = self.dice_count(seat)
            if rolling:
                self.rolling = rolling
                self.actor = seat
                self.step = ROLL
                self.dice = ()
                return

    def _end_phase(self) -> None:
        phase = self.phase
        if phase == SPACEMAN and self.earth:
            self._begin_phase(CONTROL)
        elif phase != WOLF and WOLVES in self.pos:
            self._begin_phase(WOLF)
        else:
            self._space_shift()
            if self.on_board == 0 or self.round >= self.max_rounds:
                self._finish()
                return
            self.round += 1
            self._begin_phase(SPACEMAN)
