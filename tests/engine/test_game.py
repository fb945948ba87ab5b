"""The checks the State base class makes once for every game, shown on Spacewolves!."""

from __future__ import annotations

import json
import random

import pytest

import wolfpack
from wolfpack import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, InvalidStateError
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State
from wolfpack.games.spacewolves import Action

from .toy_games import BidGame, BidOptions

START = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0"


@pytest.fixture
def game() -> wolfpack.Game:  # type: ignore[type-arg]
    return wolfpack.load_game("spacewolves", players=3)


def test_initial_state_is_a_chance_node(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.is_chance_node() and not state.is_terminal() and not state.is_simultaneous_node()
    assert [str(a) for a in state.legal_actions()] == ["first r", "first y", "first b"]


def test_legal_actions_for_another_seat_are_empty(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.state_from_position(START)  # type: ignore[attr-defined]
    state.apply_action(state.parse_action("roll 35"))
    assert state.current_player() == 0
    assert state.legal_actions(0)
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    assert state.legal_actions(CHANCE) == []


def test_legal_actions_rejects_a_seat_that_does_not_exist(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="no seat 7"):
        state.legal_actions(7)
    with pytest.raises(ValueError, match="no seat"):
        state.observation(-3)


def test_apply_for_the_wrong_player_is_illegal_and_changes_nothing(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.state_from_position(START)  # type: ignore[attr-defined]
    state.apply_action(state.parse_action("roll 35"))
    before = state.to_json()
    action = state.legal_actions()[0]
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action, player=1)
    assert caught.value.rule == "turn"
    assert state.to_json() == before
    state.apply_action(action, player=0)
    assert state.to_json() != before


@pytest.mark.parametrize("garbage", [None, "y4+5", 3.5, object(), 10**6, -1, True])
def test_malformed_actions_raise_invalid_action(game: wolfpack.Game, garbage: object) -> None:  # type: ignore[type-arg]
    state = game.state_from_position(START)  # type: ignore[attr-defined]
    state.apply_action(state.parse_action("roll 35"))
    before = state.to_json()
    with pytest.raises(InvalidActionError):
        state.apply_action(garbage)
    assert state.to_json() == before


def test_illegal_action_names_the_rule_and_changes_nothing(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.state_from_position(START)  # type: ignore[attr-defined]
    state.apply_action(state.parse_action("roll 35"))
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Action("y4+3"))
    assert caught.value.rule == "Spaceman Phase"
    assert "y4+3 is not legal now" in str(caught.value)
    assert state.to_json() == before


def test_parse_action_separates_malformed_from_illegal(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.state_from_position(START)  # type: ignore[attr-defined]
    state.apply_action(state.parse_action("roll 35"))
    with pytest.raises(InvalidActionError):
        state.parse_action("fly to the moon")
    with pytest.raises(IllegalActionError):
        state.parse_action("r4+6")
    assert str(state.parse_action("  R4+5 ")) == "r4+5"


def test_chance_outcome_that_is_not_pending_is_illegal(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.state_from_position(START)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        state.apply_action(Action("roll 4"))


def test_clone_is_equal_and_independent(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone == state and clone is not state
    clone.apply_action(clone.legal_actions()[0])
    assert clone != state
    assert len(clone.history()) == len(state.history()) + 1


def test_a_perfect_information_games_log_is_every_action_for_every_seat(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(10):
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    notation = [state.action_to_string(action) for action in state.history()]
    assert len(notation) == 10
    assert state.log_notation() == state.log_notation(0) == notation
    assert state.log() == state.log(0) == state.log(game.num_players() - 1)
    replayed = game.new_initial_state()
    words = []
    for action in state.history():  # each line says the action in words, on the state it was taken in
        words.append(replayed.describe(action))
        replayed.apply_action(action)
    assert state.log() == words and len(words) == 10 and words != notation


def test_describe_says_an_action_in_words_and_refuses_one_not_legal_now(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    before = state.to_json()
    first = state.legal_actions()[0]
    assert state.describe(first) != state.action_to_string(first)
    with pytest.raises(IllegalActionError, match="roll 35 is not legal now"):
        state.describe(Action("roll 35"))  # the roll for first player is pending
    with pytest.raises(InvalidActionError):
        state.describe("first r")
    with pytest.raises(ValueError, match="no seat 7"):
        state.describe(first, viewer=7)
    with pytest.raises(IllegalActionError, match="nothing to describe"):
        state.describe(first, 0)  # the seat is not the one to act: chance is
    assert state.to_json() == before


def test_a_game_that_writes_no_words_describes_an_action_by_its_notation() -> None:
    state = BidGame(BidOptions(players=2)).new_initial_state()
    assert state.describe("bid 2", 0) == "bid 2"
    with pytest.raises(IllegalActionError, match="acting player must be named"):
        state.describe("bid 2")
    assert state.log_notation() is None  # its log is its own: secret bids are not offered as notation


def test_a_game_that_does_not_say_which_views_changed_changes_every_view_with_every_action(
    game: wolfpack.Game,  # type: ignore[type-arg]
) -> None:
    state = game.new_initial_state()
    viewers = [None, 0, 1, 2]
    before = [state.view_version(viewer) for viewer in viewers]
    assert before == [state.view_version(viewer) for viewer in viewers]  # asking again changes nothing
    state.apply_action(state.legal_actions()[0])
    after = [state.view_version(viewer) for viewer in viewers]
    assert all(a != b for a, b in zip(after, before, strict=True))
    with pytest.raises(ValueError, match="no seat 3"):
        state.view_version(3)


def test_json_round_trip_keeps_position_and_history(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(40):
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    restored = game.state_from_json(state.to_json())
    assert restored == state
    assert restored.history() == state.history()
    assert restored.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({"game": "chess"}), "game 'chess'"),
        (json.dumps({"game": "spacewolves", "options": {"players": 4, "max_rounds": 100}}), "options"),
        (json.dumps({"game": "spacewolves", "options": {"players": 3, "max_rounds": 100}}), "position"),
        (
            json.dumps(
                {"game": "spacewolves", "options": {"players": 3, "max_rounds": 100}, "position": START, "history": [3]}
            ),
            "history",
        ),
        (
            json.dumps(
                {
                    "game": "spacewolves",
                    "options": {"players": 3, "max_rounds": 100},
                    "position": START,
                    "history": ["moonwalk"],
                }
            ),
            "malformed action",
        ),
    ],
)
def test_bad_saved_state_is_rejected_with_a_reason(game: wolfpack.Game, document: str, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidStateError, match=message):
        game.state_from_json(document)


def test_a_state_saved_before_an_option_existed_loads_if_the_game_has_that_options_default() -> None:
    state = wolfpack.load_game("spacewolves", players=3).new_initial_state()
    saved = json.loads(state.to_json())
    del saved["options"]["max_rounds"]  # as a save written before the option was added
    assert wolfpack.load_game("spacewolves", players=3).state_from_json(saved) == state
    with pytest.raises(InvalidStateError, match="options"):
        wolfpack.load_game("spacewolves", players=3, max_rounds=50).state_from_json(saved)
    with pytest.raises(InvalidStateError, match="options"):  # an option this game does not have
        wolfpack.load_game("spacewolves", players=3).state_from_json(
            {**saved, "options": {**saved["options"], "max_rounds": 100, "moons": 2}}
        )
    del saved["options"]["players"]  # missing, its default (4) is not this game's (3)
    with pytest.raises(InvalidStateError, match="options"):
        wolfpack.load_game("spacewolves", players=3).state_from_json(saved)


def test_terminal_state_refuses_actions(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.state_from_position("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrryyybbb - 3 r over - end - - 0")  # type: ignore[attr-defined]
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == [] and not state.chance_outcomes()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Action("pass"))
    assert caught.value.rule == "game over"


def test_state_is_not_hashable(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    with pytest.raises(TypeError):
        hash(game.new_initial_state())


def test_str_renders_the_public_view(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    text = str(game.new_initial_state())
    assert "EARTH" in text and "SPACEWOLVES" in text


def test_state_base_class_is_abstract() -> None:
    with pytest.raises(TypeError):
        State(wolfpack.load_game("spacewolves"))  # type: ignore[abstract]


def test_a_log_read_from_a_line_on_gives_the_lines_from_there(game: wolfpack.Game) -> None:  # type: ignore[type-arg]
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(sample_chance_outcome(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    log = state.log(None)
    assert len(log) == 12 and all(state.log_since(None, start) == log[start:] for start in (0, 5, 12, 20))
    with pytest.raises(ValueError, match="-1 is not a line number"):
        state.log_since(None, -1)
    with pytest.raises(ValueError, match="no seat 9"):
        state.log_since(9, 0)
