"""docs/event.md against the code: its roster example imports, its commands and options exist, and every test it
cites is there."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer

from wolfpack.cli import app
from wolfpack.event.model import Event
from wolfpack.event.roster import BOT, CONTROL, PERSON

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "event.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", DOC, re.S | re.M)


@pytest.mark.parametrize("edition", ["classic", "infinite"])
def test_the_roster_example_imports_into_either_edition(edition: str, request: pytest.FixtureRequest) -> None:
    event: Event = request.getfixturevalue(edition)
    (example,) = _blocks("csv")
    imported = event.import_roster(example)
    assert imported.roster.merged() == {
        "Ann Smith": [event.seat("dione/captain").index, event.seat("dione/council-member").index]
    }
    kinds = [holder.kind for holder in imported.roster.holders if holder is not None]
    assert (kinds.count(PERSON), kinds.count(BOT), kinds.count(CONTROL)) == (4, 1, 2)  # Control's seat, the Warden


def _commands() -> list[list[str]]:
    lines = []
    for block in _blocks("sh"):
        for command in block.replace("\\\n", " ").splitlines():
            lines.append(shlex.split(command))
    return lines


def test_every_command_and_option_the_page_shows_exists() -> None:
    root: Any = typer.main.get_command(app)
    shown = _commands()
    assert len(shown) >= 10
    context = root.context_class(root)
    for words in shown:
        assert words[0] == "wolfpack", words
        command = root.get_command(context, words[1])
        rest = words[2:]
        if hasattr(command, "get_command"):  # a group of commands: `wolfpack event ...`
            command = command.get_command(context, rest[0])
            rest = rest[1:]
        assert command is not None, words
        options = {name for param in command.params for name in getattr(param, "opts", [])}
        for word in rest:
            if word.startswith("--"):
                assert word in options, f"{' '.join(words)}: no option {word}"


def test_every_test_the_page_cites_exists() -> None:
    cited = set(re.findall(r"`(test_\w+\.py)::(test_\w+)`", DOC))
    assert len(cited) >= 6
    for module, name in sorted(cited):
        source = (ROOT / "tests" / "event" / module).read_text(encoding="utf-8")
        assert re.search(rf"^def {name}\(", source, re.M), f"{module}::{name}"
