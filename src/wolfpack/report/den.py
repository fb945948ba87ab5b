"""The after-action report of a Den of Wolves event, from its record: a live event's export (`wolfpack event export`)
or a headless run's (`wolfpack play den-of-wolves --record FILE`), which are the same format.

The record is replayed action by action; as each turn ends its summary is taken from Control's view
(`wolfpack.games.den.event.TurnWatch`, the same one a headless run takes), and the lines Control's log gained in
the turn are read for the crew lost. `render_html` makes one self-contained page (styles and SVG plots inline,
nothing fetched: it opens on a laptop without a network): the timeline of turns, each ship's morale, hold and crew
per turn as plots (matplotlib), the jumps and separations, the Wolf Attacks and their damage, the Council's votes
and laws, and the casualties.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from wolfpack.engine.constants import CHANCE
from wolfpack.engine.errors import RecordError
from wolfpack.engine.records import Replay
from wolfpack.games.den.editions import EDITION_NAMES
from wolfpack.games.den.event import TurnSummary, TurnWatch, describe_battle, describe_vote, summarise
from wolfpack.games.den.rules import CONTROL, CREW_LOST

GAME: Final = "den-of-wolves"


@dataclass
class EventReport:
    """What the report shows, as data."""

    source: str
    edition: str
    turns_planned: int
    turns: list[TurnSummary] = field(default_factory=list)
    """One summary per turn played (`TurnSummary`), the last one marked `in_progress` if the record stops mid-turn."""
    lost: list[dict[str, int]] = field(default_factory=list)
    """Per turn (as `turns`): the crew counters each ship lost."""
    laws: list[dict[str, Any]] = field(default_factory=list)
    """Every law the Council made, with its status at the end."""
    over: bool = False
    actions: int = 0
    """The seats' actions in the record (chance outcomes not counted)."""

    @property
    def ships(self) -> list[str]:
        """The fleet's ships, in the fleet's order."""
        return list(self.turns[0]["ships"]) if self.turns else []


def read_report(path: str | Path) -> EventReport:
    """Replay the record at `path` and gather its report; RecordError names what is wrong with the file."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the record: {exc.strerror or exc}") from exc
    return report_from_lines(lines, str(path))


def report_from_lines(lines: list[str], source: str = "record") -> EventReport:
    """The report of a record's lines (see `read_report`)."""
    replay = Replay(lines, source)
    if replay.header.get("game") != GAME:
        raise RecordError(
            f"{source}: a record of {replay.header.get('game')!r}; the report reads Den of Wolves records"
        )
    state = replay.state
    public = state.observation(None)
    report = EventReport(source, str(public["edition"]), int(public["turns"]))
    watch = TurnWatch(state)
    log_read = len(state.log(CONTROL))
    pending: tuple[int, str] | None = None

    def take(summary: TurnSummary) -> None:
        nonlocal log_read
        log = state.log(CONTROL)
        report.turns.append(summary)
        report.lost.append(crew_lost(log[log_read:]))
        log_read = len(log)

    def settle() -> None:
        # A seat's action is done once the chance outcomes after it are applied: only then can its turn end.
        if pending is not None:
            summary = watch.after(*pending)
            if summary is not None:
                take(summary)

    for player, notation in replay.actions():
        if player == CHANCE:
            continue
        settle()
        watch.before(player, notation)
        pending = (player, notation)
        report.actions += 1
    settle()
    if not state.is_terminal() and watch.actions:
        take({**summarise(state, watch.playing, watch.jumped, watch.actions), "in_progress": True})
    report.over = state.is_terminal()
    report.laws = list(state.observation(CONTROL)["council"]["laws"])
    return report


def crew_lost(lines: Iterable[str]) -> dict[str, int]:
    """How many crew counters each ship lost, from log lines as Control reads them ("dione:c3 is lost")."""
    lost: dict[str, int] = {}
    for line in lines:
        if line.endswith(CREW_LOST) and ":" in line:
            ship = line.split(":", 1)[0]
            lost[ship] = lost.get(ship, 0) + 1
    return lost


# ---- the page -------------------------------------------------------------------------------------------------

STYLE: Final = """
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1b1f24; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccd; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; font-size: 0.9rem; }
th, td { border-bottom: 1px solid #dde; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #eef1f6; } td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: 1rem; }
figure { margin: 0; } figcaption { font-weight: 600; } figure img { width: 100%; height: auto; }
.facts { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; padding: 0; list-style: none; }
.scroll { overflow-x: auto; } /* a wide table scrolls on a phone rather than leave the page */
@media print { h2 { break-after: avoid; } figure, tr { break-inside: avoid; } }
"""


def render_html(report: EventReport) -> str:
    """The whole report as one HTML page, with its styles and plots inline."""
    turns = report.turns
    title = f"Den of Wolves, {EDITION_NAMES.get(report.edition, report.edition)}: after-action report"
    ended = "the event is over" if report.over else "the record stops before the event's end"
    lost = sum(sum(per.values()) for per in report.lost)
    facts = [
        f"{len([t for t in turns if not t.get('in_progress')])} of {report.turns_planned} turns played; {ended}",
        f"{report.actions} actions by the seats",
        _count(len(report.ships), "ship"),
        _count(sum(len(t["battles"]) for t in turns), "Wolf Attack"),
        f"{lost} crew lost",
    ]
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p>From {_e(report.source)}.</p>",
        '<ul class="facts">' + "".join(f"<li>{_e(fact)}</li>" for fact in facts) + "</ul>",
        "<h2>Timeline</h2>",
        _timeline(turns),
        "<h2>The ships, turn by turn</h2>",
        '<div class="plots">' + "".join(_figures(report)) + "</div>",
        "<h2>Jumps and separations</h2>",
        _jumps(turns),
        "<h2>Wolf Attacks</h2>",
        _battles(turns),
        "<h2>The Council</h2>",
        _council(turns, report.laws),
        "<h2>Casualties</h2>",
        _casualties(report),
        "</body></html>",
    ]
    return "\n".join(parts)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _e(text: Any) -> str:
    return html.escape(str(text))


def _table(head: Sequence[str], rows: Iterable[Sequence[Any]], numeric: Sequence[int] = ()) -> str:
    """An HTML table; the columns in `numeric` align right."""
    cls = [' class="n"' if i in numeric else "" for i in range(len(head))]
    out = ['<div class="scroll"><table><thead><tr>']
    out += [f"<th{c}>{_e(h)}</th>" for c, h in zip(cls, head, strict=True)]
    out.append("</tr></thead><tbody>")
    body = ["<tr>" + "".join(f"<td{c}>{_e(v)}</td>" for c, v in zip(cls, row, strict=True)) + "</tr>" for row in rows]
    out += body or [f'<tr><td colspan="{len(head)}">none</td></tr>']
    return "".join(out) + "</tbody></table></div>"


def _turn_label(turn: TurnSummary) -> str:
    return f"{turn['turn']} (in progress)" if turn.get("in_progress") else str(turn["turn"])


def _timeline(turns: Sequence[TurnSummary]) -> str:
    rows = []
    for turn in turns:
        ships = turn["ships"].values()
        morale = [ship["morale"] for ship in ships]
        riots = sum(len(ship["riots"]) for ship in ships)
        rows.append(
            [
                _turn_label(turn),
                turn["pursuit"],
                turn["fleet_at"],
                len(turn["jumped"]),
                len(turn["separated"]),
                f"{min(morale)}-{max(morale)}" if morale else "",
                riots,
                len(turn["battles"]),
                len(turn["votes"]),
                turn["laws"],
                turn["actions"],
            ]
        )
    head = ["turn", "pursuit", "fleet at", "jumped", "separated", "morale", "riots", "attacks", "votes", "laws"]
    return _table([*head, "actions"], rows, numeric=(1, 3, 4, 6, 7, 8, 9, 10))


def _figures(report: EventReport) -> list[str]:
    """A plot per measure (morale, each resource of the hold, crew, wounded), a line per ship."""
    turns = [turn for turn in report.turns if not turn.get("in_progress")]
    if not turns:
        return ["<p>No turn was finished.</p>"]
    resources = list(turns[0]["ships"][report.ships[0]]["hold"])
    measures: list[tuple[str, Callable[[Mapping[str, Any]], float]]] = [("Morale", lambda ship: ship["morale"])]
    measures += [(f"Hold: {name}", _hold_of(name)) for name in resources]
    measures += [("Crew on stations", lambda ship: ship["crew"]), ("Wounded crew", lambda ship: ship["wounded"])]
    return [
        f'<figure><figcaption>{_e(name)}</figcaption><img alt="{_e(name)} of each ship by turn" '
        f'src="data:image/svg+xml;base64,{_plot(turns, report.ships, value, name)}"></figure>'
        for name, value in measures
    ]


def _hold_of(resource: str) -> Callable[[Mapping[str, Any]], float]:
    return lambda ship: ship["hold"].get(resource, 0)


def _plot(
    turns: Sequence[TurnSummary], ships: Sequence[str], value: Callable[[Mapping[str, Any]], float], name: str
) -> str:
    """One line chart as SVG, base64-encoded for a data URL (each chart an image of its own, so that the ids inside
    one never meet another's): the turn across, `value` of each ship up. Its ids are salted with `name`, so the
    same record gives the same page."""
    import matplotlib

    matplotlib.use("Agg")  # no display on a server or in CI
    from matplotlib import pyplot
    from matplotlib.ticker import MaxNLocator

    xs = [turn["turn"] for turn in turns]
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": f"wolfpack report {name}", "svg.fonttype": "none"}):
        figure, axes = pyplot.subplots(figsize=(6.4, 3.4))
        colours = pyplot.get_cmap("tab20")
        for index, sid in enumerate(ships):
            ys = [value(turn["ships"][sid]) for turn in turns]
            axes.plot(xs, ys, label=sid, color=colours(index % 20), marker=".")
        axes.set_xlabel("turn")
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.grid(alpha=0.3)
        axes.legend(fontsize="x-small", ncol=2, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
        figure.tight_layout()
        figure.savefig(buffer, format="svg", metadata={"Date": None})  # no date: the same record, the same page
        pyplot.close(figure)
    return base64.b64encode(buffer.getvalue().encode()).decode()


def _jumps(turns: Sequence[TurnSummary]) -> str:
    rows = [
        [
            _turn_label(turn),
            ", ".join(turn["jumped"]) or "none",
            "yes" if turn["fleet_jumped"] else "no",
            ", ".join(turn["separated"]) or "none",
        ]
        for turn in turns
        if turn["jumped"] or turn["separated"]
    ]
    return _table(["turn", "ships that jumped", "the Aegis among them", "separated at the turn's end"], rows)


def _battles(turns: Sequence[TurnSummary]) -> str:
    rows = [[_turn_label(turn), describe_battle(battle).strip()] for turn in turns for battle in turn["battles"]]
    return _table(["turn", "the attack"], rows)


def _council(turns: Sequence[TurnSummary], laws: Sequence[Mapping[str, Any]]) -> str:
    votes = [[_turn_label(turn), describe_vote(vote)] for turn in turns for vote in turn["votes"]]
    law_rows = [[law.get("id", ""), law.get("text", ""), law.get("status", "")] for law in laws]
    return (
        "<h3>Votes</h3>"
        + _table(["turn", "vote"], votes)
        + "<h3>Laws</h3>"
        + _table(["law", "text", "status at the end"], law_rows)
    )


def _casualties(report: EventReport) -> str:
    rows = []
    for turn, lost in zip(report.turns, report.lost, strict=True):
        units = [unit for battle in turn["battles"] for unit in battle["lost"]]
        if lost or units:
            crew = ", ".join(f"{ship} {count}" for ship, count in lost.items()) or "none"
            rows.append([_turn_label(turn), crew, ", ".join(units) or "none"])
    return _table(["turn", "crew lost, by ship", "units lost in battle"], rows)


__all__ = ["EventReport", "crew_lost", "read_report", "render_html", "report_from_lines"]
