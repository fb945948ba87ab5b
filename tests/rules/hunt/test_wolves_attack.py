"""Rulebook section "2. Wolves Attack": from North clockwise, each wolf's damage to one target the players choose."""

from __future__ import annotations

from wolfpack import CHANCE

from .helpers import legal, load, play, position, put_wolf, refused


def attack_phase(*wolves: tuple[str, str], players: int = 1) -> dict:
    """Everyone but seat 0 has passed; seat 0 (Joanna on N-NE) is about to pass: then the wolves attack."""
    data = position(players=players)
    data.update(step="choose", turns=[1] * players, passed=[False] + [True] * (players - 1))
    for location, wolf in wolves:
        put_wolf(data, location, wolf)
    return data


def test_the_first_wolf_clockwise_from_north_attacks_first() -> None:
    state = play(load(attack_phase(("E", "day-15"), ("N", "day-16"))), "pass")
    assert state.tasks[-1] == ["target", "N"]
    assert legal(state) == ["target dog dog-n", "target elder", "target hunter0"]
    play(state, "target elder")
    assert state.tasks[-1] == ["target", "E"] and legal(state) == ["target dog dog-e", "target elder"]


def test_a_hunter_takes_all_the_wolfs_damage() -> None:
    state = play(load(attack_phase(("N", "day-16"))), "pass", "target hunter0")
    assert state.hunters[0]["hearts"] == 6


def test_a_dog_bites_back_for_one() -> None:
    state = play(load(attack_phase(("N", "day-16"))), "pass", "target dog dog-n")
    assert state.dogs["dog-n"] == 2 and state.wolves["N"]["damage"] == 1


def test_a_dog_dies_at_its_third_damage_and_still_bites() -> None:
    data = attack_phase(("N", "day-16"))
    data["dogs"]["dog-n"] = 2
    state = play(load(data), "pass", "target dog dog-n")
    assert state.dogs["dog-n"] is None and state.wolves["N"]["damage"] == 1


def test_a_dog_bite_kills_without_a_bonus() -> None:
    state = play(load(attack_phase(("N", "day-16"))), "pass")
    state.wolves["N"]["damage"] = 2
    play(state, "target dog dog-n")
    assert "N" not in state.wolves and state.hunters[0]["hearts"] == 8  # day-16's heal is not earned


def test_an_elder_dies_from_any_attack() -> None:
    state = play(load(attack_phase(("N", "day-16"))), "pass", "target elder")
    assert state.elders == 1


def test_a_wolf_with_only_the_elders_to_attack_needs_no_choice() -> None:
    data = attack_phase(("S", "day-16"))
    data["dogs"]["dog-s"] = None
    state = play(load(data), "pass")
    assert state.elders == 1 and state.current_player() == CHANCE


def test_an_outwitted_wolf_does_not_attack() -> None:
    data = attack_phase(("N", "day-16"))
    data["wolves"]["N"]["outwit"] = True
    state = play(load(data), "pass")
    assert state.elders == 2 and state.current_player() == CHANCE


def test_the_holder_of_the_cross_chooses_the_target() -> None:
    data = attack_phase(("N", "day-16"), players=2)
    data["cross"] = 1
    data["active"] = 0
    state = play(load(data), "pass")
    assert state.current_player() == 1
    assert refused(state, "target elder", seat=0).rule == "turn"


def test_an_aggressive_wolf_adds_one_to_every_attack() -> None:
    state = play(load(attack_phase(("N", "day-16"), ("S", "night-08"))), "pass", "target hunter0")
    assert state.hunters[0]["hearts"] == 8 - 3
