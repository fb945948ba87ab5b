"""Game records: `Match` writes them, `replay_record` reads them back (tests mirror src/wolfpack/engine/records.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.bot import RandomBot
from wolfpack.engine.errors import IllegalActionError, RecordError
from wolfpack.engine.records import FORMAT, VERSION, Match, replay_lines, replay_record


def play(seed: int = 7, players: int = 3, stop_after: int | None = None, **options: Any) -> tuple[Match, str]:
    """A seeded game between random bots (stopped after `stop_after` actions if given), and its record."""
    game = wolfpack.load_game("spacewolves", players=players, **options)
    out = io.StringIO()
    match = Match(game, seed, record=out)
    bots = [RandomBot(seed * 1000 + seat) for seat in range(players)]
    while not match.state.is_terminal():
        if stop_after is not None and len(match.state.history()) >= stop_after:
            break
        if match.state.is_chance_node():
            match.roll()
        else:
            match.apply(bots[match.state.current_player()].step(match.state))
    return match, out.getvalue()


def entries(record: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in record.splitlines()]


def lines_of(items: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(item, sort_keys=True) for item in items]


@pytest.fixture(scope="module")
def finished() -> tuple[Match, str]:
    return play()


# ---- writing -------------------------------------------------------------------------------------------------


def test_the_header_names_format_game_options_and_seed(finished: tuple[Match, str]) -> None:
    match, record = finished
    header = entries(record)[0]
    assert header == {
        "format": FORMAT,
        "version": VERSION,
        "game": "spacewolves",
        "options": match.game.options_dict(),
        "seed": 7,
    }


def test_one_line_per_action_then_the_result(finished: tuple[Match, str]) -> None:
    match, record = finished
    items = entries(record)
    actions, result = items[1:-1], items[-1]
    history = match.state.history()
    assert len(actions) == len(history)
    assert [a["ply"] for a in actions] == list(range(1, len(history) + 1))
    assert [a["action"] for a in actions] == [match.state.action_to_string(h) for h in history]
    assert result == {"result": {"returns": match.state.returns()}}
    assert all(isinstance(a["player"], int) or a["player"] == "chance" for a in actions)
    assert actions[0]["player"] == "chance"  # the roll for first player


def test_roll_and_apply_return_the_notation_they_record() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    out = io.StringIO()
    match = Match(game, 1, record=out)
    rolled = match.roll()
    assert json.loads(out.getvalue().splitlines()[-1]) == {"ply": 1, "player": "chance", "action": rolled}
    match.roll()
    seat = match.state.current_player()
    action = match.state.legal_actions()[0]
    notation = match.apply(action)
    assert notation == match.state.action_to_string(action)
    assert json.loads(out.getvalue().splitlines()[-1]) == {"ply": 3, "player": seat, "action": notation}


def test_an_illegal_action_is_not_recorded() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    out = io.StringIO()
    match = Match(game, 1, record=out)
    match.roll()
    match.roll()
    before_record, before_state = out.getvalue(), match.state.to_json()
    wrong = game.new_initial_state().chance_outcomes()[0][0]  # "first r": no roll for first player is pending
    with pytest.raises(IllegalActionError):
        match.apply(wrong)
    assert out.getvalue() == before_record
    assert match.state.to_json() == before_state


def test_the_same_seed_writes_the_same_record() -> None:
    assert play(seed=3)[1] == play(seed=3)[1]
    assert play(seed=3)[1] != play(seed=4)[1]


def test_a_match_without_a_record_file_plays_the_same_game() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    silent = Match(game, 7)
    recorded, _ = play(seed=7)
    bots = [RandomBot(7000 + seat) for seat in range(3)]
    while not silent.state.is_terminal():
        if silent.state.is_chance_node():
            silent.roll()
        else:
            silent.apply(bots[silent.state.current_player()].step(silent.state))
    assert silent.state == recorded.state


# ---- replaying -----------------------------------------------------------------------------------------------


def test_a_record_replays_to_the_same_final_state(tmp_path: Path, finished: tuple[Match, str]) -> None:
    match, record = finished
    path = tmp_path / "game.jsonl"
    path.write_text(record, encoding="utf-8")
    state = replay_record(path)
    assert state == match.state
    assert state.is_terminal()
    assert state.returns() == match.state.returns()


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3, "max_rounds": 2}])
def test_records_with_other_options_replay(options: dict[str, int]) -> None:
    match, record = play(seed=5, **options)
    assert replay_lines(record.splitlines()) == match.state


def test_an_interrupted_record_replays_to_where_it_stopped() -> None:
    match, record = play(seed=7, stop_after=20)
    assert "result" not in record
    state = replay_lines(record.splitlines())
    assert not state.is_terminal()
    assert state == match.state
    assert len(state.history()) == 20


def test_blank_lines_are_ignored(finished: tuple[Match, str]) -> None:
    match, record = finished
    lines = record.splitlines()
    spaced = [lines[0], "", *lines[1:5], "   ", *lines[5:], ""]
    assert replay_lines(spaced) == match.state


def test_a_header_only_record_is_the_start_position(finished: tuple[Match, str]) -> None:
    state = replay_lines(finished[1].splitlines()[:1])
    assert state == state.game.new_initial_state()


# ---- broken records: every error names the line --------------------------------------------------------------


def broken(lines: list[str], match: str) -> None:
    with pytest.raises(RecordError, match=match):
        replay_lines(lines, source="game.jsonl")


def test_an_empty_record() -> None:
    broken([], "game.jsonl: the record is empty")


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the record"):
        replay_record(tmp_path / "nowhere.jsonl")


def test_a_header_that_is_not_json(finished: tuple[Match, str]) -> None:
    broken(["{nope", *finished[1].splitlines()[1:]], r"game.jsonl:1: not JSON")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess-pgn"}, r"game.jsonl:1: not a wolfpack record"),
        ({"version": 99}, r"game.jsonl:1: record version 99"),
        ({"game": "chess"}, r"game.jsonl:1: unknown game 'chess'; known games: .*spacewolves"),
        ({"options": {"players": 5}}, r"game.jsonl:1: .*option 'players' = 5.*Allowed options"),
        ({"options": {"colour": "red"}}, r"game.jsonl:1: .*unknown option 'colour'"),
        ({"options": [3]}, r'game.jsonl:1: "options" must be an object'),
        ({"options": {"name": "x"}}, r"game.jsonl:1: spacewolves: unknown option .name."),
    ],
)
def test_a_bad_header(finished: tuple[Match, str], change: dict[str, Any], message: str) -> None:
    items = entries(finished[1])
    items[0].update(change)
    broken(lines_of(items), message)


def test_a_line_that_is_not_a_json_object(finished: tuple[Match, str]) -> None:
    lines = finished[1].splitlines()
    broken([*lines[:4], '["roll 35"]', *lines[4:]], r"game.jsonl:5: each line must be a JSON object")
    broken([*lines[:4], '{"action": "roll 35"', *lines[4:]], r"game.jsonl:5: not JSON")


def test_an_action_line_without_an_action(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    del items[3]["action"]
    broken(lines_of(items), r'game.jsonl:4: an action line needs "action" in notation')


def test_an_illegal_action_names_its_line_and_rule(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    # Line 2 is the roll for first player; a two-dice roll is not one of its outcomes.
    items[1]["action"] = "roll 35"
    broken(lines_of(items), r"game.jsonl:2: roll 35 is not legal now: .*\[")


def test_a_malformed_action_names_its_line(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    items[6]["action"] = "teleport"
    broken(lines_of(items), r"game.jsonl:7: 'teleport' is not")


def test_the_wrong_player_names_its_line(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    seat_line = next(i for i, item in enumerate(items) if isinstance(item.get("player"), int))
    items[seat_line]["player"] = (items[seat_line]["player"] + 1) % 3
    broken(lines_of(items), rf"game.jsonl:{seat_line + 1}: the record says \d acts, but \d acts here")
    items = entries(finished[1])
    items[1]["player"] = 0
    broken(lines_of(items), r"game.jsonl:2: the record says 0 acts, but chance acts here")


def test_the_wrong_ply_names_its_line(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    items[9]["ply"] = 42
    broken(lines_of(items), r"game.jsonl:10: the record says ply 42, but this is ply 9")


def test_a_missing_stretch_of_lines_is_caught_by_the_ply(finished: tuple[Match, str]) -> None:
    lines = finished[1].splitlines()
    broken([*lines[:5], *lines[9:]], r"game.jsonl:6: the record says ply 9, but this is ply 5")


def test_actions_after_the_end_of_the_game(finished: tuple[Match, str]) -> None:
    lines = finished[1].splitlines()
    extra = json.dumps({"action": "roll 35"})
    broken([*lines[:-1], extra], rf"game.jsonl:{len(lines)}: .*the game is over")


# ---- the result line -----------------------------------------------------------------------------------------


def test_the_result_must_match_the_replayed_returns(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    returns = items[-1]["result"]["returns"]
    items[-1]["result"]["returns"] = list(reversed(returns)) if returns != returns[::-1] else [9.0] * len(returns)
    broken(lines_of(items), rf"game.jsonl:{len(items)}: the record's returns .* differ from")


def test_a_result_without_returns(finished: tuple[Match, str]) -> None:
    items = entries(finished[1])
    items[-1] = {"result": "red won"}
    broken(lines_of(items), rf"game.jsonl:{len(items)}: the record's returns None differ")


def test_a_result_before_the_game_is_over(finished: tuple[Match, str]) -> None:
    lines = finished[1].splitlines()
    broken([*lines[:10], lines[-1]], r"game.jsonl:11: the record gives a result but the game is not over")


def test_nothing_may_follow_the_result(finished: tuple[Match, str]) -> None:
    lines = finished[1].splitlines()
    broken([*lines, lines[-1]], rf"game.jsonl:{len(lines) + 1}: nothing may follow the result")
    broken([*lines, lines[5]], rf"game.jsonl:{len(lines) + 1}: nothing may follow the result")
    # Trailing blank lines are not "something".
    assert replay_lines([*lines, "", "  "]) == finished[0].state


def test_a_replay_yields_each_action_just_before_it_is_applied() -> None:
    from wolfpack.engine.constants import CHANCE
    from wolfpack.engine.records import Replay

    match, record = play(seed=5)
    replay = Replay(record.splitlines())
    seen: list[tuple[int, str, int]] = []
    for player, text in replay.actions():
        seen.append((player, text, len(replay.state.history())))
    written = [entry for entry in entries(record)[1:] if "action" in entry]
    assert [text for _, text, _ in seen] == [entry["action"] for entry in written]
    assert [ply for _, _, ply in seen] == list(range(len(written))), "each action is yielded before it is applied"
    assert [player for player, _, _ in seen] == [
        CHANCE if entry["player"] == "chance" else entry["player"] for entry in written
    ]
    assert replay.state.to_json() == match.state.to_json()
