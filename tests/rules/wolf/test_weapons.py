"""Rulebook chapter 8, "Weapon attacks": the card is spent, the line of fire must be clear of walls and units (and
barricades), the distance picks the score on the Weapons Table, two dice must reach it; the chainsaw and the sabre
only against a unit sharing a side; every weapon but the revolver may break a barricade."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from .helpers import clear_wolves, give_objects, hero_turn, legal, load, outcomes, play, position, put

DATA = Path(str(files("wolfpack.games.wolf.data")))


def shooter(*cards: str, at: str = "c18", wolf: str = "d18", **others: str) -> dict:
    """Jack's special action on `at` holding `cards`, she-wolf-3 on `wolf` (she-wolf-2 far away on j1), the other
    heroes where `others` says (keyword: hero id with _ for -)."""
    data = position()
    clear_wolves(data, "she-wolf-2", "she-wolf-3")
    put(data, "she-wolf-3", wolf)
    put(data, "jack", at)
    for hero, square in others.items():
        put(data, hero.replace("_", "-"), square)
    give_objects(data, "jack", *cards)
    hero_turn(data, "jack")
    return data


@pytest.mark.parametrize(
    ("wolf", "needed"),
    [("d18", 3), ("d19", 3), ("e18", 5), ("f19", 5), ("g18", 8), ("i18", 8), ("j18", 11), ("m18", 11)],
)
def test_the_score_needed_is_the_weapons_column_at_the_distance(wolf: str, needed: int) -> None:
    """Shotgun: 3 adjacent, 5 at 2-3, 8 at 4-6, 11 at 7-10; distance counts diagonal steps (d19 is adjacent)."""
    state = play(load(shooter("shotgun", wolf=wolf)), f"fire shotgun {wolf}")
    assert state.pending["at_least"] == needed and state.pending["dice"] == 2


def test_beyond_the_last_band_a_weapon_does_not_reach() -> None:
    assert "fire shotgun n18" not in legal(load(shooter("shotgun", wolf="n18")))  # 11: the shotgun stops at 10
    assert "fire hunting-rifle n18" in legal(load(shooter("hunting-rifle", wolf="n18")))


def test_two_dice_are_rolled_for_a_weapon() -> None:
    state = play(load(shooter("shotgun", wolf="g18")), "fire shotgun g18")
    assert outcomes(state)["roll 7"] == pytest.approx(6 / 36) and outcomes(state)["roll 2"] == pytest.approx(1 / 36)


def test_an_organisers_pack_sets_how_many_dice_a_weapon_rolls(tmp_path: Path) -> None:
    """The pack's `rolls.weapon_dice` decides the dice added for a shot and for the antidote (three: 3 to 18)."""
    components = (DATA / "components.toml").read_text(encoding="utf-8")
    assert "weapon_dice = 2 " in components
    (tmp_path / "components.toml").write_text(components.replace("weapon_dice = 2 ", "weapon_dice = 3 "), "utf-8")
    state = play(load(shooter("shotgun", wolf="g18"), content=str(tmp_path)), "fire shotgun g18")
    assert state.pending["dice"] == 3
    assert outcomes(state)["roll 3"] == pytest.approx(1 / 216) and outcomes(state)["roll 10"] == pytest.approx(27 / 216)
    assert set(outcomes(state)) == {f"roll {total}" for total in range(3, 19)}


def test_reaching_the_score_removes_the_unit_for_good() -> None:
    state = play(load(shooter("shotgun", wolf="g18")), "fire shotgun g18", "roll 8")
    assert not state.wolves["she-wolf-3"]["alive"] and state.wolves["she-wolf-3"]["square"] is None


def test_below_the_score_the_unit_stays_and_the_card_is_spent_anyway() -> None:
    state = play(load(shooter("shotgun", wolf="g18")), "fire shotgun g18", "roll 7")
    assert state.wolves["she-wolf-3"]["square"] == "g18"
    assert state.heroes["jack"]["objects"] == [] and state.discard == ["shotgun"]


def test_silver_bullets_are_fired_with_the_heroes_gun() -> None:
    state = play(load(shooter("silver-bullet", wolf="g18")), "fire silver-bullet g18")
    assert state.pending["at_least"] == 8  # the gun's column at 4-6
    assert state.discard == ["silver-bullet"]


def test_a_wall_stops_the_line_of_fire() -> None:
    assert "fire shotgun n15" not in legal(load(shooter("shotgun", at="n19", wolf="n15")))  # n17 is a wall
    assert "fire shotgun n15" in legal(load(shooter("shotgun", at="m15", wolf="n15")))


def test_a_unit_between_stops_the_line_of_fire() -> None:
    state = load(shooter("shotgun", wolf="g18", miss_q="e18"))
    assert "fire shotgun g18" not in legal(state)
    assert "fire shotgun e18" in legal(state)  # Miss Q, a hero who may be a suspect, is in reach


def test_a_barricade_between_stops_the_line_of_fire() -> None:
    """From the Hall's h11 along row 11, the barricade on d11 shields the wolf on b11 in the garden."""
    state = load(shooter("shotgun", at="h11", wolf="b11"))
    assert "fire shotgun d11" in legal(state) and "fire shotgun b11" not in legal(state)
    data = shooter("shotgun", at="h11", wolf="b11")
    data["barricades"].remove("d11")
    assert "fire shotgun b11" in legal(load(data))


def test_trees_logs_and_furniture_do_not_stop_the_line_of_fire() -> None:
    """Interpretation 9: a log on h23 and a tree on j23 stand between g23 and k23."""
    assert "fire shotgun k23" in legal(load(shooter("shotgun", at="g23", wolf="k23")))


def test_invisible_and_intoxicated_units_do_not_stop_the_line_of_fire() -> None:
    for status, value in (("invisible", 1), ("intoxicated", True)):
        data = shooter("shotgun", wolf="g18", miss_q="e18")
        data["heroes"]["miss-q"][status] = value
        assert "fire shotgun g18" in legal(load(data))


def test_two_units_touching_at_the_corner_the_line_passes_stop_it() -> None:
    data = shooter("shotgun", at="c18", wolf="d19", miss_q="c19")
    assert "fire shotgun d19" in legal(load(data))  # one unit at the corner does not
    data = shooter("shotgun", at="c18", wolf="d19", miss_q="c19", july="d18")
    assert "fire shotgun d19" not in legal(load(data))


def test_an_invisible_unit_cannot_be_shot() -> None:
    data = shooter("shotgun", wolf="g18")
    data["wolves"]["she-wolf-3"]["invisible"] = 1
    assert legal(load(data), "fire") == []


def test_hand_to_hand_weapons_need_a_shared_side() -> None:
    assert legal(load(shooter("chainsaw", wolf="d18")), "fire") == ["fire chainsaw d18"]
    assert legal(load(shooter("chainsaw", wolf="d19")), "fire") == []  # diagonal
    assert legal(load(shooter("sabre", wolf="e18")), "fire") == []
    state = play(load(shooter("sabre", wolf="d18")), "fire sabre d18")
    assert state.pending["at_least"] == 5


def test_every_weapon_but_the_revolver_may_break_a_barricade() -> None:
    for weapon in ("shotgun", "chainsaw", "sabre", "crossbow", "flamethrower", "hunting-rifle", "silver-bullet"):
        state = load(shooter(weapon, at="m18", wolf="a19"))
        assert f"fire {weapon} m17" in legal(state), weapon
    assert legal(load(shooter("revolver", at="m18", wolf="a19")), "fire revolver m17") == []


def test_a_shot_barricade_is_removed() -> None:
    state = play(load(shooter("shotgun", at="m18", wolf="a19")), "fire shotgun m17", "roll 3")
    assert "m17" not in state.barricades


def test_a_weapon_may_be_fired_at_a_suspect_hero_who_dies_if_hit() -> None:
    state = play(load(shooter("shotgun", wolf="a19", miss_q="e18")), "fire shotgun e18", "roll 5")
    assert not state.heroes["miss-q"]["alive"]
    assert state.observation(3)["heroes"]["miss-q"]["wolf_cards"] == ["grey"]
