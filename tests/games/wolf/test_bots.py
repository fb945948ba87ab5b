"""WOLF bots: the heuristic plays every side legally from what its seat sees, the determinizer changes nothing a
seat sees and re-deals what it does not, and the search bot beats the heuristic (docs/bots.md)."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack.bots import bot_names, make_bot
from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.play import bot_decision
from wolfpack.games.wolf.bots import HeuristicBot, SearchBot, SearchSettings, View, Weights, weapon_chance
from wolfpack.games.wolf.determinize import determinize
from wolfpack.games.wolf.game import WolfGame
from wolfpack.games.wolf.notation import position_dict
from wolfpack.games.wolf.rules import BLACK
from wolfpack.games.wolf.state import WolfState
from wolfpack.sim.arena import play_game

from ...rules.wolf.helpers import load, new_wolf_card, pack_turn, position, put

STRENGTH_SEED = 20261122
"""The seed of the 500-game match docs/bots.md records (benchmarks/wolf_bots.py)."""

WAITING = Weights(take_over_at_once=False)
"""The heuristic's weights before issue 34: a contaminated hero taken over only when he can bite at once or dawn is
near."""


def _game(players: int, max_rounds: int = 20) -> WolfGame:
    game = wolfpack.load_game("wolf", players=players, max_rounds=max_rounds)
    assert isinstance(game, WolfGame)
    return game


def _play(game: WolfGame, bots: list[Bot], seed: int, visit: Any = None) -> WolfState:
    """Play one game; `visit(state)` is called at every decision before the bot acts."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        if visit is not None:
            visit(state)
        seat, action = bot_decision(state, bots)
        state.apply_action(action, seat)
    return state


def _decision_states(players: int, seed: int, every: int = 9) -> list[WolfState]:
    """Copies of every `every`-th decision of a heuristic game."""
    states: list[WolfState] = []
    counter = Counter[str]()

    def visit(state: WolfState) -> None:
        counter["n"] += 1
        if counter["n"] % every == 0:
            states.append(state.clone())

    _play(_game(players), [HeuristicBot(seed + seat) for seat in range(players)], seed, visit)
    return states


def test_wolf_declares_its_bots() -> None:
    game = _game(6)
    assert {"heuristic", "search", "random"} <= set(bot_names(game))
    assert isinstance(make_bot(game, "heuristic", seed=1), HeuristicBot)
    assert isinstance(make_bot(game, "search", seed=1), SearchBot)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_heuristic_plays_every_seat_legally_to_the_end(players: int) -> None:
    game = _game(players)
    for seed in range(2):
        state = play_game(game, [HeuristicBot(seed * 10 + seat) for seat in range(players)], seed)
        assert state.is_terminal()
        assert state.winner in ("heroes", "wolves")


def test_the_heuristic_never_changes_the_state_it_reads() -> None:
    bot = HeuristicBot(seed=3)
    for state in _decision_states(6, seed=3, every=15):
        before = state.to_json()
        action = bot.step(state)
        assert action in state.legal_actions()
        assert state.to_json() == before


@pytest.mark.parametrize("players", [2, 6])
def test_the_heuristic_decides_from_what_its_seat_sees(players: int) -> None:
    """Given a state whose every unseen secret was re-dealt, the bot (same seed) plays the same action."""
    rng = random.Random(players)
    for state in _decision_states(players, seed=players, every=7):
        seat = state.current_player()
        twin = determinize(state, seat, rng)
        assert HeuristicBot(seed=5).step(twin) == HeuristicBot(seed=5).step(state)


@pytest.mark.parametrize("heuristic_seat", [0, 1])
def test_the_heuristic_beats_random_on_either_side(heuristic_seat: int) -> None:
    game = _game(2)
    wins = 0
    for index in range(4):
        bots: list[Bot] = [RandomBot(index), RandomBot(index + 1)]
        bots[heuristic_seat] = HeuristicBot(index)
        state = play_game(game, bots, index)
        wins += state.returns()[heuristic_seat] > 0
    assert wins >= 3


def _last_human_beside_the_boss(second_human: bool) -> WolfState:
    """Two players, the pack's boss beside Norbert at its special action; Jack, Miss Q and July (and Zord unless
    `second_human`) transformed. Norbert has drawn ten grey wolf cards since the heroes' seat was down to him, which
    the pack has not seen (a seat down to one hero sees his cards alone); with Zord human too, eight each."""
    data = position(2)
    for hero in ("jack", "miss-q", "july", "zord"):
        if hero == "zord" and second_human:
            continue
        new_wolf_card(data, hero, "black", [1])
        data["heroes"][hero].update(seat=1, transformed=True)
    for hero in ("norbert", "zord") if second_human else ("norbert",):
        for _ in range(8 if second_human else 10):
            new_wolf_card(data, hero, "grey", [0])
    for hero, square in (("jack", "a18"), ("miss-q", "c18"), ("july", "e18"), ("zord", "g18")):
        put(data, hero, square)
    put(data, "boss", "q11")
    pack_turn(data, "boss")
    data["step"], data["pending"] = "pack-action", {"unit": "boss"}
    return load(data)


def test_the_last_human_hero_is_known_clean_and_the_pack_bites_him() -> None:
    """The game goes on only while some living human hero is clean (the wolves win when none is), so when every
    other living hero is transformed or shown contaminated, the one left is clean, however many of his wolf cards
    the pack has not seen: the heuristic bites him rather than using a power (the oracle of docs/bots.md's sixth
    tuning round found it gave up such games). With a second human hero, nothing is certain."""
    state = _last_human_beside_the_boss(second_human=False)
    view = View(state.content, state.observation(1), 1)
    assert view.unknown_cards("norbert") == 10
    assert view.clean_chance("norbert") == 1.0
    ranked = HeuristicBot(0).ranked(state)
    assert ranked[0][1] == "bite norbert"
    assert ranked[0][0] >= Weights().bite  # a sure bite, not one discounted for cards the pack has not seen
    both = _last_human_beside_the_boss(second_human=True)
    assert View(both.content, both.observation(1), 1).clean_chance("norbert") < 0.5


def test_a_heros_clean_chance_counts_the_black_cards_the_seat_has_not_seen() -> None:
    """With two humans left (so neither is known clean), Norbert's eight unseen cards are as likely black as any card
    the pack has not seen: 3 black cards among those 8, Zord's 8 and the stock's 4 give C(17, 8) / C(20, 8). Once
    the pack has seen every black card in the game, the same eight unseen cards are surely grey."""
    state = _last_human_beside_the_boss(second_human=True)
    view = View(state.content, state.observation(1), 1)
    assert (view.unseen_cards, view.unseen_black) == (8 + 8 + 4, 3)
    assert view.clean_chance("norbert") == pytest.approx(math.comb(17, 8) / math.comb(20, 8))
    data = position_dict(state)
    for hero, colour in (("jack", "black"), ("miss-q", "black"), ("july", "black")):
        new_wolf_card(data, hero, colour, [1])
    seen_all = load(data)
    view = View(seen_all.content, seen_all.observation(1), 1)
    assert view.unseen_black == 0 and view.unknown_cards("norbert") == 8
    assert view.clean_chance("norbert") == 1.0


def test_a_contaminated_hero_hides_it_then_bites_and_the_pack_takes_heroes_over() -> None:
    """Six players: a hero who knows he is contaminated never shoots or strikes a werewolf, and some bite; with two
    players the werewolf seat takes contaminated heroes over."""
    seen = Counter[str]()

    def watch(state: WolfState) -> None:
        if state.step == "takeover":
            seen["takeover asked"] += 1
        if state.step != "action":
            return
        hero = state.pending["unit"]
        if state.heroes[hero]["transformed"] or not state.knows_contaminated(hero):
            return
        seen["secret turns"] += 1
        action = HeuristicBot(seed=len(state.history())).step(state)
        words = action.split()
        target = state.on_board().get(words[-1]) if words[0] in ("fire", "bare", "antidote") else None
        assert target is None or not state.is_wolf_unit(target), action
        seen["secret bites"] += words[0] == "bite"

    for seed in range(6):
        _play(_game(6), [HeuristicBot(seed * 7 + seat) for seat in range(6)], seed, watch)
    assert seen["secret turns"] > 10
    assert seen["secret bites"] >= 1
    takes = 0
    for seed in range(4):
        final = play_game(_game(2), [HeuristicBot(seed), HeuristicBot(seed + 1)], seed)
        takes += sum("take" in line and "over" in line for line in final.log(None))
    assert takes >= 1


# ---- the determinizer -------------------------------------------------------------------------------------------


def _hidden(state: WolfState, seat: int) -> list[Any]:
    """What `seat` has not seen: unseen wolf cards, unseen object cards, the stock's make-up, the pool."""
    cards = [c[0] for h in state.heroes.values() for c in [*h["wolf_cards"], *h["objects"]] if seat not in c[1]]
    cards += [c[0] for pile in state.piles for c in pile if c[0] is not None and seat not in c[1]]
    return [cards, dict(state.stock), dict(state.pool)]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_determinizer_keeps_what_a_seat_sees_and_redeals_the_rest(players: int) -> None:
    content = _game(players).content
    deck = Counter(content.object_deck())
    total_black = content.wolf_stock(players)[BLACK]
    changed = checked = 0
    for state in _decision_states(players, seed=40 + players, every=11):
        for seat in range(players):
            samples = [determinize(state, seat, random.Random(k)) for k in range(4)]
            for twin in samples:
                assert twin.observation(seat) == state.observation(seat)
                assert twin.log(seat) == state.log(seat)
                assert twin.history() == state.history()
                # the counts hold: every black card is somewhere, every object card too
                held = sum(c[0] == BLACK for h in twin.heroes.values() for c in h["wolf_cards"])
                assert held + twin.stock[BLACK] + twin.deal[BLACK] == total_black
                objects = Counter(twin.pool)
                objects.update(twin.discard)
                objects.update(c[0] for h in twin.heroes.values() for c in h["objects"])
                objects.update(c[0] for pile in twin.piles for c in pile if c[0] is not None)
                assert sum(objects.values()) + twin.released == sum(deck.values())
                # the public facts hold: a transformed hero is contaminated; the game is not decided
                for hero_id, hero in twin.heroes.items():
                    if hero["alive"] and hero["transformed"]:
                        assert twin.contaminated(hero_id)
                assert not twin.is_terminal()
            hidden = _hidden(state, seat)
            if hidden[0]:
                checked += 1
                changed += any(_hidden(twin, seat) != hidden for twin in samples)
    assert checked > 10
    assert changed >= checked * 0.8


def test_a_determinization_plays_on_like_a_real_state() -> None:
    bots = [HeuristicBot(seat) for seat in range(6)]
    for state in _decision_states(6, seed=8, every=40):
        twin = determinize(state, state.current_player(), random.Random(1))
        play_game_from(twin, bots, random.Random(2), decisions=80)


def play_game_from(state: WolfState, bots: list[Bot], rng: random.Random, decisions: int) -> None:
    """Play on from `state` for some decisions (every action must be legal)."""
    while not state.is_terminal() and decisions > 0:
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        seat, action = bot_decision(state, bots)
        state.apply_action(action, seat)
        decisions -= 1


# ---- the search bot ---------------------------------------------------------------------------------------------


def test_the_search_bot_is_legal_seeded_and_leaves_the_state_alone() -> None:
    states = [s for s in _decision_states(2, seed=11, every=3) if s.step in ("action", "pack-action", "takeover")]
    assert states
    for state in states[:12]:
        before = state.to_json()
        first, second = SearchBot(seed=4), SearchBot(seed=4)
        action = first.step(state)
        assert action in state.legal_actions()
        assert second.step(state) == action
        assert state.to_json() == before


def test_rollouts_to_the_rounds_end_score_the_position_as_the_round_ends() -> None:
    """SearchSettings.to_round_end: a rollout stops at the first decision of the next round (ISMCTSBot's `stop`),
    not after a fixed number of decisions, which may cut a pack's turn before its bites."""
    from wolfpack.games.wolf.bots import SearchSettings

    state = next(s for s in _decision_states(2, seed=11, every=3) if s.step == "pack" and s.round < 10)
    scored: list[int] = []
    bot = SearchBot(seed=3, settings=SearchSettings(iterations=8, to_round_end=True))
    evaluate = bot.search.evaluate
    assert evaluate is not None

    def record(sample: Any) -> Any:
        scored.append(sample.round)
        return evaluate(sample)

    bot.search.evaluate = record
    bot._root_round = state.round
    bot.search.search(state, state.current_player(), state.legal_actions()[:3])
    assert scored and all(r == state.round + 1 for r in scored)


def test_a_heroes_paired_comparison_keeps_the_heuristics_choice_unless_another_clearly_beats_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SearchSettings.paired_samples: every candidate is played on the same samples; another candidate replaces the
    heuristic's first only if its paired gain exceeds `paired_z` standard errors."""
    from wolfpack.games.wolf.bots import SearchSettings

    state = next(s for s in _decision_states(2, seed=11, every=3) if s.step == "move" and len(s.legal_actions()) > 3)
    candidates = state.legal_actions()[:3]
    calls = Counter[str]()

    def playout_with(values: dict[int, list[float]]) -> Any:
        def playout(self: SearchBot, twin: Any, seed: int) -> list[float]:
            index = candidates.index(twin.history()[-1])
            value = values[index][calls[str(index)] % len(values[index])]
            calls[str(index)] += 1
            return [value, -value]

        return playout

    bot = SearchBot(seed=5, settings=SearchSettings(heroes=True, paired_samples=6, paired_z=2.0))
    cases = [
        ({0: [0.2], 1: [0.2], 2: [0.2]}, candidates[0]),  # no difference: the heuristic's choice
        ({0: [0.0, 0.1], 1: [0.1, 0.1], 2: [0.3, 0.4]}, candidates[2]),  # a steady gain, the largest
        ({0: [0.0], 1: [0.9, -0.7], 2: [-0.1]}, candidates[0]),  # a gain lost in its own noise
    ]
    for values, expected in cases:
        calls.clear()
        monkeypatch.setattr(SearchBot, "_playout", playout_with(values))
        assert bot._paired_choice(state, candidates, 6, 2.0) == expected
        assert sum(calls.values()) == 3 * 6


def test_the_packs_close_calls_are_compared_on_paired_samples_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """SearchSettings.pack_paired_samples: the pack's close calls are decided by the paired comparison (its own
    sample count and z), not by IS-MCTS."""
    from wolfpack.games.wolf.bots import SearchSettings

    compared: list[tuple[int, float]] = []
    original = SearchBot._paired_choice

    def spy(self: SearchBot, state: Any, candidates: Any, samples: int, z: float) -> str:
        compared.append((samples, z))
        return original(self, state, candidates, samples, z)

    def no_tree_search(*args: Any) -> Any:
        raise AssertionError("IS-MCTS searched a close call of the pack")

    monkeypatch.setattr(SearchBot, "_paired_choice", spy)
    settings = SearchSettings(pack_paired_samples=3, pack_paired_z=0.5)
    states = [s for s in _decision_states(2, seed=11, every=1) if s.step in ("pack", "pack-action", "takeover")]
    for state in states:
        bot = SearchBot(seed=4, settings=settings)
        monkeypatch.setattr(bot.search, "search", no_tree_search)
        assert bot.step(state) in state.legal_actions()
        if len(compared) >= 2:
            break
    assert compared and set(compared) == {(3, 0.5)}


def test_a_paired_playout_to_the_end_counts_the_games_result() -> None:
    """SearchSettings.paired_to_end: a paired sample is played on to the game's end and scored by its returns (no
    value model); without it, it stops at the round's end and the value model scores it."""
    state = next(s for s in _decision_states(2, seed=11, every=5) if s.round >= 3 and s.step == "pack")
    to_end = SearchBot(seed=4, settings=SearchSettings(paired_to_end=True))
    twin = state.clone()
    values = to_end._playout(twin, seed=7)
    assert twin.is_terminal() and list(values) == list(twin.returns())
    short = SearchBot(seed=4, settings=SearchSettings())
    twin = state.clone()
    values = short._playout(twin, seed=7)
    assert not twin.is_terminal() and list(values) == list(short.model.values(twin))


def test_the_search_bot_plays_as_its_guide_with_the_weights_of_its_settings() -> None:
    """SearchSettings.weights: where it does not search, the search bot plays as a heuristic bot with those weights,
    which may differ from the default heuristic's choice."""
    from wolfpack.games.wolf.bots import SearchSettings, Weights

    weights = Weights(company=0.0, shot=6.0)
    differed = 0
    for state in [s for s in _decision_states(2, seed=11, every=2) if s.step == "move"][:40]:
        tuned = HeuristicBot(seed=4, weights=weights).step(state)
        assert SearchBot(seed=4, settings=SearchSettings(weights=weights)).step(state) == tuned
        differed += tuned != HeuristicBot(seed=4).step(state)
    assert differed >= 1


def test_inside_a_search_every_seat_is_expected_to_play_the_default_heuristic() -> None:
    """The tree's candidates at a decision inside a search are the default heuristic's best, whatever weights the
    bot's own guide plays with: the opponents it models play the default heuristic."""
    from wolfpack.games.wolf.bots import SearchSettings, Weights

    settings = SearchSettings(weights=Weights(company=0.0, pick_spot=4.0))
    differed = 0
    moves = [s for s in _decision_states(2, seed=11, every=2) if s.step == "move" and len(s.legal_actions()) > 3]
    for state in moves[:40]:
        bot = SearchBot(seed=4, settings=settings)
        default = [action for _, action in HeuristicBot(seed=4).ranked(state)[: settings.candidates]]
        assert bot._candidates(state) == default
        differed += default != [action for _, action in bot.guide.ranked(state)[: settings.candidates]]
    assert differed >= 1


def test_the_search_bot_as_the_heroes_searches_their_close_calls_when_asked() -> None:
    """SearchSettings.heroes: a human hero's close calls (a fight among his best actions, moves that differ in how
    many werewolves reach him) are searched; the bot stays legal, seeded and leaves the state alone."""
    from wolfpack.games.wolf.bots import SearchSettings

    settings = SearchSettings(heroes=True, paired_samples=2, paired_z=2.0)
    states = [s for s in _decision_states(2, seed=11, every=2) if s.current_player() == 0 and s.step == "move"]
    searched = 0
    for state in states[:40]:
        before = state.to_json()
        first, second = SearchBot(seed=4, settings=settings), SearchBot(seed=4, settings=settings)
        action = first.step(state)
        assert action in state.legal_actions()
        assert second.step(state) == action
        assert state.to_json() == before
        searched += first.searches
    assert searched >= 1


SHORT_MATCH = (1, 5)
"""Games of the match (odd: the search bot plays the pack) that the short, unmarked version replays."""


class _Watched(Bot):
    """A search bot that notes, at every decision it searched, its pick and the heuristic's first choice."""

    def __init__(self, searcher: SearchBot) -> None:
        super().__init__(0)
        self.searcher = searcher
        self.searched: list[tuple[str, str]] = []

    def step(self, state: Any, player: int | None = None) -> Any | None:
        before = self.searcher.searches
        heuristic_first = self.searcher.guide.ranked(state)[0][1] if len(state.legal_actions()) > 1 else None
        action = self.searcher.step(state, player)
        if self.searcher.searches > before:
            self.searched.append((str(action), str(heuristic_first)))
        return action


def test_a_close_call_is_a_searched_step_whose_two_best_actions_score_within_the_margin() -> None:
    """`SearchBot.close_call` (what the bot searches, and what `benchmarks/wolf_bots.py --decisions` plays out): the
    guide's ranking at a searched step when its two best actions are within `margin`, the pack's side flagged; None at
    any other decision. With `heroes`, human heroes' close calls are found too."""
    pack_bot, heroes_bot = SearchBot(1), SearchBot(1, SearchSettings(heroes=True))
    found = Counter[str]()
    for state in _decision_states(2, seed=11, every=3):
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        for name, bot in (("pack", pack_bot), ("heroes", heroes_bot)):
            close_call = bot.close_call(state, legal)
            if close_call is None:
                continue
            ranked, pack = close_call
            assert ranked == bot.guide.ranked(state, legal)
            assert ranked[0][0] - ranked[1][0] <= bot.settings.margin
            assert state.step in ("takeover", "action", "pack-action", "pack", "move")
            found[f"{name} {'pack' if pack else 'hero'}"] += 1
        found["decisions"] += 1
    assert found["pack pack"] and found["heroes hero"], found
    assert found["pack pack"] + found["heroes hero"] < found["decisions"], "not every decision is a close call"
    assert not found["pack hero"], "without `heroes` no human hero's decision is a close call"


def test_the_search_bot_searches_the_packs_close_calls_and_changes_the_games_in_a_few_paired_games() -> None:
    """A few games of the 500-game match docs/bots.md records (`benchmarks/wolf_bots.py`): on its seeds, the search bot
    playing the pack searches some of its decisions, picks at some of them another action than the heuristic's
    first choice, and so plays games that differ from their twins where the heuristic sits in its seat."""
    from wolfpack.sim.arena import bot_seed, game_seed

    game = _game(2)
    searched: list[tuple[str, str]] = []
    changed = 0
    for index in SHORT_MATCH:
        seat = index % 2
        watched = _Watched(SearchBot(bot_seed(STRENGTH_SEED, index, seat)))
        bots: list[Bot] = [HeuristicBot(bot_seed(STRENGTH_SEED, index, s)) for s in range(2)]
        twin_bots = list(bots)
        bots[seat] = watched
        twin_bots[seat] = HeuristicBot(bot_seed(STRENGTH_SEED, index, seat))
        final = play_game(game, bots, game_seed(STRENGTH_SEED, index))
        twin = play_game(game, twin_bots, game_seed(STRENGTH_SEED, index))
        assert final.is_terminal() and twin.is_terminal()
        searched += watched.searched
        changed += final.history() != twin.history()
    assert searched, "the search bot searched no decision"
    assert any(pick != first for pick, first in searched), "every search agreed with the heuristic"
    assert changed >= 1


# ---- the positional value model ---------------------------------------------------------------------------------


def _positional_position() -> WolfState:
    """A mid-game two-player position with a werewolf on the board and at least two clean heroes."""
    for state in _decision_states(2, seed=11, every=5):
        wolves = [w for w in state.wolves.values() if w["alive"] and w["square"]]
        clean = [h for h, hero in state.heroes.items() if hero["alive"] and hero["square"] and not hero["transformed"]]
        clean = [h for h in clean if not state.contaminated(h)]
        if state.round >= 3 and wolves and len(clean) >= 2:
            return state
    raise AssertionError("no such position in the game")


def _free_beside(state: WolfState, square: str) -> str:
    """An empty open square orthogonally beside `square`."""
    return _free_squares_beside(state, square)[0]


def _free_squares_beside(state: WolfState, square: str) -> list[str]:
    """The empty open squares orthogonally beside `square`."""
    from wolfpack.games.wolf.rules import name_of, sq

    board = state.content.board
    taken = set(state.on_board()) | set(state.barricades)
    free = [name_of(n) for n in board.orthogonal_neighbours(sq(square)) if board.is_open(n)]
    return [n for n in free if n not in taken]


def test_the_positional_features_see_a_werewolf_step_beside_a_clean_hero() -> None:
    """positional_features: a werewolf set down beside a clean hero is 0 steps from one and within reach, which lowers
    the pack's mean steps, adds to those in reach and raises the positional model's estimate for the werewolves;
    the counts' features do not change."""
    from wolfpack.games.wolf.bots import PositionalValueModel, positional_features, value_features

    state = _positional_position()
    standing = [h for h, hero in state.heroes.items() if hero["alive"] and hero["square"]]
    clean = next(h for h in standing if not state.contaminated(h))
    far_wolf = max(
        (w for w, wolf in state.wolves.items() if wolf["alive"] and wolf["square"]),
        key=lambda w: positional_distance(state, w),
    )
    before = positional_features(state)
    moved = state.clone()
    moved.wolves[far_wolf]["square"] = _free_beside(state, state.heroes[clean]["square"])
    after = positional_features(moved)
    assert positional_distance(state, far_wolf) > 0
    assert after[0] < before[0]
    assert after[1] >= 1 and after[1] >= before[1]
    assert value_features(moved) == value_features(state)
    model = PositionalValueModel()
    assert model.wolves_win(moved) > model.wolves_win(state)


def positional_distance(state: WolfState, wolf: str) -> int:
    """Grid distance from a werewolf to the nearest clean hero."""
    from wolfpack.games.wolf.content import distance
    from wolfpack.games.wolf.rules import sq

    here = sq(state.wolves[wolf]["square"])
    heroes = [h for h in state.heroes.values() if h["alive"] and h["square"] and not h["transformed"]]
    return min(distance(here, sq(h["square"])) for h in heroes)


def test_the_positional_features_count_weapons_barricades_and_heroes_alone() -> None:
    """positional_features: a weapon handed to a clean hero, a barricade built, and a clean hero brought beside
    another (neither is alone then) each move their own feature by the right amount."""
    from wolfpack.games.wolf.bots import positional_features
    from wolfpack.games.wolf.content import distance
    from wolfpack.games.wolf.rules import name_of, sq

    state = _positional_position()
    before = positional_features(state)
    clean = [h for h, hero in state.heroes.items() if hero["alive"] and hero["square"] and not hero["transformed"]]
    clean = [h for h in clean if not state.contaminated(h)]
    armed = state.clone()
    weapon = next(card.id for card in state.content.objects.cards if card.kind == "weapon")
    armed.heroes[clean[0]]["objects"].append([weapon, []])
    assert positional_features(armed)[3] == before[3] + 1
    barred = state.clone()
    board = state.content.board
    taken = set(state.on_board()) | set(state.barricades)
    spot = next(name_of(s) for s in board.squares() if board.is_open(s) and name_of(s) not in taken)
    barred.barricades = sorted([*state.barricades, spot])
    assert positional_features(barred)[4] == before[4] + 1

    def alone(s: WolfState, hero: str) -> bool:
        here = sq(s.heroes[hero]["square"])
        others = [o for o, h in s.heroes.items() if o != hero and h["alive"] and h["square"] and not h["transformed"]]
        return all(distance(here, sq(s.heroes[o]["square"])) > 2 for o in others)

    first, second = clean[:2]
    together = state.clone()
    together.heroes[first]["square"] = _free_beside(state, state.heroes[second]["square"])
    lost = sum(alone(state, h) for h in clean) - sum(alone(together, h) for h in clean)
    assert positional_features(together)[2] == before[2] - lost
    assert not alone(together, first) and not alone(together, second)


def test_the_search_bot_scores_with_the_positional_model_when_asked() -> None:
    """SearchSettings.positional: the search's evaluation is PositionalValueModel's (one weight per input), the bot
    stays legal, seeded and leaves the state alone; without it, the counts' ValueModel."""
    from wolfpack.games.wolf.bots import PositionalValueModel, SearchSettings, ValueModel

    assert type(SearchBot(seed=1).model) is ValueModel
    bot = SearchBot(seed=1, settings=SearchSettings(positional=True))
    assert type(bot.model) is PositionalValueModel
    state = _positional_position()
    assert len(bot.model.inputs(state)) == len(dataclasses.fields(PositionalValueModel))
    assert len(ValueModel().inputs(state)) == len(dataclasses.fields(ValueModel))
    values = bot.search.evaluate(state) if bot.search.evaluate else []
    assert values == bot.model.values(state) and values != ValueModel().values(state)
    states = [s for s in _decision_states(2, seed=11, every=1) if s.step in ("pack", "pack-action", "takeover")]
    searched = 0
    for state in states:
        if searched >= 2:
            break
        before = state.to_json()
        first = SearchBot(seed=4, settings=SearchSettings(positional=True))
        action = first.step(state)
        assert action in state.legal_actions()
        assert SearchBot(seed=4, settings=SearchSettings(positional=True)).step(state) == action
        assert state.to_json() == before
        searched += first.searches
    assert searched >= 1


def test_without_takeover_search_the_heuristic_answers_the_takeover_question() -> None:
    """SearchSettings.takeover: off, the search bot searches no takeover question (it plays the heuristic's answer)
    but still searches the pack's other close calls; on (the default), it searches takeover questions."""
    from wolfpack.games.wolf.bots import SearchSettings

    states = [s for s in _decision_states(2, seed=11, every=1) if s.step == "takeover"]
    off, on = SearchSettings(iterations=4, takeover=False), SearchSettings(iterations=4)
    searched_on = 0
    for state in states:
        quiet, searching = SearchBot(seed=4, settings=off), SearchBot(seed=4, settings=on)
        assert quiet.step(state) == HeuristicBot(seed=4).step(state)
        assert quiet.searches == 0
        searching.step(state)
        searched_on += searching.searches
    assert states and searched_on >= 1
    pack = next(s for s in _decision_states(2, seed=11, every=1) if s.step == "pack-action" and _searched(s, off))
    assert pack.step == "pack-action"


def _searched(state: WolfState, settings: Any) -> bool:
    """Whether a search bot with `settings` searches this decision."""
    bot = SearchBot(seed=4, settings=settings)
    bot.step(state)
    return bot.searches > 0


def test_a_heroes_search_may_count_only_contenders_and_use_its_own_iterations() -> None:
    """SearchSettings.hero_contenders and hero_iterations: a hero's decision is searched only when at least two of his
    best candidates score within `margin` of the best, each such search runs `hero_iterations` iterations, and the
    pack's searches keep `iterations`."""
    from wolfpack.games.wolf.bots import SearchSettings

    loose = SearchSettings(heroes=True, iterations=2)
    strict = SearchSettings(heroes=True, iterations=2, hero_contenders=True, hero_iterations=3)
    states = [s for s in _decision_states(2, seed=11, every=1) if s.current_player() == 0]
    fewer = searched = 0
    for state in [s for s in states if s.step in ("move", "action")]:
        if fewer and searched >= 2:
            break
        a, b = SearchBot(seed=4, settings=loose), SearchBot(seed=4, settings=strict)
        a.step(state)
        assert b.step(state) in state.legal_actions()
        ranked = b.guide.ranked(state)
        contenders = [x for score, x in ranked[:3] if score >= ranked[0][0] - strict.margin]
        if b.searches:
            searched += 1
            assert len(contenders) > 1
            root = b.search.last_root
            assert root is not None and root.visits == 3
        fewer += a.searches > b.searches
        assert b.search.iterations == 2
    assert searched >= 1 and fewer >= 1


def test_the_takeover_question_may_be_searched_with_its_own_iterations() -> None:
    """SearchSettings.takeover_iterations: a searched takeover question runs that many iterations; the pack's other
    searched decisions keep `iterations`."""
    from wolfpack.games.wolf.bots import SearchSettings

    settings = SearchSettings(iterations=3, takeover_iterations=7)
    visits: dict[str, set[int]] = {}
    for state in _decision_states(2, seed=11, every=1):
        if state.step not in ("takeover", "pack-action") or len(visits.get(state.step, ())) >= 1:
            continue
        bot = SearchBot(seed=4, settings=settings)
        assert bot.step(state) in state.legal_actions()
        if bot.searches and bot.search.last_root is not None:
            visits.setdefault(state.step, set()).add(bot.search.last_root.visits)
        if len(visits) == 2:
            break
    assert visits == {"takeover": {7}, "pack-action": {3}}
    assert bot.search.iterations == 3


# ---- the takeover question --------------------------------------------------------------------------------------


def _takeover_position() -> tuple[WolfState, str]:
    """A two-player takeover question at which the werewolf seat may take over the hero whose turn begins."""
    for seed in (11, 12, 13, 14):
        for state in _decision_states(2, seed=seed, every=1):
            turn = state.turn
            takeable = state.step == "takeover" and f"take {turn}" in state.legal_actions() and state.round >= 2
            if takeable and _free_squares_beside(state, state.heroes[turn]["square"]):
                return state, str(turn)
    raise AssertionError("no takeover question in the games")


def test_the_takeover_features_see_a_clean_hero_step_beside_the_contaminated_one() -> None:
    """takeover_features: a clean-looking hero set down beside the contaminated hero is 0 steps from him, near him,
    and within his bite this turn; the heuristic then takes him over, as `bites_at_once` says; the rounds left and the
    heroes alive are read from the view."""
    from wolfpack.games.wolf.bots import TAKEOVER_FEATURES, View, takeover_features

    state, hero = _takeover_position()
    seat = state.current_player()

    def features(s: WolfState) -> dict[str, float]:
        view = View(s.content, s.observation(seat), seat)
        return dict(zip(TAKEOVER_FEATURES, takeover_features(view, hero), strict=True))

    before = features(state)
    assert before["rounds_left"] == state.game.options.max_rounds - state.round
    humans = [h for h, x in state.heroes.items() if x["alive"] and x["square"] and not x["transformed"]]
    assert before["humans"] == len(humans)
    view = View(state.content, state.observation(seat), seat)
    others = [h for h in humans if h != hero and view.clean_chance(h) >= 0.5 and not state.heroes[h]["invisible"]]
    assert before["clean_looking"] == len(others) >= 1
    far = max(others, key=lambda h: positional_distance_between(state, h, hero))
    moved = state.clone()
    moved.heroes[far]["square"] = _free_beside(state, state.heroes[hero]["square"])
    after = features(moved)
    assert after["steps"] == 0 and after["bites_at_once"] == 1.0
    assert after["near"] >= 1 and after["near"] >= before["near"]
    early = moved.clone()
    early.round = 1  # dawn far away: the heuristic takes him over only because he bites at once
    assert HeuristicBot(seed=1).step(early) == f"take {hero}"


def positional_distance_between(state: WolfState, a: str, b: str) -> int:
    """Grid distance between two heroes."""
    from wolfpack.games.wolf.content import distance
    from wolfpack.games.wolf.rules import sq

    return distance(sq(state.heroes[a]["square"]), sq(state.heroes[b]["square"]))


def test_the_tied_value_model_does_not_lean_towards_a_takeover() -> None:
    """TiedValueModel: turning a secretly contaminated hero into a transformed one leaves its estimate unchanged,
    where ValueModel's rises; every other count weighs as in ValueModel; SearchSettings.tied picks it."""
    from wolfpack.games.wolf.bots import SearchSettings, TiedValueModel, ValueModel

    state, hero = _takeover_position()
    taken = state.clone()
    taken.apply_action(f"take {hero}")
    assert taken.heroes[hero]["transformed"]
    tied, counts = TiedValueModel(), ValueModel()
    assert tied.wolves_win(taken) == pytest.approx(tied.wolves_win(state))
    assert counts.wolves_win(taken) > counts.wolves_win(state)
    assert tied.wolves_win(state) == pytest.approx(counts.wolves_win(state))
    assert type(SearchBot(seed=1, settings=SearchSettings(tied=True)).model) is TiedValueModel


def test_an_eager_pack_takes_the_hero_whose_turn_begins_over_without_searching() -> None:
    """SearchSettings.eager_takeover: at a takeover question the bot takes over the contaminated hero whose own turn
    begins, without a search, even where the heuristic would leave him; at a takeover question where no such hero
    may be taken, it gives the heuristic's answer; it still searches the pack's other close calls."""
    from wolfpack.games.wolf.bots import SearchSettings

    eager = SearchSettings(iterations=2, eager_takeover=True)
    states = [s for seed in (11, 12) for s in _decision_states(2, seed=seed, every=1) if s.step == "takeover"]
    own = [s for s in states if f"take {s.turn}" in s.legal_actions()]
    other = [s for s in states if f"take {s.turn}" not in s.legal_actions()]
    assert own and other
    left_by_heuristic = 0
    for state in own:
        bot = SearchBot(seed=4, settings=eager)
        assert bot.step(state) == f"take {state.turn}" and bot.searches == 0
        left_by_heuristic += HeuristicBot(seed=4, weights=WAITING).step(state) == "leave"
    assert left_by_heuristic >= 1
    for state in other[:5]:
        bot = SearchBot(seed=4, settings=eager)
        assert bot.step(state) == HeuristicBot(seed=4).step(state) and bot.searches == 0
    pack = [s for s in _decision_states(2, seed=11, every=1) if s.step == "pack-action"]
    assert any(_searched(s, eager) for s in pack)


def test_the_packs_search_may_choose_only_among_contenders() -> None:
    """SearchSettings.pack_contenders: a searched pack decision's root holds only the heuristic's candidates scored
    within `margin` of its best, so some decision that the bot as it is searches among three is searched among
    fewer; the choice is always one of them."""
    from wolfpack.games.wolf.bots import SearchSettings

    settings = SearchSettings(iterations=2, pack_contenders=True)
    narrowed = 0
    for state in _decision_states(2, seed=11, every=1):
        if state.step not in ("pack", "pack-action", "takeover") or narrowed >= 1:
            continue
        bot = SearchBot(seed=4, settings=settings)
        action = bot.step(state)
        if not bot.searches or bot.search.last_root is None:
            continue
        ranked = bot.guide.ranked(state)[:3]
        contenders = {a for score, a in ranked if score >= ranked[0][0] - settings.margin}
        assert action in contenders and set(bot.search.last_root.children) <= contenders
        narrowed += len(contenders) < len(ranked)
    assert narrowed >= 1


def test_an_eager_search_expects_its_pack_to_take_heroes_over_at_once() -> None:
    """SearchSettings.eager_rollouts: inside the search (the tree's candidates and the rollouts) the werewolf seat is
    modelled taking over the hero whose own turn begins even where the default heuristic leaves him; without it,
    the default heuristic's answer."""
    from wolfpack.games.wolf.bots import EAGER_WEIGHTS, SearchSettings

    bot = SearchBot(seed=4, settings=SearchSettings(eager_takeover=True, eager_rollouts=True))
    rollout = bot.search.rollout_policy
    assert isinstance(rollout, HeuristicBot) and rollout.weights == EAGER_WEIGHTS
    plain = SearchBot(seed=4)
    assert isinstance(plain.search.rollout_policy, HeuristicBot)
    assert plain.search.rollout_policy.weights == HeuristicBot(seed=4).weights
    states = [s for seed in (11, 12) for s in _decision_states(2, seed=seed, every=1) if s.step == "takeover"]
    left = [s for s in states if f"take {s.turn}" in s.legal_actions() and _waiting_pack_leaves(s)]
    assert left
    for state in left:
        assert bot.model_of_play.step(state) == f"take {state.turn}"
        assert plain.model_of_play.step(state) == f"take {state.turn}"  # the default heuristic takes over at once too


def _waiting_pack_leaves(state: Any) -> bool:
    """Whether the heuristic as it was before issue 34 (`WAITING`) leaves the hero whose turn begins."""
    return HeuristicBot(seed=4, weights=WAITING).step(state) == "leave"


def test_the_heuristic_pack_takes_the_hero_whose_turn_begins_over_at_once() -> None:
    """Issue 34's rule: the werewolf seat takes over a contaminated hero as his own turn begins, always, where the
    heuristic before it waited until he could bite at once or dawn was near; at another hero's turn it still waits."""
    states = [s for seed in (11, 12) for s in _decision_states(2, seed=seed, every=1) if s.step == "takeover"]
    own = [s for s in states if f"take {s.turn}" in s.legal_actions()]
    assert any(_waiting_pack_leaves(s) for s in own), "no position where the rule makes a difference"
    for state in own:
        assert HeuristicBot(seed=4).step(state) == f"take {state.turn}"
    for state in [s for s in states if f"take {s.turn}" not in s.legal_actions()][:5]:
        assert HeuristicBot(seed=4).step(state) == "leave"


def test_the_bots_odds_of_a_shot_roll_the_packs_weapon_dice(tmp_path: Path) -> None:
    """The heuristic weighs a shot with the dice the rules will roll: two in the default pack (7 or more: 21 in 36),
    three in an organiser's pack that says so."""
    default = wolfpack.load_game("wolf", players=2).new_initial_state().content
    assert weapon_chance(default, 7) == pytest.approx(21 / 36) and weapon_chance(default, None) == 0.0
    components = (Path(str(files("wolfpack.games.wolf.data"))) / "components.toml").read_text(encoding="utf-8")
    (tmp_path / "components.toml").write_text(components.replace("weapon_dice = 2 ", "weapon_dice = 3 "), "utf-8")
    three = wolfpack.load_game("wolf", players=2, content=str(tmp_path)).new_initial_state().content
    assert weapon_chance(three, 13) == pytest.approx(56 / 216) and weapon_chance(three, 13) > weapon_chance(default, 13)
