"""Den of Wolves: how the bots sit at the Interstellar Council, as pure functions of what a seat sees.

`council_action(obs, legal, rng)` plays a council seat (a member, an office holder, any elector) from its
observation and its legal actions; `control_council_action(obs, legal, rng)` plays Control's part. Each returns one
of the legal actions, or None when the seat has no council business now; `has_business(obs)` says cheaply whether
a seat may have any (so a bot lists its legal actions only then). All chance comes from `rng`, so the same
generator state gives the same choice.

A seat, most pressing first:

- votes when a vote is open to it: yea on a bill with chance `YEA_RATE` (else nay); against a call of no
  confidence or a snap election with chance `CALL_NAY_RATE`; the Vice President breaks a tie the same way as a bill;
- the President signs a passed bill with chance `SIGN_RATE`, else vetoes it;
- an elector votes for the candidate with the most votes so far (chosen by `rng` among those level), so that
  elections settle quickly;
- a President without a Vice President names the first seat of their own team offered (else the first offered);
- the agenda's holder proposes at most one bill a turn, chosen by `rng` among the listed laws and motions (the
  stock wordings) not already in force or resolved, and calls the vote on a bill in debate; on a vetoed bill it
  calls the override vote with chance `OVERRIDE_RATE`, else withdraws it.

Control closes, in the Team Phase, a vote still open (the Action Phase is over: whoever has not voted abstains) or
an election that has ballots (an election without any waits for the next Action Phase); and with chance
`MARK_RATE` per call, while a law in force has no ruling yet, rules on the first such law: unenforced with chance
`UNENFORCED_RATE`, else enforced. Seats never call votes of no confidence or snap elections, nor give orders.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from wolfpack.games.den.council import CALLS

YEA_RATE: Final = 0.7
"""The chance a member votes for a bill (a law, motion, amendment or repeal; an override; a tie to break)."""
CALL_NAY_RATE: Final = 0.8
"""The chance a member votes against a call of no confidence or a snap election."""
SIGN_RATE: Final = 0.85
"""The chance the President signs a passed bill rather than veto it."""
OVERRIDE_RATE: Final = 0.5
"""The chance the agenda's holder calls a vote to override a veto rather than withdraw the bill."""
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
    """A ballot on the open vote: mostly yea on bills, mostly nay on calls."""
    if "vote yea" not in legal and "vote nay" not in legal:
        return None
    bill = obs["council"]["bill"] or {}
    if bill.get("kind") in CALLS:
        choice = "vote nay" if rng.random() < CALL_NAY_RATE else "vote yea"
    else:
        choice = "vote yea" if rng.random() < YEA_RATE else "vote nay"
    return choice if choice in legal else None


def _sign(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """The President signs, or now and then vetoes, a passed bill."""
    if "sign" not in legal:
        return None
    if rng.random() >= SIGN_RATE and "veto" in legal:
        return "veto"
    return "sign"


def _elect(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """A vote for the leading candidate (one of the leaders, by `rng`, when several are level)."""
    offered = sorted(action for action in legal if action.startswith("elect "))
    if not offered:
        return None
    election = obs["council"]["election"] or {}
    counts = Counter(election.get("ballots", {}).values())
    top = max(counts[action.split()[1]] for action in offered)
    return rng.choice([action for action in offered if counts[action.split()[1]] == top])


def _name_vp(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """A new President names a teammate Vice President (else the first seat offered)."""
    offered = sorted(action for action in legal if action.startswith("name-vp "))
    if not offered:
        return None
    team = str(obs["seat"]).split("/", 1)[0] + "/"
    return next((action for action in offered if action.split()[1].startswith(team)), offered[0])


def _agenda(obs: Mapping[str, Any], legal: frozenset[str], rng: random.Random) -> str | None:
    """The agenda's holder: one bill a turn, brought to a vote (after a veto, an override or a withdrawal)."""
    bill = obs["council"]["bill"]
    if bill is not None and "call-vote" in legal:
        if bill["stage"] != "vetoed" or rng.random() < OVERRIDE_RATE:
            return "call-vote"
        return "withdraw" if "withdraw" in legal else None
    council = obs["council"]
    passed = {law["text"] for law in council["laws"] if law["status"] == "in force"}
    passed |= {resolution["text"] for resolution in council["resolutions"]}
    drafts = sorted(
        action
        for action in legal
        if action.startswith(("propose law ", "propose motion ")) and action.split('"')[1] not in passed
    )
    if bill is not None or not drafts or _proposed_this_turn(obs):
        return None
    return rng.choice(drafts)


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
