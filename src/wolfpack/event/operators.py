"""Control's operators: the people at Control's desks, several at once, each with their own token, all acting as
Control and named in the audit log; a desk may focus on some ships.

`Operators` is an immutable value: each change returns new operators and a refused change raises EventError. Tokens
are made as the seats' are (tokens.py); removing an operator or giving them a new token refuses the old one at once.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from wolfpack.event.errors import EventError
from wolfpack.event.seats import SeatInfo
from wolfpack.server.tables import new_token

LONGEST_NAME = 60
"""Our default: an operator's name fits a desk's header and a column of the audit log."""

ORGANISER = "organiser"
"""The holder of Control's own token: no operator; their desk is the organiser's page and Control's seat."""
ORGANISER_NAME = "Organiser"
"""How the organiser is named in the audit log and on the messages they send."""


@dataclass(frozen=True)
class Operator:
    """One person at a Control desk: their name, their token and the ships their desk watches (empty: every ship)."""

    name: str
    token: str
    focus: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Operators:
    """An event's operators, in the order they were added."""

    members: tuple[Operator, ...] = ()

    def find(self, name: str) -> Operator:
        """The operator of that name (any case or spacing); EventError if there is none."""
        key = _key(name)
        for operator in self.members:
            if _key(operator.name) == key:
                return operator
        known = ", ".join(operator.name for operator in self.members) or "none yet"
        raise EventError(f"operator {name!r}: there is no such operator (the operators are: {known})")

    def for_token(self, token: str) -> Operator | None:
        """The operator a token belongs to now, or None (a removed or replaced token, or nobody's)."""
        found = None
        for operator in self.members:  # every one in constant time: the timing tells nothing about a token
            if hmac.compare_digest(operator.token.encode(), token.encode()):
                found = operator
        return found

    def add(self, name: str, focus: Iterable[str], ships: Iterable[str]) -> Operators:
        """The operators with a new one, a fresh token and the focus given (checked against the event's ships)."""
        clean = _checked_name(name)
        if any(_key(operator.name) == _key(clean) for operator in self.members):
            raise EventError(f"operator {clean!r}: an operator of that name exists already")
        operator = Operator(clean, new_token(), _checked_focus(focus, ships))
        return replace(self, members=(*self.members, operator))

    def remove(self, name: str) -> Operators:
        """The operators without one: their token is refused from now on."""
        gone = self.find(name)
        return replace(self, members=tuple(operator for operator in self.members if operator is not gone))

    def rename(self, name: str, new_name: str) -> Operators:
        """The operators with one renamed (their token unchanged)."""
        operator = self.find(name)
        clean = _checked_name(new_name)
        if any(_key(other.name) == _key(clean) for other in self.members if other is not operator):
            raise EventError(f"operator {clean!r}: an operator of that name exists already")
        return self._replaced(operator, replace(operator, name=clean))

    def refocus(self, name: str, focus: Iterable[str], ships: Iterable[str]) -> Operators:
        """The operators with one desk's focus changed (empty: every ship)."""
        operator = self.find(name)
        return self._replaced(operator, replace(operator, focus=_checked_focus(focus, ships)))

    def new_token(self, name: str) -> Operators:
        """The operators after one's token is revoked: they get a new one, and the old one is refused at once."""
        operator = self.find(name)
        return self._replaced(operator, replace(operator, token=new_token()))

    def _replaced(self, old: Operator, new: Operator) -> Operators:
        return replace(self, members=tuple(new if operator is old else operator for operator in self.members))


def event_ships(seats: Sequence[SeatInfo]) -> tuple[str, ...]:
    """The ids of the event's ships (the teams whose seats sit at a ship's table), in the pack's order."""
    return tuple(dict.fromkeys(seat.team for seat in seats if seat.sheet == f"ship-{seat.team}"))


def _key(name: str) -> str:
    """Names that differ only in case or spacing are the same operator's."""
    return " ".join(name.split()).casefold()


def _checked_name(name: str) -> str:
    """An operator's name, its spacing tidied: not empty and not too long."""
    clean = " ".join(str(name).split())
    if not clean:
        raise EventError("an operator needs a name: the name given is empty")
    if len(clean) > LONGEST_NAME:
        raise EventError(f"operator {clean[:20]!r}...: a name has at most {LONGEST_NAME} characters")
    return clean


def _checked_focus(focus: Iterable[str], ships: Iterable[str]) -> frozenset[str]:
    """A desk's focus: ship ids of this event, any case."""
    known = tuple(ships)
    by_key = {ship.casefold(): ship for ship in known}
    chosen = set()
    for ship in focus:
        if str(ship).strip().casefold() not in by_key:
            raise EventError(f"focus: no ship {ship!r} in this event (the ships are {', '.join(known)})")
        chosen.add(by_key[str(ship).strip().casefold()])
    return frozenset(chosen)
