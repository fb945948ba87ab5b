"""`benchmarks/server_vs_bgio.py`'s command line (its run needs Node, npm and a minute: `make bench-bgio`): a bad
option is refused by name before anything is installed or started."""

from __future__ import annotations

import pytest

from .scripts import benchmark_script

bench = benchmark_script("server_vs_bgio")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--targets", "wolfpack,colyseus"], "--targets: unknown colyseus; choose from wolfpack, wolfpack-raw, bgio"),
        (["--targets", ","], "--targets: unknown (none given)"),
        (["--rate", "0"], "--rate and --seconds positive"),
        (["--tables", "0"], "--tables must be at least 1"),
    ],
)
def test_a_bad_option_is_refused_by_name(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench.main(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err


def test_the_targets_run_in_the_order_given() -> None:
    assert bench.parse_args(["--targets", "bgio, wolfpack"]).targets == ["bgio", "wolfpack"]
