"""The Spacewolves! position notation: every field read and written, round trips, and errors that name the field."""

from __future__ import annotations

import random

import pytest

import wolfpack
from wolfpack import InvalidStateError
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.spacewolves.notation import FIELDS, format_position, parse_position
from wolfpack.games.spacewolves.state import SpacewolvesState

START = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 - setup - roll - - 0"


def game(players: int = 3, **options: int) -> wolfpack.Game:  # type: ignore[type-arg]
    return wolfpack.load_game("spacewolves", players=players, **options)


def load(text: str, players: int = 3, **options: int) -> SpacewolvesState:
    state = parse_position(game(players, **options), text)  # type: ignore[arg-type]
    return state


def random_states(players: int, seed: int, steps: int = 400) -> list[SpacewolvesState]:
    rng = random.Random(seed)
    state = game(players).new_initial_state()
    seen = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
        seen.append(state.clone())
    return seen  # type: ignore[return-value]


def test_initial_position() -> None:
    assert format_position(game().new_initial_state()) == START  # type: ignore[arg-type]
    assert FIELDS == ("board", "earth", "wolves", "round", "first", "phase", "actor", "step", "dice", "warps", "cutoff")


def test_every_field_is_read_and_written_back() -> None:
    text = "1/2/3/Ar/4/5y/6/Wyb/1/2/3/Srrb/4/5/6 b y 7 b spaceman r warp - yb 0"
    state = load(text)
    assert format_position(state) == text
    assert state.earth == [2] and state.round == 7 and state.first == 2 and state.actor == 0
    assert state.warps == [1, 2] and state.current_player() == 1
    assert state.pos[3:6].count(-1) == 1  # one yellow Spacewolf


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 1), (4, 2)])
def test_format_and_parse_round_trip_through_whole_games(players: int, seed: int) -> None:
    for state in random_states(players, seed):
        text = format_position(state)
        again = load(text, players)
        assert format_position(again) == text
        assert again.current_player() == state.current_player()
        assert again.legal_actions() == state.legal_actions()
        assert again.chance_outcomes() == state.chance_outcomes()


def test_observation_position_is_the_notation() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0")
    assert state.observation()["position"] == format_position(state)


def test_colour_letters_on_a_tile_are_in_seat_order_whatever_the_input_order() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sbbbyyyrrr/4/5/6 - - 1 r spaceman r roll - - 0")
    assert format_position(state).split()[0] == "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1/2/3", "a position has 11 fields"),
        (START.replace("1/2/3/A/4/5/6/W/", "1/2/3/A/4/5/6/"), "board: 15 tiles"),
        (START.replace("/W/", "/X/"), "tile 8 from Earth 'X'"),
        (START.replace("/W/", "/1/"), "two of each number"),
        (START.replace("rrryyybbb", "rrryyybb"), "blue has 2 spacemen"),
        (START.replace("rrryyybbb", "rrryyybbbg"), "no green player"),
        (START.replace("Srrryyybbb", "Srryyybbb").replace("- - 1 -", "r q 1 -"), "wolves: 'q'"),
        ("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrrrrryyybbbb - 1 - setup - roll - - 0", "more arrivals than Earth"),
        (START.replace(" 1 - setup", " 0 - setup"), "round: a whole number of at least 1"),
        (START.replace("setup", "lunch"), "phase: 'lunch' is not one of"),
        (START.replace(" roll ", " fly "), "step: 'fly' is not one of"),
        (START.replace(" - setup", " r setup"), "setup: only 'setup - roll'"),
        (START.replace(" - 0", " - x"), "cutoff: a whole number"),
    ],
)
def test_malformed_positions_name_the_field(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        load(text)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ("1 r spaceman r own 33 - 0", "the own step needs two different dice"),
        ("1 r spaceman r own 5 - 0", "the own step needs two different dice"),
        ("1 r spaceman r doubles 35 - 0", "the doubles step needs two equal dice"),
        ("1 r spaceman r own - - 0", "step 'own' needs dice"),
        ("1 r spaceman r own 53 - 0", "dice: 1 to 3 digits from 1 to 6 in ascending order"),
        ("1 r spaceman r move 3 - 0", "'move' does not occur in the spaceman phase"),
        ("1 r spaceman r warp - - 0", "the warp step needs a colour waiting"),
        ("1 r spaceman - roll - - 0", "a running phase needs a first player and an actor"),
        ("1 r control r roll - - 0", "red has no dice in the control phase"),
        ("1 r spaceman r roll - - 1", "only the control phase has a cutoff"),
        ("1 r over - end - - 0", "'over' needs no spacemen on the moving tiles"),
        ("1 r spaceman r roll 35 - 0", "dice: '-' at the 'roll' step"),
        ("1 r spaceman r roll - y 0", "warps: colours wait on the Tandem Warp only at the other and warp steps"),
        ("1 r spaceman r warp - y 0", "yellow waits more often than it has spacemen on the Tandem Warp"),
        ("1 r spaceman r other 5 - 0", "step: 'other' offers no legal action"),
    ],
)
def test_inconsistent_positions_are_refused(fields: str, message: str) -> None:
    board = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - -"
    with pytest.raises(InvalidStateError, match=message):
        load(f"{board} {fields}")


def test_cutoff_cannot_exceed_the_arrivals() -> None:
    with pytest.raises(InvalidStateError, match="cutoff: more than the arrivals on Earth"):
        load("1/2/3/A/4/5/6/W/1/2/3/Srryyybbb/4/5/6 r - 1 r control r roll - - 2")


def test_a_finished_game_has_no_actor() -> None:
    with pytest.raises(InvalidStateError, match="actor: '-' once the game is over"):
        load("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrryyybbb - 4 r over r end - - 0")
    assert format_position(load("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrryyybbb - 4 r over - end - - 0")).endswith(
        "over - end - - 0"
    )


def test_over_with_spacemen_left_only_after_the_last_round() -> None:
    text = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 2 r over - end - - 0"
    assert load(text, max_rounds=2).is_terminal()
    with pytest.raises(InvalidStateError, match="past this game's max_rounds"):
        load(text.replace(" 2 r over", " 3 r over"), max_rounds=2)


def test_a_waiting_warp_needs_its_spaceman_on_the_warp() -> None:
    text = "1/2/3/A/4/5/6/Wy/1/2/3/Srrryybbb/4/5/6 - - 1 r spaceman r warp - y 0"
    assert load(text).current_player() == 1
    with pytest.raises(InvalidStateError, match="waits more often"):
        load(text.replace("warp - y 0", "warp - yy 0"))


def test_positions_of_four_players_use_green() -> None:
    text = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbbggg/4/5/6 - - 1 g spaceman g roll - - 0"
    assert format_position(load(text, players=4)) == text
    with pytest.raises(InvalidStateError, match="'g' is not a colour of this game"):
        load(text.replace("bbbggg", "bbb"), players=3)


def test_state_from_position_is_the_game_method() -> None:
    state = game().state_from_position(START)  # type: ignore[attr-defined]
    assert format_position(state) == START
    with pytest.raises(InvalidStateError):
        parse_position(game(), 42)  # type: ignore[arg-type]


def test_observation_describes_the_whole_position() -> None:
    state = load("1/2/3/Arb/4/5/6/W/1ry/2/3/Sb/4/5/6 rb yy 3 r wolf y move 4 - 0")
    obs = state.observation()
    assert obs["players"] == ["red", "yellow", "blue"]
    assert (obs["round"], obs["phase"], obs["step"], obs["first"], obs["actor"]) == (3, "wolf", "move", "red", "yellow")
    assert obs["to_act"] == 1 and obs["dice"] == [4] and obs["warps"] == [] and obs["max_rounds"] == 100
    by_position = {t["position"]: t for t in obs["tiles"]}
    assert by_position[12] == {"position": 12, "tile": "A", "pieces": {"red": 1, "blue": 1}, "safe": False}
    assert by_position[7] == {"position": 7, "tile": "1", "pieces": {"red": 1, "yellow": 1}, "safe": True}
    assert by_position[4]["pieces"] == {"blue": 1} and by_position[4]["safe"] is False
    assert obs["earth"] == [{"value": 12, "colour": "red"}, {"value": 11, "colour": "blue"}]
    assert obs["wolves"] == {"red": 0, "yellow": 2, "blue": 0}
    assert obs["scores"] == {"red": 12, "yellow": 0, "blue": 11}
    assert obs["returns"] is None
    # Spacewolves! hides nothing: every seat sees what the public sees.
    assert all(state.observation(seat) | {"you": None} == obs for seat in range(3))
