"""`wolfpack analyze`'s report: sections of tables, notes and plots, rendered as terminal text or as one HTML page.

The numbers come from `wolfpack.sim.analyze`; this module only arranges them. A section's plots are drawn only
when the HTML page is asked for. Every piece of text that comes from a results file (bot names, options, outcomes)
is escaped in the HTML, so a hostile file cannot inject markup.
"""

from __future__ import annotations

import base64
import functools
import html
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.figure import Figure
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from wolfpack.sim import analyze, plots


@dataclass(frozen=True)
class Table:
    """A table of text cells with a caption."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Plot:
    """A plot, drawn only when needed, with its heading and the alt text that says what it shows."""

    title: str
    alt: str
    draw: Callable[[], Figure]


@dataclass(frozen=True)
class Section:
    """A heading with its notes (sentences), tables and plots."""

    heading: str
    notes: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()
    plots: tuple[Plot, ...] = ()


# ---- formatting ------------------------------------------------------------------------------------------------


def number(value: float) -> str:
    """A number as a designer reads it: whole numbers bare, others to three significant figures."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3g}"


def rate_cells(row: Mapping[str, Any]) -> tuple[str, ...]:
    """A rate row's cells: wins, n, the rate, and its 95% interval."""
    return (str(int(row["wins"])), str(int(row["n"])), f"{row['rate']:.3f}", f"{row['low']:.3f} to {row['high']:.3f}")


RATE_COLUMNS = ("n", "rate", "95% interval")


def rate_table(
    caption: str, rates: pd.DataFrame, keys: Sequence[str], extra: Sequence[str] = (), counted: str = "wins"
) -> Table:
    """A table of rates (one row per group of `keys`) with wins, n, rate, interval and any `extra` columns."""
    rows = tuple(
        (*(str(row[key]) for key in keys), *rate_cells(row), *(number(row[name]) for name in extra))
        for row in rates.to_dict("records")
    )
    return Table(caption, (*keys, counted, *RATE_COLUMNS, *extra), rows)


def summary_table(caption: str, summary: pd.DataFrame, key: str = "measure") -> Table:
    """A table of number summaries (n, mean, min, quartiles, median, max) with one row per `key`."""
    columns = ("n", "mean", "min", "q25", "median", "q75", "max")
    rows = tuple((str(row[key]), *(number(row[name]) for name in columns)) for row in summary.to_dict("records"))
    return Table(caption, (key, *columns), rows)


def bar_plot(title: str, rates: pd.DataFrame, key: str, ylabel: str, alt: str) -> Plot:
    """A plot of rates by `key` with their intervals."""
    labels = [shown(str(value)) for value in rates[key]]
    return Plot(title, alt, lambda: plots.rate_bars(labels, rates, title, ylabel))


def seat_list(names: Sequence[Any]) -> str:
    """Names per seat in order, runs of the same name shortened ("control, 40 x heuristic")."""
    runs: list[list[Any]] = []
    for name in names:
        if runs and runs[-1][0] == str(name):
            runs[-1][1] += 1
        else:
            runs.append([str(name), 1])
    return ", ".join(name if count == 1 else f"{count} x {name}" for name, count in runs)


def first_few(items: Sequence[str], shown_at_most: int = 5) -> str:
    """Some items joined with semicolons, the rest counted ("a; b; c; d; e; and 3 more")."""
    more = len(items) - shown_at_most
    return "; ".join(items[:shown_at_most]) + (f"; and {more} more" if more > 0 else "")


# ---- one analysis ----------------------------------------------------------------------------------------------


def analysis_sections(games: pd.DataFrame) -> list[Section]:
    """The whole report on some games of one game: overview, results, options, first player, length, extras."""
    game = analyze.game_of(games)
    sections = [overview(games)]
    if analyze.is_shared_result(game):
        sections.append(shared_outcomes(games))
    else:
        sections.append(win_rate_section(games))
        sections.append(first_player_section(games))
    options = analyze.varying_options(games)
    if options:
        sections.append(option_section(games, options))
    sections.append(length_section(games))
    sections.extend(GAME_SECTIONS.get(game, lambda _games: [])(games))
    return sections


def overview(games: pd.DataFrame) -> Section:
    """Which game, how many games from which files, with which bots and options."""
    files = ", ".join(f"{name} ({count})" for name, count in games["file"].value_counts(sort=False).items())
    bots = sorted({seat_list(row) for row in games["bots"]})
    options = sorted(set(games["options"]))
    notes = (
        f"{len(games)} games of {analyze.game_of(games)} from {files}.",
        f"Bots, seat by seat: {first_few(bots)}.",
        f"Options: {first_few(options)}.",
        "Every rate is given with its n and its 95% Wilson interval.",
    )
    return Section("Games", notes)


def win_rate_section(games: pd.DataFrame) -> Section:
    """Win rates by seat and by bot, how often a win was shared or nobody won, and the headline outcome."""
    by_seat = analyze.win_rates(games, "seat")
    by_bot = analyze.win_rates(games, "bot")
    shared = analyze.shared_results(games)
    shared_rows = pd.DataFrame([{"result": name, "wins": r.successes, "n": r.n} for name, r in shared.items()])
    notes = (
        "A seat wins a game when its return is the best; a win shared by k seats counts as a win for each of "
        "them (so the rates can add up to more than 1). When every seat has the same return, all won if it is "
        "the game's best possible return, else nobody did. 'share' counts a k-way shared win as 1/k.",
    )
    tables = [
        rate_table("Win rate by seat", by_seat, ["seat"], ["share"]),
        rate_table("Win rate by bot (over every seat it sat in)", by_bot, ["bot"], ["share"]),
        rate_table("Games by result", analyze.with_intervals(shared_rows), ["result"], counted="games"),
    ]
    figures = [
        bar_plot(
            "Win rate by seat", by_seat, "seat", "win rate (95% interval)", _bars_alt("win rate", by_seat, "seat")
        ),
        bar_plot("Win rate by bot", by_bot, "bot", "win rate (95% interval)", _bars_alt("win rate", by_bot, "bot")),
    ]
    named = analyze.headline(games)
    if named is not None:
        outcomes = analyze.outcome_rates(games, named[0])
        tables.append(rate_table(f"Games by {named[0]}", outcomes, [named[0]], counted="games"))
    return Section("Win rates", notes, tuple(tables), tuple(figures))


def shared_outcomes(games: pd.DataFrame) -> Section:
    """For a game whose seats share one result: how often each outcome (and each ending) came up."""
    outcomes = analyze.outcome_rates(games)
    tables = [rate_table("Games by outcome", outcomes, ["outcome"], counted="games")]
    alt = _bars_alt("share", outcomes, "outcome")
    # One outcome for every game (a Den of Wolves event is simply over) needs no picture.
    figures = [bar_plot("Outcome", outcomes, "outcome", "share of games", alt)] if len(outcomes) > 1 else []
    if "ending" in games.columns:
        endings = analyze.outcome_rates(games, "ending")
        tables.append(rate_table("Games by ending", endings, ["ending"], counted="games"))
        figures.append(bar_plot("Ending", endings, "ending", "share of games", _bars_alt("share", endings, "ending")))
    notes = ("Every seat shares the game's result, so the game is measured by its outcome, not by seat.",)
    return Section("Outcomes", notes, tuple(tables), tuple(figures))


def first_player_section(games: pd.DataFrame) -> Section:
    """Win rate by place in the turn order, and whether the places differ."""
    edge = analyze.first_player_edge(games)
    order = "the game's own turn order" if "turn_places" in games.columns else "seat order (seat 0 first)"
    verdict = "differ: the difference is real" if edge.real else "are not distinguishable from chance"
    notes = (
        f"Places are counted in {order}; place 0 moved first. Where the seats have different roles or bots (WOLF's "
        "werewolf seat, a stronger bot in one seat), the places differ for that reason too: ask this question of "
        "runs with the same bot in every seat of a symmetric game.",
        f"The places {verdict} at the 5% level ({edge.test}, p = {edge.p_value:.3g}, {len(games)} games).",
    )
    table = rate_table("Win rate by place in the turn order", edge.rates, ["place"], ["share"])
    alt = _bars_alt("win rate", edge.rates, "place")
    figure = bar_plot("Win rate by place in the turn order", edge.rates, "place", "win rate (95% interval)", alt)
    return Section("First-player edge", notes, (table,), (figure,))


def option_section(games: pd.DataFrame, options: Sequence[str]) -> Section:
    """The results by every option whose value differs between the games (and by all of them together)."""
    tables, figures = [], []
    named = analyze.headline(games)
    groupings = [[option] for option in options] + ([list(options)] if len(options) > 1 else [])
    for keys in groupings:
        label = " and ".join(keys)
        if named is not None:
            rates = analyze.headline_rates(games, keys)
            caption = f"{named[0]} = {named[1]}, by {label}"
            tables.append(rate_table(caption, rates, keys))
            if len(keys) == 1:
                alt = _bars_alt("share", rates, keys[0])
                figures.append(bar_plot(caption, rates, keys[0], "share of games", alt))
        elif analyze.is_shared_result(analyze.game_of(games)):
            tables.append(
                rate_table(
                    f"Outcome by {label}", analyze.outcome_rates(games, by=keys), [*keys, "outcome"], counted="games"
                )
            )
        elif len(keys) == 1:
            rates = analyze.win_rates(games, [*keys, "seat"])
            tables.append(rate_table(f"Win rate by {label} and seat", rates, [*keys, "seat"], ["share"]))
    note = "Options that differ between the games: " + ", ".join(name.removeprefix("option:") for name in options) + "."
    return Section("By option", (note,), tuple(tables), tuple(figures))


def length_section(games: pd.DataFrame) -> Section:
    """How long the games were, in rounds and in actions."""
    summary = analyze.length_summary(games)
    figures = [
        Plot(
            f"Length in {column}",
            f"Histogram of the number of {column} per game over {len(games)} games; "
            f"median {number(summary.set_index('measure').loc[column, 'median'])}.",
            functools.partial(plots.histogram, games[column], f"Length in {column}", column),
        )
        for column in analyze.GENERIC_MEASURES
        if games[column].notna().any()
    ]
    note = "Actions count every step of the game, chance outcomes (dice, draws) included; q25 and q75 are quartiles."
    return Section("Length", (note,), (summary_table("Game length", summary),), tuple(figures))


# ---- per game --------------------------------------------------------------------------------------------------


def hunt_sections(games: pd.DataFrame) -> list[Section]:
    """Wolves on the Hunt: elders and hearts left."""
    summary = analyze.measure_summary(games, ["elders_left", "rounds"])
    return [Section("The hunt", ("Elders left and the round reached at the end.",), (summary_table("Hunt", summary),))]


def wolf_sections(games: pd.DataFrame) -> list[Section]:
    """WOLF: why the games ended, and contaminations and deaths."""
    endings = analyze.outcome_rates(games, "ending")
    columns = ["contaminations", "cured", "contaminated_heroes", "transformed_heroes", "hero_deaths", "wolf_deaths"]
    tables = (
        rate_table("Games by ending", endings, ["ending"], counted="games"),
        summary_table("Per game", analyze.measure_summary(games, columns)),
    )
    return [Section("Endings, contaminations and deaths", (), tables)]


def den_sections(games: pd.DataFrame) -> list[Section]:
    """Den of Wolves: the fleet at the end, each ship's morale and hold over turns as fan charts, the attacks (only
    the attacks for the combat scenario, whose fleet at the end is the fleet before any broadcast)."""
    if analyze.combat_run(games):
        return [attack_section(games)]
    final = analyze.final_morale(games)
    rows = tuple(
        (str(row["ship"]), *(number(row[name]) for name in ("n", "q25", "median", "q75")), f"{row['at_zero_rate']:.3f}")
        for row in final.to_dict("records")
    )
    final_table = Table("Morale at the event's end, per ship", ("ship", "n", "q25", "median", "q75", "at 0"), rows)
    zero = analyze.ships_at_zero(games)
    zero_rows = tuple(
        (str(row["ships_at_zero"]), str(row["events"]), f"{row['rate']:.3f}") for row in zero.to_dict("records")
    )
    zero_table = Table("Ships at morale 0 when the event ended", ("ships at 0", "events", "share"), zero_rows)
    fleet = summary_table("Per event", analyze.measure_summary(games, analyze.NUMERIC_MEASURES["den-of-wolves"]))
    measures = ["morale", *analyze.resources(games)]
    fans = tuple(_fan_plot(games, measure) for measure in measures)
    notes = (
        "Fan charts per ship (drawn by --html): the line is the median over the events, the dark band holds "
        "the middle 50% of events and the light band the middle 90%.",
    )
    return [
        Section("The fleet at the end", (), (fleet, final_table, zero_table)),
        Section("Ships over the turns", notes, (), fans),
        attack_section(games),
    ]


def attack_section(games: pd.DataFrame) -> Section:
    """Den of Wolves' Wolf Attacks: how often they hurt, drove ships away or were not won; their sizes; endings."""
    notes = [f"{int(games['attacks'].sum())} attacks over {len(games)} events."]
    if analyze.combat_run(games):
        notes.append(
            "Combat scenario: each event is one attack and ends with it, so a ship that jumped in its turn fled it; "
            "the morale rolls of the broadcast never come."
        )
    tables = (
        rate_table("Per Wolf Attack, how often", analyze.attack_rates(games), ["measure"], counted="attacks"),
        summary_table("Per Wolf Attack", analyze.attack_summary(games)),
        Table(
            "Why the attacks ended",
            ("why", "attacks"),
            tuple((str(r["why"]), str(r["attacks"])) for r in analyze.attack_endings(games).to_dict("records")),
        ),
    )
    return Section("Wolf Attacks", tuple(notes), tables)


def _fan_plot(games: pd.DataFrame, measure: str) -> Plot:
    label = measure.replace("hold:", "") + (" in the hold" if measure.startswith("hold:") else "")
    alt = f"Fan chart per ship of {label} at the end of each turn over {len(games)} events: median, 50% and 90% bands."
    return Plot(
        f"{label.capitalize()} per ship over the turns",
        alt,
        lambda: plots.fan_chart(analyze.den_fan(games, measure), label),
    )


GAME_SECTIONS: dict[str, Callable[[pd.DataFrame], list[Section]]] = {
    "wolves-on-the-hunt": hunt_sections,
    "wolf": wolf_sections,
    "den-of-wolves": den_sections,
}
"""The sections only one game has, by registered name."""


def _bars_alt(what: str, rates: pd.DataFrame, key: str) -> str:
    parts = [f"{key} {value}: {rate:.2f}" for value, rate in zip(rates[key], rates["rate"], strict=True)]
    return f"Bar chart of the {what} by {key} with 95% intervals; " + "; ".join(parts[:12]) + "."


# ---- two files compared ----------------------------------------------------------------------------------------


def comparison_sections(a: pd.DataFrame, b: pd.DataFrame) -> list[Section]:
    """Two files compared: a line per measure with both values, the difference, its interval and the verdict."""
    found = analyze.compare(a, b)
    name_a, name_b = f"A: {a['file'].iloc[0]}", f"B: {b['file'].iloc[0]}"
    rows = tuple(
        (
            c.measure,
            *(number(value) if c.kind == "number" else f"{value:.3f}" for value in (c.a, c.b)),
            str(c.n_a),
            str(c.n_b),
            f"{c.difference:+.3g}",
            f"{number(c.low)} to {number(c.high)}",
            f"{c.p_value:.3g}",
            f"{c.deciding_p:.3g}",
            "real" if c.real else "chance",
        )
        for c in found
    )
    notes = (
        f"{name_a} ({len(a)} games) against {name_b} ({len(b)} games), both {analyze.game_of(a)}.",
        _design(analyze.is_paired(a, b)),
        "'adjusted p' allows for every measure being tested at once (Benjamini-Hochberg): without it, one "
        "measure in twenty of two runs of the very same bots would look real. The verdict reads the adjusted p.",
    )
    columns = ("measure", "A", "B", "n A", "n B", "B - A", "95% interval", "p", "adjusted p", "verdict")
    table = Table("B - A, measure by measure", columns, rows)
    verdicts = tuple(f"{c.measure}: {c.verdict()}." for c in found)
    figures = tuple(_comparison_plots(a, b, found, (name_a, name_b)))
    return [Section("Comparison", notes, (table,)), Section("Verdicts", verdicts, (), figures)]


def _design(paired: bool) -> str:
    """How the two files are compared, in a sentence."""
    if paired:
        return (
            "Both files played the same games (the same chance seed, game by game), so each game is compared with "
            "itself: rates by McNemar's exact test on the games whose result changed, numbers by a paired t-test "
            "(intervals: the t interval of the game-by-game differences); a bot's rate, pooled over its seats, by "
            "Fisher's exact test."
        )
    return (
        "Rates are compared with Fisher's exact test (the interval of B - A is Newcombe's, from the two Wilson "
        "intervals), numbers by their means with Welch's t-test."
    )


def _comparison_plots(
    a: pd.DataFrame, b: pd.DataFrame, found: Sequence[analyze.Comparison], names: tuple[str, str]
) -> list[Plot]:
    rates = [c for c in found if c.kind == "rate"]
    figures = []
    if rates:
        labels = [c.measure for c in rates]
        frame_a = _rates_frame([(c.a, c.n_a) for c in rates])
        frame_b = _rates_frame([(c.b, c.n_b) for c in rates])
        alt = "Bar chart of each rate in A and in B with 95% intervals; " + "; ".join(
            f"{c.measure}: A {c.a:.2f}, B {c.b:.2f}" for c in rates[:12]
        )
        figures.append(Plot("Rates, A against B", alt, lambda: plots.paired_rate_bars(labels, frame_a, frame_b, names)))
    for c in found:
        if c.kind == "number":
            alt = f"Histograms of {c.measure} per game in A (mean {number(c.a)}) and B (mean {number(c.b)})."
            figures.append(
                Plot(
                    f"{c.measure}, A against B",
                    alt,
                    functools.partial(plots.paired_histogram, a[c.measure], b[c.measure], c.measure, names),
                )
            )
    return figures


def _rates_frame(pairs: Sequence[tuple[float, int]]) -> pd.DataFrame:
    wins = [round(rate * n) for rate, n in pairs]
    return analyze.with_intervals(pd.DataFrame({"wins": wins, "n": [n for _, n in pairs]}))


# ---- rendering -------------------------------------------------------------------------------------------------


def print_text(sections: Sequence[Section], console: Console) -> None:
    """Print the sections to a terminal: headings, notes and tables (no plots)."""
    for section in sections:
        console.print(Text(shown(section.heading), style="bold underline"))
        for note in section.notes:
            console.print(Text(shown(note)))
        for table in section.tables:
            rich_table = RichTable(title=Text(shown(table.caption)), title_justify="left")
            for column in table.columns:
                rich_table.add_column(Text(shown(column)), overflow="fold")
            for row in table.rows:
                rich_table.add_row(*(Text(shown(cell)) for cell in row))
            console.print(rich_table)
        console.print()


def shown(text: str) -> str:
    """Text safe for a terminal: a control character from a file (an escape sequence) is spelled out, not sent."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def escaped(text: str) -> str:
    """Text for the page: control characters spelled out, then HTML-escaped (quotes too, for attributes)."""
    return html.escape(shown(text), quote=True)


STYLE = """
body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 0.75rem; color: #222; }
img { max-width: 100%; height: auto; display: block; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.25rem; }
th, td { border-bottom: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
figure { margin: 0.5rem 0 1.5rem; }
"""
"""The page's own style, inline: the page loads nothing from anywhere."""


def render_html(sections: Sequence[Section], title: str) -> str:
    """One self-contained HTML page: every plot an inline PNG with alt text, every text from the file escaped."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escaped(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escaped(title)}</h1>",
    ]
    for section in sections:
        parts.append(f"<h2>{escaped(section.heading)}</h2>")
        parts.extend(f"<p>{escaped(note)}</p>" for note in section.notes)
        parts.extend(_html_table(table) for table in section.tables)
        parts.extend(_html_plot(plot) for plot in section.plots)
    parts.append("</body></html>")
    return "\n".join(parts)


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{escaped(column)}</th>" for column in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escaped(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    caption = escaped(table.caption)
    return f'<div class="scroll"><table><caption>{caption}</caption><tr>{head}</tr>{body}</table></div>'


def _html_plot(plot: Plot) -> str:
    data = base64.b64encode(plots.png(plot.draw())).decode("ascii")
    alt = escaped(plot.alt)
    return f'<figure><h3>{escaped(plot.title)}</h3><img src="data:image/png;base64,{data}" alt="{alt}"></figure>'


# ---- the command -----------------------------------------------------------------------------------------------


def check_html_out(path: Path) -> None:
    """Refuse an HTML output that cannot be written (a directory, or in a missing directory) before any work."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise analyze.AnalysisError(
            f"--html {path}: it is a directory; give a file name such as {path / 'report.html'}"
        )
    if not parent.is_dir():
        raise analyze.AnalysisError(f"--html {path}: the directory {parent} does not exist")


def build_report(paths: Sequence[Path], compare: bool = False) -> tuple[str, list[Section]]:
    """The report's title and sections for `wolfpack analyze FILE...` (with `--compare`: exactly two files)."""
    if compare:
        if len(paths) != 2:
            raise analyze.AnalysisError(f"--compare takes exactly two files (A and B), not {len(paths)}")
        a, b = (analyze.load_results([path]) for path in paths)
        if analyze.game_of(a) != analyze.game_of(b):
            raise analyze.AnalysisError(
                f"cannot compare {paths[0]} ({analyze.game_of(a)}) with {paths[1]} ({analyze.game_of(b)}): "
                "compare two files of the same game"
            )
        return f"{analyze.game_of(a)}: {paths[0].name} against {paths[1].name}", comparison_sections(a, b)
    games = analyze.load_results(paths)
    names = ", ".join(path.name for path in paths)
    return f"{analyze.game_of(games)}: {names}", analysis_sections(games)


def write_html(path: Path, title: str, sections: Sequence[Section]) -> None:
    """Write the report as one HTML page (drawn in full first, so a failure leaves no half-written page)."""
    page = render_html(sections, title)
    path.write_text(page, encoding="utf-8")
