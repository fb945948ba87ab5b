"""Whole games of every game over real WebSockets: each frame carries exactly its seat's view and never another
seat's secret (canaries planted in every secret), and a watcher sees only the public view."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import wolfpack
from wolfpack.server.tables import Table, apply_notation

from .live import Client, ThreadedServer, create_table, follow

GAMES = [
    ("spacewolves", {"players": 3}),
    ("wolves-on-the-hunt", {"players": 2}),
    ("wolf", {"players": 3, "max_rounds": 3}),
    ("wolf", {"players": 2, "max_rounds": 2}),
]
PROBE_EVERY = 7
"""Plant canaries every this many actions (and at the start and the end)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    path: Path = tmp_path_factory.mktemp("live") / "live.db"
    with ThreadedServer(f"sqlite:///{path}") as live:
        yield live


async def _plant_canaries(table: Table) -> dict[int | None, tuple[set[str], set[str]]]:
    """Show every connection a canary copy of the state for one moment, then the real state again."""
    async with table.lock:
        real = table.state
        canary, expected = real.with_canaries()
        table.state = canary
        try:
            table._notify()
        finally:
            table.state = real
            table._notify()
    return expected


Probe = tuple[dict[int | None, tuple[set[str], set[str]]], dict[int | None, list[str]]]
"""What a probe expected each viewer to see and not see, and the frames each viewer got meanwhile."""


def _probe(server: ThreadedServer, table_id: str, clients: dict[int | None, Client]) -> list[Probe]:
    start = {viewer: len(client.raw) for viewer, client in clients.items()}
    expected = server.call(_plant_canaries(server.hall.get(table_id)))
    for client in clients.values():  # a pong comes after every frame queued before it: the probe's are read
        client.send({"type": "ping"})
        client.until(lambda f: f["type"] == "pong")
    # A secret's canary is the same string at every probe, and may be revealed later: judge each probe's own frames.
    return [(expected, {viewer: client.raw[start[viewer] :] for viewer, client in clients.items()})]


def _play(server: ThreadedServer, game: str, options: dict[str, Any], seed: int) -> tuple[Any, ...]:
    table = create_table(server.base, game, options, humans=options["players"], seed=seed)
    tokens = [seat["token"] for seat in table["seats"]]
    clients: dict[int | None, Client] = {
        seat: Client(server.base, table["id"], token, render=True) for seat, token in enumerate(tokens)
    }
    clients[None] = Client(server.base, table["id"], None, render=True)
    rng = random.Random(seed)
    probes = _probe(server, table["id"], clients)
    actions = 0
    while True:
        version = server.hall.get(table["id"]).version
        frames = {seat: client.at_version(version) for seat, client in clients.items()}
        if frames[None]["status"] == "over":
            break
        seat = rng.choice([s for s, f in frames.items() if s is not None and f["legal"]])
        reply = clients[seat].act(rng.choice(frames[seat]["legal"]), request_id=f"r{actions}")
        assert reply["type"] == "ack", reply
        actions += 1
        if actions % PROBE_EVERY == 0:
            probes += _probe(server, table["id"], clients)
    probes += _probe(server, table["id"], clients)
    for client in clients.values():
        client.close()
    return table["id"], clients, probes, actions


def _canaries(probes: list[Probe]) -> set[str]:
    return {c for expected, _ in probes for seen, hidden in expected.values() for c in seen | hidden}


class Played(NamedTuple):
    """A whole game played over real sockets: what it was, and every frame each viewer was sent."""

    game: str
    options: dict[str, Any]
    table_id: str
    clients: dict[int | None, Client]
    probes: list[Probe]
    actions: int


@pytest.fixture(scope="module", params=GAMES, ids=[f"{g}-{o['players']}p" for g, o in GAMES])
def played(request: pytest.FixtureRequest, server: ThreadedServer) -> Played:
    """One whole game of each kind, whose frames both tests below judge (each for what it proves)."""
    game, options = request.param
    return Played(game, options, *_play(server, game, options, seed=11))


def test_no_frame_carries_another_seats_secret(played: Played) -> None:
    """Canaries planted in every secret along a whole game: each seat's frames show its own, never another's."""
    game, options, _, _, probes, actions = played
    assert actions > 0
    information = wolfpack.load_game(game, **options).info.information
    if information == "imperfect":
        assert any(expected for expected, _ in probes), "the game has secrets, so canaries must have been planted"
    for expected, received in probes:
        for viewer, (seen, hidden) in expected.items():
            frames = received[viewer]
            for canary in hidden:
                assert not any(canary in text for text in frames), f"{viewer}'s frames show hidden {canary!r}"
            for canary in seen:
                assert any(canary in text for text in frames), f"{viewer} never saw its own {canary!r}"


def test_every_frame_is_exactly_the_seats_view(server: ThreadedServer, played: Played) -> None:
    """Each state frame is the seat's observation, log and legal actions at its version: nothing more, nothing less."""
    game, options, table_id, clients, probes, _ = played
    canaries = _canaries(probes)
    events = server.hall.store.events(table_id)
    state = wolfpack.load_game(game, **options).new_initial_state()
    views: dict[tuple[int, int | None], dict[str, Any]] = {}
    for version in range(len(events) + 1):
        for viewer in clients:
            legal = [] if viewer is None or state.is_terminal() else state.legal_actions(viewer)
            views[(version, viewer)] = {
                "observation": state.observation(viewer),
                "log": state.log(viewer),
                "legal": [state.action_to_string(a) for a in legal],
            }
        if version < len(events):
            apply_notation(state, events[version].action, events[version].player)
    checked = 0
    for viewer, client in clients.items():
        whole: dict[str, Any] | None = None
        for text in client.raw:
            frame = json.loads(text)
            if frame["type"] != "state":
                continue
            whole = follow(whole, frame)  # every frame counts for the log, a probe's too
            if any(c in text for c in canaries):
                continue  # a probe's frame, checked by the canary test
            assert frame["seat"] == viewer
            view = views[(frame["version"], viewer)]
            assert {key: whole[key] for key in view} == view
            checked += 1
    assert checked >= len(clients)
