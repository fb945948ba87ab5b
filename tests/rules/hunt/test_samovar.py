"""Rulebook section "Samovar": one step up the Knife, Rifle or Traps track."""

from __future__ import annotations

from .helpers import legal, load, play, position


def test_the_samovar_climbs_one_step_of_the_chosen_track() -> None:
    state = play(load(position()), "take black6", "write samovar", "samovar knife")
    assert state.hunters[0]["stats"]["knife"] == 2 and state.stat(0, "knife") == 2


def test_a_track_at_its_end_cannot_climb() -> None:
    data = position()
    data["hunters"][0]["stats"]["rifle"] = 8
    state = play(load(data), "take black6", "write samovar")
    assert legal(state, "samovar") == ["samovar knife", "samovar traps"]
