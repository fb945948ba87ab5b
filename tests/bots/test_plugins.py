"""Bots from other packages (issue 34, item 3): the example package under examples/wolfpack-example-bot is installed
(pip, into a folder of this test's own, put on the path) and its bot then appears, and plays, wherever bots are
chosen: `wolfpack games`, `wolfpack play`, `wolfpack simulate`, the lobby and a table. A broken plugin is named and
left out, and wolfpack goes on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.examples import EXAMPLES, install_example
from wolfpack import bots
from wolfpack.bots import PluginBotWarning, bot_names, make_bot
from wolfpack.cli import app
from wolfpack.engine.registry import load_game
from wolfpack.server.app import table_app
from wolfpack.server.settings import ServerSettings
from wolfpack.sim.arena import play_game

EXAMPLE = EXAMPLES / "wolfpack-example-bot"
WAIT = 60.0
"""A safety net for the table's bots to finish a one-round game, not a timing assertion."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the example package is installed into, as pip installs it anywhere (no network: no build isolation)."""
    return install_example(EXAMPLE.name, tmp_path_factory.mktemp("site"))


def _use(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Put `site` on this process's path and its workers', and let wolfpack look for plugins again."""
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", str(site))
    bots._plugins.cache_clear()
    yield
    bots._plugins.cache_clear()


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from _use(site, monkeypatch)


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Four installed plugins that cannot be used: one does not import, one is not a bot, one takes "random", one
    takes the name of a difficulty."""
    info = tmp_path / "broken_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-bots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[wolfpack.bots]\nghost = no_such_module:Bot\nnotabot = json:dumps\nrandom = json:JSONDecoder\n"
        "strong = json:JSONDecoder\n"
    )
    yield from _use(tmp_path, monkeypatch)


def test_the_plugin_bot_is_offered_for_the_games_it_plays_and_no_other(installed: None) -> None:
    assert "montecarlo" in bot_names(load_game("spacewolves"))
    assert "montecarlo" in bot_names(load_game("wolves-on-the-hunt"))
    assert "montecarlo" not in bot_names(load_game("wolf"))  # a game with secrets: the bot says it does not play it
    with pytest.raises(ValueError, match="no bot 'montecarlo' for wolf"):
        make_bot(load_game("wolf"), "montecarlo")


def test_the_plugin_bot_plays_and_beats_random_bots_more_often_than_not(installed: None) -> None:
    """Its whole reason to exist: it plays legal moves to the end, and better than chance (3 seats: 1/3 each)."""
    game = load_game("spacewolves", players=3)
    wins = 0
    for seed in range(6):
        players = [
            make_bot(game, name, seed * 10 + seat) for seat, name in enumerate(("montecarlo", "random", "random"))
        ]
        final = play_game(game, players, seed)
        wins += final.returns()[0] == max(final.returns())
    assert wins >= 3, f"the Monte Carlo bot won {wins} of 6 games against two random bots"


def test_the_terminal_lists_it_and_plays_and_simulates_with_it(installed: None, tmp_path: Path) -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0, listed.output
    offered = _listed_bots(listed.output)
    assert "montecarlo" in offered["spacewolves"] and "montecarlo" not in offered["wolf"]

    played = runner.invoke(app, ["play", "spacewolves", "--players", "3", "--bots", "all", "--bot", "montecarlo"])
    assert played.exit_code == 0, played.output
    assert "montecarlo bot" in played.output

    out = tmp_path / "runs.parquet"
    args = ["simulate", "spacewolves", "--games", "2", "--bots", "montecarlo,random,random", "--out", str(out)]
    simulated = runner.invoke(app, [*args, "--option", "players=3"])
    assert simulated.exit_code == 0, simulated.output
    rows = pd.read_parquet(out)
    assert len(rows) == 2 and {tuple(seated) for seated in rows["bots"]} == {("montecarlo", "random", "random")}


def _listed_bots(listing: str) -> dict[str, list[str]]:
    """Each game's bots as `wolfpack games` lists them."""
    offered: dict[str, list[str]] = {}
    game = ""
    for line in listing.splitlines():
        if line and not line.startswith(" "):
            game = line.split(":")[0]
        elif line.strip().startswith("bots:"):
            offered[game] = line.split(":", 1)[1].replace(",", " ").split()
    return offered


def test_the_lobby_offers_it_and_a_table_seats_it(installed: None, tmp_path: Path) -> None:
    with TestClient(table_app(f"sqlite:///{tmp_path / 't.db'}", ServerSettings())) as client:
        games = {game["name"]: game for game in client.get("/api/games").json()}
        assert "montecarlo" in games["spacewolves"]["bots"] and "montecarlo" not in games["wolf"]["bots"]
        assert games["spacewolves"]["bot_titles"]["montecarlo"] == "Montecarlo bot"
        seats = [{"kind": "bot", "bot": "montecarlo"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]
        body = {"game": "spacewolves", "options": {"players": 3, "max_rounds": 1}, "seats": seats, "bot_delay": 0}
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = client.app.state.hall.get(created.json()["id"])  # type: ignore[attr-defined]
        deadline = time.monotonic() + WAIT
        while not table.over:
            assert time.monotonic() < deadline, "the table's bots did not finish a one-round game"
            time.sleep(0.05)
        assert type(table.bot(0)).__name__ == "MonteCarloBot"
        assert created.json()["seats"][0]["name"] == "Montecarlo bot"


def test_a_broken_plugin_is_named_and_left_out_and_the_rest_goes_on(broken: None) -> None:
    with pytest.warns(PluginBotWarning) as said:
        names = bot_names(load_game("spacewolves"))
    assert "ghost" not in names and "notabot" not in names and "random" in names
    text = " ".join(str(warning.message) for warning in said)
    assert "'ghost'" in text and "No module named 'no_such_module'" in text
    assert "'notabot'" in text and "is not a subclass" in text
    assert "'random'" in text and "built-in bot" in text
    assert "'strong' is the name of a difficulty" in text
    with pytest.raises(ValueError, match="the bot plugin 'ghost' cannot be used: it does not load"):
        make_bot(load_game("spacewolves"), "ghost")
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0 and "spacewolves" in listed.output
    assert "bot plugin 'ghost' is left out: it does not load" in listed.output


def test_the_docs_show_the_example_bot_as_it_is() -> None:
    """docs/bots.md shows the whole example bot: the page and the package must not drift apart."""
    page = (Path(__file__).parents[2] / "docs" / "bots.md").read_text()
    shown = page.split("## Your own bot as a plugin")[1].split("```python\n")[1].split("```")[0]
    assert shown == (EXAMPLE / "wolfpack_example_bot.py").read_text()
