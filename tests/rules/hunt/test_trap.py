"""Rulebook section "Trap": up to two traps, value at most the Traps stat, on the two adjacent locations."""

from __future__ import annotations

from .helpers import legal, load, play, position, refused


def nadia(space: str = "S-SW", traps_step: int = 4) -> dict:
    """Nadia (Traps step 4: 3) on `space` with a yellow 3 to take."""
    data = position(characters=("nadia",))
    data["hunters"][0]["space"] = space
    data["hunters"][0]["stats"]["traps"] = traps_step
    return data


def test_traps_go_on_the_two_adjacent_locations_with_values_up_to_the_stat() -> None:
    state = play(load(nadia(traps_step=1)), "take yellow3", "write trap")
    # Traps 1: only the 1 sides of trap-1 and trap-2
    assert legal(state, "trap") == sorted(
        [
            "trap S=trap-1:1",
            "trap S=trap-2:1",
            "trap SW=trap-1:1",
            "trap SW=trap-2:1",
            "trap S=trap-1:1 SW=trap-2:1",
            "trap S=trap-2:1 SW=trap-1:1",
        ]
    )
    assert refused(state, "trap S=trap-3:2").rule == "trap"
    assert refused(state, "trap N=trap-1:1").rule == "trap"


def test_the_west_south_west_space_adds_one_to_the_trap_value() -> None:
    state = play(load(nadia("SW-W", traps_step=1)), "take yellow3", "write trap")
    assert "trap W=trap-3:2" in legal(state, "trap")


def test_a_token_on_the_map_is_not_in_the_supply() -> None:
    data = nadia(traps_step=1)
    data["traps"] = {"N": [["trap-1", 2]]}
    state = play(load(data), "take yellow3", "write trap")
    assert legal(state, "trap") == ["trap S=trap-2:1", "trap SW=trap-2:1"]


def test_placed_traps_wait_on_empty_locations() -> None:
    state = play(load(nadia()), "take yellow3", "write trap", "trap S=trap-6:3 SW=trap-5:3")
    assert state.traps == {"S": [["trap-6", 3]], "SW": [["trap-5", 3]]}
