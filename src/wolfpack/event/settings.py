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
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game
from wolfpack.engine.registry import game_class, load_game
from wolfpack.event.errors import EventError
from wolfpack.server.settings import ServerSettings

GAME = "den-of-wolves"
ANY_ADDRESS = ("0.0.0.0", "::")
"""Where a server listens on every address: no device can open a link to it."""
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
            raise ValueError(f"a phase lasts 1 to {longest} minutes, not {minutes}")
        return minutes

    @field_validator("warning_seconds")
    @classmethod
    def _a_warning(cls, seconds: int) -> int:
        """The clock's warning comes between the phase's start (0 s: never) and the longest phase's length."""
        longest = event_defaults().limits.longest_phase_minutes * 60
        if not 0 <= seconds <= longest:
            raise ValueError(f"the clock's warning comes 0 to {longest} seconds before a phase's end, not {seconds}")
        return seconds

    @field_validator("base_url")
    @classmethod
    def _an_address(cls, url: str | None) -> str | None:
        """An http(s) address with a host, as the server takes its --public-url (without a trailing slash)."""
        if url is None:
            return None
        try:
            address = ServerSettings(public_url=url).public_url
        except ValidationError as exc:
            message = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            raise ValueError(message.replace("public URL", "the address")) from None
        host = urlsplit(url).hostname or ""
        if host in ANY_ADDRESS:
            raise ValueError(
                f"{host} is no address another device can open (a server listening there listens on every address "
                "of its machine): give one of the machine's own, as `wolfpack serve --host 0.0.0.0` lists them"
            )
        return address

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
            raise ValueError(_reason(exc.errors()[0])) from None
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


def make_settings(**values: Any) -> EventSettings:
    """Settings from the organiser's values (None: the default); a bad one raises EventError naming its field."""
    given = {name: value for name, value in values.items() if value is not None}
    try:
        settings = EventSettings(**given)
    except ValidationError as exc:
        raise EventError(_reason(exc.errors()[0])) from None
    settings.game()
    return settings


def _reason(error: Any) -> str:
    """One pydantic error as a sentence that starts with the field at fault."""
    message = str(error["msg"]).removeprefix("Value error, ")
    field = ".".join(str(part) for part in error["loc"])
    if not field:
        return message
    if error["type"] == "extra_forbidden":
        return f"{field}: there is no such setting"
    return f"{field}: {message}"
