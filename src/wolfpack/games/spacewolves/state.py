"""The Spacewolves! state: the board, whose turn it is, and the step machine of a round.

A round is the Spaceman Phase, then Mission Control (once anyone reached Earth), then the Spacewolf! Phase (once
anyone was taken), then the Space Shift. Each seat's turn in a phase is a chance node (its roll) followed by its
decisions. A decision with no legal option is skipped, so every decision node offers at least one action.
"""

from __future__ import annotations

from collections.abc import Sequence
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


# Kinds of move generation, combined with |: which directions, and which protections apply.
MOVE_FORWARD: Final = 1
MOVE_BACKWARD: Final = 2
GUARD_STATION: Final = 4
"""Opponents' spacemen on the Space Station cannot be moved."""
GUARD_CROWD: Final = 8
"""Spacemen safe in numbers cannot be moved."""

SAFETY_THRESHOLD: Final = {n: rules.safety_threshold(n) for n in (3, 4)}
"""SAFETY_THRESHOLD[players]: spacemen on one tile that make them safe in numbers, looked up per move generation."""


def _moves_of(directions: int, asteroid: int, colour: int, slot: int, die: int) -> tuple[Action, ...]:
    """The moves of `colour`'s spaceman on `slot` by `die` in `directions`, with the Asteroid Field on `asteroid`."""
    code = ((colour * SLOTS + slot) * 6 + die - 1) * 2
    forward = (MOVES[code],) if directions & MOVE_FORWARD else ()
    backward = (MOVES[code + 1],) if directions & MOVE_BACKWARD and BACKWARD[asteroid][slot][die] >= 0 else ()
    return forward + backward


MOVES_BY: Final = {
    directions: tuple(
        tuple(
            tuple(_moves_of(directions, asteroid, colour, slot, die) if die else () for die in range(7))
            for colour in range(4)
            for slot in range(SLOTS)
        )
        for asteroid in range(SLOTS)
    )
    for directions in (MOVE_FORWARD, MOVE_BACKWARD, MOVE_FORWARD | MOVE_BACKWARD)
}
"""MOVES_BY[directions][asteroid][colour * SLOTS + slot][die]: that spaceman's moves by that die, made once at import
(move generation is most of a random playout's time)."""

MOVE_TARGETS: Final = tuple(
    tuple((BACKWARD if backward else FORWARD)[asteroid][slot][die] for _, slot, die, backward in MOVE_PARTS)
    for asteroid in range(SLOTS)
)
"""MOVE_TARGETS[asteroid][move]: where the move takes its spaceman, with the Asteroid Field on `asteroid`."""
DISTINCT_DICE: Final = {code: tuple(sorted(set(dice))) for code, dice in ROLL_DICE.items()}
"""DISTINCT_DICE[roll]: the different faces of a roll, ascending (a move may use any die, so equal ones are one)."""
ALONE: Final = tuple((seat,) for seat in range(4))
"""ALONE[seat]: the seat's own colour, as the colours `_moves` takes."""
OTHERS: Final = {n: tuple(tuple(c for c in range(n) if c != seat) for seat in range(n)) for n in (3, 4)}
"""OTHERS[players][seat]: the opponents of `seat`, in seat order."""


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
        """Whether a roll is pending."""
        return self.step == ROLL and self.phase != OVER

    def is_simultaneous_node(self) -> bool:
        """Never: every decision of Spacewolves! is one seat's."""
        return False

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """The engine's `chance_outcomes`, read straight off the phase (random playouts ask it at every roll)."""
        if self.step != ROLL:
            return ()
        if self.phase == OVER:
            return ()
        key = self.rolling
        return FIRST_OUTCOMES[-key] if key < 0 else ROLL_OUTCOMES[key]

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
                        self._settle()
                    else:
                        self._apply_action(action)
                    self._history.append(action)
                    return
            elif self.step == ROLL and self.phase != OVER and action in OUTCOME_SETS[self.rolling]:
                self._apply_roll(action)
                self._settle()
                self._history.append(action)
                return
        super().apply_action(action, player)

    def pending_roll(self) -> int:
        """Which chance event is pending, counted afresh: the number of dice, or -players for the first-player roll."""
        if self.phase == SETUP:
            return -self.players
        if self.phase == SPACEMAN:
            return 2
        return self.dice_count(self.actor)

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        key = self.rolling
        return FIRST_OUTCOMES[-key] if key < 0 else ROLL_OUTCOMES[key]

    def _chance_actions(self) -> frozenset[Action]:
        return OUTCOME_SETS[self.rolling]

    def _legal_actions(self, player: int) -> list[Action]:
        legal = self._legal_cache
        return legal if legal is not None else self._generate()

    def _apply_action(self, action: Action) -> None:
        step = self.step
        if step == ROLL:
            self._apply_roll(action)
        elif step == DOUBLES:
            if action is SWAP:
                self._swap_tiles(self.dice[0])
            self.step = END
        elif step in (OWN_WARP, WARP):
            warper = self.actor if step == OWN_WARP else self.warps.pop(0)
            if action is not PASS:
                self._tandem_warp(warper, action)
            self.step = OTHER if step == OWN_WARP else END
        else:
            self._apply_move(action)
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
            on_board = 0 <= pos[first] < SLOTS or 0 <= pos[first + 1] < SLOTS or 0 <= pos[first + 2] < SLOTS
            return 2 if on_board else 0
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
        if step == OWN:
            return self._moves(ALONE[actor], MOVE_FORWARD | MOVE_BACKWARD)
        if step == OTHER:
            return self._moves(OTHERS[self.players][actor], MOVE_FORWARD | MOVE_BACKWARD | GUARD_STATION)
        if step == MOVE:
            others = OTHERS[self.players][actor]
            if self.phase == CONTROL:
                return self._moves(others, MOVE_FORWARD) or self._moves((actor,), MOVE_FORWARD)
            return self._moves(others, MOVE_BACKWARD | GUARD_STATION | GUARD_CROWD) or self._moves(
                (actor,), MOVE_BACKWARD | GUARD_CROWD
            )
        if step == DOUBLES:
            return [PASS, SWAP]
        if step == OWN_WARP:
            return self._warp_options(actor)
        if step == WARP:
            return self._warp_options(self.warps[0])
        return []

    def _moves(self, colours: Sequence[int], kind: int) -> list[Action]:
        """Every move of a spaceman of `colours` by one of the dice, of the directions and protections in `kind`."""
        out: list[Action] = []
        pos = self.pos
        dice = self.dice
        moves_from = MOVES_BY[kind & (MOVE_FORWARD | MOVE_BACKWARD)][self.asteroid]
        station = self.station if kind & GUARD_STATION else -1
        guard_crowd = kind & GUARD_CROWD
        if guard_crowd:
            crowd = self.crowd
            threshold = SAFETY_THRESHOLD[self.players]
            asteroid = self.asteroid
        # Unrolled over a colour's three spacemen, read by index: this runs at nearly every step of a playout, and a
        # loop or a slice of pos costs a tenth of the step. Spacemen of one colour on one tile are alike, so each
        # tile is moved from once.
        for colour in colours:
            first = 3 * colour
            row = first * 5  # colour * SLOTS
            a = pos[first]
            if 0 <= a < SLOTS and a != station and (not guard_crowd or crowd[a] < threshold or a == asteroid):
                by_die = moves_from[row + a]
                for die in dice:
                    out += by_die[die]
            b = pos[first + 1]
            if (
                0 <= b < SLOTS
                and b != a
                and b != station
                and (not guard_crowd or crowd[b] < threshold or b == asteroid)
            ):
                by_die = moves_from[row + b]
                for die in dice:
                    out += by_die[die]
            c = pos[first + 2]
            if (
                0 <= c < SLOTS
                and c != a
                and c != b
                and c != station
                and (not guard_crowd or crowd[c] < threshold or c == asteroid)
            ):
                by_die = moves_from[row + c]
                for die in dice:
                    out += by_die[die]
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
        if self.phase == SETUP:
            self.first = action - FIRST_BASE
            self._begin_phase(SPACEMAN)
            return
        dice = ROLL_DICE[action]
        self.dice = dice
        if self.phase != SPACEMAN:
            self.dice = DISTINCT_DICE[action]
            self.step = MOVE
        elif dice[0] == dice[1]:
            self.step = DOUBLES
        else:
            self.step = OWN

    def _apply_move(self, action: Action) -> None:
        colour, slot, die, _ = MOVE_PARTS[action]
        target = MOVE_TARGETS[self.asteroid][action]
        self._move_piece(colour, slot, target)
        if self.step == OWN:
            low, high = self.dice  # two different dice: doubles never reach this step
            self.dice = (high,) if die == low else (low,)
            self.step = OTHER
            if target == self.warp and colour == self.actor:
                self.step = OWN_WARP
                return
        else:
            self.step = END
            # The move used the turn's last die; waiting Tandem Warps use none, so no die stays usable.
            self.dice = ()
        if target == self.warp:
            self.warps.append(colour)

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
        for k, slot in enumerate(pos):
            if 0 <= slot < SLOTS:
                pos[k] = slot - 1
                if slot == 0:
                    self.on_board -= 1
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
                # The Spaceman Phase's two moves are _generate's first cases, inline: most decisions are these.
                if step == OWN:
                    legal = self._moves(ALONE[self.actor], MOVE_FORWARD | MOVE_BACKWARD)
                elif step == OTHER:
                    legal = self._moves(OTHERS[self.players][self.actor], MOVE_FORWARD | MOVE_BACKWARD | GUARD_STATION)
                else:
                    legal = self._generate()
                if legal:
                    self._legal_cache = legal
                    return
                if step in (OWN, OWN_WARP):
                    self.step = OTHER
                    continue
                if step == WARP:
                    self.warps.pop(0)
            if self.warps:
                self.step = WARP
            else:
                self._next_seat()

    def _finish(self) -> None:
        """The game is over: no phase, turn, dice or warps remain."""
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
        while True:
            self.turn += 1
            if self.turn >= self.players:
                self._end_phase()
                return
            seat = (self.first + self.turn) % self.players
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
