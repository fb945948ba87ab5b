"""WOLF's log in words: heroes, werewolf units, object cards and powers by their names in the content pack, never by
id, and naming shows a seat nothing its masked log did not already say."""

from __future__ import annotations

import random
import re

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.wolf.content import load_wolf_content
from wolfpack.games.wolf.state import WolfState
from wolfpack.games.wolf.words import NOT_NAMED, namer


def played(seed: int, players: int = 6) -> WolfState:
    """A random game of a few rounds."""
    state = wolfpack.load_game("wolf", players=players, max_rounds=4).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    assert isinstance(state, WolfState)
    return state


def pack_ids() -> list[str]:
    """Every id the log used to print: heroes, werewolf units, object cards."""
    content = load_wolf_content()
    heroes = [hero.id for hero in content.characters.heroes]
    units = [unit_id for unit_id, _ in content.werewolf_units()]
    cards = [card.id for card in content.objects.cards if card.id not in NOT_NAMED]
    return heroes + units + cards


def test_every_line_names_heroes_units_and_cards_from_the_pack_not_by_id() -> None:
    state = played(seed=4)
    ids = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, pack_ids())) + r")(?![\w-])")
    events = [event[0] for event in state.events]
    assert any(ids.search(text) for text in events), "the events keep the ids (the determinizer reads them)"
    for viewer in (None, *range(state.players)):
        for line in state.log(viewer):
            assert not ids.search(line) and line[:1].isupper(), (viewer, line)
    assert any(line.startswith("Jack Ventura ") for line in state.log(None))


def test_naming_shows_a_seat_nothing_its_masked_log_did_not() -> None:
    state = played(seed=4)
    say = namer(state.content).line
    public = state.log(None)
    assert public == [say(event[0]) for event in state.events]
    for seat in range(state.players):
        lines = state.log(seat)
        assert len(lines) == len(public)
        for mine, everyone in zip(lines, public, strict=True):
            assert mine == everyone or mine.startswith(everyone + ": ")  # only the seat's own secrets are added


def test_units_cards_and_powers_read_with_their_names() -> None:
    say = namer(load_wolf_content()).line
    assert say("she-wolf-1 moves to q2") == "She-wolf 1 moves to q2"
    assert say("boss bites jack") == "The Boss bites Jack Ventura"
    assert say("zord fires the shotgun at werewolf-3: 7 or more needed") == (
        "Doctor Zord fires the Shotgun at Werewolf 3: 7 or more needed"
    )
    assert say("july tries the vision power") == "July tries the Vision power"
    assert say("the barricade on r4 is destroyed") == "The barricade on r4 is destroyed"  # the unit, not the card
    assert say("miss-q picks a card from the pile on e5: teleportation-box") == (
        "Miss Q picks a card from the pile on e5: Teleportation Box"
    )
