"""The two editions as rulesets: a base with the shared rules' switches, and a subclass per edition.

As python-chess does variants: each edition is a class whose few class variables (and one or two methods) say
where its rules differ. The rules ask the ruleset; they never test the edition's name.
"""

from __future__ import annotations

from typing import ClassVar, Final

from wolfpack.games.den.content import Edition


class Ruleset:
    """The rules both editions share; subclasses change what their rulebook changes."""

    edition: ClassVar[Edition]
    title: ClassVar[str]
    quadrants: ClassVar[tuple[int, ...]]
    """How many quadrants the fleet map may have (The Fleet Map)."""
    science: ClassVar[bool]
    """Whether science is a resource (Resources and Units)."""
    scout_by_rule: ClassVar[bool]
    """Classic: the Aegis may spend fuel to draw a destination at any time; Infinite Domain needs the card."""
    destinations_pass_between_teams: ClassVar[bool]
    """Infinite Domain: any team may hold destination cards (and all discard when the Aegis jumps)."""
    emergency_needs_separation: ClassVar[bool]
    """Infinite Domain: an emergency jump is for a ship cut off from the Aegis or the main body of the fleet."""
    emergency_damage_by_table: ClassVar[bool]
    """Classic: the pack's table rolls the damage of an emergency jump; Infinite Domain: Control adjudicates."""
    disperse_in_team_phase: ClassVar[bool]
    """Classic does not limit riot dispersal to the Action Phase; Infinite Domain does."""
    brig_escape: ClassVar[bool]
    """Infinite Domain: after a full turn in the brig a player may ask Control to try an escape."""
    parliamentarian_writes_bills: ClassVar[bool]
    """Infinite Domain: the Parliamentarian writes bills and calls votes; classic: the President sets the agenda."""
    vice_president_breaks_ties: ClassVar[bool]
    """Infinite Domain: a tie goes to the Vice President; classic: the President's own vote decides it."""
    president_signs_bills: ClassVar[bool]
    """Infinite Domain: a passed bill becomes law only when the President signs it (or a veto is overridden)."""
    vice_president_gives_orders: ClassVar[bool]
    """Classic: "the president's office" gives the admiral direct orders, the Vice President too; Infinite Domain:
    the President alone."""
    no_confidence: ClassVar[bool]
    """Infinite Domain: once per game each member may call a vote of no confidence in the Parliamentarian."""
    snap_election: ClassVar[bool]
    """Infinite Domain: once per game the Council may call a snap presidential election."""
    battle_stations: ClassVar[bool]
    """Infinite Domain: on-foot units fight boarders only from Battle Stations (or the Ready Room)."""
    separate_boarding_targets: ClassVar[bool]
    """Classic: each boarding squadron in a Wolf round picks a ship no other squadron picked that round."""
    boarders_strike_on_landing: ClassVar[bool]
    """Classic: a boarder rolls its damage in the Wolf round it lands; Infinite Domain: the landing damage instead."""


class ClassicRules(Ruleset):
    """Den of Wolves as John Mizon wrote it for South West Megagames."""

    edition = "classic"
    title = "Den of Wolves (classic)"
    quadrants = (4,)
    science = False
    scout_by_rule = True
    destinations_pass_between_teams = False
    emergency_needs_separation = False
    emergency_damage_by_table = True
    disperse_in_team_phase = True
    brig_escape = False
    parliamentarian_writes_bills = False
    vice_president_breaks_ties = False
    president_signs_bills = False
    vice_president_gives_orders = True
    no_confidence = False
    snap_election = False
    battle_stations = False
    separate_boarding_targets = True
    boarders_strike_on_landing = True


class InfiniteDomainRules(Ruleset):
    """Den of Wolves: Infinite Domain, Portland Megagames' revision."""

    edition = "infinite-domain"
    title = "Den of Wolves: Infinite Domain"
    quadrants = (4, 5, 6)
    science = True
    scout_by_rule = False
    destinations_pass_between_teams = True
    emergency_needs_separation = True
    emergency_damage_by_table = False
    disperse_in_team_phase = False
    brig_escape = True
    parliamentarian_writes_bills = True
    vice_president_breaks_ties = True
    president_signs_bills = True
    vice_president_gives_orders = False
    no_confidence = True
    snap_election = True
    battle_stations = True
    separate_boarding_targets = False
    boarders_strike_on_landing = False


RULESETS: Final[dict[Edition, type[Ruleset]]] = {"classic": ClassicRules, "infinite-domain": InfiniteDomainRules}
EDITION_NAMES: Final[dict[str, str]] = {"classic": "Classic", "infinite-domain": "Infinite Domain"}
"""Each edition as printed on a page."""
