"""An event: its settings, its seats (from the Den game), who holds each seat and each seat's token.

An `Event` is an immutable value: each change returns a new event and a refused change raises EventError, so the
event that was asked is unchanged. `EventStore` (store.py) keeps them.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from wolfpack.bots import default_bot_name
from wolfpack.engine.game import Game
from wolfpack.event.errors import EventError
from wolfpack.event.operators import Operator, Operators, event_ships
from wolfpack.event.roster import Roster, export_csv, import_csv
from wolfpack.event.seats import CONTROL_SEAT, SeatInfo, event_seats, find_seat
from wolfpack.event.settings import EventSettings, make_settings
from wolfpack.event.tokens import SeatTokens, join_link

EVENT_ID_BYTES = 4
"""Event ids are 8 hexadecimal digits: short enough to type on a command line, not a secret."""


@dataclass(frozen=True)
class Event:
    """One event as it stands."""

    id: str
    created: float
    settings: EventSettings
    roster: Roster
    tokens: SeatTokens
    turns_played: int = 0
    """Turns the event has finished (the live server records them); `turns` may never go below it."""
    operators: Operators = field(default_factory=Operators)
    """The people at Control's desks, each with their own token."""

    @cached_property
    def game(self) -> Game[Any]:
        """The Den game with the event's settings."""
        return self.settings.game()

    @cached_property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat of the game, with its team, role and sheet."""
        return event_seats(self.game)

    @cached_property
    def seat_numbers(self) -> dict[str, int]:
        """Each seat's number by its label."""
        return {seat.label: seat.index for seat in self.seats}

    @property
    def bot_name(self) -> str:
        """The bot a seat left to a bot gets: the game's own default bot."""
        return default_bot_name(self.game)

    @property
    def ships(self) -> tuple[str, ...]:
        """The ids of the event's ships, in the pack's order."""
        return event_ships(self.seats)

    def seat(self, text: str) -> SeatInfo:
        """The seat named by its number or label."""
        return find_seat(self.seats, text)

    def link(self, seat: int) -> str:
        """The seat's join link (needs the base URL)."""
        return join_link(self.settings.base_url, self.id, self.tokens.tokens[seat])

    def seat_for_token(self, token: str) -> int | None:
        """The seat a token holds now; None for an old token (the seat moved) or a stranger's."""
        return self.tokens.seat_for(token)

    def operator_for_token(self, token: str) -> Operator | None:
        """The Control operator a token belongs to now; None for a revoked token or a stranger's."""
        return self.operators.for_token(token)

    # ---- changes: each returns a new event ----------------------------------------------------------------------

    def with_turns(self, turns: int) -> Event:
        """The event lasting `turns` turns: never fewer than it has played, and as many as the game allows."""
        if turns < self.turns_played:
            raise EventError(f"turns: {turns} is fewer than the {self.turns_played} turns already played")
        return self._with_settings(turns=turns)

    def with_turns_played(self, played: int) -> Event:
        """The event after `played` turns are over (the live server's count)."""
        if not self.turns_played <= played <= self.settings.turns:
            raise EventError(
                f"turns played: {played} is not between {self.turns_played} (already played) "
                f"and {self.settings.turns} (the event's turns)"
            )
        return self._evolve(turns_played=played)

    def with_settings(self, **values: Any) -> Event:
        """The event with some settings changed (base URL, phase lengths); turns go through `with_turns`."""
        if "turns" in values and values["turns"] is not None:
            return self.with_turns(values.pop("turns")).with_settings(**values)
        return self._with_settings(**values)

    def _with_settings(self, **values: Any) -> Event:
        given = {name: value for name, value in values.items() if value is not None}
        settings = make_settings(**{**self.settings.model_dump(), **given})
        changed = replace(self, settings=settings)
        if [seat.label for seat in changed.seats] != [seat.label for seat in self.seats]:
            raise EventError("these settings give the game other seats than the event's roster has")
        return changed

    def _evolve(self, **changes: Any) -> Event:
        """The event with `changes`, keeping the game and seats already loaded (the settings are the same)."""
        changed = replace(self, **changes)
        for name in ("game", "seats", "seat_numbers"):
            if name in self.__dict__:
                changed.__dict__[name] = self.__dict__[name]
        return changed

    def assign(self, seat: str, name: str) -> Event:
        """The event with a person in a seat (several seats: merged roles)."""
        return self._evolve(roster=self.roster.assign(self.seat(seat).index, name))

    def leave_to_bot(self, seat: str) -> Event:
        """The event with the game's bot in a seat."""
        return self._evolve(roster=self.roster.leave_to_bot(self.seat(seat).index, self.bot_name))

    def leave_to_control(self, seat: str) -> Event:
        """The event with Control playing a seat."""
        return self._evolve(roster=self.roster.leave_to_control(self.seat(seat).index))

    def unassign(self, seat: str) -> Event:
        """The event with nobody in a seat."""
        return self._evolve(roster=self.roster.unassign(self.seat(seat).index))

    def import_roster(self, text: str, source: str = "roster") -> Event:
        """The event with a roster CSV applied (all its rows, or none)."""
        return self._evolve(roster=import_csv(self.roster, self.seats, text, bot=self.bot_name, source=source))

    def export_roster(self) -> str:
        """The roster as CSV."""
        return export_csv(self.roster, self.seats)

    def move_seat(self, seat: str) -> Event:
        """The event after a seat moves to another device: a new token, the old one refused from now on."""
        return self._evolve(tokens=self.tokens.moved(self.seat(seat).index))

    def add_operator(self, name: str, focus: tuple[str, ...] = ()) -> Event:
        """The event with a new Control operator, their own token, and their desk's focus (ship ids; none: all)."""
        return self._evolve(operators=self.operators.add(name, focus, self.ships))

    def remove_operator(self, name: str) -> Event:
        """The event without an operator: their token is refused at once."""
        return self._evolve(operators=self.operators.remove(name))

    def rename_operator(self, name: str, new_name: str) -> Event:
        """The event with an operator renamed."""
        return self._evolve(operators=self.operators.rename(name, new_name))

    def refocus_operator(self, name: str, focus: tuple[str, ...]) -> Event:
        """The event with an operator's desk watching other ships (none: every ship)."""
        return self._evolve(operators=self.operators.refocus(name, focus, self.ships))

    def revoke_operator_token(self, name: str) -> Event:
        """The event with an operator's token replaced: the old one is refused at once."""
        return self._evolve(operators=self.operators.new_token(name))


def new_event(settings: EventSettings, event_id: str | None = None, created: float | None = None) -> Event:
    """A new event: Control in seat 0, every other seat open, a fresh token for each."""
    game = settings.game()
    seats = event_seats(game)
    event = Event(
        id=event_id or secrets.token_hex(EVENT_ID_BYTES),
        created=time.time() if created is None else created,
        settings=settings,
        roster=Roster.empty(len(seats)),
        tokens=SeatTokens.fresh(len(seats)),
    )
    event.__dict__.update(game=game, seats=seats)  # already loaded: the cached properties need not load them again
    return event


__all__ = ["CONTROL_SEAT", "Event", "new_event"]
