"""Rulebook "Morale Tracks" (Fleet Morale): major events such as ships destroyed or separated from the fleet move
every ship's morale track by the same amount. The rulebooks name the events but not the amounts, nor what destroys
a ship: our defaults (tables.toml) move fleet morale by 2 at once when a ship is destroyed, and suggest 1 to Control
when a ship leaves the fleet, which Control confirms (`control confirm N`) or settles; a ship hit again with every
station already damaged is destroyed when Control confirms it (Interpretations 80).

The Dione's seven stations (fore-farms and aft-farms of one kind) and its deck of 14 cards; it jumps blind to
void-1-dione."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from wolfpack.games.den.readiness import before_advance
from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, chance, control, edit, log, refused, resolve, to_step


def morale(state: DenState) -> dict[str, int]:
    """Every ship's morale level."""
    return {sid: ship["morale"] for sid, ship in state.ships.items()}


def suggestions(state: DenState) -> list[dict[str, Any]]:
    """Control's open notices that suggest a change to fleet morale."""
    return [notice for notice in state.notices if notice["kind"] == "fleet-morale"]


def dione_jumps_alone(state: DenState) -> DenState:
    """The Dione's drive crewed, it jumps blind alone and Control resolves the jump."""
    state = edit(state, lambda p: p["ships"]["dione"].update(drive_ready=True))
    act(state, "dione/captain", "jump")
    return control(state, "control resolve-jumps")


def card_kinds(state: DenState) -> dict[str, str]:
    """The station kind each card of the Dione's damage deck lands on."""
    return {card.id: card.station for card in state.content.damage.decks["dione"]}


def destroyed_dione(edition: str) -> DenState:
    """The Dione, every station damaged, hit again; Control confirms its loss."""
    state = control(wrecked_dione(edition), 'control damage dione 1 "a Wolf strike"')
    chance(state, f"draw {state.ships['dione']['deck'][0]}")
    [notice] = [n for n in state.notices if n["kind"] == "destroyed"]
    return control(state, f'control confirm {notice["id"]} "the Dione breaks up"')


def wrecked_dione(edition: str) -> DenState:
    """The Action Phase of turn 1 with a damage card of its kind on every station of the Dione."""
    state = begin(edition, "action")
    kinds = card_kinds(state)
    station_kinds = {station.id: station.kind for station in state.content.ships["dione"].stations}

    def damage_everything(position: dict[str, Any]) -> None:
        dione = position["ships"]["dione"]
        for station, slot in dione["stations"].items():
            card = next(c for c in dione["deck"] if kinds[c] == station_kinds[station])
            dione["deck"].remove(card)
            slot["damage"] = card

    return edit(state, damage_everything)


@both
def test_a_ship_leaving_the_fleet_suggests_fleet_morale_which_control_confirms(edition: str) -> None:
    state = dione_jumps_alone(begin(edition, "action"))
    [suggestion] = suggestions(state)
    assert suggestion["fleet_morale"] == -1 and suggestion["ship"] == "dione"
    assert suggestion["text"] == "dione is separated from the fleet: fleet morale -1 suggested (confirm or settle)"
    before = morale(state)
    control(state, f'control confirm {suggestion["id"]} "the fleet mourns the Dione"')
    assert morale(state) == {sid: level - 1 for sid, level in before.items()}
    assert suggestions(state) == []
    assert "fleet morale -1: dione is separated from the fleet" in log(state, None)


@both
def test_control_declines_a_suggestion_by_settling_it_or_by_a_standing_policy(edition: str) -> None:
    state = dione_jumps_alone(begin(edition, "action"))
    before = morale(state)
    control(state, f'control settle {suggestions(state)[0]["id"]} "a routine hop"')
    assert morale(state) == before and suggestions(state) == []
    state = control(begin(edition, "action"), 'control policy fleet-morale "Separations are routine"')
    state = dione_jumps_alone(state)
    assert suggestions(state) == [] and morale(state) == before


@both
def test_only_a_notice_with_a_suggestion_is_confirmed(edition: str) -> None:
    state = dione_jumps_alone(begin(edition, "action"))
    separated = next(notice for notice in state.notices if notice["kind"] == "separated")
    assert refused(state, "control", f'control confirm {separated["id"]} "why"').rule == "no suggestion"
    assert refused(state, "control", 'control confirm 99 "why"').rule == "unknown notice"


@both
def test_a_ship_already_separated_suggests_nothing_more(edition: str) -> None:
    state = dione_jumps_alone(begin(edition, "action"))
    control(state, f'control settle {suggestions(state)[0]["id"]} "noted"')
    # The fleet jumps away from where the Dione left it: the Dione is told again, nothing more is suggested.
    state = edit(state, lambda p: p["ships"]["aegis"].update(drive_ready=True))
    act(state, "aegis/" + ("commanding-officer" if edition == "classic" else "admiral"), "jump")
    control(state, "control resolve-jumps")
    assert [notice["ship"] for notice in suggestions(state)] == ["aegis"]


@both
def test_an_organisers_pack_may_suggest_nothing_on_separation(edition: str, tmp_path: Path) -> None:
    package = f"wolfpack.games.den.data.{edition.replace('-', '_')}"
    text = resources.files(package).joinpath("tables.toml").read_text("utf-8")
    assert "fleet_morale_separated = -1" in text
    (tmp_path / "tables.toml").write_text(text.replace("fleet_morale_separated = -1", "fleet_morale_separated = 0"))
    state = dione_jumps_alone(begin(edition, "action", content=str(tmp_path)))
    assert suggestions(state) == []


@both
def test_a_ship_hit_with_every_station_damaged_is_destroyed_once_control_confirms(edition: str) -> None:
    state = wrecked_dione(edition)
    before = morale(state)
    control(state, 'control damage dione 2 "a Wolf strike"')
    chance(state, *(f"draw {card}" for card in state.ships["dione"]["deck"][:2]))
    [notice] = [n for n in state.notices if n["kind"] == "destroyed"]  # one notice, however many hits
    assert notice["text"] == "dione is hit again with every station already damaged: destroyed if Control confirms"
    assert not state.ships["dione"]["destroyed"] and morale(state) == before
    control(state, f'control confirm {notice["id"]} "the Dione breaks up"')
    dione = state.ships["dione"]
    assert dione["destroyed"] and dione["quadrant"] is None and dione["at"] == "wreck-dione"
    assert "dione is destroyed" in log(state, None)
    assert "fleet morale -2: dione is lost" in log(state, None)
    assert morale(state) == {sid: level if sid == "dione" else level - 2 for sid, level in before.items()}
    assert state.notices == []
    view = state.observation(None)["ships"]["dione"]
    assert view["destroyed"] is True and view["with_fleet"] is False


@both
def test_a_hit_with_some_station_still_whole_destroys_nothing(edition: str) -> None:
    state = wrecked_dione(edition)
    state = edit(state, lambda p: p["ships"]["dione"]["stations"]["fore-farms"].update(damage=None))
    control(state, 'control damage dione 1 "a Wolf strike"')
    card = next(c for c in state.ships["dione"]["deck"] if card_kinds(state)[c] != "hydroponics")
    chance(state, f"draw {card}")
    assert not state.ships["dione"]["destroyed"]
    assert any(n["kind"] == "damage-deck" for n in state.notices)


@both
def test_control_may_keep_a_wrecked_ship_afloat_by_settling_the_notice(edition: str) -> None:
    state = control(wrecked_dione(edition), 'control damage dione 1 "a Wolf strike"')
    chance(state, f"draw {state.ships['dione']['deck'][0]}")
    before = morale(state)
    [notice] = [n for n in state.notices if n["kind"] == "destroyed"]
    control(state, f'control settle {notice["id"]} "the hull holds"')
    assert not state.ships["dione"]["destroyed"] and morale(state) == before


@both
def test_a_destroyed_ship_works_nothing_rolls_nothing_and_leaves_the_fleets_count(edition: str) -> None:
    state = destroyed_dione(edition)
    state = edit(state, lambda p: p["crew"]["dione:c3"].update(used=False, wounded=False))
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "destroyed"
    before = state.ships["dione"]["morale"]
    control(state, 'control fleet-morale 1 "good news"')
    assert state.ships["dione"]["morale"] == before  # fleet morale no longer moves a lost ship
    assert not any("Dione" in line for line in before_advance(state))
    control(to_step(state, "team"), 'control set dione.food 0 "the stores burned"')
    assert not any("Dione" in line for line in before_advance(state))
    control(state, "control advance")
    rolled = {event["ship"] for event in state.pending if event["kind"] in ("morale", "riot")}
    assert "dione" not in rolled and "carmine" in rolled
    resolve(state)
    assert state.turn == 2 and state.ships["dione"]["destroyed"]


def test_a_position_saved_before_ships_could_be_destroyed_loads_with_none_destroyed() -> None:
    state = begin("classic", "action")

    def older(position: dict[str, Any]) -> None:
        for ship in position["ships"].values():
            del ship["destroyed"]

    assert not any(ship["destroyed"] for ship in edit(state, older).ships.values())


def test_the_fleets_majority_counts_only_the_ships_still_afloat() -> None:
    """Infinite Domain's 14 ships need 8 to move the fleet; with the Dione lost, 7 of the 13 left do."""
    state = destroyed_dione("infinite-domain")
    movers = [sid for sid in state.ships if sid not in ("dione", "aegis")][:7]

    def ready(position: dict[str, Any]) -> None:
        for sid in movers:
            position["ships"][sid].update(drive_ready=True, coords="10482")
            position["known"][sid] = ["10482"]

    state = edit(state, ready)
    for sid in movers:
        commander = next(s.label for s in state.seats if s.ship == sid and s.commander)
        act(state, commander, "jump")
    pursuit = state.pursuit
    control(state, "control resolve-jumps")
    assert state.fleet_at == "10482" and state.pursuit == pursuit - 1
