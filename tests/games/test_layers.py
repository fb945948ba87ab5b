"""Games stay below the tools that use them (ARCHITECTURE.md: content -> rules -> state -> views -> terminal, server,
bots, simulation): a game's modules import the engine, content, the bot interface and other games' shared parts,
never the lab, the server, the pages or the command line (issue 34, item 9)."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).parents[2] / "src" / "wolfpack" / "games"
ABOVE = ("wolfpack.sim", "wolfpack.server", "wolfpack.web", "wolfpack.webapp", "wolfpack.event", "wolfpack.cli")
ABOVE += ("wolfpack.report", "wolfpack.print", "wolfpack.client", "wolfpack.interop", "wolfpack.testing")
"""The packages that use games: a game that imported one of them would climb up the data flow."""


def _imports(path: Path) -> list[str]:
    """The modules a source file imports, at its top or inside a function (relative ones made absolute)."""
    return _imported(path.read_text(), ".".join(path.relative_to(GAMES.parents[1]).parts[:-1]))


def _imported(source: str, package: str) -> list[str]:
    """The modules `source`, a module of `package`, imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            if node.module is None:  # `from .. import hunt`: the names are modules
                found += [f"{base}.{alias.name}" for alias in node.names]
            else:
                found.append(f"{base}.{node.module}" if base else node.module)
    return found


def test_no_game_imports_a_tool_that_uses_games() -> None:
    climbing = [
        f"{path.relative_to(GAMES)} imports {name}"
        for path in sorted(GAMES.rglob("*.py"))
        for name in _imports(path)
        if name.startswith(ABOVE)
    ]
    assert not climbing, climbing


def test_the_check_reads_imports_inside_functions_and_relative_ones() -> None:
    """The check can fail: a function-level import of the lab, and relative imports, are all seen."""
    source = "def f():\n    from wolfpack.sim.arena import play_game\nfrom .content import X\nfrom .. import hunt\n"
    found = _imported(source, "wolfpack.games.wolf")
    assert sorted(found) == ["wolfpack.games.hunt", "wolfpack.games.wolf.content", "wolfpack.sim.arena"]
    assert any(name.startswith(ABOVE) for name in found)
    assert "wolfpack.engine.game" in _imports(GAMES / "wolf" / "game.py")
