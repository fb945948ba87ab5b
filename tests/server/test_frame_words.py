"""The words a player reads at a table (issue 32, item 7): seeded random games of each table game played through
the frames the server builds for every seat and for a watcher (the turn sentence, the choices with their labels,
hints and tooltips, the log, the panels, the end, and the board's drawn words, tooltips and names of what you click),
and no text may hold an id of the content pack, a seat
number, a piece of notation, a plural after 1 or a hero's wrong pronoun."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.game import Game, State
from wolfpack.games.wolf.words import NOT_NAMED
from wolfpack.server.frames import game_view
from wolfpack.testing import random_acting_seat
from wolfpack.web.boards.svg import SVG_NS

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
BOARD_WORDS = re.compile(r'<title>(?P<title>.*?)</title>|data-label="(?P<label>[^"]*)"')
SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)
NOTATION = re.compile(
    r"hunter\d"  # Hunt's seats in notation
    r"|\b[A-Z]{1,2}=\S+:\d"  # Hunt's traps (E=trap-5:3)
    r"|\b[rybg]\d+[+-]\d\b"  # Spacewolves! moves (r4+3)
    r"|\b[1-6AWS][rybg]{2,}\b"  # Spacewolves! tiles in a position (Srrryyy: the Space Station and its spacemen)
    r"|\bdog-[a-z]+"  # Hunt's dog spaces
    r"|\((?:box|move|power|antidote|weapon|bare)\)"  # WOLF's roll purposes
    r"|…|\.\.\."  # a list cut short says how many more, never an ellipsis
    r"|for a side\b"  # a side unsaid ("played for a side"): the end knows every side
)
MAP_LABELS = {"wolves-on-the-hunt": frozenset({"N", "NE", "E", "SE", "S", "SW", "W", "NW"})}
"""Words a board draws alone as a map's own labels: Hunt's compass letters on its eight locations, as the rulebook's
map prints them (the locations' ids too; anywhere else, in a sentence, they must be words: "North-East")."""
PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,])\b1 (?:[a-z-]+ )?(?:squares|dice|points|hearts|cards|units|rounds|elders|dogs|spacemen|steps|wolves"
    r"|tiles|numbers|spaces|actions)\b"
)
"""A count of 1 before a plural noun ("1 squares", "1 object cards")."""


def texts(view: Mapping[str, Any], game: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of a rendered frame a player reads, tooltips and words drawn on the board too."""
    yield "turn", view["turn"]
    for match in BOARD_WORDS.finditer(view["board"]):  # the board's tooltips and the names of what you click
        titled = match["title"] is not None
        yield ("board title" if titled else "board label"), html.unescape(match["title"] if titled else match["label"])
    drawn_words = board_text(view["board"])
    yield from (("board text", drawn) for drawn in drawn_words if drawn not in MAP_LABELS.get(game, ()))
    for line in view["log"]:
        yield "log", line
    for group in view["choices"]:
        yield "group", group["group"]
        for item in group.get("items", []):
            yield "toggle", item["label"]
        for action in group["actions"]:
            yield "label", action["label"]
            for key in ("hint", "confirm", "explain"):
                if key in action:
                    yield key, action[key]
    panels = view["panels"]
    for panel in panels["seats"]:
        yield "panel title", panel["title"]
        yield from (("panel note", note) for note in panel["notes"])
        yield from (("panel fact", f"{item['label']}: {item['value']}") for item in panel["facts"])
    yield from (("shared fact", f"{item['label']}: {item['value']}") for item in panels["shared"])
    ending = view["ending"]
    if ending:
        yield "end", ending["headline"]
        yield "end", ending["decided"]
        yield from (("end", line["text"]) for line in ending["standings"])


def board_text(svg: str) -> list[str]:
    """The words drawn on a board, each <text> element's whole content (its <tspan>s joined), as a player sees them."""
    if not svg:
        return []
    root = ET.fromstring(svg)
    return [" ".join("".join(element.itertext()).split()) for element in root.iter(f"{{{SVG_NS}}}text")]


def pack_ids(game: Game[Any]) -> dict[str, str]:
    """{id: name} of every entry of the game's content pack whose id is not the word players read."""
    content = getattr(game, "content", None)
    found: dict[str, str] = {}
    if game.name == "wolves-on-the-hunt":
        wolves = [*content.wolves.day_wolves, *content.wolves.night_wolves, *content.wolves.pack_leaders]
        found |= {wolf.id: wolf.name for wolf in wolves}
        found |= {c.id: c.name for c in content.characters.characters}
        found |= {loc.id: loc.name for loc in content.map.locations}
        found |= {dog.id: "a dog" for dog in content.map.dog_spaces}
        found |= {space.id: "a space" for space in content.map.spaces}
    elif game.name == "wolf":
        found |= {hero.id: hero.name for hero in content.characters.heroes}
        found |= {power.id: power.name for power in content.characters.powers}
        found |= {card.id: card.name for card in content.objects.cards}
        found |= {unit: werewolf.name for unit, werewolf in content.werewolf_units()}
        found = {key: name for key, name in found.items() if key not in NOT_NAMED}
    return {key: name for key, name in found.items() if key != name}


def id_pattern(ids: Mapping[str, str]) -> re.Pattern[str] | None:
    """An id as a whole word of a text (case as the pack writes it): not part of a longer word or id."""
    if not ids:
        return None
    alternatives = "|".join(re.escape(key) for key in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")


def pronoun_problems(game: Game[Any], text: str) -> list[str]:
    """A hero named then given the other pronoun in the same sentence ("Miss Q shows his wolf cards")."""
    content = getattr(game, "content", None)
    if game.name != "wolf":
        return []
    wrong = {"he": r"(?<![\w-])(?:she|her|hers|herself)(?![\w-])", "she": r"(?<![\w-])(?:he|his|him|himself)(?![\w-])"}
    problems = []
    for hero in content.characters.heroes:
        pattern = wrong.get(hero.pronoun)
        if pattern and text.startswith(hero.name) and re.search(pattern, text[len(hero.name) :], re.IGNORECASE):
            problems.append(f"{hero.name} is '{hero.pronoun}'")
    return problems


def problems_in(game: Game[Any], where: str, text: str, legal: Sequence[str], ids: re.Pattern[str] | None) -> list[str]:
    """What is wrong with one text: each finding named."""
    found = []
    if ids is not None and (match := ids.search(text)):
        found.append(f"the pack's id {match.group(1)!r}")
    if SEAT_NUMBER.search(text):
        found.append("a seat number")
    if match := NOTATION.search(text):
        found.append(f"notation {match.group(0)!r}")
    multiword = [action for action in legal if " " in action or any(ch.isdigit() for ch in action)]
    if spelled := next((action for action in multiword if action in text), None):
        found.append(f"the action's notation {spelled!r}")
    if match := PLURAL_AFTER_ONE.search(text):
        found.append(f"a plural after 1: {match.group(0)!r}")
    found += pronoun_problems(game, text)
    return [f"{where}: {text!r}: {finding}" for finding in found]


EXPLAINED = {
    "wolves-on-the-hunt": frozenset({"power", "knife", "rifle", "trap", "samovar", "outwit"}),
    "wolf": frozenset({"power", "fire", "flytox", "watch", "box", "rollers", "antidote", "glasses", "barricade"}),
}
"""The verbs whose power or object a choice explains where it is offered (issue 32, item 10)."""


def unexplained(game: str, view: Mapping[str, Any]) -> list[str]:
    """The offered powers and objects whose choice says nothing of what they do."""
    verbs = EXPLAINED.get(game, frozenset())
    missing = []
    for group in view["choices"]:
        for action in group["actions"]:
            words = action["action"].removeprefix("extra ").split()
            if words and words[0] in verbs and not action.get("explain"):
                missing.append(f"choice {action['label']!r} ({words[0]}): no words on what it does")
    return missing


def play_and_read(game_name: str, players: int, seed: int, every: int) -> list[str]:
    """Play a seeded random game, reading every seat's and a watcher's frame every `every` steps and at the end;
    every problem found, each once."""
    game = wolfpack.load_game(game_name, players=players)
    ids = id_pattern(pack_ids(game))
    state: State[Any] = game.new_initial_state()
    rng = random.Random(seed)
    names = list(NAMES[:players])
    problems: dict[str, None] = {}
    step = 0
    while True:
        over = state.is_terminal()
        if over or step % every == 0:
            for seat in (None, *range(players)):
                legal = [] if seat is None or over else [state.action_to_string(a) for a in state.legal_actions(seat)]
                view = game_view(game, state, seat, legal, True, names)
                for where, text in texts(view, game_name):
                    problems.update(dict.fromkeys(problems_in(game, where, text, legal, ids)))
                problems.update(dict.fromkeys(unexplained(game_name, view)))
        if over:
            return list(problems)
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            player = state.current_player()
            player = random_acting_seat(state, rng) if player == SIMULTANEOUS else player
            state.apply_action(rng.choice(state.legal_actions(player)), player)
        step += 1


GAMES = [("spacewolves", 3, 2), ("wolves-on-the-hunt", 2, 1), ("wolf", 3, 10)]
"""(game, players, read every this many steps): one seeded game each in `make test`, a few seconds in all."""
MORE_GAMES = [("spacewolves", 4, 1), ("wolves-on-the-hunt", 4, 1), ("wolf", 3, 3), ("wolf", 6, 3)]


@pytest.mark.parametrize(("game", "players", "every"), GAMES)
def test_no_text_a_player_reads_holds_an_id_a_seat_number_or_notation(game: str, players: int, every: int) -> None:
    problems = play_and_read(game, players, 1, every)
    assert not problems, "\n".join(problems[:40])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "every"), [*GAMES, *MORE_GAMES])
def test_many_seeded_games_read_in_words_only(game: str, players: int, every: int) -> None:
    problems = [problem for seed in range(2, 10) for problem in play_and_read(game, players, seed, every)]
    assert not problems, "\n".join(problems[:40])


def test_the_checks_catch_what_the_issue_found() -> None:
    """Each finding of the issue, as it was written, is caught: the checks can fail."""
    game = wolfpack.load_game("wolf", players=3)
    ids = id_pattern(pack_ids(game))
    hunt = wolfpack.load_game("wolves-on-the-hunt", players=2)
    hunt_ids = id_pattern(pack_ids(hunt))
    assert problems_in(hunt, "label", "The dog dog-s", [], hunt_ids)
    assert problems_in(hunt, "label", "Power hunter0:3", ["power hunter0:3"], hunt_ids)
    assert problems_in(game, "title", "power force", ["power force"], ids)
    assert problems_in(game, "turn", "Seat 2 moves July up to 1 squares.", [], ids)
    assert problems_in(game, "prompt", "You may: Move; Attack; ….", [], ids)
    assert problems_in(game, "log", "Miss Q shows his wolf cards: grey", [], ids)
    assert problems_in(game, "label", "Look at miss-q", [], ids)
    assert problems_in(game, "end", "Ann (Norbert): played for a side, lost", [], ids)
    drawn = '<svg xmlns="http://www.w3.org/2000/svg"><text>Sides known: <tspan>seat 1</tspan> heroes</text></svg>'
    assert board_text(drawn) == ["Sides known: seat 1 heroes"]  # the words drawn on a board are read too
    assert problems_in(game, "board text", board_text(drawn)[0], [], ids)
    assert problems_in(hunt, "board text", "dog N", [], hunt_ids)
    assert problems_in(hunt, "board text", "E-SE", [], hunt_ids)
    spacewolves = wolfpack.load_game("spacewolves", players=3)
    assert problems_in(spacewolves, "board text", "Srrryyy", [], None)
    assert not problems_in(spacewolves, "board text", "Space Station", [], None)
    assert not problems_in(game, "log", "Jack Ventura shows his wolf cards: grey", [], ids)
    assert not problems_in(game, "turn", "July moves up to 1 square.", [], ids)
