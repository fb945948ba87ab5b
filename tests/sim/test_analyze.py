"""`wolfpack analyze`: rates with Wilson intervals, the first-player edge, length, Den of Wolves fans, two files
compared, the HTML page, and bad input refused."""

from __future__ import annotations

import doctest
import importlib
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from scipy import stats
from typer.testing import CliRunner, Result

from wolfpack.cli import EXIT_USAGE, app
from wolfpack.sim import analyze, plots, report
from wolfpack.sim.simulate import InlineExecutor, make_spec, simulate

COMPARE_GAMES = 60
"""Games per file in the comparisons: enough for heuristic against random to show, and fast (well under a second)."""


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def played(directory: Path, name: str, game: str, options: dict[str, Any], bots: str, seed: int, games: int) -> Path:
    out = directory / f"{name}.parquet"
    simulate(make_spec(game, options, bots, seed), games, out, InlineExecutor())
    return out


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Spacewolves! runs for the comparisons, a Hunt run, a two-turn Den of Wolves event and six Wolf Attacks (its
    combat scenario)."""
    directory = tmp_path_factory.mktemp("results")
    three = {"players": 3}
    return {
        "heuristic first": played(directory, "hr", "spacewolves", three, "heuristic,random,random", 1, COMPARE_GAMES),
        "random seed 1": played(directory, "r1", "spacewolves", three, "random", 1, COMPARE_GAMES),
        "random seed 2": played(directory, "r2", "spacewolves", three, "random", 2, COMPARE_GAMES),
        "hunt": played(directory, "hunt", "wolves-on-the-hunt", {"difficulty": "easy"}, "random", 1, 6),
        "den": played(directory, "den", "den-of-wolves", {"turns": 2}, "heuristic", 1, 2),
        "den combat": played(
            directory, "combat", "den-of-wolves", {"scenario": "combat", "pursuit": 12}, "heuristic", 1, 6
        ),
    }


def games_frame(rows: list[dict[str, Any]], game: str = "spacewolves") -> pd.DataFrame:
    """Hand-made rows with the common columns, for checking the arithmetic."""
    base = {"game": game, "file": "hand.parquet", "options": "{}", "rounds": 1, "actions": 1, "outcome": ""}
    return pd.DataFrame([{**base, "index": index, "returns": returns_of(row), **row} for index, row in enumerate(rows)])


def returns_of(row: dict[str, Any]) -> list[float]:
    """Returns that agree with a hand-made row's winners: 1 for a winner, 0 for the others."""
    return [1.0 if seat in row.get("winners", []) else 0.0 for seat in range(len(row.get("bots", [])))]


# ---- rates -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [(5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (15, 100, 0.0931, 0.2328)],
)
def test_wilson_intervals_are_the_published_values(successes: int, n: int, low: float, high: float) -> None:
    # The Wilson score interval's textbook values at 95% (z = 1.96).
    assert analyze.wilson_interval(successes, n) == pytest.approx((low, high), abs=1e-4)


def test_a_shared_win_counts_for_each_winner_and_an_all_tied_game_for_nobody() -> None:
    bots = ["heuristic", "random", "random"]
    games = games_frame(
        [
            {"bots": bots, "winners": [0]},
            {"bots": bots, "winners": [1, 2], "returns": [0.0, 0.5, 0.5]},
            {"bots": bots, "winners": [], "returns": [1 / 3] * 3},  # every seat drew, below Spacewolves' best (1)
        ]
    )
    by_seat = analyze.win_rates(games, "seat").set_index("seat")
    assert by_seat["wins"].tolist() == [1, 1, 1]
    assert by_seat["n"].tolist() == [3, 3, 3]
    assert by_seat["share"].tolist() == pytest.approx([1 / 3, 1 / 6, 1 / 6])
    assert (by_seat.loc[1, "low"], by_seat.loc[1, "high"]) == pytest.approx(analyze.wilson_interval(1, 3))
    by_bot = analyze.win_rates(games, "bot").set_index("bot")
    assert (by_bot.loc["random", "wins"], by_bot.loc["random", "n"]) == (2, 6)  # every seat it sat in
    results = analyze.shared_results(games)
    assert [(r.successes, r.n) for r in results.values()] == [(1, 3), (1, 3), (1, 3)]


def test_every_seat_on_the_games_best_return_have_all_won() -> None:
    # WOLF, two players: the pack won, and so did the heroes' player through a transformed hero (returns 1 and 1).
    games = games_frame(
        [
            {"bots": ["heuristic"] * 2, "winners": [], "returns": [1.0, 1.0]},
            {"bots": ["heuristic"] * 2, "winners": [0], "returns": [1.0, -1.0]},
            {"bots": ["heuristic"] * 2, "winners": [], "returns": [-1.0, -1.0]},  # both lost: nobody won
        ],
        game="wolf",
    )
    by_seat = analyze.win_rates(games, "seat").set_index("seat")
    assert by_seat["wins"].tolist() == [2, 1]
    assert by_seat["share"].tolist() == pytest.approx([1.5 / 3, 0.5 / 3])
    results = analyze.shared_results(games)
    assert [(r.successes, r.n) for r in results.values()] == [(1, 3), (1, 3), (1, 3)]


def test_first_player_edge_counts_places_in_the_turn_order() -> None:
    # The player at place 0 wins every game, whichever seat he sits in: the test finds the edge.
    rows = [
        {"bots": ["random"] * 3, "winners": [first], "turn_places": [(seat - first) % 3 for seat in range(3)]}
        for first in [0, 1, 2] * 10
    ]
    edge = analyze.first_player_edge(games_frame(rows))
    assert edge.rates.set_index("place")["wins"].tolist() == [30, 0, 0]
    assert edge.test == "chi-square test of independence"
    assert edge.p_value < 1e-6
    assert edge.real


def test_without_a_turn_order_seat_0_is_first_and_equal_places_are_not_an_edge() -> None:
    rows = [{"bots": ["random"] * 2, "winners": [seat]} for seat in [0, 1] * 10]
    edge = analyze.first_player_edge(games_frame(rows))
    assert edge.rates.set_index("place")["wins"].tolist() == [10, 10]
    assert edge.test == "Fisher's exact test"  # two places: exact
    assert edge.p_value == pytest.approx(1.0)
    assert not edge.real


def test_a_shared_result_game_is_measured_by_its_outcome(files: dict[str, Path]) -> None:
    games = analyze.load_results([files["hunt"]])
    rate = analyze.headline_rate(games)
    assert rate is not None
    assert (rate.successes, rate.n) == (int((games["outcome"] == "win").sum()), 6)
    outcomes = analyze.outcome_rates(games).set_index("outcome")
    assert outcomes["wins"].sum() == 6
    assert set(outcomes["n"]) == {6}
    headings = [section.heading for section in report.analysis_sections(games)]
    assert "Outcomes" in headings
    assert "Win rates" not in headings  # no per-seat rates where every seat shares the result
    assert "First-player edge" not in headings


def test_rates_by_an_option_that_differs_between_the_games() -> None:
    rows = [
        {"options": json.dumps({"difficulty": level, "players": 2}), "outcome": outcome, "bots": ["a"], "winners": []}
        for level, outcome in [("easy", "win"), ("easy", "win"), ("easy", "loss"), ("hard", "loss"), ("hard", "win")]
    ]
    games = games_frame(rows, game="wolves-on-the-hunt")
    assert analyze.varying_options(games) == ["option:difficulty"]
    rates = analyze.outcome_rates(games, by=["option:difficulty"])
    wins = rates[rates["outcome"] == "win"].set_index("option:difficulty")
    assert wins[["wins", "n"]].to_dict("index") == {"easy": {"wins": 2, "n": 3}, "hard": {"wins": 1, "n": 2}}
    headline = analyze.headline_rates(games, ["option:difficulty"]).set_index("option:difficulty")
    assert headline[["wins", "n"]].to_dict("index") == {"easy": {"wins": 2, "n": 3}, "hard": {"wins": 1, "n": 2}}


def test_a_headline_rate_by_option_keeps_a_value_that_never_won() -> None:
    rows = [
        {"options": json.dumps({"difficulty": level, "players": players}), "outcome": outcome, "bots": ["a"]}
        for level, players, outcome in [
            ("easy", 1, "win"),
            ("hard", 1, "loss"),
            ("hard", 2, "loss"),
            ("easy", 2, "win"),
        ]
    ]
    games = games_frame([{**row, "winners": []} for row in rows], game="wolves-on-the-hunt")
    by_both = analyze.headline_rates(games, ["option:difficulty", "option:players"])
    assert by_both[["option:difficulty", "option:players", "wins", "n"]].values.tolist() == [
        ["easy", "1", 1, 1],
        ["easy", "2", 1, 1],
        ["hard", "1", 0, 1],
        ["hard", "2", 0, 1],
    ]
    section = report.option_section(games, analyze.varying_options(games))
    assert [table.caption for table in section.tables] == [
        "outcome = win, by option:difficulty",
        "outcome = win, by option:players",
        "outcome = win, by option:difficulty and option:players",
    ]
    assert section.tables[0].rows[1][:3] == ("hard", "0", "2")  # a value that never won is still there


def test_length_summary_gives_median_and_quartiles() -> None:
    games = games_frame([{"rounds": r, "actions": 10 * r, "bots": ["a"], "winners": []} for r in [1, 2, 3, 4, 5]])
    summary = analyze.length_summary(games).set_index("measure")
    assert summary.loc["rounds", ["n", "min", "q25", "median", "q75", "max"]].tolist() == [5, 1, 2, 3, 4, 5]
    assert summary.loc["actions", "mean"] == 30


# ---- Den of Wolves ---------------------------------------------------------------------------------------------


def test_den_fan_chart_data_has_every_ship_at_every_turn(files: dict[str, Path]) -> None:
    games = analyze.load_results([files["den"]])
    turns = analyze.ship_turns(games)
    ships = sorted(set(turns["ship"]))
    assert len(ships) > 1
    for measure in ["morale", *analyze.resources(games)]:
        fan = analyze.den_fan(games, measure)
        assert list(fan.index) == [(ship, turn) for ship in ships for turn in (1, 2)]
        assert list(fan.columns) == ["q05", "q25", "q50", "q75", "q95", "n"]
        assert set(fan["n"]) == {2}  # two events
        assert (fan["q05"] <= fan["q50"]).all() and (fan["q50"] <= fan["q95"]).all()
    assert "hold:food" in analyze.resources(games)
    morale = analyze.den_fan(games, "morale")
    last = turns[turns["turn"] == 2].groupby("ship")["morale"].median()
    assert morale.xs(2, level="turn")["q50"].tolist() == last.tolist()
    final = analyze.final_morale(games).set_index("ship")
    assert final["median"].tolist() == last.tolist()
    figure = plots.fan_chart(morale, "morale")
    assert len([axes for axes in figure.axes if axes.get_visible()]) == len(ships)


def test_den_attacks_and_ships_at_zero_are_summarised(files: dict[str, Path]) -> None:
    games = analyze.load_results([files["den"]])
    attacks = [attack for log in games["attack_log"] for attack in log]
    endings = analyze.attack_endings(games)
    assert endings["attacks"].sum() == len(attacks) == games["attacks"].sum()
    zero = analyze.ships_at_zero(games)
    assert zero["events"].sum() == 2
    with pytest.raises(analyze.AnalysisError, match="no measure 'hold:gold'"):
        analyze.den_fan(games, "hold:gold")


def test_den_attack_rates_count_each_attack_from_its_row(files: dict[str, Path]) -> None:
    games = analyze.load_results([files["den combat"]])
    rates = analyze.attack_rates(games).set_index("measure")
    attacks = [attack for log in games["attack_log"] for attack in log]
    jumped = [bool(turns[0]["ships_jumped"]) for turns in games["fleet_turns"]]
    damaged = [attack["damage"] > 0 for attack in attacks]
    left = [attack["destroyed"] < attack["arrived"] for attack in attacks]
    assert len(attacks) == 6 and set(rates["n"]) == {6}
    assert rates.loc["damaged a ship", "wins"] == sum(damaged)
    assert rates.loc["ships jumped in its turn", "wins"] == sum(jumped)
    assert rates.loc["damaged a ship or ships jumped", "wins"] == sum(map(max, damaged, jumped))
    assert rates.loc["Wolves left unbeaten", "wins"] == sum(left)
    assert rates.loc["not won (Wolves left, or ships jumped)", "wins"] == sum(map(max, left, jumped))
    assert analyze.combat_run(games) and not analyze.combat_run(analyze.load_results([files["den"]]))


def test_a_combat_run_is_analysed_by_its_attacks_alone(files: dict[str, Path]) -> None:
    result = run("analyze", str(files["den combat"]))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "6 attacks over 6 events." in text
    assert "Combat scenario: each event is one attack" in text
    assert "Per Wolf Attack, how often" in text and "Why the attacks ended" in text
    assert "The fleet at the end" not in text and "Ships over the turns" not in text
    event = " ".join(run("analyze", str(files["den"])).output.split())
    assert "The fleet at the end" in event and "Per Wolf Attack, how often" in event
    assert "Combat scenario" not in event


def test_no_attack_gives_an_empty_table_of_rates() -> None:
    games = pd.DataFrame({"attack_log": [[]], "fleet_turns": [[]]})
    assert analyze.attack_rates(games).empty


# ---- two files compared ----------------------------------------------------------------------------------------


def test_compared_rates_use_fishers_test_and_an_interval_around_the_difference() -> None:
    found = analyze.compare_rates("x", analyze.Rate(30, 60), analyze.Rate(15, 60))
    assert found.p_value == pytest.approx(stats.fisher_exact([[30, 30], [15, 45]]).pvalue)
    assert found.difference == pytest.approx(-0.25)
    assert found.low < -0.25 < found.high < 0
    assert found.real
    assert found.verdict().startswith("the difference is real at the 5% level (Fisher's exact test, p = ")
    assert found.verdict().endswith("n = 60 in A, 60 in B)")


def test_compared_numbers_use_welchs_test_and_constants_a_rank_test() -> None:
    a, b = pd.Series([1.0, 2, 3, 4, 5, 6]), pd.Series([2.0, 4, 4, 6, 8, 9])
    found = analyze.compare_numbers("rounds", a, b)
    welch = stats.ttest_ind(b, a, equal_var=False)
    assert (found.test, found.p_value) == ("Welch's t-test", pytest.approx(welch.pvalue))
    assert found.difference == pytest.approx(2.0)
    assert not found.real
    constant = analyze.compare_numbers("rounds", pd.Series([3.0] * 20), pd.Series([5.0] * 20))
    assert constant.test == "Mann-Whitney U test"
    assert constant.real


def test_paired_rates_use_mcnemars_test_on_the_games_whose_result_changed() -> None:
    a = [True, True, False, False, True, False, False, True] * 5
    b = [True, False, True, True, True, True, False, True] * 5  # 5 games lost, 15 gained, 20 the same
    found = analyze.compare_paired_rates("x", a, b)
    assert found.p_value == pytest.approx(stats.binomtest(15, 20).pvalue)
    assert found.difference == pytest.approx((15 - 5) / 40)
    differences = [int(y) - int(x) for x, y in zip(a, b, strict=True)]
    interval = stats.ttest_1samp(differences, 0.0).confidence_interval()
    assert (found.low, found.high) == pytest.approx((interval.low, interval.high))
    assert (found.a, found.b, found.n_a) == (0.5, 0.75, 40)
    unchanged = analyze.compare_paired_rates("x", a, a)
    assert (unchanged.p_value, unchanged.difference, unchanged.real) == (1.0, 0.0, False)


def test_paired_numbers_use_a_paired_t_test_or_a_sign_test_when_every_game_moves_alike() -> None:
    a, b = pd.Series([10.0, 12, 9, 14, 11, 13]), pd.Series([11.0, 15, 9, 16, 12, 16])
    found = analyze.compare_paired_numbers("rounds", a, b)
    assert (found.test, found.p_value) == ("paired t-test", pytest.approx(stats.ttest_rel(b, a).pvalue))
    assert found.difference == pytest.approx(10 / 6)
    shifted = analyze.compare_paired_numbers("rounds", a, a + 1)
    assert shifted.test == "sign test, paired games"
    assert shifted.p_value == pytest.approx(stats.binomtest(6, 6).pvalue)  # 2 / 64: every game one round longer


def test_runs_on_the_same_seeds_are_compared_game_by_game(files: dict[str, Path]) -> None:
    heuristic = analyze.load_results([files["heuristic first"]])
    seed_1, seed_2 = (analyze.load_results([files[name]]) for name in ("random seed 1", "random seed 2"))
    assert analyze.is_paired(heuristic, seed_1)
    assert not analyze.is_paired(seed_1, seed_2)
    tests = {c.measure: c.test for c in analyze.compare(heuristic, seed_1)}
    assert tests["win rate, seat 0"] == "McNemar's exact test, paired games"
    assert tests["rounds"] == "paired t-test"
    assert "win rate, bot random" not in tests  # seats 1 and 2 in one run, every seat in the other: not comparable
    other_seeds = {c.measure: c.test for c in analyze.compare(seed_1, seed_2)}
    assert other_seeds["win rate, bot random"] == "Fisher's exact test"  # the same seats: pooled, unpaired
    assert set(other_seeds.values()) == {"Fisher's exact test", "Welch's t-test"}


def test_p_values_are_adjusted_for_the_measures_compared_together() -> None:
    lines = [analyze.compare_rates(name, analyze.Rate(1, 2), analyze.Rate(1, 2)) for name in "xyz"]
    lines = [replace(line, p_value=p) for line, p in zip(lines, [0.01, 0.04, 0.3], strict=True)]
    adjusted = analyze.adjust_for_many(lines)
    # Benjamini-Hochberg by hand: sorted p times 3 / rank, kept from rising: 0.03, 0.06, 0.3.
    assert [line.adjusted_p for line in adjusted] == pytest.approx([0.03, 0.06, 0.3])
    assert [line.real for line in adjusted] == [True, False, False]
    assert "0.06 allowing for the 3 measures compared" in adjusted[1].verdict()


def test_a_clearly_better_bot_makes_a_real_difference(files: dict[str, Path]) -> None:
    # Same seeds, seat 0 heuristic in A and random in B: seat 0 wins far more often in A.
    a = analyze.load_results([files["heuristic first"]])
    b = analyze.load_results([files["random seed 1"]])
    found = {c.measure: c for c in analyze.compare(a, b)}
    seat_zero = found["win rate, seat 0"]
    assert seat_zero.a > seat_zero.b
    assert seat_zero.real
    assert "the difference is real at the 5% level" in seat_zero.verdict()
    assert (seat_zero.n_a, seat_zero.n_b) == (COMPARE_GAMES, COMPARE_GAMES)


def test_the_same_bots_on_other_seeds_are_not_distinguishable(files: dict[str, Path]) -> None:
    a = analyze.load_results([files["random seed 1"]])
    b = analyze.load_results([files["random seed 2"]])
    found = analyze.compare(a, b)
    assert [c.measure for c in found] == [
        "win rate, seat 0",
        "win rate, seat 1",
        "win rate, seat 2",
        "win rate, bot random",
        "rounds",
        "actions",
    ]
    assert a["game_seed"].tolist() != b["game_seed"].tolist()
    # Seat 1's raw p is below 0.05 by chance alone (6 measures tested at once); allowing for that, it is not real.
    assert min(c.p_value for c in found) < 0.05
    for comparison in found:
        assert not comparison.real, comparison.verdict()
        assert "not distinguishable from chance with these many games" in comparison.verdict()


def test_files_of_different_games_are_not_compared(files: dict[str, Path]) -> None:
    a, b = analyze.load_results([files["hunt"]]), analyze.load_results([files["random seed 1"]])
    with pytest.raises(analyze.AnalysisError, match="cannot compare games of wolves-on-the-hunt with games of"):
        analyze.compare(a, b)


def test_several_files_of_one_game_are_read_as_one(files: dict[str, Path]) -> None:
    games = analyze.load_results([files["random seed 1"], files["random seed 2"]])
    assert len(games) == 2 * COMPARE_GAMES
    assert games["file"].value_counts().to_dict() == {"r1.parquet": COMPARE_GAMES, "r2.parquet": COMPARE_GAMES}


# ---- the HTML page ---------------------------------------------------------------------------------------------


def planted(source: Path, out: Path) -> Path:
    """A copy of a results file with markup planted in an option's value and a bot's name."""
    table = pq.read_table(source)
    rows = table.to_pylist()
    for number, row in enumerate(rows):
        note = "<script>alert('options')</script>" if number % 2 else "calm"
        row["options"] = json.dumps({**json.loads(row["options"]), "note": note})
        row["bots"] = ["<b onmouseover=x>bold</b>", "\x1b[2Jwiped", *row["bots"][2:]]
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), out)
    return out


def test_the_html_page_has_a_plot_with_alt_text_for_each_plot_and_escapes_the_file(
    files: dict[str, Path], tmp_path: Path
) -> None:
    hostile = planted(files["heuristic first"], tmp_path / "hostile.parquet")
    sections = report.analysis_sections(analyze.load_results([hostile]))
    page = report.render_html(sections, "hostile")
    images = re.findall(r'<img src="data:image/png;base64,[A-Za-z0-9+/=]+" alt="([^"]+)">', page)
    assert len(images) == page.count("<img") == sum(len(section.plots) for section in sections) >= 5
    assert all(len(alt) > 20 for alt in images)
    assert page.count("<h3>") == len(images)  # each plot under its own heading
    assert '<meta name="viewport"' in page and "max-width: 100%" in page
    assert "<script" not in page
    assert "&lt;script&gt;alert(&#x27;options&#x27;)&lt;/script&gt;" in page  # shown, as text
    assert "<b onmouseover" not in page and "&lt;b onmouseover=x&gt;bold&lt;/b&gt;" in page
    outside_images = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page)
    assert "http" not in outside_images  # nothing is fetched from anywhere
    assert "<link" not in outside_images and "url(" not in outside_images


def test_the_terminal_gets_no_control_characters_from_the_file(files: dict[str, Path], tmp_path: Path) -> None:
    hostile = planted(files["heuristic first"], tmp_path / "hostile.parquet")
    result = run("analyze", str(hostile))
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output  # the escape sequence that would clear the screen is not sent...
    assert "\\x1b[2Jwiped" in result.output  # ...but spelled out


def test_the_den_page_has_a_fan_chart_for_morale_and_each_resource(files: dict[str, Path]) -> None:
    games = analyze.load_results([files["den"]])
    sections = report.analysis_sections(games)
    outcomes = next(section for section in sections if section.heading == "Outcomes")
    assert outcomes.tables[0].rows == (("event over", "2", "2", "1.000", "0.342 to 1.000"),)
    assert outcomes.plots == ()  # one outcome for every event: no picture of it
    fans = next(section for section in sections if section.heading == "Ships over the turns")
    assert [plot.title for plot in fans.plots] == [
        "Morale per ship over the turns",
        *(
            f"{name.removeprefix('hold:').capitalize()} in the hold per ship over the turns"
            for name in analyze.resources(games)
        ),
    ]


# ---- the command -----------------------------------------------------------------------------------------------


def test_the_command_prints_the_tables_and_writes_the_page(files: dict[str, Path], tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = run("analyze", str(files["heuristic first"]), "--html", str(page))
    assert result.exit_code == 0, result.output
    for heading in ("Win rate by seat", "Win rate by bot", "First-player edge", "Game length"):
        assert heading in result.output
    assert f"wrote {page}" in result.output
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_the_command_compares_two_files(files: dict[str, Path]) -> None:
    result = run("analyze", "--compare", str(files["heuristic first"]), str(files["random seed 1"]))
    assert result.exit_code == 0, result.output
    assert "the difference is real at the 5% level" in result.output
    assert "not distinguishable from chance" in result.output  # rounds: the same seeds, about as long


def test_bad_input_is_refused_with_a_sentence_and_exit_2(files: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "notes.parquet").write_text("someone's notes")
    pd.DataFrame({"x": [1, 2]}).to_parquet(tmp_path / "other.parquet")
    results = pq.read_table(files["random seed 1"])
    pq.write_table(results.slice(0, 0), tmp_path / "empty.parquet")
    (tmp_path / "a-dir").mkdir()
    pq.write_table(results.drop_columns(["winners"]), tmp_path / "no-winners.parquet")
    rows = results.to_pylist()
    rows[3]["options"] = "{not json"
    pq.write_table(pa.Table.from_pylist(rows, schema=results.schema), tmp_path / "bad-options.parquet")
    sw, hunt = str(files["random seed 1"]), str(files["hunt"])
    cases = [
        ((str(tmp_path / "missing.parquet"),), "missing.parquet: no such file"),
        ((str(tmp_path / "notes.parquet"),), "not a Parquet file"),
        ((str(tmp_path / "other.parquet"),), "not one written by `wolfpack simulate`"),
        ((str(tmp_path / "empty.parquet"),), "the file holds no games"),
        ((str(tmp_path / "a-dir"),), "it is a directory"),
        ((str(tmp_path / "no-winners.parquet"),), "lack the column(s) winners"),
        ((str(tmp_path / "bad-options.parquet"),), "game 3's options are not a JSON object"),
        ((sw, sw), "is given twice"),
        ((sw, hunt), "the files are of different games"),
        (("--compare", sw, hunt), "compare two files of the same game"),
        (("--compare", sw), "--compare takes exactly two files"),
        ((sw, "--html", str(tmp_path / "nowhere" / "r.html")), "does not exist"),
    ]
    before = sorted(tmp_path.rglob("*"))
    for args, named in cases:
        result = run("analyze", *args, "--html", str(tmp_path / "report.html")) if "--html" not in args else None
        result = result or run("analyze", *args)
        assert result.exit_code == EXIT_USAGE, (args, result.output)
        assert named in result.output, (args, result.output)
        assert result.output.count("\n") == 1, result.output  # one sentence
    assert sorted(tmp_path.rglob("*")) == before  # nothing written


def test_docstring_examples_run() -> None:
    result = doctest.testmod(importlib.import_module("wolfpack.sim.analyze"))
    assert result.attempted > 0
    assert result.failed == 0
