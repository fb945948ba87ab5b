"""Why an action is not legal now: the rule that forbids it, in a sentence a player understands."""

from __future__ import annotations

from wolfpack.games.hunt import rules
from wolfpack.games.hunt.actions import verb as verb_of
from wolfpack.games.hunt.state import CHANCE_TASKS, HuntState, main_forms
from wolfpack.games.hunt.words import hunter_name

CHANCE_VERBS = frozenset({"character", "leader", "roll", "face", "back", "howl"})
MAIN_VERBS = frozenset({"knife", "rifle", "trap", "samovar", "outwit", "power"})


def why_illegal(state: HuntState, action: str, player: int) -> tuple[str, str]:
    """(rule, reason) for an action that is not among `player`'s legal ones."""
    verb = action.split()[0]
    if state.tasks and state.tasks[-1][0] in CHANCE_TASKS:
        if verb in CHANCE_VERBS:
            return "chance", f"that outcome cannot happen in the pending '{state.tasks[-1][0]}' event"
        return "chance", f"a chance event ('{state.tasks[-1][0]}') is pending; no decision can be taken"
    if verb in CHANCE_VERBS:
        return "chance", "chance outcomes are applied only while their chance event is pending"
    if verb in ("modify", "reroll"):
        return _why_free(state, action, player)
    if verb == "assist":
        return _why_assist(state, player)
    owner = state.owner()
    if player != owner:
        return "turn", f"{hunter_name(owner)} decides now; other hunters may only use free actions"
    if state.tasks:
        top = state.tasks[-1]
        if top[0] == "target":
            return "wolves attack", f"choose whom the wolf at {top[1]} attacks: {', '.join(state.targets(top[1]))}"
        return "kill bonus", f"choose your kill bonus first: {', '.join(state.choice_options(top))}"
    if verb in ("target", "bonus", "reset"):
        return "turn", f"no '{verb}' choice is pending"
    if state.step == "choose":
        return "pass", "first decide whether to pass or take another turn"
    if verb in ("pass", "turn"):
        return "pass", "passing is decided at the start of a turn; this turn has begun"
    return _why_turn(state, action, player)


def _why_assist(state: HuntState, player: int) -> tuple[str, str]:
    """Why an Assist cannot be given."""
    if not state.hunters[player]["free"]["assist"]:
        return "assist", f"{hunter_name(player)} holds no unused assist"
    if player == state.active and state.players > 1:
        return "assist", "an assist raises another hunter's attack (only a solo hunter assists himself)"
    return "assist", "an assist raises the active hunter's knife, rifle or trap action, and none is ready now"


def _why_free(state: HuntState, action: str, player: int) -> tuple[str, str]:
    """Why a Modify or Reroll cannot be used."""
    verb = action.split()[0]
    if state.phase != "players" or state.tasks:
        return "free actions", "free actions are used between the steps of the player phase"
    if not state.hunters[player]["free"][verb]:
        return "free actions", f"{hunter_name(player)} holds no unused {verb}"
    for die in action.split()[1:]:
        if die in ("up", "down"):
            continue
        colour, value = die[:-1], int(die[-1])
        if state.dice[colour][1] != "pool":
            return "dice pool", f"the {colour} die is not in the pool"
        if state.dice[colour][0] != value:
            return "dice pool", f"the {colour} die shows {state.dice[colour][0]}, not {value}"
    return "free actions", "not a usable free action now"


def _why_turn(state: HuntState, action: str, seat: int) -> tuple[str, str]:
    """Why a step of the active hunter's turn is not allowed."""
    words = action.split()
    verb = words[0]
    turn = state.turn
    die = turn["die"]
    if verb == "take":
        colour, value = words[1][:-1], int(words[1][-1])
        if die is not None:
            return "take a die", "you take exactly one die per turn"
        if state.dice[colour][1] != "pool":
            return "dice pool", f"the {colour} die is not in the pool (taken this round or held by a wolf)"
        return "dice pool", f"the {colour} die shows {state.dice[colour][0]}, not {value}"
    if verb in ("move", "write") and die is None:
        return "take a die", f"take a die before you {verb}: its number decides the {verb}"
    if verb == "move":
        if turn["moved"]:
            return "move", "one move per turn"
        space = state.hunters[seat]["space"]
        if set(rules.adjacent_locations(state.content, space)) & set(state.pinning()):
            return "pinned", "a pinning wolf beside you stops you moving"
        return "move", (
            f"{words[1]} cannot be reached {words[2]} with {state.dice[die][0]} move points: each line costs 1, "
            "rocks cost extra, the centre is never crossed, a move ends on a free space and stops beside a "
            "pinning wolf"
        )
    if verb == "write":
        if turn["written"]:
            return "write", "the die is written already"
        if words[1] not in state.writable_rows(seat, die) and words[1] in [
            r.id for r in state.content.sheet.rows if die == rules.WILD or r.colour == die
        ]:
            return "write", f"the {words[1]} row has no free box"
        return "die colour", f"a {die} die is written in the row of its colour (only white is wild)"
    if verb == "end":
        if die is None:
            return "take a die", "you must take a die from the pool before ending your turn"
        return "write", "write your die's number before ending your turn"
    if verb == "extra":
        kind = verb_of(action)
        if not state.hunters[seat]["mains"].get(kind):
            return "unlocked main action", f"you hold no unlocked {kind} main action"
        return _why_form(state, seat, kind)
    if verb in MAIN_VERBS:
        if turn["main"] != verb:
            return "main action", (
                f"no {verb} main action is owed this turn: write a die in the {verb} row at least as high as "
                "the number before it"
            )
        return _why_form(state, seat, verb)
    return "turn", "not among the legal actions now"


def _why_form(state: HuntState, seat: int, kind: str) -> tuple[str, str]:
    """Why this form of a main action is not possible."""
    if kind == "power":
        power = state.power(seat)
        return "player power", f"{power.name} does not allow that now: {power.text}"
    if not main_forms(state, seat, kind):
        return kind, f"no {kind} action is possible from where you stand"
    reasons = {
        "knife": "a knife attack hits one or two wolves adjacent to you",
        "rifle": "a rifle attack hits one wolf that is not adjacent to you",
        "trap": (
            "traps come from the supply and go on your two adjacent locations, one each, showing a value at most "
            "your Traps stat (plus the space bonus)"
        ),
        "samovar": "the samovar raises knife, rifle or traps by one step, not past the end of the track",
        "outwit": (
            "outwit tokens go on adjacent wolves not yet outwitted, one per wolf, never the Pack Leader; "
            "from the supply, or from another wolf when the supply is empty"
        ),
    }
    return kind, reasons[kind]
