"""Den of Wolves table dice (option `table_dice`): a ship's own rolls wait for its table's real dice to be entered,
holding only that ship's seats, while the rest of the room plays on (issue 15, item 4)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack import IllegalActionError, InvalidActionError
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.records import Match, replay_record
from wolfpack.games.den.bots import ControlBot
from wolfpack.games.den.event import Event, event_bots, play_event, play_turns, run_event
from wolfpack.games.den.state import DenState
from wolfpack.testing import check_game

from ...golden import golden_diff
from ...rules.den.helpers import EDITIONS, act, battle, begin, both, control, edit, legal, log, new_game, refused, seat

GOLDEN = Path(__file__).parent / "golden"


def awaited(state: DenState, ship: str) -> list[tuple[str, str]]:
    """(id, kind) of the dice a ship's table has to enter, in order."""
    return [(die["id"], die["kind"]) for die in state.dice["awaiting"].get(ship, [])]


def broadcast(edition: str = "classic", table_dice: bool = True, change: Any = None) -> DenState:
    """The news broadcast of turn 1 has just come (Control's advance out of the Team Phase); `change` edits the
    position first."""
    state = begin(edition, "team", table_dice=table_dice)
    if change is not None:
        state = edit(state, change)
    return control(state, "control advance")


def restless(position: dict[str, Any]) -> None:
    """The Dione on the brink (a morale roll of 1 takes it down, and a riot roll of 1 riots) and a riot on the
    Carmine left alone since before this turn, so that the broadcast brings riots, picks and a spread."""
    position["ships"]["dione"].update(morale=1, news=-2)
    position["ships"]["carmine"]["stations"]["grain-tiers"].update(riot="active", riot_turn=0, riot_tried=False)


FACES = {"morale": "1", "riot": "1", "spread": "2"}
"""The faces every table shows below (the server's rolls in the comparison)."""


def settle_chance(state: DenState) -> None:
    """Resolve the server's own chance events the same way every time: the first outcome listed."""
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])


# ---- option off: nothing changes ---------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_option_off_a_seeded_bot_event_is_unchanged(edition: str) -> None:
    # The records were made before table dice existed; the only change since is `table_dice` in the header.
    out = io.StringIO()
    run_event(wolfpack.load_game("den-of-wolves", edition=edition, turns=4), seed=1, record=out)
    path = GOLDEN / f"den-{edition}-seed1.jsonl"
    diff = golden_diff(path, out.getvalue())
    assert not diff, f"{path.name} changed:\n{diff[:4000]}"
    assert replay_record(path).is_terminal()


@both
def test_option_off_the_broadcast_rolls_stay_chance_events(edition: str) -> None:
    state = broadcast(edition, table_dice=False)
    assert state.is_chance_node()
    assert [event["kind"] for event in state.pending[:2]] == ["morale", "riot"]
    assert state.dice["awaiting"] == {}
    assert state.observation(None)["dice"] == {}


# ---- the broadcast ------------------------------------------------------------------------------------------


@both
def test_a_broadcast_leaves_each_ships_dice_awaiting_and_the_room_simultaneous(edition: str) -> None:
    state = broadcast(edition)
    assert state.current_player() == SIMULTANEOUS
    assert not state.pending
    assert state.step == "news"
    assert list(state.dice["awaiting"]) == list(state.ships)
    for ship in state.ships:
        assert [kind for _, kind in awaited(state, ship)] == ["morale", "riot"]
    first = state.dice["awaiting"]["aegis"][0]["id"]
    assert first == "aegis:d1"
    # Each of a ship's seats is offered its table's first die, one action a face.
    assert [a for a in legal(state, "dione/captain") if a.startswith("enter ")] == [
        f"enter {awaited(state, 'dione')[0][0]} {face}" for face in range(1, 7)
    ]


@both
def test_the_broadcasts_spread_rolls_await_at_the_riots_table(edition: str) -> None:
    state = broadcast(edition, change=restless)
    assert [kind for _, kind in awaited(state, "carmine")] == ["morale", "riot", "spread"]
    spread = state.observation(None)["dice"]["carmine"][2]
    assert spread["kind"] == "spread" and "carmine.grain-tiers" in spread["for"]


@both
def test_dice_entered_in_any_ship_order_give_what_the_server_rolling_those_faces_gives(edition: str) -> None:
    served = broadcast(edition, table_dice=False, change=restless)
    while served.is_chance_node():
        kind = served.pending[0]["kind"]
        served.apply_action(f"roll {FACES[kind]}" if kind in FACES else served.chance_outcomes()[0][0])
    tabled = broadcast(edition, change=restless)
    for number, ship in enumerate(reversed(list(tabled.ships))):
        while awaited(tabled, ship):
            die, kind = awaited(tabled, ship)[0]
            if number % 2:
                control(tabled, f"control enter {die} {FACES[kind]}")
            else:
                act(tabled, tabled.seats[first_seat(tabled, ship)].label, f"enter {die} {FACES[kind]}")
            settle_chance(tabled)
    assert tabled.turn == served.turn == 2
    assert tabled.step == served.step == "start"
    assert tabled.ships == served.ships
    assert tabled.pursuit == served.pursuit
    assert tabled.ships["dione"]["morale"] == 0  # the Dione fell, and rioted, in both
    assert any(slot["riot"] for slot in tabled.ships["dione"]["stations"].values())


def first_seat(state: DenState, ship: str) -> int:
    """The first seat of a ship's team."""
    return next(index for index, s in enumerate(state.seats) if s.ship == ship)


@both
def test_a_ships_riot_roll_waits_for_its_morale_roll(edition: str) -> None:
    state = broadcast(edition)
    (morale, _), (riot, _) = awaited(state, "dione")
    assert refused(state, "dione/captain", f"enter {riot} 1").rule == "dice order"
    assert refused(state, "control", f"control enter {riot} 1").rule == "dice order"
    act(state, "dione/captain", f"enter {morale} 3")
    assert awaited(state, "dione") == [(riot, "riot")]
    assert any(line.startswith("dione morale roll 3") for line in log(state, "dione/captain"))


@both
def test_the_turn_ends_when_the_last_die_is_entered(edition: str) -> None:
    state = broadcast(edition)
    ships = list(state.ships)
    for ship in ships:
        for die, _ in awaited(state, ship):
            if ship == ships[-1] and die == awaited(state, ship)[-1][0]:
                assert state.turn == 1 and state.step == "news"
            control(state, f"control enter {die} 6")
    assert state.turn == 2 and state.step == "start"
    assert state.is_chance_node()  # the Aegis' destination draw: the server draws cards
    assert state.pending[0]["kind"] == "destination"


# ---- the rest of the room plays on ---------------------------------------------------------------------------


@both
def test_a_die_awaited_holds_its_own_ships_seats_and_no_one_else(edition: str) -> None:
    state = control(begin(edition, "action", table_dice=True), 'control freeform dione - 4 "a risky salvage"')
    assert state.current_player() == SIMULTANEOUS
    [(die, kind)] = awaited(state, "dione")
    assert kind == "freeform"
    # The Dione's seats may only enter the die.
    assert legal(state, "dione/captain") == [f"enter {die} {face}" for face in range(1, 7)]
    assert refused(state, "dione/captain", "rations food low").rule == "dice awaited"
    # Every other ship, the Media and Control go on.
    act(state, "icebreaker/captain", "rations food low")
    assert state.ships["icebreaker"]["food"] == "low"
    act(state, "media/anchor", "goto dione")
    control(state, 'control set pursuit 3 "the Wolves close in"')
    assert state.pursuit == 3
    act(state, "dione/first-officer", f"enter {die} 5")
    assert state.dice["awaiting"] == {}
    assert any("a risky salvage: roll 5, success" in line for line in log(state, "dione/captain"))
    act(state, "dione/captain", "rations food low")


@both
def test_control_advance_waits_for_the_dice(edition: str) -> None:
    state = control(begin(edition, "action", table_dice=True), 'control freeform carmine - 3 "a stowaway search"')
    error = refused(state, "control", "control advance")
    assert error.rule == "dice awaited" and "carmine" in str(error)
    assert "control advance" not in legal(state, "control")
    [(die, _)] = awaited(state, "carmine")
    control(state, f"control enter {die} 2", "control advance")
    assert state.step == "team"
    news = broadcast(edition)
    assert refused(news, "control", "control advance").rule == "dice awaited"


@both
def test_a_full_step_still_lets_the_dice_in(edition: str) -> None:
    state = control(begin(edition, "action", table_dice=True, phase_actions=10), 'control freeform dione - 4 "x"')
    state = edit(state, lambda position: position.update(step_actions=10))
    [(die, _)] = awaited(state, "dione")
    assert refused(state, "dione/captain", f"enter {die} 3").rule == "phase limit"
    control(state, f"control enter {die} 3", "control advance")
    assert state.step == "team"


@both
def test_a_disperse_roll_awaits_at_the_table_of_the_riot(edition: str) -> None:
    state = control(begin(edition, "action", table_dice=True), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    [(die, kind)] = awaited(state, "dione")
    assert kind == "disperse" and not state.is_chance_node()
    assert "dione:u2 disperses the riot on dione.fore-farms" in state.observation(None)["dice"]["dione"][0]["for"]
    act(state, "dione/captain", f"enter {die} 6")
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] == "dispersed"


@both
def test_a_dispersal_die_whose_riot_control_took_off_meanwhile_decides_nothing(edition: str) -> None:
    state = control(begin(edition, "action", table_dice=True), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    control(state, 'control clear-riot dione.fore-farms "Control calms the crowd"')
    control(state, f"control enter {awaited(state, 'dione')[0][0]} 6")
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] is None  # not "dispersed" out of nothing
    assert "the riot on dione.fore-farms is over: its dispersal roll (6) decides nothing" in log(state, None)


@both
def test_a_spread_die_whose_riot_control_took_off_meanwhile_decides_nothing(edition: str) -> None:
    news = control(broadcast(edition, change=restless), 'control clear-riot carmine.grain-tiers "calmed"')
    morale, riot, (spread, kind) = awaited(news, "carmine")
    assert kind == "spread"
    control(news, f"control enter {morale[0]} 6", f"control enter {riot[0]} 6", f"control enter {spread} 1")
    assert not news.is_chance_node()  # a spread roll of 1 for a riot no longer there places no riot
    assert not any(slot["riot"] for slot in news.ships["carmine"]["stations"].values())


def test_classic_emergency_jump_damage_awaits_the_ships_dice() -> None:
    state = edit(begin("classic", "start", table_dice=True), lambda p: p["ships"]["dione"]["hold"].update(fuel=1))
    state = act(state, "dione/captain", "emergency")  # 1 fuel: short of any normal jump
    act(state, "dione/chief-engineer", "use jump-drive")
    control(state, "control advance")
    act(state, "dione/captain", "jump")
    control(state, "control resolve-jumps")
    stations = list(state.ships["dione"]["stations"])
    assert awaited(state, "dione") == [(f"dione:d{n}", "emergency") for n in range(1, len(stations) + 1)]
    assert not state.is_chance_node()
    farms = stations.index("fore-farms")
    for die, _ in awaited(state, "dione")[:farms]:
        act(state, "dione/captain", f"enter {die} 6")
    act(state, "dione/captain", f"enter {awaited(state, 'dione')[0][0]} 1")
    # The damage card is a draw: the server draws it, among the hydroponics cards only, as with its own roll.
    assert state.is_chance_node() and state.pending[0] == {"kind": "damage", "ship": "dione", "station": "fore-farms"}
    state.apply_action("draw crop-blight")
    assert state.ships["dione"]["stations"]["fore-farms"]["damage"] == "crop-blight"
    assert len(awaited(state, "dione")) == len(stations) - farms - 1


# ---- what stays room-wide -----------------------------------------------------------------------------------


AIR = {"classic": "aegis/fwco", "infinite-domain": "aegis/cag"}
"""The seat that flies the Aegis' fighters."""


@both
def test_draws_and_the_battles_dice_stay_with_the_server(edition: str) -> None:
    state = control(begin(edition, "action", table_dice=True), 'control damage dione 1 "a hull breach"')
    assert state.is_chance_node() and state.pending[0]["kind"] == "damage"
    control(settle_chance_of(state), 'control set pursuit 9 "close"', 'control attack "the Wolves find the fleet"')
    assert state.is_chance_node() and state.pending[0]["kind"] in ("wolf-place", "wolf-large")
    fight = battle(edition, "fighter@q1", table_dice=True)
    act(fight, AIR[edition], "strike aegis:u1 w1")
    assert fight.is_chance_node() and fight.pending[0]["kind"] == "strike"
    settle_chance(fight)
    control(fight, "control wolf-round")
    assert fight.is_chance_node() and fight.pending[0]["kind"] in ("wolf-target", "board-target")
    assert fight.dice["awaiting"] == {}


def settle_chance_of(state: DenState) -> DenState:
    """`settle_chance`, returning the state."""
    settle_chance(state)
    return state


# ---- bad entries ---------------------------------------------------------------------------------------------


@both
def test_bad_entries_are_refused_with_a_reason_and_change_nothing(edition: str) -> None:
    state = broadcast(edition)
    die = awaited(state, "dione")[0][0]
    assert refused(state, "icebreaker/captain", f"enter {die} 3").rule == "own dice"
    assert refused(state, "media/anchor", f"enter {die} 3").rule == "team only"
    assert refused(state, "control", "control enter dione:d99 3").rule == "no such die"
    assert refused(state, "control", "control enter nowhere:d1 3").rule == "no such die"
    before = state.to_json()
    for text in (f"control enter {die} 7", f"enter {die} 0", f"enter {die}", "enter dione 3", "control enter 3"):
        with pytest.raises(InvalidActionError):
            state.apply_action(text, 0 if text.startswith("control") else seat(state, "dione/captain"))
    assert state.to_json() == before
    act(state, "dione/captain", f"enter {die} 3")
    # An entry sent again for a die already entered is refused, never given to the next die.
    assert refused(state, "dione/first-officer", f"enter {die} 3").rule == "no such die"
    assert refused(state, "control", f"control enter {die} 3").rule == "no such die"


def test_option_off_there_is_never_a_die_to_enter() -> None:
    state = begin("classic", "action")
    assert refused(state, "control", "control enter dione:d1 3").rule == "no such die"
    assert refused(state, "dione/captain", "enter dione:d1 3").rule == "no such die"


# ---- saving, and who sees what -------------------------------------------------------------------------------


@both
def test_dice_awaiting_survive_a_save_and_load(edition: str) -> None:
    state = broadcast(edition, change=restless)
    act(state, "dione/captain", f"enter {awaited(state, 'dione')[0][0]} 1")
    # Saved with its keys in the state's order, as the event's snapshots are (`to_json` sorts them, and so the
    # ships, whose order is the fleet's).
    loaded = state.game.state_from_json(json.dumps(state.to_dict()))
    assert isinstance(loaded, DenState)
    assert loaded.dice == state.dice and loaded.current_player() == SIMULTANEOUS
    for copy in (state, loaded, state.clone()):
        for ship in list(copy.ships):
            while awaited(copy, ship):
                control(copy, f"control enter {awaited(copy, ship)[0][0]} 2")
                settle_chance(copy)
    assert loaded.to_json() == state.to_json()


def test_a_position_saved_before_table_dice_loads_with_none_awaiting() -> None:
    position = begin("classic", "action").to_dict()["position"]
    del position["dice"]
    loaded = new_game("classic").state_from_position(position)
    assert loaded.dice == {"next": 1, "awaiting": {}}
    assert loaded.current_player() == SIMULTANEOUS


@both
def test_every_seat_sees_the_open_dice_and_only_the_team_sees_a_private_one(edition: str) -> None:
    state = control(broadcast(edition), 'control freeform dione - 4 "a secret deal"')
    public = state.observation(None)["dice"]
    assert [d["kind"] for d in public["dione"]] == ["morale", "riot", "private"]
    assert "secret deal" not in str(public) and public["dione"][2]["faces"] == 6
    assert public["icebreaker"][0] == {
        "id": awaited(state, "icebreaker")[0][0],
        "kind": "morale",
        "faces": 6,
        "for": "morale roll",
    }
    assert "dice to enter at dione: " in str(state)  # the text rendering lists them too
    for label in ("icebreaker/captain", "media/anchor"):
        assert state.observation(seat(state, label))["dice"] == public
    for label in ("dione/captain", "control"):
        own = state.observation(seat(state, label))["dice"]["dione"][2]
        assert own["kind"] == "freeform" and "a secret deal" in own["for"]


# ---- bots and headless play ----------------------------------------------------------------------------------


@both
def test_bots_play_a_short_event_with_table_dice_entering_every_die(edition: str) -> None:
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=2, table_dice=True)
    match = Match(game, 4)
    event = Event(match.state)
    for summary in play_turns(match, event_bots(game, 4), event):
        # Each turn's summary is taken once its broadcast's dice are all in.
        assert match.state.dice["awaiting"] == {}
        assert match.state.step in ("start", "over")
        assert summary["turn"] == len(event.turns)
    assert match.state.is_terminal() and [t["turn"] for t in event.turns] == [1, 2]
    entries = [a for a in match.state.history() if a.split()[0] == "enter"]
    assert len(entries) >= 4 * len(match.state.ships)  # two broadcasts of two dice per ship, at least
    again = run_event(wolfpack.load_game("den-of-wolves", edition=edition, turns=2, table_dice=True), seed=4)
    assert again.state.history() == match.state.history()  # seeded: the same dice


def test_control_alone_enters_every_die_when_no_team_seat_plays() -> None:
    game = wolfpack.load_game("den-of-wolves", turns=1, table_dice=True)
    event = play_event(Match(game, 2), {0: ControlBot(2)})
    history = event.state.history()
    assert event.state.is_terminal()
    assert sum(a.startswith("control enter ") for a in history) == 2 * len(game.content.fleet.ships)


@pytest.mark.parametrize("edition", EDITIONS)
def test_random_play_with_table_dice_keeps_every_protocol_promise(edition: str) -> None:
    options = {"edition": edition, "turns": 2, "phase_actions": 30, "table_dice": True}
    report = check_game("den-of-wolves", playouts=1, seed=5, **options)
    assert report.playouts == 1 and report.steps > 0


def test_an_illegal_entry_names_its_rule() -> None:
    state = broadcast()
    with pytest.raises(IllegalActionError, match=r"\[dice order\]"):
        state.apply_action(f"enter {awaited(state, 'dione')[1][0]} 2", seat(state, "dione/captain"))
