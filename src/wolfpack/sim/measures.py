"""Each game's own measures of a finished game, as columns of a results row (docs/simulation.md, "A row").

A game with a profile here gets its measures (and its rounds) in every row `wolfpack simulate` writes; a game
without one still simulates, with only the common columns. Measures are read from the final state's public
observation (at the end of every game here the secrets that matter are shown), or for Den of Wolves from the
per-turn summaries its event loop takes from Control's view (`wolfpack.games.den.event.TurnSummary`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from wolfpack.engine.bot import Bot
from wolfpack.engine.game import Game
from wolfpack.games.hunt.rules import hunt_ending
from wolfpack.sim.arena import Played, play_out

Measures = dict[str, Any]
"""A game's measures: column name -> value (a list or a list of dicts for the nested columns)."""


@dataclass(frozen=True)
class EventPlayed(Played):
    """A finished Den of Wolves event: the final state, the decisions, and the summary of every turn."""

    turns: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class GameProfile:
    """How `simulate` plays a game and reads its measures: their columns, a reader, and the game loop."""

    fields: tuple[pa.Field, ...]
    """The measure columns, in order, with their Parquet types."""
    read: Callable[[Played, Game[Any]], Measures]
    """Reads the measures (the keys of `fields`, plus `outcome` and `rounds`) of a finished game."""
    play: Callable[[Game[Any], Sequence[Bot], int], Played] = play_out
    """Plays one game: `play(game, bots, chance_seed)`."""
    seat_zero_bot: str | None = None
    """A bot that seat 0 always gets when one bot name is given for every seat (Den of Wolves' Control)."""


# ---- Spacewolves! ----------------------------------------------------------------------------------------------


def spacewolves_measures(played: Played, game: Game[Any]) -> Measures:
    """Seat order (who went first, each seat's place in the turn order) and each seat's score."""
    view = played.state.observation(None)
    colours = list(view["players"])
    first_seat = colours.index(view["first"])
    seats = len(colours)
    scores = [int(view["scores"][colour]) for colour in colours]
    best = max(scores)
    return {
        "outcome": "+".join(colour for colour, score in zip(colours, scores, strict=True) if score == best),
        "rounds": int(view["round"]),
        "first_seat": first_seat,
        "turn_places": [(seat - first_seat) % seats for seat in range(seats)],
        "colours": colours,
        "scores": scores,
    }


SPACEWOLVES = GameProfile(
    fields=(
        pa.field("first_seat", pa.int32()),
        pa.field("turn_places", pa.list_(pa.int32())),
        pa.field("colours", pa.list_(pa.string())),
        pa.field("scores", pa.list_(pa.int64())),
    ),
    read=spacewolves_measures,
)


# ---- Wolves on the Hunt ----------------------------------------------------------------------------------------


def hunt_measures(played: Played, game: Game[Any]) -> Measures:
    """Difficulty, elders left, the round reached, how the hunt ended, and each hunter's hearts."""
    view = played.state.observation(None)
    return {
        "outcome": str(view["result"]),
        "rounds": int(view["round"]),
        "difficulty": str(game.options_dict()["difficulty"]),
        "elders_left": int(view["elders"]),
        "ending": hunt_ending(view),
        "hearts_left": [int(hunter["hearts"]) for hunter in view["hunters"]],
    }


HUNT = GameProfile(
    fields=(
        pa.field("difficulty", pa.string()),
        pa.field("elders_left", pa.int32()),
        pa.field("ending", pa.string()),
        pa.field("hearts_left", pa.list_(pa.int32())),
    ),
    read=hunt_measures,
)


# ---- WOLF ------------------------------------------------------------------------------------------------------


def wolf_ending(log: Sequence[str], winner: str) -> str:
    """Why the winning side won, from the game's closing log line ("the heroes win: <why>")."""
    prefix = f"the {winner} win: "
    return next((line[len(prefix) :] for line in reversed(log) if line.lower().startswith(prefix)), "")


def wolf_measures(played: Played, game: Game[Any]) -> Measures:
    """Which side won and why, contaminations (cured or not), transformations, and the deaths on each side."""
    view = played.state.observation(None)
    heroes = view["heroes"].values()
    cards = [card for hero in heroes for card in hero["wolf_cards"]]
    winner = str(view["winner"])
    return {
        "outcome": winner,
        "rounds": int(view["round"]),
        "side_won": winner,
        "ending": wolf_ending(played.state.log(), winner),
        "contaminations": sum(card.startswith("black") for card in cards),
        "cured": sum(card == "black (cured)" for card in cards),
        "contaminated_heroes": sum("black" in hero["wolf_cards"] for hero in heroes),
        "transformed_heroes": sum(bool(hero["transformed"]) for hero in heroes),
        "hero_deaths": sum(not hero["alive"] for hero in heroes),
        "wolf_deaths": sum(not wolf["alive"] for wolf in view["wolves"].values()),
    }


WOLF = GameProfile(
    fields=(
        pa.field("side_won", pa.string()),
        pa.field("ending", pa.string()),
        pa.field("contaminations", pa.int32()),
        pa.field("cured", pa.int32()),
        pa.field("contaminated_heroes", pa.int32()),
        pa.field("transformed_heroes", pa.int32()),
        pa.field("hero_deaths", pa.int32()),
        pa.field("wolf_deaths", pa.int32()),
    ),
    read=wolf_measures,
)


# ---- Den of Wolves ---------------------------------------------------------------------------------------------


def play_event(game: Game[Any], bots: Sequence[Bot], seed: int) -> Played:
    """Play a whole Den of Wolves event with its own loop (who is asked when), keeping every turn's summary."""
    from wolfpack.games.den.event import run_event

    event = run_event(game, seed, bots=dict(enumerate(bots)))
    return EventPlayed(event.state, event.actions, tuple(event.turns))


SHIP_TURN = pa.struct(
    [
        ("turn", pa.int32()),
        ("ship", pa.string()),
        ("morale", pa.int32()),
        ("riots", pa.int32()),
        ("anarchy", pa.bool_()),
        ("crew", pa.int32()),
        ("wounded", pa.int32()),
        ("jumped", pa.bool_()),
        ("with_fleet", pa.bool_()),
        ("food_ration", pa.string()),
        ("water_ration", pa.string()),
        ("hold", pa.map_(pa.string(), pa.int64())),
    ]
)
"""One ship at the end of one turn."""

FLEET_TURN = pa.struct(
    [
        ("turn", pa.int32()),
        ("pursuit", pa.int32()),
        ("fleet_jumped", pa.bool_()),
        ("ships_jumped", pa.int32()),
        ("separated", pa.int32()),
        ("attacks", pa.int32()),
        ("votes", pa.int32()),
        ("laws", pa.int32()),
        ("actions", pa.int32()),
    ]
)
"""The fleet at the end of one turn."""

ATTACK = pa.struct(
    [
        ("turn", pa.int32()),
        ("pursuit", pa.int32()),
        ("rounds", pa.int32()),
        ("arrived", pa.int32()),
        ("destroyed", pa.int32()),
        ("damage", pa.int32()),
        ("boarded", pa.int32()),
        ("units_lost", pa.int32()),
        ("why", pa.string()),
    ]
)
"""One Wolf Attack: its strength, how long it lasted, what it cost, and why it ended."""


def den_ship_turns(turns: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every ship at the end of every turn: morale, riots, crew, rations paid, hold, jumps and separation."""
    return [
        {
            "turn": turn["turn"],
            "ship": sid,
            "morale": ship["morale"],
            "riots": len(ship["riots"]),
            "anarchy": bool(ship["anarchy"]),
            "crew": ship["crew"],
            "wounded": ship["wounded"],
            "jumped": bool(ship["jumped"]),
            "with_fleet": bool(ship["with_fleet"]),
            "food_ration": str(ship["supplied"]["food"]),
            "water_ration": str(ship["supplied"]["water"]),
            "hold": sorted(ship["hold"].items()),
        }
        for turn in turns
        for sid, ship in turn["ships"].items()
    ]


def den_fleet_turns(turns: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The fleet at the end of every turn: pursuit, jumps, separated ships, attacks, votes, laws, seat actions."""
    return [
        {
            "turn": turn["turn"],
            "pursuit": turn["pursuit"],
            "fleet_jumped": bool(turn["fleet_jumped"]),
            "ships_jumped": len(turn["jumped"]),
            "separated": len(turn["separated"]),
            "attacks": len(turn["battles"]),
            "votes": len(turn["votes"]),
            "laws": turn["laws"],
            "actions": turn["actions"],
        }
        for turn in turns
    ]


def den_attacks(turns: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every Wolf Attack of the event, in order."""
    return [
        {
            "turn": battle["turn"],
            "pursuit": battle["pursuit"],
            "rounds": battle["rounds"],
            "arrived": battle["arrived"],
            "destroyed": battle["arrived"] - battle["left"],
            "damage": sum(battle["damage"].values()),
            "boarded": sum(battle["boarded"].values()),
            "units_lost": len(battle["lost"]),
            "why": str(battle.get("why", "")),
        }
        for turn in turns
        for battle in turn["battles"]
    ]


def den_measures(played: Played, game: Game[Any]) -> Measures:
    """The fleet at the event's end (morale, ships at 0, separation, jumps, attacks) and the per-turn records."""
    turns = played.turns if isinstance(played, EventPlayed) else ()
    last_ships = list(turns[-1]["ships"].values()) if turns else []
    morale = [int(ship["morale"]) for ship in last_ships]
    attacks = den_attacks(turns)
    return {
        "outcome": "event over" if played.state.is_terminal() else "stopped",
        "rounds": len(turns),
        "final_pursuit": int(turns[-1]["pursuit"]) if turns else None,
        "median_final_morale": float(statistics.median(morale)) if morale else None,
        "ships_at_zero": sum(m == 0 for m in morale),
        "ships_separated": sum(not ship["with_fleet"] for ship in last_ships),
        "fleet_jumps": sum(bool(turn["fleet_jumped"]) for turn in turns),
        "ship_jumps": sum(len(turn["jumped"]) for turn in turns),
        "attacks": len(attacks),
        "riots_final": sum(len(ship["riots"]) for ship in last_ships),
        "ship_turns": den_ship_turns(turns),
        "fleet_turns": den_fleet_turns(turns),
        "attack_log": attacks,
    }


DEN = GameProfile(
    fields=(
        pa.field("final_pursuit", pa.int32()),
        pa.field("median_final_morale", pa.float64()),
        pa.field("ships_at_zero", pa.int32()),
        pa.field("ships_separated", pa.int32()),
        pa.field("fleet_jumps", pa.int32()),
        pa.field("ship_jumps", pa.int32()),
        pa.field("attacks", pa.int32()),
        pa.field("riots_final", pa.int32()),
        pa.field("ship_turns", pa.list_(SHIP_TURN)),
        pa.field("fleet_turns", pa.list_(FLEET_TURN)),
        pa.field("attack_log", pa.list_(ATTACK)),
    ),
    read=den_measures,
    play=play_event,
    seat_zero_bot="control",
)


def generic_measures(played: Played, game: Game[Any]) -> Measures:
    """A game without a profile: no measures; the outcome is read from the returns."""
    return {"outcome": None, "rounds": None}


GENERIC = GameProfile(fields=(), read=generic_measures)

PROFILES: dict[str, GameProfile] = {
    "spacewolves": SPACEWOLVES,
    "wolves-on-the-hunt": HUNT,
    "wolf": WOLF,
    "den-of-wolves": DEN,
}
"""The games whose measures `simulate` knows, by registered name."""


def profile_of(game_name: str) -> GameProfile:
    """The profile of a game: its own if it has one, else the generic one (common columns only)."""
    return PROFILES.get(game_name, GENERIC)
