"""The phase clock: how long the phase the game is in has left, the same on every device.

The server owns one `PhaseClock` per event. It is an immutable value and every question or change takes the time as
an argument (`now`, seconds since the epoch), so nothing here reads the wall clock and tests need no sleep. The
clock never moves the rules: it follows the game (`follow`, after each action the game takes), and only Control's
advance, an action of the game, ends a phase. When time is up the clock says so (`overrun`) and changes nothing.

A running clock is kept as the moment its current stretch began (`started_at`) plus the seconds it ran before
(`run_before`), never as the time remaining, so a clock saved and loaded after a restart is still running and shows
what it would have shown had the server never stopped.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from wolfpack.event.errors import EventError
from wolfpack.event.settings import EventSettings

TIMED_PHASES = ("action", "team")
"""The game's steps that have a length: the Action Phase and the Team Phase (both rulebooks, Sequence of Action).
The start of a turn and the news broadcast between turns are untimed: they last as long as Control needs."""


@dataclass(frozen=True)
class PhaseClock:
    """One event's clock: the turn and phase (the game's step) it times, its length, and how long it has run."""

    turn: int
    phase: str
    """The game's step, from its public view: start, action, team (or news, between turns)."""
    length: float | None
    """Seconds the phase lasts, extensions and cuts included; None for an untimed step."""
    started_at: float
    """When the clock last started or resumed running."""
    run_before: float = 0.0
    """Seconds it ran before `started_at` (before its last pause)."""
    paused: bool = False
    warning_seconds: int = 120

    # ---- questions ----------------------------------------------------------------------------------------------

    def elapsed(self, now: float) -> float:
        """Seconds the phase has run: paused stretches do not count."""
        _check_now(self, now)
        return self.run_before + (0.0 if self.paused else now - self.started_at)

    def remaining(self, now: float) -> float | None:
        """Seconds left, never below zero; None for an untimed step."""
        if self.length is None:
            return None
        return max(0.0, self.length - self.elapsed(now))

    def overrun(self, now: float) -> bool:
        """Whether the time is up (the game goes on until Control advances)."""
        return self.length is not None and self.elapsed(now) >= self.length

    def warning(self, now: float) -> bool:
        """Whether devices warn that the end is near: a timed phase with `warning_seconds` or fewer left."""
        remaining = self.remaining(now)
        return remaining is not None and remaining <= self.warning_seconds

    def ends_at(self) -> float | None:
        """When the running phase ends (or ended) if nobody touches the clock; None while paused or untimed."""
        if self.length is None or self.paused:
            return None
        return self.started_at + self.length - self.run_before

    def snapshot(self, now: float) -> dict[str, Any]:
        """What every device shows, as JSON: whole seconds left (rounded up, so 0 means time is up)."""
        remaining = self.remaining(now)
        return {
            "turn": self.turn,
            "phase": self.phase,
            "timed": self.length is not None,
            "remaining": None if remaining is None else math.ceil(remaining),
            "paused": self.paused,
            "warning": self.warning(now),
            "overrun": self.overrun(now),
            "ends_at": self.ends_at(),
        }

    # ---- changes: each returns a new clock ---------------------------------------------------------------------

    def pause(self, now: float) -> PhaseClock:
        """The clock stopped, keeping the time it has run."""
        if self.paused:
            raise EventError("the clock is already paused: resume it first")
        return replace(self, run_before=self.elapsed(now), started_at=now, paused=True)

    def resume(self, now: float) -> PhaseClock:
        """The paused clock running again from where it stopped."""
        _check_now(self, now)
        if not self.paused:
            raise EventError("the clock is not paused: there is nothing to resume")
        return replace(self, started_at=now, paused=False)

    def extend(self, seconds: int, now: float) -> PhaseClock:
        """The phase made `seconds` longer; an overrun clock gets `seconds` from now."""
        _check_seconds(seconds, "extend")
        length = _timed_length(self, "extend")
        return replace(self, length=max(length, self.elapsed(now)) + seconds)

    def shorten(self, seconds: int, now: float) -> PhaseClock:
        """The phase made `seconds` shorter; no more than the time it has left."""
        _check_seconds(seconds, "shorten")
        length = _timed_length(self, "shorten")
        remaining = max(0.0, length - self.elapsed(now))
        if seconds > remaining:
            raise EventError(
                f"shorten by {seconds} s: only {math.ceil(remaining)} s remain "
                "(a clock cannot go below zero; shorten by less, or let Control advance)"
            )
        return replace(self, length=length - seconds)


def phase_length(settings: EventSettings, phase: str) -> float | None:
    """A step's length in seconds from the event's settings; None for the untimed steps."""
    minutes = {"action": settings.action_minutes, "team": settings.team_minutes}.get(phase)
    return None if minutes is None else float(minutes * 60)


def start_clock(settings: EventSettings, public_view: dict[str, Any], now: float) -> PhaseClock:
    """A running clock for the turn and step the game's public view shows, its length from the event's settings."""
    turn, phase = _turn_and_phase(public_view)
    return PhaseClock(
        turn=turn,
        phase=phase,
        length=phase_length(settings, phase),
        started_at=now,
        warning_seconds=settings.warning_seconds,
    )


def follow(clock: PhaseClock | None, settings: EventSettings, public_view: dict[str, Any], now: float) -> PhaseClock:
    """The clock after the game took an action: the same clock while the game stays in its phase, a new running one
    once Control's advance has moved the game to another phase or turn."""
    turn, phase = _turn_and_phase(public_view)
    if clock is not None and (clock.turn, clock.phase) == (turn, phase):
        return clock
    return start_clock(settings, public_view, now)


def turns_played(turn: int, phase: str) -> int:
    """The turns a game in `turn` and `phase` has played: those before it, and its own once the game is over."""
    return turn if phase == "over" else turn - 1


def advance_confirmation(clock: PhaseClock | None, now: float, unmet: Sequence[str] = ()) -> str | None:
    """The question Control answers before its advance: while the clock still has time, and while the game says a
    ship has not done what the step needed (`unmet`, from `unmet_before_advance`); None when neither holds."""
    parts = []
    remaining = None if clock is None else clock.remaining(now)
    if clock is not None and remaining is not None and not clock.overrun(now):
        minutes, seconds = divmod(math.ceil(remaining), 60)
        parts.append(f"Turn {clock.turn}, {clock.phase} phase: {minutes} min {seconds:02d} s are left on the clock.")
    if unmet:
        parts.append("Not done yet: " + " ".join(unmet))
    if not parts:
        return None
    return " ".join([*parts, "Advance the game now anyway?"])


def unmet_before_advance(control_view: Mapping[str, Any]) -> list[str]:
    """What the game's view for Control says the ships have not done that the step an advance ends needed: its
    `before_advance` sentences (a game that lists none has none). The event relays them; the rules are the game's."""
    unmet = control_view.get("before_advance")
    if not isinstance(unmet, list):
        return []
    return [line for line in unmet if isinstance(line, str)]


def _turn_and_phase(public_view: dict[str, Any]) -> tuple[int, str]:
    """The turn and step a game's public view shows; EventError if it shows neither (not an event's game)."""
    turn, phase = public_view.get("turn"), public_view.get("step")
    if not isinstance(turn, int) or not isinstance(phase, str):
        raise EventError("the game's public view shows no turn and step, so the phase clock cannot follow it")
    return turn, phase


def _check_now(clock: PhaseClock, now: float) -> None:
    """Refuse a time before the clock's last start (a wrong `now`), which would run the clock backwards."""
    if not math.isfinite(now) or now < clock.started_at:
        raise EventError(f"the time {now} is before the clock last started ({clock.started_at})")


def _check_seconds(seconds: int, verb: str) -> None:
    """Refuse a change of the clock that is not a whole positive number of seconds."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds <= 0:
        raise EventError(f"{verb} by {seconds!r}: give a whole number of seconds, more than zero")


def _timed_length(clock: PhaseClock, verb: str) -> float:
    """The clock's length; an untimed step cannot be extended or shortened."""
    if clock.length is None:
        raise EventError(f"{verb}: the {clock.phase} step is untimed (only the Action and Team Phases have a clock)")
    return clock.length
