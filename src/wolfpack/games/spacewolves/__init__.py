"""Spacewolves!: rules, notation, bots. Load it with `wolfpack.load_game("spacewolves", players=3)`."""

from wolfpack.games.spacewolves.actions import Action
from wolfpack.games.spacewolves.game import SpacewolvesGame, SpacewolvesOptions
from wolfpack.games.spacewolves.state import SpacewolvesState

__all__ = ["Action", "SpacewolvesGame", "SpacewolvesOptions", "SpacewolvesState"]
