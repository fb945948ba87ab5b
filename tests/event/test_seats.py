"""The event's seats as the Den game names them (src/wolfpack/event/seats.py), and the sheet each is printed on."""

from __future__ import annotations

import pytest

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.seats import find_seat, sheets


@pytest.mark.parametrize("edition", ["classic", "infinite"])
def test_the_seats_are_the_games_in_its_order_as_each_seats_view_names_it(
    edition: str, request: pytest.FixtureRequest
) -> None:
    event: Event = request.getfixturevalue(edition)
    state = event.game.new_initial_state()
    assert len(event.seats) == event.game.num_players()
    assert [seat.label for seat in event.seats] == [state.observation(i)["seat"] for i in range(len(event.seats))]
    assert [seat.index for seat in event.seats] == list(range(len(event.seats)))
    control = event.seats[0]
    assert (control.label, control.team, control.team_name, control.sheet) == (
        "control",
        "control",
        "Control",
        "control",
    )


def test_a_ship_seat_carries_its_ships_name_and_its_roles_title(classic: Event) -> None:
    captain = find_seat(classic.seats, "dione/captain")
    assert (captain.team, captain.team_name, captain.role, captain.role_title) == (
        "dione",
        "Dione",
        "captain",
        "Captain",
    )
    xo = find_seat(classic.seats, "aegis/xo")
    assert (xo.team_name, xo.role_title, xo.sheet) == ("ICSS Aegis", "Executive Officer (XO)", "ship-aegis")
    anchor = find_seat(classic.seats, "media/anchor")
    assert (anchor.team, anchor.team_name, anchor.role_title, anchor.sheet) == ("media", "Media", "INC Anchor", "media")


def test_classic_sheets_are_control_each_ship_the_council_and_media(classic: Event) -> None:
    listed = sheets(classic.seats)
    ships = list(classic.game.new_initial_state().observation(None)["ships"])
    assert [sheet.id for sheet in listed] == ["control", *(f"ship-{ship}" for ship in ships), "council", "media"]
    dione = next(sheet for sheet in listed if sheet.id == "ship-dione")
    assert [seat.role for seat in dione.seats] == ["captain", "first-officer", "council-member", "chief-engineer"]


def test_the_council_sheet_holds_its_officers_voters_and_observers_from_the_public_view(infinite: Event) -> None:
    council = infinite.game.new_initial_state().observation(None)["council"]
    expected = (
        {label for label in council["offices"].values() if label} | set(council["voters"]) | set(council["observers"])
    )
    listed = {sheet.id: sheet for sheet in sheets(infinite.seats)}
    assert {seat.label for seat in listed["council"].seats} == expected
    assert "hephaestus/diplomat" in expected  # an observer's chair (Infinite Domain)
    assert "wildcards" in listed and [s.label for s in listed["wildcards"].seats] == [
        "wildcard/wildcard-1",
        "wildcard/wildcard-2",
    ]


def test_every_seat_is_on_exactly_one_table_sheet_and_council_seats_on_the_councils_too(infinite: Event) -> None:
    counts = {seat.index: 0 for seat in infinite.seats}
    for sheet in sheets(infinite.seats):
        if sheet.id != "council":
            for seat in sheet.seats:
                counts[seat.index] += 1
    assert set(counts.values()) == {1}


@pytest.mark.parametrize("text", ["9", "dione/captain", " Dione/Captain "])
def test_a_seat_is_found_by_number_or_label_in_any_case(classic: Event, text: str) -> None:
    assert find_seat(classic.seats, text).label == "dione/captain"


@pytest.mark.parametrize(
    ("text", "message"),
    [("41", "seat 41: this event has seats 0 to 40"), ("dione/cook", "seat 'dione/cook': no seat has that number")],
)
def test_an_unknown_seat_is_refused_naming_it(classic: Event, text: str, message: str) -> None:
    with pytest.raises(EventError, match=message):
        find_seat(classic.seats, text)
