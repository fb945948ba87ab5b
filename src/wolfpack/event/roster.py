"""Who plays each seat: a person (one person may hold several seats: merged roles), a bot, Control, or nobody yet.

A roster is an immutable value: every change returns a new roster, so a refused change leaves the old one as it
was. It is read from and written to CSV with the columns name, team, role (and played_by, optional).
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from wolfpack.event.errors import EventError
from wolfpack.event.seats import CONTROL_SEAT, SeatInfo
from wolfpack.event.spreadsheet import csv_text, read_cell

HolderKind = Literal["person", "bot", "control"]
PERSON: Final = "person"
BOT: Final = "bot"
CONTROL: Final = "control"
HOLDER_KINDS: tuple[HolderKind, ...] = (PERSON, BOT, CONTROL)

LONGEST_NAME = 80
"""Our default: the longest person's name a sheet prints (a name is a label at a table, not a biography)."""

CSV_COLUMNS = ("name", "team", "role", "played_by")
REQUIRED_COLUMNS = ("name", "team", "role")
"""played_by is optional: blank means a person (or, with no name, nobody)."""


@dataclass(frozen=True)
class Holder:
    """Who plays a seat: a person by name, a bot by the game's bot name, or Control."""

    kind: HolderKind
    name: str = ""

    def describe(self) -> str:
        """How a sheet or a listing shows it."""
        if self.kind == PERSON:
            return self.name
        return f"a bot ({self.name})" if self.kind == BOT else "Control"


CONTROL_HOLDER = Holder(CONTROL)


@dataclass(frozen=True)
class Roster:
    """Each seat's holder, in seat order (None: nobody yet)."""

    holders: tuple[Holder | None, ...]

    @classmethod
    def empty(cls, seats: int) -> Roster:
        """A new event's roster: Control in its own seat, every other seat waiting for someone."""
        return cls(tuple(CONTROL_HOLDER if seat == CONTROL_SEAT else None for seat in range(seats)))

    def assign(self, seat: int, name: str) -> Roster:
        """The roster with `name` holding `seat` (besides any seats they hold already: merged roles)."""
        given = person_name(name)
        others = [s for s in self.seats_of(given) if s != seat]
        spelled = self._name(others[0]) if others else given  # one person, one spelling: as their first seat has it
        if others and CONTROL_SEAT in (seat, *others):
            raise EventError(f"{spelled} cannot hold Control's seat and a player's seat: Control sees every secret")
        return self._with(seat, Holder(PERSON, spelled))

    def leave_to_bot(self, seat: int, bot: str) -> Roster:
        """The roster with a bot playing `seat` (never Control's: people run the event)."""
        if seat == CONTROL_SEAT:
            raise EventError("seat 0 is Control's: it is played by Control's people, not by a bot")
        return self._with(seat, Holder(BOT, bot))

    def leave_to_control(self, seat: int) -> Roster:
        """The roster with Control playing `seat` itself (an absent player's role)."""
        return self._with(seat, CONTROL_HOLDER)

    def unassign(self, seat: int) -> Roster:
        """The roster with nobody in `seat` (Control's seat goes back to Control)."""
        return self._with(seat, CONTROL_HOLDER if seat == CONTROL_SEAT else None)

    def seats_of(self, name: str) -> list[int]:
        """The seats a person holds (names compared without regard to case or spacing)."""
        key = name_key(name)
        return [
            seat
            for seat, holder in enumerate(self.holders)
            if holder is not None and holder.kind == PERSON and name_key(holder.name) == key
        ]

    def people(self) -> dict[str, list[int]]:
        """Every person and their seats, in the order they first appear."""
        found: dict[str, list[int]] = {}
        for holder in self.holders:
            if holder is not None and holder.kind == PERSON and name_key(holder.name) not in found:
                found[name_key(holder.name)] = self.seats_of(holder.name)
        return {self._name(seats[0]): seats for seats in found.values()}

    def merged(self) -> dict[str, list[int]]:
        """The people who hold several seats (merged roles) and their seats."""
        return {name: seats for name, seats in self.people().items() if len(seats) > 1}

    def unassigned(self) -> list[int]:
        """The seats nobody holds yet."""
        return [seat for seat, holder in enumerate(self.holders) if holder is None]

    def _name(self, seat: int) -> str:
        holder = self.holders[seat]
        return "" if holder is None else holder.name

    def _with(self, seat: int, holder: Holder | None) -> Roster:
        if not 0 <= seat < len(self.holders):
            raise EventError(f"seat {seat}: this event has seats 0 to {len(self.holders) - 1}")
        holders = list(self.holders)
        holders[seat] = holder
        return replace(self, holders=tuple(holders))


def name_key(name: str) -> str:
    """What makes two spellings of a name the same person: case and spacing do not count."""
    return " ".join(name.split()).casefold()


def person_name(text: str) -> str:
    """A person's name as given, its spacing tidied; EventError if it is blank, too long or holds control codes."""
    name = " ".join(text.split())
    if not name:
        raise EventError("a person's name cannot be blank")
    if len(name) > LONGEST_NAME:
        raise EventError(f"the name {name[:20]!r}... is longer than {LONGEST_NAME} characters")
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise EventError(f"the name {name!r} holds a control character")
    return name


# ---- CSV --------------------------------------------------------------------------------------------------------


def import_csv(roster: Roster, seats: Sequence[SeatInfo], text: str, *, bot: str, source: str = "roster") -> Roster:
    """The roster with every row of a CSV file applied (columns name, team, role; played_by optional).

    A row with a name gives that person the seat; played_by "bot" or "control" leaves it to a bot or Control; a row
    with neither leaves the seat to nobody. Seats the file does not mention keep their holders. Any bad row raises
    EventError naming the line and the column, and nothing is applied.
    """
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    header = [column.strip().casefold() for column in reader.fieldnames or []]
    if not header:
        raise EventError(f"{source} line 1: the file is empty; its first line names the columns name, team, role")
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        raise EventError(
            f"{source} line 1: the header lacks the column {', '.join(missing)} "
            f"(it needs name, team, role; played_by is optional)"
        )
    unknown = [column for column in header if column not in CSV_COLUMNS]
    if unknown:
        raise EventError(f"{source} line 1: unknown column {unknown[0]!r} (the columns are {', '.join(CSV_COLUMNS)})")
    reader.fieldnames = header
    lookup = _team_role_lookup(seats)
    first_line: dict[int, int] = {}
    changed = roster
    for row in reader:
        line = reader.line_num
        if None in row:
            raise EventError(f"{source} line {line}: more cells than the header has columns")
        cells = {column: read_cell((row.get(column) or "").strip()) for column in CSV_COLUMNS}
        if not any(cells.values()):
            continue  # a blank line
        seat = _seat_of_row(lookup, cells, f"{source} line {line}")
        if seat.index in first_line:
            raise EventError(
                f"{source} line {line}, columns team and role: {seat.team_name} {seat.role_title} is already "
                f"given on line {first_line[seat.index]}"
            )
        first_line[seat.index] = line
        try:
            changed = _apply_row(changed, seat, cells, bot)
        except EventError as exc:
            column = "played_by" if cells["played_by"] else "name"
            raise EventError(f"{source} line {line}, column {column}: {exc}") from None
    return changed


def _apply_row(roster: Roster, seat: SeatInfo, cells: dict[str, str], bot: str) -> Roster:
    """One row's change to the roster."""
    played_by, name = cells["played_by"].casefold(), cells["name"]
    if played_by in ("", PERSON):
        return roster.assign(seat.index, name) if name else roster.unassign(seat.index)
    if played_by not in (BOT, CONTROL):
        raise EventError(f"{cells['played_by']!r} is not person, bot or control")
    if name:
        raise EventError(f"a seat played by {played_by} takes no name (the name cell should be empty)")
    return roster.leave_to_bot(seat.index, bot) if played_by == BOT else roster.leave_to_control(seat.index)


def _team_role_lookup(seats: Sequence[SeatInfo]) -> dict[str, dict[str, list[SeatInfo]]]:
    """Team names (id and name) to role names (id and title) to seats, all case-folded."""
    lookup: dict[str, dict[str, list[SeatInfo]]] = {}
    for seat in seats:
        for team in {name_key(seat.team), name_key(seat.team_name), *_plural(seat)}:
            roles = lookup.setdefault(team, {})
            for role in {name_key(seat.role), name_key(seat.role_title)}:
                roles.setdefault(role, []).append(seat)
    return lookup


def _plural(seat: SeatInfo) -> Iterable[str]:
    """The wildcards' team answers to "wildcards" too."""
    return ("wildcards",) if seat.team == "wildcard" else ()


def _seat_of_row(lookup: dict[str, dict[str, list[SeatInfo]]], cells: dict[str, str], where: str) -> SeatInfo:
    """The seat a row's team and role name."""
    roles = lookup.get(name_key(cells["team"]))
    if roles is None:
        teams = sorted({seats[0].team_name for by_role in lookup.values() for seats in by_role.values()})
        raise EventError(f"{where}, column team: no team {cells['team']!r} (the teams are {', '.join(teams)})")
    found = roles.get(name_key(cells["role"]))
    if not found:
        titles = sorted({seats[0].role_title for seats in roles.values()})
        team_name = next(iter(roles.values()))[0].team_name
        raise EventError(
            f"{where}, column role: {team_name} has no role {cells['role']!r} (its roles are {', '.join(titles)})"
        )
    if len({seat.index for seat in found}) > 1:
        labels = ", ".join(seat.role for seat in found)
        raise EventError(f"{where}, column role: {cells['role']!r} names several roles; write one of {labels}")
    return found[0]


def export_csv(roster: Roster, seats: Sequence[SeatInfo]) -> str:
    """Every seat as a CSV row (name, team, role, played_by) that `import_csv` reads back to the same roster; a name
    a spreadsheet would run as a formula is written as text (`spreadsheet.safe_cell`)."""
    rows = []
    for seat, holder in zip(seats, roster.holders, strict=True):
        name = holder.name if holder is not None and holder.kind == PERSON else ""
        played_by = "" if holder is None or holder.kind == PERSON else holder.kind
        rows.append((name, seat.team_name, _role_name(seat, seats), played_by))
    return csv_text(CSV_COLUMNS, rows, lineterminator="\n")


def _role_name(seat: SeatInfo, seats: Sequence[SeatInfo]) -> str:
    """The role's title, or its id where another role of the team has the same title."""
    title = name_key(seat.role_title)
    twins = [other for other in seats if other.team == seat.team and name_key(other.role_title) == title]
    return seat.role_title if len(twins) == 1 else seat.role
