"""Tournaments: bots seated in turn over seeded games, rated with a multiplayer rating system (OpenSkill).

    >>> import tempfile, pathlib
    >>> from wolfpack.sim.simulate import InlineExecutor, simulate
    >>> from wolfpack.sim.tournament import make_tournament_spec, ladder
    >>> spec = make_tournament_spec("spacewolves", {"players": 3}, "heuristic,random,random", seed=1)
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "t.parquet"
    >>> simulate(spec, games=6, out=out, executor=InlineExecutor()).played
    6
    >>> list(ladder(out)["entrant"])
    ['heuristic', 'random 1', 'random 2']

A tournament is a `wolfpack simulate` run whose bots change from game to game (`RunSpec.entrants`): game `i` seats
the entrants `wolfpack.sim.arena.seating` names, so over a full round every entrant sits in every seat and meets
every other equally often. Its rows are the same Parquet rows as any run's (with an `entrants` column), so
`wolfpack analyze` reads them, and a run that stops goes on where it stopped. A bot may be entered twice: its two
entries are rated apart, which shows how far apart two equal bots can land (docs/bots.md, "Tournaments").

The rating is OpenSkill's Plackett-Luce model, fed the games in their order: in a game where seats compete, each
seat is its own team, ranked by its return (equal returns tie); in a game of one shared result (Wolves on the Hunt,
Den of Wolves) the seated bots are one team, and the game itself is the other, so a bot's rating says how often the
teams it sat in beat the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import pandas as pd
from openskill.models import PlackettLuce, PlackettLuceRating

from wolfpack.bots import bot_for, bot_seat_names
from wolfpack.sim.analyze import is_shared_result, max_return, read_results, wilson_interval, winning_seats
from wolfpack.sim.simulate import RunSpec, SimulationError, file_identity, make_spec, open_sim_game, resolve_bots

THE_GAME: Final = "the game"
"""The opponent every team plays in a game of one shared result."""

INTERVAL_SIGMAS: Final = 2.0
"""A rating's interval is its mean +- this many standard deviations (about 95%)."""


def entrant_labels(entrants: Sequence[str]) -> list[str]:
    """Each entrant's name in the tables: its bot's name, numbered from 1 where a bot is entered more than once."""
    titles = bot_seat_names(list(entrants))
    return [
        f"{name} {title.rsplit(' ', 1)[1]}" if entrants.count(name) > 1 else name
        for name, title in zip(entrants, titles, strict=True)
    ]


def make_tournament_spec(
    game_name: str, options: Mapping[str, Any], bots: str, seed: int, engine: str = "scalar"
) -> RunSpec:
    """Check a tournament's game, options and entrants (comma-separated bot names, at least one per seat)."""
    if engine != "scalar":
        raise SimulationError("a tournament seats other bots every game: it is played by the scalar engine only")
    spec = make_spec(game_name, options, None, seed)
    game = open_sim_game(game_name, options)
    names = [bot_for(game, name.strip()) for name in bots.split(",") if name.strip()]
    for name in dict.fromkeys(names):
        resolve_bots(game, name)  # refuses a bot the game does not have, naming those it has
    seats = len(spec.bots)
    if len(names) < max(seats, 2):
        raise SimulationError(
            f"--bots: {spec.game} here has {seats} seats, so a tournament needs at least {max(seats, 2)} entrants "
            f"(a bot may be entered more than once: {','.join([names[0]] * max(seats, 2))})"
        )
    return RunSpec(spec.game, spec.options_json, bots=tuple(names[:seats]), seed=seed, entrants=tuple(names))


def ratings(games: pd.DataFrame, entrants: Sequence[str]) -> list[PlackettLuceRating]:
    """Each entrant's OpenSkill rating after the tournament's games, fed in their order."""
    model = PlackettLuce()
    current = [model.rating(name=label) for label in entrant_labels(entrants)]
    game = str(games["game"].iloc[0]) if len(games) else ""
    shared = is_shared_result(game)
    top = max_return(game)
    opponent = model.rating(name=THE_GAME)
    for row in games.sort_values("index").to_dict("records"):
        seated = [int(entrant) for entrant in row["entrants"]]
        if shared:
            won = bool(winning_seats(row, top))
            team, (opponent,) = model.rate(
                [[current[e] for e in seated], [opponent]], ranks=[0.0, 1.0] if won else [1.0, 0.0]
            )
            for entrant, rated in zip(seated, team, strict=True):
                current[entrant] = rated
        else:
            returns = [float(value) for value in row["returns"]]
            ranks = [float(sum(other > value for other in returns)) for value in returns]
            rated_teams = model.rate([[current[e]] for e in seated], ranks=ranks)
            for entrant, (rated,) in zip(seated, rated_teams, strict=True):
                current[entrant] = rated
    return current


def ladder(path: Path) -> pd.DataFrame:
    """A tournament's table from its results file: each entrant's games, wins (with a Wilson interval), mean return
    and OpenSkill rating (mean, interval, and the ordinal mu - 3 sigma it is ordered by), best first."""
    games = read_results(path)
    identity = file_identity(path) or {}
    if "entrants" not in identity or "entrants" not in games.columns:
        raise SimulationError(f"{path} is not a tournament's results: it names no entrants")
    identity_entrants = [str(name) for name in identity["entrants"]]
    top = max_return(str(games["game"].iloc[0]))
    rated = ratings(games, identity_entrants)
    rows = []
    for entrant, (label, rating) in enumerate(zip(entrant_labels(identity_entrants), rated, strict=True)):
        played = wins = 0
        total = 0.0
        for row in games.to_dict("records"):
            seated = [int(e) for e in row["entrants"]]
            if entrant in seated:
                seat = seated.index(entrant)
                played += 1
                wins += seat in winning_seats(row, top)
                total += float(row["returns"][seat])
        low, high = wilson_interval(wins, played) if played else (0.0, 0.0)
        rows.append(
            {
                "entrant": label,
                "bot": identity_entrants[entrant],
                "games": played,
                "wins": wins,
                "win_rate": wins / played if played else 0.0,
                "win_low": low,
                "win_high": high,
                "mean_return": total / played if played else 0.0,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "low": rating.mu - INTERVAL_SIGMAS * rating.sigma,
                "high": rating.mu + INTERVAL_SIGMAS * rating.sigma,
                "ordinal": rating.ordinal(),
            }
        )
    return pd.DataFrame(rows).sort_values("ordinal", ascending=False, kind="stable").reset_index(drop=True)
