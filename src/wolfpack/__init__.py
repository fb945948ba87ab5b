"""wolfpack: an engine, server and toolkit for wolf-themed tabletop games.

>>> import wolfpack
>>> "spacewolves" in wolfpack.game_names()
True
>>> game = wolfpack.load_game("spacewolves", players=3)
>>> game.info.num_players
3
"""

from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.engine.errors import (
    GameOptionError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RecordError,
    UnknownGameError,
    WolfpackError,
)
from wolfpack.engine.game import Game, GameInfo, State
from wolfpack.engine.registry import game_names, load_game, register_game

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Game",
    "GameInfo",
    "GameOptionError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "RecordError",
    "State",
    "UnknownGameError",
    "WolfpackError",
    "game_names",
    "load_game",
    "register_game",
]
