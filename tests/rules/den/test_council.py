"""Rulebook "The Interstellar Council": seven voting members make, amend and repeal laws and pass motions; the
agenda's holder (classic: the President; Infinite Domain: the Parliamentarian) proposes one bill at a time and calls
the vote; members vote yea, nay or abstain by show of hands; a tie goes to the President's own vote (classic) or to
the Vice President (Infinite Domain). Infinite Domain adds the President's signature and veto (overridden by 5 of
7), votes of no confidence in the Parliamentarian (once per member), a snap presidential election (once per game,
5 of 7, every player elects), and the Helvetii Diplomat sitting without a vote. Laws that cannot be or are not
enforced cost every ship's morale roll in Infinite Domain (classic prints no penalty). The President may order the
admiral directly; Control runs the rest.

Seats: classic voters are the six council members and the President (star-alpha/president); Infinite Domain's are
the six council members and the Parliamentarian (star-alpha/parliamentarian); hephaestus/diplomat observes."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wolfpack import InvalidActionError
from wolfpack.games.den import turn
from wolfpack.games.den.notation import quote
from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, control, edit, legal, log, next_turn, refused, resolve, seat, to_step, verbs

CHAIR = {"classic": "star-alpha/president", "infinite-domain": "star-alpha/parliamentarian"}
"""Who holds the agenda: proposes bills and calls votes."""
PRESIDENT = "star-alpha/president"
VP = "star-alpha/vice-president"
PARLIAMENTARIAN = "star-alpha/parliamentarian"
DIPLOMAT = "hephaestus/diplomat"
ADMIRAL = {"classic": "aegis/commanding-officer", "infinite-domain": "aegis/admiral"}
NATIONS = ("dione", "icebreaker", "quellon", "carmine", "halcyon", "meridian")
MEMBERS = tuple(f"{ship}/council-member" for ship in NATIONS)


def voters(state: DenState) -> list[str]:
    """The voting members, in the Council's order (the six nations' members, then the seventh)."""
    return list(state.council["voters"])


def propose(state: DenState, edition: str, text: str = "No hoarding of fuel", call: bool = True) -> DenState:
    """The agenda's holder proposes a law (and calls the vote)."""
    act(state, CHAIR[edition], f"propose law {quote(text)}")
    return act(state, CHAIR[edition], "call-vote") if call else state


def vote(state: DenState, *ballots: str) -> DenState:
    """The voting members vote these ballots, in the Council's order (fewer ballots: the rest do not vote)."""
    for who, ballot in zip(voters(state), ballots, strict=False):
        act(state, who, f"vote {ballot}")
    return state


def enact_law(state: DenState, edition: str, text: str) -> DenState:
    """A law passes unanimously (and, in Infinite Domain, is signed)."""
    vote(propose(state, edition, text), *["yea"] * 7)
    if state.rules.president_signs_bills:
        act(state, PRESIDENT, "sign")
    return state


def bill(state: DenState) -> dict[str, Any]:
    """The bill before the Council."""
    found = state.council["bill"]
    assert found is not None
    return dict(found)


def public_council(state: DenState, label: str | None) -> dict[str, Any]:
    """The Council in a seat's observation (None: the public view)."""
    return dict(state.observation(None if label is None else seat(state, label))["council"])


# ---- the agenda ----------------------------------------------------------------------------------------------------


def test_classic_only_the_president_proposes_and_calls_the_vote() -> None:
    state = begin("classic", "action")
    assert refused(state, "dione/council-member", 'propose law "Curfew"').rule == "agenda"
    assert refused(state, VP, 'propose motion "Curfew"').rule == "agenda"
    assert 'propose motion "The Council backs the fleet\'s next jump"' in legal(state, PRESIDENT)
    act(state, PRESIDENT, 'propose motion "Curfew"')
    assert refused(state, "dione/council-member", "call-vote").rule == "agenda"
    act(state, PRESIDENT, "call-vote")
    assert bill(state)["stage"] == "vote"


def test_infinite_domain_only_the_parliamentarian_proposes_and_calls_the_vote() -> None:
    state = begin("infinite-domain", "action")
    assert refused(state, PRESIDENT, 'propose law "Curfew"').rule == "agenda"
    assert refused(state, "dione/council-member", 'propose law "Curfew"').rule == "agenda"
    assert not verbs(state, PRESIDENT, "propose")
    act(state, PARLIAMENTARIAN, 'propose law "Curfew"')
    assert refused(state, PRESIDENT, "call-vote").rule == "agenda"
    act(state, PARLIAMENTARIAN, "call-vote")
    assert bill(state)["stage"] == "vote"


@both
def test_a_bill_is_proposed_in_any_words_and_lands_in_debate(edition: str) -> None:
    state = propose(begin(edition, "action"), edition, 'Ration "luxuries" \\ strictly', call=False)
    expected = {
        "id": 1,
        "kind": "law",
        "text": 'Ration "luxuries" \\ strictly',
        "proposer": CHAIR[edition],
        "stage": "debate",
        "votes": {},
        "turn": 1,
    }
    assert {key: bill(state)[key] for key in expected} == expected
    assert f'{CHAIR[edition]} proposes a law, bill 1: "Ration "luxuries" \\ strictly"' in log(state, None)


@both
def test_one_bill_at_a_time(edition: str) -> None:
    state = propose(begin(edition, "action"), edition, call=False)
    assert refused(state, CHAIR[edition], 'propose motion "Another"').rule == "one bill"
    assert not verbs(state, CHAIR[edition], "propose")


@both
def test_the_proposer_withdraws_a_bill_in_debate_but_not_at_a_vote(edition: str) -> None:
    state = propose(begin(edition, "action"), edition, call=False)
    assert refused(state, "dione/council-member", "withdraw").rule == "proposer"
    act(state, CHAIR[edition], "withdraw")
    assert state.council["bill"] is None
    propose(state, edition)
    assert refused(state, CHAIR[edition], "withdraw").rule == "stage"


@both
def test_council_business_is_done_in_the_action_phase(edition: str) -> None:
    state = begin(edition, "start")
    assert refused(state, CHAIR[edition], 'propose law "Curfew"').rule == "phase"
    propose(to_step(state, "action"), edition)
    to_step(state, "team")
    assert refused(state, "dione/council-member", "vote yea").rule == "phase"


# ---- voting --------------------------------------------------------------------------------------------------------


@both
def test_each_voter_votes_once(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea")
    assert refused(state, "dione/council-member", "vote nay").rule == "voted"
    assert not verbs(state, "dione/council-member", "vote")
    assert verbs(state, "icebreaker/council-member", "vote") == ["vote abstain", "vote nay", "vote yea"]
    assert "dione/council-member votes yea on vote 1" in log(state, None)


@both
def test_the_chair_records_a_show_of_hands_that_counts_as_the_members_vote(edition: str) -> None:
    """Members without a phone raise their hands; the agenda's holder records each hand on theirs."""
    state = propose(begin(edition, "action"), edition)
    member, others = voters(state)[0], voters(state)[1:]
    offered = verbs(state, CHAIR[edition], "hands")
    assert offered == sorted(f"hands {voter} {b}" for voter in voters(state) for b in ("abstain", "nay", "yea"))
    act(state, CHAIR[edition], f"hands {member} yea")
    assert bill(state)["votes"] == {member: "yea"}
    assert f"{member} votes yea on vote 1 (recorded by the chair, {CHAIR[edition]})" in log(state, None)
    assert refused(state, member, "vote nay").rule == "voted"  # a hand recorded is the member's one vote
    assert refused(state, CHAIR[edition], f"hands {member} nay").rule == "voted"
    assert not any(action.startswith(f"hands {member} ") for action in legal(state, CHAIR[edition]))
    for other in others:
        act(state, CHAIR[edition], f"hands {other} nay")
    assert state.council["record"][-1]["tally"] == {"yea": 1, "nay": 6, "abstain": 0, "how": "vote"}


@both
def test_only_the_chair_records_hands_and_only_a_voting_members(edition: str) -> None:
    state = propose(begin(edition, "action"), edition)
    member = voters(state)[1]
    assert refused(state, voters(state)[0], f"hands {member} yea").rule == "agenda"
    assert refused(state, CHAIR[edition], "hands dione/captain yea").rule == "voter"
    state = propose(begin(edition, "action"), edition, call=False)
    assert refused(state, CHAIR[edition], f"hands {member} yea").rule == "no vote"
    assert not verbs(state, CHAIR[edition], "hands")


def test_infinite_domain_the_chair_records_the_vice_presidents_tie_breaking_hand() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), "yea", "nay", *["abstain"] * 5)
    assert verbs(state, PARLIAMENTARIAN, "hands") == [f"hands {VP} nay", f"hands {VP} yea"]
    assert refused(state, PARLIAMENTARIAN, f"hands {VP} abstain").rule == "tie-break"
    act(state, PARLIAMENTARIAN, f"hands {VP} yea")
    assert state.council["record"][-1]["tally"]["how"] == "tie-break"
    assert state.council["record"][-1]["passed"] is True


@both
def test_only_voting_members_vote(edition: str) -> None:
    state = propose(begin(edition, "action"), edition)
    assert refused(state, "dione/captain", "vote yea").rule == "voter"
    assert refused(state, "media/anchor", "vote yea").rule == "team only"
    if edition == "infinite-domain":
        assert refused(state, DIPLOMAT, "vote yea").rule == "voter"
        assert refused(state, PRESIDENT, "vote yea").rule == "voter"


@both
def test_no_vote_without_a_called_vote(edition: str) -> None:
    state = propose(begin(edition, "action"), edition, call=False)
    assert refused(state, "dione/council-member", "vote yea").rule == "no vote"


@both
def test_the_vote_resolves_when_every_voter_has_voted(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea", "yea", "nay", "abstain", "yea", "nay")
    assert bill(state)["stage"] == "vote"
    vote_last = voters(state)[-1]
    act(state, vote_last, "vote yea")
    assert state.council["record"][-1]["tally"] == {"yea": 4, "nay": 2, "abstain": 1, "how": "vote"}
    assert state.council["record"][-1]["passed"] is True
    assert "vote 1 passes: 4 yea, 2 nay, 1 abstain" in log(state, None)


@both
def test_control_closes_a_vote_counting_absentees_as_abstaining(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea", "nay", "yea")
    control(state, 'control close-vote "the others left the chamber"')
    assert state.council["record"][-1]["tally"] == {"yea": 2, "nay": 1, "abstain": 4, "how": "vote"}
    assert 'Control: close-vote ("the others left the chamber")' in log(state, None)


@both
def test_close_vote_needs_an_open_vote(edition: str) -> None:
    state = propose(begin(edition, "action"), edition, call=False)
    assert not state.is_legal('control close-vote "why"', 0)
    assert all(not a.startswith("control close-vote") for a in state.legal_actions(0))


@both
def test_a_majority_of_the_votes_cast_passes(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea", "yea", "nay", "abstain", "abstain", "abstain")
    control(state, 'control close-vote "time"')
    assert state.council["record"][-1]["passed"] is True
    if state.rules.president_signs_bills:
        assert bill(state)["stage"] == "signature"
    else:
        assert state.council["laws"][0]["text"] == "No hoarding of fuel"


@both
def test_more_nays_or_nobody_for_or_against_fails(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea", "nay", "nay", *["abstain"] * 4)
    assert state.council["record"][-1]["passed"] is False
    assert state.council["bill"] is None
    vote(propose(state, edition), *["abstain"] * 7)
    assert state.council["record"][-1]["passed"] is False  # no yea and no nay is no tie to break
    assert state.council["laws"] == []


@pytest.mark.parametrize(("ballot", "passes"), [("yea", True), ("nay", False), ("abstain", False)])
def test_classic_tie_the_presidents_own_vote_decides(ballot: str, passes: bool) -> None:
    state = propose(begin("classic", "action"), "classic")
    nations = {
        "yea": ("yea", "yea", "nay", "nay", "nay", "abstain"),
        "nay": ("yea", "yea", "yea", "nay", "nay", "abstain"),
        "abstain": ("yea", "yea", "yea", "nay", "nay", "nay"),
    }
    vote(state, *nations[ballot], ballot)  # the President, the seventh voter, ties it 3-3 and decides it
    assert state.council["record"][-1]["passed"] is passes
    assert state.council["record"][-1]["tally"]["how"] == "tie-break"
    assert bool(state.council["laws"]) is passes


def test_classic_a_tie_is_not_sent_to_the_vice_president() -> None:
    state = propose(begin("classic", "action"), "classic")
    assert refused(state, VP, "vote yea").rule == "voter"
    vote(state, "yea", "yea", "yea", "nay", "nay", "nay")
    control(state, 'control close-vote "the President did not vote"')
    assert state.council["record"][-1]["passed"] is False
    assert state.council["bill"] is None


@pytest.mark.parametrize(("ballot", "passes"), [("yea", True), ("nay", False)])
def test_infinite_domain_a_tie_goes_to_the_vice_president(ballot: str, passes: bool) -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), "yea", "yea", "yea", "nay", "nay")
    act(state, "meridian/council-member", "vote nay")
    act(state, PARLIAMENTARIAN, "vote abstain")
    assert bill(state)["stage"] == "tie"
    assert verbs(state, VP, "vote") == ["vote nay", "vote yea"]
    act(state, VP, f"vote {ballot}")
    record = state.council["record"][-1]
    assert record["passed"] is passes
    assert record["tally"] == {"yea": 3, "nay": 3, "abstain": 1, "how": "tie-break"}
    assert (state.council["bill"] is not None) is passes  # passed: on to the President's signature


def test_infinite_domain_the_vice_president_cannot_abstain_on_a_tie() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), "yea", "nay", *["abstain"] * 5)
    assert refused(state, VP, "vote abstain").rule == "tie-break"
    assert refused(state, "dione/council-member", "vote yea").rule == "tie-break"
    assert refused(state, PRESIDENT, "vote yea").rule == "tie-break"


def test_infinite_domain_the_vice_president_votes_only_on_a_tie() -> None:
    state = propose(begin("infinite-domain", "action"), "infinite-domain")
    assert refused(state, VP, "vote yea").rule == "tie-break"
    assert not verbs(state, VP, "vote")


def test_infinite_domain_an_unbroken_tie_fails_when_control_closes_it() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), "yea", "nay", *["abstain"] * 5)
    control(state, 'control close-vote "the Vice President is away"')
    assert state.council["record"][-1]["passed"] is False
    assert state.council["bill"] is None


# ---- signature and veto ----------------------------------------------------------------------------------------


def test_infinite_domain_a_passed_bill_needs_the_presidents_signature() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), *["yea"] * 7)
    assert bill(state)["stage"] == "signature"
    assert state.council["laws"] == []
    assert refused(state, VP, "sign").rule == "president"
    assert refused(state, PARLIAMENTARIAN, 'propose law "Next"').rule == "one bill"
    act(state, PRESIDENT, "sign")
    assert state.council["bill"] is None
    assert state.council["laws"][0]["text"] == "No hoarding of fuel"
    assert "President star-alpha/president signs bill 1" in log(state, None)


def test_classic_a_passed_bill_is_law_at_once_with_nothing_to_sign() -> None:
    state = vote(propose(begin("classic", "action"), "classic"), *["yea"] * 7)
    assert state.council["laws"][0]["status"] == "in force"
    assert refused(state, PRESIDENT, "sign").rule == "edition"
    assert refused(state, PRESIDENT, "veto").rule == "edition"


def test_infinite_domain_a_veto_is_overridden_by_five_of_seven() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), *["yea"] * 7)
    act(state, PRESIDENT, "veto")
    assert bill(state)["stage"] == "vetoed"
    assert refused(state, PRESIDENT, "call-vote").rule == "agenda"
    act(state, PARLIAMENTARIAN, "call-vote")
    assert bill(state)["override"] is True
    vote(state, "yea", "yea", "yea", "yea", "yea", "nay", "nay")
    law = state.council["laws"][0]
    assert law["tally"] == {"yea": 5, "nay": 2, "abstain": 0, "how": "override"}
    assert state.council["bill"] is None


def test_infinite_domain_a_failed_override_drops_the_bill() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), *["yea"] * 7)
    act(state, PRESIDENT, "veto")
    act(state, PARLIAMENTARIAN, "call-vote")
    vote(state, "yea", "yea", "yea", "yea", "nay", "nay", "nay")
    assert state.council["laws"] == []
    assert state.council["bill"] is None
    assert state.council["record"][-1]["passed"] is False


def test_infinite_domain_a_vetoed_bill_may_be_withdrawn() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), *["yea"] * 7)
    act(state, PRESIDENT, "veto")
    act(state, PARLIAMENTARIAN, "withdraw")
    assert state.council["bill"] is None


def test_infinite_domain_an_unsigned_bill_returns_to_the_council_at_the_turns_end() -> None:
    state = vote(propose(begin("infinite-domain", "action"), "infinite-domain"), *["yea"] * 7)
    next_turn(to_step(state, "team"))
    assert bill(state)["stage"] == "debate"
    assert bill(state)["votes"] == {}
    assert "bill 1 was not signed: it returns to the Council" in log(state, None)
    to_step(state, "action")
    act(state, PARLIAMENTARIAN, "call-vote")
    assert bill(state)["stage"] == "vote"


# ---- kinds of bill and the register ----------------------------------------------------------------------------


@both
def test_a_motion_is_a_decision_not_a_law(edition: str) -> None:
    state = begin(edition, "action")
    act(state, CHAIR[edition], 'propose motion "We jump to the nebula"', "call-vote")
    vote(state, *["yea"] * 7)
    assert state.council["laws"] == []
    assert state.council["resolutions"][0]["text"] == "We jump to the nebula"
    assert state.council["bill"] is None  # a motion needs no signature in either edition
    assert 'the Council resolves: "We jump to the nebula"' in log(state, None)


@both
def test_an_amendment_rewrites_a_law_and_keeps_its_old_words(edition: str) -> None:
    state = enact_law(begin(edition, "action"), edition, "Curfew at ten")
    assert 'propose amend 1 "As amended: the Council reviews this law at every session"' in legal(state, CHAIR[edition])
    act(state, CHAIR[edition], 'propose amend 1 "Curfew at midnight"', "call-vote")
    vote(state, *["yea"] * 7)
    if state.rules.president_signs_bills:
        act(state, PRESIDENT, "sign")
    law = state.council["laws"][0]
    assert law["text"] == "Curfew at midnight"
    assert law["history"][0]["was"] == "Curfew at ten"
    assert law["history"][0]["kind"] == "amend"


@both
def test_a_repeal_ends_a_law_which_then_cannot_be_changed(edition: str) -> None:
    state = enact_law(begin(edition, "action"), edition, "Curfew at ten")
    act(state, CHAIR[edition], 'propose repeal 1 "The danger has passed"', "call-vote")
    vote(state, *["yea"] * 7)
    if state.rules.president_signs_bills:
        act(state, PRESIDENT, "sign")
    assert state.council["laws"][0]["status"] == "repealed"
    assert refused(state, CHAIR[edition], 'propose amend 1 "Curfew at nine"').rule == "repealed"
    assert refused(state, CHAIR[edition], 'propose repeal 1 "again"').rule == "repealed"
    assert refused(state, CHAIR[edition], 'propose repeal 7 "no such law"').rule == "unknown law"


@both
def test_the_register_of_laws_is_public(edition: str) -> None:
    state = enact_law(begin(edition, "action"), edition, "Curfew at ten")
    for reader in (None, "media/anchor", "dione/captain", "aegis/xo", "control"):
        law = public_council(state, reader)["laws"][0]
        assert law["text"] == "Curfew at ten"
        assert law["status"] == "in force"
        assert law["tally"] == {"yea": 7, "nay": 0, "abstain": 0, "how": "vote"}
        assert (law["enforceable"], law["enforced"], law["turn"], law["history"]) == (True, True, 1, [])
    assert 'law 1 is in force: "Curfew at ten"' in log(state, None)


@both
def test_the_council_state_is_json_ready_and_survives_a_saved_position(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea", "nay")
    copy = edit(state, lambda position: None)
    assert copy.council == json.loads(json.dumps(state.council))
    vote_next = voters(copy)[2]
    act(copy, vote_next, "vote yea")
    assert copy.council["bill"]["votes"][vote_next] == "yea"


# ---- Control's rulings on laws and the morale they cost ------------------------------------------------------


@both
def test_control_marks_a_law_and_everyone_sees_the_ruling(edition: str) -> None:
    state = enact_law(begin(edition, "action"), edition, "Curfew at ten")
    control(state, 'control law 1 unenforceable "nobody can check it"')
    law = public_council(state, "dione/captain")["laws"][0]
    assert (law["enforceable"], law["enforced"], law["marked"]) == (False, True, True)
    assert 'Control: law 1 unenforceable ("nobody can check it")' in log(state, None)
    control(state, 'control law 1 enforceable "a way was found"')
    assert state.council["laws"][0]["enforceable"] is True


@both
def test_control_cannot_mark_an_unknown_law(edition: str) -> None:
    state = begin(edition, "action")
    assert not state.is_legal('control law 1 unenforced "why"', 0)
    assert refused(state, "dione/captain", 'control law 1 unenforced "why"').rule == "control"


def test_infinite_domain_laws_that_fail_the_fleet_cost_every_morale_roll_up_to_the_cap() -> None:
    edition = "infinite-domain"
    state = begin(edition, "action")
    for text in ("Curfew", "Rationing", "No hoarding", "Patrols"):
        enact_law(state, edition, text)
    base = turn.morale_modifier(state, "dione")
    control(state, 'control law 1 unenforceable "cannot be checked"')
    assert turn.morale_modifier(state, "dione") == base - 1
    control(state, 'control law 1 unenforced "nobody tries"')
    assert turn.morale_modifier(state, "aegis") == turn.morale_modifier(state, "dione")
    assert turn.morale_modifier(state, "dione") == base - 2
    control(state, 'control law 2 unenforced "ignored"', 'control law 3 unenforced "ignored"')
    assert turn.morale_modifier(state, "dione") == base - 3  # four points of failing laws, capped at three
    act(state, CHAIR[edition], 'propose repeal 1 "unworkable"', "call-vote")
    vote(state, *["yea"] * 7)
    if state.rules.president_signs_bills:
        act(state, PRESIDENT, "sign")
    assert turn.morale_modifier(state, "dione") == base - 2  # a repealed law costs nothing


def test_classic_laws_that_fail_the_fleet_cost_no_morale() -> None:
    state = begin("classic", "action")
    for text in ("Curfew", "Rationing"):
        enact_law(state, "classic", text)
    base = turn.morale_modifier(state, "dione")
    control(state, 'control law 1 unenforceable "cannot be checked"', 'control law 2 unenforced "nobody tries"')
    assert [(law["enforceable"], law["enforced"]) for law in state.council["laws"]] == [(False, True), (True, False)]
    assert turn.morale_modifier(state, "dione") == base  # the ruling is recorded, but classic prints no penalty


# ---- no confidence (Infinite Domain) -------------------------------------------------------------------------------


def no_confidence(state: DenState, caller: str = "dione/council-member", yeas: int = 4) -> DenState:
    """A member calls no confidence in the Parliamentarian; `yeas` members vote yea, the rest nay."""
    act(state, caller, "no-confidence")
    return vote(state, *(["yea"] * yeas + ["nay"] * (7 - yeas)))


def test_infinite_domain_a_no_confidence_majority_strips_the_parliamentarian() -> None:
    state = no_confidence(begin("infinite-domain", "action"))
    assert state.council["offices"]["parliamentarian"] is None
    assert PARLIAMENTARIAN in voters(state)  # a member still
    assert state.council["election"] == {
        "office": "parliamentarian",
        "voters": voters(state),
        "candidates": [*voters(state), DIPLOMAT],
        "ballots": {},
    }


def test_infinite_domain_no_bill_is_proposed_while_the_parliamentarian_office_is_vacant() -> None:
    state = no_confidence(begin("infinite-domain", "action"))
    for who in (PARLIAMENTARIAN, PRESIDENT, "dione/council-member"):
        assert refused(state, who, 'propose law "Curfew"').rule == "vacant"


def test_infinite_domain_a_failed_or_tied_no_confidence_vote_changes_nothing() -> None:
    state = no_confidence(begin("infinite-domain", "action"), yeas=3)
    assert state.council["offices"]["parliamentarian"] == PARLIAMENTARIAN
    act(state, "icebreaker/council-member", "no-confidence")
    vote(state, "yea", "yea", "yea", "nay", "nay", "nay", "abstain")
    assert state.council["offices"]["parliamentarian"] == PARLIAMENTARIAN  # a tie fails: no Vice President's vote
    assert state.council["election"] is None


def test_infinite_domain_each_member_calls_no_confidence_once_per_game() -> None:
    state = no_confidence(begin("infinite-domain", "action"), yeas=2)
    assert refused(state, "dione/council-member", "no-confidence").rule == "once"
    assert state.council["no_confidence_used"] == ["dione/council-member"]
    assert refused(state, PARLIAMENTARIAN, "no-confidence").rule == "self"
    assert refused(state, "dione/captain", "no-confidence").rule == "member"
    assert verbs(state, "icebreaker/council-member", "no-confidence") == ["no-confidence"]


def test_infinite_domain_no_confidence_is_not_called_during_a_vote() -> None:
    state = propose(begin("infinite-domain", "action"), "infinite-domain")
    assert refused(state, "dione/council-member", "no-confidence").rule == "floor"


def test_infinite_domain_a_call_sets_the_bill_in_debate_aside() -> None:
    state = propose(begin("infinite-domain", "action"), "infinite-domain", "Curfew", call=False)
    no_confidence(state, yeas=1)
    assert bill(state)["text"] == "Curfew"
    assert bill(state)["stage"] == "debate"
    assert state.council["tabled"] is None


def test_infinite_domain_a_new_parliamentarian_may_withdraw_the_old_bill() -> None:
    state = propose(begin("infinite-domain", "action"), "infinite-domain", "Curfew", call=False)
    no_confidence(state)
    for who in voters(state):
        act(state, who, "elect halcyon/council-member")
    assert bill(state)["proposer"] == PARLIAMENTARIAN
    assert refused(state, "halcyon/council-member", 'propose law "Mine"').rule == "one bill"
    act(state, "halcyon/council-member", "withdraw")
    assert state.council["bill"] is None


def test_infinite_domain_the_members_elect_a_new_parliamentarian_by_plurality() -> None:
    state = no_confidence(begin("infinite-domain", "action"))
    assert refused(state, "dione/captain", "elect dione/council-member").rule == "elector"
    assert refused(state, "dione/council-member", "elect dione/captain").rule == "candidate"
    assert refused(state, DIPLOMAT, "elect dione/council-member").rule == "elector"
    ballots = ["icebreaker/council-member"] * 3 + ["dione/council-member"] * 2 + [PARLIAMENTARIAN] * 2
    for who, choice in zip(voters(state), ballots, strict=True):
        act(state, who, f"elect {choice}")
    assert state.council["offices"]["parliamentarian"] == "icebreaker/council-member"
    assert state.council["election"] is None
    assert any("icebreaker/council-member is elected Parliamentarian" in n["text"] for n in state.notices)
    act(state, "icebreaker/council-member", 'propose law "Order restored"')


def test_infinite_domain_the_diplomat_is_a_council_member_in_every_call_and_election_but_votes_in_none() -> None:
    """One reading of "Council member": everyone seated on the Council; the Diplomat lacks only a vote."""
    state = begin("infinite-domain", "action")
    assert verbs(state, DIPLOMAT, "no-confidence") == ["no-confidence"]
    assert verbs(state, DIPLOMAT, "snap-election") == ["snap-election"]
    act(state, DIPLOMAT, "no-confidence")
    assert refused(state, DIPLOMAT, "vote yea").rule == "voter"
    vote(state, *["yea"] * 4, *["nay"] * 3)
    assert state.council["election"]["candidates"] == [*MEMBERS, PARLIAMENTARIAN, DIPLOMAT]
    assert DIPLOMAT not in state.council["election"]["voters"]
    for who, choice in zip(voters(state), [DIPLOMAT] * 4 + [PARLIAMENTARIAN] * 3, strict=True):
        act(state, who, f"elect {choice}")
    assert state.council["offices"]["parliamentarian"] == DIPLOMAT
    assert DIPLOMAT not in voters(state)  # the office brings no vote by itself: the role change is Control's
    assert any(f"{DIPLOMAT} is elected Parliamentarian: adjudicate" in n["text"] for n in state.notices)
    act(state, DIPLOMAT, "snap-election")
    assert state.council["snap_used"]
    assert bill(state)["kind"] == "snap-election"


def test_infinite_domain_a_tied_election_is_held_again() -> None:
    state = no_confidence(begin("infinite-domain", "action"))
    for who, choice in zip(voters(state)[:4], ["dione/council-member", "quellon/council-member"] * 2, strict=True):
        act(state, who, f"elect {choice}")
    assert refused(state, "dione/council-member", "elect quellon/council-member").rule == "voted"
    control(state, 'control close-vote "time is up"')
    assert state.council["election"]["ballots"] == {}
    assert "the election is tied (dione/council-member, quellon/council-member): the electors vote again" in log(
        state, None
    )
    act(state, "dione/council-member", "elect quellon/council-member")
    control(state, 'control close-vote "time is up"')
    assert state.council["offices"]["parliamentarian"] == "quellon/council-member"


def test_infinite_domain_no_other_business_during_an_election() -> None:
    state = no_confidence(begin("infinite-domain", "action"))
    assert refused(state, "icebreaker/council-member", "snap-election").rule == "election"
    assert refused(state, "icebreaker/council-member", "no-confidence").rule == "election"


def test_classic_has_no_calls_of_no_confidence_or_snap_elections() -> None:
    state = begin("classic", "action")
    assert refused(state, "dione/council-member", "no-confidence").rule == "edition"
    assert refused(state, "dione/council-member", "snap-election").rule == "edition"
    assert refused(state, "dione/council-member", "elect dione/council-member").rule == "no election"


# ---- the snap election (Infinite Domain) -------------------------------------------------------------------------


def snap(state: DenState, yeas: int = 5) -> DenState:
    """A member calls the snap election; `yeas` members vote yea, the rest nay."""
    act(state, "dione/council-member", "snap-election")
    return vote(state, *(["yea"] * yeas + ["nay"] * (7 - yeas)))


def test_infinite_domain_a_snap_election_needs_five_of_seven() -> None:
    state = snap(begin("infinite-domain", "action"), yeas=4)
    assert state.council["election"] is None
    assert state.council["record"][-1]["passed"] is False
    state = snap(begin("infinite-domain", "action"), yeas=5)
    assert state.council["election"]["office"] == "president"


def test_infinite_domain_the_snap_election_is_called_once_per_game() -> None:
    state = snap(begin("infinite-domain", "action"), yeas=0)
    assert refused(state, "icebreaker/council-member", "snap-election").rule == "once"


def test_infinite_domain_every_player_elects_the_president_from_the_council() -> None:
    state = snap(begin("infinite-domain", "action"))
    election = state.council["election"]
    assert election["candidates"] == [*MEMBERS, PARLIAMENTARIAN, DIPLOMAT]
    assert len(election["voters"]) == len(state.seats) - 1  # every seat but Control, Media and wildcards included
    assert "media/anchor" in election["voters"]
    assert "wildcard/wildcard-1" in election["voters"]
    assert refused(state, "dione/captain", f"elect {PRESIDENT}").rule == "candidate"
    act(state, "dione/captain", "elect dione/council-member")
    act(state, "aegis/admiral", "elect carmine/council-member")
    act(state, "aegis/xo", "elect carmine/council-member")
    control(state, 'control close-vote "the polls close"')
    assert state.council["offices"]["president"] == "carmine/council-member"
    assert state.council["offices"]["vice-president"] is None
    assert any("carmine/council-member is elected President" in n["text"] for n in state.notices)


def test_infinite_domain_media_and_wildcards_elect_the_president() -> None:
    state = snap(begin("infinite-domain", "action"))
    act(state, "media/anchor", "elect dione/council-member")
    act(state, "wildcard/wildcard-1", "elect dione/council-member")
    assert len(state.council["election"]["ballots"]) == 2


def test_infinite_domain_the_new_president_names_a_vice_president() -> None:
    state = snap(begin("infinite-domain", "action"))
    act(state, "dione/captain", "elect dione/council-member")
    control(state, 'control close-vote "the polls close"')
    assert refused(state, PRESIDENT, "name-vp dione/captain").rule == "president"
    assert refused(state, "dione/council-member", "name-vp dione/council-member").rule == "unknown seat"
    assert refused(state, "dione/council-member", "name-vp media/anchor").rule == "unknown seat"
    assert "name-vp dione/first-officer" in verbs(state, "dione/council-member", "name-vp")
    act(state, "dione/council-member", "name-vp dione/first-officer")
    assert state.council["offices"]["vice-president"] == "dione/first-officer"
    assert refused(state, "dione/council-member", "name-vp dione/captain").rule == "filled"


# ---- Control's offices and votes ----------------------------------------------------------------------------------


@both
def test_control_succession_makes_the_vice_president_president(edition: str) -> None:
    state = control(begin(edition, "action"), 'control succession "the President is lost"')
    assert state.council["offices"]["president"] == VP
    assert state.council["offices"]["vice-president"] is None
    assert not state.is_legal('control succession "again"', 0)
    act(state, VP, f"name-vp {PRESIDENT}")
    assert state.council["offices"]["vice-president"] == PRESIDENT


@both
def test_control_appoints_and_empties_offices(edition: str) -> None:
    state = control(begin(edition, "action"), 'control appoint vice-president dione/captain "a new deputy"')
    assert state.council["offices"]["vice-president"] == "dione/captain"
    assert 'Control: appoint vice-president dione/captain ("a new deputy")' in log(state, None)
    control(state, 'control appoint president none "arrested"')
    assert state.council["offices"]["president"] is None
    assert not state.is_legal('control appoint president media/anchor "no"', 0)
    assert not state.is_legal('control appoint president none "no"', 0)  # already vacant
    assert state.is_legal('control appoint parliamentarian dione/captain "why"', 0) == (edition != "classic")


@both
def test_control_grants_and_revokes_votes(edition: str) -> None:
    newcomer = VP if edition == "classic" else DIPLOMAT
    state = control(begin(edition, "action"), f'control grant-vote {newcomer} "a seat at the table"')
    assert newcomer in voters(state)
    assert newcomer not in state.council["observers"]
    assert not state.is_legal(f'control grant-vote {newcomer} "again"', 0)
    propose(state, edition)
    act(state, newcomer, "vote yea")
    control(state, f'control revoke-vote {newcomer} "stripped"')
    assert newcomer not in voters(state)
    assert newcomer in state.council["observers"]
    assert newcomer not in bill(state)["votes"]
    assert not state.is_legal('control revoke-vote dione/captain "not a voter"', 0)


def test_infinite_domain_the_diplomat_starts_as_an_observer() -> None:
    state = begin("infinite-domain", "action")
    assert state.council["observers"] == [DIPLOMAT]
    assert DIPLOMAT not in voters(state)
    assert begin("classic", "action").council["observers"] == []


def test_infinite_domain_the_supermajority_is_five_sevenths_of_the_voters() -> None:
    state = control(begin("infinite-domain", "action"), f'control grant-vote {DIPLOMAT} "Helvetii recognised"')
    vote(propose(state, "infinite-domain"), *["yea"] * 8)
    act(state, PRESIDENT, "veto")
    act(state, PARLIAMENTARIAN, "call-vote")
    vote(state, *["yea"] * 5, *["nay"] * 3)
    assert state.council["laws"] == []  # 5 of 8 is short of five sevenths: 6 needed


# ---- the President's direct orders --------------------------------------------------------------------------------


@both
def test_the_presidents_orders_reach_only_the_president_and_admiral_teams_and_control(edition: str) -> None:
    state = act(begin(edition, "action"), PRESIDENT, 'order "Jump now, secretly"')
    line = f'President {PRESIDENT} orders the admiral ({ADMIRAL[edition]}): "Jump now, secretly"'
    for reader in (PRESIDENT, VP, ADMIRAL[edition], "aegis/xo", "control"):
        assert line in log(state, reader)
        orders = public_council(state, reader)["orders"]
        assert [o["text"] for o in orders] == ["Jump now, secretly"]
    for reader in (None, "dione/council-member", "media/anchor", "icebreaker/captain"):
        assert "Jump now, secretly" not in json.dumps(public_council(state, reader))
        assert not any("Jump now, secretly" in text for text in log(state, reader))


@both
def test_only_the_presidents_office_gives_orders_in_any_step(edition: str) -> None:
    state = begin(edition, "start")
    assert (
        refused(
            state, "star-alpha/" + ("first-secretary" if edition == "classic" else "chief-of-staff"), 'order "Fire"'
        ).rule
        == "president"
    )
    assert refused(state, "dione/council-member", 'order "Fire"').rule == "president"
    act(state, PRESIDENT, 'order "Hold fire"')
    act(to_step(state, "team"), PRESIDENT, 'order "Fire at will"')
    assert [o["turn"] for o in state.council["orders"]] == [1, 1]


def test_classic_the_presidents_office_gives_orders_the_vice_president_too() -> None:
    state = begin("classic", "action")
    assert verbs(state, VP, "order") != []
    act(state, VP, 'order "Screen the Dione"')
    assert state.council["orders"][-1] | {"text": ""} == {
        "turn": 1,
        "president": VP,
        "admiral": ADMIRAL["classic"],
        "text": "",
        "ships": ["star-alpha", "aegis"],
    }
    assert f'Vice President {VP} orders the admiral (aegis/commanding-officer): "Screen the Dione"' in log(
        state, ADMIRAL["classic"]
    )
    control(state, 'control appoint vice-president dione/council-member "a reshuffle"')
    assert refused(state, VP, 'order "Fire"').rule == "president"
    act(state, "dione/council-member", 'order "Hold the line"')


def test_infinite_domain_only_the_president_gives_orders_not_the_vice_president() -> None:
    state = begin("infinite-domain", "action")
    error = refused(state, VP, 'order "Fire"')
    assert error.rule == "president"
    assert f"only the President ({PRESIDENT}) gives the admiral direct orders" in str(error)
    assert verbs(state, VP, "order") == []


# ---- the Council and Wolf Attacks; bad input --------------------------------------------------------------------


def under_attack(state: DenState) -> DenState:
    """Control starts a Wolf Attack (its Wolves placed by the first outcomes)."""
    control(state, 'control attack "the Wolves find the fleet"')
    resolve(state)
    assert state.attack is not None
    return state


@both
def test_the_council_cannot_sit_during_a_wolf_attack(edition: str) -> None:
    state = under_attack(propose(begin(edition, "action"), edition, call=False))
    for action in ("call-vote", "withdraw", 'propose law "x"'):
        assert refused(state, CHAIR[edition], action).rule == "attack"
    assert not verbs(state, CHAIR[edition], "call-vote")
    act(state, PRESIDENT, 'order "Launch every fighter"')  # an emergency is what direct orders are for


@both
def test_votes_signatures_and_calls_stop_during_a_wolf_attack(edition: str) -> None:
    state = vote(propose(begin(edition, "action"), edition), "yea", "yea")
    state = under_attack(state)
    assert refused(state, "quellon/council-member", "vote yea").rule == "attack"
    assert not verbs(state, "quellon/council-member", "vote")
    infinite = edition == "infinite-domain"
    assert refused(state, PRESIDENT, "sign").rule == ("attack" if infinite else "edition")
    assert refused(state, "dione/council-member", "snap-election").rule == ("attack" if infinite else "edition")
    assert refused(state, "dione/council-member", "elect dione/council-member").rule == "attack"


@both
@pytest.mark.parametrize(
    "action",
    ['propose decree "x"', 'propose law ""', 'propose amend one "x"', "vote maybe", "elect nobody", "name-vp"],
)
def test_malformed_council_actions_are_rejected(edition: str, action: str) -> None:
    state = begin(edition, "action")
    before = state.to_json()
    with pytest.raises(InvalidActionError):
        state.apply_action(action, seat(state, CHAIR[edition]))
    assert state.to_json() == before


@both
def test_a_prisoner_or_wounded_member_does_not_vote(edition: str) -> None:
    state = propose(begin(edition, "action"), edition)
    control(state, 'control brig dione/council-member "suspected Wolf"')
    assert refused(state, "dione/council-member", "vote nay").rule == "brig"
    control(state, 'control wound-player icebreaker/council-member "a fall"')
    assert refused(state, "icebreaker/council-member", "vote nay").rule == "wounded player"


@both
def test_listed_council_actions_are_in_canonical_notation(edition: str) -> None:
    state = enact_law(begin(edition, "action"), edition, "Curfew")
    act(state, PRESIDENT, 'order "Stand by"')
    propose(state, edition, "Patrols")
    listed = [a for who in (CHAIR[edition], PRESIDENT, *MEMBERS) for a in legal(state, who)]
    listed += [a for a in state.legal_actions(0) if a.startswith(("control close-vote", "control law"))]
    council = [a for a in listed if a.split()[0] in COUNCIL_VERBS or a.startswith("control")]
    assert any(a.startswith("order ") for a in council)
    assert any(a.startswith("control law 1 ") for a in council)
    for action in council:
        assert state.action_to_string(action) == action


# ---- random play -----------------------------------------------------------------------------------------------


COUNCIL_VERBS = frozenset(
    {"propose", "call-vote", "withdraw", "vote", "sign", "veto", "no-confidence", "snap-election"}
    | {"elect", "name-vp", "order"}
)
CONTROL_COUNCIL = ("control close-vote", "control law", "control succession", "control appoint")


@both
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_council_actions_never_crash(edition: str, seed: int) -> None:
    rng = random.Random(seed)
    state = begin(edition, "action", turns=40)
    people = [*MEMBERS, PRESIDENT, VP, PARLIAMENTARIAN, DIPLOMAT, "dione/captain", "aegis/xo"]
    people = [who for who in people if any(s.label == who for s in state.seats)]
    extras = ['control succession "lost"', f'control appoint vice-president {VP} "back"']
    for step in range(160):
        if step % 40 == 39:
            to_step(next_turn(to_step(state, "team")), "action")
        if rng.random() < 0.15:
            options = [a for a in state.legal_actions(0) if a.startswith(CONTROL_COUNCIL)] + extras
            action = rng.choice(options)
            if state.is_legal(action, 0):
                control(state, action)
            continue
        holders = [who for who in state.council["offices"].values() if who is not None]
        who = rng.choice(people + holders)
        options = [a for a in legal(state, who) if a.split()[0] in COUNCIL_VERBS]
        if options:
            act(state, who, rng.choice(options))
        json.dumps(state.council)
    assert state.council["next_bill"] > 1
