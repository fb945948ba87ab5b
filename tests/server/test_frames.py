"""What a frame holds beyond the state: the panels and the end's summary of a rendered frame, and the replay of a
finished table, step by step, as each seat saw it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from wolfpack.server.frames import CHECKPOINT_EVERY, GameReplay, replay_frame, state_frame
from wolfpack.server.tables import apply_notation
from wolfpack.web.boards import board_svg, turn_text
from wolfpack.web.panels import seat_panels

HUMAN = {"kind": "human"}
RAW_RETURN = re.compile(r":\s*-?\d+(\.\d+)?$")
"""A line that ends in a bare number after a colon: how the end used to show returns ("Ann: 0.25")."""


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


def finished(server: Any, game: str, options: dict[str, Any], players: int) -> str:
    """A table of people played to its end by the first legal action; its id."""
    created = server.create(game, options, [HUMAN] * players)
    server.play_out(created["id"])
    return str(created["id"])


def replay_of(server: Any, table_id: str) -> GameReplay:
    table = server.table(table_id)
    return GameReplay(table.game, server.hall.store.events(table_id))


def test_a_rendered_frame_carries_the_panels_read_from_the_seats_observation(server: Any) -> None:
    tid = server.create("wolf", {"players": 3}, [HUMAN] * 3)["id"]
    table = server.table(tid)
    for seat in (None, 0, 2):
        frame = state_frame(table, seat, render=True)
        assert frame["panels"] == jsonable(seat_panels("wolf", table.state.observation(seat), seat))
        assert [panel["you"] for panel in frame["panels"]["seats"]] == [s == seat for s in range(3)]
        assert frame["ending"] is None
    assert "panels" not in state_frame(table, 0, render=False)


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [("spacewolves", {"players": 3}, 3), ("wolves-on-the-hunt", {"players": 2}, 2), ("wolf", {"players": 3}, 3)],
)
def test_the_end_says_who_won_in_words_never_as_raw_returns(
    server: Any, game: str, options: dict[str, Any], players: int
) -> None:
    tid = finished(server, game, options, players)
    table = server.table(tid)
    returns = table.state.returns()
    for seat in range(players):
        ending = state_frame(table, seat, render=True)["ending"]
        lost = returns[seat] == table.game.info.min_return
        assert ending["headline"].startswith(("You lost",) if lost else ("You won", "You share the win"))
        assert ending["outcome"] in ("won", "shared", "lost", "drawn")
        assert ending["decided"].endswith(".")
        assert sorted(line["seat"] for line in ending["standings"]) == list(range(players))
        ranks = [line["rank"] for line in ending["standings"]]
        assert ranks == sorted(ranks) and ranks[0] == 1  # best first, numbered by rank
        for line in ending["standings"]:
            assert table.seats[line["seat"]].name in line["text"]
            assert not RAW_RETURN.search(line["text"]), line["text"]
    watching = state_frame(table, None, render=True)["ending"]
    assert watching["outcome"] == "watching" and not watching["headline"].startswith("You")


# ---- the replay ------------------------------------------------------------------------------------------------


def test_each_replay_step_is_exactly_the_seats_view_at_that_step(server: Any) -> None:
    """A step's frame holds the seat's observation, log, board and panels of the position after that many events,
    built afresh here by playing the stored events on a new state; the pack's frames differ where cards are hidden."""
    tid = finished(server, "wolf", {"players": 3, "max_rounds": 2}, 3)
    table = server.table(tid)
    replay = replay_of(server, tid)
    assert replay.steps == table.version
    state = table.game.new_initial_state()
    differs = 0
    for step in range(replay.steps + 1):
        if step:
            event = replay.events[step - 1]
            apply_notation(state, event.action, event.player)
        for seat in (None, 0):
            frame = replay_frame(table, replay, seat, step)
            assert frame["type"] == "replay" and frame["step"] == step and frame["seat"] == seat
            observation = state.observation(seat)
            assert frame["observation"] == jsonable(observation)
            assert frame["log"] == state.log(seat)
            assert frame["board"] == board_svg("wolf", observation, seat)
            assert frame["panels"] == jsonable(seat_panels("wolf", observation, seat))
            assert frame["legal"] == [] and frame["choices"] == []
        differs += state.observation(0) != state.observation(2)
    assert differs > 0, "the game never hid anything from seat 0 that the pack saw: the test would prove nothing"
    end = replay_frame(table, replay, 0, replay.steps)
    assert end["observation"] == jsonable(table.state.observation(0)) and end["ending"] is not None


@pytest.mark.parametrize(
    ("game", "options", "players"), [("spacewolves", {"players": 3}, 3), ("wolf", {"players": 2, "max_rounds": 1}, 2)]
)
def test_a_replay_step_tells_the_turn_as_past_never_as_your_turn(
    server: Any, game: str, options: dict[str, Any], players: int
) -> None:
    """A step the seat was to act at says who acted as a watcher would ("Red moves ..."), not "Your turn": the
    moment is past. It is read from the seat's own observation, so it tells no more than the seat saw."""
    tid = finished(server, game, options, players)
    table = server.table(tid)
    replay = replay_of(server, tid)
    state = table.game.new_initial_state()
    theirs = 0
    for step in range(replay.steps):
        if step:
            event = replay.events[step - 1]
            apply_notation(state, event.action, event.player)
        frame = replay_frame(table, replay, 0, step)
        assert not frame["turn"].startswith("Your turn"), frame["turn"]
        assert frame["turn"] == turn_text(game, state.observation(0), None)
        theirs += turn_text(game, state.observation(0), 0).startswith("Your turn")
    assert theirs > 0, "seat 0 was never to act: the test would prove nothing"


def test_a_hero_seats_replay_never_shows_a_wolf_card_the_seat_did_not_see(server: Any) -> None:
    """With three players the hero seats never see their wolf cards (the pack does): no face of one is anywhere in
    seat 0's replay frames until a card turns public (a death, the end), while the pack's frames show them."""
    tid = finished(server, "wolf", {"players": 3, "max_rounds": 2}, 3)
    table = server.table(tid)
    replay = replay_of(server, tid)
    faces = re.compile(r"\b(black|grey)\b")
    checked = shown_to_pack = 0
    for step in range(replay.steps + 1):
        state = replay.state_at(step)
        public = state.observation(None)
        if state.is_terminal() or any(card != "?" for h in public["heroes"].values() for card in h["wolf_cards"]):
            break
        mine = json.dumps(replay_frame(table, replay, 0, step))
        assert not faces.search(mine), f"step {step}: seat 0 was shown a wolf card's face"
        shown_to_pack += bool(faces.search(json.dumps(replay_frame(table, replay, 2, step)["observation"])))
        checked += 1
    assert checked > 10 and shown_to_pack > 0


def test_stepping_back_then_forward_gives_identical_frames(server: Any) -> None:
    tid = finished(server, "wolves-on-the-hunt", {"players": 2}, 2)
    table = server.table(tid)
    replay = replay_of(server, tid)
    assert replay.steps > 2 * CHECKPOINT_EVERY  # so that stepping back starts from a kept copy
    steps = [*range(0, replay.steps + 1, 7), replay.steps]
    forward = [replay_frame(table, replay, 1, step) for step in steps]
    backward = [replay_frame(table, replay, 1, step) for step in reversed(steps)]
    again = [replay_frame(table, replay, 1, step) for step in steps]
    assert forward == again == backward[::-1]
    fresh = replay_of(server, tid)  # no copies kept yet: every event played from the start
    assert replay_frame(table, fresh, 1, steps[-2]) == forward[-2]


def test_a_step_outside_the_game_is_refused_by_name(server: Any) -> None:
    tid = finished(server, "spacewolves", {"players": 3}, 3)
    replay = replay_of(server, tid)
    for step in (-1, replay.steps + 1):
        with pytest.raises(ValueError, match=f"step {step} is outside this game's steps 0 to {replay.steps}"):
            replay.state_at(step)
