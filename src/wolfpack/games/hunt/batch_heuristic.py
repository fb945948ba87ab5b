"""The Wolves on the Hunt heuristic hunters jitted over the batch engine's vectors: a port of `bots.HeuristicBot`.

Each function mirrors the bot's method of the same name (without the underscore) over a game vector `s` and the
content vector `c` (offsets in `batch_layout`), using the rules of `batch_kernel` for clones (a row copy),
`legal_actions` and `apply_action`. `ranks` holds where some actions fall in the canonical notation's string order
(`batch_heuristic_ranks`), which the bot's candidate pruning keeps on ties. The module is imported (and compiled, or
loaded from numba's cache) only when a batch with heuristic hunters is asked for, so random batches never pay for it.

Buffers: `work` is a stack of action buffers with fixed roles (W_ names), `kids` the clones of the lookahead (K_
names), `options` the scored candidates of one choice with their planned rest of the turn (`opt_*`).
"""

# mypy: ignore-errors
# (numba's decorators are untyped; the typed API around these kernels is wolfpack.games.hunt.batch)

from __future__ import annotations

import numpy as np
from numba import njit, types

from wolfpack.games.hunt import batch_layout as L
from wolfpack.games.hunt.batch_kernel import (
    JIT,
    TYPES,
    apply_action,
    chance_outcomes,
    current_player,
    hunter,
    legal_actions,
    next_random,
    next_vacant,
    owner,
    pool_mask,
    sample,
    stat,
    wolf_field,
)
from wolfpack.games.hunt.bots import (
    MAX_WOLVES,
    MOVE_CANDIDATES,
    POWER_CANDIDATES,
    REROLL_SPREAD,
    TIE,
    TRAP_CANDIDATES,
    WIN,
    Weights,
)

_W = Weights()
LEADER_DAMAGE, WOLF, WOLF_DAMAGE, WOLF_HEALTH = _W.leader_damage, _W.wolf, _W.wolf_damage, _W.wolf_health
HEART, LOW_HEART, ELDER, LAST_ELDER = _W.heart, _W.low_heart, _W.elder, _W.last_elder
DOG, DOG_DAMAGE, STAT, MAIN, FREE, BOX = _W.dog, _W.dog_damage, _W.stat, _W.main, _W.free, _W.box
LAST_NUMBER, TRAP, PENDING_MAIN, LEADER_ATTACKS, THREAT = (
    _W.last_number,
    _W.trap,
    _W.pending_main,
    _W.leader_attacks,
    _W.threat,
)
INF = np.inf

RANDOM, HEURISTIC = 0, 1
"""Bot codes by seat."""
MAX_OPTIONS: int = 1024
"""Room for the scored candidates of one choice (pruned: a few dozen) and its Modify and Reroll options."""
PLAN: int = 14
"""Room for a plan: a take after a Modify, then at most 12 steps of the greedy rest of the turn."""
SLOT: int = MAX_OPTIONS - 1
"""The option row a die table's lookahead scores into, kept apart from the options being chosen between."""
# Roles of the action buffers in `work`.
W_ENGINE, W_SCRATCH, W_LEGAL, W_DECISIONS, W_PRUNED, W_INNER, W_INNER_PRUNED, W_OTHER, W_OTHER_PRUNED, W_ONE = range(10)
W_SAMPLES = 10
"""The powers each pruning sampled, in turn (row 0 word 0 counts them; the hand-off tests read them)."""
WORK = 11
# Roles of the clones in `kids`: the candidate, the candidate of a finishing step, a Modify's or Assist's child,
# a die table's child.
K_CANDIDATE, K_INNER, K_FREE, K_TABLE = range(4)
KIDS = 4
# Where the notation ranks sit in `ranks` (batch.notation_ranks fills them).
R_TRAP = 0  # [(location * MAX_TRAPS + token) * 2 + side]
R_MOVE = R_TRAP + L.LOCS * L.MAX_TRAPS * 2  # [space * 2 + direction]
R_COLOUR = R_MOVE + L.LOCS * 2  # [die]
RANKS_SIZE = R_COLOUR + L.DICE

HT = dict(TYPES)
HT["A3"] = types.int64[:, :, ::1]
HT["K"] = types.int64[:, ::1]
HT["P"] = types.int64[:, ::1]
HT["F2"] = types.float64[:, ::1]
HT["B"] = types.Tuple((HT["A3"], HT["K"], HT["F1"], HT["F1"], HT["A2"], HT["A3"], HT["S"], HT["U1"]))


def sig(text):
    """A numba signature in the short names of HT."""
    return eval(text, {"__builtins__": {}}, HT)  # a constant of this module, never input


BUF = "B"
"""The buffers every chooser passes on, as one tuple B: work, kids, values, opt_val, opt_act, opt_plan, opt_len, rng."""
BUF_NO_RNG = "A3,K,F1,F1,A2,A3,S"


# ---- evaluation ------------------------------------------------------------------------------------------------


@njit(sig("f8(i8)"), **JIT)
def hearts_value(hearts):
    """What a hunter's hearts are worth (the last ones dear)."""
    return HEART * hearts - LOW_HEART / max(float(hearts), 0.5)


@njit(sig("f8(i8)"), **JIT)
def elders_value(elders):
    """What the elders alive are worth (the last one dearest)."""
    return ELDER * elders + (LAST_ELDER if elders >= 1 else 0.0)


@njit(sig("i8(S,i8)"), **JIT)
def facing(c, loc):
    """The dog space facing `loc` (the last listed, as the bot's table keeps), or -1."""
    found = -1
    for d in range(c[L.C_NDOG]):
        if c[L.C_DOG_LOC + 2 * d] == loc or c[L.C_DOG_LOC + 2 * d + 1] == loc:
            found = d
    return found


@njit(sig("f8(S,S)"), **JIT)
def attack_cost(s, c):
    """What the wolves' next attacks would cost if each went, in turn from North, to its cheapest target."""
    players = s[L.PLAYERS]
    hearts = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    for seat in range(players):
        hearts[seat] = s[hunter(seat) + L.H_HEARTS]
    dogs = np.zeros(L.MAX_DOGS, dtype=np.int64)
    for d in range(L.MAX_DOGS):
        dogs[d] = s[L.DOG + d]
    elders = s[L.ELDERS]
    dog_health = c[L.C_DOG_HEALTH]
    cost = 0.0
    for loc in range(L.LOCS):
        w = s[L.WOLF_AT + loc]
        if w < 0 or s[L.WOLF_OUT + loc] != 0:
            continue
        damage = wolf_field(c, w, L.W_DAMAGE)
        best = INF
        choice = -1  # 0 hunter, 1 dog, 2 elder
        target = -1
        for seat in range(players):
            space = s[hunter(seat) + L.H_SPACE]
            if space >= 0 and (loc == space or loc == (space + 1) % L.LOCS):
                after = hearts[seat] - damage
                loss = hearts_value(hearts[seat]) - (hearts_value(after) if after > 0 else -WIN / 100)
                if loss < best:
                    best, choice, target = loss, 0, seat
        dog = facing(c, loc)
        if dog >= 0 and dogs[dog] >= 0:
            hurt = dogs[dog] + damage
            loss = DOG_DAMAGE * damage if hurt < dog_health else DOG - DOG_DAMAGE * dogs[dog]
            if loss < best:
                best, choice = loss, 1
        if elders:
            loss = elders_value(elders) - (elders_value(elders - 1) if elders > 1 else -WIN / 100)
            if loss < best:
                best, choice = loss, 2
        if choice == 0:
            hearts[target] -= damage
        elif choice == 1:
            dogs[dog] = -1 if dogs[dog] + damage >= dog_health else dogs[dog] + damage
        elif choice == 2:
            elders -= 1
        if best != INF:
            cost += best * (LEADER_ATTACKS if w == s[L.LEADER] else 1.0)
    return cost


@njit(sig("f8(S,S)"), **JIT)
def evaluate(s, c):
    """How good the (unfinished) position is for the hunters: higher is better."""
    value = 0.0
    for loc in range(L.LOCS):
        w = s[L.WOLF_AT + loc]
        if w < 0:
            continue
        left = max(wolf_field(c, w, L.W_HEALTH) - s[L.WOLF_DMG + loc], 0)
        if w == s[L.LEADER]:
            value += LEADER_DAMAGE * s[L.WOLF_DMG + loc]
            continue
        damage = wolf_field(c, w, L.W_DAMAGE)
        value -= WOLF + WOLF_DAMAGE * damage * (0.5 if s[L.WOLF_OUT + loc] else 1.0) + WOLF_HEALTH * left
    for seat in range(s[L.PLAYERS]):
        h = hunter(seat)
        value += hearts_value(s[h + L.H_HEARTS])
        mains = 0
        for kind in range(6):
            mains += max(s[h + L.H_MAINS + kind], 0)
        value += MAIN * mains + FREE * (s[h + L.H_FREE] + s[h + L.H_FREE + 1] + s[h + L.H_FREE + 2])
        for row in range(L.ROWS):
            if c[L.C_ROW_NBOXES + row] < 0:
                break
            length = s[h + L.H_ROWLEN + row]
            value += BOX * length
            if length:
                value -= LAST_NUMBER * s[h + L.H_ROWS + row * L.MAX_BOXES + length - 1]
    for seat in range(s[L.PLAYERS]):
        value += STAT * (stat(s, c, seat, 0) + stat(s, c, seat, 1) + stat(s, c, seat, 2))
    value += elders_value(s[L.ELDERS])
    for d in range(c[L.C_NDOG]):
        if s[L.DOG + d] >= 0:
            value += DOG - DOG_DAMAGE * s[L.DOG + d]
    traps = 0
    for t in range(L.MAX_TRAPS):
        if s[L.TRAP_LOC + t] >= 0:
            traps += s[L.TRAP_VAL + t]
    value += TRAP * traps
    if s[L.TURN_MAIN] >= 0:
        value += PENDING_MAIN
    return value - THREAT * attack_cost(s, c)


@njit(sig("f8(S,S)"), **JIT)
def position_value(s, c):
    """The bot's value of a position: a won game WIN, a lost one -WIN, else the evaluation."""
    if s[L.RESULT] == 1:
        return WIN
    if s[L.RESULT] == 2:
        return -WIN
    return evaluate(s, c)


# ---- small helpers -------------------------------------------------------------------------------------------


@njit(sig("b1(S)"), **JIT)
def is_free(act):
    """Whether an encoded action is a free action (assist, modify, reroll)."""
    return act[0] == L.V_ASSIST or act[0] == L.V_MODIFY or act[0] == L.V_REROLL


@njit(sig("b1(S)"), **JIT)
def is_turn_step(act):
    """Whether an action is a step of a hunter's own turn (TURN_VERBS): take, move, write, end, a main action."""
    v = act[0]
    return v == L.V_TAKE or v == L.V_MOVE or v == L.V_WRITE or v == L.V_END or v == L.V_MAIN


@njit(sig("b1(S)"), **JIT)
def is_attack(act):
    """Whether an action is one an Assist raises: knife, rifle, trap or a power (after `extra` too)."""
    return act[0] == L.V_MAIN and (act[1] == L.KNIFE or act[1] == L.RIFLE or act[1] == L.TRAP or act[1] == L.POWER)


@njit(sig("b1(S,S)"), **JIT)
def same(a, b):
    """Whether two encoded actions are the same action."""
    for j in range(L.ACTION_WIDTH):  # noqa: SIM110 (an early exit, compiled; a generator would be slower here)
        if a[j] != b[j]:
            return False
    return True


@njit(sig("i8(A2,i8,A2)"), **JIT)
def decisions_of(acts, n, out):
    """Copy the actions that are not free actions (into `out`); how many."""
    m = 0
    for i in range(n):
        if not is_free(acts[i]):
            out[m] = acts[i]
            m += 1
    return m


@njit(sig("i8(U1,i8)"), **JIT)
def uniform(rng, n):
    """An index drawn uniformly below n."""
    return min(int(next_random(rng) * n), n - 1)


@njit(sig("i8(F1,i8,i8,U1)"), **JIT)
def pick(values, low, high, rng):
    """The best-valued index in [low, high), ties (within TIE of the first best) broken by the generator."""
    ties = np.empty(high - low, dtype=np.int64)
    count = 0
    best = -INF
    for i in range(low, high):
        if values[i] > best + TIE:
            ties[0] = i
            count = 1
            best = values[i]
        elif values[i] > best - TIE:
            ties[count] = i
            count += 1
    return ties[0] if count == 1 else ties[uniform(rng, count)]


@njit(sig("i8(S,S,i8,i8)"), **JIT)
def grants(s, c, seat, die):
    """For each row a die can be written in, whether the value earns its main action: a mask per value 1-6.

    Bit (value - 1) * ROWS + row; `rows_for` in the bot, its tuple compared as this mask.
    """
    h = hunter(seat)
    masks = 0
    for row in range(L.ROWS):
        if c[L.C_ROW_NBOXES + row] < 0:
            break
        length = s[h + L.H_ROWLEN + row]
        if not (die == L.WILD_DIE or c[L.C_ROW_COLOUR + row] == die) or length >= c[L.C_ROW_NBOXES + row]:
            continue
        fresh = length == 0
        for i in range(s[h + L.H_RESETN + row]):
            if s[h + L.H_RESETS + row * L.MAX_BOXES + i] == length:
                fresh = True
        for value in range(1, 7):
            if fresh or value >= s[h + L.H_ROWS + row * L.MAX_BOXES + length - 1]:
                masks |= 1 << ((value - 1) * L.ROWS + row)
    return masks


@njit(sig("i8(i8,i8)"), **JIT)
def rows_at(masks, value):
    """The rows whose main action a die showing `value` earns, from `grants`."""
    return (masks >> ((value - 1) * L.ROWS)) & ((1 << L.ROWS) - 1)


@njit(sig("b1(i8,i8,i8)"), **JIT)
def newly(masks, value, turned):
    """Whether a die turned from `value` to `turned` earns the main action of some row that `value` does not."""
    return (rows_at(masks, turned) & ~rows_at(masks, value)) != 0


@njit(sig("i8(i8,i8)"), **JIT)
def wrap_die(value, delta):
    """A die turned one pip up or down (6 to 1, 1 to 6)."""
    return (value - 1 + delta) % 6 + 1


@njit(sig("i8(S)"), **JIT)
def next_arrival(s):
    """Where the next wolf will arrive: the first vacant location clockwise from the back on its deck, or -1."""
    top = s[L.DECK_TOP + (1 if s[L.ROUND] > 2 else 0)]
    return -1 if top < 0 else next_vacant(s, top, True)


# ---- pruning ---------------------------------------------------------------------------------------------------


@njit(sig("f8(S,S,i8)"), **JIT)
def trap_strength(s, act, target):
    """A trap placement's strength: its values, the next arrival's location counting fully, empty ones half."""
    total = 0.0
    for i in range(3, 5):
        word = act[i]
        if word < 0:
            continue
        loc = word // 10000
        weight = 1.0 if loc == target else (0.5 if s[L.WOLF_AT + loc] < 0 else 0.25)
        total += (word % 100) * weight
    return total


@njit(sig("i8(S,S,i8)"), **JIT)
def trap_rank(c, ranks, word):
    """Where a placed trap's word (`E=trap-5:3`) falls in string order."""
    loc, token, value = word // 10000, (word // 100) % 100, word % 100
    side = 0 if c[L.C_TRAP_SIDE + 2 * token] == value else 1
    return ranks[R_TRAP + (loc * L.MAX_TRAPS + token) * 2 + side]


@njit(sig("i8(S,S,S)"), **JIT)
def trap_key(c, ranks, act):
    """A trap action's place in the canonical notation's string order ('extra trap ...' before 'trap ...')."""
    second = trap_rank(c, ranks, act[4]) + 1 if act[4] >= 0 else 0
    return (0 if act[2] else 1) * 1_000_000 + (trap_rank(c, ranks, act[3]) + 1) * 1000 + second


@njit(sig("f8(S,i8)"), **JIT)
def reach(s, space):
    """Wolves beside a player space, the Pack Leader counting triple (what a move is pruned by)."""
    total = 0.0
    for loc in (space, (space + 1) % L.LOCS):
        if s[L.WOLF_AT + loc] >= 0:
            total += 1.0
            if s[L.WOLF_AT + loc] == s[L.LEADER]:
                total += 2.0
    return total


@njit(sig("void(F1,S,S,i8,i8)"), **JIT)
def keep_strongest(strength, key, index, n, keep):
    """Reorder index[:n] so that its first `keep` are the strongest, ties to the lower key (a stable sort's order)."""
    for k in range(min(keep, n)):
        best = k
        for i in range(k + 1, n):
            a, b = index[i], index[best]
            if strength[a] > strength[b] or (strength[a] == strength[b] and key[a] < key[b]):
                best = i
        index[k], index[best] = index[best], index[k]


@njit(sig("i8(S,S,S,A2,i8,A2,U1,A2)"), **JIT)
def prune(s, c, ranks, acts, n, out, rng, samples):
    """Cut trap placements to the strongest few, powers to a seeded sample and moves to those nearest wolves.

    The kept candidates go into `out` (the rest in order, then the traps, then the powers); returns how many.
    """
    traps = np.empty(n, dtype=np.int64)
    powers = np.empty(n, dtype=np.int64)
    moves = np.empty(n, dtype=np.int64)
    nt = np.int64(0)
    npw = np.int64(0)
    nm = np.int64(0)
    for i in range(n):
        if acts[i, 0] == L.V_MAIN and acts[i, 1] == L.TRAP:
            traps[nt] = i
            nt += 1
        elif acts[i, 0] == L.V_MAIN and acts[i, 1] == L.POWER:
            powers[npw] = i
            npw += 1
        elif acts[i, 0] == L.V_MOVE:
            moves[nm] = i
            nm += 1
    strength = np.zeros(n, dtype=np.float64)
    key = np.zeros(n, dtype=np.int64)
    dropped = np.zeros(n, dtype=np.bool_)
    if nm > MOVE_CANDIDATES:
        for j in range(nm):
            i = moves[j]
            strength[i] = reach(s, acts[i, 1])
            key[i] = ranks[R_MOVE + acts[i, 1] * 2 + acts[i, 2]]
        keep_strongest(strength, key, moves, nm, MOVE_CANDIDATES)
        for j in range(MOVE_CANDIDATES, nm):
            dropped[moves[j]] = True
    m = 0
    for i in range(n):
        if dropped[i] or (acts[i, 0] == L.V_MAIN and (acts[i, 1] == L.TRAP or acts[i, 1] == L.POWER)):
            continue
        out[m] = acts[i]
        if out[m, 0] == L.V_TAKE:  # takes in the notation's order (by colour name), as the bot lists them
            j = m
            while j > 0 and out[j - 1, 0] == L.V_TAKE and ranks[R_COLOUR + out[j - 1, 1]] > ranks[R_COLOUR + out[j, 1]]:
                for w in range(L.ACTION_WIDTH):
                    out[j - 1, w], out[j, w] = out[j, w], out[j - 1, w]
                j -= 1
        m += 1
    if nt > TRAP_CANDIDATES:
        target = next_arrival(s)
        for j in range(nt):
            i = traps[j]
            strength[i] = trap_strength(s, acts[i], target)
            key[i] = trap_key(c, ranks, acts[i])
        keep_strongest(strength, key, traps, nt, TRAP_CANDIDATES)
        nt = TRAP_CANDIDATES
    for j in range(nt):
        out[m] = acts[traps[j]]
        m += 1
    if npw > POWER_CANDIDATES:
        for j in range(POWER_CANDIDATES):  # a partial Fisher-Yates shuffle: a uniform sample without replacement
            k = j + uniform(rng, npw - j)
            powers[j], powers[k] = powers[k], powers[j]
        npw = POWER_CANDIDATES
        for j in range(npw):
            logged = samples[0, 0] % (samples.shape[0] - 1) + 1
            samples[logged] = acts[powers[j]]
            samples[0, 0] += 1
    for j in range(npw):
        out[m] = acts[powers[j]]
        m += 1
    return m


# ---- lookahead -------------------------------------------------------------------------------------------------


@njit(sig("void(S,S,S,i8,A2,i8," + BUF + ")"), **JIT)
def scored_plain(s, c, ranks, seat, cands, n, B):
    """The value of the position after each candidate (into `values`), with no rest of the turn."""
    work, kids, values, _opt_val, _opt_act, _opt_plan, _opt_len, _rng = B
    child = kids[K_INNER]
    for i in range(n):
        child[:] = s
        apply_action(child, c, cands[i], seat, work[W_ENGINE], work[W_SCRATCH])
        values[i] = position_value(child, c)


@njit(sig("i8(S,S,S,i8,A2,i8," + BUF + ")"), **JIT)
def best_plain(s, c, ranks, seat, cands, n, B):
    """The index of the best candidate by one step of lookahead (`_best` without finishing the turn)."""
    _work, _kids, values, _opt_val, _opt_act, _opt_plan, _opt_len, rng = B
    scored_plain(s, c, ranks, seat, cands, n, B)
    return pick(values, 0, n, rng)


@njit(inline="always")  # one call site: inlined there, not a library of its own (compile cost)
def finish_turn(t, c, ranks, seat, plan_of, offset, B):
    """Write the die taken and use its main action on `t`, greedily; the steps go into opt_plan[plan_of, offset:].

    Returns how many steps. Moves, unlocked extra actions and the end of the turn are left to later decisions.
    """
    work, _kids, _values, _opt_val, _opt_act, opt_plan, _opt_len, rng = B
    engine, scratch = work[W_ENGINE], work[W_SCRATCH]
    inner, pruned = work[W_INNER], work[W_INNER_PRUNED]
    taken = 0
    for _ in range(12):
        current = current_player(t, c, engine, scratch)
        if current < 0 and not (current == -2 and owner(t) == seat):
            break
        if current >= 0 and current != seat:
            break
        n = decisions_of(inner, legal_actions(t, c, seat, inner, scratch), inner)
        if n == 0:
            break
        every_step = True
        for i in range(n):
            every_step = every_step and is_turn_step(inner[i])
        if not every_step:
            break
        k = 0
        for i in range(n):
            v = inner[i, 0]
            if v == L.V_MOVE or v == L.V_END or v == L.V_TAKE or (v == L.V_MAIN and inner[i, 2] != 0):
                continue
            inner[k] = inner[i]
            k += 1
        if k == 0:
            break
        step = opt_plan[plan_of, offset + taken]
        if k == 1:
            step[:] = inner[0]
        else:
            m = prune(t, c, ranks, inner, k, pruned, rng, work[W_SAMPLES])
            step[:] = pruned[best_plain(t, c, ranks, seat, pruned, m, B)]
        apply_action(t, c, step, seat, engine, scratch)
        taken += 1
    return taken


@njit(sig("void(S,S,S,i8,A2,i8,i8,i8," + BUF + ")"), **JIT)
def scored_finish(s, c, ranks, seat, cands, n, at, offset, B):
    """Options at..at+n: each candidate, the greedy rest of the turn after it, and the value at the end."""
    work, kids, _values, opt_val, opt_act, _opt_plan, opt_len, _rng = B
    child = kids[K_CANDIDATE]
    if at + n > MAX_OPTIONS:
        raise ValueError("too many candidates for the heuristic hunters' option buffer")
    for i in range(n):
        j = at + i
        opt_act[j] = cands[i]
        child[:] = s
        apply_action(child, c, opt_act[j], seat, work[W_ENGINE], work[W_SCRATCH])
        rest = 0
        if cands[i, 0] != L.V_END:
            rest = finish_turn(child, c, ranks, seat, j, offset, B)
        opt_val[j] = position_value(child, c)
        opt_len[j] = offset + rest


@njit(sig("f8(f8,F2,i8)"), **JIT)
def expected_max(kept, tables, mask):
    """The expected best of a known value and the dice in `mask`, each worth tables[die, face - 1] with chance 1/6."""
    points = np.empty(L.DICE * 6 + 1, dtype=np.float64)
    n = 0
    for d in range(L.DICE):
        if (mask >> d) & 1:
            for f in range(6):
                points[n] = tables[d, f]
                n += 1
    if kept > -INF:
        points[n] = kept
        n += 1
    points = np.sort(points[:n])
    expected, below = 0.0, 0.0
    for i in range(n):
        point = points[i]
        if (i > 0 and point == points[i - 1]) or point < kept:
            continue
        at_most = 1.0
        for d in range(L.DICE):
            if (mask >> d) & 1:
                count = 0
                for f in range(6):
                    if tables[d, f] <= point:
                        count += 1
                at_most *= count / 6.0
        expected += point * (at_most - below)
        below = at_most
    return expected


@njit(sig("void(S,i8,i8,i8)"), **JIT)
def encode(act, verb, a1, a2):
    """Write a three-word action (the rest zero) into `act`."""
    act[:] = 0
    act[0] = verb
    act[1] = a1
    act[2] = a2


@njit(inline="always")  # one call site: inlined there, not a library of its own (compile cost)
def die_table(s, c, ranks, seat, die, shown, value, actor, table, B):
    """What taking this die is worth at each face 1-6 (no free action spent), from one lookahead per class."""
    work, kids, _values, opt_val, _opt_act, _opt_plan, _opt_len, _rng = B
    masks = grants(s, c, seat, die)
    keys = np.empty(7, dtype=np.int64)
    faces = np.empty(7, dtype=np.int64)
    worth = np.empty(7, dtype=np.float64)
    keys[0], faces[0], worth[0] = rows_at(masks, shown), shown, value
    known = 1
    one = work[W_ONE]
    child = kids[K_TABLE]
    for face in range(1, 7):
        key = rows_at(masks, face)
        k = 0
        while k < known and keys[k] != key:
            k += 1
        if k == known:
            child[:] = s
            encode(one[0], L.V_REROLL, 1 << die, 0)
            apply_action(child, c, one[0], actor, work[W_ENGINE], work[W_SCRATCH])
            encode(one[0], L.V_ROLL, face, 0)
            apply_action(child, c, one[0], -1, work[W_ENGINE], work[W_SCRATCH])
            encode(one[0], L.V_TAKE, die, face)
            scored_finish(child, c, ranks, seat, one, 1, SLOT, 0, B)
            keys[k], faces[k], worth[k] = key, face, opt_val[SLOT] + FREE  # the lookahead spent the reroll
            known += 1
        table[face - 1] = worth[k] - LAST_NUMBER * (face - faces[k])  # only the number written differs


@njit(inline="always")  # one call site: inlined there, not a library of its own (compile cost)
def modify_options(s, c, ranks, seat, n, actor, m, B):
    """Append (value, modify, [take, rest...]) for each Modify by `actor` that makes a taken die earn a main action."""
    work, kids, _values, _opt_val, opt_act, opt_plan, _opt_len, _rng = B
    one = work[W_ONE]
    child = kids[K_FREE]
    for j in range(n):
        if opt_act[j, 0] != L.V_TAKE:
            continue
        die, value = opt_act[j, 1], opt_act[j, 2]
        masks = grants(s, c, seat, die)
        for way in (1, 0):
            turned = wrap_die(value, 1 if way else -1)
            if not newly(masks, value, turned):
                continue
            child[:] = s
            encode(one[0], L.V_MODIFY, die, way)
            one[0, 3] = value
            apply_action(child, c, one[0], actor, work[W_ENGINE], work[W_SCRATCH])
            encode(one[0], L.V_TAKE, die, turned)
            scored_finish(child, c, ranks, seat, one, 1, m, 1, B)
            opt_plan[m, 0] = one[0]
            encode(opt_act[m], L.V_MODIFY, die, way)
            opt_act[m, 3] = value
            m += 1
    return m


@njit(inline="always")  # one call site: inlined there, not a library of its own (compile cost)
def reroll_options(s, c, ranks, seat, n, actor, m, B):
    """Append (expected value, reroll, no plan) for rerolling one die, every die but the best, or all, by `actor`."""
    _work, _kids, _values, opt_val, opt_act, _opt_plan, opt_len, _rng = B
    current = np.full(L.DICE, -INF)
    shown = np.zeros(L.DICE, dtype=np.int64)
    present = 0
    for j in range(n):
        if opt_act[j, 0] == L.V_TAKE:
            die = opt_act[j, 1]
            current[die] = opt_val[j]
            shown[die] = opt_act[j, 2]
            present |= 1 << die
    if present == 0:
        return m
    tables = np.zeros((L.DICE, 6), dtype=np.float64)
    for j in range(n):  # in the candidates' order, as the bot builds its tables
        if opt_act[j, 0] == L.V_TAKE:
            die = opt_act[j, 1]
            die_table(
                s, c, ranks, seat, die, shown[die], current[die], actor, tables[die],
                B
            )  # fmt: skip
    leader = -1
    for die in range(L.DICE):
        if (present >> die) & 1 and (leader < 0 or current[die] > current[leader]):
            leader = die
    choices = np.empty(L.DICE + 2, dtype=np.int64)
    k = 0
    for die in range(L.DICE):
        if (present >> die) & 1:
            choices[k] = 1 << die
            k += 1
    choices[k] = present & ~(1 << leader)
    choices[k + 1] = present
    k += 2
    holds = s[hunter(actor) + L.H_FREE + 2] > 0
    pool = pool_mask(s)
    for i in range(k):
        chosen = choices[i]
        if chosen == 0 or not holds or (chosen & ~pool) != 0:
            continue
        kept = -INF
        count = 0
        for die in range(L.DICE):
            if (present >> die) & 1:
                if (chosen >> die) & 1:
                    count += 1
                else:
                    kept = max(kept, current[die])
        if m >= MAX_OPTIONS - 1:
            raise ValueError("too many options for the heuristic hunters' option buffer")
        opt_val[m] = expected_max(kept, tables, chosen) - FREE - REROLL_SPREAD * (count - 1)
        encode(opt_act[m], L.V_REROLL, chosen, 0)
        opt_len[m] = 0
        m += 1
    return m


@njit(sig("i8(S,S,i8)"), **JIT)
def candidate_order(ranks, act, index):
    """Where a die-taking candidate falls in the bot's list: unlocked actions, takes by colour, traps, powers.

    Among unlocked actions of one class the batch keeps its own order (the bot's is the notation's); it matters only
    when such candidates tie for best with different plans.
    """
    if act[0] == L.V_TAKE:
        return 100_000 + ranks[R_COLOUR + act[1]]
    if act[0] == L.V_MAIN and act[1] == L.TRAP:
        return 200_000 + index
    if act[0] == L.V_MAIN and act[1] == L.POWER:
        return 300_000 + index
    return index


@njit(sig("i8(S,S,S,i8,A2,i8,i8,b1,b1," + BUF + ")"), **JIT)
def take_choice(s, c, ranks, seat, cands, n, actor, modify, reroll, B):
    """The option index of the best of taking each die (written and used greedily) and `actor`'s Modify or Reroll.

    A free action counts only when it beats every plain take (its value pays for the free action it uses up).
    """
    _work, _kids, _values, opt_val, opt_act, opt_plan, opt_len, rng = B
    scored_finish(s, c, ranks, seat, cands, n, 0, 0, B)
    if not (modify or reroll) or n == 0:
        return pick(opt_val, 0, n, rng)
    top = -INF
    for j in range(n):
        top = max(top, opt_val[j])
    m = n
    if modify:
        m = modify_options(s, c, ranks, seat, n, actor, m, B)
    first = -1
    for j in range(n):
        if opt_val[j] > top - TIE and (
            first < 0 or candidate_order(ranks, opt_act[j], j) < candidate_order(ranks, opt_act[first], first)
        ):
            first = j
    earns = False
    for step in range(opt_len[first]):
        earns = earns or opt_plan[first, step, 0] == L.V_MAIN
    if reroll and not earns:  # only when no die earns a main action
        m = reroll_options(s, c, ranks, seat, n, actor, m, B)
    better = False
    for j in range(n, m):
        if opt_val[j] > top + TIE:
            better = True
        else:
            opt_val[j] = -INF
    return pick(opt_val, n, m, rng) if better else pick(opt_val, 0, n, rng)


@njit(sig("f8(S,S,S,i8,A2,i8," + BUF + ")"), **JIT)
def best_attack(s, c, ranks, active, dec, n, B):
    """The best value of the active hunter's pruned attacks among its decisions `dec[:n]` (-inf if none)."""
    work, _kids, values, _opt_val, _opt_act, _opt_plan, _opt_len, rng = B
    pruned = work[W_OTHER_PRUNED]
    m = prune(s, c, ranks, dec, n, pruned, rng, work[W_SAMPLES])
    k = 0
    for i in range(m):
        if is_attack(pruned[i]):
            pruned[k] = pruned[i]
            k += 1
    scored_plain(s, c, ranks, active, pruned, k, B)
    best = -INF
    for i in range(k):
        best = max(best, values[i])
    return best


@njit(inline="always")  # one call site: inlined there, not a library of its own (compile cost)
def assist(s, c, ranks, seat, active, B):
    """Whether to Assist: the +1 makes the active hunter's best attack worth more than the assist kept."""
    work, kids, _values, _opt_val, _opt_act, _opt_plan, _opt_len, _rng = B
    dec = work[W_OTHER]
    n = decisions_of(dec, legal_actions(s, c, active, dec, work[W_SCRATCH]), dec)
    every_step = True
    attacks = False
    for i in range(n):
        every_step = every_step and is_turn_step(dec[i])
        attacks = attacks or is_attack(dec[i])
    if not attacks or not every_step:
        return False
    without = best_attack(s, c, ranks, active, dec, n, B)
    if without == -INF:
        return False  # the pruning left no attack (the bot's own check looks after pruning)
    child = kids[K_FREE]
    child[:] = s
    one = work[W_ONE]
    encode(one[0], L.V_ASSIST, 0, 0)
    apply_action(child, c, one[0], seat, work[W_ENGINE], work[W_SCRATCH])
    n = decisions_of(dec, legal_actions(child, c, active, dec, work[W_SCRATCH]), dec)
    helped = best_attack(child, c, ranks, active, dec, n, B)
    return helped > without + TIE


@njit(sig("b1(S,S,S,i8,b1,b1,b1,S," + BUF + ")"), **JIT)
def optional(s, c, ranks, seat, helps, modifies, rerolls, chosen, B):
    """A free action worth using now for the active hunter's turn (into `chosen`), or False."""
    work, _kids, _values, _opt_val, opt_act, _opt_plan, _opt_len, rng = B
    if s[L.PHASE] != 1 or s[L.STEP] != 2:
        return False
    active = owner(s)
    if helps and s[L.TURN_DIE] >= 0:
        if assist(s, c, ranks, seat, active, B):
            encode(chosen, L.V_ASSIST, 0, 0)
            return True
        return False
    if s[L.TURN_DIE] >= 0:
        return False  # the pool matters again only at the next take, which is considered then
    h = hunter(active)
    lack_modify = modifies and s[h + L.H_FREE + 1] == 0
    lack_reroll = rerolls and s[h + L.H_FREE + 2] == 0
    if not (lack_modify or lack_reroll):
        return False
    dec = work[W_OTHER]
    n = decisions_of(dec, legal_actions(s, c, active, dec, work[W_SCRATCH]), dec)
    hope_modify = False
    any_earns = False
    for i in range(n):
        if dec[i, 0] != L.V_TAKE:
            continue
        masks = grants(s, c, active, dec[i, 1])
        value = dec[i, 2]
        if newly(masks, value, wrap_die(value, 1)) or newly(masks, value, wrap_die(value, -1)):
            hope_modify = True
        if rows_at(masks, value) != 0:
            any_earns = True
    modify = lack_modify and hope_modify
    reroll = lack_reroll and not any_earns
    if not (modify or reroll):
        return False
    pruned = work[W_OTHER_PRUNED]
    m = prune(s, c, ranks, dec, n, pruned, rng, work[W_SAMPLES])
    k = take_choice(s, c, ranks, active, pruned, m, seat, modify, reroll, B)
    if is_free(opt_act[k]):
        chosen[:] = opt_act[k]
        return True
    return False


@njit(sig("b1(S,S)"), **JIT)
def wants_turn(s, c):
    """Take another turn (a new wolf comes with it) or pass for the rest of the round."""
    if s[L.ROUND] > c[L.C_NROUNDS] - 2:
        return True  # the endgame: the Pack Leader must die this round or the next
    threat = 2
    wolves = 0
    for loc in range(L.LOCS):
        w = s[L.WOLF_AT + loc]
        if w >= 0:
            wolves += 1
            if s[L.WOLF_OUT + loc] == 0:
                threat += wolf_field(c, w, L.W_DAMAGE)
    hearts = s[hunter(0) + L.H_HEARTS]
    for seat in range(1, s[L.PLAYERS]):
        hearts = min(hearts, s[hunter(seat) + L.H_HEARTS])
    if wolves >= L.LOCS - 1:
        return False
    return hearts > threat // 2 + 1 and wolves <= MAX_WOLVES


# ---- the bot's decision and its plan ---------------------------------------------------------------------------


@njit(sig("b1(S,i8,A2,i8,A3,P,S)"), **JIT)
def planned(s, seat, dec, n, plans, meta, chosen):
    """The next step of the turn planned earlier (into `chosen`), if play has followed the plan so far."""
    index = s[L.HISTORY] - meta[seat, 0]
    if meta[seat, 2] == 0 or not 0 <= index < meta[seat, 1]:
        return False
    for i in range(n):
        if same(dec[i], plans[seat, index]):
            chosen[:] = dec[i]
            return True
    return False


@njit(sig("void(i8,S,A3,P,i8)"), **JIT)
def follow_plans(history, act, plans, meta, players):
    """Action `act` was taken at `history`: a plan it departs from (or runs past) is given up."""
    for seat in range(players):
        if meta[seat, 2] == 0:
            continue
        index = history - meta[seat, 0]
        if index < 0:
            continue
        if index >= meta[seat, 1] or not same(act, plans[seat, index]):
            meta[seat, 2] = 0


@njit(sig("b1(S,S,S,i8,A3,P,S," + BUF + ")"), **JIT)
def decision(s, c, ranks, seat, plans, meta, chosen, B):
    """HeuristicBot.step for `seat`: its action into `chosen` (and its plan), or False where it lets the moment pass."""
    work, _kids, _values, _opt_val, opt_act, opt_plan, opt_len, rng = B
    scratch = work[W_SCRATCH]
    simultaneous = current_player(s, c, work[W_ENGINE], scratch) == -2
    legal = work[W_LEGAL]
    nl = legal_actions(s, c, seat, legal, scratch)
    if nl == 0:
        return False
    helps = modifies = rerolls = False
    for i in range(nl):
        helps = helps or legal[i, 0] == L.V_ASSIST
        modifies = modifies or legal[i, 0] == L.V_MODIFY
        rerolls = rerolls or legal[i, 0] == L.V_REROLL
    if simultaneous and seat != owner(s):
        return optional(s, c, ranks, seat, helps, modifies, rerolls, chosen, B)
    dec = work[W_DECISIONS]
    n = decisions_of(legal, nl, dec)
    if n == 0:
        if not optional(s, c, ranks, seat, helps, modifies, rerolls, chosen, B):
            chosen[:] = legal[0]
        return True
    takes = passes = turns = False
    every_step = True
    for i in range(n):
        takes = takes or dec[i, 0] == L.V_TAKE
        passes = passes or dec[i, 0] == L.V_PASS
        turns = turns or dec[i, 0] == L.V_TURN
        every_step = every_step and is_turn_step(dec[i])
    if takes:
        if planned(s, seat, dec, n, plans, meta, chosen):
            return True  # a die chosen together with the Modify just made
        if n == 1 and not (modifies or rerolls):
            chosen[:] = dec[0]
            return True
        pruned = work[W_PRUNED]
        m = prune(s, c, ranks, dec, n, pruned, rng, work[W_SAMPLES])
        k = take_choice(s, c, ranks, seat, pruned, m, seat, modifies, rerolls, B)
        chosen[:] = opt_act[k]
        plans[seat, : opt_len[k]] = opt_plan[k, : opt_len[k]]
        meta[seat, 0], meta[seat, 1], meta[seat, 2] = s[L.HISTORY] + 1, opt_len[k], 1
        return True
    if n == 1:
        chosen[:] = dec[0]
        return True
    if passes and turns:
        encode(chosen, L.V_TURN if wants_turn(s, c) else L.V_PASS, 0, 0)
        return True
    if planned(s, seat, dec, n, plans, meta, chosen):
        return True
    if not every_step:
        chosen[:] = dec[best_plain(s, c, ranks, seat, dec, n, B)]
        return True
    pruned = work[W_PRUNED]
    m = prune(s, c, ranks, dec, n, pruned, rng, work[W_SAMPLES])
    chosen[:] = pruned[best_plain(s, c, ranks, seat, pruned, m, B)]
    meta[seat, 0], meta[seat, 1], meta[seat, 2] = s[L.HISTORY] + 1, 0, 1
    return True


# ---- games with any mix of random and heuristic hunters --------------------------------------------------------


@njit(sig("void(S2,S,S,S,U2,A3,P,S,b1,S2," + BUF_NO_RNG + ",F1)"), **JIT)
def play_mixed(
    states,
    c,
    ranks,
    bots,
    rngs,
    plans,
    meta,
    until,
    fresh,
    last,
    work,
    kids,
    values,
    opt_val,
    opt_act,
    opt_plan,
    opt_len,
    probs,
):
    """Play each game with bots[seat] in each seat (RANDOM or HEURISTIC) until it ends or reaches `until[g]` actions.

    One step at a time as `wolfpack.engine.play.bot_decision` asks the seats: chance is sampled; at a simultaneous
    node the seats that may act but need not, from seat history % players round the table, then the seat play waits
    for. `plans`/`meta` hold the heuristic seats' plans: reset for every game if `fresh`, else carried on (one game
    stepped at a time). last[g] is the seat (-1 for chance) and the action of game g's last step.
    This is the module's only entry point: numba re-optimises everything an entry point links, so there is one.
    """
    engine, scratch, legal = work[W_ENGINE], work[W_SCRATCH], work[W_LEGAL]
    chosen = np.zeros(L.ACTION_WIDTH, dtype=np.int64)
    for g in range(states.shape[0]):
        s = states[g]
        rng = rngs[g]
        B = (work, kids, values, opt_val, opt_act, opt_plan, opt_len, rng)
        players = s[L.PLAYERS]
        if fresh:
            meta[:] = 0
        while s[L.RESULT] == 0 and (until[g] < 0 or s[L.HISTORY] < until[g]):
            history = s[L.HISTORY]
            player = current_player(s, c, engine, scratch)
            acted = -3
            if player == -1:
                n = chance_outcomes(s, c, engine, probs)
                chosen[:] = engine[sample(probs, n, rng)]
                acted = -1
            elif player == -2:
                who = owner(s)
                for offset in range(players):
                    seat = (history + offset) % players
                    if seat == who:
                        continue
                    n = legal_actions(s, c, seat, legal, scratch)
                    if n == 0:
                        continue
                    if bots[seat] == RANDOM:
                        if next_random(rng) >= 0.25:
                            continue
                        chosen[:] = legal[uniform(rng, n)]
                    elif not decision(
                        s, c, ranks, seat, plans, meta, chosen,
                        B
                    ):  # fmt: skip
                        continue
                    acted = seat
                    break
                if acted == -3:
                    player = who
            if acted == -3:
                if bots[player] == RANDOM:
                    chosen[:] = legal[uniform(rng, legal_actions(s, c, player, legal, scratch))]
                elif not decision(
                    s, c, ranks, player, plans, meta, chosen,
                    B
                ):  # fmt: skip
                    raise ValueError("a heuristic hunter declined to act where play waits for it")
                acted = player
            follow_plans(history, chosen, plans, meta, players)
            apply_action(s, c, chosen, acted, engine, scratch)
            last[g, 0] = acted
            last[g, 1:] = chosen
