"""WOLF bots head to head: the search bot against the heuristic bot, paired on the same seeds (docs/bots.md).

    .venv/bin/python benchmarks/wolf_bots.py --games 500 --seed 20261122 --jobs 2

Two players (one plays the five heroes, the other the pack). Game i seats the search bot on seat i % 2 (even games:
the heroes, odd games: the werewolves) and the heuristic on the other; chance and bots are seeded as
`wolfpack.sim.arena` seeds them (`game_seed`, `bot_seed`), so any game can be replayed alone. Every game is played
twice on the same seeds: once with the search bot on that seat, once with a heuristic bot in its place (the search
bot plays as that heuristic does wherever it does not search, so the two games are the same until its first search
changes a move). `--pack-only` plays only the odd games (the search bot as the werewolves), `--heroes-only` only the
even ones.

Tuning a variant (on other seeds than the match's): `--set NAME=VALUE ...` gives the search bot other
`SearchSettings`, and `--against-search` pairs it with the search bot as it is instead of the heuristic:

    nice -n 10 .venv/bin/python benchmarks/wolf_bots.py --games 250 --pack-only --seed 1 --jobs 2 \
        --against-search --set to_round_end=true

`--weights NAME=VALUE ...` gives the search bot's guide other heuristic `Weights` (its unsearched decisions; every
seat inside a search keeps the default heuristic), e.g. the heroes' games against the heuristic:

    nice -n 10 .venv/bin/python benchmarks/wolf_bots.py --games 250 --heroes-only --seed 1 --jobs 2 \
        --weights company=0 pick_spot=4

`--balance` measures the sides instead: the heuristic bot in every seat, `--games` games for each player count of
`--players`, on the default content pack or an organiser's (`--content DIR`, e.g. one that prints all 20 barricades
to compare starts; docs/balance.md, WOLF):

    nice -n 10 .venv/bin/python benchmarks/wolf_bots.py --balance --games 600 --players 2 6 --jobs 2

`--fit` refits the search bot's value model (`wolfpack.games.wolf.bots.ValueModel`): the features of every 15th
decision of `--games` two-player games between heuristic bots (arena seed `--seed`; use another seed than the
match's), each labelled with whether the werewolves won, and a logistic regression by Newton's method; it prints
the weights to paste into `ValueModel`:

    nice -n 10 .venv/bin/python benchmarks/wolf_bots.py --fit --games 150 --seed 1

The pack's takeover question (docs/bots.md, fourth tuning round): `--takeovers` writes, as JSON lines (`--out`), the
search bot's answer at every takeover question it searched in the pack's games, with what the question sees
(`takeover_features`); `--oracle` plays every takeover question of heuristic games on to the end both ways (take the
hero over now, or leave him to the heuristic), `--samples` times with the same dice, and prints the pack's gain:

    nice -n 15 .venv/bin/python benchmarks/wolf_bots.py --takeovers --games 150 --seed 3 --out takeovers.jsonl
    nice -n 15 .venv/bin/python benchmarks/wolf_bots.py --oracle --games 60 --seed 3 --samples 8 --out oracle.jsonl

`--inspect` and `--takeovers` start at the `--first-game`-th pack game, `--oracle` at that game.

"Beats" means: the search seat wins more often than the heuristic does in the same seat on the same seeds. The
report gives both win rates and the paired difference (search win minus heuristic win, per game: -1, 0 or 1) with
its standard error; games whose two versions end the same way add nothing to the difference and little noise.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from wolfpack.engine.bot import Bot
from wolfpack.engine.registry import load_game
from wolfpack.games.wolf.bots import (
    BITING_MOVE,
    EAGER_WEIGHTS,
    TAKEOVER_FEATURES,
    HeuristicBot,
    PositionalValueModel,
    SearchBot,
    SearchSettings,
    TiedValueModel,
    ValueModel,
    View,
    Weights,
    takeover_features,
)
from wolfpack.sim.arena import bot_seed, game_seed, play_game


def duel(
    seed: int, index: int, search: bool = True, settings: SearchSettings | None = None
) -> tuple[int, bool, bool, int]:
    """Game `index` of the two-player duel docs/bots.md measures: the search bot (with `settings`, default the
    bot's own; or, without `search`, a heuristic bot in its place) on seat `index % 2`, the heuristic on the other,
    seeded as `wolfpack.sim.arena` seeds games.

    Returns (that seat, whether it won, whether the werewolves won, how many decisions the search bot searched).
    """
    game = load_game("wolf", players=2)
    seat = index % 2
    bots: list[Bot] = [HeuristicBot(bot_seed(seed, index, s)) for s in range(2)]
    searcher = SearchBot(bot_seed(seed, index, seat), settings)
    if search:
        bots[seat] = searcher
    final = play_game(game, bots, game_seed(seed, index))
    returns = final.returns()
    return seat, returns[seat] > 0, returns[1] > 0, searcher.searches


def play(
    seed: int, index: int, settings: SearchSettings | None = None, baseline: SearchSettings | None = None
) -> tuple[int, int, int, float, float, int]:
    """Game `index` both ways: (search seat, search won, baseline won, search s, baseline s, searches). The baseline
    is the heuristic bot, or the search bot with `baseline` settings if given."""
    start = time.perf_counter()
    seat, won, _, searches = duel(seed, index, True, settings)
    middle = time.perf_counter()
    _, base_won, _, _ = duel(seed, index, baseline is not None, baseline)
    end = time.perf_counter()
    return seat, int(won), int(base_won), middle - start, end - middle, searches


def replaced(base: Any, pairs: Sequence[str], flag: str) -> Any:
    """A copy of the dataclass `base` with fields overridden by `name=value` pairs (typed as the field's default)."""
    changes: dict[str, object] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if not hasattr(base, name) or isinstance(getattr(base, name), Weights):
            raise SystemExit(f"{flag}: {type(base).__name__} has no field {name!r}")
        default = getattr(base, name)
        changes[name] = text.lower() in ("1", "true", "yes") if isinstance(default, bool) else type(default)(text)
    return dataclasses.replace(base, **changes)


def settings_from(pairs: Sequence[str], weights: Sequence[str] = ()) -> SearchSettings:
    """`SearchSettings` overridden by `name=value` pairs, its guide's `Weights` by `weights` pairs."""
    settings: SearchSettings = replaced(SearchSettings(), pairs, "--set")
    return dataclasses.replace(settings, weights=replaced(settings.weights, weights, "--weights"))


def wilson(p: float, games: int) -> str:
    """The 95% Wilson interval of a share."""
    z = 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return f"95% {centre - half:.3f}-{centre + half:.3f}"


def paired(wins: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """The mean paired difference of two win lists and its standard error."""
    n = len(wins)
    diffs = [a - b for a, b in zip(wins, base, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


def report(label: str, rows: Sequence[tuple[int, int, int, float, float, int]], base_name: str = "heuristic") -> None:
    """Print both win rates, the paired difference and the cost for one set of games."""
    n = len(rows)
    if n == 0:
        return
    wins, base = [r[1] for r in rows], [r[2] for r in rows]
    ps, pb = sum(wins) / n, sum(base) / n
    mean, se = paired(wins, base)
    z = mean / se if se else math.inf
    print(f"  {label:<16} {n:>3} games: search {ps:.3f} ({wilson(ps, n)}), {base_name} {pb:.3f} ({wilson(pb, n)})")
    discordant = sum(1 for a, b in zip(wins, base, strict=True) if a != b)
    print(f"  {'':<16} paired difference {mean:+.3f} ± {se:.3f} (z = {z:.2f}, {discordant} game(s) differ)")
    search_s, base_s = sum(r[3] for r in rows) / n, sum(r[4] for r in rows) / n
    searches = sum(r[5] for r in rows) / n
    print(f"  {'':<16} {search_s:.2f} s per search game, {base_s:.2f} s per {base_name} game, {searches:.1f} searches")


def balance_game(players: int, seed: int, index: int, content: str | None) -> tuple[int, int, int, int, int]:
    """Game `index` with the heuristic in every seat: (players, werewolves won, rounds, barricades built, broken)."""
    from wolfpack.engine.registry import load_game
    from wolfpack.sim.arena import bot_seed, game_seed, play_game

    game = load_game("wolf", players=players, **({"content": content} if content else {}))
    bots = [HeuristicBot(bot_seed(seed, index, s)) for s in range(players)]
    final = play_game(game, bots, game_seed(seed, index))
    built, broken = barricade_traffic(game.new_initial_state(), final.history())
    return players, int(final.returns()[-1] > 0), final.round, built, broken  # type: ignore[attr-defined]


def barricade_traffic(start: Any, actions: Sequence[Any]) -> tuple[int, int]:
    """Barricades built and broken while `actions` are played from `start` (a copy): the board's barricades compared
    before and after each action."""
    # the board, not the log's wording: counting log sentences once missed every break when their capitals changed
    state = start.clone()
    built = broken = 0
    for action in actions:
        before = set(state.barricades)
        state.apply_action(action)
        after = set(state.barricades)
        built += len(after - before)
        broken += len(before - after)
    return built, broken


def balance(args: argparse.Namespace) -> None:
    """Print the werewolves' win rate, game length and barricade traffic for each player count."""
    start = time.perf_counter()
    jobs = [(p, args.seed, i, args.content) for p in args.players for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(balance_game, *zip(*jobs, strict=True), chunksize=4))
    print(f"heuristic in every seat, {args.games} games per player count from seed {args.seed}, ", end="")
    print(f"content {args.content or 'default'}:")
    for players in args.players:
        mine = [r for r in rows if r[0] == players]
        n = len(mine)
        wolves = sum(r[1] for r in mine) / n
        rounds, built, broken = (sum(r[k] for r in mine) / n for k in (2, 3, 4))
        print(f"  {players} players: werewolves win {wolves:.3f} ({wilson(wolves, n)}); {rounds:.1f} rounds, ", end="")
        print(f"{built:.2f} barricades built and {broken:.2f} broken per game")
    print(f"  wall time {time.perf_counter() - start:.0f} s with {args.jobs} job(s)")


MODELS: dict[str, type[ValueModel]] = {
    "counts": ValueModel,
    "positional": PositionalValueModel,
    "tied": TiedValueModel,
}
"""The value models `--fit --model NAME` refits: their fields are the weights, in the order of their inputs."""


def fit_positions(
    seed: int, index: int, every: int = 15, model: str = "counts", search: SearchSettings | None = None
) -> list[tuple[list[float], float]]:
    """The `model`'s inputs at every `every`-th decision of game `index` between heuristic bots (or, given `search`,
    with the search bot on seat `index % 2` as `duel` seats it), each with 1.0 if the werewolves won, else 0.0."""
    from wolfpack.engine.chance import sample_chance_outcome
    from wolfpack.engine.play import bot_decision
    from wolfpack.engine.registry import load_game
    from wolfpack.sim.arena import bot_seed, game_seed

    game = load_game("wolf", players=2)
    bots: list[Bot] = [HeuristicBot(bot_seed(seed, index, s)) for s in range(2)]
    if search is not None:
        bots[index % 2] = SearchBot(bot_seed(seed, index, index % 2), search)
    inputs = MODELS[model]().inputs
    rng = random.Random(game_seed(seed, index))
    state = game.new_initial_state()
    seen, decisions = [], 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        decisions += 1
        if decisions % every == 0:
            seen.append(inputs(state))
        seat, action = bot_decision(state, bots, start=state.history_length())
        state.apply_action(action, seat)
    won = 1.0 if state.returns()[1] > 0 else 0.0
    return [(x, won) for x in seen]


def logistic_fit(rows: Sequence[tuple[list[float], float]], steps: int = 50) -> list[float]:
    """Logistic regression weights by Newton's method (a tiny ridge keeps the steps defined)."""
    k = len(rows[0][0])
    weights = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[1e-6 if a == b else 0.0 for b in range(k)] for a in range(k)]
        for x, y in rows:
            p = _sigmoid(sum(w * v for w, v in zip(weights, x, strict=True)))
            for a in range(k):
                grad[a] += (p - y) * x[a]
                for b in range(k):
                    hess[a][b] += p * (1 - p) * x[a] * x[b]
        step = _solve(hess, grad)
        weights = [w - d for w, d in zip(weights, step, strict=True)]
        if max(abs(d) for d in step) < 1e-8:
            break
    return weights


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve matrix @ x = vector by Gauss-Jordan elimination with partial pivoting."""
    k = len(vector)
    rows = [[*matrix[a], vector[a]] for a in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(k):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [u - factor * v for u, v in zip(rows[r], rows[col], strict=True)]
    return [rows[a][k] / rows[a][a] for a in range(k)]


def log_loss(weights: Sequence[float], rows: Sequence[tuple[list[float], float]]) -> tuple[float, float]:
    """The mean log loss of `weights` on `rows` and the share of outcomes they call right."""
    loss = right = 0.0
    for x, y in rows:
        p = _sigmoid(sum(w * v for w, v in zip(weights, x, strict=True)))
        loss -= y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
        right += (p > 0.5) == (y > 0.5)
    return loss / len(rows), right / len(rows)


def fit(args: argparse.Namespace) -> None:
    """Print the refitted value model's weights, its log loss and how often it calls the winner right, on the games
    it was fitted on and on the last fifth of the games, held out of a second fit."""
    model = MODELS[args.model]
    search = settings_from(args.set, args.weights) if args.fit_search else None
    n = args.games
    jobs = [args.seed] * n, range(n), [args.every] * n, [args.model] * n, [search] * n
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(fit_positions, *jobs, chunksize=2))
    rows = [row for game in games for row in game]
    weights = logistic_fit(rows)
    share = sum(y for _, y in rows) / len(rows)
    who = f"the search bot ({search}) on seat i % 2" if search else "heuristic bots"
    print(f"{len(rows)} positions of {n} games between {who}, seed {args.seed} (werewolves won {share:.3f} of them)")
    loss, right = log_loss(weights, rows)
    print(f"  log loss {loss:.3f}, {right:.1%} called right (in sample)")
    cut = n - n // 5
    train, held = [r for g in games[:cut] for r in g], [r for g in games[cut:] for r in g]
    for name, w in (("fitted on the first 4/5", logistic_fit(train)), ("the model's defaults", _defaults(model))):
        loss, right = log_loss(w, held)
        print(f"  {name}: log loss {loss:.3f}, {right:.1%} right on the last {n - cut} games' {len(held)} positions")
    for f, weight in zip(dataclasses.fields(model), weights, strict=True):
        print(f"  {f.name} = {weight:.3f}")


def _defaults(model: type[ValueModel]) -> list[float]:
    """A value model's weights as it ships."""
    instance = model()
    return [getattr(instance, f.name) for f in dataclasses.fields(model)]


class Noting(SearchBot):
    """The search bot, noting at each decision it searched what it saw and chose (for `--inspect`)."""

    def __init__(self, seed: int, settings: SearchSettings) -> None:
        super().__init__(seed, settings)
        self.notes: list[str] = []

    def step(self, state: Any, player: int | None = None) -> Any | None:
        """The search bot's action; a note when it searched and picked another than the heuristic's first."""
        before = self.searches
        action = super().step(state, player)
        if self.searches > before:
            ranked = self.guide.ranked(state)[: self.settings.candidates]
            if action != ranked[0][1]:
                root = self.search.last_root
                stats = ""
                if root is not None:
                    stats = ", ".join(
                        f"{c.action} {c.visits}x {c.value / max(c.visits, 1):+.2f}" for c in root.children.values()
                    )
                heuristic = ", ".join(f"{a} {score:.1f}" for score, a in ranked)
                where = f"round {state.round} decision {state.history_length()} ({state.step})"
                self.notes.append(f"{where}: played {action}; heuristic {heuristic}; search {stats}")
        return action


class TakeoverNoting(SearchBot):
    """The search bot, noting every takeover question it searched: the features of each hero it could take over as
    his own turn begins (`takeover_features`), what it chose, and the tree's mean value of each root action."""

    def __init__(self, seed: int, settings: SearchSettings) -> None:
        super().__init__(seed, settings)
        self.notes: list[dict[str, Any]] = []

    def step(self, state: Any, player: int | None = None) -> Any | None:
        """The search bot's action; a note when it searched a takeover question."""
        before = self.searches
        action = super().step(state, player)
        if self.searches > before and state.step == "takeover":
            seat = state.current_player()
            view = View(state.game.content, state.observation(seat), seat)
            root = self.search.last_root
            values = {c.action: c.value / max(c.visits, 1) for c in root.children.values()} if root else {}
            for option in state.legal_actions():
                hero_id = option.split()[-1]
                if option.startswith("take ") and hero_id == view.obs["turn"]:
                    features = dict(zip(TAKEOVER_FEATURES, takeover_features(view, hero_id), strict=True))
                    note = {"round": state.round, "hero": hero_id, "chose": action, "values": values, **features}
                    self.notes.append(note)
        return action


def takeover_notes(seed: int, index: int, settings: SearchSettings) -> list[dict[str, Any]]:
    """The takeover notes of the search bot playing the pack in game `index` (as `duel` seats it), each with the
    game, whether the pack won it, and whether the heuristic would have taken that hero over (`_take_over`)."""
    from wolfpack.engine.registry import load_game
    from wolfpack.sim.arena import bot_seed, game_seed, play_game

    game = load_game("wolf", players=2)
    searcher = TakeoverNoting(bot_seed(seed, index, 1), settings)
    bots: list[Bot] = [HeuristicBot(bot_seed(seed, index, 0)), searcher]
    final = play_game(game, bots, game_seed(seed, index))
    won = final.returns()[1] > 0
    return [{**note, "game": index, "pack_won": won} for note in searcher.notes]


def write_notes(path: str, games: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Every game's notes, in order, written to `path` as JSON lines; the notes."""
    notes = [note for game in games for note in game]
    with open(path, "w", encoding="utf-8") as out:
        for note in notes:
            out.write(json.dumps(note) + "\n")
    return notes


def takeovers(args: argparse.Namespace) -> None:
    """Write, as JSON lines, every takeover question the search bot searched in the pack's games (odd indices from
    `--first-game`), and print how often it took the hero over, by whether he could bite at once and rounds left."""
    settings = settings_from(args.set, args.weights)
    indices = [2 * k + 1 for k in range(args.first_game, args.first_game + args.games)]
    n = len(indices)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(takeover_notes, [args.seed] * n, indices, [settings] * n, chunksize=2))
    notes = write_notes(args.out, games)
    print(f"{len(notes)} searched takeover questions in {n} pack games of seed {args.seed} (written to {args.out})")
    for bite in (1.0, 0.0):
        for low, high in ((0, 4), (4, 8), (8, 99)):
            group = [x for x in notes if x["bites_at_once"] == bite and low <= x["rounds_left"] < high]
            taken = sum(1 for x in group if x["chose"] == f"take {x['hero']}")
            if group:
                print(f"  bites at once {bool(bite)!s:5}, {low}-{high} rounds left: took {taken} of {len(group)}")


def takeover_oracle(seed: int, index: int, samples: int) -> list[dict[str, Any]]:
    """At every takeover question of game `index` between heuristic bots where the hero whose turn begins may be
    taken over: his `takeover_features`, and the pack's wins when the real state is played on to the end by heuristic
    bots after taking him over and after leaving him, `samples` times, each time with the same dice and bot seeds for
    both (paired: the difference is what the takeover alone changes; after leaving him, the heuristic takes him over
    later as it would)."""
    notes: list[dict[str, Any]] = []
    for state in decisions_of(seed, index):
        take = f"take {state.turn}"
        if state.step == "takeover" and take in state.legal_actions():
            seat = state.current_player()
            view = View(state.game.content, state.observation(seat), seat)
            note: dict[str, Any] = dict(zip(TAKEOVER_FEATURES, takeover_features(view, state.turn), strict=True))
            for action in (take, "leave"):
                note[action.split()[0]] = [
                    _played_out(state, action, seed * 7919 + index * 131 + k) for k in range(samples)
                ]
            notes.append({**note, "game": index, "round": state.round})
    return notes


def decisions_of(seed: int, index: int, pack: Weights | None = None) -> Iterator[Any]:
    """Every decision of game `index` between heuristic bots (the pack's with `pack` weights), seeded as
    `wolfpack.sim.arena` seeds games: the state before the seat to act plays (the caller must not change it)."""
    from wolfpack.engine.chance import sample_chance_outcome
    from wolfpack.engine.play import bot_decision
    from wolfpack.engine.registry import load_game
    from wolfpack.sim.arena import bot_seed, game_seed

    game = load_game("wolf", players=2)
    bots: list[Bot] = [HeuristicBot(bot_seed(seed, index, 0)), HeuristicBot(bot_seed(seed, index, 1), pack)]
    rng = random.Random(game_seed(seed, index))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        yield state
        seat, action = bot_decision(state, bots, start=state.history_length())
        state.apply_action(action, seat)


def _played_out(state: Any, action: str, seed: int, pack: Weights | None = None) -> int:
    """1 if the werewolves win when heuristic bots (seeded by `seed`; the pack's with `pack` weights) play `state` on
    to the end after `action`."""
    from wolfpack.engine.chance import sample_chance_outcome
    from wolfpack.engine.play import bot_decision

    twin = state.clone()
    twin.apply_action(action)
    rng = random.Random(seed)
    bots = [HeuristicBot(seed), HeuristicBot(seed + 1, pack)]
    while not twin.is_terminal():
        if twin.is_chance_node():
            twin.apply_action(sample_chance_outcome(twin, rng))
            continue
        seat, chosen = bot_decision(twin, bots, start=twin.history_length())
        twin.apply_action(chosen, seat)
    return int(twin.returns()[1] > 0)


def oracle(args: argparse.Namespace) -> None:
    """Write `takeover_oracle`'s notes for `--games` heuristic games from `--first-game` as JSON lines, and print the
    mean paired gain of taking over by whether he could bite at once and rounds left."""
    indices = list(range(args.first_game, args.first_game + args.games))
    n = len(indices)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(takeover_oracle, [args.seed] * n, indices, [args.samples] * n, chunksize=1))
    notes = write_notes(args.out, games)
    print(f"{len(notes)} takeover questions of {n} heuristic games of seed {args.seed}, {args.samples} samples each")
    for bite in (1.0, 0.0):
        for low, high in ((0, 4), (4, 8), (8, 99)):
            group = [x for x in notes if x["bites_at_once"] == bite and low <= x["rounds_left"] < high]
            gains = [t - lv for x in group for t, lv in zip(x["take"], x["leave"], strict=True)]
            if gains:
                mean = sum(gains) / len(gains)
                where = f"bites at once {bool(bite)!s:5}, {low}-{high} rounds left"
                print(f"  {where}: {len(group)} questions, gain {mean:+.3f}")


DECISION_SIDES: dict[str, SearchSettings] = {
    "pack": SearchSettings(takeover=False),
    "heroes": SearchSettings(heroes=True),
}
"""`--decisions SIDE`: whose close calls (as the search bot with these settings picks them) the oracle plays out."""


def decision_oracle(seed: int, index: int, samples: int, side: str) -> list[dict[str, Any]]:
    """At every close call of `side` (the decisions the search bot searches, `SearchBot.close_call`; the takeover
    question left out) in game `index` between the heuristic heroes and a heuristic pack that takes heroes over at
    once (`EAGER_WEIGHTS`): the guide's three best candidates with their scores, and the pack's wins when the real
    state is played on to the end after each, `samples` times, with the same dice and bot seeds for every candidate."""
    judge = SearchBot(0, DECISION_SIDES[side])
    notes: list[dict[str, Any]] = []
    for state in decisions_of(seed, index, EAGER_WEIGHTS):
        legal = state.legal_actions()
        close_call = judge.close_call(state, legal) if len(legal) > 1 else None
        if close_call is not None and close_call[1] == (side == "pack"):
            top = close_call[0][:3]
            first_seed = seed * 7919 + index * 131 + len(notes) * 17
            outs = [
                [_played_out(state, action, first_seed + k, EAGER_WEIGHTS) for k in range(samples)] for _, action in top
            ]
            note = {"step": state.step, "candidates": [a for _, a in top], "scores": [s for s, _ in top], "wins": outs}
            notes.append({**note, "game": index, "round": state.round})
    return notes


def decision_kind(note: dict[str, Any], other: int) -> str:
    """What sets candidate `other` of a close call apart from the guide's first: for the pack's moves, whether another
    unit moves and whether each bites (scores `BITING_MOVE` or more); else the two actions' verbs, tied or not."""
    first, alternative = note["candidates"][0], note["candidates"][other]
    if note["step"] == "pack":
        unit = "same unit" if first.split()[0] == alternative.split()[0] else "another unit"
        bites = ["bites" if score >= BITING_MOVE else "no bite" for score in (note["scores"][0], note["scores"][other])]
        return f"move: {unit}, first {bites[0]}, alternative {bites[1]}"
    tied = "tied" if abs(note["scores"][0] - note["scores"][other]) < 1e-6 else "ranked lower"
    return f"{note['step']}: {first.split()[0]} -> {alternative.split()[0]} ({tied})"


def decisions(args: argparse.Namespace) -> None:
    """Write `decision_oracle`'s notes for `--games` games from `--first-game` as JSON lines, and print, by kind of
    alternative (`decision_kind`), how much more the side wins after it than after the guide's first choice."""
    n = args.games
    indices = list(range(args.first_game, args.first_game + n))
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(decision_oracle, [args.seed] * n, indices, [args.samples] * n, [args.decisions] * n))
    notes = write_notes(args.out, games)
    sign = 1 if args.decisions == "pack" else -1
    gains: dict[str, list[float]] = {}
    for note in notes:
        for other in range(1, len(note["candidates"])):
            pairs = zip(note["wins"][0], note["wins"][other], strict=True)
            gains.setdefault(decision_kind(note, other), []).append(sign * sum(b - a for a, b in pairs) / args.samples)
    print(f"{len(notes)} close calls of the {args.decisions} in {n} games of seed {args.seed}, {args.samples} samples")
    for kind, values in sorted(gains.items(), key=lambda item: -len(item[1])):
        mean, se = paired(values, [0.0] * len(values))
        print(f"  {kind:<58} {len(values):>4}: the alternative wins {mean:+.3f} ± {se:.3f} more than the first")


def inspect(args: argparse.Namespace) -> None:
    """Print the pack's games (odd indices) where the search bot lost and the heuristic's twin won (with `--wins`: the
    other way round): the searched decisions that picked another action, with the tree's
    visits and values, and both games' ends."""
    from wolfpack.engine.registry import load_game
    from wolfpack.sim.arena import bot_seed, game_seed, play_game

    settings = settings_from(args.set, args.weights)
    game = load_game("wolf", players=2)
    shown = 0
    for k in range(args.first_game, args.first_game + args.games):
        index = 2 * k + 1
        searcher = Noting(bot_seed(args.seed, index, 1), settings)
        bots: list[Bot] = [HeuristicBot(bot_seed(args.seed, index, s)) for s in range(2)]
        final = play_game(game, [bots[0], searcher], game_seed(args.seed, index))
        twin = play_game(game, bots, game_seed(args.seed, index))
        search_won, heuristic_won = final.returns()[1] > 0, twin.returns()[1] > 0
        if search_won == heuristic_won or search_won != args.wins:
            continue
        shown += 1
        outcome = "won" if search_won else "lost"
        print(f"game {index}: the search {outcome} (round {final.round}), the heuristic not (round {twin.round})")  # type: ignore[attr-defined]
        for note in searcher.notes:
            print(f"  {note}")
        print(f"  search's end: {final.log(None)[-1]}; heuristic's end: {twin.log(None)[-1]}")
        if shown >= args.show:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pack-only", action="store_true", help="only the odd games (search bot as the pack)")
    parser.add_argument("--heroes-only", action="store_true", help="only the even games (search bot as the heroes)")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="a variant's SearchSettings")
    parser.add_argument("--weights", nargs="*", default=[], metavar="NAME=VALUE", help="its guide's Weights")
    parser.add_argument(
        "--against-search",
        action="store_true",
        help="pair with the search bot as it is",
    )
    parser.add_argument("--balance", action="store_true", help="the sides' win rates, heuristic in every seat")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6], help="player counts (with --balance)")
    parser.add_argument("--content", default=None, help="an organiser's content pack (with --balance)")
    parser.add_argument("--fit", action="store_true", help="refit the search bot's value model")
    parser.add_argument("--model", choices=sorted(MODELS), default="counts", help="which model --fit refits")
    parser.add_argument("--every", type=int, default=15, help="--fit takes every N-th decision of a game")
    parser.add_argument(
        "--fit-search", action="store_true", help="--fit on games of the search bot (--set) against the heuristic"
    )
    parser.add_argument("--inspect", action="store_true", help="the pack's games the search lost and the heuristic won")
    parser.add_argument("--wins", action="store_true", help="--inspect the games the search won and the heuristic lost")
    parser.add_argument("--show", type=int, default=4, help="how many games --inspect prints")
    parser.add_argument(
        "--first-game", type=int, default=0, help="--inspect/--takeovers: the first pack game; --oracle: the first game"
    )
    parser.add_argument("--takeovers", action="store_true", help="note the search bot's searched takeover questions")
    parser.add_argument("--out", default="takeovers.jsonl", help="where --takeovers/--oracle write their notes")
    parser.add_argument("--oracle", action="store_true", help="play each takeover question on both ways to the end")
    parser.add_argument("--samples", type=int, default=8, help="--oracle's paired play-outs per question")
    parser.add_argument(
        "--decisions", choices=sorted(DECISION_SIDES), help="play each close call of this side on to the end every way"
    )
    args = parser.parse_args()
    if args.decisions:
        decisions(args)
        return
    if args.inspect:
        inspect(args)
        return
    if args.takeovers:
        takeovers(args)
        return
    if args.oracle:
        oracle(args)
        return
    if args.fit:
        fit(args)
        return
    if args.balance:
        balance(args)
        return
    indices = list(range(args.games))
    if args.pack_only or args.heroes_only:
        indices = [2 * k + (1 if args.pack_only else 0) for k in range(args.games)]
    settings = settings_from(args.set, args.weights)
    baseline = SearchSettings() if args.against_search else None
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        n = len(indices)
        rows = list(pool.map(play, [args.seed] * n, indices, [settings] * n, [baseline] * n, chunksize=4))
    against = "the search bot as it is" if baseline else "the heuristic"
    print(f"search bot {settings} against {against}, paired, {len(indices)} games from seed {args.seed}:")
    base_name = "as it is" if baseline else "heuristic"
    report("as the heroes", [r for r in rows if r[0] == 0], base_name)
    report("as the pack", [r for r in rows if r[0] == 1], base_name)
    report("whole match", rows, base_name)
    print(f"  wall time {time.perf_counter() - start:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
