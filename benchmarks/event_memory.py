"""What a live Den of Wolves event's memory grows by, headless: the load test's mix of actions played through the
live server's own view code, without sockets, database or clock (docs/event.md, "Speed").

    nice -n 10 .venv/bin/python benchmarks/event_memory.py                       # 12,000 actions (about 1 min)
    .venv/bin/python benchmarks/event_memory.py --actions 3000 --json /tmp/memory.json

An Infinite Domain event of 40 turns (52 seats) is played from a seed: a random seat plays one of its legal actions
(trying up to 4 seats, as `benchmarks/loadtest_event.py` does), every 119th action is Control's advance (after what
it waits for: jumps resolved, the wolves' round, the attack's end), every 25th a news or settle Control's list
offers, else Control setting a ship's hold to what it holds; chance is rolled at once. After each action every
viewer's view is asked of a `LiveEvent` as a device would (`LiveEvent.view`, which builds a view only when its
version moved, with its patch and its new log lines), and the patch frame is encoded; each action's request id is
remembered as the server does (`LiveEvent.requests`, bounded); and each time the version passes a multiple of
`--snapshot-every` (the server's `SNAPSHOT_EVERY`, 100) the whole state is encoded as the server's snapshot is
(`json.dumps(state.to_dict())`, then let go), since its passing peak is part of what the server's RSS shows.

Measured every `--every` actions: this process's RSS, and the bytes held by each part of what the event keeps (a
deep `sys.getsizeof` walk, each object counted once): the history, the log, the audiences' indices, the views'
observations and patches, the request ids, the position. The report gives each part's growth per version (a
version is an action or a chance outcome) over the second half of the run, when the bounded caches are full, and
the RSS slope over the same half.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import psutil  # type: ignore[import-untyped, unused-ignore]  # no types-psutil in the dev extra

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.event.history import SNAPSHOT_EVERY, snapshot_due
from wolfpack.event.live import LiveEvent
from wolfpack.games.den.notation import quote
from wolfpack.games.den.state import FIELDS, DenState
from wolfpack.server.tables import apply_notation

MOVING_ON = ("control advance", "control resolve-jumps", "control wolf-round", "control end-attack")
"""Control's verbs that move the event on, in the order the load test's desk tries them."""
SEATS_PER_SLOT = 4


def deep_size(root: object, seen: set[int]) -> int:
    """Bytes held by `root` and everything it reaches that `seen` does not hold yet (then added to it)."""
    total, stack = 0, [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif isinstance(item, str | bytes | int | float | array) or item is None:
            continue
        elif hasattr(item, "__dict__"):
            stack.append(vars(item))
        else:
            slots = (name for cls in type(item).__mro__ for name in getattr(cls, "__slots__", ()))
            stack.extend(getattr(item, name) for name in slots if hasattr(item, name))
    return total


def parts(live: LiveEvent) -> dict[str, int]:
    """The bytes held by each part of what the event keeps, each object counted once (in this order)."""
    state = live.state
    assert isinstance(state, DenState)
    seen: set[int] = set()
    views = list(live._views.values())
    held: dict[str, Callable[[], object]] = {
        "history": lambda: state._history,
        "log": lambda: state.events,
        "log indices": lambda: state.logs,
        "views' observations": lambda: [view.observation for view in views],
        "views' patches and new lines": lambda: [(view.patch, view.fresh, view.previous) for view in views],
        "request ids": lambda: live.requests,
        "position": lambda: {name: getattr(state, name) for name in FIELDS},
        "view versions": lambda: state.versions,
    }
    return {name: deep_size(get(), seen) for name, get in held.items()}


class Replay:
    """The event and the views a server keeps of it."""

    def __init__(self, seed: int, turns: int, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        game = wolfpack.load_game("den-of-wolves", edition="infinite-domain", turns=turns)
        self.state = game.new_initial_state()
        self.rng, self.dice = random.Random(seed), random.Random(seed + 1)
        # Only the view code is used: no event, store, clock or writer.
        self.live = LiveEvent(None, None, self.state, 0, None, None)  # type: ignore[arg-type]
        self.viewers: list[int | None] = [None, *range(self.state.num_players())]
        self.sent: dict[int | None, int] = {}
        self.snapshot_every = snapshot_every
        self.settle()
        self.fan_out()

    def settle(self) -> None:
        """Roll every pending chance event, as the server does."""
        while self.state.is_chance_node():
            self.state.apply_action(sample_chance_outcome(self.state, self.dice))
            self.live.version += 1

    def act(self, seat: int, text: str) -> None:
        """Apply one action in notation, its chance, and remember its request id; the snapshot when one is due."""
        before = self.live.version
        apply_notation(self.state, text, seat)
        self.live.version += 1
        self.settle()
        if self.snapshot_every and snapshot_due(before, self.live.version, self.snapshot_every):
            json.dumps(self.state.to_dict())
        self.live._remember(seat, f"request-{self.live.version}-{self.rng.random()}", text, self.live.version)

    def fan_out(self) -> None:
        """Every viewer's view as a device asks for it, and the update frame of each whose view changed."""
        live = self.live
        for viewer in self.viewers:
            view = live.view(viewer)
            if self.sent.get(viewer) != view.view_version:
                json.dumps({"patch": view.patch, "log": view.fresh} if view.patch else view.observation)
                self.sent[viewer] = view.view_version
        live._frames.clear()

    def step(self, number: int) -> None:
        """The `number`-th action of the load test's mix."""
        state, rng = self.state, self.rng
        if number % 119 == 0:
            for _ in MOVING_ON:
                legal = set(state.legal_actions(0))
                offered = [verb for verb in MOVING_ON if verb in legal]
                if not offered:
                    return
                self.act(0, offered[0])
                if offered[0] == "control advance":
                    return
        elif number % 25 == 0:
            offered = [a for a in state.legal_actions(0) if a.startswith(("control news ", "control settle "))]
            if offered:
                self.act(0, rng.choice(offered))
            else:
                assert isinstance(state, DenState)
                ship = rng.choice(sorted(state.ships))
                resource = rng.choice(sorted(state.ships[ship]["hold"]))
                held = state.ships[ship]["hold"][resource]
                self.act(0, f"control set {ship}.{resource} {held} {quote('load test: hold counted')}")
        else:
            for _ in range(SEATS_PER_SLOT):
                seat = rng.randrange(1, state.num_players())
                legal = state.legal_actions(seat)
                if legal:
                    self.act(seat, rng.choice(legal))
                    return


def measure(actions: int, every: int, seed: int, turns: int, snapshot_every: int = SNAPSHOT_EVERY) -> dict[str, Any]:
    """Play `actions` actions and sample the memory every `every`."""
    replay = Replay(seed, turns, snapshot_every)
    process = psutil.Process()
    samples: list[dict[str, Any]] = []
    started = time.perf_counter()
    for number in range(1, actions + 1):
        if replay.state.is_terminal():
            break
        replay.step(number)
        replay.fan_out()
        if number % every == 0:
            gc.collect()
            sample = {"actions": number, "version": replay.live.version, "rss": process.memory_info().rss}
            samples.append({**sample, **parts(replay.live)})
    half = samples[len(samples) // 2 :]
    first, last = half[0], half[-1]
    versions = last["version"] - first["version"]
    growth = {key: (last[key] - first[key]) / versions for key in first if key not in ("actions", "version")}
    return {
        "actions": samples[-1]["actions"],
        "versions": samples[-1]["version"],
        "seconds": round(time.perf_counter() - started, 1),
        "second_half_versions": versions,
        "bytes_per_version": {key: round(value, 1) for key, value in growth.items()},
        "at_end_kib": {key: round(value / 1024) for key, value in last.items() if key not in ("actions", "version")},
        "samples": samples,
    }


def report(figures: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    lines = [
        f"{figures['actions']} actions, {figures['versions']} versions in {figures['seconds']} s;"
        f" growth per version over the second half ({figures['second_half_versions']} versions):"
    ]
    for key, value in figures["bytes_per_version"].items():
        lines.append(f"  {key:<30} {value:8.1f} B/version   {figures['at_end_kib'][key]:8} KiB at the end")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the replay and print (and optionally save) its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--actions", type=int, default=12_000, help="actions to play (default 12,000)")
    parser.add_argument("--every", type=int, default=500, help="sample every n actions (default 500)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=40, help="turns of the event (default 40, as the load test)")
    parser.add_argument(
        "--snapshot-every",
        type=int,
        default=SNAPSHOT_EVERY,
        help="encode the state as a snapshot every n versions (0: never)",
    )
    parser.add_argument("--json", help="write every figure and sample to this file")
    args = parser.parse_args(argv)
    if args.every < 1 or args.actions < 2 * args.every:
        parser.error("--actions must be at least twice --every (two samples in the second half)")
    figures = measure(args.actions, args.every, args.seed, args.turns, args.snapshot_every)
    print(report(figures))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=1)


if __name__ == "__main__":
    main()
