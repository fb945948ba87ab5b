"""The rules tests register Wolves on the Hunt for each test (see helpers.hunt_registered)."""

from .helpers import hunt_registered

__all__ = ["hunt_registered"]
