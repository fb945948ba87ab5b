"""Rulebook section "3. End of Round": end-of-round abilities, every die rolled again, outwits off, the cross passes."""

from __future__ import annotations

from .helpers import load, outcomes, play, position, put_wolf, resolve_chance


def round_end(players: int = 2) -> dict:
    """Every hunter has passed but seat 0, who passes now; no wolf can attack anyone."""
    data = position(players=players)
    data.update(step="choose", turns=[1] * players, passed=[False] + [True] * (players - 1))
    return data


def test_all_seven_dice_are_rolled_again_including_taken_and_captured_ones() -> None:
    data = round_end()
    data["dice"]["red"][1] = "hunter1"
    put_wolf(data, "N", "day-10")
    data["wolves"]["N"]["outwit"] = True  # no attack: straight to the end of the round
    data["dice"]["green"][1] = "day-10"
    state = play(load(data), "pass")
    assert [t[1] for t in reversed(state.tasks) if t[0] == "roll"] == [
        "red",
        "green",
        "yellow",
        "purple",
        "black",
        "blue",
        "white",
    ]
    assert outcomes(state) == {f"roll {v}": 1 / 6 for v in range(1, 7)}
    play(state, *(f"roll {v}" for v in (6, 6, 6, 6, 6, 6, 6)))
    assert state.dice["red"] == [6, "pool"] and state.dice["green"] == [6, "day-10"]


def test_the_printed_dice_are_emptied_so_each_round_a_hunter_takes_three_again() -> None:
    data = round_end()
    data.update(passed=[False, False], turns=[3, 3], active=0)
    for colour, seat in (("red", 0), ("green", 0), ("yellow", 0), ("purple", 1), ("black", 1), ("blue", 1)):
        data["dice"][colour][1] = f"hunter{seat}"
    state = load(data)  # both hunters hold three dice: both pass without a choice
    assert state.phase == "wolves"
    play(state, *(["roll 2"] * 7))
    assert state.round == 2 and all(where == "pool" for _, where in state.dice.values())
    assert state.active == 1 and state.tasks[-1] == ["face", "day"]  # seat 1's first turn begins at once
    resolve_chance(state)
    play(state, "take red2", "write knife", "end")
    assert state.dice["red"] == [2, "hunter1"] and state.active == 0


def test_outwits_come_off_the_cross_passes_and_a_new_round_begins() -> None:
    data = round_end()
    put_wolf(data, "N", "day-15", outwit=True)
    state = play(load(data), "pass", *(["roll 1"] * 7))
    assert state.round == 2 and state.cross == 1 and state.active == 1
    assert not state.wolves["N"]["outwit"]
    assert state.turns == [0, 1] and state.passed == [False, False]


def test_an_outwitted_capturer_takes_its_die_again_after_the_roll() -> None:
    data = round_end()
    put_wolf(data, "N", "day-10", outwit=True)
    state = play(load(data), "pass", *(["roll 2"] * 7))
    assert state.dice["green"][1] == "day-10"


def test_end_of_round_abilities_act_after_the_attacks() -> None:
    data = round_end()
    put_wolf(data, "W", "day-07", outwit=False)
    put_wolf(data, "NW", "day-15", damage=2, outwit=True)
    data["dogs"]["dog-w"] = None
    state = play(load(data), "pass")  # day-07 attacks an elder, then heals its neighbours
    assert state.elders == 1 and state.wolves["NW"]["damage"] == 0
