"""Wolves on the Hunt in words: each action of the log is a sentence, hunters counted from 1, wolves and
characters by their names in the content pack, and the notation beside it (log_notation, records)."""

from __future__ import annotations

import io
import json
import re

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.engine.play import decision_order
from wolfpack.engine.records import Match
from wolfpack.games.hunt.state import HuntState

CARD_ID = re.compile(r"\b(day|night|leader)-\d+\b")


def played(seed: int, players: int = 3) -> tuple[HuntState, list[int | str]]:
    """A whole game between random bots, and who took each action as the record says (a seat, or "chance")."""
    game = wolfpack.load_game("wolves-on-the-hunt", players=players)
    record = io.StringIO()
    match = Match(game, seed, record=record)
    bots = [make_bot(game, "random", seed * 10 + seat) for seat in range(players)]
    state = match.state
    while not state.is_terminal():
        if state.is_chance_node():
            match.roll()
            continue
        simultaneous = state.is_simultaneous_node()
        for seat, _ in decision_order(state, len(state.history())):
            action = bots[seat].step(state, seat if simultaneous else None)
            if action is not None:
                match.apply(action, seat if simultaneous else None)
                break
    lines = [json.loads(line) for line in record.getvalue().splitlines()]
    assert isinstance(state, HuntState)
    return state, [line["player"] for line in lines if "action" in line]


def test_the_log_is_words_with_the_notation_beside_it() -> None:
    state, _ = played(seed=5)
    log, notation = state.log(), state.log_notation()
    assert notation == state.history() and len(log) == len(notation) > 40
    assert all(line.endswith(".") and line[0].isupper() for line in log), log
    assert not set(log) & set(notation)


def test_hunters_are_counted_from_one_in_every_line() -> None:
    state, players = played(seed=5)
    for line, text, player in zip(state.log(), state.log_notation() or [], players, strict=True):
        assert "Hunter 0" not in line and not re.search(r"hunter\d", line)  # the notation's seats never show
        if player != "chance":  # the seat that acted, free actions of the other seats included, from 1
            assert line.startswith(f"Hunter {int(player) + 1} "), (text, line)
        if text.startswith("target hunter"):
            assert line.endswith(f"at Hunter {int(text.removeprefix('target hunter')) + 1}.")
    free = [text for text in state.history() if text.startswith(("modify", "reroll"))]
    assert free, "the game should use free actions, so the log names who used them"


def test_wolves_and_characters_are_named_from_the_content_pack_not_by_id() -> None:
    state, _ = played(seed=5)
    content = state.content
    named = 0
    for line, text in zip(state.log(), state.log_notation() or [], strict=True):
        assert not CARD_ID.search(line), line
        kind, _, value = text.partition(" ")
        if kind in ("face", "howl", "leader"):
            assert content.wolf(value).name in line
            named += 1
        elif kind == "character":
            assert content.character(value).name in line
            named += 1
    assert named >= 4


def test_a_rolled_die_a_taken_die_and_a_modified_die_in_words() -> None:
    state, _ = played(seed=5)
    pairs = dict(zip(state.log_notation() or [], state.log(), strict=True))
    take = next(text for text in pairs if text.startswith("take "))
    colour, value = take.split()[1][:-1], take.split()[1][-1]
    assert pairs[take].endswith(f"takes the {colour} die ({value}).")
    modify = next((text for text in pairs if text.startswith("modify ")), None)
    if modify is not None:
        die, way = modify.split()[1:]
        after = int(die[-1]) + (1 if way == "up" else -1)
        assert pairs[modify].endswith(f"turns the {die[:-1]} die ({die[-1]}) {way} to {after}.")


def test_the_terminal_picture_counts_hunters_from_one_and_names_wolves_without_ids() -> None:
    state, _ = played(seed=5)
    picture = str(state)
    assert "Hunter 1" in picture and "hunter 0" not in picture.lower() and "hunter0" not in picture
    assert not CARD_ID.search(picture)


def test_a_copy_keeps_who_took_each_free_action_and_a_loaded_save_falls_back_to_the_notation() -> None:
    state, _ = played(seed=5)
    assert state.clone().log() == state.log() != state.log_notation()
    assert state.seats_at_simultaneous_nodes(), "free actions were taken at simultaneous nodes"
    loaded = state.game.state_from_json(state.to_json())
    assert loaded.seats_at_simultaneous_nodes() == {}
    assert loaded.log() == loaded.log_notation() == state.history()


def test_the_log_tells_what_each_attack_did() -> None:
    """Issue 32, item 6: hearts lost, a wolf killed, a dog or an elder killed are told on the line of the action
    after which they happened, never left for the end screen."""
    told = {"hearts": 0, "wolf": 0, "elder": 0, "dog": 0}
    for seed in range(2):
        end, players = played(seed, players=2)
        lines = end.log()
        state = wolfpack.load_game("wolves-on-the-hunt", players=2).new_initial_state()
        for line, action, player in zip(lines, end.history(), players, strict=True):
            assert isinstance(state, HuntState)
            hearts = [int(hunter["hearts"]) for hunter in state.hunters]
            elders, dogs = state.elders, {dog for dog, damage in state.dogs.items() if damage is not None}
            wolves = {wolf["id"]: wolf for wolf in state.wolves.values()}
            state.apply_action(action, player if isinstance(player, int) and state.is_simultaneous_node() else None)
            for seat, hunter in enumerate(state.hunters):
                if int(hunter["hearts"]) < hearts[seat]:
                    assert f"Hunter {seat + 1} loses" in line, line
                    told["hearts"] += 1
            for wolf_id in set(wolves) - {wolf["id"] for wolf in state.wolves.values()}:
                if any(wolf_id in cards for cards in state.discard.values()):
                    assert f"{state.content.wolf(wolf_id).name} at" in line and "is killed" in line, line
                    told["wolf"] += 1
            if state.elders < elders:
                assert "elder" in line and f"({state.elders} left)" in line, line
                told["elder"] += 1
            if {dog for dog, damage in state.dogs.items() if damage is None} & dogs:
                assert "is killed" in line, line
                told["dog"] += 1
    assert all(count > 0 for count in told.values()), told
