"""Hidden information (rulebook 2, 5, 6, 7, 10): what each seat may know. A seat sees another hero's wolf card,
object card or a face-down pile only after Vision, the Superglasses, a trade, a death, an antidote, the reveal when
only heroes remain or the end of the game showed it; nobody sees the wolf-card stock's make-up. The leak check of
`wolfpack.testing` (canaries planted in every secret) runs at every step of seeded random games."""

from __future__ import annotations

import collections
import json
import random

import pytest

from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.wolf.bots import bot_choices
from wolfpack.games.wolf.notation import position_dict
from wolfpack.games.wolf.rules import name_of
from wolfpack.games.wolf.state import WolfState
from wolfpack.testing import _check_no_leaks
from wolfpack.web.boards import board_svg
from wolfpack.web.panels import seat_panels

from .helpers import (
    HEROES,
    WOLVES,
    clear_wolves,
    give_objects,
    hero_turn,
    load,
    new_game,
    objects_seen_by,
    pack_turn,
    play,
    position,
    put,
    seen_by,
    setup,
    taken_over_july,
)

PLAYERS = (2, 3, 4, 5, 6)


def busy_choice(state: WolfState, rng: random.Random) -> str:
    """A random legal action, the kind of action chosen first (so that rare actions, trades, looks, come up); never a
    person's shortcut (the standing answer, ending the pack's turn after one unit), which would only cut play short."""
    groups = collections.defaultdict(list)
    for action in bot_choices(state, state.legal_actions()):
        verb = action.split()[0]
        groups["unit" if verb in WOLVES else verb].append(action)
    return rng.choice(groups[rng.choice(sorted(groups))])


def melee(players: int, seed: int) -> WolfState:
    """A busy position: one hero contaminated, all thirteen units scattered around the south of the house and the
    garden, each hero holding three random object cards."""
    rng = random.Random(seed)
    data = position(players, {rng.choice(HEROES): "black"})
    board = new_game(players).content.board
    free = [
        name_of(s)
        for s in board.squares()
        if board.is_open(s) and 15 <= s[1] <= 22 and name_of(s) not in data["barricades"]
    ]
    for unit, square in zip([*HEROES, *WOLVES], rng.sample(free, 13), strict=True):
        put(data, unit, square)
    deck = sorted(card for card, count in data["pool"].items() for _ in range(count))
    rng.shuffle(deck)
    for hero in HEROES:
        give_objects(data, hero, *(deck.pop() for _ in range(3)))
    return load(data, max_rounds=4)


def play_checking_leaks(state: WolfState, seed: int) -> collections.Counter[str]:
    """Play to the end at random, running the leak check before every action; the verbs played, counted."""
    rng = random.Random(seed)
    verbs: collections.Counter[str] = collections.Counter()
    step = 0
    while True:
        _check_no_leaks(state, step)
        if state.is_terminal():
            return verbs
        action = sample_chance_outcome(state, rng) if state.is_chance_node() else busy_choice(state, rng)
        verbs[action.split()[0]] += 1
        state.apply_action(action)
        step += 1


@pytest.mark.parametrize("players", PLAYERS)
def test_no_secret_leaks_at_any_step_of_whole_games(players: int) -> None:
    for seed in range(2):
        state = new_game(players, max_rounds=3).new_initial_state()
        verbs = play_checking_leaks(state, seed)
        assert verbs["deal"] == 5 and verbs["place"] == 13


@pytest.mark.parametrize("players", PLAYERS)
def test_no_secret_leaks_at_any_step_of_busy_games(players: int) -> None:
    seen: collections.Counter[str] = collections.Counter()
    for seed in range(3):
        seen += play_checking_leaks(melee(players, seed), seed)
    assert {"fire", "power"} <= set(seen)  # the games did fight


def test_the_leak_check_catches_a_leak() -> None:
    """The check can fail: a wolf card wrongly marked seen by another seat shows in that seat's observation."""
    state = setup(6, {"jack": "black"})
    planted, viewers = state.with_canaries()
    canary = planted.heroes["jack"]["wolf_cards"][0][0]
    assert canary in viewers[0][0] and canary in viewers[1][1]
    planted.heroes["jack"]["wolf_cards"][0][1] = [0, 1]
    assert canary in json.dumps(planted.observation(1))


def test_a_seat_sees_its_own_wolf_card_and_nobody_elses() -> None:
    state = setup(6, {"july": "black"})
    for seat in range(6):
        for hero in HEROES:
            own = state.heroes[hero]["seat"] == seat
            assert seen_by(state, seat, hero) == ([state.heroes[hero]["wolf_cards"][0][0]] if own else ["?"])
    assert all(seen_by(state, None, hero) == ["?"] for hero in HEROES)


def test_the_werewolf_seat_does_not_see_the_wolf_cards_in_a_six_player_game() -> None:
    state = setup(6, {"july": "black"})
    assert all(seen_by(state, 5, hero) == ["?"] for hero in HEROES)


def test_nobody_sees_the_stocks_make_up_only_its_size() -> None:
    state = setup(6, {"july": "black"})
    for seat in (*range(6), None):
        view = state.observation(seat)
        assert view["stock"] == 25
        assert "deal" not in view and "pool" not in view


def test_object_cards_in_hand_and_in_piles_are_secret() -> None:
    data = position()
    give_objects(data, "jack", "antidote")
    state = load(data)
    assert objects_seen_by(state, 0, "jack") == ["antidote"]
    assert all(objects_seen_by(state, seat, "jack") == ["?"] for seat in (1, 2, 3, 4, 5, None))
    assert "antidote" not in json.dumps([state.observation(seat) for seat in (1, 2, 3, 4, 5, None)])


def test_the_public_log_and_other_seats_logs_mask_the_wolf_cards_dealt() -> None:
    state = setup(6, {"july": "black"})
    assert "July is dealt a wolf card: black" in state.log(2)
    for seat in (0, 1, 3, 4, 5, None):
        assert "July is dealt a wolf card" in state.log(seat)
        assert not any("black" in line for line in state.log(seat))


def test_the_log_masks_a_bite_s_card_but_for_the_seat_that_sees_it() -> None:
    data = position(4)
    clear_wolves(data, "she-wolf-3")
    put(data, "jack", "k19")
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k20", "bite jack", "wolf black")
    assert "Jack Ventura draws a wolf card: black" in state.log(3)
    assert "Jack Ventura draws a wolf card" in state.log(0) and "Jack Ventura draws a wolf card" in state.log(None)


def test_an_object_picked_is_masked_in_the_other_seats_logs() -> None:
    data = position()
    put(data, "jack", "e6")
    hero_turn(data, "jack")
    state = play(load(data), "pick e5", "card flytox")
    assert "Jack Ventura picks a card from the pile on e5: Flytox" in state.log(0)
    assert all("Flytox" not in " ".join(state.log(seat)) for seat in (1, 2, 3, 4, 5, None))


def test_death_shows_the_dead_heros_wolf_cards_to_every_seat() -> None:
    data = position(6, {"miss-q": "black"})
    clear_wolves(data, "she-wolf-2")
    put(data, "jack", "k19")
    put(data, "miss-q", "k20")
    hero_turn(data, "jack")
    state = play(load(data), "bare k20", "roll 1")
    assert all(seen_by(state, seat, "miss-q") == ["black"] for seat in (*range(6), None))


def test_a_look_shows_the_cards_to_the_looking_seat_only() -> None:
    data = position(6, {"zord": "black"})
    put(data, "july", "o6")
    give_objects(data, "july", "superglasses")
    give_objects(data, "zord", "sabre")
    hero_turn(data, "july")
    state = play(load(data), "glasses zord")
    assert seen_by(state, 2, "zord") == ["black"] and objects_seen_by(state, 2, "zord") == ["sabre"]
    assert all(seen_by(state, seat, "zord") == ["?"] for seat in (0, 1, 3, 5, None))
    assert all(objects_seen_by(state, seat, "zord") == ["?"] for seat in (0, 1, 3, 5, None))


def test_the_sides_are_secret_until_the_end() -> None:
    state = setup(6, {"july": "black"})
    assert state.observation(2)["sides"] == {"2": "wolves", "5": "wolves"}
    assert state.observation(0)["sides"] == {"0": "heroes", "5": "wolves"}
    assert state.observation(None)["sides"] == {"5": "wolves"}


def test_the_takeover_question_tells_nothing_about_contamination() -> None:
    """Rulebook 10: the werewolf seat decides at each of the hero's turns, whether or not it may take him."""
    views = []
    for cards in ({}, {"jack": "black"}):
        data = position(3, cards)
        pack_turn(data)
        state = play(load(data), "end")
        assert state.step == "takeover"
        views.append([state.observation(seat) for seat in (0, 1, None)])
        views[-1].append(state.log(0))
    assert views[0] == views[1]


def taken_over_melee(players: int, seed: int) -> WolfState:
    """A busy game of 2 to 5 players where the werewolf seat has taken over July and one other hero, each holding
    three object cards their home seat has seen, and the heroes left human hold the Superglasses among theirs."""
    state = melee(players, seed)
    data = position_dict(state)
    rng = random.Random(seed)
    other = rng.choice([h for h in HEROES if h != "july"])
    for hero in ("july", other):
        record = data["heroes"][hero]
        record.update(seat=players - 1, transformed=True)
        record["wolf_cards"] = [["black", [players - 1], False]]
        for card in record["objects"]:
            card[1] = [record["home"]]
    data["stock"] = {"black": data["stock"]["black"] - 1, "grey": data["stock"]["grey"] - 1}
    return load(data, players, max_rounds=6)


def objects_the_pack_saw(state: WolfState) -> dict[str, set[int]]:
    """For each transformed hero the werewolf seat plays, the object cards (by identity) it has seen."""
    return {
        hero_id: {id(card) for card in hero["objects"] if state.pack_seat in card[1]}
        for hero_id, hero in state.heroes.items()
        if hero["transformed"] and hero["seat"] == state.pack_seat
    }


@pytest.mark.parametrize("players", (2, 3, 4, 5))
def test_the_werewolf_seat_never_sees_a_transformed_heros_objects_in_random_games(players: int) -> None:
    """Rulebook 10, checked at every step of random games with two heroes taken over: once a hero is transformed,
    the werewolf seat never sees one more of his object cards (it keeps those it saw while he was human), and its
    log says so when a unit it plays looks at him."""
    looks = 0
    for seed in range(10):
        state = taken_over_melee(players, seed)
        rng = random.Random(seed)
        known: dict[str, set[int]] = {}
        while not state.is_terminal():
            now = objects_the_pack_saw(state)
            known = {hero_id: known.get(hero_id, seen) for hero_id, seen in now.items()}
            assert all(now[hero_id] <= known[hero_id] for hero_id in now)
            action = sample_chance_outcome(state, rng) if state.is_chance_node() else busy_choice(state, rng)
            by_pack = state.current_player() == state.pack_seat
            if by_pack and state.step == "vision":  # the path under test: a look at a transformed hero, when offered
                action = next((a for a in state.legal_actions() if a.split()[-1] in now), action)
            words = action.split()
            state.apply_action(action)
            if by_pack and words[0] == "look" and words[1] in now:
                looks += 1
                last_look = next(line for line in reversed(state.log(state.pack_seat)) if " looks at " in line)
                assert last_look.endswith("objects not shown")
    assert looks > 0  # the games did look at transformed heroes


@pytest.mark.parametrize("players", (2, 3))
def test_a_transformed_heros_objects_never_reach_the_werewolf_seats_board_frame(players: int) -> None:
    """The web board drawn for the werewolf seat (and for spectators) after a taken-over July looked at herself holds
    neither her sabre nor Norbert's shotgun; her home seat's frame still shows the sabre it saw."""
    state = play(load(taken_over_july(players)), "power vision", "roll 1", "look july")
    # Boards and panels name cards (the Sabre) and keep ids in their data: compared without case, either would show.
    frames = {
        seat: (
            board_svg("wolf", state.observation(seat), seat)
            + json.dumps(seat_panels("wolf", state.observation(seat), seat))
        ).lower()
        for seat in (None, *range(players))
    }
    for seat in (None, players - 1):
        assert "sabre" not in frames[seat] and "shotgun" not in frames[seat]
    assert "sabre" in frames[state.heroes["july"]["home"]]
