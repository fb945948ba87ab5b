"""The `wolfpack` command: terminal play, replay and the games list (tests mirror src/wolfpack/cli.py).

Every game here passes `--bot random` (or uses a game without its own bots), so these tests do not depend on any
game's own bot.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner, Result

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.cli import EXIT_USAGE, app, bot_seats, default_bot_name, parse_game_options, seat_name, wrap_choices
from wolfpack.engine import registry
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import CHANCE
from wolfpack.engine.errors import IllegalActionError, InvalidActionError
from wolfpack.engine.records import Match, replay_record
from wolfpack.games.spacewolves import SpacewolvesGame, SpacewolvesOptions

WOLFPACK = Path(sys.executable).with_name("wolfpack")
MANY_ONES = "1\n" * 3000


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input)


def bots_game(*extra: str, seed: int = 7, players: int = 3) -> Result:
    return run(
        "play",
        "spacewolves",
        "--players",
        str(players),
        "--bots",
        "all",
        "--bot",
        "random",
        "--seed",
        str(seed),
        *extra,
    )


def final_board(output: str) -> str:
    """The block `play` prints between "game over after N actions" and "result:"."""
    match = re.search(r"^game over after \d+ actions\n(.*?)^result:$", output, re.S | re.M)
    assert match, output[-2000:]
    return match.group(1)


def result_block(output: str) -> str:
    return output[output.rindex("result:") :]


# ---- whole games between bots --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_a_bots_only_game_plays_to_the_end_and_prints_the_returns(players: int) -> None:
    result = bots_game(players=players)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == "seed 7"
    assert lines[2] == "seats: " + ", ".join(
        f"{name}: random bot" for name in ["red", "yellow", "blue", "green"][:players]
    )
    colour = "(Red|Yellow|Blue|Green)"
    assert re.search(rf"^{colour} rolls \d( and \d)?\.  \[roll \d+\]$", result.output, re.M)
    assert re.search(
        rf"^{colour} moves a {colour} spaceman (up|down) \d, from \d.* to \S.*\.  \[[rybg]\d+[+-]\d\]$",
        result.output,
        re.M,
    )
    tail = lines[lines.index("result:") + 1 :]
    assert len(tail) == players
    assert all(re.fullmatch(r"  \w+ +return [\d.]+  score \d+", line) for line in tail), tail
    assert "Traceback" not in result.output


def test_the_result_matches_the_engine(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = bots_game("--record", str(record), seed=11)
    assert result.exit_code == 0, result.output
    state = replay_record(record)
    scores = state.observation(None)["scores"]
    names = state.observation(None)["players"]
    for name, value in zip(names, state.returns(), strict=True):
        assert re.search(rf"^  {name} +return {value:g}  score {scores[name]}$", result.output, re.M)


def test_the_same_seed_prints_the_same_game() -> None:
    first, second, other = bots_game(seed=7), bots_game(seed=7), bots_game(seed=8)
    assert first.exit_code == second.exit_code == other.exit_code == 0
    assert first.output == second.output
    assert first.output != other.output


def test_a_fresh_seed_is_printed_and_replays_the_same_game() -> None:
    first = run("play", "spacewolves", "--players", "3", "--bots", "all", "--bot", "random")
    assert first.exit_code == 0, first.output
    seed = re.search(r"^seed (\d+)$", first.output, re.M)
    assert seed
    again = bots_game(seed=int(seed.group(1)))
    assert again.output == first.output


def test_bots_are_seeded_from_the_game_seed() -> None:
    """Bot `seat` gets `seed * 1000 + seat`: the same moves come out of `Match` and `make_bot` directly."""
    game = wolfpack.load_game("spacewolves", players=3)
    match = Match(game, 7)
    bots = [make_bot(game, "random", 7000 + seat) for seat in range(3)]
    notation = []
    while not match.state.is_terminal():
        state = match.state
        seat = state.current_player()
        action = sample_chance_outcome(state, match.rng) if seat == CHANCE else bots[seat].step(state)
        notation.append(match.apply(action))
    # Each printed line is the log's (the action in words and what followed it), its notation beside it.
    lines = [f"{words}  [{text}]" for words, text in zip(match.state.log(), notation, strict=True)]
    printed = [line for line in bots_game(seed=7).output.splitlines() if line.endswith("]")]
    assert printed == lines


def test_the_options_reach_the_game() -> None:
    result = run(
        "play", "spacewolves", "-p", "3", "--bots", "all", "--bot", "random", "--seed", "1", "-o", "max_rounds=2"
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Spacewolves! (spacewolves): players=3, max_rounds=2"
    assert "-- round 3 --" not in result.output


# ---- humans at the keyboard ----------------------------------------------------------------------------------


def first_human_decision(seed: int, players: int = 3) -> Any:
    """The state at seat 0's first decision in `play --bot random --seed seed` (bots on the other seats)."""
    game = wolfpack.load_game("spacewolves", players=players)
    match = Match(game, seed)
    bots = {seat: make_bot(game, "random", seed * 1000 + seat) for seat in range(1, players)}
    while match.state.current_player() != 0:
        if match.state.is_chance_node():
            match.roll()
        else:
            match.apply(bots[match.state.current_player()].step(match.state))
    return match.state


def test_a_human_game_driven_by_stdin(tmp_path: Path) -> None:
    state = first_human_decision(seed=5)
    legal = state.legal_actions()
    with pytest.raises(InvalidActionError) as invalid:
        state.parse_action("garbage")
    # A chance outcome is well-formed notation, but never legal at a player's decision.
    chance_text = state.action_to_string(state.game.new_initial_state().chance_outcomes()[0][0])
    with pytest.raises(IllegalActionError) as illegal:
        state.parse_action(chance_text)
    record = tmp_path / "game.jsonl"
    typed = f"garbage\n{len(legal) + 1}\n0\n\n{chance_text}\n" + MANY_ONES
    result = run(
        "play", "spacewolves", "--players", "3", "--bot", "random", "--seed", "5", "-r", str(record), input=typed
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert "seats: red: human, yellow: random bot, blue: random bot" in result.output
    moves = "  " + "  ".join(f"{n}) {state.action_to_string(a)}" for n, a in enumerate(legal, start=1))
    expected = [
        "red to move; type a number or a move:",
        moves,
        "red> garbage",
        str(invalid.value),
        f"red> {len(legal) + 1}",
        f"no move number {len(legal) + 1}: choose 1 to {len(legal)}, or type a move",
        "red> 0",
        f"no move number 0: choose 1 to {len(legal)}, or type a move",
        "red> ",  # an empty line lists the moves again
        moves,
        f"red> {chance_text}",
        str(illegal.value),
        "red> 1",
        f"{state.describe(legal[0])}  [{state.action_to_string(legal[0])}]",  # the move in words, then notation
    ]
    lines = result.output.splitlines()
    start = lines.index(expected[0])
    assert lines[start : start + len(expected)] == expected
    assert "[" in str(illegal.value)  # the rule in brackets survives printing (no console markup)
    assert "game over after" in result.output
    assert replay_record(record).is_terminal()


def test_a_move_can_be_typed_in_notation() -> None:
    state = first_human_decision(seed=5)
    notation = state.action_to_string(state.legal_actions()[-1])
    result = run("play", "spacewolves", "--players", "3", "--bot", "random", "--seed", "5", input=f"{notation}\n")
    words = state.describe(state.legal_actions()[-1])
    assert f"red> {notation}\n{words}  [{notation}]\n" in result.output


def test_the_human_sees_its_own_view_of_the_board() -> None:
    state = first_human_decision(seed=5)
    result = run("play", "spacewolves", "--players", "3", "--bot", "random", "--seed", "5", input="")
    assert state.game.render(state.observation(0)) in result.output


def test_every_seat_can_be_human() -> None:
    result = run("play", "spacewolves", "--players", "3", "--bots", "0", "--seed", "2", input=MANY_ONES)
    assert result.exit_code == 0, result.output[-2000:]
    assert "seats: red: human, yellow: human, blue: human" in result.output
    assert all(f"\n{name}> 1\n" in result.output for name in ["red", "yellow", "blue"])
    assert "(bot)" not in result.output


def test_end_of_input_abandons_the_game_cleanly(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = run(
        "play", "spacewolves", "--players", "3", "--bot", "random", "--seed", "5", "-r", str(record), input="1\n"
    )
    assert result.exit_code == 1
    assert "game abandoned (end of input)" in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)  # a clean exit, not an escaped EOFError
    state = replay_record(record)  # the record so far is valid
    assert not state.is_terminal()
    assert len(state.history()) == len(first_human_decision(seed=5).history()) + 1


def test_ctrl_c_abandons_the_game_cleanly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    record = tmp_path / "game.jsonl"
    result = run("play", "spacewolves", "--players", "3", "--bot", "random", "--seed", "5", "-r", str(record))
    assert result.exit_code == 130
    assert "game abandoned (interrupted)" in result.output
    assert "Traceback" not in result.output
    assert replay_record(record).history() == first_human_decision(seed=5).history()


def wait_until_blocked_reading_a_pipe(pid: int, deadline: float = 60.0) -> None:
    """Wait until process `pid` sleeps in a read of a pipe (its stdin here), as the kernel reports in wchan."""
    wchan = Path(f"/proc/{pid}/wchan")
    start = time.monotonic()
    while "pipe_read" not in wchan.read_text():
        assert time.monotonic() - start < deadline, f"process {pid} never blocked reading its stdin"
        time.sleep(0.01)


def test_a_real_sigint_at_the_prompt(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    command = [str(WOLFPACK), "play", "spacewolves", "-p", "3", "--bot", "random", "--seed", "5", "-r", str(record)]
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=os.environ | {"COLUMNS": "80"},
        # as at a terminal, whatever this test runs under: a shell that starts a job in the background without job
        # control (`cmd &` in a script) has it ignore SIGINT, the child would inherit that, and Python keeps it so
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    ) as process:
        assert process.stdout is not None
        seen = b""
        while not seen.endswith(b"red> "):
            chunk = process.stdout.read1(4096)
            assert chunk, seen.decode()
            seen += chunk
        # The prompt is written before the child starts reading: a signal that lands in between only sets Python's
        # flag, and the read that follows would then block (or, with stdin closed, meet end of input) unhandled.
        wait_until_blocked_reading_a_pipe(process.pid)
        process.send_signal(signal.SIGINT)
        # Wait with stdin still open, as at a real terminal (communicate() would close it); what it writes after the
        # prompt fits in the pipe, and a child that never exits fails the test here instead of hanging it.
        process.wait(timeout=60)
        rest = process.stdout.read()
    output = (seen + rest).decode()
    assert process.returncode == 130, output
    assert "game abandoned (interrupted)" in output
    assert "Traceback" not in output
    assert replay_record(record).history() == first_human_decision(seed=5).history()


# ---- records and replay --------------------------------------------------------------------------------------


def test_a_recorded_game_replays_to_the_same_final_position(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    played = bots_game("--record", str(record), seed=7, players=4)
    assert played.exit_code == 0, played.output
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert final_board(played.output) in replayed.output
    assert result_block(replayed.output) == result_block(played.output)
    header = json.loads(record.read_text().splitlines()[0])
    assert header["seed"] == 7
    assert header["options"] == {"players": 4, "max_rounds": 100}


def test_replay_prints_the_log_in_words_and_the_notation_on_request(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    assert bots_game("--record", str(record), seed=7).exit_code == 0
    state = replay_record(record)
    words = run("replay", str(record))
    assert words.exit_code == 0, words.output
    assert "log:\n" + "".join(f"  {line}\n" for line in state.log()) in words.output
    assert "[roll " not in words.output
    both = run("replay", str(record), "--notation")
    assert both.exit_code == 0, both.output
    lines = [f"  {line}  [{text}]\n" for line, text in zip(state.log(), state.log_notation() or [], strict=True)]
    assert "log:\n" + "".join(lines) in both.output and len(lines) == len(state.history())


def test_replay_refuses_notation_line_by_line_for_a_log_of_events(tmp_path: Path) -> None:
    played, record = wolf_bots_game(tmp_path, "--option", "max_rounds=1")
    assert played.exit_code == 0, played.output
    result = run("replay", str(record), "--notation")
    assert result.exit_code == EXIT_USAGE
    assert "--notation: the log of WOLF is not one line per action" in result.output


def test_an_abandoned_game_replays_to_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    run("play", "spacewolves", "--players", "3", "--bot", "random", "--seed", "5", "-r", str(record), input="")
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output
    state = first_human_decision(seed=5)
    assert f"{len(state.history())} actions replayed" in result.output
    assert state.game.render(state.observation(None)) in result.output
    assert "the record stops before the game is over" in result.output


def corrupt(tmp_path: Path, change: Any) -> tuple[Path, int]:
    """Record a game, apply `change(lines)` (which returns the 1-based number of the line it broke), save it."""
    record = tmp_path / "game.jsonl"
    assert bots_game("--record", str(record), seed=3).exit_code == 0
    lines = record.read_text().splitlines()
    number = change(lines)
    record.write_text("\n".join(lines) + "\n")
    return record, number


def edit_action(lines: list[str]) -> int:
    """Replace the first player decision's action by a roll of the dice (well-formed, illegal there)."""
    index = next(i for i, line in enumerate(lines[1:], start=1) if isinstance(json.loads(line).get("player"), int))
    entry = json.loads(lines[index])
    entry["action"] = "roll 35"
    lines[index] = json.dumps(entry)
    return index + 1


def break_json(lines: list[str]) -> int:
    lines[4] = lines[4][:-3]
    return 5


def wrong_player(lines: list[str]) -> int:
    entry = json.loads(lines[3])
    entry["player"] = 2 if entry["player"] != 2 else 1
    lines[3] = json.dumps(entry)
    return 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (edit_action, "roll 35 is not legal now"),
        (break_json, "not JSON"),
        (wrong_player, "the record says"),
    ],
    ids=["illegal action", "bad JSON", "wrong player"],
)
def test_a_corrupted_record_names_its_line(tmp_path: Path, change: Any, message: str) -> None:
    record, number = corrupt(tmp_path, change)
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert f"{record}:{number}: " in result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_replaying_a_missing_file(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nowhere.jsonl"))
    assert result.exit_code == 1
    assert "cannot read the record" in result.output


def test_an_unwritable_record_path(tmp_path: Path) -> None:
    result = bots_game("--record", str(tmp_path / "missing-dir" / "game.jsonl"))
    assert result.exit_code == 2
    assert "cannot write it" in result.output


# ---- command-line errors: exit code 2, the engine's message, no traceback ------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'; known games: den-of-wolves, spacewolves"),
        (["play", "spacewolves", "--players", "5"], "option 'players' = 5: Input should be 3 or 4. Allowed options"),
        (["play", "spacewolves", "-o", "colour=red"], "unknown option 'colour'. Allowed options: players:"),
        (["play", "spacewolves", "-o", "max_rounds=0"], "option 'max_rounds' = 0"),
        (["play", "spacewolves", "-o", "name=x"], "unknown option 'name'. Allowed options: players:"),
        (["play", "spacewolves", "-o", "max_rounds"], "write it as KEY=VALUE"),
        (
            ["play", "spacewolves", "-p", "3", "-o", "players=4"],
            "give the players once: --players or --option players=...",
        ),
        (["play", "spacewolves", "-p", "3", "--bots", "4"], "--bots 4: this game has 3 seats, so give 0 to 3"),
        (["play", "spacewolves", "--bots", "some"], "--bots 'some': give a number from 0 to 4, or 'all'"),
        (
            ["play", "spacewolves", "--bot", "deep-blue"],
            "--bot 'deep-blue': spacewolves has the bots heuristic, random",
        ),
    ],
)
def test_bad_command_lines_exit_2_with_the_allowed_values(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_command_line_errors_through_the_installed_script() -> None:
    done = subprocess.run([str(WOLFPACK), "play", "chess"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "known games: den-of-wolves, spacewolves" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


# ---- help, games, python -m ----------------------------------------------------------------------------------


def test_help() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert all(command in result.output for command in ["play", "replay", "games"])
    assert run("play", "--help").exit_code == 0


@pytest.mark.parametrize("command", [[str(WOLFPACK)], [sys.executable, "-m", "wolfpack"]], ids=["script", "module"])
def test_the_command_runs_as_a_script_and_as_a_module(command: list[str]) -> None:
    done = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Usage: wolfpack" in done.stdout


def test_games_lists_options_and_bots() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "spacewolves: Spacewolves!, 3 to 4 players" in result.output
    assert "--option players=" in result.output
    assert "number of players, 3 or 4 (default 4)" in result.output
    assert "--option max_rounds=" in result.output
    assert "den-of-wolves: Den of Wolves (classic), 41 seats" in result.output
    blocks = {block.split(":")[0]: block for block in re.split(r"\n(?=\S)", result.output.strip())}
    bots = {game: block.split("  bots: ")[1].split("\n")[0].split(", ") for game, block in blocks.items()}
    assert set(bots) == set(wolfpack.game_names())  # a bots line for each game, in its own block
    assert all({"heuristic", "random"} <= set(names) for names in bots.values())
    assert "control" in bots["den-of-wolves"] and "search" in bots["spacewolves"]


# ---- the pieces ----------------------------------------------------------------------------------------------


class NoBotsGame(SpacewolvesGame):
    """Spacewolves! without bots of its own, registered under another name: only the generic bots remain."""

    name = "nobots"
    bots: ClassVar[Mapping[str, str]] = {}


def test_the_default_bot_is_heuristic_when_the_game_has_it_else_random(monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_bot_name(wolfpack.load_game("spacewolves")) == "heuristic"  # the name only: nothing is imported
    assert default_bot_name(NoBotsGame(SpacewolvesOptions(players=3))) == "random"
    monkeypatch.setitem(registry._registered, "nobots", NoBotsGame)
    result = run("play", "nobots", "--players", "3", "--bots", "all", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "seats: red: random bot, yellow: random bot, blue: random bot" in result.output
    assert "game over after" in result.output


def test_bot_seats() -> None:
    assert bot_seats(None, 4) == [1, 2, 3]
    assert bot_seats("all", 4) == [0, 1, 2, 3]
    assert bot_seats("ALL", 3) == [0, 1, 2]
    assert bot_seats("3", 3) == [0, 1, 2]
    assert bot_seats("1", 4) == [3]
    assert bot_seats("0", 4) == []


def test_parse_game_options() -> None:
    assert parse_game_options(["max_rounds=20", "mode = fast", "offset=-3", "x="]) == {
        "max_rounds": 20,
        "mode": "fast",
        "offset": -3,
        "x": "",
    }


def test_wrap_choices() -> None:
    assert wrap_choices(["a", "bb", "ccc"], 80) == ["  1) a  2) bb  3) ccc"]
    assert wrap_choices(["a", "bb", "ccc"], 14) == ["  1) a  2) bb", "  3) ccc"]
    assert wrap_choices([], 80) == []


def test_simultaneous_game_asks_humans_and_lets_optional_moments_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    from .engine.toy_games import BidGame

    monkeypatch.setitem(registry._registered, BidGame.name, BidGame)
    # Seat 0 is human. Play waits for its bid; after bidding, its optional cheer is offered and Enter skips it.
    result = run("play", BidGame.name, "--bots", "1", "--bot", "random", "--seed", "4", input="bid 3\n\n\n\n")
    assert result.exit_code == 0, result.output
    assert "seat 0 to move" in result.output
    assert "seat 0: bid 3" in result.output
    # The bids are secret (imperfect information): a bot's move is not printed in notation, only its log lines.
    assert "(bot)" not in result.output
    assert "result:" in result.output


def test_simultaneous_game_with_bots_only_plays_through(monkeypatch: pytest.MonkeyPatch) -> None:
    from .engine.toy_games import BidGame

    monkeypatch.setitem(registry._registered, BidGame.name, BidGame)
    first = run("play", BidGame.name, "--players", "3", "--bots", "all", "--bot", "random", "--seed", "9")
    second = run("play", BidGame.name, "--players", "3", "--bots", "all", "--bot", "random", "--seed", "9")
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    # The public log: a line per bid, the amounts hidden until the last bid is in.
    assert len(re.findall(r"^seat \d (has bid|bids \d)$", first.output, re.M)) == 3
    assert not re.findall(r"^bid \d$", first.output, re.M)


def test_wolves_on_the_hunt_plays_through_with_bots_and_draws_the_map() -> None:
    result = run("play", "wolves-on-the-hunt", "--players", "2", "--bots", "all", "--bot", "random", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "Wolves (clockwise from North):" in result.output
    assert "result:" in result.output


def test_wolves_on_the_hunt_refuses_a_broken_content_pack(tmp_path: Path) -> None:
    (tmp_path / "wolves.toml").write_text("[[day_wolves]]\nid = 3\n", encoding="utf-8")
    result = run("play", "wolves-on-the-hunt", "--option", f"content={tmp_path}", "--bots", "all", "--seed", "1")
    assert result.exit_code == 2
    assert "wolves.toml" in result.output
    assert "Traceback" not in result.output


def test_large_families_of_moves_are_summarised_not_numbered() -> None:
    from wolfpack.cli import group_choices

    rerolls = [f"reroll red{i} blue{i}" for i in range(1, 7)] + [f"reroll d{i}" for i in range(34)]
    notations = ["take red5", "take blue2", *rerolls, "modify red5 up"]
    numbered, summaries = group_choices(notations, limit=16)
    assert [notations[i] for i in numbered] == ["take red5", "take blue2", "modify red5 up"]
    assert summaries == ["reroll: 40 choices, type one in notation (e.g. 'reroll red1 blue1', 'reroll d33')"]
    assert group_choices(notations[:5], limit=16) == ([0, 1, 2, 3, 4], [])


def test_a_family_of_two_word_moves_lists_every_second_word_in_natural_order() -> None:
    from wolfpack.cli import group_choices

    squares = sorted(f"{column}{row}" for column in "ab" for row in range(1, 12))  # as sorted text: a1 a10 a11 a2...
    notations = ["end", *(f"boss {square}" for square in squares), "she-wolf-1 c3", "she-wolf-1 c4"]
    numbered, summaries = group_choices(notations, limit=16)
    assert [notations[i] for i in numbered] == ["end", "she-wolf-1 c3", "she-wolf-1 c4"]
    natural = " ".join(f"{column}{row}" for column in "ab" for row in range(1, 12))
    assert summaries == [f"boss: 22 choices, type 'boss' and one of: {natural}"]


# ---- hidden information: WOLF --------------------------------------------------------------------------------

WOLF_HEROES = ["jack", "miss-q", "july", "norbert", "zord"]
"""WOLF's heroes in turn order; with six players hero N is seat N's and seat 5 plays the werewolves."""


def wolf_dealt(seed: int, players: int = 6) -> tuple[Any, dict[str, str]]:
    """The state once the wolf cards are dealt in `play wolf --seed seed`, and each hero's dealt card colour.

    The deal is the first chance of the game and `play` samples chance from `random.Random(seed)`, so the colours
    are read off the position of a `Match` with the same seed.
    """
    match = Match(wolfpack.load_game("wolf", players=players), seed)
    while match.state.is_chance_node():
        match.roll()
    heroes = match.state.heroes
    return match.state, {hero: heroes[hero]["wolf_cards"][0][0] for hero in WOLF_HEROES}


def seed_dealing_black_to(hero: str) -> int:
    """The first seed whose deal gives `hero` the black wolf card (one of ten cards is black)."""
    return next(seed for seed in range(200) if wolf_dealt(seed)[1][hero] == "black")


def sections(output: str, marker: str = "Pass to seat ") -> list[str]:
    """The output cut before each `marker`: [before the first, from the first to the second, ...]."""
    parts = output.split(marker)
    return [parts[0], *(marker + part for part in parts[1:])]


def wolf_bots_game(tmp_path: Path, *extra: str, players: int = 6, seed: int = 3) -> tuple[Result, Path]:
    record = tmp_path / "wolf.jsonl"
    result = run(
        "play", "wolf", "--players", str(players), "--bots", "all", "--bot", "random", "--seed", str(seed),
        "--record", str(record), *extra,
    )  # fmt: skip
    return result, record


def test_wolf_hot_seat_hides_each_seats_secrets_from_the_other(tmp_path: Path) -> None:
    seed = seed_dealing_black_to("jack")
    state, colours = wolf_dealt(seed)
    assert colours["jack"] == "black" and colours["miss-q"] == "grey"
    with pytest.raises(InvalidActionError) as invalid:
        state.parse_action("place nowhere")
    # Not a legal placement now: the engine's message names the rule, and the same seat is asked again.
    with pytest.raises(IllegalActionError) as illegal:
        state.parse_action("boss a1")
    placement = state.action_to_string(state.legal_actions()[-1])
    typed = f"\nplace nowhere\nboss a1\n{placement}\n\n1\n"  # Enter at each pass, then the seat's moves
    result = run("play", "wolf", "--players", "6", "--bots", "4", "--bot", "random", "--seed", str(seed), input=typed)
    assert result.exit_code == 1, result.output  # input ends at the next pass: abandoned
    assert "seats: seat 0 (jack): human, seat 1 (miss-q): human, seat 2 (july): random bot" in result.output
    public, seat_0, seat_1, seat_0_again = sections(result.output)
    assert seat_0.startswith("Pass to seat 0 (jack) and press Enter")
    assert seat_1.startswith("Pass to seat 1 (miss-q) and press Enter")
    assert seat_0_again.startswith("Pass to seat 0 (jack) and press Enter")
    assert public.rstrip().endswith("=" * 80)  # the screen is hidden before each pass
    assert seat_0.rstrip().endswith("=" * 80)
    # Before anyone takes the keyboard the deal is public: who got a card, never which.
    assert "Jack Ventura is dealt a wolf card\n" in public
    assert "black" not in public and "grey" not in public
    # Seat 0 sees its own card, in the log and on its view of the table, and nobody else's.
    assert "Jack Ventura is dealt a wolf card: black" in seat_0
    assert re.search(r"^  1 jack +seat 0 +- +human; wolf cards \[black\]", seat_0, re.M)
    assert "Miss Q is dealt a wolf card\n" in seat_0
    assert not re.search(r"^  2 miss-q .*wolf cards \[(black|grey)\]", seat_0, re.M)
    # Seat 1 sees its own grey card and not seat 0's black one.
    assert "Miss Q is dealt a wolf card: grey" in seat_1
    assert re.search(r"^  2 miss-q .*wolf cards \[grey\]", seat_1, re.M)
    assert "black" not in seat_1
    assert re.search(r"^  1 jack +seat 0 .*wolf cards \[\?\]", seat_1, re.M)
    # A bad entry gets the engine's message and the same prompt; any legal action can be typed in notation.
    expected = [
        "seat 0 (jack)> place nowhere",
        str(invalid.value),
        "seat 0 (jack)> boss a1",
        str(illegal.value),
        f"seat 0 (jack)> {placement}",
        f"seat 0 (jack): {placement}",
    ]
    lines = seat_0.splitlines()
    start = lines.index(expected[0])
    assert lines[start : start + len(expected)] == expected
    assert "Traceback" not in result.output


def test_wolf_with_one_human_needs_no_hiding_and_shows_only_its_secrets() -> None:
    seed = seed_dealing_black_to("miss-q")
    result = run("play", "wolf", "--players", "6", "--bot", "random", "--seed", str(seed), input="")
    assert result.exit_code == 1  # input ends at the first decision
    assert "Pass to" not in result.output
    assert "Jack Ventura is dealt a wolf card: grey" in result.output
    assert "Miss Q is dealt a wolf card\n" in result.output
    assert "black" not in result.output
    assert "seat 0 (jack) to move" in result.output


def test_wolf_between_bots_prints_the_public_log_and_no_secret(tmp_path: Path) -> None:
    result, record = wolf_bots_game(tmp_path, "--option", "max_rounds=8")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "WOLF (wolf): players=6, max_rounds=8, content=None"
    state = replay_record(record)
    assert state.is_terminal()
    lines = result.output.splitlines()
    stream = lines[3 : lines.index(f"game over after {len(state.history())} actions") - 1]
    assert [line for line in stream if not line.startswith("-- round ")] == state.log(None)
    assert not any(line.startswith(("chance:", "deal ", "wolf ", "card ")) for line in lines)
    assert "(bot)" not in result.output  # a bot's action may name a secret card: only the log tells what happened
    assert state.game.render(state.observation(None)) in result.output
    assert re.search(r"^  seat 5 \(wolves\) +return -?1$", result.output, re.M)


@pytest.mark.parametrize("players", [2, 4])
def test_wolf_plays_through_at_other_player_counts(tmp_path: Path, players: int) -> None:
    result, record = wolf_bots_game(tmp_path, "--option", "max_rounds=5", players=players, seed=11)
    assert result.exit_code == 0, result.output
    assert f"seat {players - 1} (wolves): random bot" in result.output
    assert "result:" in result.output
    assert replay_record(record).is_terminal()


def test_wolf_replay_is_public_unless_asked(tmp_path: Path) -> None:
    played, record = wolf_bots_game(tmp_path, "--option", "max_rounds=4")
    assert played.exit_code == 0, played.output
    state = replay_record(record)
    deals = [json.loads(line)["action"] for line in record.read_text().splitlines()[1:6]]
    colours = dict(zip(WOLF_HEROES, (deal.split()[1] for deal in deals), strict=True))

    public = run("replay", str(record))
    assert public.exit_code == 0, public.output
    assert "log (public view):\n" + "".join(f"  {line}\n" for line in state.log(None)) in public.output
    assert state.game.render(state.observation(None)) in public.output
    assert "is dealt a wolf card:" not in public.output
    assert result_block(public.output) == result_block(played.output)

    seat_0 = run("replay", str(record), "--seat", "0")
    assert seat_0.exit_code == 0, seat_0.output
    name = seat_name(state.observation(None), 0)  # "seat 0 (heroes: jack)": every side is known at the end
    assert f"log ({name}'s view):\n" + "".join(f"  {line}\n" for line in state.log(0)) in seat_0.output
    assert state.game.render(state.observation(0)) in seat_0.output
    assert f"  Jack Ventura is dealt a wolf card: {colours['jack']}\n" in seat_0.output
    assert "  Miss Q is dealt a wolf card\n" in seat_0.output

    control = run("replay", str(record), "--all")
    assert control.exit_code == 0, control.output
    assert "log, every secret shown (Control):" in control.output
    for hero, colour in colours.items():
        name = state.game.content.hero(hero).name  # the log names heroes from the content pack
        assert f"  {name} is dealt a wolf card: {colour}\n" in control.output
    for seat in range(6):
        assert state.game.render(state.observation(seat)) in control.output


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--seat", "6"], "--seat 6: this game has seats 0 to 5"), (["--seat", "0", "--all"], "not both")],
)
def test_wolf_replay_refuses_a_bad_seat(tmp_path: Path, args: list[str], message: str) -> None:
    _, record = wolf_bots_game(tmp_path, "--option", "max_rounds=1")
    result = run("replay", str(record), *args)
    assert result.exit_code == 2
    assert message in result.output


def test_wolf_pack_moves_are_summarised_by_unit_and_typed_in_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the werewolf seat's turn every unit's squares are listed, and a unit's move is typed as `<unit> <square>`."""
    import io

    from wolfpack.cli import TerminalPlay, make_console

    game = wolfpack.load_game("wolf", players=2)
    match = Match(game, 5)
    bot = make_bot(game, "random", 1)
    while match.state.observation(None)["step"] != "pack":
        match.roll() if match.state.is_chance_node() else match.apply(bot.step(match.state))
    legal = match.state.legal_actions(1)
    move = next(action for action in legal if action.startswith("boss "))
    answers = iter(["", "boss z99", move])  # Enter at the pass, a square the boss cannot reach, a legal move
    prompts: list[str] = []

    def typed(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", typed)
    console = make_console()
    console.file = io.StringIO()
    play = TerminalPlay(match, {}, console, interactive=False)
    assert play.ask(1) == move
    printed = console.file.getvalue()
    assert prompts == ["Pass to seat 1 (wolves) and press Enter ", "seat 1 (wolves)> ", "seat 1 (wolves)> "]
    assert re.search(r"^  boss: \d+ choices, type 'boss' and one of: ", printed, re.M)
    assert "boss z99 is not legal now" in printed


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_a_den_of_wolves_event_runs_headless_with_a_summary_per_turn(tmp_path: Path, edition: str) -> None:
    record = tmp_path / "event.jsonl"
    args = ["play", "den-of-wolves", "--edition", edition, "--bots", "all", "--turns", "3", "--seed", "5"]
    played = run(*args, "--record", str(record))
    assert played.exit_code == 0, played.output
    assert [line.split(":")[0] for line in played.output.splitlines() if line.startswith("turn ")] == [
        "turn 1",
        "turn 2",
        "turn 3",
    ]
    assert re.search(r"^  dione +morale +\d+ +ore \d+ fuel \d+ food \d+ water \d+", played.output, re.M)
    assert "the event is over" in played.output
    again = run(*args)
    assert again.exit_code == 0
    assert [line for line in again.output.splitlines() if not line.startswith("record:")] == [
        line for line in played.output.splitlines() if not line.startswith("record:")
    ]
    final = replay_record(record)
    assert final.is_terminal()
    assert final.observation(0)["turn"] == 3
    header = json.loads(record.read_text().splitlines()[0])
    assert header["options"]["edition"] == edition


# ---- wolfpack event (src/wolfpack/event, docs/event.md) ---------------------------------------------------------

EVENT_URL = "http://192.168.1.20:8000"


def _event_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/var/wolfpack.db"


def _new_event(tmp_path: Path, *extra: str) -> str:
    """Make a classic event with a base URL and sheets under tmp_path; its id."""
    made = run("event", "new", "--database", _event_db(tmp_path), "--base-url", EVENT_URL, *extra)
    assert made.exit_code == 0, made.output
    found = re.search(r"^event ([0-9a-f]{8}): ", made.output, re.M)
    assert found, made.output
    return found.group(1)


def _stored(tmp_path: Path, event_id: str) -> Any:
    from wolfpack.event.store import EventStore

    store = EventStore.open(_event_db(tmp_path))
    try:
        return store.load(event_id)
    finally:
        store.close()


def test_event_new_prints_the_id_controls_token_and_where_the_sheets_are(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name,team,role\nAnn,Dione,Captain\nAnn,Dione,Council Member\nBob,ICSS Aegis,XO\n")
    sheets = tmp_path / "sheets"
    database = _event_db(tmp_path)
    made = run(
        "event", "new", "--database", database, "--edition", "infinite-domain", "--turns", "9", "--quadrants", "5",
        "--action-minutes", "20", "--roster", str(roster), "--base-url", EVENT_URL, "--sheets", str(sheets),
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    event_id = re.search(r"^event ([0-9a-f]{8}): Den of Wolves: Infinite Domain, 52 seats$", made.output, re.M)
    assert event_id, made.output
    event = _stored(tmp_path, event_id.group(1))
    assert (event.settings.turns, event.settings.quadrants, event.settings.turn_minutes) == (9, 5, 32)
    assert f"Control's token: {event.tokens.tokens[0]}\n" in made.output
    assert f"  Control's desk: {EVENT_URL}/event/{event.id}/control#token={event.tokens.tokens[0]}\n" in made.output
    assert f"sheets: {sheets.resolve() / 'index.html'} (a page per table; print on A4)" in made.output
    captain = event.seat("dione/captain").index
    assert (sheets / "ship-dione.html").read_text().count(event.link(captain)) == 2
    assert event.roster.merged() == {
        "Ann": [event.seat("dione/captain").index, event.seat("dione/council-member").index]
    }
    assert "open seats: 48 " in made.output


def test_event_new_without_a_base_url_says_how_to_print_the_sheets_later(tmp_path: Path) -> None:
    made = run("event", "new", "--database", _event_db(tmp_path))
    assert made.exit_code == 0, made.output
    event_id = re.search(r"^event ([0-9a-f]{8}):", made.output, re.M).group(1)  # type: ignore[union-attr]
    assert f"sheets: none yet, for join links need the server's address: `wolfpack event set {event_id}" in made.output
    assert not list(tmp_path.glob("event-*-sheets"))


def test_event_new_and_show_print_the_organisers_page_the_desk_and_the_projector_from_the_base_url(
    tmp_path: Path,
) -> None:
    """Issue 30, section 2: `event new` printed only a join link that opens the desk."""
    database = _event_db(tmp_path)
    made = run("event", "new", "--database", database, "--base-url", EVENT_URL, "--sheets", str(tmp_path / "s"))
    event_id = re.search(r"^event ([0-9a-f]{8}):", made.output, re.M).group(1)  # type: ignore[union-attr]
    token = _stored(tmp_path, event_id).tokens.tokens[0]
    links = (
        f"links:\n  organiser's page: {EVENT_URL}/event/{event_id}/organiser#token={token}\n"
        f"  Control's desk: {EVENT_URL}/event/{event_id}/control#token={token}\n"
        f"  projector: {EVENT_URL}/event/{event_id}/projector\n"
    )
    assert links in made.output
    assert links in run("event", "show", event_id, "--database", database).output


def test_without_a_base_url_the_links_are_paths_and_the_event_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    from wolfpack.event import lan

    monkeypatch.setattr(lan, "machine_interfaces", lambda: {"eth0": [(socket.AF_INET, "192.168.1.20")]})
    database = _event_db(tmp_path)
    made = run("event", "new", "--database", database)
    event_id = re.search(r"^event ([0-9a-f]{8}):", made.output, re.M).group(1)  # type: ignore[union-attr]
    token = _stored(tmp_path, event_id).tokens.tokens[0]
    for shown in (made.output, run("event", "show", event_id, "--database", database).output):
        assert "links: no base URL yet, so these are paths for a browser on the server's machine" in shown
        assert f"  organiser's page: /event/{event_id}/organiser#token={token}\n" in shown
        assert f"  projector: /event/{event_id}/projector\n" in shown
        assert f"`wolfpack event set {event_id} --base-url http://192.168.1.20:8000`" in shown
        assert "(this machine's address on eth0" in shown


def test_event_list_and_show_tell_what_each_event_is_and_who_holds_each_seat(tmp_path: Path) -> None:
    assert run("event", "list", "--database", _event_db(tmp_path)).output.startswith("no events in sqlite:///")
    event_id = _new_event(tmp_path, "--sheets", str(tmp_path / "s"))
    database = _event_db(tmp_path)
    assert run("event", "roster", event_id, "--database", database, "--assign", "dione/captain", "Ann").exit_code == 0
    assert run("event", "roster", event_id, "--database", database, "--assign", "11", "ann").exit_code == 0
    listed = run("event", "list", "--database", database)
    assert re.fullmatch(
        rf"{event_id}  \d{{4}}-\d\d-\d\d \d\d:\d\d  classic  turns 0/12  seats 3/41 taken\n", listed.output
    )
    shown = run("event", "show", event_id, "--database", database)
    assert shown.exit_code == 0, shown.output
    assert re.search(r"^ +9  dione/captain +Dione: Captain  -> Ann$", shown.output, re.M)
    assert re.search(r"^ +0  control +Control: Control  -> Control$", shown.output, re.M)
    assert "merged roles: Ann holds seats 9, 11\n" in shown.output
    assert "open seats: 38 (1, 2, 3," in shown.output


def test_event_roster_assigns_leaves_to_bots_and_control_and_round_trips_csv(tmp_path: Path) -> None:
    event_id = _new_event(tmp_path, "--sheets", str(tmp_path / "s"))
    database = _event_db(tmp_path)
    for change in (["--assign", "dione/captain", "Ann"], ["--bot", "media/anchor"], ["--control", "vulcan/warden"]):
        done = run("event", "roster", event_id, "--database", database, *change)
        assert done.exit_code == 0, done.output
        assert "seats changed: 1;" in done.output
    exported = tmp_path / "roster.csv"
    assert run("event", "roster", event_id, "--database", database, "--export", str(exported)).exit_code == 0
    lines = exported.read_text().splitlines()
    assert "Ann,Dione,Captain," in lines and ",Media,INC Anchor,bot" in lines and ",Vulcan,Warden,control" in lines
    printed = run("event", "roster", event_id, "--database", database, "--export", "-")
    assert printed.output.splitlines() == lines
    assert run("event", "roster", event_id, "--database", database, "--unassign", "9").exit_code == 0
    assert _stored(tmp_path, event_id).roster.holders[9] is None
    assert run("event", "roster", event_id, "--database", database, "--import", str(exported)).exit_code == 0
    assert _stored(tmp_path, event_id).export_roster().splitlines() == lines


def test_event_turns_move_seat_set_and_sheets(tmp_path: Path) -> None:
    event_id = _new_event(tmp_path, "--sheets", str(tmp_path / "s"))
    database = _event_db(tmp_path)
    assert (
        run("event", "turns", event_id, "14", "--database", database).output
        == f"event {event_id}: 14 turns (0 played)\n"
    )
    old = _stored(tmp_path, event_id).tokens.tokens[9]
    moved = run("event", "move-seat", event_id, "dione/captain", "--database", database)
    assert moved.exit_code == 0, moved.output
    event = _stored(tmp_path, event_id)
    assert event.seat_for_token(old) is None
    assert (
        f"seat 9 (dione/captain) has a new token: {event.tokens.tokens[9]}\nits link: {event.link(9)}\n" in moved.output
    )
    assert run("event", "set", event_id, "--database", database, "--base-url", "http://10.0.0.9:8000").exit_code == 0
    out = tmp_path / "printed"
    printed = run("event", "sheets", event_id, "--out", str(out), "--database", database)
    assert printed.output == f"14 sheets written; open {out.resolve() / 'index.html'} and print them on A4\n"
    dione = (out / "ship-dione.html").read_text()
    assert f"http://10.0.0.9:8000/event/{event_id}/join#token={event.tokens.tokens[9]}" in dione
    assert old not in dione


def _event_snapshot(tmp_path: Path) -> list[tuple[str, str]]:
    """Every stored row of the events' tables, to show that a refused command changed nothing."""
    import contextlib
    import sqlite3

    with contextlib.closing(sqlite3.connect(tmp_path / "var" / "wolfpack.db")) as conn:
        return [
            (table, repr(row))
            for table in ("wolfpack_event_events", "wolfpack_event_seats")
            for row in conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2")
        ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "--turns", "0"], "--turns must be at least 1 (you gave 0)"),
        (["new", "--turns", "41"], "--turns must be at most 40 (you gave 41)"),
        (["new", "--edition", "third"], "--edition must be classic or infinite-domain (you gave third)"),
        (["new", "--content", "/nowhere/pack"], "--content: /nowhere/pack: no such file or directory"),
        (["new", "--base-url", "venue:8000"], "--base-url: the address 'venue:8000' must look like"),
        (["new", "--base-url", "http://0.0.0.0:8000"], "--base-url: 0.0.0.0 is no address another device can open"),
        (["new", "--warning-seconds", "9000"], "--warning-seconds must be 0 to 7200 seconds before a phase's end"),
        (["new", "--roster", "ROSTER"], "line 2, column team: no team 'Galactica'"),
        (["new", "--roster", "/nowhere.csv"], "--roster /nowhere.csv: cannot read it"),
        (["show", "nope"], "no event 'nope' in this database"),
        (["roster", "ID"], "give one of --import, --export, --assign, --bot, --control, --unassign (got none)"),
        (["roster", "ID", "--bot", "1", "--control", "2"], "(got --bot and --control)"),
        (["roster", "ID", "--assign", "99", "Ann"], "seat 99: this event has seats 0 to 40"),
        (["roster", "ID", "--bot", "0"], "seat 0 is Control's"),
        (["roster", "ID", "--import", "ROSTER"], "ROSTER line 2, column team: no team 'Galactica'"),
        (["turns", "ID", "41"], "turns must be at most 40 (you gave 41)"),
        (["move-seat", "ID", "dione/cook"], "seat 'dione/cook': no seat has that number or label"),
        (["set", "ID"], "give at least one of --base-url, --action-minutes, --team-minutes"),
        (
            ["set", "ID", "--team-minutes", "0"],
            "--team-minutes must be 1 to 120 minutes, a phase's length (you gave 0)",
        ),
        (["set", "ID", "--base-url", "http://[::]:8000"], "--base-url: :: is no address another device can open"),
        (["sheets", "ID", "--out", "FILE/x"], "cannot write the sheets there"),
        (["list", "--database", "mysql://db"], "--database: database 'mysql://db': only sqlite:/// and postgresql://"),
    ],
)
def test_bad_event_input_exits_2_with_one_sentence_and_changes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    event_id = _new_event(tmp_path, "--sheets", str(tmp_path / "s"))
    roster = tmp_path / "roster.csv"
    roster.write_text("name,team,role\nBob,Galactica,Captain\n")
    blocker = tmp_path / "file"
    blocker.write_text("")
    before = _event_snapshot(tmp_path)
    swap = {"ID": event_id, "ROSTER": str(roster), "FILE/x": f"{blocker}/x"}
    given = [swap.get(arg, arg) for arg in args]
    database = [] if "--database" in given else ["--database", _event_db(tmp_path)]
    done = run("event", *given, *database)
    assert done.exit_code == 2, done.output
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message.replace("ROSTER", str(roster)) in done.stderr
    assert _event_snapshot(tmp_path) == before


def test_event_turns_never_go_below_the_turns_played(tmp_path: Path) -> None:
    from wolfpack.event.store import EventStore

    event_id = _new_event(tmp_path, "--sheets", str(tmp_path / "s"))
    store = EventStore.open(_event_db(tmp_path))
    store.save(store.load(event_id).with_turns_played(6))
    store.close()
    done = run("event", "turns", event_id, "5", "--database", _event_db(tmp_path))
    assert done.exit_code == 2
    assert done.stderr == "error: turns: 5 is fewer than the 6 turns already played\n"
    assert _stored(tmp_path, event_id).settings.turns == 12


def test_the_event_commands_default_database_is_the_servers() -> None:
    from wolfpack.cli import EVENT_DATABASE
    from wolfpack.server.store import DEFAULT_DATABASE

    assert EVENT_DATABASE == DEFAULT_DATABASE


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("0.0.0.0", "on the venue's network, people open:\n  http://192.168.1.20:8000/  (eth0)\n"),
        ("127.0.0.1", "local only: http://localhost:8000/ is reachable from this machine alone"),
    ],
)
def test_serve_prints_its_lan_address_and_a_qr_code_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str, expected: str
) -> None:
    import socket

    import uvicorn

    from wolfpack.event import lan

    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.append(options))
    monkeypatch.setattr(lan, "machine_interfaces", lambda: {"eth0": [(socket.AF_INET, "192.168.1.20")]})
    done = run("serve", "--host", host, "--database", f"sqlite:///{tmp_path}/s.db")
    assert done.exit_code == 0, done.output
    assert started and started[0]["host"] == host
    assert expected in done.output
    assert (lan.terminal_qr("http://192.168.1.20:8000/") in done.output) == (host == "0.0.0.0")
    assert "http://0.0.0.0" not in done.output, "nobody can open 0.0.0.0: the banner names the LAN addresses"
    assert "make one at http://localhost:8000/events/new (in a browser on this machine)" in done.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--public-url", "http://0.0.0.0:8000"], "--public-url: 0.0.0.0 is no address another device can open"),
        (["--public-url", "venue:8000"], "--public-url: the address 'venue:8000' must look like https://host"),
        (["--table-burst", "0"], "--table-burst must be at least 1 (you gave 0)"),
    ],
)
def test_serve_refuses_a_bad_setting_in_one_sentence_before_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    """Found by a new Control team: `--public-url http://0.0.0.0:8000` started a server whose every link was to an
    address no phone can open (an event's base URL of 0.0.0.0 is refused), and a bad setting said pydantic's words."""
    import uvicorn

    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.append(options))
    done = run("serve", *args, "--database", f"sqlite:///{tmp_path}/s.db")
    assert done.exit_code == 2, done.output
    assert started == [], "nothing is served with a setting refused"
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message in done.stderr
    assert "Value error" not in done.stderr and "Input should" not in done.stderr
