"""Tournaments (issue 34, item 5): a seeded seating that balances seats and meetings, OpenSkill ratings with
intervals, rows `wolfpack analyze` reads, a stop that the same command finishes, and bad input refused in a
sentence."""

from __future__ import annotations

import doctest
import itertools
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from wolfpack.cli import app
from wolfpack.sim import tournament
from wolfpack.sim.analyze import load_results
from wolfpack.sim.arena import round_length, seating
from wolfpack.sim.simulate import InlineExecutor, SimulationError, make_spec, simulate
from wolfpack.sim.tournament import entrant_labels, ladder, make_tournament_spec, ratings


@given(st.integers(1, 5).flatmap(lambda seats: st.tuples(st.just(seats), st.integers(seats, seats + 3))))
def test_a_full_round_seats_every_entrant_in_every_seat_and_every_pair_together_equally(sizes: tuple[int, int]) -> None:
    seats, entrants = sizes
    games = [seating(entrants, seats, index) for index in range(round_length(entrants, seats))]
    assert all(sorted(set(game)) == sorted(game) and len(game) == seats for game in games)  # nobody sits twice
    in_seat = Counter((entrant, seat) for game in games for seat, entrant in enumerate(game))
    assert len(set(in_seat.values())) == 1 and len(in_seat) == entrants * seats
    if seats >= 2:
        pairs = Counter(pair for game in games for pair in itertools.combinations(sorted(game), 2))
        assert len(set(pairs.values())) == 1 and len(pairs) == entrants * (entrants - 1) // 2
    # The next round is the same seating again.
    assert seating(entrants, seats, len(games)) == games[0]


def test_docstring_examples_run() -> None:
    result = doctest.testmod(tournament)
    assert result.attempted > 0 and result.failed == 0


def test_a_bot_entered_twice_is_numbered() -> None:
    assert entrant_labels(["random", "heuristic", "random"]) == ["random 1", "heuristic", "random 2"]


def test_a_short_tournament_rates_the_heuristic_above_random_bots_and_analyze_reads_it(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    args = ["tournament", "spacewolves", "--bots", "random,heuristic,random,random", "-p", "3", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--games", "12", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "ladder" in result.output and "heuristic" in result.output and "note:" not in result.output

    table = ladder(out)
    assert table["entrant"].iloc[0] == "heuristic", table
    assert list(table["games"]) == [9, 9, 9, 9]  # 3 seats of 4 entrants over one full round of 12 games
    assert (table["low"] < table["mu"]).all() and (table["mu"] < table["high"]).all()
    assert (table["win_low"] <= table["win_rate"]).all() and (table["win_rate"] <= table["win_high"]).all()

    games = load_results([out])
    assert len(games) == 12 and set(games["game"]) == {"spacewolves"}
    for row in games.to_dict("records"):
        named = ["random", "heuristic", "random", "random"]
        assert list(row["bots"]) == [named[entrant] for entrant in row["entrants"]]
        assert tuple(row["entrants"]) == seating(4, 3, int(row["index"]))


def test_the_wins_in_the_ladder_are_counted_from_the_rows(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    simulate(
        make_tournament_spec("spacewolves", {"players": 3}, "heuristic,random,random", 8), 6, out, InlineExecutor()
    )
    games = load_results([out])
    table = ladder(out).set_index("entrant")
    for entrant, label in enumerate(entrant_labels(["heuristic", "random", "random"])):
        won = sum(
            list(row["entrants"]).index(entrant) in row["winners"]
            for row in games.to_dict("records")
            if entrant in row["entrants"]
        )
        assert table.loc[label, "wins"] == won


def test_a_stopped_tournament_goes_on_and_ends_as_one_run(tmp_path: Path) -> None:
    spec = make_tournament_spec("spacewolves", {"players": 3}, "heuristic,random,random,random", 5)
    whole, parts = tmp_path / "whole.parquet", tmp_path / "parts.parquet"
    simulate(spec, 12, whole, InlineExecutor())
    simulate(spec, 5, parts, InlineExecutor())
    assert simulate(spec, 12, parts, InlineExecutor()).kept == 5
    columns = ["index", "bots", "entrants", "returns", "actions"]
    assert load_results([whole])[columns].equals(load_results([parts])[columns])
    pd.testing.assert_frame_equal(ladder(whole), ladder(parts))


def test_in_a_game_of_one_shared_result_the_teams_play_the_game(tmp_path: Path) -> None:
    """Wolves on the Hunt: the hunters win or lose together, so a team plays the game, and a bot's rating follows
    the results of the teams it sat in."""
    out = tmp_path / "hunt.parquet"
    spec = make_tournament_spec("wolves-on-the-hunt", {"players": 2}, "heuristic,random,random", 1)
    simulate(spec, 6, out, InlineExecutor())
    assert list(ladder(out)["games"]) == [4, 4, 4]
    # Made-up results: entrant 0 wins both games it plays, the pair without it loses.
    rows = [
        {"game": "wolves-on-the-hunt", "index": index, "entrants": seated, "returns": returns, "winners": []}
        for index, (seated, returns) in enumerate([((0, 1), (1.0, 1.0)), ((0, 2), (1.0, 1.0)), ((1, 2), (0.0, 0.0))])
    ]
    strong, first, second = ratings(pd.DataFrame(rows), ["heuristic", "random", "random"])
    assert strong.mu > first.mu and strong.mu > second.mu
    assert first.mu == pytest.approx(second.mu, abs=1.0)  # one win and one loss each, in another order


def test_bad_tournaments_are_refused_in_a_sentence(tmp_path: Path) -> None:
    out = str(tmp_path / "t.parquet")
    runner = CliRunner()
    too_few = runner.invoke(app, ["tournament", "spacewolves", "--bots", "heuristic,random", "-p", "3", "--out", out])
    assert too_few.exit_code == 2 and "needs at least 3 entrants" in too_few.output
    unknown = runner.invoke(app, ["tournament", "spacewolves", "--bots", "heuristic,nobody,random", "--out", out])
    assert unknown.exit_code == 2 and "no bot 'nobody'" in unknown.output and "random" in unknown.output
    assert not Path(out).exists()
    with pytest.raises(SimulationError, match="scalar engine only"):
        make_tournament_spec("spacewolves", {"players": 3}, "heuristic,random,random", 1, engine="batch")
    plain = tmp_path / "plain.parquet"
    simulate(make_spec("spacewolves", {"players": 3}, "random", 1), 2, plain, InlineExecutor())
    with pytest.raises(SimulationError, match="not a tournament's results"):
        ladder(plain)
