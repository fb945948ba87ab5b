"""The audit log: every action taken in an event, with who took it (a seat or a Control operator), what kind of
thing it was, the ships it concerns, its text, the reason given and the game's version, at what time.

`audit_entry` checks an entry against the event (its seat, operator and ships) and the time passed in; the store
appends it with one INSERT (`EventStore.append_audit`) and reads entries back filtered by ship, seat, operator and
kind (`EventStore.audit`); `audit_csv` exports them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from wolfpack.event.errors import EventError, checked_time
from wolfpack.event.model import Event
from wolfpack.event.operators import ORGANISER, ORGANISER_NAME
from wolfpack.event.roster import PERSON
from wolfpack.event.spreadsheet import csv_text

KINDS = ("action", "control", "clock", "roster", "message", "rewind", "operator", "settings")
"""What an entry records: a seat's game action, a Control verb, a change of the clock, of the roster, a message,
a rewind, a change of Control's operators, or of the event's settings."""

SEAT, OPERATOR = "seat", "operator"
"""Who acted: a seat of the game (its label), one of Control's operators (their name), or the organiser
(`operators.ORGANISER`, named `ORGANISER_NAME`)."""

CSV_HEADER = ("time", "actor_kind", "actor", "name", "kind", "ships", "text", "reason", "version")

LABEL = re.compile(r"(?<![\w/-])[a-z0-9-]+/[a-z0-9-]+(?![\w/-])")
"""A seat's label in a row's text (`dione/captain`), as the pages find it (js/people.js)."""


@dataclass(frozen=True)
class AuditEntry:
    """One line of the audit log."""

    time: float
    actor_kind: str
    actor: str
    """The seat's label (dione/captain) or the operator's name."""
    kind: str
    ships: tuple[str, ...]
    text: str
    reason: str = ""
    version: int | None = None
    """The game's version when it happened: the number of actions in its history (None: no game action)."""
    names: tuple[tuple[str, str], ...] = ()
    """The people in the seats the row names (the actor's and those in its text), as they were when it was written:
    (label, the person's name) for each such seat a person held then. A seat that moves to someone else later does
    not rename the rows written before."""

    @property
    def name(self) -> str:
        """Who acted, by name: the person in the actor's seat then ("" where none: open, a bot, Control), or the
        operator (the organiser)."""
        if self.actor_kind == SEAT:
            return dict(self.names).get(self.actor, "")
        return self.actor


def audit_entry(
    event: Event,
    *,
    time: float,
    kind: str,
    text: str,
    seat: str | None = None,
    operator: str | None = None,
    organiser: bool = False,
    ships: Iterable[str] = (),
    reason: str = "",
    version: int | None = None,
) -> AuditEntry:
    """An entry checked against the event: one actor (a seat, an operator or the organiser), a known kind, the
    event's ships.

    A seat of a ship's team concerns its own ship when no ships are given."""
    if (seat is not None) + (operator is not None) + organiser != 1:
        raise EventError("an audit entry names one actor: a seat, an operator or the organiser, exactly one")
    if kind not in KINDS:
        raise EventError(f"kind {kind!r}: an audit entry's kind is one of {', '.join(KINDS)}")
    checked_time(time, "an audit entry needs the time it happened")
    if not text.strip():
        raise EventError("an audit entry needs the text of what was done: the text given is empty")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int) or version < 0):
        raise EventError(f"version {version!r}: the game's version is a whole number, zero or more")
    chosen = _checked_ships(ships, event.ships)
    if seat is not None:
        info = event.seat(seat)
        actor_kind, actor = SEAT, info.label
        if not chosen and info.team in event.ships:
            chosen = (info.team,)
    elif operator is not None:
        actor_kind, actor = OPERATOR, event.operators.find(str(operator)).name
    else:
        actor_kind, actor = ORGANISER, ORGANISER_NAME
    names = people_named(event, [actor] if actor_kind == SEAT else [], text)
    return AuditEntry(time, actor_kind, actor, kind, chosen, text.strip(), reason.strip(), version, names)


def people_named(event: Event, labels: Sequence[str], text: str) -> tuple[tuple[str, str], ...]:
    """The people in the seats `labels` and `text` name, as the event's roster has them now: (label, name) for each
    seat a person holds, in the order named."""
    numbers = event.seat_numbers
    found: list[tuple[str, str]] = []
    for label in [*labels, *LABEL.findall(text)]:
        number = numbers.get(label)
        holder = None if number is None else event.roster.holders[number]
        if holder is not None and holder.kind == PERSON and all(label != seen for seen, _ in found):
            found.append((label, holder.name))
    return tuple(found)


def audit_csv(entries: Sequence[AuditEntry]) -> str:
    """The entries as CSV: a header, then a row each; times in UTC (ISO 8601), ships space-separated; a cell a
    spreadsheet would run as a formula is written as text (`spreadsheet.safe_cell`)."""
    return csv_text(
        CSV_HEADER,
        (
            (
                datetime.fromtimestamp(entry.time, UTC).isoformat(timespec="milliseconds"),
                entry.actor_kind,
                entry.actor,
                entry.name,
                entry.kind,
                " ".join(entry.ships),
                entry.text,
                entry.reason,
                "" if entry.version is None else entry.version,
            )
            for entry in entries
        ),
    )


def _checked_ships(ships: Iterable[str], known: Sequence[str]) -> tuple[str, ...]:
    """Ship ids of this event, each once, in the order given."""
    chosen: list[str] = []
    for ship in ships:
        if ship not in known:
            raise EventError(f"ship {ship!r}: no such ship in this event (the ships are {', '.join(known)})")
        if ship not in chosen:
            chosen.append(ship)
    return tuple(chosen)
