"""A view's patch (wolfpack.server.patch): applied to the observation it was made from, it gives the new one."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from wolfpack.server.patch import apply_patch, observation_patch

keys = st.sampled_from(["a", "b", "c", "ships", "hold"])
leaves = st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=3)
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4))
observations = st.dictionaries(keys, values, max_size=5)


@given(observations, observations)
def test_a_patch_turns_the_old_observation_into_the_new_and_leaves_the_old_as_it_was(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    kept = copy.deepcopy(old)
    patch = observation_patch(old, new)
    assert apply_patch(old, patch) == new
    assert old == kept, "the observation a device holds is not changed in place"
    assert json.loads(json.dumps(patch)) == patch, "a patch is plain JSON"


def test_a_patch_names_only_what_changed_down_to_the_changed_value() -> None:
    old = {"turn": 3, "panels": {"dione": {"hold": {"fuel": 4, "food": 2}}, "aegis": {"hold": {"fuel": 9}}}}
    new = {"turn": 3, "panels": {"dione": {"hold": {"fuel": 3, "food": 2}}, "aegis": {"hold": {"fuel": 9}}}}
    assert observation_patch(old, new) == {"set": [[["panels", "dione", "hold", "fuel"], 3]], "unset": []}


def test_a_value_that_becomes_null_or_goes_away_is_said_so() -> None:
    old = {"attack": {"round": 2}, "news": "x", "laws": [1, 2]}
    new = {"attack": None, "laws": [1]}
    patch = observation_patch(old, new)
    assert patch == {"set": [[["attack"], None], [["laws"], [1]]], "unset": [["news"]]}
    assert apply_patch(old, patch) == new
