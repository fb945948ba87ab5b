"""What each seat of Den of Wolves may see: observations, logs, the leak check's canaries, and a text rendering.

Control sees everything. Everyone sees every ship's basic facts (the Background Guide's), where every player is,
the fleet map and the pursuit track. A team sees its own ship's panel, its hands of action cards, its destination
cards and the coordinates it has learnt. A ship's panel is also seen by anyone at its table unless the team has
covered it (Vessel Privacy). Hands, destination cards and the damage deck never leave the team. With table dice,
every seat sees which dice each ship's table has to enter; what a private one decides (emergency-jump damage, a
freeform ruling) only its team and Control see (dice.py).
"""

from __future__ import annotations

import base64
import binascii
import sys
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, overload

from wolfpack.engine.chunks import TextChunks
from wolfpack.games.den.attack import attack_view
from wolfpack.games.den.content import DISTANCES, RATION_LEVELS
from wolfpack.games.den.council import council_view, order_ships, orders_seen
from wolfpack.games.den.dice import dice_view
from wolfpack.games.den.media import SHOWN_BROADCASTS
from wolfpack.games.den.readiness import before_advance
from wolfpack.games.den.rules import CONTROL, CONTROL_ONLY, PUBLIC, commander_of, crew_on, plain_copy

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState


PUBLIC_PART: Final = "public"
CONTROL_PART: Final = "control"


def observation(state: DenState, player: int | None, copy: bool = True) -> dict[str, Any]:
    """Exactly what `player` may know (None: the public view), assembled from the parts of this moment's views
    (with `copy` false, sharing them: for a caller that only reads it)."""
    control = player == CONTROL
    own = state.seats[player].ship if player is not None else None
    public = view_part(state, PUBLIC_PART)
    view: dict[str, Any] = {
        "edition": public["edition"],
        "turn": public["turn"],
        "turns": public["turns"],
        "step": public["step"],
        "paused": public["paused"],
        "pursuit": public["pursuit"],
        "quadrants": public["quadrants"],
        "fleet_at": state.fleet_at if control else None,
        "rewards": public["rewards"],
        "ships": public["ships"],
        "people": public["people"],
        "seat": None if player is None else state.seats[player].label,
        "panels": {sid: view_part(state, ("panel", sid)) for sid in visible_panels(state, player)},
        "council": public["council"],
        "attack": public["attack"],
        "fighters": public["fighters"],
        "battles": public["battles"],
        "dice": public["dice"],
        "broadcasts": public["broadcasts"],
    }
    secrets = view_part(state, CONTROL_PART) if control else view_part(state, ("team", own)) if own else None
    view["council"] = {**view["council"], "orders": [] if secrets is None else secrets["orders"]}
    if secrets is not None:
        view.update((key, value) for key, value in secrets.items() if key != "orders")
    if not copy:  # built from the settled parts (snapshots, see `settle_parts`): nothing the game will change
        return view
    # The parts are shared by every view of this moment (and kept to tell which views change): each caller gets
    # its own copy.
    return plain_copy(view)


def visible_panels(state: DenState, player: int | None) -> list[str]:
    """The ships whose panel `player` sees: all for Control; its own ship's; the one at whose table it stands,
    unless that team has covered it."""
    if player == CONTROL:
        return list(state.ships)
    own = state.seats[player].ship if player is not None else None
    at = state.people[str(player)]["at"] if player is not None else None
    return [sid for sid in state.ships if sid == own or (sid == at and not state.ships[sid]["hidden"])]


def view_part(state: DenState, key: Any) -> Any:
    """One part of this moment's views, built once per action (see `build_part`); callers must not change it."""
    parts = state.cache.get("view parts")
    if parts is None:
        parts = state.cache["view parts"] = {}
    found = parts.get(key)
    if found is None:
        found = parts[key] = build_part(state, key)
    return found


def build_part(state: DenState, key: Any) -> Any:
    """A part of the views: the public part, a ship's panel (`("panel", sid)`), a team's secrets
    (`("team", sid)`) or Control's extras."""
    if key == PUBLIC_PART:
        return public_part(state)
    if key == CONTROL_PART:
        return control_part(state)
    kind, sid = key
    return panel(state, sid) if kind == "panel" else team_part(state, sid)


def public_part(state: DenState) -> dict[str, Any]:
    """What every seat and the public view see alike."""
    council = {key: value for key, value in council_view(state, None).items() if key != "orders"}
    return {
        "edition": state.rules.edition,
        "turn": state.turn,
        "turns": state.turns,
        "step": state.step,
        "paused": state.paused,
        "pursuit": state.pursuit,
        "quadrants": state.quadrant_count,
        "rewards": dict(state.rewards),
        "ships": {sid: basic_facts(state, sid) for sid in state.ships},
        "people": {
            seat.label: {"at": state.people[str(i)]["at"], "status": state.people[str(i)]["status"]}
            for i, seat in enumerate(state.seats)
        },
        "council": council,
        "attack": attack_view(state, None),
        "fighters": {
            uid: {"owner": unit["owner"], "quadrant": unit["quadrant"], "damaged": unit["damaged"]}
            for uid, unit in state.units.items()
            if unit["quadrant"] is not None
        },
        "battles": state.battles,
        "dice": dice_view(state, None),
        "broadcasts": state.broadcasts[-SHOWN_BROADCASTS:],
    }


def control_part(state: DenState) -> dict[str, Any]:
    """What only Control sees: every hand, held card, known coordinate and damage deck, the notices, the
    destination deck's size, where the fleet is, every direct order, and what the ships have not done that the
    step Control's advance would end needed (readiness.py)."""
    return {
        "orders": orders_seen(state, CONTROL),
        "hands": {state.seats[int(i)].label: list(cards) for i, cards in state.hands.items() if cards},
        "held": {sid: list(cards) for sid, cards in state.held.items() if cards},
        "known": {sid: list(codes) for sid, codes in state.known.items() if codes},
        "decks": {sid: list(ship["deck"]) for sid, ship in state.ships.items()},
        "notices": [dict(n) for n in state.notices],
        "news": {sid: ship["news"] for sid, ship in state.ships.items() if ship["news"]},
        "destination_deck": len(state.destinations["deck"]),
        "fleet_at": state.fleet_at,
        "dice": dice_view(state, "*"),
        "before_advance": before_advance(state),
        "policies": dict(state.policies),
    }


def team_part(state: DenState, own: str) -> dict[str, Any]:
    """What a ship's team sees besides the public part and its panel: its hands, destination cards, known
    coordinates, and the direct orders that reach it."""
    first = next(i for i, seat in enumerate(state.seats) if seat.ship == own)
    return {
        "orders": orders_seen(state, first),
        "hands": {
            state.seats[int(i)].label: list(cards)
            for i, cards in state.hands.items()
            if state.seats[int(i)].ship == own and cards
        },
        "held": {own: list(state.held[own])},
        "known": {own: list(state.known[own])},
        "destinations": destination_cards(state, state.held[own]),
        "dice": dice_view(state, own),
    }


def basic_facts(state: DenState, sid: str) -> dict[str, Any]:
    """What the whole fleet knows of a ship."""
    ship = state.ships[sid]
    card = state.content.ships[sid]
    commander = commander_of(state, sid)
    return {
        "name": card.name,
        "nation": card.nation,
        "size": card.size,
        "quadrant": ship["quadrant"],
        "with_fleet": ship["at"] == state.fleet_at,
        "jumping": ship["jump"] is not None,
        "hidden": ship["hidden"],
        "anarchy": ship["anarchy"],
        "destroyed": ship["destroyed"],
        "riots": sorted(s for s, slot in ship["stations"].items() if slot["riot"] == "active"),
        "commander": None if commander is None else state.seats[commander].label,
    }


def panel(state: DenState, sid: str) -> dict[str, Any]:
    """A ship's panel: hold, what rations and jumps cost, stations with their crew, units, shuttles, morale, rations
    and jump sheet."""
    ship = state.ships[sid]
    card = state.content.ships[sid]
    return {
        "hold": dict(ship["hold"]),
        "ration_costs": {
            meal: {level: costs.cost(level) for level in RATION_LEVELS}
            for meal, costs in (("food", card.food), ("water", card.water))
        },
        "fuel_costs": {distance: card.fuel.cost(distance) for distance in DISTANCES},
        "morale": ship["morale"],
        "rations": {"food": ship["food"], "water": ship["water"]},
        "supplied": dict(ship["supplied"]),
        "coords": ship["coords"],
        "drive_ready": ship["drive_ready"],
        "emergency": ship["emergency"],
        "damage_this_turn": ship["damage"],
        "stations": {
            station: {
                "damage": slot["damage"],
                "riot": slot["riot"],
                "crew": [crew_view(state, cid) for cid in crew_on(state, sid, station)],
            }
            for station, slot in ship["stations"].items()
        },
        "units": {uid: dict(unit) for uid, unit in state.units.items() if unit["ship"] == sid},
        "shuttles": {
            shid: {"owner": s["owner"], "cargo": dict(s["cargo"])}
            for shid, s in state.shuttles.items()
            if s["at"] == sid
        },
    }


def crew_view(state: DenState, cid: str) -> dict[str, Any]:
    crew = state.crew[cid]
    return {"id": cid, "training": crew["training"], "used": crew["used"], "wounded": crew["wounded"]}


def destination_cards(state: DenState, ids: list[str]) -> list[dict[str, Any]]:
    """The cards with everything printed on them."""
    by_id = {d.id: d for d in state.content.destinations.destinations}
    return [
        {
            "id": d,
            "name": by_id[d].name,
            "coordinates": by_id[d].coordinates,
            "distance": by_id[d].distance,
            "risks": by_id[d].risks,
            "rewards": dict(by_id[d].rewards),
        }
        for d in ids
        if d in by_id
    ]


def log_for(state: DenState, player: int | None) -> list[str]:
    """The log lines `player` may read: public ones, their team's, and everything for Control."""
    return log_lines(state, log_audience(state, player))


def log_audience(state: DenState, player: int | None) -> str:
    """Whose log `player` reads: Control's (every line), a ship team's, or the public one."""
    if player == CONTROL:
        return CONTROL_ONLY
    own = state.seats[player].ship if player is not None else None
    return own or PUBLIC


class EventLog:
    """The game's log: every line with its audience, in order. It only grows, so it is kept compactly: the texts in
    compressed chunks (`TextChunks`) and each line's audience as a small number. A copy shares the closed chunks and
    the audiences' names. It reads like the list of `[audience, text]` pairs it once was (len, index, iteration,
    equality with such a list), and grows by `append([audience, text])`."""

    __slots__ = ("_audiences", "_codes", "_names", "_texts")

    def __init__(self, lines: Iterable[Sequence[str]] = ()) -> None:
        self._texts = TextChunks()
        self._audiences = array("H")
        self._names: list[str] = []
        """Every audience named so far (ids of the code), shared by copies: both only ever grow."""
        self._codes: dict[str, int] = {}
        for line in lines:
            self.append(line)

    def append(self, line: Sequence[str]) -> None:
        """Add a line `[audience, text]` at the end."""
        audience, text = line
        code = self._codes.get(audience)
        if code is None:
            code = self._codes[audience] = len(self._names)
            self._names.append(audience)
        self._texts.append(text)
        self._audiences.append(code)

    def to_saved(self) -> dict[str, Any]:
        """The log as a saved state holds it: its texts' chunks (`TextChunks.to_saved`) and each line's audience
        (numbers into `audiences`, as little-endian 16-bit numbers in base64): no object per line."""
        order: dict[int, int] = {}
        for code in self._audiences:
            if code not in order:
                order[code] = len(order)
        codes = self._audiences
        if any(code != number for code, number in order.items()):  # names another copy registered: leave them out
            codes = array("H", (order[code] for code in codes))
        if sys.byteorder == "big":
            codes = array("H", codes)
            codes.byteswap()
        return {
            "audiences": [self._names[code] for code in order],
            "codes": base64.b64encode(codes.tobytes()).decode(),
            "texts": self._texts.to_saved(),
        }

    @classmethod
    def from_saved(cls, saved: Mapping[str, Any]) -> EventLog:
        """A log saved by `to_saved`; ValueError naming what is wrong with it."""
        keys = {"audiences", "codes", "texts"}
        if set(saved) != keys:
            raise ValueError(f"its keys must be {', '.join(sorted(keys))}")
        names = saved["audiences"]
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise ValueError("its audiences must be a list of text")
        try:
            codes = array("H", base64.b64decode(saved["codes"], validate=True))
        except (TypeError, ValueError, binascii.Error) as exc:
            raise ValueError(f"its codes must be base64: {exc}") from None
        if sys.byteorder == "big":
            codes.byteswap()
        texts = TextChunks.from_saved(saved["texts"])
        if len(codes) != len(texts) or any(code >= len(names) for code in codes):
            raise ValueError(f"it has {len(texts)} lines but {len(codes)} audiences (of {len(names)} named)")
        log = cls()
        log._texts, log._audiences = texts, codes
        log._names, log._codes = list(names), {name: code for code, name in enumerate(names)}
        return log

    def copy(self) -> EventLog:
        """A copy: its own open chunk and audiences, the closed chunks and names shared."""
        twin = object.__new__(EventLog)
        twin._texts = self._texts.copy()
        twin._audiences = array("H", self._audiences)
        twin._names, twin._codes = self._names, self._codes
        return twin

    def audience(self, number: int) -> str:
        """The audience of line `number`."""
        return self._names[self._audiences[number]]

    def texts_of(self, numbers: Sequence[int]) -> list[str]:
        """The texts of the lines numbered `numbers` (ascending), each chunk read once."""
        if numbers and len(numbers) == numbers[-1] - numbers[0] + 1:  # a run of lines: read them as one
            return self._texts.texts(numbers[0], numbers[-1] + 1)
        return self._texts.texts_at(numbers)

    def __len__(self) -> int:
        return len(self._audiences)

    def __iter__(self) -> Iterator[list[str]]:
        names = self._names
        for code, text in zip(self._audiences, self._texts, strict=True):
            yield [names[code], text]

    @overload
    def __getitem__(self, number: int) -> list[str]: ...

    @overload
    def __getitem__(self, number: slice) -> list[list[str]]: ...

    def __getitem__(self, number: int | slice) -> list[str] | list[list[str]]:
        if isinstance(number, slice):
            names = self._names
            return [
                [names[code], text] for code, text in zip(self._audiences[number], self._texts[number], strict=True)
            ]
        return [self._names[self._audiences[number]], self._texts[number]]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it grows

    def __repr__(self) -> str:
        return f"EventLog(<{len(self)} lines>)"


@dataclass
class LogIndex:
    """Which lines each audience reads, kept as the log grows (it is only ever appended to) so that a seat's log
    costs the new lines only. Built for one log: a state given another log starts a new index.

    Every audience reads the public lines, most of the log: their numbers are kept once (`public`), and per team
    only the lines written for it (`lines`), so a public line costs one entry, not one per team."""

    events: EventLog
    read: int = 0
    """How many of the log's lines have been sorted into `public` and `lines`."""
    public: array[int] = field(default_factory=lambda: array("I"))
    """The numbers of the public lines."""
    lines: dict[str, array[int]] = field(default_factory=dict)
    """Per team audience: the numbers of the lines other than public ones that it reads."""


def log_index(state: DenState, audience: str) -> LogIndex:
    """The index of the state's log, brought up to date with its new lines, and holding `audience`'s."""
    index = state.logs
    events = state.events
    if index is None or index.events is not events:
        index = state.logs = LogIndex(events)
    if audience not in (CONTROL_ONLY, PUBLIC) and audience not in index.lines:  # it starts at the log's start
        index.lines[audience] = array("I", (n for n in range(index.read) if own_line(audience, events.audience(n))))
    if index.read < len(events):
        readers: dict[str, list[array[int]]] = {PUBLIC: [index.public]}  # per line audience: the indices it joins
        for number in range(index.read, len(events)):
            seen = events.audience(number)
            found = readers.get(seen)
            if found is None:
                found = readers[seen] = [numbers for name, numbers in index.lines.items() if own_line(name, seen)]
            for numbers in found:
                numbers.append(number)
        index.read = len(events)
    return index


def log_length(state: DenState, audience: str) -> int:
    """How many lines the log of `audience` has."""
    index = log_index(state, audience)
    if audience == CONTROL_ONLY:
        return len(state.events)
    return len(index.public) + (len(index.lines[audience]) if audience != PUBLIC else 0)


def log_lines(state: DenState, audience: str, start: int = 0) -> list[str]:
    """The log of `audience` (see `log_audience`) from its line `start` on, as a new list."""
    index = log_index(state, audience)
    events = state.events
    if audience == CONTROL_ONLY:
        return events.texts_of(range(start, len(events)))
    if audience == PUBLIC:
        return events.texts_of(index.public[start:])
    return events.texts_of(merged_from(index.public, index.lines[audience], start))


def merged_from(first: array[int], second: array[int], start: int) -> Sequence[int]:
    """The numbers of two ascending arrays with none in common, merged in order, from the merged position `start`."""
    if start >= len(first) + len(second):
        return []
    # The smallest line number with `start` numbers below it: no number is in both, so the count below a number
    # grows by at most one per number, and one has exactly `start` below it.
    low, high = 0, max(first[-1] if first else 0, second[-1] if second else 0)
    while low < high:
        middle = (low + high) // 2
        if bisect_left(first, middle) + bisect_left(second, middle) < start:
            low = middle + 1
        else:
            high = middle
    rest = first[bisect_left(first, low) :]
    rest.extend(second[bisect_left(second, low) :])
    return sorted(rest)  # two ascending runs: Timsort merges them in one pass


def own_line(audience: str, line_audience: str) -> bool:
    """Whether a team's log holds a line written for `line_audience` other than a public one."""
    return line_audience != PUBLIC and reads(audience, line_audience)


def reads(audience: str, line_audience: str) -> bool:
    """Whether the log of `audience` holds a line written for `line_audience`."""
    if audience == CONTROL_ONLY or line_audience == PUBLIC:
        return True
    return audience != PUBLIC and line_audience != CONTROL_ONLY and audience in line_audience.split(",")


# ---- which views an action changed -----------------------------------------------------------------------------


def view_keys(state: DenState, player: int | None) -> list[Any]:
    """The parts `player`'s observation and log are made of: while none changes, neither does the view."""
    keys: list[Any] = [PUBLIC_PART, *(("panel", sid) for sid in visible_panels(state, player))]
    if player == CONTROL:
        keys.append(CONTROL_PART)
    elif player is not None and state.seats[player].ship:
        keys.append(("team", state.seats[player].ship))
    keys.append(("log", log_audience(state, player)))
    return keys


def all_view_keys(state: DenState) -> list[Any]:
    """Every part of every view: the public part, Control's, each ship's panel, each team's secrets, each log."""
    teams = list(dict.fromkeys(seat.ship for seat in state.seats if seat.ship))
    return [
        PUBLIC_PART,
        CONTROL_PART,
        *(("panel", sid) for sid in state.ships),
        *(("team", sid) for sid in teams),
        *(("log", audience) for audience in (CONTROL_ONLY, PUBLIC, *teams)),
    ]


def view_version(state: DenState, player: int | None, ply: int) -> int:
    """The ply at which a part of `player`'s view last changed (asked at ply `ply`): see `State.view_version`.

    Each part's value is kept and compared with the next time any version is asked; a part that differs takes the
    ply of that moment. The parts a seat sees are chosen from the public part (where people stand, which panels
    are covered), so a seat whose parts all kept their values has the same parts and the same view."""
    settle_parts(state, ply)
    return max(state.versions[key][1] for key in view_keys(state, player))


def settle_parts(state: DenState, ply: int) -> None:
    """Compare every part of the views with its value when last settled, note the ply of each that changed, and
    leave this moment's parts as snapshots: a changed part copied (a part may hold the game's own lists, which
    later actions change: the public part's battles do), an unchanged one the very snapshot kept before, so that
    views built from now on share its objects with the views before and a patch stops at it at once."""
    if state.versions_at == ply:
        return
    versions = state.versions
    parts = state.cache.setdefault("view parts", {})
    for key in all_view_keys(state):
        if key[0] == "log":
            length = log_length(state, key[1])
            if versions.get(key, (None,))[0] != length:
                versions[key] = (length, ply)
            continue
        value = view_part(state, key)
        kept = versions.get(key)
        if kept is None or kept[0] != value:
            snapshot = parts[key] = snapshot_part(value, None if kept is None else kept[0])
            versions[key] = (snapshot, ply)
        else:
            parts[key] = kept[0]
    state.versions_at = ply


def snapshot_part(value: dict[str, Any], kept: dict[str, Any] | None) -> dict[str, Any]:
    """A copy of a part that holds none of the game's objects, sharing with `kept` (its last snapshot) every entry
    whose value is unchanged: most of a changed part is not, and a patch stops at a shared entry at once."""
    if kept is None:
        return plain_copy(value)
    changed = {key: entry for key, entry in value.items() if key not in kept or kept[key] != entry}
    fresh = plain_copy(changed)
    return {key: fresh[key] if key in fresh else kept[key] for key in value}


def plant_canaries(state: DenState) -> tuple[DenState, dict[int | None, tuple[set[str], set[str]]]]:
    """A copy with a canary in every team secret, and per viewer the canaries it must and must never see."""
    planted = state.clone()
    assert isinstance(planted, type(state))
    # The secrets change below, outside any action: nothing derived from the original may stay.
    planted.cache, planted.versions, planted.versions_at = {}, {}, -1
    secrets: dict[str, set[str]] = {sid: set() for sid in state.ships}
    for seat_key, cards in planted.hands.items():
        ship = planted.seats[int(seat_key)].ship
        if ship is not None:
            canary = f"canary-hand-{seat_key}!"
            cards.append(canary)
            secrets[ship].add(canary)
    for sid in planted.ships:
        held = f"canary-held-{sid}!"
        known = f"canary-known-{sid}!"
        planted.held[sid].append(held)
        planted.known[sid].append(known)
        planted.ships[sid]["hidden"] = True
        secrets[sid] |= {held, known}
        # A freeform roll awaiting entry at the ship's table carries Control's ruling, which is the team's alone.
        ruling = f"canary-die-{sid}!"
        die = {"id": f"{sid}:d0", "kind": "freeform", "what": ruling, "odds": 4, "audience": sid}
        planted.dice["awaiting"].setdefault(sid, []).append(die)
        secrets[sid].add(ruling)
        deck_line = f"canary-deck-{sid}!"
        planted.events.append([sid, f"{sid} looks through the damage deck: {deck_line}"])
        secrets[sid].add(deck_line)
    # A direct order reaches the President's and the admiral's teams, and nobody else.
    order = "canary-order!"
    council = state.content.council.council
    ships = order_ships(planted, council.president, council.admiral)
    planted.council["orders"].append({"turn": planted.turn, "text": order, "ships": ships})
    for sid in ships:
        secrets[sid].add(order)
    everything = set().union(*secrets.values())
    viewers: dict[int | None, tuple[set[str], set[str]]] = {None: (set(), everything), CONTROL: (everything, set())}
    for index, seat in enumerate(planted.seats):
        if index == CONTROL:
            continue
        mine = secrets.get(seat.ship or "", set())
        viewers[index] = (mine, everything - mine)
    return planted, viewers


def render(observation: Mapping[str, Any]) -> str:
    """A plain-text summary of an observation: the turn, the pursuit track, each ship, the viewer's panels."""
    lines = [
        f"Turn {observation['turn']}/{observation['turns']} · {observation['step']}"
        f"{' · PAUSED' if observation['paused'] else ''} · pursuit {observation['pursuit']}"
    ]
    for ship in observation["ships"].values():
        where = f"q{ship['quadrant']}" if ship["quadrant"] else ("centre" if ship["with_fleet"] else "separated")
        riots = f" riots: {', '.join(ship['riots'])}" if ship["riots"] else ""
        lines.append(f"  {ship['name']:<14} {ship['nation']:<10} {where:<9}{riots}")
    for sid, dice in observation.get("dice", {}).items():
        lines.append(f"  dice to enter at {sid}: " + "; ".join(f"{die['id']} ({die['for']})" for die in dice))
    for sid, panel_view in observation.get("panels", {}).items():
        hold = ", ".join(f"{k} {v}" for k, v in panel_view["hold"].items())
        lines.append(f"[{sid}] morale {panel_view['morale']} · {hold}")
        for station, slot in panel_view["stations"].items():
            crew = " ".join(
                c["id"].split(":")[1] + ("*" if c["used"] else "") + ("!" if c["wounded"] else "") for c in slot["crew"]
            )
            marks = (" DAMAGED" if slot["damage"] else "") + (f" RIOT({slot['riot']})" if slot["riot"] else "")
            lines.append(f"    {station:<16}{crew}{marks}")
    return "\n".join(lines)
