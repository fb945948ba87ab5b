"""Wolves on the Hunt: a co-operative roll-and-write for 1-4 hunters against wolves circling a village."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field

from wolfpack.engine.game import Game, GameInfo, GameOptions
from wolfpack.games.hunt.content import HuntContent, load_hunt_content
from wolfpack.games.hunt.render import render
from wolfpack.games.hunt.state import HuntState


class HuntOptions(GameOptions):
    """Options of Wolves on the Hunt."""

    players: Literal[1, 2, 3, 4] = Field(2, description="number of hunters, 1 to 4")
    difficulty: Literal["easy", "normal", "hard"] = Field(
        "normal", description="easy (3 elders), normal (2) or hard (1), and the free actions the sheets start with"
    )
    content: str | None = Field(
        None,
        description="a directory (or one file) holding an organiser's content pack; files it lacks come from the "
        "default pack",
    )


class HuntGame(Game[str]):
    """Wolves on the Hunt with its options: the factory of its states."""

    name = "wolves-on-the-hunt"
    Options = HuntOptions
    options: HuntOptions
    bots: ClassVar[Mapping[str, str]] = {
        "heuristic": "wolfpack.games.hunt.bots:HeuristicBot",
        "search": "wolfpack.games.hunt.search:SearchBot",
    }
    # The search bot's teams win +0.29 a game more than the heuristic's at normal (docs/bots.md, "Ladders").
    difficulties: ClassVar[Mapping[str, str]] = {"strong": "search"}
    batch: ClassVar[str | None] = "wolfpack.games.hunt.batch:ENGINE"
    encoding: ClassVar[str | None] = "wolfpack.games.hunt.encoding:action_space"

    @cached_property
    def content(self) -> HuntContent:
        """The content pack the rules read: the organiser's (option `content`) over the default one."""
        return load_hunt_content(Path(self.options.content) if self.options.content else None)

    @cached_property
    def deck_of(self) -> dict[str, str]:
        """Which deck (day, night, leader) each wolf card belongs to."""
        return {wolf.id: kind for kind in ("day", "night", "leader") for wolf in self.content.deck(kind)}

    def _make_info(self) -> GameInfo:
        return GameInfo(
            name=self.name,
            long_name="Wolves on the Hunt",
            num_players=self.options.players,
            min_players=1,
            max_players=4,
            chance="explicit",
            information="perfect",
            utility="identical",
            dynamics="simultaneous",
            min_return=0.0,
            max_return=1.0,
            max_game_length=max_game_length(self.content, self.options.players),
        )

    def new_initial_state(self) -> HuntState:
        """The start: characters, the Pack Leader, the dice and the three Day Wolves are still to be dealt."""
        state = HuntState(self)
        state._settle()
        return state

    def render(self, observation: Mapping[str, Any]) -> str:
        """The map, wolves, dice and sheets as text."""
        return render(observation, self.content)

    def state_from_position(self, position: str | Mapping[str, Any]) -> HuntState:
        """A state set up from a JSON position (see docs/games/wolves-on-the-hunt.md)."""
        from wolfpack.games.hunt.notation import parse_position

        return parse_position(self, position)


def max_game_length(content: HuntContent, players: int) -> int:
    """A bound on the actions of any game (chance outcomes included), derived from the content pack."""
    locations = len(content.map.locations)
    dice = len(content.components.dice)
    traps = len(content.components.traps)
    rounds = len(content.components.rounds)
    free_boxes = sum(box.free in ("assist", "modify", "reroll") for row in content.sheet.rows for box in row.boxes)
    main_boxes = sum(box.main is not None for row in content.sheet.rows for box in row.boxes)
    starting_free = len(content.sheet.starting_free_actions)
    # Wolves entering play one after another (a drawn wolf and the howls it sets off, or the Pack Leader): a draw
    # is two chance events (face, back), a howl one; every howled wolf either survives, filling a location, or
    # dies to traps and ends the chain.
    chain = 2 + locations + 1
    # Turns: a die once taken stays taken until the round ends, so at most `dice` turns take one. A turn that
    # finds no die (a capturing newcomer took the last) ends the phase, unless an unlocked main action freed a
    # captured die during it: at most one such turn per round plus one per unlocked main action.
    turns = rounds * (dice + 1) + players * main_boxes
    # Per turn: pass-or-turn, the new wolf's chain, the Pack Leader's chain, take, move, write, the main action and
    # its kill-bonus choices (two wolves at most), end, the Pack Leader's target choice.
    per_turn = 1 + chain + chain + 3 + 3 + 1 + 1
    # Per round: every hunter's pass; a target choice per location; end-of-round howls (each fills a location or
    # dies to a trap, which is used up); every die rolled again.
    per_round = players + locations + (locations + traps) + dice
    # Every unlocked main action once (with its kill-bonus choices); every Assist, Modify and Reroll once (a
    # Reroll rolls every die).
    extras = players * (main_boxes * 3 + (starting_free + free_boxes) * (1 + dice))
    setup = players + 1 + dice + 3 * chain
    return setup + turns * per_turn + rounds * per_round + extras
