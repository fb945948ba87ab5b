"""The printed kit of Den of Wolves (tests mirror src/wolfpack/print/den.py)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wolfpack
from wolfpack.cli import app
from wolfpack.print.den import kit_html


def kit(edition: str, **options: str) -> tuple[object, str]:
    game = wolfpack.load_game("den-of-wolves", edition=edition, **options)
    return game, kit_html(game.content, edition, game.options.turns)  # type: ignore[attr-defined]


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_the_kit_holds_every_ship_role_and_card_of_the_pack(edition: str) -> None:
    game, page = kit(edition)
    content = game.content  # type: ignore[attr-defined]
    for ship in content.fleet.ships:
        assert f"<h2>{ship.name} <small>" in page and f"<h2>Jump sheet: {ship.name}</h2>" in page
        assert all(f"<td>{role.title}</td>" in page for role in ship.roles)
    cards = page.count('<div class="card">')
    damage = sum(card.count for deck in content.damage.decks.values() for card in deck)
    actions = sum(card.count for card in content.cards.cards)
    assert cards == damage + actions + len(content.destinations.destinations)
    assert all(f"<b>{d.coordinates}</b>" in page for d in content.destinations.destinations)
    turns = game.options.turns  # type: ignore[attr-defined]
    jump_rows = re.findall(r"<tr><td>(\d+)</td>(?:<td class=\"box\"></td>){4}</tr>", page)
    assert len(jump_rows) == turns * len(content.fleet.ships), "a row per turn on every jump sheet"


def test_an_organisers_pack_prints_as_it_plays(tmp_path: Path) -> None:
    text = resources.files("wolfpack.games.den.data.classic").joinpath("fleet.toml").read_text("utf-8")
    assert text.count('name = "Dione"') == 1
    (tmp_path / "fleet.toml").write_text(text.replace('name = "Dione"', 'name = "Dione Reborn"'), "utf-8")
    _, page = kit("classic", content=str(tmp_path), turns="14")
    assert "<h2>Jump sheet: Dione Reborn</h2>" in page and "<h2>Jump sheet: Dione</h2>" not in page
    assert "<tr><td>14</td>" in page


def test_wolfpack_print_writes_the_pdf_and_refuses_what_it_cannot_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command's files and refusals. Turning the kit into PDF takes seconds: `make test` checks that the kit's
    page is what goes to the PDF writer (which tests/report/test_pdf.py and the fleet's paper below run for real);
    the whole kit through WeasyPrint is `test_the_whole_kit_lays_out_as_a_pdf`, in `make strength`."""
    import wolfpack.cli

    written: list[str] = []
    monkeypatch.setattr(wolfpack.cli, "_pdf", lambda page: written.append(page) or b"%PDF-kit")
    out = tmp_path / "kit.pdf"
    made = CliRunner().invoke(app, ["print", "den-of-wolves", "--edition", "classic", "-o", str(out), "--html"])
    assert made.exit_code == 0, made.output
    assert out.read_bytes() == b"%PDF-kit" and written == [out.with_suffix(".html").read_text()]
    assert "Den of Wolves, Classic" in written[0]
    other = CliRunner().invoke(app, ["print", "spacewolves", "-o", str(tmp_path / "x.pdf")])
    assert other.exit_code == 2 and "only den-of-wolves has a printed kit" in other.output
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "fleet.toml").write_text("ships = 3\n", "utf-8")
    bad = CliRunner().invoke(app, ["print", "den-of-wolves", "--option", f"content={broken}", "-o", str(out)])
    assert bad.exit_code == 2 and "fleet.toml" in bad.output


@pytest.mark.slow
def test_the_whole_kit_lays_out_as_a_pdf(tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    made = CliRunner().invoke(app, ["print", "den-of-wolves", "--edition", "classic", "-o", str(out)])
    assert made.exit_code == 0, made.output
    printed = out.read_bytes()
    assert printed.startswith(b"%PDF-") and printed.rstrip().endswith(b"%%EOF")


def test_the_paper_fallback_shows_every_ship_as_control_sees_it_now() -> None:
    from wolfpack.games.den.event import run_event
    from wolfpack.print.den import fleet_state_html

    event = run_event(wolfpack.load_game("den-of-wolves", edition="classic", turns=2), 2)
    view = event.state.observation(0)
    page = fleet_state_html(view, "Den of Wolves, Classic")
    assert page.count("<section>") == 1 + len(view["panels"])
    for sid, panel in view["panels"].items():
        assert f"<h2>{view['ships'][sid]['name']}: morale {panel['morale']}" in page
        assert all(crew["id"] in page for slot in panel["stations"].values() for crew in slot["crew"])
        assert all(f"<td>{uid}</td>" in page for uid in panel["units"])


def test_the_paper_fallback_says_where_a_ship_off_the_fleet_map_is_never_none() -> None:
    from wolfpack.games.den.event import run_event
    from wolfpack.print.den import fleet_state_html

    view = run_event(wolfpack.load_game("den-of-wolves", edition="classic", turns=1), 1).state.observation(0)
    view["ships"]["dione"].update(quadrant=None, with_fleet=False)  # separated: off the fleet map
    page = fleet_state_html(view, "Den of Wolves, Classic")
    assert "None" not in page
    assert re.search(r"<td>Dione</td><td>[^<]*</td><td>off the map \(separated\)</td><td>no</td>", page), page


def test_wolfpack_event_paper_prints_a_stored_events_fleet(tmp_path: Path) -> None:
    from wolfpack.event import history
    from wolfpack.event.store import EventStore

    from ..event.histories import chunks, event_for

    database = f"sqlite:///{tmp_path}/events.db"
    store = EventStore.open(database)
    event = event_for("classic", 2)
    store.create(event)
    for rows, state in chunks("classic", 2, history.SNAPSHOT_EVERY):
        history.append(store.engine, event.id, rows, state)
    store.close()
    out = tmp_path / "fleet.pdf"
    made = CliRunner().invoke(app, ["event", "paper", event.id, "--database", database, "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert out.read_bytes().startswith(b"%PDF-") and f"event {event.id}: the fleet at version" in made.output
    unknown = CliRunner().invoke(app, ["event", "paper", "e9999999", "--database", database, "--out", str(out)])
    assert unknown.exit_code == 2 and "e9999999" in unknown.output


def test_an_events_kit_is_its_own_pack_with_every_seats_join_slip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kit's HTML is checked here; turning HTML into PDF is the test above's (it takes seconds), so the PDF
    writer is replaced by one that keeps the page it was given."""
    import wolfpack.cli
    from wolfpack.event.model import new_event
    from wolfpack.event.settings import make_settings
    from wolfpack.event.store import EventStore

    database = f"sqlite:///{tmp_path}/events.db"
    store = EventStore.open(database)
    unlinked = new_event(make_settings(edition="classic"), event_id="e0000002")
    event = new_event(make_settings(edition="infinite-domain", turns=9, base_url="http://10.0.0.5:8000"), "e0000001")
    store.create(unlinked)
    store.create(event)
    store.close()
    out = tmp_path / "kit.pdf"
    monkeypatch.setattr(wolfpack.cli, "_pdf", lambda page: page.encode())
    no_links = CliRunner().invoke(app, ["print", "den-of-wolves", "--event", unlinked.id, "--database", database])
    assert no_links.exit_code == 2 and "no base URL yet" in no_links.output
    made = CliRunner().invoke(
        app, ["print", "den-of-wolves", "--event", event.id, "--database", database, "-o", str(out)]
    )
    assert made.exit_code == 0, made.output
    page = out.read_text()
    assert "Den of Wolves, Infinite Domain" in page
    jump_rows = re.findall(r"<tr><td>(\d+)</td>(?:<td class=\"box\"></td>){4}</tr>", page)
    assert max(map(int, jump_rows)) == 9, "the event's 9 turns on the jump sheets"
    ids = re.findall(r'<li class="slip" id="([^"]+)">', page)
    assert len(ids) == len(set(ids)), "each slip's id is its own"
    for seat in event.seats:
        slip = re.search(rf'<li class="slip" id="[a-z0-9-]*seat-{seat.index}">(.*?)</li>', page, re.S)
        assert slip is not None, f"seat {seat.label} has no join slip"
        if seat.index:
            assert "<svg" in slip.group(1) and event.link(seat.index) in slip.group(1)
    clash = CliRunner().invoke(
        app, ["print", "den-of-wolves", "--event", event.id, "--edition", "classic", "--database", database]
    )
    assert clash.exit_code == 2 and "leave out --edition and --option" in clash.output
    unknown = CliRunner().invoke(app, ["print", "den-of-wolves", "--event", "e9999999", "--database", database])
    assert unknown.exit_code == 2 and "e9999999" in unknown.output


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_the_role_sheets_say_what_each_role_may_do(edition: str) -> None:
    from wolfpack.print.den import role_duties

    game, page = kit(edition)
    content = game.content  # type: ignore[attr-defined]
    dione = next(ship for ship in content.fleet.ships if ship.id == "dione")
    duties = {role.id: role_duties(content, dione, role, edition) for role in dione.roles}
    assert duties["captain"][0].startswith("commands the ship")
    assert duties["first-officer"][0].startswith("first in line to command")
    assert "votes at the Council" in duties["council-member"]
    assert any("reports to the fleet map" in duty for duty in duties["first-officer"])
    assert "second in line to command" in page and "votes at the Council" in page
    star_alpha = next(ship for ship in content.fleet.ships if ship.id == "star-alpha")
    vice = next(role for role in star_alpha.roles if role.id == "vice-president")
    orders = any("may order the admiral" in duty for duty in role_duties(content, star_alpha, vice, edition))
    assert orders == (edition == "classic")  # classic's "president's office" includes the Vice President
