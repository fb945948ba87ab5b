"""Den of Wolves: how the bots sit at the Interstellar Council, as pure functions of what a seat sees.

`council_action(obs, legal, rng)` plays a council seat (a member, an office holder, any elector) from its
observation and its legal actions; `control_council_action(obs, legal, rng)` plays Control's part. Each returns one
of the legal actions, or None when the seat has no council business now; `has_business(obs)` says cheaply whether
a seat may have any (so a bot lists its legal actions only then). The seats' choices are
pure functions of what they see; Control's chances come from `rng`, so the same generator state gives the same
choice.

A seat votes by its team's interest, judged from what it sees (`favours`): its ship's hold against its ration and
fuel costs, its riots, the pursuit track. The stock wordings each serve some ships and cost others: sharing food and
water by need serves a ship short of either; capping fuel serves a ship that holds no more than two long jumps of it;
a curfew serves a ship with riots aboard; the report on the pursuit is wanted once the track runs high; backing the
fleet's next jump is wanted by a ship with fuel for it. A wording the bot does not know (a player's own) is backed.
Most pressing first:

- votes when a vote is open to it: yea on a bill its team favours (a repeal: when it does not favour the law; an
  amendment: when it favours the law), nay otherwise; nay on a call of no confidence or a snap election (a team
  keeps the fleet's government steady); the Vice President breaks a tie the same way;
- the President signs a passed bill the Star Alpha favours, else vetoes it;
- an elector votes for the candidate with the most votes so far, so that elections settle quickly (among those
  level, one of its own team, else the first in seat order);
- a President without a Vice President names the first seat of their own team offered (else the first offered);
- the agenda's holder proposes at most one bill a turn, the first listed law or motion it favours that is not
  already in force or resolved, and calls the vote on a bill in debate; on a vetoed bill it calls the override vote
  when it favours the bill, else withdraws it.

Control closes, in the Team Phase, a vote still open (the Action Phase is over: whoever has not voted abstains) or
an election that has ballots (an election without any waits for the next Action Phase); and with chance
`MARK_RATE` per call, while a law in force has no ruling yet, rules on the first such law: unenforced with chance
`UNENFORCED_RATE`, else enforced (Control plays the world, not a team). Seats never call votes of no confidence or
snap elections, nor give orders.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from wolfpack.games.den.council import CALLS, STOCK_LAWS, STOCK_MOTIONS

HIGH_PURSUIT: Final = 8
"""From here a seat wants the Admiral's report on the pursuit."""
MARK_RATE: Final = 0.2
"""The chance per call that Control rules on a law in force it has not ruled on."""
UNENFORCED_RATE: Final = 0.3
"""The chance Control's ruling on a law is that it goes unenforced."""


def has_business(obs: Mapping[str, Any]) -> bool:
    """Whether the seat may have council business now, judged from its observation alone (cheaply, before its
    legal actions are listed): a ballot to cast, a bill to sign, a Vice President to name, an agenda to run."""
    council = obs["council"]
    if obs["step"] != "action" or obs.get("attack") is not None:
        return False
    me, offices, bill, election = obs["seat"], council["offices"], council["bill"], council["election"]
    if election is not None and me in election["voters"] and me not in election["ballots"]:
        return True
    if bill is not None and bill["stage"] in ("vote", "tie", "signature"):
        waiting = {"vote": me in council["voters"] and me not in bill["votes"]}
        waiting["tie"] = me == offices["vice-president"]
        waiting["signature"] = me == offices["president"]
        return waiting[bill["stage"]]
    if me == offices["president"] and offices["vice-president"] is None:
        return True
    # The agenda is the President's or the Parliamentarian's, by edition: either may have a bill to bring.
    chairs = (offices["president"], offices["parliamentarian"])
    return election is None and me in chairs and (bill is not None or not _proposed_this_turn(obs))


def council_action(obs: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
    """The seat's council business now (a legal action), or None."""
    offered = frozenset(legal)
    for rule in (_vote, _sign, _elect, _name_vp, _agenda):
        action = rule(obs, offered, rng)
        if action is not None:
            return action
    return None


def _vote(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """A ballot on the open vote, by the team's interest (`stance`)."""
    if "vote yea" not in legal and "vote nay" not in legal:
        return None
    choice = "vote yea" if stance(obs, obs["council"]["bill"] or {}) else "vote nay"
    return choice if choice in legal else None


def _sign(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """The President signs a passed bill the Star Alpha favours, and vetoes one it does not."""
    if "sign" not in legal:
        return None
    if not stance(obs, obs["council"]["bill"] or {}) and "veto" in legal:
        return "veto"
    return "sign"


def _elect(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """A vote for the leading candidate, so that elections settle; among those level, one of the seat's own team,
    else the first in seat order."""
    offered = sorted(action for action in legal if action.startswith("elect "))
    if not offered:
        return None
    election = obs["council"]["election"] or {}
    counts = Counter(election.get("ballots", {}).values())
    top = max(counts[action.split()[1]] for action in offered)
    leaders = [action for action in offered if counts[action.split()[1]] == top]
    team = str(obs["seat"]).split("/", 1)[0] + "/"
    return next((action for action in leaders if action.split()[1].startswith(team)), leaders[0])


def stance(obs: Mapping[str, Any], bill: Mapping[str, Any]) -> bool:
    """Whether the seat's team wants the bill to pass (see the module's notes)."""
    kind = bill.get("kind")
    if kind in CALLS:
        return False
    if kind in ("amend", "repeal"):
        law = next((law for law in obs["council"]["laws"] if law["id"] == bill.get("target")), None)
        wanted = favours(obs, str(law["text"])) if law is not None else True
        return wanted if kind == "amend" else not wanted
    return favours(obs, str(bill.get("text", "")))


def favours(obs: Mapping[str, Any], text: str) -> bool:
    """Whether a law or motion of this wording serves the seat's own ship, as its panel and the fleet show it."""
    ship = str(obs["seat"]).split("/", 1)[0]
    panel = obs.get("panels", {}).get(ship)
    facts = obs["ships"].get(ship)
    if panel is None or facts is None:
        return True  # a seat without a ship's panel backs the Council
    hold, fuel = panel["hold"], panel["fuel_costs"]
    if text == STOCK_LAWS[0]:  # food and water shared out by need
        return any(int(hold.get(meal, 0)) < 2 * int(panel["ration_costs"][meal]["normal"]) for meal in MEALS)
    if text == STOCK_LAWS[1]:  # no hoarding of fuel
        return int(hold.get("fuel", 0)) <= 2 * int(fuel["long"])
    if text == STOCK_LAWS[2]:  # a curfew
        return bool(facts["riots"])
    if text == STOCK_MOTIONS[0]:  # a report on the pursuit
        return int(obs["pursuit"]) >= HIGH_PURSUIT
    if text == STOCK_MOTIONS[1]:  # the fleet's next jump
        return int(hold.get("fuel", 0)) >= int(fuel["medium"])
    return True


MEALS: Final = ("food", "water")


def _name_vp(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """A new President names a teammate Vice President (else the first seat offered)."""
    offered = sorted(action for action in legal if action.startswith("name-vp "))
    if not offered:
        return None
    team = str(obs["seat"]).split("/", 1)[0] + "/"
    return next((action for action in offered if action.split()[1].startswith(team)), offered[0])


def _agenda(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """The agenda's holder: one bill a turn that its team favours, brought to a vote (after a veto, an override if
    it still favours the bill, else a withdrawal)."""
    bill = obs["council"]["bill"]
    if bill is not None and "call-vote" in legal:
        if bill["stage"] != "vetoed" or stance(obs, bill):
            return "call-vote"
        return "withdraw" if "withdraw" in legal else None
    council = obs["council"]
    passed = {law["text"] for law in council["laws"] if law["status"] == "in force"}
    passed |= {resolution["text"] for resolution in council["resolutions"]}
    drafts = sorted(
        action
        for action in legal
        if action.startswith(("propose law ", "propose motion "))
        and action.split('"')[1] not in passed
        and favours(obs, action.split('"')[1])
    )
    if bill is not None or not drafts or _proposed_this_turn(obs):
        return None
    return drafts[0]


def _proposed_this_turn(obs: Mapping[str, Any]) -> bool:
    """Whether this seat has brought a bill this turn (the bill before the Council, or one already voted on)."""
    me, turn = obs["seat"], obs["turn"]
    council = obs["council"]
    bills = [council["bill"], council.get("tabled")]
    if any(b is not None and b["proposer"] == me and b["turn"] == turn for b in bills):
        return True
    return any(entry["proposer"] == me and entry["proposed"] == turn for entry in council["record"])


def control_council_action(obs: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
    """Control's council business now (a legal action), or None."""
    council = obs["council"]
    closing = [action for action in legal if action.startswith("control close-vote ")]
    if closing and obs["step"] == "team":
        bill = council["bill"]
        election = council["election"]
        if (bill is not None and bill["stage"] in ("vote", "tie")) or (election and election["ballots"]):
            return closing[0]
    unruled = [law for law in council["laws"] if law["status"] == "in force" and not law["marked"]]
    if not unruled or rng.random() >= MARK_RATE:
        return None
    mark = "unenforced" if rng.random() < UNENFORCED_RATE else "enforced"
    prefix = f"control law {unruled[0]['id']} {mark} "
    return next((action for action in legal if action.startswith(prefix)), None)
