"""Den of Wolves: the Interstellar Council (both editions), as verbs of the council seats and Control.

The council's state (`state.council`) is JSON-ready: the offices (seat labels), who votes, the bill before the
Council (and one set aside while a call of no confidence or a snap election is voted on), the public register of
laws, the motions passed, the minutes of every vote, the President's direct orders, the once-per-game calls
already made and the election under way.

The editions differ only through the ruleset's switches: who holds the agenda (`parliamentarian_writes_bills`),
who breaks a tie (`vice_president_breaks_ties`), whether a passed bill needs the President's signature
(`president_signs_bills`), and the calls of no confidence and snap elections (`no_confidence`, `snap_election`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from math import ceil
from typing import TYPE_CHECKING, Any, Final

from wolfpack.games.den.control import control_verb
from wolfpack.games.den.notation import quote
from wolfpack.games.den.rules import CONTROL, PUBLIC, Why, note, notify_control, plain_copy, seat_by_label
from wolfpack.games.den.turn import MORALE_MODIFIERS, TURN_ENDS
from wolfpack.games.den.verbs import ACTION, ALL_STEPS, Args, no_arguments, verb

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState

TITLES: Final = {"president": "President", "vice-president": "Vice President", "parliamentarian": "Parliamentarian"}
BALLOTS: Final = ("yea", "nay", "abstain")
CALLS: Final = frozenset({"no-confidence", "snap-election"})
"""Votes any Council member may call (Infinite Domain): they set the bill before the Council aside."""
STAGES: Final = {
    "debate": "in debate",
    "vote": "at a vote",
    "tie": "tied, waiting for the Vice President",
    "signature": "waiting for the President's signature",
    "vetoed": "vetoed",
}
MARKS: Final = {
    "enforceable": ("enforceable", True),
    "unenforceable": ("enforceable", False),
    "enforced": ("enforced", True),
    "unenforced": ("enforced", False),
}
"""Control's rulings on a law: the field each sets and to what."""

STOCK_LAWS: Final = (
    "Food and water are shared out across the fleet by need",
    "No ship may hold more fuel than two jumps need while another runs dry",
    "A curfew holds aboard every civilian ship during the night watch",
)
STOCK_MOTIONS: Final = (
    "The Council asks the Admiral to report on the Wolves' pursuit",
    "The Council backs the fleet's next jump",
)
STOCK_AMENDMENT: Final = "As amended: the Council reviews this law at every session"
STOCK_REPEAL: Final = "The law has served its purpose"
STOCK_ORDER: Final = "Hold the fleet together and guard the civilian ships"
"""Wordings listed among a seat's legal actions (bots choose from them); any other wording is legal too."""


def set_up(state: DenState) -> None:
    """The Council as the pack seats it: the offices filled, no bill, no laws."""
    council = state.content.council.council
    state.council = {
        "offices": {
            "president": council.president,
            "vice-president": council.vice_president,
            "parliamentarian": council.parliamentarian,
        },
        "voters": list(council.members),
        "observers": list(council.observers),
        "bill": None,
        "tabled": None,
        "laws": [],
        "resolutions": [],
        "record": [],
        "orders": [],
        "no_confidence_used": [],
        "snap_used": False,
        "election": None,
        "next_bill": 1,
    }


def council_view(state: DenState, player: int | None) -> dict[str, Any]:
    """The Council as `player` sees it: all public but the President's direct orders, which only Control and the
    teams of the President and the admiral who gave and took them see."""
    view = {key: plain_copy(value) for key, value in state.council.items() if key != "orders"}
    view["orders"] = orders_seen(state, player)
    return view


def orders_seen(state: DenState, player: int | None) -> list[dict[str, Any]]:
    """The direct orders `player` sees: all for Control, those reaching its ship's team, none for the public."""
    ship = None if player is None else state.seats[player].ship
    return [dict(order) for order in state.council["orders"] if player == CONTROL or (ship and ship in order["ships"])]


# ---- lookups -----------------------------------------------------------------------------------------------------


def label(state: DenState, seat: int) -> str:
    """A seat's label."""
    return state.seats[seat].label


def holder(state: DenState, office: str) -> str | None:
    """The seat label holding an office, or None while it is vacant."""
    found: str | None = state.council["offices"][office]
    return found


def agenda_office(state: DenState) -> str:
    """The office that proposes bills and calls votes: classic's President, Infinite Domain's Parliamentarian."""
    return "parliamentarian" if state.rules.parliamentarian_writes_bills else "president"


def bill_now(state: DenState) -> dict[str, Any] | None:
    """The bill (or call) before the Council."""
    bill: dict[str, Any] | None = state.council["bill"]
    return bill


def at_vote(bill: dict[str, Any] | None) -> bool:
    """Whether a bill is being voted on (a tie waiting for the Vice President included)."""
    return bill is not None and bill["stage"] in ("vote", "tie")


def find_law(state: DenState, number: int) -> dict[str, Any] | None:
    """The law with this number in the register."""
    return next((law for law in state.council["laws"] if law["id"] == number), None)


def in_force(state: DenState) -> list[dict[str, Any]]:
    """The laws not repealed."""
    return [law for law in state.council["laws"] if law["status"] == "in force"]


def supermajority(state: DenState) -> int:
    """Yeas that override a veto or call a snap election: the pack's 5 of 7, kept as a share if the voters change."""
    council = state.content.council.council
    return max(1, ceil(council.supermajority * len(state.council["voters"]) / len(council.members)))


def tally(state: DenState, bill: dict[str, Any]) -> dict[str, Any]:
    """A vote's count: yeas, nays, and abstentions (voting members who cast no ballot abstain)."""
    ballots = Counter(bill["votes"].values())
    absent = sum(1 for voter in state.council["voters"] if voter not in bill["votes"])
    return {"yea": ballots["yea"], "nay": ballots["nay"], "abstain": ballots["abstain"] + absent}


def describe(bill: dict[str, Any]) -> str:
    """A bill in words, for the log."""
    text = bill["text"]
    kind = bill["kind"]
    if kind in ("law", "motion"):
        return f'a {kind}, bill {bill["id"]}: "{text}"'
    if kind == "amend":
        return f'bill {bill["id"]}, to amend law {bill["target"]} to read: "{text}"'
    if kind == "repeal":
        return f'bill {bill["id"]}, to repeal law {bill["target"]}: "{text}"'
    return f"{text} (vote {bill['id']})"


# ---- checks shared by the verbs ----------------------------------------------------------------------------------


def sitting(state: DenState) -> Why:
    """Why the Council cannot sit now (a Wolf Attack keeps everyone at their posts), or None."""
    if state.attack is not None:
        return "attack", "the Council cannot sit while a Wolf Attack is under way"
    return None


def business(state: DenState) -> Why:
    """Why the Council takes up no other business now (an election is under way), or None."""
    election = state.council["election"]
    if election is not None:
        return "election", f"the Council is electing a {TITLES[election['office']]}: no other business until then"
    return None


def agenda_problem(state: DenState, seat: int) -> Why:
    """Why the seat may not set the Council's agenda (propose, call a vote) now, or None."""
    blocked = sitting(state)
    if blocked:
        return blocked
    office = agenda_office(state)
    chair = holder(state, office)
    if chair is None:
        return "vacant", f"the {TITLES[office]}'s office is vacant: no bill is brought until it is filled"
    if chair != label(state, seat):
        return "agenda", f"only the {TITLES[office]} ({chair}) brings bills before the Council and calls votes"
    return business(state)


def law_problem(state: DenState, reference: str) -> Why:
    """Why a bill may not amend or repeal this law, or None."""
    law = find_law(state, int(reference))
    if law is None:
        return "unknown law", f"the register has no law {reference}"
    if law["status"] != "in force":
        return "repealed", f"law {reference} has been repealed"
    return None


def council_members(state: DenState) -> list[str]:
    """The Council's members: everyone seated on it, voting or not (Infinite Domain's Diplomat among them)."""
    return [*state.council["voters"], *state.council["observers"]]


def caller_problem(state: DenState, seat: int, switch: bool, what: str) -> Why:
    """Why the seat may not call a vote of no confidence or a snap election now (`switch`: the edition's), or None."""
    if not switch:
        return "edition", f"classic has no {what}"
    blocked = sitting(state) or business(state)
    if blocked:
        return blocked
    if label(state, seat) not in council_members(state):
        return "member", f"only a member of the Council calls a {what}"
    bill = bill_now(state)
    if at_vote(bill):
        assert bill is not None
        return "floor", f"vote {bill['id']} is under way"
    return None


def president_problem(state: DenState, seat: int, what: str) -> Why:
    """Why the seat is not the President, who alone does `what`, or None."""
    president = holder(state, "president")
    if president != label(state, seat):
        return "president", f"only the President ({president or 'vacant'}) {what}"
    return None


# ---- the course of a bill ----------------------------------------------------------------------------------------


def new_bill(state: DenState, kind: str, text: str, proposer: str, target: int | None, stage: str) -> dict[str, Any]:
    """A bill with the next number."""
    number = state.council["next_bill"]
    state.council["next_bill"] = number + 1
    return {
        "id": number,
        "kind": kind,
        "target": target,
        "text": text,
        "proposer": proposer,
        "stage": stage,
        "votes": {},
        "tie_break": None,
        "override": False,
        "turn": state.turn,
    }


def clear_bill(state: DenState) -> None:
    """The bill is done with: one set aside for a call comes back before the Council."""
    state.council["bill"] = state.council["tabled"]
    state.council["tabled"] = None


def open_call(state: DenState, seat: int, kind: str, text: str) -> None:
    """A call goes straight to a vote; a bill before the Council waits until it is decided."""
    call = new_bill(state, kind, text, label(state, seat), None, "vote")
    state.council["tabled"] = state.council["bill"]
    state.council["bill"] = call
    note(state, PUBLIC, f"{label(state, seat)} calls {describe(call)}")


def everyone_voted(state: DenState, bill: dict[str, Any]) -> bool:
    """Whether every voting member has cast a ballot."""
    return all(voter in bill["votes"] for voter in state.council["voters"])


def resolve_vote(state: DenState) -> None:
    """Count the vote on the bill before the Council: it passes, fails, or (tied) goes to the tie-breaker."""
    bill = bill_now(state)
    assert bill is not None
    count = tally(state, bill)
    if bill["kind"] == "snap-election" or bill["override"]:
        finish(state, count["yea"] >= supermajority(state), "override" if bill["override"] else "vote")
    elif count["yea"] != count["nay"] or count["yea"] == 0 or bill["kind"] in CALLS:
        # Nobody for and nobody against is no tie to break: the bill simply fails; a call is never tie-broken.
        finish(state, count["yea"] > count["nay"], "vote")
    else:
        tied(state, bill)


def tied(state: DenState, bill: dict[str, Any]) -> None:
    """A tie: Infinite Domain waits for the Vice President; classic reads the President's own ballot."""
    if state.rules.vice_president_breaks_ties:
        bill["stage"] = "tie"
        vp = holder(state, "vice-president") or "the vacant office"
        note(state, PUBLIC, f"vote {bill['id']} is tied: the Vice President ({vp}) breaks the tie")
        return
    ballot = bill["votes"].get(holder(state, "president") or "")
    note(state, PUBLIC, f"vote {bill['id']} is tied: the President's own vote ({ballot or 'none'}) decides it")
    finish(state, ballot == "yea", "tie-break")


def finish(state: DenState, passed: bool, how: str) -> None:
    """The vote is decided: the minutes record it; a passed bill goes on (to the President, or into effect)."""
    bill = bill_now(state)
    assert bill is not None
    count = {**tally(state, bill), "how": how}
    state.council["record"].append(
        {
            "bill": bill["id"],
            "kind": bill["kind"],
            "text": bill["text"],
            "target": bill["target"],
            "proposer": bill["proposer"],
            "proposed": bill["turn"],
            "turn": state.turn,
            "tally": count,
            "passed": passed,
        }
    )
    result = "passes" if passed else "fails"
    shown = f"{count['yea']} yea, {count['nay']} nay, {count['abstain']} abstain"
    note(state, PUBLIC, f"vote {bill['id']} {result}: {shown}")
    bill["tally"] = count
    if not passed:
        clear_bill(state)
    elif bill["kind"] in CALLS:
        clear_bill(state)
        CALL_EFFECTS[bill["kind"]](state)
    elif state.rules.president_signs_bills and bill["kind"] != "motion" and how != "override":
        bill["stage"] = "signature"
        note(state, PUBLIC, f"bill {bill['id']} goes to the President ({holder(state, 'president')}) to sign")
    else:
        enact(state, bill)


def enact(state: DenState, bill: dict[str, Any]) -> None:
    """A passed (and, where needed, signed) bill takes effect."""
    kind = bill["kind"]
    if kind == "law":
        number = len(state.council["laws"]) + 1
        state.council["laws"].append(
            {
                "id": number,
                "text": bill["text"],
                "turn": state.turn,
                "bill": bill["id"],
                "tally": bill["tally"],
                "status": "in force",
                "enforceable": True,
                "enforced": True,
                "marked": False,
                "history": [],
            }
        )
        note(state, PUBLIC, f'law {number} is in force: "{bill["text"]}"')
    elif kind == "motion":
        entry = {"bill": bill["id"], "text": bill["text"], "turn": state.turn, "tally": bill["tally"]}
        state.council["resolutions"].append(entry)
        note(state, PUBLIC, f'the Council resolves: "{bill["text"]}"')
    else:
        change_law(state, bill)
    clear_bill(state)


def change_law(state: DenState, bill: dict[str, Any]) -> None:
    """An amendment rewrites a law (the old wording kept in its history); a repeal ends it."""
    law = find_law(state, bill["target"])
    if law is None or law["status"] != "in force":
        note(state, PUBLIC, f"bill {bill['id']} has no effect: law {bill['target']} is not in force")
        return
    entry = {"turn": state.turn, "bill": bill["id"], "kind": bill["kind"], "text": bill["text"], "tally": bill["tally"]}
    if bill["kind"] == "amend":
        entry["was"] = law["text"]
        law["text"] = bill["text"]
        note(state, PUBLIC, f'law {law["id"]} is amended to read: "{bill["text"]}"')
    else:
        law["status"] = "repealed"
        note(state, PUBLIC, f"law {law['id']} is repealed")
    law["history"].append(entry)


def no_confidence_passed(state: DenState) -> None:
    """The Parliamentarian loses the office (keeping the vote); the voting members elect a Council member."""
    stripped = holder(state, "parliamentarian")
    state.council["offices"]["parliamentarian"] = None
    note(state, PUBLIC, f"{stripped} is no longer Parliamentarian")
    open_election(state, "parliamentarian", list(state.council["voters"]), council_members(state))


def snap_election_passed(state: DenState) -> None:
    """Every player elects the President from among the Council's members."""
    electors = [seat.label for index, seat in enumerate(state.seats) if index != CONTROL]
    open_election(state, "president", electors, council_members(state))


CALL_EFFECTS: Final = {"no-confidence": no_confidence_passed, "snap-election": snap_election_passed}


def open_election(state: DenState, office: str, electors: list[str], candidates: list[str]) -> None:
    """An election by plurality begins."""
    state.council["election"] = {"office": office, "voters": electors, "candidates": candidates, "ballots": {}}
    note(state, PUBLIC, f"the election of a {TITLES[office]} begins; candidates: {', '.join(candidates)}")


def count_election(state: DenState) -> None:
    """The plurality wins; a tie for the most votes (or no votes) sends the electors back to vote again."""
    election = state.council["election"]
    counts = Counter(election["ballots"].values())
    top = max(counts.values(), default=0)
    leaders = [candidate for candidate in election["candidates"] if counts[candidate] == top]
    if top == 0 or len(leaders) > 1:
        election["ballots"] = {}
        note(state, PUBLIC, f"the election is tied ({', '.join(leaders)}): the electors vote again")
        return
    install(state, election["office"], leaders[0])


def install(state: DenState, office: str, winner: str) -> None:
    """The winner takes the office; a new President must name a Vice President. Control adjudicates role changes."""
    state.council["election"] = None
    state.council["offices"][office] = winner
    note(state, PUBLIC, f"{winner} is elected {TITLES[office]}")
    if office == "president":
        state.council["offices"]["vice-president"] = None
        note(state, PUBLIC, f"the Vice President's office is vacant until {winner} names one")
    notify_control(state, f"{winner} is elected {TITLES[office]}: adjudicate the role change", "role-change")


# ---- the seats' verbs --------------------------------------------------------------------------------------------


@verb("propose", ACTION)
class Propose:
    """The agenda's holder brings a bill before the Council: a law, a motion, or an amendment or repeal of a law."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        if holder(state, agenda_office(state)) != label(state, seat):
            return
        for text in STOCK_LAWS:
            yield "law", quote(text)
        for text in STOCK_MOTIONS:
            yield "motion", quote(text)
        for law in in_force(state):
            yield "amend", str(law["id"]), quote(STOCK_AMENDMENT)
            yield "repeal", str(law["id"]), quote(STOCK_REPEAL)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = agenda_problem(state, seat)
        if blocked:
            return blocked
        bill = bill_now(state)
        if bill is not None:
            return "one bill", f"bill {bill['id']} is before the Council: one bill at a time"
        if args[0] in ("amend", "repeal"):
            return law_problem(state, args[1])
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        target = int(args[1]) if len(args) == 3 else None
        bill = new_bill(state, args[0], args[-1], label(state, seat), target, "debate")
        state.council["bill"] = bill
        note(state, PUBLIC, f"{label(state, seat)} proposes {describe(bill)}")


@verb("call-vote", ACTION)
class CallVote:
    """The agenda's holder ends the debate and calls the vote (on a vetoed bill, a vote to override the veto)."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = agenda_problem(state, seat)
        if blocked:
            return blocked
        bill = bill_now(state)
        if bill is None:
            return "no bill", "no bill is before the Council"
        if bill["stage"] not in ("debate", "vetoed"):
            return "stage", f"bill {bill['id']} is {STAGES[bill['stage']]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        bill = bill_now(state)
        assert bill is not None
        override = bill["stage"] == "vetoed"
        bill.update(stage="vote", votes={}, tie_break=None, override=override)
        if override:
            need = supermajority(state)
            note(state, PUBLIC, f"the Council votes to override the veto of bill {bill['id']} ({need} yeas needed)")
        else:
            note(state, PUBLIC, f"{label(state, seat)} calls the vote on bill {bill['id']}")


@verb("withdraw", ACTION)
class Withdraw:
    """The bill's proposer (or the agenda's holder) withdraws a bill in debate or vetoed: it is dropped."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = sitting(state)
        if blocked:
            return blocked
        bill = bill_now(state)
        if bill is None:
            return "no bill", "no bill is before the Council"
        if label(state, seat) not in (bill["proposer"], holder(state, agenda_office(state))):
            return "proposer", f"only bill {bill['id']}'s proposer ({bill['proposer']}) withdraws it"
        if bill["stage"] not in ("debate", "vetoed"):
            return "stage", f"bill {bill['id']} is {STAGES[bill['stage']]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        bill = bill_now(state)
        assert bill is not None
        note(state, PUBLIC, f"{label(state, seat)} withdraws bill {bill['id']}")
        clear_bill(state)


@verb("vote", ACTION)
class Vote:
    """A voting member votes once, by show of hands; on a tie in Infinite Domain, the Vice President alone votes."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        if at_vote(bill_now(state)):
            for ballot in BALLOTS:
                yield (ballot,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        return sitting(state) or ballot_problem(state, label(state, seat), args[0])

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        cast(state, label(state, seat), args[0], "")


@verb("hands", ACTION)
class Hands:
    """The agenda's holder records the hand a voting member raised (a member who does not vote on a phone)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        bill = bill_now(state)
        if not at_vote(bill) or holder(state, agenda_office(state)) != label(state, seat):
            return
        assert bill is not None
        if bill["stage"] == "tie":
            members = [holder(state, "vice-president") or ""]
        else:
            members = [voter for voter in state.council["voters"] if voter not in bill["votes"]]
        for member in members:
            for ballot in BALLOTS:
                yield member, ballot

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        return agenda_problem(state, seat) or ballot_problem(state, args[0], args[1])

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        cast(state, args[0], args[1], f" (recorded by the chair, {label(state, seat)})")


def ballot_problem(state: DenState, who: str, ballot: str) -> Why:
    """Why `who` may not cast this ballot on the vote open now, or None."""
    bill = bill_now(state)
    if bill is None or not at_vote(bill):
        return "no vote", "no vote is open"
    if bill["stage"] == "tie":
        return tie_break_problem(state, who, ballot, bill)
    if who not in state.council["voters"]:
        if who == holder(state, "vice-president") and state.rules.vice_president_breaks_ties:
            return "tie-break", "the Vice President votes only to break a tie"
        return "voter", f"{who} has no vote at the Council"
    if who in bill["votes"]:
        return "voted", f"{who} has already voted on bill {bill['id']}"
    return None


def cast(state: DenState, who: str, ballot: str, recorded: str) -> None:
    """`who`'s ballot counts (a tie-break decides the vote; the last member's ballot counts it)."""
    bill = bill_now(state)
    assert bill is not None
    if bill["stage"] == "tie":
        bill["tie_break"] = ballot
        note(state, PUBLIC, f"the Vice President {who} breaks the tie on vote {bill['id']}: {ballot}{recorded}")
        finish(state, ballot == "yea", "tie-break")
        return
    bill["votes"][who] = ballot
    note(state, PUBLIC, f"{who} votes {ballot} on vote {bill['id']}{recorded}")
    if everyone_voted(state, bill):
        resolve_vote(state)


def tie_break_problem(state: DenState, who: str, ballot: str, bill: dict[str, Any]) -> Why:
    """Why `who` may not cast this tie-breaking ballot, or None."""
    vp = holder(state, "vice-president")
    if who != vp:
        return "tie-break", f"vote {bill['id']} is tied: only the Vice President ({vp or 'vacant'}) votes now"
    if ballot == "abstain":
        return "tie-break", "the Vice President breaks a tie with yea or nay"
    return None


@verb("sign", ACTION)
class Sign:
    """Infinite Domain: the President signs a passed bill, and it takes effect."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        return signature_problem(state, seat, "signs bills")

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        bill = bill_now(state)
        assert bill is not None
        note(state, PUBLIC, f"President {label(state, seat)} signs bill {bill['id']}")
        enact(state, bill)


@verb("veto", ACTION)
class Veto:
    """Infinite Domain: the President vetoes a passed bill; the Council may override it by a supermajority."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        return signature_problem(state, seat, "vetoes bills")

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        bill = bill_now(state)
        assert bill is not None
        bill["stage"] = "vetoed"
        note(state, PUBLIC, f"President {label(state, seat)} vetoes bill {bill['id']}")


def signature_problem(state: DenState, seat: int, what: str) -> Why:
    """Why the seat may not sign or veto now, or None."""
    if not state.rules.president_signs_bills:
        return "edition", "in classic a passed bill takes effect at once: there is nothing to sign"
    blocked = sitting(state) or president_problem(state, seat, what)
    if blocked:
        return blocked
    bill = bill_now(state)
    if bill is None or bill["stage"] != "signature":
        return "no bill", "no bill waits for the President's signature"
    return None


@verb("no-confidence", ACTION)
class NoConfidence:
    """Infinite Domain: once per game each Council member may call a vote of no confidence in the Parliamentarian."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = caller_problem(state, seat, state.rules.no_confidence, "vote of no confidence")
        if blocked:
            return blocked
        who = label(state, seat)
        if who in state.council["no_confidence_used"]:
            return "once", f"{who} has already called a vote of no confidence this game"
        chair = holder(state, "parliamentarian")
        if chair is None:
            return "vacant", "the Parliamentarian's office is already vacant"
        if chair == who:
            return "self", "the Parliamentarian does not call a vote of no confidence in themself"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.council["no_confidence_used"].append(label(state, seat))
        chair = holder(state, "parliamentarian")
        open_call(state, seat, "no-confidence", f"a vote of no confidence in the Parliamentarian {chair}")


@verb("snap-election", ACTION)
class SnapElection:
    """Infinite Domain: once per game a Council member may call for a snap election of the President."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = caller_problem(state, seat, state.rules.snap_election, "snap election")
        if blocked:
            return blocked
        if state.council["snap_used"]:
            return "once", "the snap election has already been called this game"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.council["snap_used"] = True
        need = supermajority(state)
        open_call(state, seat, "snap-election", f"a snap election of the President ({need} yeas needed)")


@verb("elect", ACTION)
class Elect:
    """An elector votes once for a candidate in the election under way."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        election = state.council["election"]
        if election is not None and label(state, seat) in election["voters"]:
            for candidate in election["candidates"]:
                yield (candidate,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = sitting(state)
        if blocked:
            return blocked
        election = state.council["election"]
        if election is None:
            return "no election", "no election is under way"
        who = label(state, seat)
        if who not in election["voters"]:
            return "elector", f"{who} does not vote in the election of a {TITLES[election['office']]}"
        if who in election["ballots"]:
            return "voted", f"{who} has already voted in this election"
        if args[0] not in election["candidates"]:
            return "candidate", f"{args[0]} is not a candidate: {', '.join(election['candidates'])}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        election = state.council["election"]
        who = label(state, seat)
        election["ballots"][who] = args[0]
        note(state, PUBLIC, f"{who} votes for {args[0]} as {TITLES[election['office']]}")
        if all(elector in election["ballots"] for elector in election["voters"]):
            count_election(state)


@verb("name-vp", ACTION)
class NameVp:
    """The President names a Vice President while the office is vacant (after a snap election or a succession)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        if holder(state, "president") != label(state, seat) or holder(state, "vice-president") is not None:
            return
        for other in state.seats:
            if other.kind == "team":
                yield (other.label,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = sitting(state) or president_problem(state, seat, "names the Vice President")
        if blocked:
            return blocked
        vp = holder(state, "vice-president")
        if vp is not None:
            return "filled", f"the Vice President's office is held by {vp}"
        other = seat_by_label(state, args[0])
        if other is None or other == seat or state.seats[other].kind != "team":
            return "unknown seat", f"{args[0]!r} is not another player of a team"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.council["offices"]["vice-president"] = args[0]
        note(state, PUBLIC, f"President {label(state, seat)} names {args[0]} Vice President")
        notify_control(state, f"{args[0]} is named Vice President: adjudicate the role change", "role-change")


def order_offices(state: DenState) -> tuple[str, ...]:
    """The offices whose holders give the admiral direct orders: the President's, and in classic ("the president's
    office") the Vice President's too."""
    return ("president", "vice-president") if state.rules.vice_president_gives_orders else ("president",)


@verb("order", ALL_STEPS)
class Order:
    """In an emergency the President (classic: or the Vice President) orders the admiral directly; only their two
    teams and Control hear of it."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        if Order.check(state, seat, ()) is None:
            yield (quote(STOCK_ORDER),)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        offices = order_offices(state)
        if label(state, seat) in (holder(state, office) for office in offices):
            return None
        holders = " or ".join(f"the {TITLES[office]} ({holder(state, office) or 'vacant'})" for office in offices)
        return "president", f"only {holders} gives the admiral direct orders"

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        admiral = state.content.council.council.admiral
        giver = label(state, seat)
        ships = order_ships(state, giver, admiral)
        # `president` names whoever of the president's office gave the order.
        state.council["orders"].append(
            {"turn": state.turn, "president": giver, "admiral": admiral, "text": args[0], "ships": ships}
        )
        office = next(office for office in order_offices(state) if holder(state, office) == giver)
        note(state, ",".join(ships), f'{TITLES[office]} {giver} orders the admiral ({admiral}): "{args[0]}"')


def order_ships(state: DenState, president: str, admiral: str) -> list[str]:
    """The ships whose teams hear a direct order: the President's and the admiral's."""
    ships: list[str] = []
    for who in (president, admiral):
        seat = seat_by_label(state, who)
        ship = None if seat is None else state.seats[seat].ship
        if ship is not None and ship not in ships:
            ships.append(ship)
    return ships


# ---- Control's verbs ---------------------------------------------------------------------------------------------


@control_verb("close-vote")
class CloseVote:
    """Control closes the vote (absent members abstain; a tie nobody breaks fails) or counts the election."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if at_vote(bill_now(state)) or state.council["election"] is not None:
            return None
        return "no vote", "no vote or election is open"

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        bill = bill_now(state)
        if bill is not None and bill["stage"] == "vote":
            resolve_vote(state)
        elif bill is not None and bill["stage"] == "tie":
            note(state, PUBLIC, f"nobody breaks the tie on vote {bill['id']}")
            finish(state, False, "vote")
        else:
            count_election(state)
        return PUBLIC

    @staticmethod
    def listed(state: DenState) -> Iterator[str]:
        yield f"control close-vote {quote('absent members abstain')}"


@control_verb("law")
class MarkLaw:
    """Control rules whether a law in force can be, and is being, enforced (failing laws cost morale rolls)."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        return law_problem(state, args[0])

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        law = find_law(state, int(args[0]))
        assert law is not None
        field, value = MARKS[args[1]]
        law[field] = value
        law["marked"] = True
        return PUBLIC

    @staticmethod
    def listed(state: DenState) -> Iterator[str]:
        for law in in_force(state):
            for mark in MARKS:
                yield f"control law {law['id']} {mark} {quote('Control rules on the law')}"


@control_verb("appoint")
class Appoint:
    """Control fills or empties an office (an appointment of the office being elected ends the election)."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        office, who = args[0], args[1]
        if office == "parliamentarian" and not state.rules.parliamentarian_writes_bills:
            return "edition", "classic has no Parliamentarian: the President sets the agenda"
        if who != "none":
            seat = seat_by_label(state, who)
            if seat is None or state.seats[seat].kind != "team":
                return "unknown seat", f"{who!r} is not a player of a team"
        if holder(state, office) == (None if who == "none" else who):
            held = "vacant" if who == "none" else f"held by {who}"
            return "unchanged", f"the {TITLES[office]}'s office is already {held}"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        office = args[0]
        state.council["offices"][office] = None if args[1] == "none" else args[1]
        election = state.council["election"]
        if election is not None and election["office"] == office:
            state.council["election"] = None
            note(state, PUBLIC, f"the election of a {TITLES[office]} ends: Control appoints")
        return PUBLIC


@control_verb("grant-vote")
class GrantVote:
    """Control gives a seat a vote at the Council (an observer such as the Helvetii Diplomat, or anyone)."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        seat = seat_by_label(state, args[0])
        if seat is None or state.seats[seat].kind != "team":
            return "unknown seat", f"{args[0]!r} is not a player of a team"
        if args[0] in state.council["voters"]:
            return "voter", f"{args[0]} already votes at the Council"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        if args[0] in state.council["observers"]:
            state.council["observers"].remove(args[0])
        state.council["voters"].append(args[0])
        return PUBLIC


@control_verb("revoke-vote")
class RevokeVote:
    """Control takes a seat's vote away: it sits on as an observer; a ballot it cast on an open vote is struck."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if args[0] not in state.council["voters"]:
            return "voter", f"{args[0]!r} has no vote at the Council"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        state.council["voters"].remove(args[0])
        state.council["observers"].append(args[0])
        bill = bill_now(state)
        if bill is not None and bill["stage"] == "vote":
            bill["votes"].pop(args[0], None)
            if bill["votes"] and everyone_voted(state, bill):
                resolve_vote(state)
        return PUBLIC


@control_verb("succession")
class Succession:
    """The chain of command: the Vice President becomes President; the President then names a new one."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if holder(state, "vice-president") is None:
            return "no vice president", "the Vice President's office is vacant: nobody succeeds"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        offices = state.council["offices"]
        offices["president"], offices["vice-president"] = offices["vice-president"], None
        note(state, PUBLIC, f"{offices['president']} succeeds as President; the Vice President's office is vacant")
        return PUBLIC


# ---- hooks into the turn -----------------------------------------------------------------------------------------


def law_penalty(state: DenState, ship: str) -> int:
    """Taken from every ship's morale roll: each law in force Control marks unenforceable or unenforced, capped."""
    council = state.content.council.council
    total = 0
    for law in in_force(state):
        total += council.unenforceable_penalty * (not law["enforceable"])
        total += council.unenforced_penalty * (not law["enforced"])
    return -min(total, council.penalty_cap)


def return_unsigned(state: DenState) -> None:
    """At the turn's end a bill the President has not signed returns to the Council for debate."""
    for key in ("bill", "tabled"):
        bill = state.council[key]
        if bill is not None and bill["stage"] == "signature":
            bill.update(stage="debate", votes={}, tie_break=None)
            note(state, PUBLIC, f"bill {bill['id']} was not signed: it returns to the Council")


MORALE_MODIFIERS.append(law_penalty)
TURN_ENDS.append(return_unsigned)
