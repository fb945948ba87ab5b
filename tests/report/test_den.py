"""The after-action report of a Den of Wolves event (tests mirror src/wolfpack/report/den.py)."""

from __future__ import annotations

import base64
import io
import re
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wolfpack
from wolfpack.cli import app
from wolfpack.engine.errors import RecordError
from wolfpack.engine.records import Match
from wolfpack.games.den.event import Event, run_event
from wolfpack.report.den import crew_lost, read_report, render_html, report_from_lines


@cache
def played(turns: int = 3, edition: str = "infinite-domain", seed: int = 3) -> tuple[Event, tuple[str, ...]]:
    """A bot-played event and its record's lines."""
    out = io.StringIO()
    event = run_event(wolfpack.load_game("den-of-wolves", edition=edition, turns=turns), seed, record=out)
    return event, tuple(out.getvalue().splitlines())


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_the_reports_turns_are_the_ones_the_event_played(edition: str) -> None:
    event, lines = played(edition=edition)
    report = report_from_lines(list(lines))
    assert report.turns == event.turns and len(report.turns) == 3
    assert report.over and report.actions == event.actions and report.edition == edition
    assert report.lost == [{}, {}, {}]
    assert report.laws == event.state.observation(0)["council"]["laws"]


def test_a_record_that_stops_mid_turn_shows_the_turn_in_progress() -> None:
    event, lines = played()
    header, rest = lines[0], list(lines[1:])
    cut = [header, *rest[: len(rest) // 2]]
    report = report_from_lines(cut)
    assert not report.over
    finished = [turn for turn in report.turns if not turn.get("in_progress")]
    assert finished == event.turns[: len(finished)] and report.turns[-1].get("in_progress") is True
    assert report.turns[-1]["turn"] == len(finished) + 1


def test_casualties_are_the_crew_counters_the_event_lost() -> None:
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=2)
    out = io.StringIO()
    match = Match(game, 4, record=out)
    while match.state.is_chance_node():
        match.roll()
    before = set(match.state.crew)  # type: ignore[attr-defined]
    for crew in ("dione:c1", "dione:c1", "aegis:c2", "aegis:c2", "aegis:c3"):
        match.apply(f'control wound {crew} "a hull breach"', 0)
    lost = before - set(match.state.crew)  # type: ignore[attr-defined]
    assert lost == {"dione:c1", "aegis:c2"}
    report = report_from_lines(out.getvalue().splitlines())
    assert report.lost == [{"dione": 1, "aegis": 1}] and report.turns[-1]["in_progress"]
    page = render_html(report)
    assert "dione 1, aegis 1" in page


def test_crew_lost_counts_each_ships_lost_lines_and_nothing_else() -> None:
    lines = ["dione:c3 is lost", "aegis:c1 is lost", "dione:c4 is lost", "dione:c5 is wounded", "the drive is lost?"]
    assert crew_lost(lines) == {"dione": 2, "aegis": 1}


def test_the_page_holds_every_part_inline_and_is_the_same_each_time() -> None:
    event, lines = played()
    report = report_from_lines(list(lines))
    page = render_html(report)
    assert page == render_html(report_from_lines(list(lines))), "the same record makes the same page"
    resources = list(event.turns[0]["ships"]["aegis"]["hold"])
    charts = re.findall(r'<img alt="([^"]+)" src="data:image/svg\+xml;base64,([^"]+)">', page)
    assert len(charts) == 3 + len(resources)  # morale, each resource, crew, wounded
    for alt, data in charts:
        svg = base64.b64decode(data).decode()
        assert svg.startswith("<?xml") and "<svg" in svg and alt.endswith("of each ship by turn")
        assert all(f">{ship}<" in svg for ship in event.turns[0]["ships"]), "a line per ship, named"
    for heading in ("Timeline", "Jumps and separations", "Wolf Attacks", "The Council", "Casualties"):
        assert f"<h2>{heading}</h2>" in page
    assert "<script" not in page and not re.search(r"""(src|href)=["']?(https?:)?//""", page), "nothing fetched"
    assert "Den of Wolves, Infinite Domain" in page and "3 of 3 turns played; the event is over" in page
    for turn in event.turns:
        for ship in turn["jumped"]:
            assert ship in page


def test_a_record_of_another_game_or_a_broken_file_is_refused(tmp_path: Path) -> None:
    from wolfpack.engine.bot import RandomBot

    game = wolfpack.load_game("spacewolves", players=3)
    out = io.StringIO()
    match = Match(game, 1, record=out)
    bot = RandomBot(1)
    for _ in range(5):
        match.roll() if match.state.is_chance_node() else match.apply(bot.step(match.state))
    with pytest.raises(RecordError, match="a record of 'spacewolves'; the report reads Den of Wolves records"):
        report_from_lines(out.getvalue().splitlines())
    _, lines = played()
    broken = [*lines[:5], "{not json", *lines[5:]]
    with pytest.raises(RecordError, match=r"record:6: not JSON"):
        report_from_lines(broken)
    with pytest.raises(RecordError, match="cannot read the record"):
        read_report(f"{tmp_path}/missing.jsonl")


def test_wolfpack_report_makes_the_page_of_a_live_events_export(tmp_path: Path) -> None:
    from wolfpack.event import history
    from wolfpack.event.export import export_record
    from wolfpack.event.store import EventStore

    from ..event.histories import bot_record, chunks, event_for

    store = EventStore.open(f"sqlite:///{tmp_path}/events.db")
    event = event_for("classic", 2)
    store.create(event)
    for rows, state in chunks("classic", 2, history.SNAPSHOT_EVERY):
        history.append(store.engine, event.id, rows, state)
    export_record(store.engine, event.game, event.id, tmp_path / "event.jsonl")
    store.close()
    command = ["report", str(tmp_path / "event.jsonl"), "-o", str(tmp_path / "after.html"), "--pdf"]
    made = CliRunner().invoke(app, command)
    assert made.exit_code == 0, made.output
    assert made.output.count("report written to") == 2
    page = (tmp_path / "after.html").read_text(encoding="utf-8")
    printed = (tmp_path / "after.pdf").read_bytes()
    assert printed.startswith(b"%PDF-") and printed.rstrip().endswith(b"%%EOF")
    import weasyprint

    assert len(weasyprint.HTML(string=page).render().pages) >= 2, "the page lays out as several printed pages"
    assert "Den of Wolves, Classic: after-action report" in page and "2 of 2 turns played" in page
    exported = read_report(tmp_path / "event.jsonl")
    assert exported.turns == report_from_lines(list(bot_record("classic", 2))).turns
    missing = CliRunner().invoke(app, ["report", str(tmp_path / "nothing.jsonl")])
    assert missing.exit_code == 1 and "cannot read the record" in missing.output


def test_the_report_reads_an_event_played_with_an_organisers_pack(tmp_path: Path) -> None:
    from importlib import resources

    text = resources.files("wolfpack.games.den.data.classic").joinpath("fleet.toml").read_text("utf-8")
    aegis = "hold = { fuel = 23, food = 20, water = 20, materials = 6 }"
    assert text.count(aegis) == 1
    (tmp_path / "fleet.toml").write_text(text.replace(aegis, aegis.replace("food = 20", "food = 40")), "utf-8")
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=2, content=str(tmp_path))
    out = io.StringIO()
    event = run_event(game, 3, record=out)
    report = report_from_lines(out.getvalue().splitlines())
    assert report.turns == event.turns and report.over
    default, _ = played(turns=2, edition="classic")
    first_ship = report.ships[0]
    assert report.turns[0]["ships"][first_ship]["hold"] != default.turns[0]["ships"][first_ship]["hold"]
