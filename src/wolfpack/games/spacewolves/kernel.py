"""The Spacewolves! rules compiled with Numba: one game's state as a small int64 row, played to the end in a loop.

This is a second implementation of the rules of state.py (same steps, same skips, same action codes), written for
speed: the batch engine (batch.py) runs `play_games` over thousands of rows, one game after another, on one thread per
core. Function names follow state.py's methods so the two can be read side by side; the hand-off tests
(tests/games/spacewolves/test_batch.py) hold them equal step by step.

A game's row (`ROW` int64 fields) keeps every field of the scalar state; `pos` holds three slots per seat in seat
order, with EARTH (15) and WOLVES (-1) for spacemen off the moving tiles, as in rules.py.
"""

# The kernels index plain int64 arrays, whose elements numpy's stubs type as Any; their typed callers are in batch.py.
# mypy: disable-error-code="no-any-return"

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from wolfpack.games.spacewolves.actions import (
    FIRST_BASE,
    PASS_CODE,
    ROLL_BASE,
    ROLL_BY_DICE,
    ROLL_DICE,
    SLOTS,
    SWAP_CODE,
    WARP_ALONE_CODE,
    WARP_WITH_BASE,
)
from wolfpack.games.spacewolves.bots import TIE, WIN, Weights
from wolfpack.games.spacewolves.rules import BACKWARD, EARTH, EARTH_SLOT_VALUES, FORWARD, START_TILES, WOLVES

# ---- the row's layout ------------------------------------------------------------------------------------------

POS: Final = 0
"""12 slots: three spacemen per seat."""
CROWD: Final = 12
"""15 counts: spacemen on each moving tile."""
TILES: Final = 27
"""15 tile labels: 1-6 as numbers, ASTEROID_TILE, WARP_TILE, STATION_TILE."""
EARTH_AT: Final = 42
"""12 seats: the arrivals on Earth in order."""
N_EARTH: Final = 54
WARPS: Final = 55
"""12 seats: the queue of waiting Tandem Warps (a seat queues at most once per spaceman on the warp)."""
N_WARPS: Final = 67
ASTEROID: Final = 68
WARP_SLOT: Final = 69
STATION: Final = 70
ON_BOARD: Final = 71
PHASE: Final = 72
STEP: Final = 73
TURN: Final = 74
ACTOR: Final = 75
FIRST: Final = 76
ROUND: Final = 77
DICE: Final = 78
"""3 dice still usable this turn, ascending."""
N_DICE: Final = 81
CUTOFF: Final = 82
PLAYERS: Final = 83
MAX_ROUNDS: Final = 84
ROW: Final = 85

ASTEROID_TILE: Final = 7
WARP_TILE: Final = 8
STATION_TILE: Final = 9
TILE_CODES: Final = {"A": ASTEROID_TILE, "W": WARP_TILE, "S": STATION_TILE, **{str(n): n for n in range(1, 7)}}
TILE_LABELS: Final = {code: label for label, code in TILE_CODES.items()}

# Phases and steps: the same numbers as state.py (checked there by the hand-off test through the notation).
SETUP, SPACEMAN, CONTROL, WOLF, OVER = 0, 1, 2, 3, 4
ROLL, OWN, OTHER, DOUBLES, OWN_WARP, WARP, MOVE, END = 0, 1, 2, 3, 4, 5, 6, 7
CHANCE_PLAYER: Final = -1
TERMINAL_PLAYER: Final = -4

MOVE_FORWARD, MOVE_BACKWARD, GUARD_STATION, GUARD_CROWD = 1, 2, 4, 8

RANDOM_BOT: Final = 0
HEURISTIC_BOT: Final = 1

MAX_LEGAL: Final = 64
"""More than any decision offers: 3 opponents x 3 tiles x 3 dice x 2 directions = 54 moves, or 10 warp options."""
MAX_DEPTH: Final = 32
"""Deeper than any chain of one seat's own decisions the heuristic's lookahead follows."""

FORWARD_TABLE: Final = np.array(FORWARD, dtype=np.int64)
BACKWARD_TABLE: Final = np.array(BACKWARD, dtype=np.int64)
EARTH_VALUES: Final = np.array(EARTH_SLOT_VALUES, dtype=np.int64)
_WEIGHTS = Weights()
REACH: Final = np.array(_WEIGHTS.reach, dtype=np.float64)
SAFETY_BONUS: Final = _WEIGHTS.safety
STATION_BONUS: Final = _WEIGHTS.station
LEADER: Final = _WEIGHTS.leader
REST: Final = 1.0 - _WEIGHTS.leader
"""Computed exactly as bots.evaluate computes it, so equal positions score to the same bit."""

ROLL_FACES: Final = np.zeros((FIRST_BASE - ROLL_BASE, 4), dtype=np.int64)
"""ROLL_FACES[code - ROLL_BASE]: how many dice, then the sorted faces (0 for no die)."""
for _code, _faces in ROLL_DICE.items():
    ROLL_FACES[_code - ROLL_BASE, : len(_faces) + 1] = (len(_faces), *_faces)
ROLL_CODES: Final = np.full((4, 7, 7, 7), -1, dtype=np.int64)
"""ROLL_CODES[k, d1, d2, d3]: the action code of k sorted dice (unused dice 0)."""
for _dice, _action in ROLL_BY_DICE.items():
    _faces = (*_dice, 0, 0)[:3]
    ROLL_CODES[len(_dice), _faces[0], _faces[1], _faces[2]] = int(_action)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)


def initial_row(players: int, max_rounds: int) -> np.ndarray:
    """The row of a new game: every spaceman on the Space Station, the roll for first player pending."""
    row = np.zeros(ROW, dtype=np.int64)
    tiles = list(reversed(START_TILES))
    station = tiles.index("S")
    row[TILES : TILES + SLOTS] = [TILE_CODES[label] for label in tiles]
    row[POS : POS + 3 * players] = station
    row[CROWD + station] = 3 * players
    row[ASTEROID] = tiles.index("A")
    row[WARP_SLOT] = tiles.index("W")
    row[STATION] = station
    row[ON_BOARD] = 3 * players
    row[ACTOR] = -1
    row[FIRST] = -1
    row[ROUND] = 1
    row[PLAYERS] = players
    row[MAX_ROUNDS] = max_rounds
    return row


# ---- chance: splitmix64, one stream per game ---------------------------------------------------------------------


@njit(cache=True)
def next_random(rng: np.ndarray) -> np.uint64:
    """The next 64 random bits of the game's generator (splitmix64: a counter put through a mixing function)."""
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def below(rng: np.ndarray, n: int) -> int:
    """A random whole number from 0 to n - 1 (top 32 bits scaled: bias under n / 2**32)."""
    return int(((next_random(rng) >> _S32) * np.uint64(n)) >> _S32)


# ---- queries ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def dice_count(s: np.ndarray, seat: int) -> int:
    """How many dice `seat` rolls in the current phase (0: no turn)."""
    phase = s[PHASE]
    if phase == SPACEMAN:
        gone = 0
        for k in range(3 * seat, 3 * seat + 3):
            if s[POS + k] == EARTH or s[POS + k] == WOLVES:
                gone += 1
        return 2 if gone < 3 else 0
    if phase == CONTROL:
        count = 0
        for i in range(s[CUTOFF]):
            if s[EARTH_AT + i] == seat:
                count += 1
        return count
    if phase == WOLF:
        count = 0
        for k in range(3 * seat, 3 * seat + 3):
            if s[POS + k] == WOLVES:
                count += 1
        return count
    return 0


@njit(cache=True)
def safety_threshold(s: np.ndarray) -> int:
    """Spacemen on one tile that make them safe in numbers: 2 with 3 players, else 3."""
    return 2 if s[PLAYERS] == 3 else 3


@njit(cache=True)
def is_safe(s: np.ndarray, slot: int) -> bool:
    """Whether Safety in Numbers holds on `slot` (never on the Asteroid Field)."""
    return s[CROWD + slot] >= safety_threshold(s) and slot != s[ASTEROID]


@njit(cache=True)
def score(s: np.ndarray, seat: int) -> int:
    """A seat's score: the Earth numbers under its spacemen."""
    total = 0
    for i in range(s[N_EARTH]):
        if s[EARTH_AT + i] == seat:
            total += EARTH_VALUES[i]
    return total


@njit(cache=True)
def current_player(s: np.ndarray) -> int:
    """The seat to act, CHANCE_PLAYER for a roll, or TERMINAL_PLAYER."""
    if s[PHASE] == OVER:
        return TERMINAL_PLAYER
    if s[STEP] == ROLL:
        return CHANCE_PLAYER
    if s[STEP] == WARP:
        return s[WARPS]
    return s[ACTOR]


@njit(cache=True)
def return_of(s: np.ndarray, seat: int) -> float:
    """A finished game's return to `seat`: 1 split among the seats with the best score, 0 to the rest."""
    best = -1
    winners = 0
    for c in range(s[PLAYERS]):
        value = score(s, c)
        if value > best:
            best, winners = value, 1
        elif value == best:
            winners += 1
    return 1.0 / winners if score(s, seat) == best else 0.0


# ---- move generation -------------------------------------------------------------------------------------------


@njit(cache=True)
def add_moves(s: np.ndarray, colour: int, kind: int, out: np.ndarray, n: int) -> int:
    """Append every move of `colour`'s spacemen by one of the dice, of the directions and protections in `kind`."""
    asteroid = s[ASTEROID]
    threshold = safety_threshold(s)
    seen = 0
    for k in range(3 * colour, 3 * colour + 3):
        slot = s[POS + k]
        if slot < 0 or slot >= SLOTS or (seen >> slot) & 1:
            continue
        seen |= 1 << slot
        if kind & GUARD_STATION and slot == s[STATION]:
            continue
        if kind & GUARD_CROWD and s[CROWD + slot] >= threshold and slot != asteroid:
            continue
        base = (colour * SLOTS + slot) * 12 - 2
        for i in range(s[N_DICE]):
            die = s[DICE + i]
            if kind & MOVE_FORWARD:
                out[n] = base + 2 * die
                n += 1
            if kind & MOVE_BACKWARD and BACKWARD_TABLE[asteroid, slot, die] >= 0:
                out[n] = base + 2 * die + 1
                n += 1
    return n


@njit(cache=True)
def add_opponent_moves(s: np.ndarray, actor: int, kind: int, out: np.ndarray) -> int:
    """Every move of the actor's opponents' spacemen, in seat order."""
    n = 0
    for colour in range(s[PLAYERS]):
        if colour != actor:
            n = add_moves(s, colour, kind, out, n)
    return n


@njit(cache=True)
def add_warp_options(s: np.ndarray, warper: int, out: np.ndarray) -> int:
    """The Tandem Warp choices of `warper`'s spaceman on the warp tile (none if it cannot warp)."""
    warp = s[WARP_SLOT]
    on_warp = False
    for k in range(3 * warper, 3 * warper + 3):
        if s[POS + k] == warp:
            on_warp = True
    if not on_warp:
        return 0
    wolf_phase = s[PHASE] == WOLF
    if wolf_phase and is_safe(s, warp):
        return 0
    out[0] = PASS_CODE
    n = 1
    for colour in range(s[PLAYERS]):
        if colour == warper:
            continue
        seen = 0
        for k in range(3 * colour, 3 * colour + 3):
            slot = s[POS + k]
            if slot < 0 or slot >= SLOTS or (seen >> slot) & 1 or slot == s[STATION]:
                continue
            seen |= 1 << slot
            if wolf_phase and is_safe(s, slot):
                continue
            out[n] = WARP_WITH_BASE + colour * SLOTS + slot
            n += 1
    if n == 1:
        out[1] = WARP_ALONE_CODE
        n = 2
    return n


@njit(cache=True)
def sort_actions(out: np.ndarray, n: int) -> None:
    """Sort the first n codes ascending (insertion sort: a few dozen at most)."""
    for i in range(1, n):
        value = out[i]
        j = i - 1
        while j >= 0 and out[j] > value:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = value


@njit(cache=True)
def generate(s: np.ndarray, out: np.ndarray) -> int:
    """Write the legal actions of the current decision to `out`, ascending; return how many (0: skip it)."""
    step = s[STEP]
    actor = s[ACTOR]
    n = 0
    if step == OWN:
        n = add_moves(s, actor, MOVE_FORWARD | MOVE_BACKWARD, out, 0)
    elif step == OTHER:
        n = add_opponent_moves(s, actor, MOVE_FORWARD | MOVE_BACKWARD | GUARD_STATION, out)
    elif step == MOVE:
        if s[PHASE] == CONTROL:
            n = add_opponent_moves(s, actor, MOVE_FORWARD, out)
            if n == 0:
                n = add_moves(s, actor, MOVE_FORWARD, out, 0)
        else:
            n = add_opponent_moves(s, actor, MOVE_BACKWARD | GUARD_STATION | GUARD_CROWD, out)
            if n == 0:
                n = add_moves(s, actor, MOVE_BACKWARD | GUARD_CROWD, out, 0)
    elif step == DOUBLES:
        out[0] = PASS_CODE
        out[1] = SWAP_CODE
        return 2
    elif step == OWN_WARP:
        n = add_warp_options(s, actor, out)
    elif step == WARP:
        n = add_warp_options(s, s[WARPS], out)
    sort_actions(out, n)
    return n


# ---- applying actions ------------------------------------------------------------------------------------------


@njit(cache=True)
def pop_warp(s: np.ndarray, index: int) -> None:
    """Take entry `index` out of the queue of waiting warps."""
    for i in range(index, s[N_WARPS] - 1):
        s[WARPS + i] = s[WARPS + i + 1]
    s[N_WARPS] -= 1


@njit(cache=True)
def move_piece(s: np.ndarray, colour: int, slot: int, target: int, leaves_warp_queue: bool) -> None:
    """Move one of `colour`'s spacemen from `slot` to `target`, taking an Earth number if it arrives."""
    k = 3 * colour
    while s[POS + k] != slot:
        k += 1
    s[POS + k] = target
    s[CROWD + slot] -= 1
    if target == EARTH:
        s[EARTH_AT + s[N_EARTH]] = colour
        s[N_EARTH] += 1
        s[ON_BOARD] -= 1
    else:
        s[CROWD + target] += 1
    if leaves_warp_queue and slot == s[WARP_SLOT]:
        # Spacemen of one colour on one tile are alike: the one that leaves takes its owed warp with it.
        for i in range(s[N_WARPS]):
            if s[WARPS + i] == colour:
                pop_warp(s, i)
                break


@njit(cache=True)
def queue_warp(s: np.ndarray, colour: int) -> None:
    """`colour` waits to decide a Tandem Warp after the current move."""
    s[WARPS + s[N_WARPS]] = colour
    s[N_WARPS] += 1


@njit(cache=True)
def tandem_warp(s: np.ndarray, warper: int, action: int) -> None:
    """Take the warper and its partner (if any) two spaces ahead; a partner landing on the warp queues."""
    warp = s[WARP_SLOT]
    asteroid = s[ASTEROID]
    move_piece(s, warper, warp, FORWARD_TABLE[asteroid, warp, 2], False)
    if action >= WARP_WITH_BASE:
        colour = (action - WARP_WITH_BASE) // SLOTS
        slot = (action - WARP_WITH_BASE) % SLOTS
        target = FORWARD_TABLE[asteroid, slot, 2]
        move_piece(s, colour, slot, target, True)
        if target == warp:
            queue_warp(s, colour)


@njit(cache=True)
def apply_move(s: np.ndarray, action: int) -> None:
    """A move of a spaceman by a die: spend the die, queue a landing on the warp."""
    backward = action & 1
    rest = action >> 1
    die = rest % 6 + 1
    rest //= 6
    colour = rest // SLOTS
    slot = rest % SLOTS
    target = BACKWARD_TABLE[s[ASTEROID], slot, die] if backward else FORWARD_TABLE[s[ASTEROID], slot, die]
    move_piece(s, colour, slot, target, True)
    if s[STEP] == OWN:
        # The own move spends one of two different dice; the other stays.
        s[DICE] = s[DICE + 1] if s[DICE] == die else s[DICE]
        s[N_DICE] = 1
        s[STEP] = OTHER
        if target == s[WARP_SLOT] and colour == s[ACTOR]:
            s[STEP] = OWN_WARP
            return
    else:
        s[STEP] = END
        # The move used the turn's last die; waiting Tandem Warps use none, so no die stays usable.
        s[N_DICE] = 0
    if target == s[WARP_SLOT]:
        queue_warp(s, colour)


@njit(cache=True)
def swap_tiles(s: np.ndarray, number: int) -> None:
    """Doubles: the two tiles of `number` change places, spacemen and all."""
    a = 0
    while s[TILES + a] != number:
        a += 1
    b = a + 1
    while s[TILES + b] != number:
        b += 1
    s[CROWD + a], s[CROWD + b] = s[CROWD + b], s[CROWD + a]
    for k in range(3 * s[PLAYERS]):
        if s[POS + k] == a:
            s[POS + k] = b
        elif s[POS + k] == b:
            s[POS + k] = a


@njit(cache=True)
def space_shift(s: np.ndarray) -> None:
    """The bottom tile goes to the top under Earth; its spacemen join the Spacewolves; the rest slide down."""
    for k in range(3 * s[PLAYERS]):
        slot = s[POS + k]
        if 0 <= slot < SLOTS:
            s[POS + k] = slot - 1
            if slot == 0:
                s[ON_BOARD] -= 1
    bottom = s[TILES]
    for i in range(SLOTS - 1):
        s[TILES + i] = s[TILES + i + 1]
        s[CROWD + i] = s[CROWD + i + 1]
    s[TILES + SLOTS - 1] = bottom
    s[CROWD + SLOTS - 1] = 0
    s[ASTEROID] = (s[ASTEROID] - 1) % SLOTS
    s[WARP_SLOT] = (s[WARP_SLOT] - 1) % SLOTS
    s[STATION] = (s[STATION] - 1) % SLOTS


@njit(cache=True)
def finish(s: np.ndarray) -> None:
    """The game is over: no phase, turn, dice or warps remain."""
    s[PHASE] = OVER
    s[STEP] = END
    s[ACTOR] = -1
    s[N_DICE] = 0
    s[N_WARPS] = 0
    s[CUTOFF] = 0


@njit(cache=True)
def any_wolves(s: np.ndarray) -> bool:
    """Whether any spaceman is on the Spacewolves tile."""
    for k in range(3 * s[PLAYERS]):  # noqa: SIM110 (a plain loop: Numba compiles no generator inside any())
        if s[POS + k] == WOLVES:
            return True
    return False


@njit(cache=True)
def begin_phase(s: np.ndarray, phase: int) -> None:
    """Start `phase`: before its first seat, with Mission Control's cutoff fixed."""
    s[PHASE] = phase
    s[TURN] = -1
    s[CUTOFF] = s[N_EARTH] if phase == CONTROL else 0


@njit(cache=True)
def next_seat(s: np.ndarray) -> None:
    """Hand the phase to the next seat that rolls in it, or end the phase (and the round, or the game)."""
    while True:
        s[TURN] += 1
        if s[TURN] >= s[PLAYERS]:
            phase = s[PHASE]
            if phase == SPACEMAN and s[N_EARTH] > 0:
                begin_phase(s, CONTROL)
            elif phase != WOLF and any_wolves(s):
                begin_phase(s, WOLF)
            else:
                space_shift(s)
                if s[ON_BOARD] == 0 or s[ROUND] >= s[MAX_ROUNDS]:
                    finish(s)
                    return
                s[ROUND] += 1
                begin_phase(s, SPACEMAN)
            continue
        seat = (s[FIRST] + s[TURN]) % s[PLAYERS]
        if dice_count(s, seat):
            s[ACTOR] = seat
            s[STEP] = ROLL
            s[N_DICE] = 0
            return


@njit(cache=True)
def settle(s: np.ndarray, legal: np.ndarray) -> int:
    """Skip decisions that offer nothing and move on; return the legal actions of the decision reached (0: none)."""
    while True:
        if s[ON_BOARD] == 0:
            finish(s)
        if s[PHASE] == OVER or s[STEP] == ROLL:
            return 0
        step = s[STEP]
        if step != END:
            n = generate(s, legal)
            if n:
                return n
            if step in (OWN, OWN_WARP):
                s[STEP] = OTHER
                continue
            if step == WARP:
                pop_warp(s, 0)
        if s[N_WARPS]:
            s[STEP] = WARP
        else:
            next_seat(s)


@njit(cache=True)
def apply_action(s: np.ndarray, action: int, legal: np.ndarray) -> int:
    """Apply a chance outcome or a seat's action; write the next decision's legal actions, return how many."""
    step = s[STEP]
    if step == ROLL:
        apply_roll(s, action)
    elif step == DOUBLES:
        if action == SWAP_CODE:
            swap_tiles(s, s[DICE])
        s[STEP] = END
    elif step in (OWN_WARP, WARP):
        if step == OWN_WARP:
            warper = s[ACTOR]
        else:
            warper = s[WARPS]
            pop_warp(s, 0)
        if action != PASS_CODE:
            tandem_warp(s, warper, action)
        s[STEP] = OTHER if step == OWN_WARP else END
    else:
        apply_move(s, action)
    return settle(s, legal)


@njit(cache=True)
def apply_roll(s: np.ndarray, action: int) -> None:
    """The roll for first player opens the game; the actor's dice open his turn's step."""
    if s[PHASE] == SETUP:
        s[FIRST] = action - FIRST_BASE
        begin_phase(s, SPACEMAN)
        next_seat(s)
        return
    k = ROLL_FACES[action - ROLL_BASE, 0]
    if s[PHASE] != SPACEMAN:
        # Only the distinct values matter when one die is kept (docs/games/spacewolves.md, interpretation 14).
        n = 0
        for i in range(1, k + 1):
            if n == 0 or s[DICE + n - 1] != ROLL_FACES[action - ROLL_BASE, i]:
                s[DICE + n] = ROLL_FACES[action - ROLL_BASE, i]
                n += 1
        s[N_DICE] = n
        s[STEP] = MOVE
    else:
        s[DICE] = ROLL_FACES[action - ROLL_BASE, 1]
        s[DICE + 1] = ROLL_FACES[action - ROLL_BASE, 2]
        s[N_DICE] = 2
        s[STEP] = DOUBLES if s[DICE] == s[DICE + 1] else OWN


@njit(cache=True)
def sample_chance(s: np.ndarray, rng: np.ndarray) -> int:
    """The pending chance event's outcome from the game's generator: the first player, or the sorted dice."""
    if s[PHASE] == SETUP:
        return FIRST_BASE + below(rng, s[PLAYERS])
    k = 2 if s[PHASE] == SPACEMAN else dice_count(s, s[ACTOR])
    # Up to three dice in scalars, sorted by a three-comparison network: no allocation on the hottest path.
    a = below(rng, 6) + 1
    b = below(rng, 6) + 1 if k >= 2 else 0
    c = below(rng, 6) + 1 if k == 3 else 0
    if k == 1:
        return ROLL_CODES[1, a, 0, 0]
    if a > b:
        a, b = b, a
    if k == 2:
        return ROLL_CODES[2, a, b, 0]
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return ROLL_CODES[3, a, b, c]


# ---- the heuristic bot (bots.HeuristicBot, the same numbers in the same order) ----------------------------------


@njit(cache=True)
def evaluate(s: np.ndarray, seat: int, prospects: np.ndarray, counts: np.ndarray) -> float:
    """How good the position is for `seat`: its prospects minus its opponents', leader weighted (bots.evaluate).

    The sums run in the bot's order (tile by tile from the top, a tile's spacemen as count * worth), so equal
    positions score to the same bit. `prospects` (4 floats) and `counts` (4 x 15 ints) are scratch space."""
    players = s[PLAYERS]
    next_value = 12 - s[N_EARTH]
    wolves_bite = any_wolves(s)
    counts[:, :] = 0
    for k in range(3 * players):
        slot = s[POS + k]
        if 0 <= slot < SLOTS:
            counts[k // 3, slot] += 1
    for c in range(players):
        prospects[c] = float(score(s, c))
    for slot in range(SLOTS - 1, -1, -1):
        if s[CROWD + slot] == 0:
            continue
        reach = REACH[slot + 1]
        if wolves_bite and is_safe(s, slot):
            reach += SAFETY_BONUS
        if slot == s[STATION]:
            reach += STATION_BONUS
        worth = next_value * reach
        for c in range(players):
            if counts[c, slot]:
                prospects[c] += counts[c, slot] * worth
    mine = prospects[seat]
    best_other = -np.inf
    total = 0.0
    for c in range(players):
        if c != seat:
            best_other = max(best_other, prospects[c])
            total += prospects[c]
    return mine - LEADER * best_other - REST * total / (players - 1)


@njit(cache=True)
def s_is_leaf(s: np.ndarray, seat: int) -> bool:
    """Whether the lookahead stops here: the game is over or someone else (or chance) is to act."""
    return s[PHASE] == OVER or current_player(s) != seat


@njit(cache=True)
def heuristic_choice(
    s: np.ndarray,
    legal: np.ndarray,
    n: int,
    rng: np.ndarray,
    states: np.ndarray,
    legals: np.ndarray,
    walk: np.ndarray,
    best: np.ndarray,
    prospects: np.ndarray,
    counts: np.ndarray,
) -> int:
    """The action bots.HeuristicBot takes: the best turn-end value, ties (within TIE, scanned in order) at random.

    One depth-first walk: depth 0 is the decision itself, whose children are scanned as the bot scans them; deeper
    levels are the seat's own further decisions, each worth its best child (the bot's `_value`). The rest of the
    arguments are scratch space: `walk` (2 x MAX_DEPTH ints), `best` (MAX_DEPTH floats), evaluate's two arrays."""
    if n == 1:
        return legal[0]
    seat = current_player(s)
    sizes = walk[0]
    cursor = walk[1]
    best[0] = -np.inf
    cursor[0] = 0
    ties = legals[MAX_DEPTH - 1]
    tied = 0
    states[0, :] = s
    legals[0, :n] = legal[:n]
    sizes[0] = n
    depth = 0
    while True:
        if cursor[depth] < sizes[depth]:
            action = legals[depth, cursor[depth]]
            cursor[depth] += 1
            if depth + 2 >= MAX_DEPTH:
                raise RuntimeError("the heuristic's lookahead went deeper than MAX_DEPTH")
            child = states[depth + 1]
            child[:] = states[depth]
            child_n = apply_action(child, action, legals[depth + 1])
            if not s_is_leaf(child, seat):
                depth += 1
                sizes[depth] = child_n
                cursor[depth] = 0
                best[depth] = -np.inf
                continue
            value = WIN * return_of(child, seat) if child[PHASE] == OVER else evaluate(child, seat, prospects, counts)
        else:
            value = best[depth]
            depth -= 1
        if depth > 0:
            best[depth] = max(best[depth], value)
            continue
        # The scan of bots.HeuristicBot.step over the decision's actions, in order.
        chosen = legals[0, cursor[0] - 1]
        if value > best[0] + TIE:
            ties[0] = chosen
            tied = 1
            best[0] = value
        elif value > best[0] - TIE:
            ties[tied] = chosen
            tied += 1
        if cursor[0] == sizes[0]:
            return ties[0] if tied == 1 else ties[below(rng, tied)]


# ---- whole games -----------------------------------------------------------------------------------------------


@njit(cache=True)
def play_game(
    s: np.ndarray,
    rng: np.ndarray,
    bots: np.ndarray,
    stop: int,
    trace_rows: np.ndarray,
    trace_actions: np.ndarray,
    trace_legal: np.ndarray,
    trace_counts: np.ndarray,
    scratch: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> tuple[int, int]:
    """Play the game in row `s` until it ends or `stop` actions were applied; return (actions, decisions).

    With trace arrays of length > 0, record before each action its row, its legal actions (none at chance) and the
    action taken: the slow path the hand-off tests read. `scratch` is `new_scratch()`, reused from game to game."""
    legal, states, legals, walk, best, prospects, counts = scratch
    tracing = trace_actions.shape[0] > 0
    actions = 0
    decisions = 0
    n = settle(s, legal)
    while s[PHASE] != OVER and actions != stop:
        if tracing:
            if actions >= trace_actions.shape[0]:
                raise RuntimeError("the trace is too short for this game")
            trace_rows[actions, :] = s
            trace_counts[actions] = n
            trace_legal[actions, :n] = legal[:n]
        if s[STEP] == ROLL:
            code = sample_chance(s, rng)
        else:
            decisions += 1
            if bots[current_player(s)] == HEURISTIC_BOT:
                code = heuristic_choice(s, legal, n, rng, states, legals, walk, best, prospects, counts)
            else:
                code = legal[below(rng, n)]
        n = apply_action(s, code, legal)
        if tracing:
            trace_actions[actions] = code
        actions += 1
    if tracing and actions < trace_rows.shape[0]:
        trace_rows[actions, :] = s
        trace_counts[actions] = n
        trace_legal[actions, :n] = legal[:n]
    return actions, decisions


@njit(cache=True)
def new_scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Working space for play_game: legal actions, the heuristic's stacks of rows and legal lists, and the rest."""
    return (
        np.zeros(MAX_LEGAL, dtype=np.int64),
        np.zeros((MAX_DEPTH, ROW), dtype=np.int64),
        np.zeros((MAX_DEPTH, MAX_LEGAL), dtype=np.int64),
        np.zeros((2, MAX_DEPTH), dtype=np.int64),
        np.zeros(MAX_DEPTH, dtype=np.float64),
        np.zeros(4, dtype=np.float64),
        np.zeros((4, SLOTS), dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def play_games(
    rows: np.ndarray,
    rngs: np.ndarray,
    bots: np.ndarray,
    stop: int,
    actions: np.ndarray,
    decisions: np.ndarray,
    trace_rows: np.ndarray,
    trace_actions: np.ndarray,
    trace_legal: np.ndarray,
    trace_counts: np.ndarray,
) -> None:
    """Play every row's game on (to the end, or `stop` more actions), game i with chance and choices from rngs[i].

    `actions` and `decisions` add up what each game applied. The trace arrays (empty, or for a batch of one game)
    record that game step by step. Without the GIL, so threads can play disjoint slices of one batch at once."""
    scratch = new_scratch()
    for i in range(rows.shape[0]):
        a, d = play_game(
            rows[i], rngs[i : i + 1], bots, stop, trace_rows, trace_actions, trace_legal, trace_counts, scratch
        )
        actions[i] += a
        decisions[i] += d
