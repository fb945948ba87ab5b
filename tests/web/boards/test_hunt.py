"""The Wolves on the Hunt board for web pages: the ring of wolves, the dice, the sheets, the turn and the buttons."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any, Final

import wolfpack
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.game import State
from wolfpack.web.boards import action_choices, board_svg, turn_text
from wolfpack.web.boards.hunt import COMPASS, DIE_FILLS, owner, wolf_at

from .test_common import HOSTILE, acting, all_text, assert_covers, legal, parse, play, rename, viewers, with_class

NAME = "wolves-on-the-hunt"
SVG_NS = "{http://www.w3.org/2000/svg}"
GAMES = [(2, 1, "heuristic"), (4, 2, "heuristic"), (1, 3, "heuristic"), (3, 4, "random")]
"""(players, seed, bot) of the seeded games the tests walk through: bots that reach the endgame, and random play."""
EVERY = 3
"""The public drawing is checked at one position in EVERY."""


def positions() -> list[State[Any]]:
    return [state for players, seed, bot in GAMES for state in play(NAME, players, seed, bot)]


@cache
def public_board(players: int, seed: int, bot: str, index: int) -> ET.Element:
    """The public drawing of one position of one of GAMES, parsed (drawn once, read by several tests)."""
    state = play(NAME, players, seed, bot)[index]
    return parse(board_svg(NAME, state.observation(None), None))


def public_boards(every: int = EVERY) -> list[tuple[dict[str, Any], ET.Element]]:
    """(public observation, its drawing) at every `every`-th position of GAMES."""
    return [
        (state.observation(None), public_board(players, seed, bot, index))
        for players, seed, bot in GAMES
        for index, state in enumerate(play(NAME, players, seed, bot))
        if index % every == 0
    ]


def test_the_games_reach_the_endgame_and_both_results() -> None:
    last = [play(NAME, players, seed, bot)[-1].observation(None) for players, seed, bot in GAMES]
    assert max(o["round"] for o in last) >= 5
    assert {o["result"] for o in last} == {"win", "loss"}


def test_board_parses_at_every_position_for_every_seat_and_the_public_view() -> None:
    assert len(public_boards()) > 200  # about 240 since a hunter takes at most three dice a round
    drawn = 0
    for index, state in enumerate(positions()):
        for seat in viewers(state)[1:] if index % 12 == 0 else []:
            parse(board_svg(NAME, state.observation(seat), seat))
            drawn += 1
    assert drawn > 100


def test_the_dice_show_every_observed_value_and_where_each_die_is() -> None:
    for observation, root in public_boards():
        dice = with_class(root, "die")
        drawn = {d.get("data-colour"): (d.get("data-value"), d.get("data-where")) for d in dice}
        assert drawn == {c: (str(value), where) for c, (value, where) in observation["dice"].items()}
        for face in dice:
            value = int(face.get("data-value") or 0)
            assert len(with_class(face, "pip")) == (value if 1 <= value <= 6 else 0)
            assert ("pool" in (face.get("class") or "").split()) == (face.get("data-where") == "pool")


def test_a_taken_die_is_captioned_with_the_hunter_whose_sheet_holds_it() -> None:
    captioned = 0
    for _, root in public_boards():
        for face in with_class(root, "die"):
            where = face.get("data-where") or ""
            if where.startswith("hunter"):
                seat = int(where.removeprefix("hunter"))
                assert f"on Hunter {seat + 1}" in all_text(face), all_text(face)  # hunters count from 1
                assert "taken" not in all_text(face)
                captioned += 1
    assert captioned > 50


def test_every_wolf_is_drawn_at_its_location_with_its_damage_and_traps() -> None:
    outwitted = leaders = 0
    for observation, root in public_boards():
        places = {p.get("data-location"): p for p in with_class(root, "location")}
        assert set(places) == set(COMPASS)
        for location, place in places.items():
            wolf = observation["wolves"].get(location)
            cards = with_class(place, "wolf")
            assert len(cards) == (wolf is not None)
            assert place.get("data-traps") == str(len(observation["traps"].get(location) or []))
            if wolf is not None:
                assert cards[0].get("data-wolf") == wolf["id"]
                assert cards[0].get("data-damage") == str(wolf["damage"])
                outwitted += "outwit" in (cards[0].get("class") or "").split()
                leaders += "leader" in (cards[0].get("class") or "").split()
        assert len(with_class(root, "wolf")) == len(observation["wolves"])
    assert outwitted and leaders


def test_every_hunter_stands_on_his_space_and_the_board_shows_one_sheet() -> None:
    """The board shows the active hunter's sheet to someone watching, and each seat its own (issue 32, item 3: the
    other sheets are in the seats' panels, so that the board is not far taller than wide)."""
    for observation, root in public_boards():
        tokens = {t.get("data-player"): t.get("data-square") for t in with_class(root, "hunter")}
        expected = {str(seat): h["space"] for seat, h in enumerate(observation["hunters"]) if h["space"] is not None}
        assert tokens == expected
        sheets = with_class(root, "sheet")
        assert [sheet.get("data-player") for sheet in sheets] == [str(observation["active"])]
        hunter = observation["hunters"][observation["active"]]
        hearts = with_class(sheets[0], "hearts")[0]
        assert (hearts.get("data-hearts"), hearts.get("data-dashed")) == (str(hunter["hearts"]), str(hunter["dashed"]))
        assert len(with_class(sheets[0], "heart")) == hunter["hearts"] + hunter["dashed"]
        rows = {r.get("data-row"): r.get("data-numbers") for r in with_class(sheets[0], "row")}
        assert rows == {row: " ".join(map(str, numbers)) for row, numbers in hunter["rows"].items()}
    state = positions()[40]
    for seat in range(state.num_players()):
        sheets = with_class(parse(board_svg(NAME, state.observation(seat), seat)), "sheet")
        assert [sheet.get("data-player") for sheet in sheets] == [str(seat)]
        assert "Your sheet" in all_text(sheets[0])


def test_owner_read_off_the_observation_is_the_seat_play_waits_for() -> None:
    checked = 0
    for state in positions():
        current = state.current_player()
        if current >= 0 or current == SIMULTANEOUS:
            assert owner(state.observation(None)) == state.waiting_for()[0]
            checked += 1
        else:
            assert owner(state.observation(None)) is None
    assert checked > 300


def test_turn_text_names_the_hunter_deciding_or_the_chance_event() -> None:
    for state in positions():
        observation = state.observation(None)
        sentence = turn_text(NAME, observation, None)
        assert sentence.endswith(f"(round {observation['round']}, {observation['round_kind']}).")
        assert "\n" not in sentence and not sentence.startswith("Your turn")
        deciding = owner(observation)
        if observation["result"] is not None:
            assert sentence.startswith(
                "The hunters have won" if observation["result"] == "win" else "The hunters have lost"
            )
        elif deciding is not None:
            assert f"Hunter {deciding + 1}" in sentence
            assert turn_text(NAME, state.observation(deciding), deciding).startswith("Your turn: ")
        elif state.is_chance_node():
            kind = observation["tasks"][-1][0]
            words = {"roll": "Rolling", "face": "Drawing", "back": "back", "howl": "howl", "character": "character"}
            assert words.get(kind, "Pack Leader") in sentence


def test_turn_text_for_the_active_hunter_says_what_his_die_is() -> None:
    state = next(s for s in play(NAME, 2, 1, "heuristic") if s.observation(None)["turn"]["die"] is not None)
    observation = state.observation(None)
    seat, colour = observation["active"], observation["turn"]["die"]
    value = observation["dice"][colour][0]
    assert turn_text(NAME, observation, seat).startswith(f"Your turn: Hunter {seat + 1} (")
    assert f"plays the {colour} {value}: move, write it, act, or end the turn (round " in turn_text(
        NAME, observation, None
    )


def test_action_choices_cover_every_legal_action_once_for_every_seat_that_may_act() -> None:
    checked = simultaneous = 0
    for state in positions():
        for seat in acting(state):
            actions = legal(state, seat)
            assert_covers(action_choices(NAME, state.observation(seat), actions), actions)
            checked += 1
        simultaneous += state.is_simultaneous_node()
    assert checked > 400 and simultaneous > 10


def test_actions_are_grouped_and_labelled_for_people() -> None:
    observation = play(NAME, 2, 1, "heuristic")[-1].observation(None)
    actions = ["take red5", "move SE-S cw", "knife SE S", "extra rifle N", "trap E=trap-5:3", "reroll red5 blue2"]
    actions += ["target hunter1", "target elder", "assist", "end", "frobnicate"]
    choices = action_choices(NAME, observation, actions)
    labels = {entry["action"]: (group["group"], entry["label"]) for group in choices for entry in group["actions"]}
    assert labels["take red5"] == ("Use a die", "Take the red 5")
    assert labels["move SE-S cw"] == ("Move", "To the space between South-East and South (clockwise)")
    assert labels["knife SE S"] == (
        "Main action",
        f"Knife {wolf_at(observation, 'SE')} and {wolf_at(observation, 'S')}",
    )
    assert labels["extra rifle N"] == ("Unlocked actions", f"Rifle {wolf_at(observation, 'N')}")
    assert labels["trap E=trap-5:3"] == ("Main action", "Trap worth 3 at East")
    assert labels["reroll red5 blue2"] == ("Use a die", "Reroll the red 5 and the blue 2")
    assert labels["target hunter1"][0] == "Choose the wolf's target"
    assert labels["target hunter1"][1].startswith("Hunter 2")  # the notation's seat 1 is the second hunter
    assert labels["frobnicate"] == ("Other", "frobnicate")


def test_names_and_ids_from_the_observation_are_escaped() -> None:
    state = play(NAME, 2, 1, "heuristic")[120]
    observation = state.observation(0)
    character = observation["catalog"]["characters"][observation["hunters"][0]["character"]]["name"]
    wolf = next(iter(observation["wolves"].values()))["name"]
    for old in (character, wolf, "red"):
        hostile = rename(observation, old, HOSTILE)
        svg = board_svg(NAME, hostile, 0)
        assert "<script" not in svg
        assert "<script>alert('x')</script>&" in all_text(parse(svg))
        assert turn_text(NAME, hostile, 0)


def test_a_game_with_one_hunter_draws_one_sheet() -> None:
    state = wolfpack.load_game(NAME, players=1).new_initial_state()
    root = parse(board_svg(NAME, state.observation(0), 0))
    assert len(with_class(root, "sheet")) == 1


# ---------------------------------------------------------------- boards you click


def test_the_reroll_is_a_toggle_per_die_and_one_button_not_a_button_per_subset() -> None:
    """Issue 17, finding 3: six dice in the pool made 63 reroll buttons (81 moves in all); now the dice are one group
    of toggles, one per die, with a confirm button per thing to do with them (issue 32: each die listed once)."""
    state = next(s for s in play(NAME, 2, 3) if len(legal(s, 0)) == 81 if owner(s.observation(0)) == 0)
    observation = state.observation(0)
    groups = {group["group"]: group for group in action_choices(NAME, observation, legal(state, 0))}
    pool = [colour for colour, (_, where) in observation["dice"].items() if where == "pool"]
    dice = groups["Use a die"]
    assert dice["kind"] == "toggles"
    assert sorted(item["key"] for item in dice["items"]) == sorted(f"die-{colour}" for colour in pool)
    rerolls = [entry for entry in dice["actions"] if entry["action"].startswith("reroll")]
    assert len(rerolls) == 2 ** len(pool) - 1 == 63
    assert {entry["confirm"] for entry in dice["actions"]} == {
        "Take it",
        "Turn it up one",
        "Turn it down one",
        "Reroll them",
    }
    for entry in dice["actions"]:  # each choice is reached by toggling exactly its dice, or clicking them in order
        dice_words = [word for word in entry["action"].split()[1:] if word not in ("up", "down")]
        assert entry["toggles"] == entry["picks"] == [f"die-{word[:-1]}" for word in dice_words]
    buttons = sum(len(g["actions"]) for g in groups.values() if g.get("kind") != "toggles")
    toggles = sum(len(g["items"]) + len({e["confirm"] for e in g["actions"]}) for g in groups.values() if g.get("kind"))
    assert buttons + toggles == 6 + 4


def test_hunters_are_numbered_from_1_on_the_ring_in_colour_blind_safe_colours() -> None:
    state = play(NAME, 2, 3)[-1]
    root = parse(board_svg(NAME, state.observation(None), None))
    tokens = with_class(root, "hunter")
    assert [token.get("data-player") for token in tokens] == ["0", "1"]
    assert [[t.text for t in with_class(token, "letter")] for token in tokens] == [["1"], ["2"]]
    discs = [next(c for c in token.iter(f"{SVG_NS}circle") if c.get("class") != "hit") for token in tokens]
    assert [disc.get("fill") for disc in discs] == [
        "#E69F00",
        "#56B4E9",
    ]


def test_wolves_and_characters_are_shown_by_name_with_their_health_not_by_id() -> None:
    """Issue 17, finding 4: cards showed ids ("day-11"); the board now writes the names the observation carries."""
    state = play(NAME, 2, 1, "heuristic")[120]
    observation = state.observation(0)
    root = parse(board_svg(NAME, observation, 0))
    shown = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert observation["wolves"]
    for wolf in observation["wolves"].values():
        assert wolf["name"] in shown and wolf["id"] not in shown
        assert f"hurt {wolf['damage']} of {wolf['health']}" in shown
    character = observation["hunters"][0]["character"]
    assert observation["catalog"]["characters"][character]["name"] in shown


# ---------------------------------------------------------------- issue 32: the whole turn on the board


def _choices_and_board(state: State[Any], seat: int) -> tuple[list[dict[str, Any]], dict[str, ET.Element]]:
    """The seat's choices and its board's clickable elements by key."""
    observation = state.observation(seat)
    root = parse(board_svg(NAME, observation, seat))
    marked = {e.get("data-pick") or "": e for e in root.iter() if e.get("data-pick")}
    return action_choices(NAME, observation, legal(state, seat)), marked


def _entries(choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [entry for group in choices for entry in group["actions"]]


def test_a_row_of_the_sheet_a_wolf_a_target_and_a_bonus_are_clicked_on_the_board() -> None:
    """Issue 32, item 5: writing the die, knifing or shooting a wolf, a wolf's target and a kill bonus were buttons
    only; each is now made by clicking what it names on the board (the row, the wolf, the hunter, dog or village),
    as taking a die (clicking it in the pool) and moving (clicking the space) were."""
    seen: dict[str, int] = {}
    for state in positions()[::2]:
        for seat in acting(state):
            choices, marked = _choices_and_board(state, seat)
            observation = state.observation(seat)
            for entry in _entries(choices):
                words = entry["action"].removeprefix("extra ").split()
                if words[0] == "take":
                    colour = words[1][:-1]
                    assert observation["dice"][colour][1] == "pool"
                    assert marked[f"die-{colour}"].get("data-label", "").startswith(f"{colour} die showing")
                expected = {
                    "take": [f"die-{words[-1][:-1]}"],
                    "move": [f"space-{words[1] if len(words) > 1 else ''}"],
                    "write": [f"row-{words[-1]}"],
                    "reset": [f"row-{words[-1]}"],
                    "knife": [f"wolf-{word}" for word in words[1:]],
                    "rifle": [f"wolf-{word}" for word in words[1:]],
                    "samovar": [f"stat-{words[-1]}"],
                    "end": ["end"],
                    "pass": ["pass"],
                    "turn": ["turn"],
                    "assist": ["assist"],
                }.get(words[0])
                if words[0] == "target":
                    hunter = words[-1].removeprefix("hunter")
                    expected = (
                        ["village"]
                        if words[1] == "elder"
                        else [f"hunter-{int(hunter) + 1}" if hunter.isdigit() else hunter]
                    )
                if words[0] == "bonus":
                    expected = [words[1] if words[1].startswith("dog-") else f"stat-{words[1]}"]
                if expected is None:
                    continue
                assert entry.get("picks") == expected, entry
                assert all(key in marked for key in expected), (entry, sorted(marked))
                seen[words[0]] = seen.get(words[0], 0) + 1
    assert {"take", "move", "write", "knife", "rifle", "end", "pass", "turn", "target", "bonus"} <= set(seen), seen
    assert min(seen[verb] for verb in ("take", "move", "write")) > 20, seen


def _place(observation: dict[str, Any], location: str) -> str:
    """The board's key of a location: the wolf's card there, or the empty place."""
    return f"wolf-{location}" if location in observation["wolves"] else f"place-{location}"


def board_clicks(observation: dict[str, Any], kind: str, args: list[str]) -> list[str]:
    """What a person clicks, in order, to lay traps or use a power of `kind` (the character's) as `args` say."""
    wolves = observation["wolves"]
    if kind in ("trap", "snare"):
        return [_place(observation, arg.split("=")[0]) for arg in args]
    if kind == "field_medic":
        return [f"hunter-{int(arg.split(':')[0].removeprefix('hunter')) + 1}" for arg in args]
    if kind == "lure":
        return [_place(observation, location) for location in args[0].split(">")]
    if kind == "hounds":
        return [arg if arg.startswith("dog-") else f"wolf-{arg}" for arg in args if arg not in ("place", "bite")]
    if kind == "charge" and args[0] not in wolves:
        return [f"space-{args[0]}", *(f"wolf-{arg}" for arg in args[2:])]
    return [f"wolf-{arg}" for arg in args]


def _sides_hidden(state: State[Any], args: list[str]) -> int:
    """The sides a set of traps turns face down (each token shows one side and hides the other), from the pack."""
    sides = {token.id: token.sides for token in state.content.components.traps}  # type: ignore[attr-defined]
    hidden = 0
    for arg in args:
        token, value = arg.split("=")[1].split(":")
        hidden += sum(sides[token]) - int(value)
    return hidden


def test_traps_are_laid_and_powers_used_by_clicking_the_board() -> None:
    """Issue 32, item 5: laying traps and using a power were buttons only, the traps' hundreds of forms in the list.
    Now a trap goes where the person clicks (a wolf or an empty place, the chooser then saying what it is worth),
    and a power is used by clicking what it acts on. Forms that differ only in which token shows a value are one
    clickable move (the one hiding the lowest sides), so each label is offered on the board once."""
    seen: dict[str, int] = {}
    for state, seat in _with_every_power():
        observation = state.observation(seat)
        choices, marked = _choices_and_board(state, seat)
        hunter = observation["hunters"][observation["active"]]["character"]
        power = observation["catalog"]["characters"][hunter]["power"]["kind"]
        alike: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for group in choices:
            for entry in group["actions"]:
                words = entry["action"].removeprefix("extra ").split()
                if words[0] in ("trap", "power"):
                    alike.setdefault((group["group"], entry["label"]), []).append(entry)
        for label, entries in alike.items():
            clickable = [entry for entry in entries if entry.get("picks")]
            assert len(clickable) == 1, (label, [entry["action"] for entry in entries])
            words = clickable[0]["action"].removeprefix("extra ").split()
            kind = "trap" if words[0] == "trap" else power
            assert clickable[0]["picks"] == board_clicks(observation, kind, words[1:]), clickable[0]
            assert all(key in marked for key in clickable[0]["picks"]), (clickable[0], sorted(marked))
            if kind in ("trap", "snare"):
                least = min(_sides_hidden(state, e["action"].removeprefix("extra ").split()[1:]) for e in entries)
                assert _sides_hidden(state, words[1:]) == least, (label, [e["action"] for e in entries])
            seen[kind] = seen.get(kind, 0) + 1
    assert seen.get("trap", 0) > 20 and set(seen) == {"trap", *POWERS}, seen


POWERS: Final = ("long_shot", "charge", "snare", "hounds", "field_medic", "lure")


def _with_every_power() -> list[tuple[State[Any], int]]:
    """(position, seat) where the seat may lay traps or use a power; each power position again with the active
    hunter playing each character in turn, so that every power is offered (seeded games deal only some of them)."""
    found = []
    for state in positions():
        for seat in acting(state):
            verbs = {action.removeprefix("extra ").split()[0] for action in legal(state, seat)}
            if "trap" in verbs:
                found.append((state, seat))
            if "power" in verbs and seat == state.observation(seat)["active"]:
                for character in state.game.content.characters.characters:  # type: ignore[attr-defined]
                    position = state.to_dict()["position"]
                    position["hunters"][seat]["character"] = character.id
                    found.append((state.game.state_from_position(position), seat))
    return found


def test_each_die_is_listed_once_in_the_moves() -> None:
    """Issue 32, item 5: the same dice were listed three times (Take, Modify, Reroll); now one group lists each die
    once, and its buttons say what to do with the dice pressed."""
    state = next(s for s in play(NAME, 2, 3) if len(legal(s, 0)) == 81 if owner(s.observation(0)) == 0)
    observation = state.observation(0)
    choices = action_choices(NAME, observation, legal(state, 0))
    pool = [colour for colour, (_, where) in observation["dice"].items() if where == "pool"]
    dice_groups = [group for group in choices if group.get("kind") == "toggles"]
    assert len(dice_groups) == 1, [group["group"] for group in choices]
    dice = dice_groups[0]
    assert sorted(item["key"] for item in dice["items"]) == sorted(f"die-{colour}" for colour in pool)
    assert {entry["action"].split()[0] for entry in dice["actions"]} == {"take", "modify", "reroll"}
    for group in choices:
        if group is not dice:
            assert not any(entry["action"].split()[0] in ("take", "modify", "reroll") for entry in group["actions"])


def test_something_is_lit_on_the_board_whenever_a_seat_has_a_choice() -> None:
    """Issue 32, item 5: the prompt says "choose below or on the board" whenever a seat may act, yet choosing pass
    or a turn, a wolf's target or a kill bonus lit nothing; now every choice a seat faces has something to click."""
    checked = 0
    for state in positions()[::3]:
        for seat in acting(state):
            choices, marked = _choices_and_board(state, seat)
            clickable = [entry for entry in _entries(choices) if entry.get("picks")]
            assert clickable, [entry["action"] for entry in _entries(choices)][:5]
            assert all(entry["picks"][0] in marked for entry in clickable)
            checked += 1
    assert checked > 150


def test_a_dashed_outline_is_drawn_only_by_the_page_on_what_may_be_clicked() -> None:
    """Issue 32, item 12: empty wolf places, the ring's spaces and the hearts healing can restore were dashed though
    nothing could click them; the board draws no dash of its own, so a dash means "you can click this"."""
    for _, root in public_boards(EVERY * 4):
        dashed = [e.get("class") or tag_name(e) for e in root.iter() if e.get("stroke-dasharray")]
        assert dashed == []


def tag_name(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def test_the_board_names_dogs_and_places_in_words_not_by_ids() -> None:
    """Issue 32, item 7: the board wrote "dog N" and a hunter's space "E-SE"; words name them now (the compass
    letters stay only as the map's labels of its locations, as the rulebook's map has them)."""
    notation = re.compile(r"\b(dog [NESW]\b|dog-[nesw]\b|[NESW]{1,2}-[NESW]{1,2}\b|hunter\d)")
    for _observation, root in public_boards(EVERY * 2):
        for element in root.iter(f"{SVG_NS}text"):
            assert not notation.search(element.text or ""), element.text


def test_the_wolf_whose_target_is_being_chosen_is_marked_on_the_board() -> None:
    """Whom a wolf attacks is chosen on the board (a hunter, a dog, the village): the attacking wolf says "attacks"
    on a red border, so the choice is made looking at it."""
    marked = 0
    for index, state in enumerate(positions()):
        tasks = state.observation(None)["tasks"]
        choosing = bool(tasks) and tasks[-1][0] == "target"
        if index % (2 if choosing else 9):
            continue
        root = parse(board_svg(NAME, state.observation(None), None))
        attacking = with_class(root, "attacking")
        if choosing:
            assert [card.get("data-pick") for card in attacking] == [f"wolf-{tasks[-1][1]}"]
            assert "attacks" in all_text(attacking[0])
            marked += 1
        else:
            assert attacking == []
    assert marked > 5


def test_no_text_on_the_board_is_smaller_than_11_px_on_a_phone() -> None:
    """Issue 32, item 4: the board's text was 6-7 px on a phone (8-10 units of a 420-unit drawing 336 px wide);
    every text is now at least 17 units of a 528-unit drawing, 11 CSS px where the phone shows it 336 px wide."""
    for _, root in public_boards(EVERY * 4):
        width = float((root.get("viewBox") or "0 0 1 1").split()[2])
        parents = {child: parent for parent in root.iter() for child in parent}
        for element in root.iter(f"{SVG_NS}text"):
            node: ET.Element | None = element
            while node is not None and node.get("font-size") is None:
                node = parents.get(node)
            size = float((node if node is not None else root).get("font-size") or 0)
            assert size * 336 / width >= 10.8, (element.text, size)


def test_pieces_dice_and_cards_carry_the_marks_the_page_animates_by() -> None:
    """Issue 32, item 1 (the lead's motion): every hunter, wolf and dog names its identity in data-piece, every die
    its colour and face."""
    for observation, root in public_boards(EVERY * 4):
        pieces = {e.get("data-piece") for e in root.iter() if e.get("data-piece")}
        hunters = {f"hunter-{seat + 1}" for seat, h in enumerate(observation["hunters"]) if h["space"]}
        wolves = {str(wolf["id"]) for wolf in observation["wolves"].values()}
        dogs = {dog for dog, damage in observation["dogs"].items() if damage is not None}
        assert pieces == hunters | wolves | dogs
        faces = {e.get("data-die"): e.get("data-face") for e in root.iter() if e.get("data-die")}
        assert faces == {colour: str(value) for colour, (value, _) in observation["dice"].items()}


def test_each_row_of_the_sheet_takes_the_colour_its_pack_gives_its_die() -> None:
    """The row's colour comes from the content pack (through the observation's catalog), not from the board's code:
    an organiser's pack that gives the knife row the blue die has its knife row drawn blue."""
    state = positions()[0]
    observation = state.observation(0)
    drawn = parse(board_svg("wolves-on-the-hunt", observation, 0))
    assert _row_fill(drawn, "knife") == DIE_FILLS[observation["catalog"]["rows"]["knife"]] == DIE_FILLS["red"]
    observation["catalog"]["rows"]["knife"] = "blue"
    assert _row_fill(parse(board_svg("wolves-on-the-hunt", observation, 0)), "knife") == DIE_FILLS["blue"]


def _row_fill(board: ET.Element, row: str) -> str:
    """The fill of the swatch of `row` on the board's sheet."""
    group = next(e for e in board.iter() if e.get("data-pick") == f"row-{row}" or e.get("data-row") == row)
    return next(e.get("fill") or "" for e in group.iter() if "swatch" in (e.get("class") or "").split())


def test_the_rings_spaces_are_numbered_round_the_loop_for_a_hunter_to_slide_through() -> None:
    """Issue 32, item 1: the eight spaces carry data-path-step 0 to 7 clockwise in a loop of 8 (data-path-loop), and
    each hunter names the space he stands on (data-in), so the page slides him round the ring, not across it."""
    state = next(s for s in positions() if all(hunter.get("space") for hunter in s.observation(0)["hunters"]))
    board = parse(board_svg("wolves-on-the-hunt", state.observation(0), 0))
    spaces = {e.get("data-pick"): int(e.get("data-path-step") or -1) for e in board.iter() if e.get("data-path-step")}
    assert sorted(spaces.values()) == list(range(8))
    assert [e.get("data-path-loop") for e in board.iter() if e.get("data-path-loop")] == ["8"]
    hunters = [e for e in board.iter() if (e.get("data-piece") or "").startswith("hunter-")]
    assert hunters and all(hunter.get("data-in") in spaces for hunter in hunters)
