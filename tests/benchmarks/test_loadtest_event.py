"""`benchmarks/loadtest_event.py` in short: a live Den of Wolves event with 20 devices, every kind of action, and the
delivery check (the stored history replayed: each device sent an update exactly where its view changed).

The full run (`make loadtest-event`: 600 devices, 50 actions/s, 10 minutes) measures; this one checks behaviour only
(no timing is asserted), on a count of actions rather than a time.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from .scripts import BENCHMARKS, benchmark_script

SCRIPT = BENCHMARKS / "loadtest_event.py"
SHORT_RUN = [
    "--devices", "20", "--tablets", "3", "--rate", "10", "--actions", "24", "--warmup", "0.3",
    "--advance-every", "5", "--verb-every", "4", "--message-every", "7", "--no-pin", "--progress", "0",
]  # fmt: skip


@pytest.fixture(scope="module")
def short_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The figures of one short run."""
    out = tmp_path_factory.mktemp("loadtest-event") / "figures.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *SHORT_RUN, "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures: dict[str, Any] = json.loads(out.read_text())
    return figures


@pytest.fixture(scope="module")
def scripts() -> tuple[ModuleType, ModuleType]:
    """The benchmark's modules (loadkit, then loadtest_event), imported as the script imports them."""
    return benchmark_script("loadkit"), benchmark_script("loadtest_event")


def test_every_action_is_answered_without_an_error_or_a_lost_connection(short_run: dict[str, Any]) -> None:
    started = short_run["actions"]["started"]
    acts = started.get("seat", 0) + started.get("advance", 0) + started.get("verb", 0)
    assert acts + started.get("message", 0) == 24
    assert short_run["errors"] == {} and short_run["lost"] == 0 and short_run["disconnects"] == {}
    assert short_run["actions"]["acked"] + short_run["actions"]["no_legal_action"] == acts
    assert short_run["latency_ms"]["count"] == short_run["actions"]["acked"]


def test_the_run_plays_seats_controls_advance_with_its_confirmation_its_verbs_and_messages(
    short_run: dict[str, Any],
) -> None:
    counts = {kind: figures["count"] for kind, figures in short_run["latency_ms_by_kind"].items()}
    assert counts["advance"] >= 4 and counts["verb"] >= 4 and counts["seat"] >= 1
    assert short_run["actions"]["started"]["message"] >= 2
    assert short_run["confirms"] >= 1  # an advance in a timed phase with time left asks first
    assert short_run["check"]["turn"] >= 2  # the advances moved the event on


def test_every_device_is_sent_an_update_exactly_where_its_view_changed(short_run: dict[str, Any]) -> None:
    check = short_run["check"]
    assert check["devices_checked"] == 20 and check["devices_skipped"] == 0
    assert check["actions_checked"] >= short_run["actions"]["acked"]
    assert check["updates_expected"] > 0
    assert check["updates_missing"] == 0 and check["updates_extra"] == 0
    assert short_run["actions"]["devices_reached_max"] == 20  # an advance changes every view: all 20 hear of it


def test_every_kind_of_device_reads_its_frames(short_run: dict[str, Any]) -> None:
    traffic = short_run["traffic"]
    assert {kind: traffic[kind]["devices"] for kind in traffic} == {"desk": 3, "projector": 2, "tablet": 3, "phone": 12}
    for kind in ("desk", "projector", "tablet", "phone"):
        assert traffic[kind]["state"]["frames"] > 0, kind
    assert traffic["desk"]["legal"]["frames"] > 0 and traffic["desk"]["ack"]["frames"] > 0


def test_the_devices_plan_fits_the_event(scripts: tuple[ModuleType, ModuleType], tmp_path: Path) -> None:
    _, load = scripts
    event = load.create_event(f"sqlite:///{tmp_path / 'plan.db'}", "infinite-domain", 40, 3)
    plan = load.plan_devices(event, 200, 3, 2, None, random.Random(0))
    kinds = [device.kind for device in plan]
    assert len(plan) == 200 and kinds.count("desk") == 3 and kinds.count("projector") == 2
    assert kinds.count("tablet") == len(event.ships)
    assert [event.seats[d.seat].team for d in plan if d.kind == "tablet"] == list(event.ships)
    for device in plan:
        if device.kind in ("phone", "tablet"):
            assert event.seat_for_token(device.token) == device.seat != 0
        elif device.kind == "desk":
            assert device.seat == 0 and event.operator_for_token(device.token) is not None
        else:
            assert device.seat is None and device.token is None
    phones = [d.seat for d in plan if d.kind == "phone"]
    per_seat = {phones.count(seat) for seat in set(phones)}
    assert len(set(phones)) == len(event.seats) - 1 and max(per_seat) - min(per_seat) <= 1  # even, every player


def test_a_plan_without_room_for_a_phone_is_refused(scripts: tuple[ModuleType, ModuleType], tmp_path: Path) -> None:
    kit, load = scripts
    event = load.create_event(f"sqlite:///{tmp_path / 'plan.db'}", "infinite-domain", 40, 3)
    with pytest.raises(kit.SetupError, match="leave no phone"):
        load.plan_devices(event, 10, 3, 2, 5, random.Random(0))
    with pytest.raises(kit.SetupError, match="--tablets 99"):
        load.plan_devices(event, 200, 3, 2, 99, random.Random(0))


def test_percentiles_and_slopes(scripts: tuple[ModuleType, ModuleType]) -> None:
    kit, _ = scripts
    values = [float(v) for v in range(1, 101)]
    assert (kit.percentile(values, 50), kit.percentile(values, 99), kit.percentile(values, 100)) == (50.0, 99.0, 100.0)
    assert kit.slope_per_minute([(0.0, 10.0), (30.0, 11.0), (60.0, 12.0)]) == pytest.approx(2.0)
    assert kit.latency_figures([0.002, 0.001, 0.003])["p50"] == 2.0
