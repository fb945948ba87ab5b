"""A view's changes as a patch: only the parts of an observation that differ from the one a device holds.

A patch is `{"set": [[path, value], ...], "unset": [path, ...]}`, where a path is the list of keys that leads from
the observation to a value. Only mappings are walked into: a list that changed is sent whole. Unlike a JSON merge
patch (RFC 7396) it can say "this is now null", which Den of Wolves' views do (no attack under way). The pages
apply it with `applyPatch` in static/js/live.js; `apply_patch` here is the same for Python clients and tests.
"""

from __future__ import annotations

from typing import Any

Patch = dict[str, list[Any]]


def observation_patch(old: dict[str, Any], new: dict[str, Any]) -> Patch:
    """What turns `old` into `new`: the values that changed or appeared, and the keys that went."""
    changed: list[list[Any]] = []
    removed: list[list[str]] = []
    _compare(old, new, [], changed, removed)
    return {"set": changed, "unset": removed}


def _compare(old: dict[str, Any], new: dict[str, Any], path: list[str], changed: list[Any], removed: list[Any]) -> None:
    """Add to `changed` and `removed` what differs between two mappings at `path`."""
    for key, value in new.items():
        if key not in old:
            changed.append([[*path, key], value])
            continue
        before = old[key]
        if before == value:  # a deep comparison in C: most of a view is unchanged
            continue
        if isinstance(before, dict) and isinstance(value, dict):
            _compare(before, value, [*path, key], changed, removed)
        else:
            changed.append([[*path, key], value])
    removed.extend([*path, key] for key in old if key not in new)


def apply_patch(observation: dict[str, Any], patch: Patch) -> dict[str, Any]:
    """`observation` with `patch` applied, as a new mapping: the given one and its parts are left as they were."""
    result = dict(observation)
    copied: set[tuple[str, ...]] = {()}
    for path, value in patch["set"]:
        _parent(result, path, copied)[path[-1]] = value
    for path in patch["unset"]:
        _parent(result, path, copied).pop(path[-1], None)
    return result


def _parent(root: dict[str, Any], path: list[str], copied: set[tuple[str, ...]]) -> dict[str, Any]:
    """The mapping that holds `path`'s last key, each mapping on the way copied once (never changed in place)."""
    node = root
    for depth, key in enumerate(path[:-1], start=1):
        prefix = tuple(path[:depth])
        if prefix not in copied:
            node[key] = dict(node[key])
            copied.add(prefix)
        node = node[key]
    return node
