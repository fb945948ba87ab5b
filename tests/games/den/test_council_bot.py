"""The council bots (wolfpack.games.den.council_bot): every action they pick is legal; members vote by their ship's
interest (the same seat, seeing the same, always votes the same) and against calls; the President signs what the
Star Alpha favours and vetoes the rest; the agenda's holder brings one bill a turn it favours and calls its vote;
electors back their own team's candidate, else the leader; a new President names a teammate; Control closes votes
left open into the Team Phase and now and then rules on a law."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wolfpack.games.den.council import STOCK_LAWS, STOCK_MOTIONS
from wolfpack.games.den.council_bot import control_council_action, council_action, has_business
from wolfpack.games.den.state import DenState

from ...rules.den.helpers import EDITIONS, act, begin, control, edit, legal, next_turn, seat, to_step

CHAIR = {"classic": "star-alpha/president", "infinite-domain": "star-alpha/parliamentarian"}
PRESIDENT = "star-alpha/president"


def choose(state: DenState, label: str, seed: int = 0) -> str | None:
    """The council bot's choice for a seat."""
    player = seat(state, label)
    return council_action(state.observation(player), state.legal_actions(player), random.Random(seed))


def choose_control(state: DenState, seed: int = 0) -> str | None:
    """The council bot's choice for Control."""
    return control_council_action(state.observation(0), state.legal_actions(0), random.Random(seed))


def share(state: DenState, label: str, action: str, tries: int = 400) -> float:
    """How often, over seeds, the bot picks `action` for the seat."""
    return sum(choose(state, label, seed) == action for seed in range(tries)) / tries


def at_vote(edition: str) -> DenState:
    """A law at a vote."""
    state = begin(edition, "action")
    return act(state, CHAIR[edition], 'propose law "Curfew"', "call-vote")


def voters(state: DenState) -> list[str]:
    """The voting members."""
    return list(state.council["voters"])


def at_stock_vote(edition: str, text: str, kind: str = "law") -> DenState:
    """A stock law or motion at a vote."""
    state = begin(edition, "action")
    return act(state, CHAIR[edition], f'propose {kind} "{text}"', "call-vote")


def set_hold(state: DenState, ship: str, **counts: int) -> DenState:
    """The same position with some of a ship's hold changed."""
    return edit(state, lambda position: position["ships"][ship]["hold"].update(counts))


@pytest.mark.parametrize("edition", EDITIONS)
def test_members_vote_by_their_ships_interest_not_by_chance(edition: str) -> None:
    state = at_stock_vote(edition, STOCK_LAWS[0])  # food and water shared out by need
    member = "dione/council-member"
    stocked = set_hold(state, "dione", food=30, water=30)  # two turns of normal rations and more: it would give
    assert {choose(stocked, member, s) for s in range(30)} == {"vote nay"}
    hungry = set_hold(stocked, "dione", food=1)
    assert {choose(hungry, member, s) for s in range(30)} == {"vote yea"}
    assert choose(hungry, member) in legal(hungry, member)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_ship_with_fuel_to_spare_votes_against_capping_fuel(edition: str) -> None:
    state = at_stock_vote(edition, STOCK_LAWS[1])
    assert choose(set_hold(state, "icebreaker", fuel=30), "icebreaker/council-member") == "vote nay"
    assert choose(set_hold(state, "icebreaker", fuel=2), "icebreaker/council-member") == "vote yea"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_ship_backs_the_next_jump_when_it_has_the_fuel_for_it(edition: str) -> None:
    state = at_stock_vote(edition, STOCK_MOTIONS[1], kind="motion")
    assert choose(state, "quellon/council-member") == "vote yea"
    assert choose(set_hold(state, "quellon", fuel=0), "quellon/council-member") == "vote nay"


def riot(position: dict[str, Any], ship: str, station: str) -> None:
    """An active riot on a station of the position."""
    position["ships"][ship]["stations"][station]["riot"] = "active"


def test_members_vote_nay_on_a_call_of_no_confidence() -> None:
    state = act(begin("infinite-domain", "action"), "dione/council-member", "no-confidence")
    assert {choose(state, "icebreaker/council-member", s) for s in range(30)} == {"vote nay"}


def test_the_vice_president_breaks_a_tie_by_the_star_alphas_interest() -> None:
    state = at_stock_vote("infinite-domain", STOCK_LAWS[2])  # a curfew: wanted only where riots are aboard
    for who, ballot in zip(voters(state), ["yea", "nay", *["abstain"] * 5], strict=True):
        act(state, who, f"vote {ballot}")
    assert {choose(state, "star-alpha/vice-president", s) for s in range(30)} == {"vote nay"}
    rioting = edit(state, lambda position: riot(position, "star-alpha", "press-office"))
    assert choose(rioting, "star-alpha/vice-president") == "vote yea"


def test_the_president_signs_what_the_star_alpha_favours_and_vetoes_the_rest() -> None:
    state = at_stock_vote("infinite-domain", STOCK_LAWS[0])
    for who in voters(state):
        act(state, who, "vote yea")
    stocked = set_hold(state, "star-alpha", food=30, water=30)
    assert choose(stocked, PRESIDENT) == "veto"  # a Star Alpha with food and water to give does not want it
    assert choose(set_hold(stocked, "star-alpha", water=0), PRESIDENT) == "sign"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_agenda_holder_brings_one_bill_a_turn_and_calls_its_vote(edition: str) -> None:
    state = begin(edition, "action")
    chair = CHAIR[edition]
    proposal = choose(state, chair)
    assert proposal is not None
    assert proposal.startswith(("propose law ", "propose motion "))
    act(state, chair, proposal)
    assert choose(state, chair) == "call-vote"
    act(state, chair, "call-vote")
    control(state, 'control close-vote "done"')
    if state.council["bill"] is not None:
        act(state, PRESIDENT, "sign")
    assert state.council["bill"] is None
    assert choose(state, chair) is None  # one bill a turn
    assert choose(state, "dione/council-member") is None  # no business for a member with no vote open


def test_the_agenda_holder_proposes_only_what_its_team_favours_and_not_twice() -> None:
    state = set_hold(begin("classic", "action"), "star-alpha", food=30, water=30, fuel=4)
    # The Star Alpha: no riots, fuel within two long jumps, pursuit low, holds stocked: no curfew, no sharing by
    # need, no report; it backs capping fuel and the next jump.
    wanted = {f'propose law "{STOCK_LAWS[1]}"', f'propose motion "{STOCK_MOTIONS[1]}"'}
    proposed = set()
    for _ in range(3):
        proposal = choose(state, PRESIDENT)
        if proposal is None:
            break
        proposed.add(proposal)
        act(state, PRESIDENT, proposal, "call-vote")
        for who in voters(state):
            act(state, who, "vote yea")
        state = edit(state, lambda position: position["council"]["record"].clear())  # only the register counts
    assert proposed == wanted
    assert choose(state, PRESIDENT) is None  # all it wants is law or resolved


def test_after_a_veto_the_parliamentarian_overrides_what_it_favours() -> None:
    state = set_hold(at_stock_vote("infinite-domain", STOCK_LAWS[1]), "star-alpha", fuel=4)  # it holds little
    for who in voters(state):
        act(state, who, "vote yea")
    act(state, PRESIDENT, "veto")
    assert choose(state, "star-alpha/parliamentarian") == "call-vote"
    assert choose(set_hold(state, "star-alpha", fuel=40), "star-alpha/parliamentarian") == "withdraw"


def test_electors_settle_on_the_leader_and_break_ties_for_their_own_team() -> None:
    state = act(begin("infinite-domain", "action"), "dione/council-member", "no-confidence")
    for who in voters(state)[:4]:
        act(state, who, "vote yea")
    for who in voters(state)[4:]:
        act(state, who, "vote nay")
    act(state, "dione/council-member", "elect quellon/council-member")
    for s in range(20):
        assert choose(state, "icebreaker/council-member", s) == "elect quellon/council-member"
    state = edit(state, lambda position: position["council"]["election"]["ballots"].clear())  # all level
    assert choose(state, "icebreaker/council-member") == "elect icebreaker/council-member"


def test_a_new_president_names_a_teammate_vice_president() -> None:
    state = control(begin("classic", "action"), 'control succession "the President is lost"')
    assert choose(state, "star-alpha/vice-president") == "name-vp star-alpha/first-secretary"


@pytest.mark.parametrize("edition", EDITIONS)
def test_control_closes_a_vote_left_open_into_the_team_phase(edition: str) -> None:
    state = at_vote(edition)
    act(state, "dione/council-member", "vote yea")
    assert choose_control(state) is None
    to_step(state, "team")
    action = choose_control(state)
    assert action is not None
    assert action.startswith("control close-vote ")
    control(state, action)
    assert state.council["record"][-1]["tally"]["abstain"] == 6


@pytest.mark.parametrize("edition", EDITIONS)
def test_control_now_and_then_rules_on_an_unmarked_law(edition: str) -> None:
    state = at_vote(edition)
    for who in voters(state):
        act(state, who, "vote yea")
    if state.council["bill"] is not None:
        act(state, PRESIDENT, "sign")
    picks = [choose_control(state, s) for s in range(400)]
    ruled = [p for p in picks if p is not None]
    assert 0.14 < len(ruled) / len(picks) < 0.26
    assert {p.split()[3] for p in ruled} == {"enforced", "unenforced"}
    control(state, ruled[0])
    assert {choose_control(state, s) for s in range(50)} == {None}  # every law has its ruling


def test_a_seat_has_business_only_when_something_waits_for_it() -> None:
    state = begin("infinite-domain", "action")
    chair = "star-alpha/parliamentarian"
    assert business(state, chair)
    assert not business(state, "dione/council-member")
    act(state, chair, 'propose law "Curfew"', "call-vote")
    assert business(state, "dione/council-member")
    act(state, "dione/council-member", "vote yea")
    assert not business(state, "dione/council-member")
    assert not business(to_step(state, "team"), "icebreaker/council-member")


def business(state: DenState, label: str) -> bool:
    """has_business for a seat."""
    return has_business(state.observation(seat(state, label)))


@pytest.mark.parametrize("edition", EDITIONS)
def test_council_bots_play_only_legal_actions(edition: str) -> None:
    rng = random.Random(7)
    state = begin(edition, "action", turns=3)
    council_seats = [s.label for s in state.seats if "council" in s.role or s.ship == "star-alpha"]
    council_seats += ["dione/captain", "aegis/xo"]
    for _ in range(3):
        for _ in range(60):
            label = rng.choice(council_seats)
            player = seat(state, label)
            obs = state.observation(player)
            action = council_action(obs, state.legal_actions(player), rng)
            if action is not None:
                assert has_business(obs)  # the cheap check never hides business from the bot
                assert action in state.legal_actions(player)
                state.apply_action(action, player)
        to_step(state, "team")
        action = control_council_action(state.observation(0), state.legal_actions(0), rng)
        if action is not None:
            control(state, action)
        if state.turn == state.turns:
            break
        to_step(next_turn(state), "action")
    assert state.council["record"]
