"""What a results file of `wolfpack simulate` shows: win rates with intervals, the first-player edge, game length,
Den of Wolves fleets over turns, and two files compared with a test that says whether a difference is real.

    >>> import tempfile, pathlib
    >>> from wolfpack.sim.simulate import InlineExecutor, make_spec, simulate
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "sw.parquet"
    >>> _ = simulate(make_spec("spacewolves", {"players": 3}, "random", seed=1), 6, out, InlineExecutor())
    >>> games = load_results([out])
    >>> list(win_rates(games, by="seat").columns)
    ['seat', 'wins', 'n', 'rate', 'low', 'high', 'share']
    >>> int(win_rates(games, by="seat")["n"].sum())
    18

Every function here is pure: it takes the rows (a DataFrame as `load_results` gives it) and returns a table.
The counting rules (docs/simulation.md, "What the numbers mean"): a seat wins a game when it is among the game's
`winners`, so a win shared by k seats counts as a win for each of the k; a game where every seat has the same
return has no winner. Games whose seats win or lose together (Wolves on the Hunt, Den of Wolves) are measured by
their outcome instead. Every rate comes with its 95% Wilson interval (scipy's `binomtest`) and its n.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from scipy import stats

from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.registry import load_game
from wolfpack.sim.simulate import COMMON_FIELDS, FORMAT, METADATA_KEY

CONFIDENCE = 0.95
"""Our default: every interval is a 95% interval, and a difference is called real when p < 1 - CONFIDENCE."""

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
"""The fan chart's bands: the median, the middle 50% and the middle 90% of games."""

HEADLINES: dict[str, tuple[str, str]] = {
    "wolves-on-the-hunt": ("outcome", "win"),
    "wolf": ("side_won", "heroes"),
}
"""Per game, the one yes/no result designers ask about first: (column, value) — the hunters win, the heroes win."""

NUMERIC_MEASURES: dict[str, tuple[str, ...]] = {
    "spacewolves": ("rounds", "actions"),
    "wolves-on-the-hunt": ("rounds", "elders_left"),
    "wolf": ("rounds", "contaminations", "hero_deaths", "wolf_deaths"),
    "den-of-wolves": ("median_final_morale", "ships_at_zero", "final_pursuit", "attacks"),
}
"""Per game, the numbers that two files are compared on (a game not named here: rounds and actions)."""

GENERIC_MEASURES = ("rounds", "actions")
"""The numbers every game's rows have."""


class AnalysisError(ValueError):
    """Bad input to an analysis (a missing or foreign file, mixed games, no games): one sentence naming it."""


# ---- loading ---------------------------------------------------------------------------------------------------


def read_results(path: Path) -> pd.DataFrame:
    """One results file of `wolfpack simulate` as a DataFrame (one row per game); refuse anything else."""
    if not path.exists():
        raise AnalysisError(f"{path}: no such file")
    if path.is_dir():
        raise AnalysisError(f"{path}: it is a directory, not a results file")
    try:
        metadata = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowException):
        raise AnalysisError(f"{path}: not a Parquet file; give a results file of `wolfpack simulate`") from None
    identity = metadata.get(METADATA_KEY)
    if identity is None:
        raise AnalysisError(f"{path}: a Parquet file, but not one written by `wolfpack simulate` (no run identity)")
    version = json.loads(identity).get("format")
    if version != FORMAT:
        raise AnalysisError(f"{path}: written with row format {version}; this wolfpack reads format {FORMAT}")
    games = pd.read_parquet(path)
    if games.empty:
        raise AnalysisError(f"{path}: the file holds no games")
    missing = [field.name for field in COMMON_FIELDS if field.name not in games.columns]
    if missing:
        raise AnalysisError(f"{path}: the rows lack the column(s) {', '.join(missing)} of `wolfpack simulate`")
    for index, text in zip(games["index"], games["options"], strict=True):
        if not _is_json_object(text):
            raise AnalysisError(f"{path}: game {index}'s options are not a JSON object")
    return games


def _is_json_object(text: Any) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (TypeError, ValueError):
        return False


def load_results(paths: Sequence[Path]) -> pd.DataFrame:
    """The games of one or more results files of the same game, one row each, with the `file` each came from."""
    if not paths:
        raise AnalysisError("give at least one results file")
    resolved = [Path(path).resolve() for path in paths]
    twice = next((path for number, path in enumerate(paths) if resolved[number] in resolved[:number]), None)
    if twice is not None:
        raise AnalysisError(f"{twice} is given twice; its games would count twice")
    frames = [read_results(Path(path)).assign(file=Path(path).name) for path in paths]
    names = {str(frame["game"].iloc[0]): Path(path).name for frame, path in zip(frames, paths, strict=True)}
    if len(names) > 1:
        listed = ", ".join(f"{file} holds {game}" for game, file in names.items())
        raise AnalysisError(f"the files are of different games ({listed}); analyse one game at a time")
    return pd.concat(frames, ignore_index=True)


def game_of(games: pd.DataFrame) -> str:
    """The registered name of the game the rows are of."""
    return str(games["game"].iloc[0])


@functools.lru_cache(maxsize=16)
def is_shared_result(game: str) -> bool:
    """Whether the game's seats always share one result (identical returns: the Hunt, Den of Wolves)."""
    try:
        return load_game(game).info.utility == "identical"
    except WolfpackError:
        return False  # a game not registered here: judged by its winners like any competitive game


# ---- rates -----------------------------------------------------------------------------------------------------


def wilson_interval(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a proportion `successes / n`, from scipy."""
    interval = stats.binomtest(int(successes), int(n)).proportion_ci(confidence_level=confidence, method="wilson")
    return (float(interval.low), float(interval.high))


@dataclass(frozen=True)
class Rate:
    """A proportion with its n and Wilson interval."""

    successes: int
    n: int

    @property
    def rate(self) -> float:
        """successes / n."""
        return self.successes / self.n

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval."""
        return wilson_interval(self.successes, self.n)


def rate_table(frame: pd.DataFrame, success: str, by: Sequence[str]) -> pd.DataFrame:
    """Per group of `by`: the count of true `success`, n, the rate and its Wilson interval."""
    grouped = frame.groupby(list(by), sort=True, dropna=False)[success]
    table = grouped.agg(wins="sum", n="count").reset_index()
    return with_intervals(table)


def with_intervals(table: pd.DataFrame) -> pd.DataFrame:
    """A table of `wins` out of `n` with the rate and its Wilson interval (`low`, `high`) added."""
    table = table.assign(wins=table["wins"].astype(int), n=table["n"].astype(int))
    intervals = [wilson_interval(wins, n) for wins, n in zip(table["wins"], table["n"], strict=True)]
    return table.assign(
        rate=table["wins"] / table["n"],
        low=[low for low, _ in intervals],
        high=[high for _, high in intervals],
    )


def options_of(games: pd.DataFrame) -> pd.DataFrame:
    """Each game's options as columns named `option:KEY`, values as short text (`hard`, `4`, `null`)."""
    parsed = [json.loads(text) for text in games["options"]]
    keys = sorted({key for options in parsed for key in options})
    columns = {f"option:{key}": [option_label(options.get(key)) for options in parsed] for key in keys}
    return pd.DataFrame(columns, index=games.index)


def option_label(value: Any) -> str:
    """An option's value as it is typed on the command line (strings bare, everything else as JSON)."""
    return value if isinstance(value, str) else json.dumps(value)


def varying_options(games: pd.DataFrame) -> list[str]:
    """The `option:KEY` columns whose value differs between games (the ones worth grouping by)."""
    options = options_of(games)
    return [column for column in options.columns if options[column].nunique() > 1]


def seat_games(games: pd.DataFrame) -> pd.DataFrame:
    """One row per seat of every game: seat, bot, place in the turn order, won (alone or shared), win share."""
    frame = games.reset_index(drop=True)
    rows = frame.to_dict("records")
    top = max_return(game_of(games))
    seats = pd.DataFrame(
        {
            "file": frame["file"] if "file" in frame.columns else "",
            "game_index": frame["index"],
            "seat": [list(range(len(row["bots"]))) for row in rows],
            "bot": [[str(bot) for bot in row["bots"]] for row in rows],
            "place": [turn_places(row) for row in rows],
            "won": [[share > 0 for share in win_shares(row, top)] for row in rows],
            "share": [win_shares(row, top) for row in rows],
        }
    )
    seats = pd.concat([seats, options_of(frame)], axis=1).explode(["seat", "bot", "place", "won", "share"])
    types = {"seat": int, "bot": str, "place": int, "won": bool, "share": float}
    return seats.astype(types).reset_index(drop=True)


def win_shares(row: Mapping[str, Any], top: float | None = None) -> list[float]:
    """Each seat's share of the game's win: 1/k for each of the k `winning_seats`, 0 for the others."""
    won = winning_seats(row, top)
    return [1 / len(won) if seat in won else 0.0 for seat in range(len(row["bots"]))]


def winning_seats(row: Mapping[str, Any], top: float | None = None) -> set[int]:
    """The game's `winners`; when every seat had the same return, all of them if it is the game's `top`, else none.

    Every seat on the game's best return have all won together (a WOLF heroes' player whose transformed hero won
    with the pack); every seat on a lesser one (a Spacewolves! game ending 0-0-0-0) have drawn."""
    if len(row["winners"]):
        return {int(seat) for seat in row["winners"]}
    returns = list(row["returns"])
    if top is not None and returns and all(value == top for value in returns):
        return set(range(len(returns)))
    return set()


@functools.lru_cache(maxsize=16)
def max_return(game: str) -> float | None:
    """The best return a seat can get in the game (its info); None for a game not registered here or whose
    returns are all the same (Den of Wolves: nobody wins)."""
    try:
        info = load_game(game).info
    except WolfpackError:
        return None
    return float(info.max_return) if info.max_return > info.min_return else None


def turn_places(row: Mapping[str, Any]) -> list[int]:
    """Each seat's place in the turn order (0 = first): the game's own `turn_places`, else seat 0 first."""
    places = row.get("turn_places")
    if places is not None and len(places) == len(row["bots"]):
        return [int(place) for place in places]
    return list(range(len(row["bots"])))


def win_rates(games: pd.DataFrame, by: str | Sequence[str] = "seat") -> pd.DataFrame:
    """Win rates (sole or shared wins) by seat, bot, place or `option:KEY` columns, with Wilson intervals.

    `share` is the mean win share, where a win shared by k seats counts 1/k (as `wolfpack.sim.arena` counts)."""
    keys = [by] if isinstance(by, str) else list(by)
    seats = seat_games(games)
    table = rate_table(seats, "won", keys)
    shares = seats.groupby(keys, sort=True, dropna=False)["share"].mean().reset_index(drop=True)
    table["share"] = shares.to_numpy()
    return table


def outcome_rates(games: pd.DataFrame, column: str = "outcome", by: Sequence[str] = ()) -> pd.DataFrame:
    """How often each value of `column` (the outcome) came up, per group of `by` (`option:KEY`), with intervals."""
    frame = pd.concat([games.reset_index(drop=True), options_of(games.reset_index(drop=True))], axis=1)
    keys = list(by)
    counts = frame.groupby([*keys, column], sort=True, dropna=False).size().rename("wins").reset_index()
    counts["n"] = counts.groupby(keys)["wins"].transform("sum") if keys else len(frame)
    return with_intervals(counts)


def headline(games: pd.DataFrame) -> tuple[str, str] | None:
    """The game's yes/no headline result as (column, value), if it has one (the hunters win, the heroes win)."""
    named = HEADLINES.get(game_of(games))
    return named if named is not None and named[0] in games.columns else None


def headline_rate(games: pd.DataFrame) -> Rate | None:
    """How often the headline result came up, or None for a game without one."""
    named = headline(games)
    if named is None:
        return None
    column, value = named
    return Rate(int((games[column] == value).sum()), len(games))


def headline_rates(games: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """The headline result's rate per group of `by` (`option:KEY` columns), groups without one counted as 0."""
    named = headline(games)
    if named is None:
        raise AnalysisError(f"{game_of(games)} has no headline result; use outcome_rates")
    column, value = named
    frame = pd.concat([games.reset_index(drop=True), options_of(games.reset_index(drop=True))], axis=1)
    return rate_table(frame.assign(success=frame[column] == value), "success", by)


def shared_results(games: pd.DataFrame) -> dict[str, Rate]:
    """How many games had one winner, a win shared between seats, and no winner (every seat drew)."""
    top = max_return(game_of(games))
    sizes = pd.Series([len(winning_seats(row, top)) for row in games.to_dict("records")])
    n = len(games)
    return {
        "one winner": Rate(int((sizes == 1).sum()), n),
        "shared win": Rate(int((sizes > 1).sum()), n),
        "no winner": Rate(int((sizes == 0).sum()), n),
    }


# ---- the first-player edge -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceTest:
    """The win rate at each place in the turn order and a test of "every place wins equally often"."""

    rates: pd.DataFrame
    test: str
    statistic: float
    p_value: float

    @property
    def real(self) -> bool:
        """Whether the places differ at the 5% level."""
        return self.p_value < 1 - CONFIDENCE


def first_player_edge(games: pd.DataFrame) -> PlaceTest:
    """Win rate by place in the turn order (0 = first), and a chi-square (2 places: Fisher exact) test of equality."""
    rates = win_rates(games, by="place")
    table = [[int(wins), int(n - wins)] for wins, n in zip(rates["wins"], rates["n"], strict=True)]
    if len(table) < 2 or all(wins == 0 for wins, _ in table) or all(losses == 0 for _, losses in table):
        return PlaceTest(rates, "no test (fewer than two places, or no variation)", math.nan, 1.0)
    if len(table) == 2:
        fisher = stats.fisher_exact(table)
        return PlaceTest(rates, "Fisher's exact test", float(fisher.statistic), float(fisher.pvalue))
    chi2 = stats.chi2_contingency(table)
    return PlaceTest(rates, "chi-square test of independence", float(chi2.statistic), float(chi2.pvalue))


# ---- length ----------------------------------------------------------------------------------------------------


def describe_numbers(values: pd.Series) -> dict[str, float]:
    """n, mean, min, quartiles, median and max of some numbers (missing values left out)."""
    clean = pd.to_numeric(values, errors="coerce").dropna()
    if clean.empty:
        return {"n": 0, **dict.fromkeys(("mean", "min", "q25", "median", "q75", "max"), math.nan)}
    quartiles = clean.quantile([0.25, 0.5, 0.75])
    return {
        "n": len(clean),
        "mean": float(clean.mean()),
        "min": float(clean.min()),
        "q25": float(quartiles[0.25]),
        "median": float(quartiles[0.5]),
        "q75": float(quartiles[0.75]),
        "max": float(clean.max()),
    }


def length_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Rounds and actions per game: n, mean, min, quartiles, median, max (one row each)."""
    rows = [{"measure": column, **describe_numbers(games[column])} for column in GENERIC_MEASURES]
    return pd.DataFrame(rows)


def measure_summary(games: pd.DataFrame, columns: Iterable[str]) -> pd.DataFrame:
    """The same summary for any numeric columns the rows have."""
    rows = [{"measure": column, **describe_numbers(games[column])} for column in columns if column in games]
    return pd.DataFrame(rows)


# ---- Den of Wolves ---------------------------------------------------------------------------------------------


def ship_turns(games: pd.DataFrame) -> pd.DataFrame:
    """One row per ship per turn per game: game, turn, ship, morale, riots, crew, ... and `hold:RESOURCE` columns."""
    records = []
    for position, entries in enumerate(games["ship_turns"]):
        for entry in entries:
            hold = {f"hold:{name}": int(amount) for name, amount in entry["hold"]}
            flat = {key: value for key, value in entry.items() if key != "hold"}
            records.append({"game": position, **flat, **hold})
    return pd.DataFrame.from_records(records)


def resources(games: pd.DataFrame) -> list[str]:
    """The `hold:RESOURCE` measures the ships' holds carry, sorted."""
    turns = ship_turns(games)
    return sorted(column for column in turns.columns if column.startswith("hold:"))


def den_fan(games: pd.DataFrame, measure: str = "morale") -> pd.DataFrame:
    """Per ship and turn, the 5/25/50/75/95% quantiles of `measure` across games, and n: a fan chart's data."""
    turns = ship_turns(games)
    if measure not in turns.columns:
        raise AnalysisError(f"no measure {measure!r} per ship; the measures are morale, crew, riots and hold:...")
    grouped = turns.groupby(["ship", "turn"], sort=True)[measure]
    fan = grouped.quantile(list(QUANTILES)).unstack()
    fan.columns = [f"q{round(q * 100):02d}" for q in QUANTILES]
    fan["n"] = grouped.count()
    return fan


def final_morale(games: pd.DataFrame) -> pd.DataFrame:
    """Per ship, its morale at the event's end: median, quartiles, and how often it stood at 0 (Wilson)."""
    turns = ship_turns(games)
    last = turns[turns["turn"] == turns.groupby("game")["turn"].transform("max")]
    rows = []
    for ship, group in last.groupby("ship", sort=True):
        summary = describe_numbers(group["morale"])
        at_zero = Rate(int((group["morale"] == 0).sum()), len(group))
        rows.append({"ship": ship, **summary, "at_zero": at_zero.successes, "at_zero_rate": at_zero.rate})
    return pd.DataFrame(rows)


def ships_at_zero(games: pd.DataFrame) -> pd.DataFrame:
    """How many events ended with 0, 1, 2, ... ships at morale 0, each with its share of events."""
    counts = games["ships_at_zero"].value_counts().sort_index()
    return pd.DataFrame(
        {"ships_at_zero": counts.index, "events": counts.to_numpy(), "rate": counts.to_numpy() / len(games)}
    )


def attack_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Wolf Attacks over the events: per attack, the mean and median of its rounds, Wolves, damage and losses."""
    attacks = pd.DataFrame.from_records([attack for log in games["attack_log"] for attack in log])
    columns = ("rounds", "arrived", "destroyed", "damage", "boarded", "units_lost")
    if attacks.empty:
        return pd.DataFrame(columns=["measure", "n", "mean", "min", "q25", "median", "q75", "max"])
    return measure_summary(attacks, columns)


def attack_endings(games: pd.DataFrame) -> pd.DataFrame:
    """Why the Wolf Attacks ended, with how often."""
    whys = pd.Series([str(attack["why"]) or "(not given)" for log in games["attack_log"] for attack in log])
    counts = whys.value_counts()
    return pd.DataFrame({"why": counts.index, "attacks": counts.to_numpy()})


def attack_rates(games: pd.DataFrame) -> pd.DataFrame:
    """How often a Wolf Attack damaged a ship (a damage card on a station), came in a turn in which ships jumped,
    either, left Wolves unbeaten, and was not won (Wolves left, or ships jumped), each with its Wilson interval."""
    flags: list[tuple[bool, bool, bool]] = []
    for attacks, turns in zip(games["attack_log"], games["fleet_turns"], strict=True):
        jumped = {int(turn["turn"]) for turn in turns if turn["ships_jumped"]}
        for attack in attacks:
            flags.append((attack["damage"] > 0, int(attack["turn"]) in jumped, attack["destroyed"] < attack["arrived"]))
    measures = {
        "damaged a ship": [damaged for damaged, _, _ in flags],
        "ships jumped in its turn": [fled for _, fled, _ in flags],
        "damaged a ship or ships jumped": [damaged or fled for damaged, fled, _ in flags],
        "Wolves left unbeaten": [left for _, _, left in flags],
        "not won (Wolves left, or ships jumped)": [left or fled for _, fled, left in flags],
    }
    if not flags:
        return pd.DataFrame(columns=["measure", "wins", "n", "rate", "low", "high"])
    return with_intervals(
        pd.DataFrame({"measure": list(measures), "wins": [sum(v) for v in measures.values()], "n": len(flags)})
    )


def combat_run(games: pd.DataFrame) -> bool:
    """Whether every game of the rows is Den of Wolves' combat scenario (one Wolf Attack, nothing after it)."""
    return all(json.loads(text).get("scenario") == "combat" for text in games["options"])


# ---- two files compared ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """One measure in two result files: each side's value, the difference B - A with its interval, and a test."""

    measure: str
    kind: str
    """"rate" (a proportion) or "number" (a mean); `test` names the test used."""
    a: float
    b: float
    n_a: int
    n_b: int
    difference: float
    low: float
    high: float
    test: str
    p_value: float
    adjusted_p: float = math.nan
    """The p-value allowing for every measure compared together (Benjamini-Hochberg); nan when compared alone."""
    compared: int = 1
    """How many measures were compared together."""

    @property
    def deciding_p(self) -> float:
        """The p-value the verdict is read from: the adjusted one when several measures were compared."""
        return self.p_value if math.isnan(self.adjusted_p) else self.adjusted_p

    @property
    def real(self) -> bool:
        """Whether the difference is real at the 5% level."""
        return self.deciding_p < 1 - CONFIDENCE

    def said(self) -> str:
        """Real or not, in words: "the difference is real at the 5% level" or "not distinguishable ..."."""
        if self.real:
            return "the difference is real at the 5% level"
        return "not distinguishable from chance with these many games"

    def verdict(self) -> str:
        """The sentence a designer reads: real or not, with the test, the p-value(s) and n per side."""
        p_values = f"p = {self.p_value:.3g}"
        if not math.isnan(self.adjusted_p):
            p_values += f", {self.adjusted_p:.3g} allowing for the {self.compared} measures compared"
        return f"{self.said()} ({self.test}, {p_values}; n = {self.n_a} in A, {self.n_b} in B)"


def adjust_for_many(comparisons: Sequence[Comparison]) -> list[Comparison]:
    """The comparisons with p-values adjusted for being tested together (Benjamini-Hochberg, from scipy).

    Without this, one in twenty of the measures of two runs of the very same bots would look real."""
    if len(comparisons) < 2:
        return list(comparisons)
    adjusted = stats.false_discovery_control([c.p_value for c in comparisons], method="bh")
    count = len(comparisons)
    return [replace(c, adjusted_p=float(p), compared=count) for c, p in zip(comparisons, adjusted, strict=True)]


def compare_rates(measure: str, a: Rate, b: Rate) -> Comparison:
    """Two proportions: Fisher's exact test, and Newcombe's interval for B - A built from the two Wilson intervals."""
    table = [[a.successes, a.n - a.successes], [b.successes, b.n - b.successes]]
    p_value = float(stats.fisher_exact(table).pvalue)
    (a_low, a_high), (b_low, b_high) = a.interval, b.interval
    difference = b.rate - a.rate
    low = difference - math.hypot(b.rate - b_low, a_high - a.rate)
    high = difference + math.hypot(b_high - b.rate, a.rate - a_low)
    return Comparison(measure, "rate", a.rate, b.rate, a.n, b.n, difference, low, high, "Fisher's exact test", p_value)


def compare_numbers(measure: str, a: pd.Series, b: pd.Series) -> Comparison:
    """Two samples of a number: Welch's t-test on the means with its interval (Mann-Whitney U if both are constant)."""
    left = pd.to_numeric(a, errors="coerce").dropna().to_numpy(dtype=float)
    right = pd.to_numeric(b, errors="coerce").dropna().to_numpy(dtype=float)
    difference = float(right.mean() - left.mean())

    def result(low: float, high: float, test: str, p_value: float) -> Comparison:
        means = float(left.mean()), float(right.mean())
        return Comparison(measure, "number", *means, len(left), len(right), difference, low, high, test, p_value)

    if len(left) < 2 or len(right) < 2:
        return result(math.nan, math.nan, "no test (fewer than 2 games a side)", 1.0)
    if left.std() == 0 and right.std() == 0:
        # Welch's test is undefined without spread; the rank test still says whether the two constants differ.
        p_value = float(stats.mannwhitneyu(right, left, alternative="two-sided").pvalue)
        return result(difference, difference, "Mann-Whitney U test", p_value)
    welch = stats.ttest_ind(right, left, equal_var=False)
    interval = welch.confidence_interval(confidence_level=CONFIDENCE)
    return result(float(interval.low), float(interval.high), "Welch's t-test", float(welch.pvalue))


def is_paired(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    """Whether two runs played the same games: as many, with the same chance seed index for index (bots swapped)."""
    if len(a) != len(b):
        return False
    seeds_a, seeds_b = (frame.sort_values("index")[["index", "game_seed"]] for frame in (a, b))
    return bool((seeds_a.to_numpy() == seeds_b.to_numpy()).all())


def compare_paired_rates(measure: str, a: Sequence[bool], b: Sequence[bool]) -> Comparison:
    """The same games played two ways: McNemar's exact test on the games whose result changed (scipy's binomtest).

    The interval of B - A is the paired t interval of the game-by-game differences (each -1, 0 or 1)."""
    n = len(a)
    differences = [int(bool(y)) - int(bool(x)) for x, y in zip(a, b, strict=True)]
    gained, lost = differences.count(1), differences.count(-1)
    rate_a, rate_b = sum(map(bool, a)) / n, sum(map(bool, b)) / n
    test = "McNemar's exact test, paired games"
    if gained + lost == 0:
        return Comparison(measure, "rate", rate_a, rate_b, n, n, 0.0, math.nan, math.nan, test, 1.0)
    p_value = float(stats.binomtest(gained, gained + lost).pvalue)
    low, high = _mean_interval(differences)
    return Comparison(measure, "rate", rate_a, rate_b, n, n, (gained - lost) / n, low, high, test, p_value)


def _mean_interval(differences: Sequence[float]) -> tuple[float, float]:
    """The t interval of the mean of some differences (nan when they do not vary)."""
    if len(differences) < 2 or len(set(differences)) < 2:
        return (math.nan, math.nan)
    interval = stats.ttest_1samp(differences, 0.0).confidence_interval(confidence_level=CONFIDENCE)
    return (float(interval.low), float(interval.high))


def compare_paired_numbers(measure: str, a: pd.Series, b: pd.Series) -> Comparison:
    """The same games played two ways: a paired t-test on B - A game by game (a sign test if they differ evenly)."""
    left = pd.to_numeric(a, errors="coerce").to_numpy(dtype=float)
    right = pd.to_numeric(b, errors="coerce").to_numpy(dtype=float)
    differences = right - left
    differences = differences[~pd.isna(differences)]
    n = len(differences)
    mean = float(differences.mean()) if n else math.nan
    sides = (float(pd.Series(left).mean()), float(pd.Series(right).mean()))
    if n < 2 or differences.std() == 0:
        # No spread in the differences: the paired t-test is undefined; the sign test still asks if games moved.
        moved = int((differences != 0).sum())
        p_value = float(stats.binomtest(int((differences > 0).sum()), moved).pvalue) if moved else 1.0
        return Comparison(measure, "number", *sides, n, n, mean, mean, mean, "sign test, paired games", p_value)
    paired = stats.ttest_rel(right, left, nan_policy="omit")
    interval = paired.confidence_interval(confidence_level=CONFIDENCE)
    low, high = float(interval.low), float(interval.high)
    return Comparison(measure, "number", *sides, n, n, mean, low, high, "paired t-test", float(paired.pvalue))


def compare(a: pd.DataFrame, b: pd.DataFrame) -> list[Comparison]:
    """Two result files of the same game compared: the headline rate, per-seat and per-bot win rates, the numbers.

    When both played the same games (`is_paired`), the headline, the seats and the numbers are compared game by
    game, which sees smaller differences. A bot's rate, pooled over the seats it sat in, is compared (unpaired)
    only when it sat in the same seats in both runs: otherwise its rate would change with the seats, not the bot."""
    if game_of(a) != game_of(b):
        raise AnalysisError(f"cannot compare games of {game_of(a)} with games of {game_of(b)}; compare the same game")
    paired = is_paired(a, b)
    a, b = (frame.sort_values("index").reset_index(drop=True) for frame in (a, b))
    found: list[Comparison] = []
    named = headline(a)
    if named is not None and named[0] in b.columns:
        column, value = named
        measure = f"{column} = {value}"
        if paired:
            found.append(compare_paired_rates(measure, list(a[column] == value), list(b[column] == value)))
        else:
            found.append(
                compare_rates(
                    measure,
                    Rate(int((a[column] == value).sum()), len(a)),
                    Rate(int((b[column] == value).sum()), len(b)),
                )
            )
    if not is_shared_result(game_of(a)):
        found.extend(_compare_seats(a, b) if paired else _compare_win_rates(a, b, "seat"))
        found.extend(_compare_win_rates(a, b, "bot", _bots_in_the_same_seats(a, b)))
    for column in NUMERIC_MEASURES.get(game_of(a), GENERIC_MEASURES):
        if column in a.columns and column in b.columns:
            numbers = compare_paired_numbers if paired else compare_numbers
            found.append(numbers(column, a[column], b[column]))
    return adjust_for_many(found)


def _compare_seats(a: pd.DataFrame, b: pd.DataFrame) -> list[Comparison]:
    seats_a, seats_b = seat_games(a), seat_games(b)
    common = sorted(set(seats_a["seat"]) & set(seats_b["seat"]))
    return [
        compare_paired_rates(
            f"win rate, seat {seat}",
            list(seats_a.loc[seats_a["seat"] == seat, "won"]),
            list(seats_b.loc[seats_b["seat"] == seat, "won"]),
        )
        for seat in common
    ]


def _bots_in_the_same_seats(a: pd.DataFrame, b: pd.DataFrame) -> set[str]:
    """The bots that sat in the same seats in both runs: only their pooled rates measure the same thing."""
    seats_a, seats_b = seat_games(a), seat_games(b)
    where_a, where_b = (frame.groupby("bot")["seat"].agg(frozenset) for frame in (seats_a, seats_b))
    return {bot for bot in where_a.index if bot in where_b.index and where_a[bot] == where_b[bot]}


def _compare_win_rates(a: pd.DataFrame, b: pd.DataFrame, by: str, only: set[str] | None = None) -> list[Comparison]:
    left, right = win_rates(a, by).set_index(by), win_rates(b, by).set_index(by)
    common = [key for key in left.index if key in right.index and (only is None or key in only)]
    return [
        compare_rates(
            f"win rate, {by} {key}",
            Rate(int(left.loc[key, "wins"]), int(left.loc[key, "n"])),
            Rate(int(right.loc[key, "wins"]), int(right.loc[key, "n"])),
        )
        for key in common
    ]


__all__ = [
    "AnalysisError",
    "Comparison",
    "PlaceTest",
    "Rate",
    "adjust_for_many",
    "attack_endings",
    "attack_rates",
    "attack_summary",
    "combat_run",
    "compare",
    "compare_numbers",
    "compare_paired_numbers",
    "compare_paired_rates",
    "compare_rates",
    "den_fan",
    "final_morale",
    "first_player_edge",
    "headline_rate",
    "headline_rates",
    "is_paired",
    "length_summary",
    "load_results",
    "outcome_rates",
    "read_results",
    "seat_games",
    "ship_turns",
    "ships_at_zero",
    "varying_options",
    "wilson_interval",
    "win_rates",
    "with_intervals",
]
