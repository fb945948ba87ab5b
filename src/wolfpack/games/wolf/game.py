"""WOLF: a werewolf pack against five heroes in a besieged house, with secret contamination, for 2 to 6 players."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field

from wolfpack.engine.game import Game, GameInfo, GameOptions
from wolfpack.games.wolf.content import WolfContent, load_wolf_content
from wolfpack.games.wolf.state import WolfState


class WolfOptions(GameOptions):
    """Options of WOLF."""

    players: Literal[2, 3, 4, 5, 6] = Field(6, description="players: one plays the werewolves, the rest the heroes")
    max_rounds: int = Field(
        20, ge=1, le=200, description="dawn rises after this many rounds and the werewolves lose (our default)"
    )
    content: str | None = Field(
        None,
        description="a directory (or one file) holding an organiser's content pack; files it lacks come from the "
        "default pack",
    )


class WolfGame(Game[str]):
    """WOLF with its options: the factory of its states."""

    name = "wolf"
    bots: ClassVar[Mapping[str, str]] = {
        "heuristic": "wolfpack.games.wolf.bots:HeuristicBot",
        "search": "wolfpack.games.wolf.bots:SearchBot",
    }
    encoding: ClassVar[str | None] = "wolfpack.games.wolf.encoding:action_space"
    Options = WolfOptions
    options: WolfOptions

    @cached_property
    def content(self) -> WolfContent:
        """The content pack the rules read: the organiser's (option `content`) over the default one."""
        return load_wolf_content(Path(self.options.content) if self.options.content else None)

    def _make_info(self) -> GameInfo:
        return GameInfo(
            name=self.name,
            long_name="WOLF",
            num_players=self.options.players,
            min_players=2,
            max_players=6,
            chance="explicit",
            information="imperfect",
            utility="general-sum",
            dynamics="sequential",
            min_return=-1.0,
            max_return=1.0,
            max_game_length=max_game_length(self.content, self.options.max_rounds),
        )

    def new_initial_state(self) -> WolfState:
        """The start: the wolf cards are about to be dealt, then every unit placed."""
        return WolfState(self)

    def render(self, observation: Mapping[str, Any]) -> str:
        """The map with its units, and what the viewer knows, as text."""
        from wolfpack.games.wolf.render import render

        return render(observation, self.content)

    def state_from_position(self, position: str | Mapping[str, Any]) -> WolfState:
        """A state set up from a JSON position (see docs/games/wolf.md, "Position notation")."""
        from wolfpack.games.wolf.notation import parse_position

        return parse_position(self, position)


def max_game_length(content: WolfContent, max_rounds: int) -> int:
    """A bound on the actions of any game (chance outcomes included), derived from the pack and the round limit."""
    heroes = len(content.characters.heroes)
    units = len(content.werewolf_units())
    per_square = content.components.objects.per_square
    setup = heroes + heroes + units  # the deal, then every unit placed
    # A hero's turn: the takeover question, the move roll, the move, the action, and at most the action's own
    # steps: a roll or an answer, then a second roll and move (teleport), or a look that draws a whole pile.
    hero_turn = 4 + 2 + per_square + 2
    # A werewolf unit's part of the pack's turn: its move, its action, a roll (power or barricade), a second roll
    # and move (teleport) or a drawn wolf card; and the pack's `end`.
    pack_turn = units * 6 + 1
    return setup + max_rounds * (heroes * hero_turn + pack_turn)
