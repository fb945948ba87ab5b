"""The WOLF board for web pages: the grid with units, barricades and piles; cards face up only for those who saw them;
the turn and the buttons; and no secret reaching a seat that may not know it."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

from wolfpack.engine.game import State
from wolfpack.web.boards import action_choices, board_svg, turn_text
from wolfpack.web.panels import seat_panels

from .test_common import (
    HOSTILE,
    acting,
    assert_covers,
    legal,
    parse,
    play,
    rename,
    tag,
    viewers,
    with_class,
)

NAME = "wolf"
GAMES = [(3, 2, "heuristic"), (6, 6, "heuristic")]
"""(players, seed, bot) of the seeded games the tests walk through."""
EVERY = 20
"""Positions are sampled one in EVERY: a WOLF drawing is the largest of the three."""


def positions(every: int = EVERY) -> list[State[Any]]:
    return [
        state
        for players, seed, bot in GAMES
        for index, state in enumerate(play(NAME, players, seed, bot))
        if index % every == 0 or state.is_terminal()
    ]


@cache
def drawn(players: int, seed: int, bot: str, index: int, seat: int | None) -> ET.Element:
    """One seat's drawing of one position of GAMES, parsed (drawn once, read by several tests)."""
    state = play(NAME, players, seed, bot)[index]
    return parse(board_svg(NAME, state.observation(seat), seat))


def boards(every: int = EVERY) -> list[tuple[dict[str, Any], ET.Element, int | None]]:
    """(observation, its drawing, viewer) for every viewer at every `every`-th position of GAMES, and at the end."""
    found = []
    for players, seed, bot in GAMES:
        game = play(NAME, players, seed, bot)
        for index, state in enumerate(game):
            if index % every == 0 or index == len(game) - 1:
                for seat in viewers(state):
                    found.append((state.observation(seat), drawn(players, seed, bot, index, seat), seat))
    return found


def test_the_games_reach_transformations_and_an_end_for_each_side() -> None:
    ends = [play(NAME, players, seed, bot)[-1].observation(None) for players, seed, bot in GAMES]
    assert {o["winner"] for o in ends} == {"heroes", "wolves"}
    assert any(hero["transformed"] for state in positions() for hero in state.observation(None)["heroes"].values())


def test_board_parses_at_many_positions_for_every_seat_and_the_public_view() -> None:
    found = boards()
    assert len(found) > 200
    assert {seat for _, _, seat in found} == {None, 0, 1, 2, 3, 4, 5}


def test_the_map_is_drawn_under_the_units() -> None:
    _, root, _ = boards()[0]
    kinds = {(p.get("class") or "").split()[1] for p in with_class(root, "terrain")}
    assert {"wall", "floor", "ground", "threshold", "object"} <= kinds
    columns = [t.text for t in with_class(root, "columns")[0].iter() if tag(t) == "text"]
    rows = [t.text for t in with_class(root, "rows")[0].iter() if tag(t) == "text"]
    assert columns[:3] == ["a", "b", "c"] and rows[-1] == "24"
    # The coordinates are drawn last but the legend, over the units, so that zoom.js can keep them in view.
    order = [(e.get("class") or "") for e in root]
    assert order.index("coordinates") > order.index("units")


def test_every_unit_on_the_board_is_drawn_once_on_its_square() -> None:
    for observation, root, _ in boards():
        units = {**observation["heroes"], **observation["wolves"]}
        expected = {uid: u["square"] for uid, u in units.items() if u["alive"] and u["square"] is not None}
        tokens = with_class(root, "unit")
        assert {t.get("data-unit"): t.get("data-square") for t in tokens} == expected
        assert len(tokens) == len(expected)
        for token in tokens:
            unit = units[token.get("data-unit") or ""]
            flagged = bool(unit["invisible"] or unit["intoxicated"])
            assert ("invisible" in (token.get("class") or "").split()) == bool(unit["invisible"])
            assert (token.get("opacity") is not None) == flagged


def test_barricades_and_piles_are_drawn_where_the_observation_puts_them() -> None:
    for observation, root, _ in boards():
        assert sorted(b.get("data-square") or "" for b in with_class(root, "barricade")) == sorted(
            observation["barricades"]
        )
        piles = {p.get("data-square"): p.get("data-count") for p in with_class(root, "pile")}
        assert piles == {pile["square"]: str(len(pile["cards"])) for pile in observation["piles"]}


def _hero_line(panels: dict[str, Any], observation: dict[str, Any], hero_id: str) -> str:
    """The panel line of a hero: in his seat's panel, by his name."""
    hero = observation["heroes"][hero_id]
    panel = next(p for p in panels["seats"] if p["seat"] == hero["seat"])
    return next(f["value"] for f in panel["facts"] if f["label"] == hero["name"])


def test_the_panels_show_each_card_face_the_viewer_has_seen_and_count_the_others_face_down() -> None:
    """The heroes' cards moved from under the map to the panels (issue 32, item 3): faces where the observation
    shows them (an object by its name), the rest counted face down; the piles likewise, top first."""
    faces = hidden = 0
    for observation, _, viewer in boards():
        panels = seat_panels(NAME, observation, viewer)
        for hero_id, hero in observation["heroes"].items():
            if not hero["alive"]:
                continue
            line = _hero_line(panels, observation, hero_id)
            for kind, cards in (("wolf cards", hero["wolf_cards"]), ("objects", hero["objects"])):
                told = line.split(f"{kind}: ")[1].split(" · ")[0]
                down = cards.count("?")
                assert (f"{down} face down" in told) == bool(down), (told, cards)
                for face in (c for c in cards if c != "?"):
                    assert observation["catalog"]["objects"].get(face, {}).get("name", face) in told
                faces += len(cards) - down
                hidden += down
        piles = next(f["value"] for f in panels["shared"] if f["label"] == "Object piles, cards left")
        for pile in observation["piles"]:
            assert f"{pile['square']} {len(pile['cards'])}" in piles
    assert hidden > 1000 and faces > 50


def test_own_wolf_card_and_whether_you_are_contaminated_are_in_your_own_panel() -> None:
    """Issue 32, item 8 (d): in a six-player game your hero's wolf-card colour is in your panel, with whether he is
    contaminated; the other heroes' wolf cards are face down there."""
    contaminated = 0
    for index in (0, 40, 80):
        state = play(NAME, 6, 6, "heuristic")[index]
        for viewer in range(5):
            observation = state.observation(viewer)
            panels = seat_panels(NAME, observation, viewer)
            mine = next(p for p in panels["seats"] if p["you"])
            (hero_id,) = [h for h, hero in observation["heroes"].items() if hero["seat"] == viewer]
            hero = observation["heroes"][hero_id]
            if not hero["alive"]:
                continue
            colours = [str(card) for card in hero["wolf_cards"]]
            assert "?" not in colours
            assert f"wolf cards: {', '.join(colours)}" in _hero_line(panels, observation, hero_id)
            black = "black" in colours
            expected = f"{hero['name']} is contaminated" if black else f"{hero['name']} is not contaminated"
            assert any(note.startswith(expected) for note in mine["notes"]), mine["notes"]
            contaminated += black
            for other_id, other in observation["heroes"].items():
                if other_id != hero_id and other["alive"] and "?" in other["wolf_cards"]:
                    assert "wolf cards: " + f"{other['wolf_cards'].count('?')} face down" in _hero_line(
                        panels, observation, other_id
                    )
    assert contaminated, "no seat held the black card: the test would prove nothing"


def test_no_canary_reaches_a_viewer_who_may_not_see_it_and_every_visible_one_is_drawn() -> None:
    forbidden = visible = 0
    for state in positions(EVERY * 2):
        planted, canaries = state.with_canaries()
        for viewer, (may_see, never) in canaries.items():
            observation = planted.observation(viewer)
            # The planted state cannot list actions (its cards are no real cards): the real legal strings stand in.
            actions = legal(state, viewer) if viewer in acting(state) else []
            shown = board_svg(NAME, observation, viewer) + turn_text(NAME, observation, viewer)
            shown += json.dumps(action_choices(NAME, observation, actions))
            shown += html.escape(json.dumps(seat_panels(NAME, observation, viewer), ensure_ascii=False))
            for canary in never:
                assert canary not in shown and html.escape(canary) not in shown
            forbidden += len(never)
            in_view = json.dumps(observation)
            for canary in may_see:
                if canary in in_view:  # log canaries are never in an observation
                    assert html.escape(canary) in shown
                    visible += 1
    assert forbidden > 500 and visible > 50


def test_turn_text_names_the_unit_deciding_never_a_seat_number() -> None:
    """The sentence names the hero or the pack that decides (the page names the person); never "seat 2"."""
    for state in positions(2):
        observation = state.observation(None)
        sentence = turn_text(NAME, observation, None)
        assert sentence and "\n" not in sentence
        assert "seat" not in sentence.lower()
        to_act = observation["to_act"]
        if observation["winner"] is not None:
            assert sentence == f"Game over: the {observation['winner']} have won."
        elif to_act >= 0:
            assert not sentence.startswith("Your turn")
            assert turn_text(NAME, state.observation(to_act), to_act).startswith("Your turn: ")
            pack = to_act == observation["players"] - 1
            units = {**observation["heroes"], **(observation["wolves"] if pack else {})}
            names = [unit["name"] for unit in units.values() if pack or unit.get("seat") == to_act]
            assert any(name in sentence for name in [*names, *(["the pack"] if pack else [])]), sentence
        if observation["step"] == "pack":
            assert "the pack's turn" in sentence


def test_turn_text_reads_the_pending_step() -> None:
    observation = play(NAME, 3, 3, "heuristic")[0].observation(None)
    moving = {**observation, "step": "move", "turn": "miss-q", "to_act": 0, "pending": {"unit": "miss-q", "limit": 4}}
    assert turn_text(NAME, moving, 0) == "Your turn: Miss Q moves up to 4 squares (round 1, Miss Q's turn)."
    one = {**moving, "pending": {"unit": "miss-q", "limit": 1}}
    assert turn_text(NAME, one, 0) == "Your turn: Miss Q moves up to 1 square (round 1, Miss Q's turn)."
    rolling = {**moving, "step": "roll", "to_act": -1, "pending": {"unit": "boss", "dice": 1, "at_most": 2}}
    assert turn_text(NAME, rolling, 0) == "Rolling 1 die for Boss, needing 2 or less (round 1, Miss Q's turn)."


def test_action_choices_cover_every_legal_action_once() -> None:
    checked = 0
    groups: set[str] = set()
    for state in positions(2):
        for seat in acting(state):
            actions = legal(state, seat)
            choices = action_choices(NAME, state.observation(seat), actions)
            assert_covers(choices, actions)
            groups |= {group["group"] for group in choices}
            checked += 1
    assert checked > 300
    assert {"Move", "End the turn", "Bite", "Move a unit"} <= groups
    assert "Other" not in groups


def test_the_pack_moves_are_one_family_each_named_by_its_unit_with_stays_for_its_own_square() -> None:
    """Issue 32, item 8 (c): eight folded "Move <unit>" families pushed the map down on a phone; the pack's moves are
    one family ("Boss to e6", "Boss stays"), each also a unit then a square on the map."""
    state = next(s for s in play(NAME, 3, 3, "heuristic") if s.observation(None)["step"] == "pack")
    observation = state.observation(2)
    choices = action_choices(NAME, observation, legal(state, 2))
    (family,) = [group for group in choices if group["group"] == "Move a unit"]
    assert not [group for group in choices if group["group"].startswith("Move ") and group is not family]
    units = {entry["action"].split()[0] for entry in family["actions"]}
    assert len(units) > 1
    for entry in family["actions"]:
        unit, square = entry["action"].split()
        name = observation["wolves"][unit]["name"]
        here = observation["wolves"][unit]["square"]
        assert entry["label"] == (f"{name} stays" if square == here else f"{name} to {square}")
        assert entry.get("picks") == (None if square == here else [f"unit-{unit}", f"sq-{square}"])


def test_the_werewolf_seats_standing_answer_and_end_of_turn_read_as_words() -> None:
    """The standing answer to the takeover question and the pack's shortcut to end its turn are labelled in words."""
    state = next(s for s in play(NAME, 3, 3, "heuristic") if s.observation(None)["step"] == "takeover")
    labels = {
        e["action"]: e["label"]
        for g in action_choices(NAME, state.observation(2), legal(state, 2))
        for e in g["actions"]
    }
    assert labels["leave-always"] == "Leave everyone until I change it" and labels["leave"] == "Take nobody over"
    moved = next(
        s
        for s in play(NAME, 3, 3, "heuristic")
        if s.observation(None)["step"] == "pack-action" and "end" in legal(s, 2)
    )
    labels = {
        e["action"]: e["label"]
        for g in action_choices(NAME, moved.observation(2), legal(moved, 2))
        for e in g["actions"]
    }
    assert labels["end"] == "End the pack's turn: the units left stay"


def test_ids_from_the_observation_are_escaped() -> None:
    state = play(NAME, 3, 3, "heuristic")[100]
    for old in ("jack", "boss", "e5"):
        observation = rename(state.observation(0), old, HOSTILE)
        svg = board_svg(NAME, observation, 0)
        assert "<script" not in svg
        root = parse(svg)
        drawn_ids = [e.get("data-unit") or "" for e in root.iter()]
        # A square that is no square name is drawn nowhere on the map: the panels (plain text) still tell its pile.
        told = json.dumps(seat_panels(NAME, observation, 0)) if old == "e5" else ""
        assert any("<script>alert('x')</script>&" in shown for shown in [*drawn_ids, told])
        assert all(tag(e) != "script" for e in root.iter())
        assert turn_text(NAME, observation, 0)


# ---------------------------------------------------------------- boards you click


def test_a_move_is_the_unit_then_the_square_and_a_placement_the_square() -> None:
    counted: dict[str, int] = {"move": 0, "pack": 0, "place": 0}
    for state in positions(every=7):
        for seat in acting(state):
            observation = state.observation(seat)
            units = {**observation["heroes"], **observation["wolves"]}
            unit = (observation.get("pending") or {}).get("unit")
            for group in action_choices(NAME, observation, legal(state, seat)):
                for entry in group["actions"]:
                    verb, *rest = entry["action"].split()
                    if verb == "move":
                        assert entry["picks"] == [f"unit-{unit}", f"sq-{rest[0]}"]
                        counted["move"] += 1
                    elif verb in units and rest != [units[verb]["square"]]:
                        assert entry["picks"] == [f"unit-{verb}", f"sq-{rest[0]}"]
                        counted["pack"] += 1
                    elif verb == "place":
                        assert entry["picks"] == [f"sq-{rest[0]}"]
                        counted["place"] += 1
                    elif verb in units or verb == "stay":
                        assert "picks" not in entry  # staying put is a button: a click on the unit cancels
    assert all(count > 5 for count in counted.values()), counted


def _odds_the_game_gives(state: Any, action: str) -> float:
    """The chance the game's own chance node gives the attack after `action` is played on a copy."""
    from tests.rules.wolf.helpers import outcomes
    from tests.rules.wolf.helpers import play as play_wolf

    after = play_wolf(state.clone(), action)
    pending = after.pending
    if "at_least" in pending:
        return sum(p for outcome, p in outcomes(after).items() if int(outcome.split()[1]) >= pending["at_least"])
    return sum(p for outcome, p in outcomes(after).items() if int(outcome.split()[1]) <= pending["at_most"])


def test_the_odds_shown_on_a_target_are_the_odds_the_game_rolls() -> None:
    """Each weapon at each distance band, and bare hands: the hint equals the probability of the game's own roll."""
    from tests.rules.wolf.helpers import load
    from tests.rules.wolf.test_weapons import shooter

    checked = 0
    for cards, wolf in [(("shotgun",), "d18"), (("shotgun", "silver-bullet"), "g18"), (("hunting-rifle",), "n18")]:
        state = load(shooter(*cards, wolf=wolf))
        seat = state.current_player()
        observation = state.observation(seat)
        for group in action_choices(NAME, observation, legal(state, seat)):
            for entry in group["actions"]:
                if entry["action"].split()[0] in ("fire", "bare"):
                    assert entry["picks"] == ["unit-jack", f"sq-{entry['action'].split()[-1]}"]
                    assert entry["hint"] == f"{round(_odds_the_game_gives(state, entry['action']) * 100)}%"
                    checked += 1
    assert checked >= 4


def test_units_carry_their_side_as_a_shape_and_a_letter() -> None:
    state = play(NAME, 3, 2, "heuristic")[40]
    root = parse(board_svg(NAME, state.observation(None), None))
    for unit in with_class(root, "unit"):
        shapes = {tag(child) for child in unit if child.get("class") != "hit-area"} - {"title", "text"}
        assert shapes == ({"circle"} if "hero" in (unit.get("class") or "").split() else {"rect"})
        assert [t.text for t in with_class(unit, "letter")] and unit.get("data-pick") == f"unit-{unit.get('data-unit')}"


def test_object_cards_and_units_are_shown_by_name_not_by_id() -> None:
    """Issue 17, finding 4: the cards' faces (now in the panels), the heroes and the pack's units by the names the
    observation carries."""
    named = 0
    for observation, root, viewer in boards():
        told = json.dumps(seat_panels(NAME, observation, viewer))
        for hero in observation["heroes"].values():
            assert hero["name"] in told
            for card_id in (c for c in hero["objects"] if c != "?"):
                assert observation["catalog"]["objects"][card_id]["name"] in told
                named += 1
        labels = {e.get("data-label") for e in root.iter() if e.get("data-pick", "").startswith("unit-")}
        for unit in (*observation["heroes"].values(), *observation["wolves"].values()):
            if unit.get("alive") and unit.get("square"):
                assert f"{unit['name']} on {unit['square']}" in labels
    assert named > 3


def test_the_odds_follow_the_tables_own_weapons_table_as_the_observation_gives_it() -> None:
    """An organiser's pack may change a weapon's scores: the hint reads the scores the seat's observation carries."""
    from tests.rules.wolf.helpers import load
    from tests.rules.wolf.test_weapons import shooter

    state = load(shooter("shotgun", wolf="d18"))
    seat = state.current_player()
    observation = state.observation(seat)
    observation["catalog"]["objects"]["shotgun"]["shot"]["scores"][0]["needs"] = 12  # adjacent: a double six
    hints = {
        entry["action"]: entry.get("hint")
        for group in action_choices(NAME, observation, legal(state, seat))
        for entry in group["actions"]
    }
    assert hints["fire shotgun d18"] == "3%"


def _shown_text(root: Any) -> str:
    """Everything of a drawing a person reads: its text and its tooltips (titles), and the pieces' names."""
    labels = [e.get("data-label") or "" for e in root.iter()]
    return " ".join([*(e.text or "" for e in root.iter() if tag(e) in ("text", "title")), *labels])


def test_the_drawing_says_no_seat_index_no_content_id_and_no_notation() -> None:
    """Issue 32, item 7: the board's words name people's pieces by the pack's names: never "seat 2", an id such as
    she-wolf-2 or miss-q, or an action's notation, over the drawings of many seeded positions for every seat."""
    checked = 0
    for observation, root, seat in boards():
        shown = _shown_text(root)
        assert not re.search(r"\bseat \d", shown, re.IGNORECASE), shown
        catalog = observation["catalog"]
        ids = {*observation["heroes"], *observation["wolves"], *catalog["objects"], *catalog["powers"]}
        for content_id in (i for i in ids if "-" in i or any(c.isdigit() for c in i)):
            assert not re.search(rf"(?<![\w-]){re.escape(content_id)}(?![\w-])", shown), (content_id, seat)
        checked += 1
    assert checked > 200
    notation = 0
    for state in positions():
        for seat in acting(state):
            shown = _shown_text(parse(board_svg(NAME, state.observation(seat), seat)))
            for action in (a for a in legal(state, seat) if " " in a or "-" in a):
                assert action not in shown, (action, seat)
                notation += 1
    assert notation > 100


def test_a_dashed_outline_is_drawn_only_by_the_page_for_what_you_can_click() -> None:
    """Issue 32, item 12: one look, one meaning. A dashed outline means "you can click this" (board.css lights it);
    the drawing itself dashes nothing, not even a unit faded while invisible or intoxicated."""
    faded = 0
    for _, root, _ in boards():
        assert not [e.get("data-unit") or tag(e) for e in root.iter() if e.get("stroke-dasharray")]
        faded += len([e for e in with_class(root, "unit") if e.get("opacity")])
    assert faded > 5, "no unit was ever faded: the test would prove nothing"
