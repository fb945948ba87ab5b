"""Who plays each seat (src/wolfpack/event/roster.py): people (merged roles), bots, Control, open seats, and the
roster as CSV."""

from __future__ import annotations

import pytest

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.roster import BOT, CONTROL, PERSON, Holder, Roster, export_csv, import_csv, person_name
from wolfpack.event.seats import SeatInfo

HEADER = "name,team,role\n"


def test_a_new_roster_has_control_in_seat_0_and_every_other_seat_open(classic: Event) -> None:
    roster = classic.roster
    assert roster.holders[0] == Holder(CONTROL)
    assert roster.unassigned() == list(range(1, len(classic.seats)))


def test_one_person_may_hold_several_seats_as_merged_roles(classic: Event) -> None:
    event = classic.assign("dione/captain", "Ann Smith").assign("11", "  ann   SMITH ")
    assert event.roster.seats_of("ANN smith") == [9, 11]
    assert event.roster.merged() == {"Ann Smith": [9, 11]}
    assert event.roster.holders[11] == Holder(PERSON, "Ann Smith")  # one person, one spelling
    assert 9 not in event.roster.unassigned() and 11 not in event.roster.unassigned()


def test_control_seat_and_a_players_seat_cannot_be_merged(classic: Event) -> None:
    event = classic.assign("0", "Zoe")
    with pytest.raises(EventError, match="Zoe cannot hold Control's seat and a player's seat"):
        event.assign("dione/captain", "zoe")
    player = classic.assign("dione/captain", "Yan")
    with pytest.raises(EventError, match="Yan cannot hold Control's seat"):
        player.assign("control", "Yan")


def test_a_seat_may_be_left_to_the_games_bot_or_to_control(classic: Event) -> None:
    event = classic.leave_to_bot("media/anchor").leave_to_control("vulcan/warden")
    anchor, warden = event.seat("media/anchor").index, event.seat("vulcan/warden").index
    assert event.roster.holders[anchor] == Holder(BOT, "heuristic")
    assert event.roster.holders[warden] == Holder(CONTROL)
    assert anchor not in event.roster.unassigned() and warden not in event.roster.unassigned()
    assert event.unassign("media/anchor").roster.holders[anchor] is None


def test_controls_own_seat_is_never_left_to_a_bot(classic: Event) -> None:
    with pytest.raises(EventError, match="seat 0 is Control's"):
        classic.leave_to_bot("0")
    assert classic.unassign("0").roster.holders[0] == Holder(CONTROL)


@pytest.mark.parametrize(
    ("name", "message"),
    [("   ", "a person's name cannot be blank"), ("x" * 81, "longer than 80"), ("Ann\x07", "control character")],
)
def test_a_bad_name_is_refused(name: str, message: str) -> None:
    with pytest.raises(EventError, match=message):
        person_name(name)


# ---- CSV --------------------------------------------------------------------------------------------------------


def test_csv_rows_match_teams_and_roles_by_id_or_name_in_any_case(infinite: Event) -> None:
    text = (
        HEADER
        + "Ann,DIONE,captain\nBob,icss aegis,Executive Officer (XO)\nCy,Wildcards,wildcard-2\nDi,media,INC anchor\n"
    )
    event = infinite.import_roster(text)
    held = {infinite.seats[seat].label: name for name, seats in event.roster.people().items() for seat in seats}
    assert held == {"dione/captain": "Ann", "aegis/xo": "Bob", "wildcard/wildcard-2": "Cy", "media/anchor": "Di"}


def test_csv_played_by_leaves_seats_to_a_bot_or_control_and_a_blank_row_opens_a_seat(classic: Event) -> None:
    before = classic.assign("dione/first-officer", "Eve").assign("dione/captain", "Finn")
    text = (
        "name,team,role,played_by\n"
        ",Dione,Chief Engineer,bot\n"
        ",Dione,Council Member,Control\n"
        ",Dione,First Officer,\n"
        "Gus,Dione,Captain,person\n"
    )
    event = before.import_roster(text)
    assert [event.roster.holders[i] for i in (9, 10, 11, 12)] == [
        Holder(PERSON, "Gus"),
        None,
        Holder(CONTROL),
        Holder(BOT, "heuristic"),
    ]


def test_seats_the_file_does_not_name_keep_their_holders(classic: Event) -> None:
    before = classic.assign("vulcan/captain", "Hal")
    event = before.import_roster(HEADER + "Ivy,Dione,Captain\n")
    assert event.roster.holders[before.seat("vulcan/captain").index] == Holder(PERSON, "Hal")


def test_a_byte_order_mark_blank_lines_and_spaces_around_cells_are_fine(classic: Event) -> None:
    event = classic.import_roster("\ufeff name , team , role \n\n  Jo  ,  Dione , Captain \n\n")
    assert event.roster.holders[9] == Holder(PERSON, "Jo")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "roster line 1: the file is empty; its first line names the columns name, team, role"),
        ("Ann,Dione,Captain\n", "roster line 1: the header lacks the column name, team, role"),
        ("name,team\nAnn,Dione\n", "roster line 1: the header lacks the column role"),
        ("name,team,role,seat\n", "roster line 1: unknown column 'seat'"),
        (HEADER + "Ann,Dione,Captain\nBob,Galactica,Captain\n", "roster line 3, column team: no team 'Galactica'"),
        (HEADER + "Ann,Dione,Cook\n", "roster line 2, column role: Dione has no role 'Cook' (its roles are Captain,"),
        (
            HEADER + "Ann,Dione,Captain\nBob,dione,captain\n",
            "roster line 3, columns team and role: Dione Captain is already given on line 2",
        ),
        (HEADER + "Ann,Dione,Captain,extra\n", "roster line 2: more cells than the header has columns"),
        ("name,team,role,played_by\n,Dione,Captain,robot\n", "roster line 2, column played_by: 'robot' is not"),
        ("name,team,role,played_by\nAnn,Dione,Captain,bot\n", "roster line 2, column played_by: a seat played by bot"),
        ("name,team,role,played_by\n,Control,Control,bot\n", "roster line 2, column played_by: seat 0 is Control's"),
        (HEADER + "Ann,Control,Control\nann,Dione,Captain\n", "roster line 3, column name: Ann cannot hold Control's"),
        (HEADER + "x\x07,Dione,Captain\n", "roster line 2, column name: the name 'x\\x07' holds a control character"),
    ],
)
def test_a_bad_csv_names_the_line_and_column_and_changes_nothing(classic: Event, text: str, message: str) -> None:
    before = classic.assign("vulcan/captain", "Hal")
    holders = before.roster.holders
    with pytest.raises(EventError) as refused:
        before.import_roster(text)
    assert str(refused.value).startswith(message), str(refused.value)
    assert before.roster.holders == holders


def test_an_error_late_in_the_file_applies_none_of_the_rows_before_it(classic: Event) -> None:
    with pytest.raises(EventError, match="line 4, column team"):
        classic.import_roster(HEADER + "Ann,Dione,Captain\nBob,Vulcan,Warden\nCy,Nowhere,Captain\n")
    assert classic.roster.unassigned() == list(range(1, len(classic.seats)))


@pytest.mark.parametrize("edition", ["classic", "infinite"])
def test_export_then_import_gives_the_same_roster(edition: str, request: pytest.FixtureRequest) -> None:
    event: Event = request.getfixturevalue(edition)
    event = (
        event.assign("dione/captain", "Ann, the Bold")
        .assign("dione/council-member", "ann, the bold")
        .assign("aegis/xo", 'Bob "Ace" Jones')
        .leave_to_bot("media/reporter")
        .leave_to_control("vulcan/warden")
    )
    text = event.export_roster()
    assert text.splitlines()[0] == "name,team,role,played_by"
    assert len(text.splitlines()) == len(event.seats) + 1
    fresh: Event = request.getfixturevalue(edition)
    assert fresh.import_roster(text).roster == event.roster


def test_a_role_title_two_roles_of_a_team_share_is_exported_by_its_id() -> None:
    seats = [
        SeatInfo(0, "control", "control", "Control", "control", "Control", "control"),
        SeatInfo(1, "ark/pilot-1", "ark", "Ark", "pilot-1", "Pilot", "ship-ark"),
        SeatInfo(2, "ark/pilot-2", "ark", "Ark", "pilot-2", "Pilot", "ship-ark"),
    ]
    roster = Roster.empty(3).assign(2, "Nia")
    text = export_csv(roster, seats)
    assert text.splitlines()[1:] == [",Control,Control,control", ",Ark,pilot-1,", "Nia,Ark,pilot-2,"]
    assert import_csv(Roster.empty(3), seats, text, bot="heuristic") == roster
    with pytest.raises(EventError, match="column role: 'Pilot' names several roles; write one of pilot-1, pilot-2"):
        import_csv(Roster.empty(3), seats, "name,team,role\nNia,Ark,Pilot\n", bot="heuristic")
