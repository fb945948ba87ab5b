"""The event's seats as the Den game names them, and the table (printed sheet) each belongs to.

Everything here is read from the game's public face: `game.seats` (Control, every role of every ship's team, then
Media and wildcards, each with its label, kind, ship, role and title) and the public observation of the first
moment (each ship's name, the Council's offices, voters and observers). No rule of the game is repeated here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wolfpack.engine.game import Game
from wolfpack.event.errors import EventError

CONTROL_SEAT = 0
"""Control's seat: the game's seat 0."""

CONTROL, MEDIA, WILDCARDS, COUNCIL = "control", "media", "wildcards", "council"
"""The sheets that are not a ship's: Control's, the News Media's, the wildcards' and the Council's."""

TEAM_OF_KIND = {"control": ("control", "Control"), "media": ("media", "Media"), "wildcard": ("wildcard", "Wildcard")}
"""The team (id, name) of the seats that belong to no ship, by the game's kind of seat."""

SHEET_OF_KIND = {"control": CONTROL, "media": MEDIA, "wildcard": WILDCARDS}


@dataclass(frozen=True)
class SeatInfo:
    """One seat: its number, the game's label, its team and role (id and name) and the sheet it is printed on."""

    index: int
    label: str
    team: str
    """The team's id: a ship's id, or control, media, wildcard."""
    team_name: str
    """The team's name as players know it: the ship's name (ICSS Aegis), Control, Media, Wildcard."""
    role: str
    role_title: str
    sheet: str
    """The table whose sheet lists it: ship-<ship id>, or control, media, wildcards."""
    council: bool = False
    """Whether it also sits at the Council (an office, a vote or an observer's chair there)."""


@dataclass(frozen=True)
class Sheet:
    """One printed sheet: a table of the venue and its seats in seat order."""

    id: str
    title: str
    seats: tuple[SeatInfo, ...]


def event_seats(game: Game[Any]) -> tuple[SeatInfo, ...]:
    """Every seat of the game, in seat order, with its team, role and sheet."""
    public = game.new_initial_state().observation(None)
    ship_names = {ship_id: str(ship["name"]) for ship_id, ship in public["ships"].items()}
    council = _council_labels(public.get("council") or {})
    seats = []
    for index, seat in enumerate(getattr(game, "seats", ())):
        if seat.ship is not None:
            team, team_name, sheet = seat.ship, ship_names[seat.ship], f"ship-{seat.ship}"
        else:
            team, team_name = TEAM_OF_KIND[seat.kind]
            sheet = SHEET_OF_KIND[seat.kind]
        seats.append(SeatInfo(index, seat.label, team, team_name, seat.role, seat.title, sheet, seat.label in council))
    if len(seats) != game.num_players() or not seats:
        raise EventError(f"{game.name} does not name its seats, so it cannot be run as an event")
    return tuple(seats)


def _council_labels(council: dict[str, Any]) -> set[str]:
    """The labels of the seats that sit at the Council: its officers, its voters and its observers."""
    offices = council.get("offices") or {}
    return {
        *(label for label in offices.values() if label),
        *(council.get("voters") or []),
        *(council.get("observers") or []),
    }


def sheets(seats: Sequence[SeatInfo]) -> list[Sheet]:
    """The sheets in venue order: Control, every ship in the pack's order, the Council, Media, wildcards.

    A Council seat is printed twice, on its ship's sheet and on the Council's: its holder may join from either.
    """
    order: dict[str, tuple[str, list[SeatInfo]]] = {}
    for seat in seats:
        if seat.sheet not in order and seat.sheet not in (MEDIA, WILDCARDS):
            title = "Control" if seat.sheet == CONTROL else seat.team_name
            order[seat.sheet] = (title, [])
        if seat.sheet in order:
            order[seat.sheet][1].append(seat)
    order[COUNCIL] = ("The Council", [seat for seat in seats if seat.council])
    order[MEDIA] = ("Media", [seat for seat in seats if seat.sheet == MEDIA])
    order[WILDCARDS] = ("Wildcards", [seat for seat in seats if seat.sheet == WILDCARDS])
    return [Sheet(sheet_id, title, tuple(members)) for sheet_id, (title, members) in order.items() if members]


def find_seat(seats: Sequence[SeatInfo], text: str) -> SeatInfo:
    """The seat a person names: its number or its label (dione/captain), any case; EventError if there is none."""
    wanted = text.strip()
    if wanted.isdigit():
        number = int(wanted)
        if 0 <= number < len(seats):
            return seats[number]
        raise EventError(f"seat {number}: this event has seats 0 to {len(seats) - 1}")
    for seat in seats:
        if seat.label.casefold() == wanted.casefold():
            return seat
    raise EventError(f"seat {text!r}: no seat has that number or label (labels look like {seats[-1].label})")
