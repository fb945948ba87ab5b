"""The Wolves on the Hunt rules jitted over int64 vectors: a second implementation of state.py for the batch engine.

Each function mirrors the scalar one of the same name in `state.py` and `rules.py` (which stay the reference; the
equality tests in tests/games/hunt/test_batch.py hold the two together step by step). `s` is one game's vector and
`c` the content pack's (offsets in `batch_layout`); actions are rows of ACTION_WIDTH int64 words.
"""

# mypy: ignore-errors
# (numba's decorators are untyped; the typed API around these kernels is wolfpack.games.hunt.batch)

from __future__ import annotations

import numpy as np
from numba import njit, types

from wolfpack.games.hunt import batch_layout as L

JIT = {"cache": True, "nogil": True}
# One explicit signature per function: numba would otherwise compile a copy for every mix of literal arguments
# (emit alone had 29), which made the first, uncached compile several times longer.
TYPES = {
    "i8": types.int64,
    "u8": types.uint64,
    "f8": types.float64,
    "b1": types.boolean,
    "S": types.int64[::1],
    "A2": types.int64[:, ::1],
    "S2": types.int64[:, ::1],
    "F1": types.float64[::1],
    "U1": types.uint64[::1],
    "U2": types.uint64[:, ::1],
    "void": types.void,
    "UniTuple": types.UniTuple,
    "Tuple": types.Tuple,
}


def sig(text):
    """A numba signature written with the short names of TYPES, e.g. "i8(S, i8)"."""
    return eval(text, {"__builtins__": {}}, TYPES)  # a constant of this module, never input


# ---- small lookups -------------------------------------------------------------------------------------------


@njit(sig("i8(i8)"), **JIT)
def hunter(seat):
    """Where hunter `seat`'s block starts."""
    return L.HUNTERS + seat * L.HUNTER_SIZE


@njit(sig("i8(S,i8,i8)"), **JIT)
def wolf_field(c, w, field):
    """A field of wolf card `w`."""
    return c[L.C_WOLF + w * L.WOLF_SIZE + field]


@njit(sig("void(S,i8,i8,i8,i8)"), **JIT)
def push(s, kind, a, b, d):
    """Put one task on top of the stack."""
    base = L.TASKS + s[L.NTASKS] * L.TASK_WIDTH
    s[base] = kind
    s[base + 1] = a
    s[base + 2] = b
    s[base + 3] = d
    s[L.NTASKS] += 1


@njit(sig("i8(A2,i8,i8,i8,i8,i8,i8,i8)"), **JIT)
def emit(acts, n, verb, a1, a2, a3, a4, a5):
    """Write one action at row n (its other words zero); returns n + 1."""
    if n >= acts.shape[0]:
        raise ValueError("too many legal actions for the batch engine's buffer")
    acts[n, 0] = verb
    acts[n, 1] = a1
    acts[n, 2] = a2
    acts[n, 3] = a3
    acts[n, 4] = a4
    acts[n, 5] = a5
    for j in range(6, L.ACTION_WIDTH):
        acts[n, j] = 0
    return n + 1


@njit(sig("i8(S)"), **JIT)
def top(s):
    """Where the top task starts (the stack must not be empty)."""
    return L.TASKS + (s[L.NTASKS] - 1) * L.TASK_WIDTH


@njit(sig("void(S,i8)"), **JIT)
def finish(s, result):
    """The game is over: won (1) or lost (2), nothing pending."""
    if s[L.RESULT] == 0:
        s[L.RESULT] = result
        s[L.PHASE] = 3
        s[L.NTASKS] = 0


@njit(sig("i8(S,S)"), **JIT)
def round_kind(s, c):
    """0 day, 1 night, 2 endgame."""
    return c[L.C_ROUND_KIND + s[L.ROUND] - 1]


@njit(sig("i8(S,S)"), **JIT)
def deck_kind(s, c):
    """The deck this round's wolves come from."""
    return c[L.C_ROUND_DECK + s[L.ROUND] - 1]


@njit(sig("i8(S,S,i8)"), **JIT)
def ability(s, c, loc):
    """The acting ability of the wolf at `loc` (-1: none, no wolf, or outwitted)."""
    w = s[L.WOLF_AT + loc]
    if w < 0 or s[L.WOLF_OUT + loc] != 0:
        return -1
    return wolf_field(c, w, L.W_ABILITY)


@njit(sig("i8(S)"), **JIT)
def leader_location(s):
    """Where the Pack Leader stands, or -1."""
    for loc in range(L.LOCS):
        if s[L.WOLF_AT + loc] >= 0 and s[L.WOLF_AT + loc] == s[L.LEADER]:
            return loc
    return -1


@njit(sig("i8(S)"), **JIT)
def wolves_in_play(s):
    """How many wolves stand on the board."""
    n = 0
    for loc in range(L.LOCS):
        if s[L.WOLF_AT + loc] >= 0:
            n += 1
    return n


@njit(sig("i8(S,S,i8,i8)"), **JIT)
def stat(s, c, seat, which):
    """A hunter's stat value, read off its track."""
    step = s[hunter(seat) + L.H_STATS + which]
    return c[L.C_TRACK_VAL + which * L.MAX_BOXES + step - 1]


@njit(sig("i8(S,S,i8,i8)"), **JIT)
def space_bonus(s, c, seat, kind):
    """The bonus the hunter's space gives to an attack of `kind`."""
    space = s[hunter(seat) + L.H_SPACE]
    if c[L.C_SPACE_BONUS_KIND + space] == kind:
        return c[L.C_SPACE_BONUS_AMOUNT + space]
    return 0


@njit(sig("i8(S,i8)"), **JIT)
def dice_at(s, where):
    """The dice lying at `where` (-1: the pool, a seat: that sheet), as a bit mask over colours."""
    mask = 0
    for d in range(L.DICE):
        if s[L.DIE_AT + d] == where:
            mask |= 1 << d
    return mask


@njit(sig("i8(S)"), **JIT)
def pool_mask(s):
    """The dice in the pool, as a bit mask over colours."""
    return dice_at(s, -1)


@njit(sig("b1(S,S,i8,i8,i8)"), **JIT)
def writable(s, c, seat, colour, row):
    """Whether a die of `colour` can be written in `row` (white is wild) and the row has a free box."""
    if colour != L.WILD_DIE and c[L.C_ROW_COLOUR + row] != colour:
        return False
    return s[hunter(seat) + L.H_ROWLEN + row] < c[L.C_ROW_NBOXES + row]


@njit(sig("b1(S,S,i8,i8)"), **JIT)
def any_writable(s, c, seat, colour):
    """Whether any row takes a die of `colour`."""
    for row in range(L.ROWS):  # noqa: SIM110  (a plain loop: numba compiles no generator into any())
        if writable(s, c, seat, colour, row):
            return True
    return False


@njit(sig("i8(S,i8)"), **JIT)
def beside_mask(s, seat):
    """The locations with a wolf beside hunter `seat` (a bit mask)."""
    space = s[hunter(seat) + L.H_SPACE]
    mask = 0
    for loc in (space, (space + 1) % L.LOCS):
        if s[L.WOLF_AT + loc] >= 0:
            mask |= 1 << loc
    return mask


@njit(sig("i8(S,S,i8)"), **JIT)
def dog_facing(s, c, loc):
    """The dog space facing `loc` if a dog stands there, else -1."""
    for d in range(c[L.C_NDOG]):
        if (c[L.C_DOG_LOC + 2 * d] == loc or c[L.C_DOG_LOC + 2 * d + 1] == loc) and s[L.DOG + d] >= 0:
            return d
    return -1


@njit(sig("i8(i8)"), **JIT)
def popcount(mask):
    """Set bits of a small mask."""
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


@njit(sig("i8(S,S,i8)"), **JIT)
def acting_mask(s, c, kind):
    """Locations of wolves whose ability `kind` acts (a bit mask)."""
    mask = 0
    for loc in range(L.LOCS):
        if ability(s, c, loc) == kind:
            mask |= 1 << loc
    return mask


@njit(sig("i8(S,i8,b1)"), **JIT)
def next_vacant(s, start, include_start):
    """The first location clockwise from `start` with no wolf (`start` first, or else last), or -1."""
    first = 0 if include_start else 1
    for steps in range(first, first + L.LOCS):
        loc = (start + steps) % L.LOCS
        if s[L.WOLF_AT + loc] < 0:
            return loc
    return -1


@njit(sig("i8(S,S,i8)"), **JIT)
def deck_count(s, c, deck):
    """How many cards deck `deck` holds."""
    n = 0
    for w in range(c[L.C_NWOLF]):
        if s[L.IN_DECK + w] != 0 and wolf_field(c, w, L.W_DECK) == deck:
            n += 1
    return n


@njit(sig("UniTuple(i8,2)(S,S,i8)"), **JIT)
def power_of(s, c, seat):
    """(kind, amount) of the power on hunter `seat`'s character card."""
    base = L.C_CHAR + s[hunter(seat) + L.H_CHAR] * L.CHAR_SIZE
    return c[base + L.CH_POWER], c[base + L.CH_AMOUNT]


# ---- effects -------------------------------------------------------------------------------------------------


@njit(sig("void(S)"), **JIT)
def fresh_turn(s):
    """No die, no move, nothing written, no main action, no assists."""
    s[L.TURN_DIE] = -1
    s[L.TURN_MOVED] = 0
    s[L.TURN_WRITTEN] = 0
    s[L.TURN_MAIN] = -1
    s[L.TURN_ASSISTS] = 0


@njit(sig("void(S,S,i8,i8)"), **JIT)
def step_up(s, c, seat, which):
    """One step right on a stat track (no further than its last step)."""
    at = hunter(seat) + L.H_STATS + which
    s[at] = min(s[at] + 1, c[L.C_TRACK_LEN + which])


@njit(sig("void(S,i8,i8)"), **JIT)
def heal(s, seat, amount):
    """Outline up to `amount` dashed hearts."""
    h = hunter(seat)
    gained = min(amount, s[h + L.H_DASHED])
    s[h + L.H_HEARTS] += gained
    s[h + L.H_DASHED] -= gained


@njit(sig("void(S,i8,i8)"), **JIT)
def hurt_hunter(s, seat, amount):
    """Cross out hearts; the last one lost loses the game."""
    h = hunter(seat)
    s[h + L.H_HEARTS] = max(0, s[h + L.H_HEARTS] - amount)
    if s[h + L.H_HEARTS] == 0:
        finish(s, 2)


@njit(sig("void(S,i8)"), **JIT)
def hurt_everyone(s, amount):
    """Damage every hunter."""
    for seat in range(s[L.PLAYERS]):
        hurt_hunter(s, seat, amount)


@njit(sig("void(S,S,i8,i8)"), **JIT)
def hurt_dog(s, c, dog, amount):
    """Damage a dog; it dies at its health."""
    damage = max(s[L.DOG + dog], 0) + amount
    s[L.DOG + dog] = -1 if damage >= c[L.C_DOG_HEALTH] else damage


@njit(sig("void(S,i8)"), **JIT)
def release_die(s, w):
    """A die held by wolf `w` returns to the pool."""
    for d in range(L.DICE):
        if s[L.DIE_AT + d] == L.CAPTURED + w:
            s[L.DIE_AT + d] = -1


@njit(sig("void(S,S,i8)"), **JIT)
def kill(s, c, loc):
    """Remove a dead wolf: its die back to the pool, its card to its deck's discard pile (the leader: a win)."""
    w = s[L.WOLF_AT + loc]
    s[L.WOLF_AT + loc] = -1
    s[L.WOLF_DMG + loc] = 0
    s[L.WOLF_OUT + loc] = 0
    release_die(s, w)
    if w == s[L.LEADER]:
        finish(s, 1)
        return
    s[L.DISCARD_CLOCK] += 1
    s[L.DISCARD + w] = s[L.DISCARD_CLOCK]


@njit(sig("void(S,S,i8,i8)"), **JIT)
def kill_bonus(s, c, seat, w):
    """The bonus printed on a wolf killed by knife, rifle or power."""
    kind = wolf_field(c, w, L.W_BONUS)
    which = wolf_field(c, w, L.W_BONUS_STAT)
    if kind == 0 and which != 3:
        step_up(s, c, seat, which)
    elif kind == 2:
        heal(s, seat, 2)
    elif kind == 0:
        push(s, L.T_BONUS, seat, 0, 0)
    elif kind == 1:
        push(s, L.T_BONUS, seat, 1, 0)
    else:
        push(s, L.T_BONUS, seat, 2, 0)


@njit(sig("b1(S,S,i8,i8,i8,i8)"), **JIT)
def hurt_wolf(s, c, loc, amount, hit, killer):
    """Damage the wolf at `loc`; True if it dies. Outwits double, immunity ignores, kills by hunters earn bonuses."""
    w = s[L.WOLF_AT + loc]
    if hit <= L.HIT_TRAPS and ability(s, c, loc) == L.A_IMMUNE and wolf_field(c, w, L.W_IMMUNE) == hit:
        return False
    if s[L.WOLF_OUT + loc] != 0:
        amount *= 2
    s[L.WOLF_DMG + loc] += amount
    if s[L.WOLF_DMG + loc] < wolf_field(c, w, L.W_HEALTH):
        return False
    kill(s, c, loc)
    if killer >= 0 and hit <= L.HIT_RIFLE and s[L.RESULT] == 0:
        kill_bonus(s, c, killer, w)
    return True


@njit(sig("void(S,S,i8)"), **JIT)
def spring_traps(s, c, loc):
    """All traps at `loc` hit the wolf there (in the order placed) and return to the supply."""
    while True:
        best = -1
        for t in range(c[L.C_NTRAP]):
            if s[L.TRAP_LOC + t] == loc and (best < 0 or s[L.TRAP_ORDER + t] < s[L.TRAP_ORDER + best]):
                best = t
        if best < 0:
            return
        s[L.TRAP_LOC + best] = -1
        s[L.TRAP_ORDER + best] = 0
        if s[L.WOLF_AT + loc] >= 0 and s[L.RESULT] == 0:
            hurt_wolf(s, c, loc, s[L.TRAP_VAL + best], L.HIT_TRAPS, -1)
        s[L.TRAP_VAL + best] = 0


@njit(sig("void(S,i8,i8,i8)"), **JIT)
def place_trap(s, loc, token, value):
    """A trap token waits at `loc` for the next wolf."""
    s[L.TRAP_CLOCK] += 1
    s[L.TRAP_LOC + token] = loc
    s[L.TRAP_VAL + token] = value
    s[L.TRAP_ORDER + token] = s[L.TRAP_CLOCK]


@njit(sig("void(S,S,i8)"), **JIT)
def reshuffle(s, c, deck):
    """An empty deck is rebuilt from that type's dead wolves."""
    for w in range(c[L.C_NWOLF]):
        if s[L.DISCARD + w] != 0 and wolf_field(c, w, L.W_DECK) == deck:
            s[L.DISCARD + w] = 0
            s[L.IN_DECK + w] = 1
    s[L.DECK_TOP + deck] = -1


@njit(sig("void(S,i8,i8)"), **JIT)
def place_wolf(s, loc, w):
    """A wolf enters play at `loc`; its arrival follows."""
    s[L.WOLF_AT + loc] = w
    s[L.WOLF_DMG + loc] = 0
    s[L.WOLF_OUT + loc] = 0
    push(s, L.T_ARRIVE, loc, 1, 0)


@njit(sig("void(S,S,i8)"), **JIT)
def use_ability(s, c, loc):
    """The wolf at `loc` uses its ability now."""
    kind = ability(s, c, loc)
    w = s[L.WOLF_AT + loc]
    if kind == L.A_CAPTURE:
        die = wolf_field(c, w, L.W_ABILITY_DIE)
        if s[L.DIE_AT + die] == -1:
            s[L.DIE_AT + die] = L.CAPTURED + w
    elif kind == L.A_FIRST_STRIKE:
        for seat in range(s[L.PLAYERS]):
            space = s[hunter(seat) + L.H_SPACE]
            if space == loc or space == (loc + L.LOCS - 1) % L.LOCS:
                hurt_hunter(s, seat, 1)
        dog = dog_facing(s, c, loc)
        if dog >= 0:
            hurt_dog(s, c, dog, 1)
    elif kind == L.A_HOWLING:
        deck = deck_kind(s, c)
        if next_vacant(s, loc, True) < 0:
            return
        if deck_count(s, c, deck) == 0:
            reshuffle(s, c, deck)
        if deck_count(s, c, deck) > 0:
            push(s, L.T_HOWL, deck, loc, 0)
    elif kind == L.A_HEAL_ADJACENT:
        for other in ((loc + L.LOCS - 1) % L.LOCS, (loc + 1) % L.LOCS):
            if s[L.WOLF_AT + other] >= 0:
                s[L.WOLF_DMG + other] = 0
    elif kind == L.A_HEAL_ALL:
        for other in range(L.LOCS):
            if other != loc and s[L.WOLF_AT + other] >= 0:
                s[L.WOLF_DMG + other] = 0


@njit(sig("void(S)"), **JIT)
def begin_round(s):
    """The player phase begins with the holder of the cross."""
    s[L.PHASE] = 1
    s[L.STEP] = 1
    for seat in range(s[L.PLAYERS]):
        s[L.TURNS + seat] = 0
        s[L.PASSED + seat] = 0
    fresh_turn(s)
    s[L.ACTIVE] = s[L.CROSS]


@njit(sig("void(S,S)"), **JIT)
def end_player_phase(s, c):
    """Everyone has passed: the wolves attack, then the round ends (the last round ends the game)."""
    for seat in range(s[L.PLAYERS]):
        s[L.PASSED + seat] = 1
    fresh_turn(s)
    if s[L.ROUND] == c[L.C_NROUNDS]:
        finish(s, 2)
        return
    s[L.PHASE] = 2
    s[L.STEP] = 0
    push(s, L.T_END_ROUND, 0, 0, 0)
    push(s, L.T_END_ABILITIES, 0, 0, 0)
    for loc in range(L.LOCS - 1, -1, -1):
        push(s, L.T_ATTACK, loc, 0, 0)


@njit(sig("void(S,S)"), **JIT)
def next_turn(s, c):
    """The next hunter clockwise who has not passed takes the turn; when all have passed, the phase ends."""
    players = s[L.PLAYERS]
    for offset in range(1, players + 1):
        seat = (s[L.ACTIVE] + offset) % players
        if s[L.PASSED + seat] == 0:
            s[L.ACTIVE] = seat
            s[L.STEP] = 1
            fresh_turn(s)
            return
    end_player_phase(s, c)


@njit(sig("void(S,i8)"), **JIT)
def pass_turn(s, seat):
    """The hunter drops out of the round's turns."""
    s[L.PASSED + seat] = 1
    push(s, L.T_NEXT_TURN, 0, 0, 0)


@njit(sig("void(S,S)"), **JIT)
def start_turn(s, c):
    """Take a turn: a new wolf arrives (and, in the endgame, the Pack Leader comes or follows it)."""
    s[L.TURNS + s[L.ACTIVE]] += 1
    fresh_turn(s)
    s[L.STEP] = 2
    if round_kind(s, c) == 2:
        push(s, L.T_PACK_LEADER, 0, 0, 0)
    push(s, L.T_NEWWOLF, 0, 0, 0)


@njit(sig("void(S,S)"), **JIT)
def leader_step(s, c):
    """Endgame: the Pack Leader arrives after the new Night Wolf, or follows it to the next free location."""
    here = leader_location(s)
    start = s[L.LAST_ARRIVAL]
    if start < 0:
        start = here if here >= 0 else 0
    if here < 0:
        target = next_vacant(s, start, False)
        if target < 0:
            hurt_everyone(s, 1)
            return
        place_wolf(s, target, s[L.LEADER])
        return
    w, damage, outwit = s[L.WOLF_AT + here], s[L.WOLF_DMG + here], s[L.WOLF_OUT + here]
    s[L.WOLF_AT + here] = -1
    s[L.WOLF_DMG + here] = 0
    s[L.WOLF_OUT + here] = 0
    target = next_vacant(s, start, False)
    s[L.WOLF_AT + target] = w
    s[L.WOLF_DMG + target] = damage
    s[L.WOLF_OUT + target] = outwit
    push(s, L.T_ARRIVE, target, 0, 0)


@njit(sig("void(S,S,i8,i8,i8)"), **JIT)
def run_task(s, c, kind, a, b):
    """Carry out one automatic step (already popped)."""
    if kind == L.T_NEWWOLF:
        deck = deck_kind(s, c)
        s[L.LAST_ARRIVAL] = -1
        if wolves_in_play(s) == L.LOCS:
            hurt_everyone(s, 1)
            return
        if deck_count(s, c, deck) == 0:
            reshuffle(s, c, deck)
        if deck_count(s, c, deck) > 0:
            push(s, L.T_FACE, deck, 0, 0)
    elif kind == L.T_ARRIVE:
        spring_traps(s, c, a)
        if b == 0 or s[L.RESULT] != 0:
            return
        acting = ability(s, c, a)
        if acting >= 0 and wolf_field(c, s[L.WOLF_AT + a], L.W_TIMING) != 1:
            use_ability(s, c, a)
    elif kind == L.T_PACK_LEADER:
        leader_step(s, c)
    elif kind == L.T_ATTACK:
        if s[L.WOLF_AT + a] >= 0 and s[L.WOLF_OUT + a] == 0:
            push(s, L.T_TARGET, a, 0, 0)
    elif kind == L.T_END_ABILITIES:
        for loc in range(L.LOCS - 1, -1, -1):
            if ability(s, c, loc) >= 0 and wolf_field(c, s[L.WOLF_AT + loc], L.W_TIMING) == 1:
                push(s, L.T_ABILITY, loc, s[L.WOLF_AT + loc], 0)
    elif kind == L.T_ABILITY:
        if s[L.WOLF_AT + a] == b and b >= 0 and ability(s, c, a) >= 0:
            use_ability(s, c, a)
    elif kind == L.T_END_ROUND:
        for d in range(L.DICE):
            if 0 <= s[L.DIE_AT + d] < L.MAX_PLAYERS:
                s[L.DIE_AT + d] = -1
        push(s, L.T_CLEANUP, 0, 0, 0)
        for d in range(L.DICE - 1, -1, -1):
            push(s, L.T_ROLL, d, 0, 0)
    elif kind == L.T_CLEANUP:
        for loc in range(L.LOCS):
            s[L.WOLF_OUT + loc] = 0
        for loc in range(L.LOCS):
            if ability(s, c, loc) == L.A_CAPTURE:
                use_ability(s, c, loc)
        s[L.CROSS] = (s[L.CROSS] + 1) % s[L.PLAYERS]
        s[L.ROUND] += 1
        begin_round(s)
    elif kind == L.T_NEXT_TURN:
        next_turn(s, c)


# ---- chance ----------------------------------------------------------------------------------------------------


@njit(sig("i8(S,S,A2,F1)"), **JIT)
def chance_outcomes(s, c, acts, probs):
    """The pending chance event's outcomes (into `acts`) and their probabilities; returns how many."""
    t = top(s)
    kind, a = s[t], s[t + 1]
    n = 0
    if kind == L.T_CHARACTER:
        for ch in range(c[L.C_NCHAR]):
            dealt = False
            for seat in range(s[L.PLAYERS]):
                if s[hunter(seat) + L.H_CHAR] == ch:
                    dealt = True
            if not dealt:
                n = emit(acts, n, L.V_CHARACTER, ch, 0, 0, 0, 0)
    elif kind == L.T_LEADER:
        for i in range(c[L.C_NLEADERS]):
            n = emit(acts, n, L.V_LEADER, c[L.C_LEADERS + i], 0, 0, 0, 0)
    elif kind == L.T_ROLL:
        for v in range(1, 7):
            n = emit(acts, n, L.V_ROLL, v, 0, 0, 0, 0)
    elif kind == L.T_FACE:
        topback = s[L.DECK_TOP + a]
        for w in range(c[L.C_NWOLF]):
            in_deck = s[L.IN_DECK + w] != 0 and wolf_field(c, w, L.W_DECK) == a
            if in_deck and (topback < 0 or wolf_field(c, w, L.W_BACK) == topback):
                n = emit(acts, n, L.V_FACE, w, 0, 0, 0, 0)
    if kind <= L.T_FACE:  # the uniform draws
        for i in range(n):
            probs[i] = 1.0 / n
    elif kind == L.T_BACK:
        total = deck_count(s, c, a)
        for loc in range(L.LOCS):
            count = 0
            for w in range(c[L.C_NWOLF]):
                if s[L.IN_DECK + w] != 0 and wolf_field(c, w, L.W_DECK) == a and wolf_field(c, w, L.W_BACK) == loc:
                    count += 1
            if count:
                probs[n] = count / total
                n = emit(acts, n, L.V_BACK, loc, 0, 0, 0, 0)
    else:  # howl
        topback = s[L.DECK_TOP + a]
        total = deck_count(s, c, a)
        same = 0
        for w in range(c[L.C_NWOLF]):
            if s[L.IN_DECK + w] != 0 and wolf_field(c, w, L.W_DECK) == a and wolf_field(c, w, L.W_BACK) == topback:
                same += 1
        for w in range(c[L.C_NWOLF]):
            if s[L.IN_DECK + w] == 0 or wolf_field(c, w, L.W_DECK) != a:
                continue
            if topback < 0 or total == 1:
                weight = 1.0 / total
            elif wolf_field(c, w, L.W_BACK) == topback:
                weight = (same - 1) / (same * (total - 1))
            else:
                weight = 1.0 / (total - 1)
            if weight > 0:
                probs[n] = weight
                n = emit(acts, n, L.V_HOWL, w, 0, 0, 0, 0)
    return n


@njit(sig("void(S,S,S)"), **JIT)
def apply_chance(s, c, act):
    """Apply a chance outcome to the pending chance event."""
    t = top(s)
    kind, a, b = s[t], s[t + 1], s[t + 2]
    s[L.NTASKS] -= 1
    value = act[1]
    if kind == L.T_CHARACTER:
        h = hunter(a)
        base = L.C_CHAR + value * L.CHAR_SIZE
        s[h + L.H_CHAR] = value
        s[h + L.H_SPACE] = c[base + L.CH_START]
        s[h + L.H_STATS] = c[base + L.CH_KNIFE]
        s[h + L.H_STATS + 1] = c[base + L.CH_RIFLE]
        s[h + L.H_STATS + 2] = c[base + L.CH_TRAPS]
    elif kind == L.T_LEADER:
        s[L.LEADER] = value
    elif kind == L.T_ROLL:
        s[L.DIE_VAL + a] = value
    elif kind == L.T_FACE:
        s[L.IN_DECK + value] = 0
        s[L.DECK_TOP + a] = -1
        if deck_count(s, c, a) == 0:
            reshuffle(s, c, a)
        if deck_count(s, c, a) > 0:
            push(s, L.T_BACK, a, value, 0)
        else:
            loc = next_vacant(s, wolf_field(c, value, L.W_BACK), True)
            if loc >= 0:
                place_wolf(s, loc, value)
                s[L.LAST_ARRIVAL] = loc
    elif kind == L.T_BACK:
        s[L.DECK_TOP + a] = value
        loc = next_vacant(s, value, True)
        if loc >= 0:
            place_wolf(s, loc, b)
            s[L.LAST_ARRIVAL] = loc
    else:  # howl
        s[L.IN_DECK + value] = 0
        if deck_count(s, c, a) == 0:
            s[L.DECK_TOP + a] = -1
        loc = next_vacant(s, b, False)
        if loc >= 0:
            place_wolf(s, loc, value)


# ---- movement --------------------------------------------------------------------------------------------------


@njit(sig("i8(S,S,i8,i8,i8,A2)"), **JIT)
def move_options(s, c, seat, start, points, out):
    """Every (space, direction, rivers) hunter `seat` on `start` reaches with `points` (into `out`); how many."""
    pinning = acting_mask(s, c, L.A_PINNED)
    if (pinning >> start) & 1 or (pinning >> ((start + 1) % L.LOCS)) & 1:
        return 0
    n = 0
    for direction in range(2):
        step = 1 if direction == 0 else -1
        here = start
        spent = 0
        rivers = 0
        for _ in range(L.LOCS - 1):
            there = (here + step) % L.LOCS
            crossed = (here + 1) % L.LOCS if step == 1 else here
            spent += c[L.C_LINE_COST + crossed] + (c[L.C_ROCK_COST] if c[L.C_SPACE_ROCKS + there] else 0)
            rivers += c[L.C_LINE_RIVER + crossed]
            if spent > points:
                break
            taken = False
            for other in range(s[L.PLAYERS]):
                if other != seat and s[hunter(other) + L.H_SPACE] == there:
                    taken = True
            if not taken:
                out[n, 0] = there
                out[n, 1] = direction
                out[n, 2] = rivers
                n += 1
            here = there
            if (pinning >> here) & 1 or (pinning >> ((here + 1) % L.LOCS)) & 1:
                break
    return n


# ---- legal actions ---------------------------------------------------------------------------------------------


@njit(sig("i8(S,S,i8,A2)"), **JIT)
def supply_sides(s, c, limit, out):
    """(token, value) of every side of the trap tokens in the supply worth at most `limit` (into `out`)."""
    n = 0
    for t in range(c[L.C_NTRAP]):
        if s[L.TRAP_LOC + t] >= 0:
            continue
        x, y = c[L.C_TRAP_SIDE + 2 * t], c[L.C_TRAP_SIDE + 2 * t + 1]
        low, high = min(x, y), max(x, y)
        if low <= limit:
            out[n, 0] = t
            out[n, 1] = low
            n += 1
        if high != low and high <= limit:
            out[n, 0] = t
            out[n, 1] = high
            n += 1
    return n


@njit(sig("i8(i8,i8,i8)"), **JIT)
def trap_word(loc, token, value):
    """One placed trap packed in a word."""
    return loc * 10000 + token * 100 + value


@njit(sig("i8(S)"), **JIT)
def outwitted_mask(s):
    """Locations of outwitted wolves."""
    mask = 0
    for loc in range(L.LOCS):
        if s[L.WOLF_AT + loc] >= 0 and s[L.WOLF_OUT + loc] != 0:
            mask |= 1 << loc
    return mask


@njit(sig("Tuple((S,i8))(i8)"), **JIT)
def knife_masks(beside):
    """Every one or two of the locations in `beside`, as masks (the knife's targets)."""
    out = np.zeros(3, dtype=np.int64)
    n = 0
    locs = np.zeros(2, dtype=np.int64)
    k = 0
    for loc in range(L.LOCS):
        if (beside >> loc) & 1:
            locs[k] = loc
            k += 1
    for i in range(k):
        out[n] = 1 << locs[i]
        n += 1
    if k == 2:
        out[n] = (1 << locs[0]) | (1 << locs[1])
        n += 1
    return out, n


@njit(sig("i8(S,S,i8,i8,A2,i8,A2)"), **JIT)
def power_forms(s, c, seat, extra, acts, n, scratch):
    """Append every way hunter `seat` can use its character's power."""
    kind, amount = power_of(s, c, seat)
    if kind == L.P_LONG_SHOT:
        for loc in range(L.LOCS):
            if s[L.WOLF_AT + loc] >= 0:
                n = emit(acts, n, L.V_MAIN, L.POWER, extra, loc, 0, 0)
    elif kind == L.P_CHARGE:
        own = s[hunter(seat) + L.H_SPACE]
        k = move_options(s, c, seat, own, amount, scratch)
        for i in range(-1, k):
            space = own if i < 0 else scratch[i, 0]
            direction = -1 if i < 0 else scratch[i, 1]
            rivers = 0 if i < 0 else scratch[i, 2]
            dest = -1 if i < 0 else space
            wolves = 0
            for loc in (space, (space + 1) % L.LOCS):
                if s[L.WOLF_AT + loc] >= 0:
                    wolves |= 1 << loc
            masks, m = knife_masks(wolves)
            for j in range(m):
                n = emit(acts, n, L.V_MAIN, L.POWER, extra, dest, direction, masks[j])
                acts[n - 1, 6] = rivers
            if m == 0 and i >= 0:
                n = emit(acts, n, L.V_MAIN, L.POWER, extra, dest, direction, 0)
                acts[n - 1, 6] = rivers
    elif kind == L.P_SNARE:
        k = supply_sides(s, c, stat(s, c, seat, 2), scratch)
        singles = L.LOCS * k
        chosen = np.zeros(amount, dtype=np.int64)
        for size in range(1, amount + 1):
            if size > singles:
                break
            for i in range(size):
                chosen[i] = i
            while True:
                ok = True
                for i in range(size):
                    for j in range(i):
                        if chosen[i] // k == chosen[j] // k or scratch[chosen[i] % k, 0] == scratch[chosen[j] % k, 0]:
                            ok = False
                if ok:
                    n = emit(acts, n, L.V_MAIN, L.POWER, extra, 0, 0, 0)
                    for i in range(size):  # singles run location-major, so these are in clockwise order
                        side = chosen[i] % k
                        acts[n - 1, 3 + i] = trap_word(chosen[i] // k, scratch[side, 0], scratch[side, 1])
                    for i in range(size, L.ACTION_WIDTH - 3):
                        acts[n - 1, 3 + i] = -1
                # the next combination of `size` out of `singles`
                i = size - 1
                while i >= 0 and chosen[i] == singles - size + i:
                    i -= 1
                if i < 0:
                    break
                chosen[i] += 1
                for j in range(i + 1, size):
                    chosen[j] = chosen[j - 1] + 1
    elif kind == L.P_HOUNDS:
        ndog = c[L.C_NDOG]
        for placed in range(-1, ndog):
            if placed >= 0 and (s[L.DOG_SUPPLY] == 0 or s[L.DOG + placed] >= 0):
                continue
            # each dog (standing or just placed) facing a wolf bites one of the wolves it faces
            counts = np.zeros(L.MAX_DOGS, dtype=np.int64)
            faced = np.zeros((L.MAX_DOGS, 2), dtype=np.int64)
            biters = 0
            for d in range(ndog):
                if s[L.DOG + d] >= 0 or d == placed:
                    m = 0
                    for side in range(2):
                        loc = c[L.C_DOG_LOC + 2 * d + side]
                        if loc >= 0 and s[L.WOLF_AT + loc] >= 0:
                            faced[d, m] = loc
                            m += 1
                    counts[d] = m
                    if m:
                        biters += 1
            if biters == 0:
                if placed >= 0:
                    n = emit(acts, n, L.V_MAIN, L.POWER, extra, placed, 0, 0)
                continue
            pick = np.zeros(L.MAX_DOGS, dtype=np.int64)
            while True:
                bites = 0
                for d in range(ndog):
                    if counts[d]:
                        bites |= 1 << faced[d, pick[d]]
                n = emit(acts, n, L.V_MAIN, L.POWER, extra, placed, bites, 1)
                d = 0
                while d < ndog:
                    if counts[d]:
                        pick[d] += 1
                        if pick[d] < counts[d]:
                            break
                        pick[d] = 0
                    d += 1
                if d == ndog:
                    break
    elif kind == L.P_FIELD_MEDIC:
        players = s[L.PLAYERS]
        caps = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
        total_caps = 0
        for seat2 in range(players):
            caps[seat2] = s[hunter(seat2) + L.H_DASHED]
            total_caps += caps[seat2]
        total = min(amount, total_caps)
        if total > 0:
            shares = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
            while True:
                if shares.sum() == total:
                    n = emit(acts, n, L.V_MAIN, L.POWER, extra, shares[0], shares[1], shares[2])
                    acts[n - 1, 6] = shares[3]
                i = 0
                while i < players:
                    shares[i] += 1
                    if shares[i] <= min(caps[i], total):
                        break
                    shares[i] = 0
                    i += 1
                if i == players:
                    break
    elif kind == L.P_LURE:
        beside = beside_mask(s, seat)
        for loc in range(L.LOCS):
            if not (beside >> loc) & 1 or s[L.WOLF_AT + loc] == s[L.LEADER]:
                continue
            first = (loc + amount) % L.LOCS
            second = (loc - amount) % L.LOCS
            if s[L.WOLF_AT + first] < 0:
                n = emit(acts, n, L.V_MAIN, L.POWER, extra, loc, first, 0)
            if second != first and s[L.WOLF_AT + second] < 0:
                n = emit(acts, n, L.V_MAIN, L.POWER, extra, loc, second, 0)
    return n


@njit(sig("i8(S,S,i8,i8,i8,A2,i8,A2)"), **JIT)
def main_forms(s, c, seat, kind, extra, acts, n, scratch):
    """Append every way hunter `seat` can take main action `kind` now; returns the new count."""
    beside = beside_mask(s, seat)
    if kind == L.KNIFE:
        masks, k = knife_masks(beside)
        for i in range(k):
            n = emit(acts, n, L.V_MAIN, kind, extra, masks[i], 0, 0)
    elif kind == L.RIFLE:
        for loc in range(L.LOCS):
            if s[L.WOLF_AT + loc] >= 0 and not (beside >> loc) & 1:
                n = emit(acts, n, L.V_MAIN, kind, extra, loc, 0, 0)
    elif kind == L.SAMOVAR:
        for which in range(3):
            if s[hunter(seat) + L.H_STATS + which] < c[L.C_TRACK_LEN + which]:
                n = emit(acts, n, L.V_MAIN, kind, extra, which, 0, 0)
    elif kind == L.TRAP:
        limit = stat(s, c, seat, 2) + space_bonus(s, c, seat, L.TRAP) + s[L.TURN_ASSISTS]
        k = supply_sides(s, c, limit, scratch)
        first = s[hunter(seat) + L.H_SPACE]
        second = (first + 1) % L.LOCS
        for loc in (first, second):
            for i in range(k):
                n = emit(acts, n, L.V_MAIN, kind, extra, trap_word(loc, scratch[i, 0], scratch[i, 1]), -1, 0)
        for i in range(k):
            for j in range(k):
                if scratch[i, 0] != scratch[j, 0]:
                    a = trap_word(first, scratch[i, 0], scratch[i, 1])
                    b = trap_word(second, scratch[j, 0], scratch[j, 1])
                    if first < second:
                        n = emit(acts, n, L.V_MAIN, kind, extra, a, b, 0)
                    else:
                        n = emit(acts, n, L.V_MAIN, kind, extra, b, a, 0)
    elif kind == L.OUTWIT:
        candidates = 0
        for loc in range(L.LOCS):
            if (beside >> loc) & 1 and s[L.WOLF_OUT + loc] == 0 and s[L.WOLF_AT + loc] != s[L.LEADER]:
                candidates |= 1 << loc
        outwitted = outwitted_mask(s)
        count = popcount(outwitted)
        supply = c[L.C_OUTWITS] - count
        masks, k = knife_masks(candidates)
        for i in range(k):
            size = popcount(masks[i])
            short = size - supply
            if short <= 0 or short == count:
                n = emit(acts, n, L.V_MAIN, kind, extra, masks[i], -1, 0)
            elif short == 1:
                for source in range(L.LOCS):
                    if (outwitted >> source) & 1:
                        n = emit(acts, n, L.V_MAIN, kind, extra, masks[i], source, 0)
    elif kind == L.POWER:
        n = power_forms(s, c, seat, extra, acts, n, scratch)
    return n


@njit(sig("b1(S,S,A2,i8,A2)"), **JIT)
def attack_ahead(s, c, acts, n, scratch):
    """Whether the active hunter can take a knife, rifle or trap action now (one that an Assist raises)."""
    seat = s[L.ACTIVE]
    pkind, _ = power_of(s, c, seat)
    for kind in (L.KNIFE, L.RIFLE, L.TRAP, L.POWER):
        if kind == L.POWER and pkind != L.P_LONG_SHOT and pkind != L.P_CHARGE:
            continue
        earned = s[hunter(seat) + L.H_MAINS + kind] > 0 or s[L.TURN_MAIN] == kind
        if earned and main_forms(s, c, seat, kind, 0, acts, n, scratch) > n:
            return True
    return False


@njit(sig("b1(S)"), **JIT)
def free_moment(s):
    """Free actions may be used now: the player phase, no choice pending, the game on."""
    return s[L.PHASE] == 1 and s[L.NTASKS] == 0 and s[L.RESULT] == 0


@njit(sig("i8(S,S,i8,A2,i8,A2)"), **JIT)
def free_options(s, c, seat, acts, n, scratch):
    """Append the free actions `seat` can use now: Assist, Modify, Reroll."""
    h = hunter(seat)
    helps = seat != s[L.ACTIVE] or s[L.PLAYERS] == 1
    if s[h + L.H_FREE] > 0 and helps and s[L.STEP] == 2 and attack_ahead(s, c, acts, n, scratch):
        n = emit(acts, n, L.V_ASSIST, 0, 0, 0, 0, 0)
    pool = pool_mask(s)
    if pool == 0:
        return n
    if s[h + L.H_FREE + 1] > 0:
        for d in range(L.DICE):
            if (pool >> d) & 1:
                n = emit(acts, n, L.V_MODIFY, d, 1, s[L.DIE_VAL + d], 0, 0)
                n = emit(acts, n, L.V_MODIFY, d, 0, s[L.DIE_VAL + d], 0, 0)
    if s[h + L.H_FREE + 2] > 0:
        sub = pool
        while sub:
            n = emit(acts, n, L.V_REROLL, sub, 0, 0, 0, 0)
            sub = (sub - 1) & pool
    return n


@njit(sig("i8(S)"), **JIT)
def owner(s):
    """The seat whose decision play waits for: the chooser of a pending choice, else the active hunter."""
    if s[L.NTASKS] > 0:
        t = top(s)
        if s[t] == L.T_BONUS:
            return s[t + 1]
        if s[t] == L.T_TARGET:
            return s[L.CROSS]
    return s[L.ACTIVE]


@njit(sig("b1(S,S,i8,A2,A2)"), **JIT)
def others_may_help(s, c, who, acts, scratch):
    """Whether a seat other than `who` has a free action now."""
    players = s[L.PLAYERS]
    modify_or_reroll = False
    helpers = False
    for seat in range(players):
        if seat == who:
            continue
        h = hunter(seat)
        if s[h + L.H_FREE + 1] > 0 or s[h + L.H_FREE + 2] > 0:
            modify_or_reroll = True
        if s[h + L.H_FREE] > 0 and (seat != s[L.ACTIVE] or players == 1):
            helpers = True
    if modify_or_reroll and pool_mask(s) != 0:
        return True
    if s[L.STEP] != 2:
        return False
    return helpers and attack_ahead(s, c, acts, 0, scratch)


@njit(sig("i8(S,S,A2,A2)"), **JIT)
def current_player(s, c, acts, scratch):
    """-4 terminal, -1 chance, -2 simultaneous, else the seat to act (the engine's constants)."""
    if s[L.RESULT] != 0:
        return -4
    if s[L.NTASKS] > 0 and s[top(s)] < L.T_TARGET:
        return -1
    who = owner(s)
    if free_moment(s) and others_may_help(s, c, who, acts, scratch):
        return -2
    return who


@njit(sig("i8(S,S,A2,i8)"), **JIT)
def choice_options(s, c, acts, n):
    """Append the options of the pending choice task on top of the stack."""
    t = top(s)
    kind, a, b = s[t], s[t + 1], s[t + 2]
    if kind == L.T_TARGET:
        if s[L.WOLF_AT + a] < 0 or s[L.WOLF_OUT + a] != 0:
            return n
        for seat in range(s[L.PLAYERS]):
            space = s[hunter(seat) + L.H_SPACE]
            if space == a or space == (a + L.LOCS - 1) % L.LOCS:
                n = emit(acts, n, L.V_TARGET, 0, seat, 0, 0, 0)
        dog = dog_facing(s, c, a)
        if dog >= 0:
            n = emit(acts, n, L.V_TARGET, 1, dog, 0, 0, 0)
        if s[L.ELDERS] > 0:
            n = emit(acts, n, L.V_TARGET, 2, 0, 0, 0, 0)
        return n
    h = hunter(a)
    if b == 0:
        for which in range(3):
            if s[h + L.H_STATS + which] < c[L.C_TRACK_LEN + which]:
                n = emit(acts, n, L.V_BONUS_STAT, which, 0, 0, 0, 0)
    elif b == 1:
        for d in range(c[L.C_NDOG]):
            if s[L.DOG + d] > 0:
                n = emit(acts, n, L.V_BONUS_DOG, d, 0, 0, 0, 0)
    else:
        for row in range(L.ROWS):
            length = s[h + L.H_ROWLEN + row]
            if length == 0:
                continue
            found = False
            for i in range(s[h + L.H_RESETN + row]):
                if s[h + L.H_RESETS + row * L.MAX_BOXES + i] == length:
                    found = True
            if not found:
                n = emit(acts, n, L.V_RESET, row, 0, 0, 0, 0)
    return n


@njit(sig("i8(S,S,A2,i8,A2)"), **JIT)
def action_options(s, c, acts, n, scratch):
    """Append everything the active hunter may do in the action step of the turn."""
    seat = s[L.ACTIVE]
    h = hunter(seat)
    pool = pool_mask(s)
    die = s[L.TURN_DIE]
    if die < 0:
        for d in range(L.DICE):
            if (pool >> d) & 1:
                n = emit(acts, n, L.V_TAKE, d, s[L.DIE_VAL + d], 0, 0, 0)
    else:
        if s[L.TURN_MOVED] == 0:
            k = move_options(s, c, seat, s[h + L.H_SPACE], s[L.DIE_VAL + die], scratch)
            for i in range(k):
                n = emit(acts, n, L.V_MOVE, scratch[i, 0], scratch[i, 1], scratch[i, 2], 0, 0)
        if s[L.TURN_WRITTEN] == 0:
            for row in range(L.ROWS):
                if writable(s, c, seat, die, row):
                    n = emit(acts, n, L.V_WRITE, row, 0, 0, 0, 0)
    if s[L.TURN_MAIN] >= 0:
        n = main_forms(s, c, seat, s[L.TURN_MAIN], 0, acts, n, scratch)
    for kind in range(6):
        if s[h + L.H_MAINS + kind] > 0:
            n = main_forms(s, c, seat, kind, 1, acts, n, scratch)
    if (die >= 0 or pool == 0) and (s[L.TURN_WRITTEN] != 0 or die < 0 or not any_writable(s, c, seat, die)):
        n = emit(acts, n, L.V_END, 0, 0, 0, 0, 0)
    return n


@njit(sig("i8(S,S,i8,A2,A2)"), **JIT)
def legal_actions(s, c, player, acts, scratch):
    """The legal actions of `player` at a decision node (into `acts`); how many."""
    n = 0
    if free_moment(s):
        n = free_options(s, c, player, acts, n, scratch)
    if player != owner(s):
        return n
    if s[L.NTASKS] > 0:
        return choice_options(s, c, acts, n)
    if s[L.PHASE] != 1:
        return n
    if s[L.STEP] == 1:
        n = emit(acts, n, L.V_PASS, 0, 0, 0, 0, 0)
        return emit(acts, n, L.V_TURN, 0, 0, 0, 0, 0)
    return action_options(s, c, acts, n, scratch)


# ---- decisions -------------------------------------------------------------------------------------------------


@njit(sig("i8(S)"), **JIT)
def spend_assists(s):
    """The assists given for this attack; later actions are not raised by them."""
    assists = s[L.TURN_ASSISTS]
    s[L.TURN_ASSISTS] = 0
    return assists


@njit(sig("void(S,S,i8,S)"), **JIT)
def use_power(s, c, seat, act):
    """Carry out the hunter's power as encoded in `act`."""
    kind, amount = power_of(s, c, seat)
    h = hunter(seat)
    if kind == L.P_LONG_SHOT:
        bonus = space_bonus(s, c, seat, L.RIFLE) + spend_assists(s)
        hurt_wolf(s, c, act[3], stat(s, c, seat, 1) + amount + bonus, L.HIT_RIFLE, seat)
    elif kind == L.P_CHARGE:
        if act[3] >= 0:
            s[h + L.H_SPACE] = act[3]
            if act[6]:
                hurt_hunter(s, seat, act[6] * c[L.C_RIVER_COST])
        hit = stat(s, c, seat, 0) + space_bonus(s, c, seat, L.KNIFE) + spend_assists(s)
        for loc in range(L.LOCS):
            if (act[5] >> loc) & 1 and s[L.WOLF_AT + loc] >= 0 and s[L.RESULT] == 0:
                hurt_wolf(s, c, loc, hit, L.HIT_KNIFE, seat)
    elif kind == L.P_SNARE:
        for i in range(3, L.ACTION_WIDTH):
            if act[i] < 0:
                break
            loc = act[i] // 10000
            place_trap(s, loc, (act[i] // 100) % 100, act[i] % 100)
            if s[L.WOLF_AT + loc] >= 0:
                spring_traps(s, c, loc)
    elif kind == L.P_HOUNDS:
        if act[3] >= 0:
            s[L.DOG + act[3]] = 0
            s[L.DOG_SUPPLY] -= 1
        for loc in range(L.LOCS):
            if (act[4] >> loc) & 1 and s[L.WOLF_AT + loc] >= 0 and s[L.RESULT] == 0:
                hurt_wolf(s, c, loc, amount, L.HIT_DOG, -1)
    elif kind == L.P_FIELD_MEDIC:
        for other in range(s[L.PLAYERS]):
            share = act[3 + other] if other < 3 else act[6]
            if share:
                heal(s, other, share)
    else:
        origin, target = act[3], act[4]
        s[L.WOLF_AT + target] = s[L.WOLF_AT + origin]
        s[L.WOLF_DMG + target] = s[L.WOLF_DMG + origin]
        s[L.WOLF_OUT + target] = s[L.WOLF_OUT + origin]
        s[L.WOLF_AT + origin] = -1
        s[L.WOLF_DMG + origin] = 0
        s[L.WOLF_OUT + origin] = 0
        spring_traps(s, c, target)


@njit(sig("void(S,S,i8,S)"), **JIT)
def do_main(s, c, seat, act):
    """Carry out a main action (from the die written, or an unlocked one)."""
    kind = act[1]
    if kind == L.KNIFE:
        amount = stat(s, c, seat, 0) + space_bonus(s, c, seat, L.KNIFE) + spend_assists(s)
        extra = popcount(acting_mask(s, c, L.A_AGGRESSION))
        strikes = 0
        for loc in range(L.LOCS):
            if (act[3] >> loc) & 1 and s[L.WOLF_OUT + loc] == 0:
                strikes += wolf_field(c, s[L.WOLF_AT + loc], L.W_DAMAGE) + extra
        for loc in range(L.LOCS):
            if (act[3] >> loc) & 1 and s[L.WOLF_AT + loc] >= 0 and s[L.RESULT] == 0:
                hurt_wolf(s, c, loc, amount, L.HIT_KNIFE, seat)
        if s[L.RESULT] == 0 and strikes:
            hurt_hunter(s, seat, strikes)
    elif kind == L.RIFLE:
        amount = stat(s, c, seat, 1) + space_bonus(s, c, seat, L.RIFLE) + spend_assists(s)
        hurt_wolf(s, c, act[3], amount, L.HIT_RIFLE, seat)
    elif kind == L.TRAP:
        spend_assists(s)
        for i in range(3, 5):
            if act[i] >= 0:
                place_trap(s, act[i] // 10000, (act[i] // 100) % 100, act[i] % 100)
    elif kind == L.SAMOVAR:
        step_up(s, c, seat, act[3])
    elif kind == L.OUTWIT:
        outwitted = outwitted_mask(s)
        supply = c[L.C_OUTWITS] - popcount(outwitted)
        for target in range(L.LOCS):
            if not (act[3] >> target) & 1:
                continue
            if supply > 0:
                supply -= 1
            else:
                donor = act[4]
                if donor < 0:
                    for loc in range(L.LOCS):
                        if (outwitted >> loc) & 1:
                            donor = loc
                            break
                outwitted &= ~(1 << donor)
                s[L.WOLF_OUT + donor] = 0
            s[L.WOLF_OUT + target] = 1
            release_die(s, s[L.WOLF_AT + target])
    else:
        use_power(s, c, seat, act)


@njit(sig("void(S,S,i8,i8)"), **JIT)
def write_die(s, c, seat, row):
    """Write the die in the row's leftmost free box, circle what it unlocks, and maybe earn the main action."""
    h = hunter(seat)
    number = s[L.DIE_VAL + s[L.TURN_DIE]]
    length = s[h + L.H_ROWLEN + row]
    grants = length == 0
    if not grants:
        for i in range(s[h + L.H_RESETN + row]):
            if s[h + L.H_RESETS + row * L.MAX_BOXES + i] == length:
                grants = True
        if not grants:
            grants = number >= s[h + L.H_ROWS + row * L.MAX_BOXES + length - 1]
    s[h + L.H_ROWS + row * L.MAX_BOXES + length] = number
    s[h + L.H_ROWLEN + row] = length + 1
    free = c[L.C_BOX_FREE + row * L.MAX_BOXES + length]
    main = c[L.C_BOX_MAIN + row * L.MAX_BOXES + length]
    if free == 3:
        heal(s, seat, 1)
    elif free >= 0:
        s[h + L.H_FREE + free] += 1
    if main >= 0:
        s[h + L.H_MAINS + main] = max(s[h + L.H_MAINS + main], 0) + 1
    s[L.TURN_WRITTEN] = 1
    s[L.TURN_MAIN] = c[L.C_ROW_KIND + row] if grants else -1


@njit(sig("void(S,S,S,i8)"), **JIT)
def decide(s, c, act, seat):
    """Carry out a (legal) decision of `seat`."""
    verb = act[0]
    h = hunter(seat)
    if verb == L.V_ASSIST:
        s[h + L.H_FREE] -= 1
        s[L.TURN_ASSISTS] += 1
        return
    if verb == L.V_MODIFY:
        d = act[1]
        s[L.DIE_VAL + d] = (s[L.DIE_VAL + d] - 1 + (1 if act[2] else -1)) % 6 + 1
        s[h + L.H_FREE + 1] -= 1
        return
    if verb == L.V_REROLL:
        s[h + L.H_FREE + 2] -= 1
        for d in range(L.DICE - 1, -1, -1):
            if (act[1] >> d) & 1:
                push(s, L.T_ROLL, d, 0, 0)
        return
    if s[L.NTASKS] > 0:
        t = top(s)
        kind, a = s[t], s[t + 1]
        s[L.NTASKS] -= 1
        if kind == L.T_TARGET:
            w = s[L.WOLF_AT + a]
            damage = wolf_field(c, w, L.W_DAMAGE) + popcount(acting_mask(s, c, L.A_AGGRESSION))
            if act[1] == 2:
                s[L.ELDERS] -= 1
                if s[L.ELDERS] == 0:
                    finish(s, 2)
            elif act[1] == 1:
                hurt_dog(s, c, act[2], damage)
                hurt_wolf(s, c, a, c[L.C_DOG_STRIKE], L.HIT_DOG, -1)
            else:
                hurt_hunter(s, act[2], damage)
        elif verb == L.V_RESET:
            ha = hunter(a)
            row = act[1]
            s[ha + L.H_RESETS + row * L.MAX_BOXES + s[ha + L.H_RESETN + row]] = s[ha + L.H_ROWLEN + row]
            s[ha + L.H_RESETN + row] += 1
        elif verb == L.V_BONUS_STAT:
            step_up(s, c, a, act[1])
        else:
            s[L.DOG + act[1]] = 0
        return
    if verb == L.V_PASS:
        pass_turn(s, seat)
    elif verb == L.V_TURN:
        start_turn(s, c)
    elif verb == L.V_TAKE:
        s[L.TURN_DIE] = act[1]
        s[L.DIE_AT + act[1]] = seat
    elif verb == L.V_MOVE:
        s[h + L.H_SPACE] = act[1]
        s[L.TURN_MOVED] = 1
        if act[3]:
            hurt_hunter(s, seat, act[3] * c[L.C_RIVER_COST])
    elif verb == L.V_WRITE:
        write_die(s, c, seat, act[1])
    elif verb == L.V_END:
        here = leader_location(s)
        if round_kind(s, c) == 2 and here >= 0:
            push(s, L.T_ATTACK, here, 0, 0)
        push(s, L.T_NEXT_TURN, 0, 0, 0)
    elif act[2]:
        s[h + L.H_MAINS + act[1]] -= 1
        do_main(s, c, seat, act)
    else:
        s[L.TURN_MAIN] = -1
        do_main(s, c, seat, act)


@njit(sig("void(S,S,A2,A2)"), **JIT)
def settle(s, c, acts, scratch):
    """Run automatic steps until a chance event or a decision with options is pending, or the game is over."""
    while s[L.RESULT] == 0:
        if s[L.NTASKS] > 0:
            t = top(s)
            kind = s[t]
            if kind < L.T_TARGET:
                return
            if kind <= L.T_BONUS:
                k = choice_options(s, c, acts, 0)
                if k > 1:
                    return
                if k == 1:
                    decide(s, c, acts[0], owner(s))
                else:
                    s[L.NTASKS] -= 1
                continue
            a, b = s[t + 1], s[t + 2]
            s[L.NTASKS] -= 1
            run_task(s, c, kind, a, b)
            continue
        if s[L.PHASE] == 0:
            begin_round(s)
            continue
        if s[L.PHASE] == 1 and s[L.STEP] == 1:
            if pool_mask(s) == 0:
                end_player_phase(s, c)
                continue
            if popcount(dice_at(s, s[L.ACTIVE])) >= c[L.C_DICE_SPACES]:
                pass_turn(s, s[L.ACTIVE])
                continue
            if s[L.TURNS + s[L.ACTIVE]] == 0:
                start_turn(s, c)
                continue
        return


@njit(sig("void(S,S,S,i8,A2,A2)"), **JIT)
def apply_action(s, c, act, seat, acts, scratch):
    """Apply a chance outcome (seat < 0) or a decision of `seat`, then settle."""
    if seat < 0:
        apply_chance(s, c, act)
    else:
        decide(s, c, act, seat)
        s[L.DECISIONS] += 1
    s[L.HISTORY] += 1
    settle(s, c, acts, scratch)


@njit(sig("void(S,S,i8,i8,A2,A2)"), **JIT)
def new_game(s, c, players, difficulty, acts, scratch):
    """The start: characters, the Pack Leader, the dice and three Day Wolves still to be dealt."""
    s[:] = 0
    s[L.ROUND] = 1
    s[L.PLAYERS] = players
    s[L.LEADER] = -1
    s[L.LAST_ARRIVAL] = -1
    fresh_turn(s)
    for d in range(L.DICE):
        s[L.DIE_AT + d] = -1
    for loc in range(L.LOCS):
        s[L.WOLF_AT + loc] = -1
    for d in range(L.MAX_DOGS):
        s[L.DOG + d] = 0 if d < c[L.C_NDOG] else -1
    s[L.DOG_SUPPLY] = c[L.C_DOG_TOTAL] - c[L.C_DOG_ON_MAP]
    s[L.ELDERS] = c[L.C_ELDERS + difficulty]
    for t in range(L.MAX_TRAPS):
        s[L.TRAP_LOC + t] = -1
    for i in range(2):
        s[L.DECK_TOP + i] = -1
    for w in range(c[L.C_NWOLF]):
        s[L.IN_DECK + w] = 1 if wolf_field(c, w, L.W_DECK) < 2 else 0
    for seat in range(players):
        h = hunter(seat)
        s[h + L.H_CHAR] = -1
        s[h + L.H_SPACE] = -1
        s[h + L.H_HEARTS] = c[L.C_HEART_START]
        s[h + L.H_DASHED] = c[L.C_HEART_EXTRA]
        for which in range(3):
            s[h + L.H_STATS + which] = 1
            s[h + L.H_FREE + which] = c[L.C_FREE_START + difficulty * 3 + which]
        for kind in range(6):
            s[h + L.H_MAINS + kind] = -1
    for _ in range(3):
        push(s, L.T_NEWWOLF, 0, 0, 0)
    for d in range(L.DICE - 1, -1, -1):
        push(s, L.T_ROLL, d, 0, 0)
    push(s, L.T_LEADER, 0, 0, 0)
    for seat in range(players - 1, -1, -1):
        push(s, L.T_CHARACTER, seat, 0, 0)
    settle(s, c, acts, scratch)


# ---- the random hunters ----------------------------------------------------------------------------------------


@njit(sig("f8(U1)"), **JIT)
def next_random(rng):
    """A uniform float in [0, 1) from a xorshift64* generator kept in rng[0]."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return float((x * np.uint64(2685821657736338717)) >> np.uint64(11)) / 9007199254740992.0


@njit(sig("void(U1,u8)"), **JIT)
def seed_rng(rng, seed):
    """Seed the generator from a game's seed (splitmix64, so nearby seeds give unrelated streams)."""
    z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    rng[0] = z if z != np.uint64(0) else np.uint64(1)


@njit(sig("i8(F1,i8,U1)"), **JIT)
def sample(probs, n, rng):
    """An index drawn with the given probabilities."""
    r = next_random(rng)
    total = 0.0
    for i in range(n):
        total += probs[i]
    r *= total
    acc = 0.0
    for i in range(n):
        acc += probs[i]
        if r < acc:
            return i
    return n - 1


@njit(sig("i8(S,S,U1,A2,F1,A2,S)"), **JIT)
def random_step(s, c, rng, acts, probs, scratch, chosen):
    """One step of a game with random hunters (RandomBot's policy); the action into `chosen`; returns its seat."""
    player = current_player(s, c, acts, scratch)
    if player == -1:
        n = chance_outcomes(s, c, acts, probs)
        i = sample(probs, n, rng)
        chosen[:] = acts[i]
        apply_action(s, c, chosen, -1, acts, scratch)
        return -1
    if player == -2:
        # decision_order: the seats that may act but need not, from seat history % players round the table, each
        # acting a quarter of the time; then the seat play waits for
        who = owner(s)
        players = s[L.PLAYERS]
        for offset in range(players):
            seat = (s[L.HISTORY] + offset) % players
            if seat == who:
                continue
            n = legal_actions(s, c, seat, acts, scratch)
            if n == 0 or next_random(rng) >= 0.25:
                continue
            i = min(int(next_random(rng) * n), n - 1)
            chosen[:] = acts[i]
            apply_action(s, c, chosen, seat, acts, scratch)
            return seat
        player = who
    n = legal_actions(s, c, player, acts, scratch)
    i = min(int(next_random(rng) * n), n - 1)
    chosen[:] = acts[i]
    apply_action(s, c, chosen, player, acts, scratch)
    return player


@njit(sig("U2(S2,S,U1,i8,i8,i8)"), **JIT)
def play_random(states, c, seeds, players, difficulty, max_steps):
    """Play one game per seed with random hunters (up to `max_steps` actions each: -1 for no limit)."""
    acts = np.zeros((L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64)
    scratch = np.zeros((L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64)
    probs = np.zeros(L.MAX_ACTIONS, dtype=np.float64)
    chosen = np.zeros(L.ACTION_WIDTH, dtype=np.int64)
    rngs = np.zeros((seeds.shape[0], 1), dtype=np.uint64)
    for g in range(seeds.shape[0]):
        s = states[g]
        rng = rngs[g]
        seed_rng(rng, seeds[g])
        new_game(s, c, players, difficulty, acts, scratch)
        while s[L.RESULT] == 0 and (max_steps < 0 or s[L.HISTORY] < max_steps):
            random_step(s, c, rng, acts, probs, scratch, chosen)
    return rngs
