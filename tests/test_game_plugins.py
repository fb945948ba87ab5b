"""Games from other packages (issue 34, item 7): the example package under examples/wolfpack-tictactoe is installed
(pip, into a folder of this test's own, put on the path) and its game then appears, and plays, everywhere: `wolfpack
games`, `wolfpack play`, the conformance suite, the lobby and a table over HTTP and its WebSocket, drawn by the
package's own board. Nothing in wolfpack names the game. A broken plugin is named and left out, and wolfpack goes
on."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import numpy as np
import pytest
from fastapi.testclient import TestClient
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test
from playwright.sync_api import Browser, expect
from typer.testing import CliRunner

from tests.examples import EXAMPLES, install_example
from tests.server.conftest import Server
from tests.server.live import HTTP, ThreadedServer
from tests.web.accessibility import small_picks, wcag_violations
from tests.web.console import console_errors
from wolfpack.bots import make_bot
from wolfpack.cli import app
from wolfpack.engine import registry
from wolfpack.engine.errors import IllegalActionError, InvalidStateError, UnknownGameError
from wolfpack.engine.registry import PluginGameWarning, game_names, load_game
from wolfpack.interop import openspiel, pettingzoo
from wolfpack.server.app import table_app
from wolfpack.server.settings import ServerSettings
from wolfpack.testing import check_game
from wolfpack.web import plugins
from wolfpack.web.boards import board_svg
from wolfpack.web.plugins import PluginPagesWarning

EXAMPLE = EXAMPLES / "wolfpack-tictactoe"
WAIT_MS = 20_000
"""A safety net for the page to draw what the server sent, not a timing assertion."""
SOURCE = Path(__file__).parents[1] / "src" / "wolfpack"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the example package is installed into, as pip installs it anywhere (no network: no build isolation)."""
    return install_example(EXAMPLE.name, tmp_path_factory.mktemp("site"))


def _use(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Put `site` on this process's path, and let wolfpack look for game plugins and their pages again."""
    monkeypatch.syspath_prepend(str(site))
    _forget_plugins()
    yield
    _forget_plugins()


def _forget_plugins() -> None:
    registry._plugins.cache_clear()
    plugins._plugins.cache_clear()


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from _use(site, monkeypatch)


def _dist_info(folder: Path, entry_points: str) -> None:
    """An installed package in `folder` that holds nothing but these entry points."""
    info = folder / "broken_games-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-games\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Game plugins that cannot be used: one does not import, one is not a game, one takes our "wolf", one whose
    class has another name, one named for no address; and pages for a game that are not pages."""
    games = (
        "ghost = no_such_module:Game\nnotagame = json:dumps\nwolf = json:JSONDecoder\n"
        "misnamed = wolfpack.games.hunt.game:HuntGame\nBad_Name = json:JSONDecoder\n"
    )
    _dist_info(tmp_path, f"[wolfpack.games]\n{games}\n[wolfpack.pages]\nghost = json:loads\n")
    yield from _use(tmp_path, monkeypatch)


def test_nothing_in_wolfpack_names_the_example_game() -> None:
    """Adding a game touches only its own package: wolfpack's source never mentions it."""
    mentions = [path for path in SOURCE.rglob("*") if path.is_file() and b"tictactoe" in path.read_bytes()]
    assert mentions == []


def test_the_installed_game_is_registered_and_passes_the_conformance_suite(installed: None) -> None:
    assert "tictactoe" in game_names()
    report = check_game("tictactoe", playouts=20, seed=1)
    assert report.playouts == 20 and report.longest <= 9


@pytest.mark.parametrize(
    ("position", "said"),
    [
        ("XO", "a position is nine characters, each X, O or '.'"),
        ("XXX.O....", "X has as many marks as O or one more (here X 3, O 1)"),
        ("XXXOOO...", "both X and O have a line"),
        ("XXX.OO.O.", "the player with a line has won, so the other cannot have marked after it"),
    ],
)
def test_a_position_that_cannot_arise_is_refused_saying_why(installed: None, position: str, said: str) -> None:
    with pytest.raises(InvalidStateError, match=re.escape(said)):
        load_game("tictactoe").state_from_position(position)


def test_a_line_ends_the_game_and_a_taken_square_is_refused_by_its_rule(installed: None) -> None:
    state = load_game("tictactoe").state_from_position("XX.OO....")  # X to mark, c1 completes the bottom row
    assert state.legal_actions() == [2, 5, 6, 7, 8]
    with pytest.raises(IllegalActionError, match="a1 is already marked with X") as refused:
        state.parse_action("a1")
    assert refused.value.rule == "free square"
    state.apply_action(state.parse_action("c1"))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.observation(1)["winner"] == "X"


def test_without_the_package_there_is_no_such_game() -> None:
    _forget_plugins()
    assert "tictactoe" not in game_names()
    with pytest.raises(UnknownGameError, match="unknown game 'tictactoe'"):
        load_game("tictactoe")


def test_its_heuristic_bot_never_loses_to_the_random_bot(installed: None) -> None:
    """The bot takes a win and blocks a line, so as X it never loses to random play (it wins most games)."""
    game = load_game("tictactoe")
    results = []
    for seed in range(20):
        players = [make_bot(game, "heuristic", seed), make_bot(game, "random", seed + 100)]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(players[state.current_player()].step(state))
        results.append(state.returns()[0])
    assert min(results) >= 0 and results.count(1.0) >= 15, results


def test_wolfpack_games_lists_it_with_its_bots(installed: None) -> None:
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0, listed.output
    assert "tictactoe: Tic-tac-toe, 2 seats\n  bots: heuristic, random\n" in listed.output


def test_the_terminal_plays_it_against_its_bot(installed: None) -> None:
    """A person types moves (by number, by notation, one already taken) against the heuristic bot to the end."""
    typed = "b2\nb2\n1\n1\n1\n1\n"
    played = CliRunner().invoke(app, ["play", "tictactoe", "--seed", "4"], input=typed)
    assert played.exit_code == 0, played.output
    assert "seats: X: human, O: heuristic bot" in played.output
    assert "X marks b2." in played.output
    assert "b2 is not legal now: b2 is already marked with X [free square]" in played.output
    assert "game over after" in played.output and "  a b c" in played.output


def test_the_lobby_offers_it_with_its_own_card_picture_and_rules_and_serves_no_other_file(
    installed: None, tmp_path: Path
) -> None:
    with TestClient(table_app(f"sqlite:///{tmp_path / 't.db'}", ServerSettings())) as client:
        games = {game["name"]: game for game in client.get("/api/games").json()}
        card = games["tictactoe"]
        assert card["long_name"] == "Tic-tac-toe" and card["bots"] == ["heuristic", "random"]
        assert card["picture"] == "/games/tictactoe/tictactoe.svg" and card["rules"] == "/rules/tictactoe"
        picture = client.get(card["picture"])
        assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"
        ElementTree.fromstring(picture.content)
        rules = client.get("/rules/tictactoe")
        assert rules.status_code == 200 and "Three in a line" in rules.text
        assert 'src="/games/tictactoe/tictactoe.svg"' in rules.text
        sheet = client.get("/games/tictactoe/board.css")
        assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/css")
        assert "default-src 'self'" in sheet.headers["content-security-policy"]
        for elsewhere in (
            "/games/tictactoe/words.toml",  # in its folder, but not a kind of file pages load
            "/games/tictactoe/nothing.css",
            "/games/tictactoe/..%2Fpages.py",
            "/games/spacewolves/board.css",  # our games' files are under /static
            "/games/nogame/board.css",
        ):
            assert client.get(elsewhere).status_code == 404, elsewhere


def test_a_table_plays_it_over_the_websocket_with_its_board(installed: None, tmp_path: Path) -> None:
    """A person against the heuristic bot: each frame carries the package's board with the free squares to click
    and a move per free square; the person plays the first listed move until the game ends."""
    settings = ServerSettings(allow_fixed_seeds=True)
    with TestClient(table_app(f"sqlite:///{tmp_path / 't.db'}", settings)) as client:
        body = {"game": "tictactoe", "seats": [{"kind": "human"}, {"kind": "bot"}], "bot_delay": 0, "seed": 3}
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table_id, token = created.json()["id"], created.json()["seats"][0]["token"]
        page = client.get(f"/play/{table_id}")
        assert '<link rel="stylesheet" href="/games/tictactoe/board.css">' in page.text
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            frame = Server.join(ws, token, render=True)
            moves = 0
            while frame["status"] == "playing":
                if 0 in frame["to_act"]:
                    _check_board(frame)
                    answer = Server.act(ws, token, frame["legal"][0], frame["version"])
                    assert answer["type"] in ("ack", "state"), answer
                    moves += 1
                    if answer["type"] == "state":
                        frame = answer
                        continue
                frame = _next_state(ws)
            assert frame["status"] == "over" and moves >= 3
            assert frame["ending"]["headline"] in ("You won", "You lost", "A draw")
            assert frame["turn"].endswith(("wins: three in a line.", "nobody has a line."))
        table = client.app.state.hall.get(table_id)  # type: ignore[attr-defined]
        assert type(table.bot(1)).__name__ == "HeuristicBot"


def test_the_table_page_draws_its_board_styled_and_a_click_plays(
    installed: None, browser: Browser, tmp_path: Path
) -> None:
    """In Chromium: the package's board, its stylesheet linked, its free squares lit, big enough for a finger and
    without an accessibility violation; clicking them plays a game against the heuristic bot to its end (X takes the
    first free square each time, and O wins on the diagonal)."""
    with ThreadedServer(f"sqlite:///{tmp_path / 'page.db'}") as live:
        body = {"game": "tictactoe", "seats": [{"kind": "human"}, {"kind": "bot"}], "bot_delay": 0, "seed": 1}
        created = HTTP.post(f"{live.base}/api/tables", json=body)
        assert created.status_code == 201, created.text
        page = browser.new_page(viewport={"width": 390, "height": 844})
        complaints = console_errors(page)
        page.goto(live.base + created.json()["seats"][0]["link"])
        marked = page.locator("#board svg.tictactoe g.marked")
        page.wait_for_selector("#board [data-pick].pick-lit", timeout=WAIT_MS)
        assert wcag_violations(page, "phone") == [] and small_picks(page) == []  # our pages' bar, met by its board
        for count in range(0, 10, 2):
            page.wait_for_selector("#board [data-pick].pick-lit, #result:not([hidden])", timeout=WAIT_MS)
            if page.locator("#result").is_visible():
                break
            expect(marked).to_have_count(count)
            page.locator("#board [data-pick].pick-lit").first.click()
            expect(marked).not_to_have_count(count, timeout=WAIT_MS)
        expect(page.locator("#result")).to_be_visible(timeout=WAIT_MS)
        assert page.locator("#turn").inner_text() == "O wins: three in a line."
        win = page.locator("#board line.win")
        assert win.evaluate("line => getComputedStyle(line).strokeWidth") == "6px"  # from the package's board.css
        assert complaints == []


def _next_state(ws: Any) -> dict[str, Any]:
    """The next state frame (the acks and the seats frames between are passed over)."""
    frame = Server.receive(ws)
    while frame["type"] != "state":
        frame = Server.receive(ws)
    return frame


def _check_board(frame: dict[str, Any]) -> None:
    """The frame's board is the package's drawing, a clickable square for each legal move and its button."""
    drawing = ElementTree.fromstring(frame["board"])
    assert "tictactoe" in drawing.get("class", "")
    picks = {node.get("data-pick") for node in drawing.iter() if node.get("data-pick")}
    assert picks == {f"sq-{square}" for square in frame["legal"]}
    offered = [entry for group in frame["choices"] for entry in group["actions"]]
    assert [entry["action"] for entry in offered] == frame["legal"]
    assert all(entry["picks"] == [f"sq-{entry['action']}"] for entry in offered)
    assert frame["turn"] == "Your turn: mark a free square (you are X)."
    assert [panel["title"] for panel in frame["panels"]["seats"]] == ["X", "O"]


def test_pettingzoo_and_openspiel_take_it_through_its_encoding(installed: None) -> None:
    """The package's own `encoding` is all the adapters need: PettingZoo's api_test passes, and OpenSpiel's MCTS
    plays a whole game through the game registered when first asked for (after wolfpack's own, at import)."""
    with warnings.catch_warnings():
        # api_test advises a Box observation; a Dict of features and action mask is what action-masking needs.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(pettingzoo.env("tictactoe"), num_cycles=20)
    game = openspiel.load("tictactoe")
    assert game.get_type().short_name == "wolfpack_tictactoe"
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=300, evaluator=evaluator, random_state=rng, solve=True)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    # Tic-tac-toe well played on both sides is a draw: with 300 simulations and its solver MCTS drew with itself from
    # each of ten seeds tried (with 40, four of ten were won), so a loss here means the adapter misleads it.
    assert state.returns() == [0.0, 0.0]


def test_broken_game_plugins_are_named_and_left_out_and_the_rest_goes_on(broken: None) -> None:
    with pytest.warns(PluginGameWarning) as said:
        names = game_names()
    assert {"ghost", "notagame", "misnamed", "Bad_Name"}.isdisjoint(names) and "wolf" in names
    text = " ".join(str(warning.message) for warning in said)
    assert "'ghost'" in text and "No module named 'no_such_module'" in text
    assert "'notagame'" in text and "is not a subclass of wolfpack.engine.game.Game" in text
    assert "'wolf' is the name of a built-in game" in text
    assert "its class says its name is 'wolves-on-the-hunt', not 'misnamed'" in text
    assert "'Bad_Name' is not a game name" in text
    assert load_game("wolf").name == "wolf"  # ours, untouched
    with pytest.raises(UnknownGameError, match="the game plugin 'ghost' cannot be used: it does not load"):
        load_game("ghost")
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0 and "spacewolves" in listed.output
    assert "game plugin 'notagame' is left out: json:dumps is not a subclass" in listed.output


def test_pages_that_are_not_pages_are_left_out_and_the_board_is_a_listing(broken: None) -> None:
    with pytest.warns(PluginPagesWarning, match=r"pages plugin 'ghost' \(json:loads\) is left out: json:loads is not"):
        drawn = board_svg("ghost", {"board": "........."}, 0)
    assert "Observation keys" in drawn


def test_the_guide_shows_the_example_as_it_is() -> None:
    """docs/adding-a-game.md quotes the example's entry points and pages: the guide and the package must agree."""
    guide = (Path(__file__).parents[1] / "docs" / "adding-a-game.md").read_text()
    entry_points = guide.split("## 1. The entry points")[1].split("```toml\n")[1].split("```")[0]
    assert entry_points in (EXAMPLE / "pyproject.toml").read_text()
    pages = guide.split("## 5. The pages")[1].split("```python\n")[1].split("```")[0]
    assert pages in (EXAMPLE / "src" / "wolfpack_tictactoe" / "pages.py").read_text()
