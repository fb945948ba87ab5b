"""Den of Wolves: a megagame of a fleet fleeing the Wolves, for ship teams, Media and Control, in two editions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from wolfpack.engine.errors import GameOptionError, InvalidStateError
from wolfpack.engine.game import Game, GameInfo, GameOptions, json_object
from wolfpack.games.den.content import DenContent, Edition, load_den_content
from wolfpack.games.den.editions import RULESETS, Ruleset
from wolfpack.games.den.rules import Seat, make_seats, starting_quadrants
from wolfpack.games.den.scenario import ATTACK_ROUNDS, SCENARIO_OPTIONS
from wolfpack.games.den.state import FIELDS, DenState
from wolfpack.games.den.views import EventLog

MOST_CHANCE_PER_ACTION = 600
"""A bound on the chance events one action can start (an emergency jump or a broadcast rolls for every ship)."""


class DenOptions(GameOptions):
    """Options of Den of Wolves."""

    edition: Edition = Field("classic", description="the rulebook: classic or infinite-domain")
    content: str | None = Field(
        None,
        description="a directory (or one file) holding an organiser's content pack; files it lacks come from the "
        "edition's default pack",
    )
    turns: int = Field(12, ge=1, le=40, description="the event ends after this many turns (rulebooks: 9 to 15)")
    quadrants: int | None = Field(
        None, ge=4, le=6, description="fleet map quadrants (classic 4; Infinite Domain 4 to 6); default: the pack's"
    )
    phase_actions: int = Field(
        2000,
        ge=10,
        le=100_000,
        description="actions a step may hold before only Control's advance remains (a bound for simulation)",
    )
    table_dice: bool = Field(
        False,
        description="each ship's own rolls (morale, riots, spreading, dispersal, emergency-jump damage, freeform) "
        "wait for its table's real dice to be entered (`enter`, `control enter`); our default: the server rolls",
    )
    scenario: Literal["event", "combat"] = Field(
        "event",
        description="event: the whole megagame; combat: one Wolf Attack at `pursuit` against turn 1's fleet, the "
        "game ending with it (a designer's measure; the rulebooks have no such scenario)",
    )
    pursuit: int | None = Field(
        None, ge=0, description="scenario=combat (and only it): the pursuit level the Wolves attack at"
    )
    attack_rounds: int = Field(
        ATTACK_ROUNDS,
        ge=1,
        le=100,
        description="scenario=combat (and only it): the Wolves withdraw when Control ends this Fleet round (our "
        "default: 6, as the Control bot plays an event)",
    )

    @model_validator(mode="after")
    def _quadrants_fit_edition(self) -> DenOptions:
        allowed = RULESETS[self.edition].quadrants
        if self.quadrants is not None and self.quadrants not in allowed:
            raise ValueError(f"{self.edition} allows {', '.join(map(str, allowed))} quadrants")
        return self

    @model_validator(mode="after")
    def _scenario_settings_fit(self) -> DenOptions:
        given = [name for name in SCENARIO_OPTIONS if name in self.model_fields_set]
        if self.scenario != "combat" and given:
            verb = "belong" if len(given) > 1 else "belongs"
            raise ValueError(f"{' and '.join(given)} {verb} to scenario=combat, not scenario={self.scenario}")
        if self.scenario == "combat" and self.pursuit is None:
            raise ValueError("scenario=combat needs pursuit=N, the pursuit level the Wolves attack at")
        return self


class DenGame(Game[str]):
    """Den of Wolves with its options: the factory of its states."""

    name = "den-of-wolves"
    bots: ClassVar[Mapping[str, str]] = {
        "heuristic": "wolfpack.games.den.bots:TeamBot",
        "control": "wolfpack.games.den.bots:ControlBot",
    }
    headless: ClassVar[str | None] = "wolfpack.games.den.event:headless"
    encoding: ClassVar[str | None] = "wolfpack.games.den.encoding:action_space"
    Options = DenOptions
    options: DenOptions

    @cached_property
    def content(self) -> DenContent:
        """The edition's pack, or the organiser's files over it (option `content`)."""
        path = Path(self.options.content) if self.options.content else None
        return load_den_content(self.options.edition, path)

    @cached_property
    def ruleset(self) -> type[Ruleset]:
        """The edition's rules."""
        return RULESETS[self.options.edition]

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        """Control, every role of every team, then Media and wildcards."""
        return make_seats(self.content)

    @cached_property
    def quadrants(self) -> int:
        """Quadrants of the fleet map: the option's, else the pack's."""
        return self.options.quadrants or self.content.tables.tables.quadrants

    def _make_info(self) -> GameInfo:
        starting_quadrants(self.content, self.quadrants)  # refuses a fleet that does not fit, as the game loads
        top = self.content.tables.tables.pursuit_top
        if self.options.pursuit is not None and self.options.pursuit > top:
            raise GameOptionError(f"option pursuit = {self.options.pursuit}: the pursuit track runs 0 to {top}")
        steps = 3 * self.options.turns
        per_step = (self.options.phase_actions + 2) * (1 + MOST_CHANCE_PER_ACTION)
        return GameInfo(
            name=self.name,
            long_name=self.ruleset.title,
            num_players=len(self.seats),
            min_players=len(self.seats),
            max_players=len(self.seats),
            chance="explicit",
            information="imperfect",
            utility="identical",
            dynamics="simultaneous",
            min_return=0.0,
            max_return=0.0,
            max_game_length=steps * per_step,
        )

    def options_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict; an event's leaves out the combat scenario's, so records and results
        files of events read as they did before the scenario existed."""
        options = super().options_dict()
        if self.options.scenario == "event":
            for name in ("scenario", *SCENARIO_OPTIONS):
                del options[name]
        return options

    def new_initial_state(self) -> DenState:
        """The start of the event: the Aegis is about to draw the first destination."""
        return DenState(self)

    def state_from_position(self, position: str | Mapping[str, Any]) -> DenState:
        """A state set up from a saved position (the `position` of `State.to_dict`)."""
        data = dict(json_object(position, "position"))
        # Positions saved before table dice existed have no dice, and none can be awaiting.
        data.setdefault("dice", {"next": 1, "awaiting": {}})
        # Positions saved before notices were counted: the next number follows the highest still open.
        data.setdefault("notices_opened", max((n["id"] for n in data.get("notices", [])), default=0))
        # Positions saved before the Media broadcast on the server: none was made.
        data.setdefault("broadcasts", [])
        # Positions saved before standing policies: none was set.
        data.setdefault("policies", {})
        # Positions saved before ships could be destroyed: none was.
        for ship in data.get("ships", {}).values():
            ship.setdefault("destroyed", False)
        missing = [name for name in FIELDS if name not in data]
        if missing:
            raise InvalidStateError(f"position lacks {', '.join(missing)}")
        state = DenState(self)
        for name in FIELDS:
            setattr(state, name, json.loads(json.dumps(data[name])))
        # Positions saved before the log was kept apart hold it as their `events`.
        state.events = saved_log(data.get("events", []), "the position's events")
        return state

    def _state_from_dict(self, data: Mapping[str, Any]) -> DenState:
        """The saved state: its position, then its log (kept beside the position) and its history."""
        state = super()._state_from_dict(data)
        assert isinstance(state, DenState)
        if "log" in data:
            state.events = saved_log(data["log"], "the saved log")
        return state

    def render(self, observation: Mapping[str, Any]) -> str:
        """The fleet as text: pursuit, each ship's basic facts, and the viewer's panels."""
        from wolfpack.games.den.views import render

        return render(observation)


def saved_log(lines: Any, what: str) -> list[list[str]] | EventLog:
    """A saved log: its chunks (`EventLog.to_saved`), or (saves before the log was chunked) a list of
    [audience, text] pairs; InvalidStateError naming `what` if it is neither."""
    if isinstance(lines, dict):
        try:
            return EventLog.from_saved(lines)
        except ValueError as exc:
            raise InvalidStateError(f"{what} must be a list of [audience, text] pairs or its chunks: {exc}") from None
    if not isinstance(lines, list) or not all(
        isinstance(line, list) and len(line) == 2 and all(isinstance(part, str) for part in line) for line in lines
    ):
        raise InvalidStateError(f"{what} must be a list of [audience, text] pairs")
    return [list(line) for line in lines]
