"""An event's settings as the organiser chooses them: edition, content pack, turns, quadrants, phase lengths and the
base URL that join links start with. Each is checked by loading the Den game with it, so a bad value is refused
with the game's own reason, and the phase lengths' defaults come from defaults.toml (each number's source marked).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game
from wolfpack.engine.registry import game_class, load_game
from wolfpack.event.errors import EventError
from wolfpack.server.problems import setting_problem
from wolfpack.server.settings import ServerSettings

GAME = "den-of-wolves"
"""The game an event plays: a megagame with Control, teams, Media and wildcards."""

GAME_FIELDS = ("edition", "content", "turns", "quadrants", "table_dice")
"""The settings handed to the game as its options (the game checks them)."""


class PhaseDefaults(BaseModel):
    """The timetable's defaults (defaults.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action_minutes: int = Field(ge=1)
    team_minutes: int = Field(ge=1)


class Limits(BaseModel):
    """Bounds on what an organiser may set (defaults.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    longest_phase_minutes: int = Field(ge=1)


class ClockDefaults(BaseModel):
    """The phase clock's defaults (defaults.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    warning_seconds: int = Field(ge=0)


class MessageDefaults(BaseModel):
    """The messages' limits (defaults.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    longest_text: int = Field(ge=1)


class EventDefaults(BaseModel):
    """defaults.toml: the phase lengths, the limits, the clock's warning and the messages' length."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    phases: PhaseDefaults
    limits: Limits
    clock: ClockDefaults
    messages: MessageDefaults


@cache
def event_defaults() -> EventDefaults:
    """The packaged defaults.toml, read once."""
    text = resources.files("wolfpack.event").joinpath("defaults.toml").read_text(encoding="utf-8")
    return EventDefaults.model_validate(tomllib.loads(text))


def _game_default(name: str) -> Any:
    """The Den game's own default for one of its options (turns), so the event never disagrees with it."""
    return game_class(GAME).Options.model_fields[name].default


class EventSettings(BaseModel):
    """What the organiser chose for one event; build it with `make_settings`, which checks it against the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: str = Field("classic", description="the rulebook: classic or infinite-domain")
    content: str | None = Field(None, description="an organiser's content pack (a directory), as an absolute path")
    turns: int = Field(default_factory=lambda: int(_game_default("turns")), description="turns the event lasts")
    quadrants: int | None = Field(None, description="quadrants of the fleet map; None: the pack's")
    table_dice: bool = Field(
        False,
        description="tables roll real dice for their own ship's rolls and enter the faces (Control or the table's "
        "device); our default: the server rolls",
    )
    action_minutes: int = Field(
        default_factory=lambda: event_defaults().phases.action_minutes, description="the Action Phase's length"
    )
    team_minutes: int = Field(
        default_factory=lambda: event_defaults().phases.team_minutes, description="the Team Phase's length"
    )
    base_url: str | None = Field(None, description="where people reach the server: every join link starts with it")
    warning_seconds: int = Field(
        default_factory=lambda: event_defaults().clock.warning_seconds,
        description="the phase clock warns when this many seconds or fewer remain",
    )

    @field_validator("action_minutes", "team_minutes")
    @classmethod
    def _a_phase_length(cls, minutes: int) -> int:
        """A phase lasts at least a minute and at most the limit in defaults.toml."""
        longest = event_defaults().limits.longest_phase_minutes
        if not 1 <= minutes <= longest:
            raise ValueError(f"must be 1 to {longest} minutes, a phase's length (you gave {minutes})")
        return minutes

    @field_validator("warning_seconds")
    @classmethod
    def _a_warning(cls, seconds: int) -> int:
        """The clock's warning comes between the phase's start (0 s: never) and the longest phase's length."""
        longest = event_defaults().limits.longest_phase_minutes * 60
        if not 0 <= seconds <= longest:
            raise ValueError(f"must be 0 to {longest} seconds before a phase's end (you gave {seconds})")
        return seconds

    @field_validator("base_url")
    @classmethod
    def _an_address(cls, url: str | None) -> str | None:
        """An http(s) address with a host another device can open, as the server takes its --public-url (without a
        trailing slash, never 0.0.0.0): one check for both."""
        if url is None:
            return None
        try:
            return ServerSettings(public_url=url).public_url
        except ValidationError as exc:
            raise ValueError(str(exc.errors()[0]["ctx"]["error"])) from None

    @field_validator("content")
    @classmethod
    def _absolute(cls, path: str | None) -> str | None:
        """A pack named by an absolute path, so the event finds it whatever directory a command runs in."""
        return None if path is None else str(Path(path).expanduser().resolve())

    @model_validator(mode="after")
    def _game_takes_it(self) -> EventSettings:
        """The Den game's own options accept the edition, turns and quadrants (its error names the one at fault)."""
        try:
            game_class(GAME).Options.model_validate(self.game_options())
        except ValidationError as exc:
            raise GameRefused(exc.errors()[0]) from None
        return self

    @property
    def turn_minutes(self) -> int:
        """A turn's length: its two phases (the rulebooks' 18 + 12 = 30 minutes)."""
        return self.action_minutes + self.team_minutes

    def game_options(self) -> dict[str, Any]:
        """The options the event's Den game is loaded with."""
        options = {name: getattr(self, name) for name in GAME_FIELDS}
        return {name: value for name, value in options.items() if value is not None}

    def game(self) -> Game[Any]:
        """The Den game with these settings, its content loaded; a broken pack raises EventError with its problems."""
        try:
            game = load_game(GAME, **self.game_options())
            game.info  # noqa: B018  (loads the content pack and lays out the fleet: a bad pack fails here)
        except WolfpackError as exc:
            raise EventError(f"content: {exc}") from None
        return game


class GameRefused(ValueError):
    """The game's options refused a setting: its problem (pydantic's, naming the field), kept for `make_settings`."""

    def __init__(self, problem: Any) -> None:
        super().__init__(str(problem["msg"]))
        self.problem = problem


class SettingError(EventError):
    """A setting refused, in a sentence that names it: "turns must be at most 40 (you gave 41)". The command line
    names the setting by its option instead (`named`: "--turns must be at most 40 (you gave 41)")."""

    def __init__(self, field: str, said: str) -> None:
        super().__init__(f"{field}{said}")
        self.field, self.said = field, said

    def named(self, name: str) -> str:
        """The sentence with the setting called `name` (one that names no setting, as it is)."""
        return f"{name}{self.said}" if self.field else self.said


def make_settings(**values: Any) -> EventSettings:
    """Settings from the organiser's values (None: the default); a bad one raises SettingError naming its field."""
    given = {name: value for name, value in values.items() if value is not None}
    try:
        settings = EventSettings(**given)
    except ValidationError as exc:
        problem = exc.errors()[0]
        refused = (problem.get("ctx") or {}).get("error")
        raise SettingError(*setting_problem(refused.problem if isinstance(refused, GameRefused) else problem)) from None
    try:
        settings.game()
    except EventError as exc:
        field, _, said = str(exc).partition(": ")
        if not said:
            raise
        raise SettingError(field, f": {said}") from None
    return settings
