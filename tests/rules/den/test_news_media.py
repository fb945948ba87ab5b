"""Rulebook "Player Roles", News Media (both editions): the Media alone speak to the whole room; their broadcast,
towards the end of each turn, is public, and Control then tells each ship its effect on morale (`control news`).
Seats: media/anchor and media/reporter."""

from __future__ import annotations

import pytest

from wolfpack.games.den.media import SHOWN_BROADCASTS
from wolfpack.games.den.notation import quote

from .helpers import act, begin, both, control, log, refused, seat, verbs
from .test_control import control_refused

ANCHOR = "media/anchor"


@both
@pytest.mark.parametrize("step", ["start", "action", "team"])
def test_the_media_broadcast_to_the_whole_room_in_any_words(edition: str, step: str) -> None:
    state = begin(edition, step)
    assert verbs(state, ANCHOR, "broadcast"), "a Media seat is offered a broadcast"
    story = 'Riots on the Dione: is the "Captain" in control?'
    act(state, ANCHOR, f"broadcast {quote(story)}")
    for viewer in (None, 0, seat(state, "icebreaker/captain"), seat(state, "media/reporter")):
        shown = state.observation(viewer)["broadcasts"]
        assert [(b["by"], b["text"], b["turn"]) for b in shown] == [(ANCHOR, story, 1)]
    assert f'INC broadcast ({ANCHOR}): "{story}"' in log(state, "icebreaker/captain")


@both
def test_only_the_media_broadcast_and_never_an_empty_story(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/captain", 'broadcast "We surrender"').rule == "media only"
    assert not verbs(state, "dione/captain", "broadcast")
    assert refused(state, ANCHOR, 'broadcast "   "').rule == "empty"
    assert state.broadcasts == []


@both
def test_views_show_the_latest_broadcasts_and_the_log_keeps_every_one(edition: str) -> None:
    state = begin(edition, "action")
    stories = [f"Story {n}" for n in range(SHOWN_BROADCASTS + 2)]
    for story in stories:
        act(state, ANCHOR, f"broadcast {quote(story)}")
    assert [b["text"] for b in state.observation(None)["broadcasts"]] == stories[-SHOWN_BROADCASTS:]
    assert all(f'INC broadcast ({ANCHOR}): "{story}"' in log(state, None) for story in stories)


@both
def test_control_then_sets_each_ships_news(edition: str) -> None:
    state = begin(edition, "team")
    act(state, ANCHOR, 'broadcast "The Dione hoards water"')
    control(state, "control news dione -1")
    assert state.ships["dione"]["news"] == -1


@both
def test_control_sets_a_broadcasts_effect_on_several_ships_in_one_action(edition: str) -> None:
    state = begin(edition, "team")
    act(state, ANCHOR, 'broadcast "The Dione and the Carmine share their water"')
    action = "control news-effects dione:+1,carmine:+2,icebreaker:-1"
    assert state.parse_action(action, 0) == action
    control(state, "control news dione -1", action)
    assert [state.ships[sid]["news"] for sid in ("dione", "carmine", "icebreaker")] == [0, 2, -1]
    assert state.observation(0)["news"] == {"carmine": 2, "icebreaker": -1}
    # Each team reads its own effect alone, as if it had been set by itself.
    assert "Control: news carmine +2" in log(state, "carmine/captain")
    assert not [line for line in log(state, "dione/captain") if "carmine" in line and "news" in line]


@both
@pytest.mark.parametrize(
    ("step", "effects", "rule"),
    [
        ("action", "dione:+1", "phase"),
        ("team", "dione:+1,nowhere:-1", "unknown ship"),
        ("team", "dione:+1,dione:-1", "repeated"),
        ("team", "dione:+1,carmine:+0", "no change"),
    ],
)
def test_news_effects_outside_the_team_phase_or_naming_a_ship_amiss_are_refused(
    edition: str, step: str, effects: str, rule: str
) -> None:
    state = begin(edition, step)
    before = state.to_json()
    assert not state.is_legal(f"control news-effects {effects}", 0)
    assert control_refused(state, f"control news-effects {effects}").rule == rule
    assert state.to_json() == before


@both
def test_a_position_saved_before_broadcasts_loads_with_none(edition: str) -> None:
    state = begin(edition, "action")
    position = state.to_dict()["position"]
    del position["broadcasts"]
    loaded = state.game.state_from_position(position)
    assert loaded.broadcasts == [] and loaded.observation(None)["broadcasts"] == []
