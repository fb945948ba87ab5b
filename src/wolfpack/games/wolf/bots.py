"""WOLF bots: a fast rule-and-score heuristic that plays every side, and the search bot built on it (docs/bots.md).

The heuristic bot reads only what its seat may know: its observation by id (`seat_view`), the legal actions, and
the public rules and content of the game (`state.game.content`: the map, the Weapons Table, the card counts). It
never clones or looks into the state it is given. Every decision scores the legal actions with a few hand-set terms
and plays the best one (ties broken by the bot's seeded generator); `HeuristicBot.ranked` exposes the scores, so that
the search bot can look only at the heuristic's best few candidates. What it works out from the board alone (distance
fields, where a werewolf could bite from) it remembers per board, by exactly what it was worked out from.

Who it plays, decided per hero from what the seat sees:

- a human hero (his seat does not know him contaminated): gathers objects, keeps near the other heroes, keeps out of
  the werewolves' reach (more so the more wolf cards he holds), shoots the werewolf in reach with the best odds,
  barricades exits the pack is near, uses the antidote (a transformed hero, a werewolf, himself when bitten often
  without knowing his cards), and treats a hero seen to be contaminated as a werewolf;
- a secret werewolf (a hero whose seat has seen a black card of his): acts like a hero, never shoots a werewolf, picks
  objects to keep them from the heroes, walks beside a hero standing alone and bites him at a good moment (the
  victim is alone, few clean heroes are left, or dawn is near);
- the werewolf seat, and a transformed hero: closes in on the heroes (a distance field in which a barricade costs a
  few steps), bites the human hero least likely to be contaminated already, breaks the barricades on its way, hides
  (invisibility) or teleports when that serves, and takes a contaminated hero over when he can bite at once or dawn
  is near;
- trades: a human accepts every card and hands a silver bullet to a human who asks when he has weapons to spare; a
  secret werewolf accepts everything and hands over only drawing pins.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property, reduce
from operator import or_
from typing import Any, ClassVar, Final

from wolfpack.engine.bot import Bot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State
from wolfpack.games.wolf.content import Board, Square, WolfContent, distance, orthogonally_adjacent
from wolfpack.games.wolf.rules import chance_at_least, sq, walk_destinations, walk_mask
from wolfpack.games.wolf.views import bot_view, id_view, pile_sizes

TIE: Final = 1e-9
"""Scores closer than this count as equal."""
HIDDEN: Final = "?"
"""A card the viewer has not seen (as the observation shows it)."""
BARRICADE_STEPS: Final = 5
"""What a barricade costs in the pack's distance field: a werewolf breaks one on a 1 (several try together)."""
FAR: Final = 99
"""A distance beyond the map."""
EARLY_TAKEOVER: Final = -5.0
"""The score of taking a hero over as another's turn begins: far enough below leaving him (0) that the search bot
does not search it (SearchSettings.margin)."""
WEAPON_COST: Final = {"silver_bullet": 0.6, "weapon": 1.2}
"""What spending a card of each kind costs, in the units of one werewolf removed (10)."""


def weapon_chance(content: WolfContent, need: int | None) -> float:
    """The chance that the pack's weapon dice reach `need` (0 for a shot out of range: no score)."""
    return 0.0 if need is None else chance_at_least(content.components.rolls.weapon_dice, need)


@dataclass(frozen=True)
class Weights:
    """The heuristic's parameters (the defaults are hand-set, see docs/bots.md)."""

    threat: float = 3.0
    """A hero's penalty per werewolf that can reach him next pack turn."""
    threat_per_card: float = 0.6
    """How much more each wolf card he holds (not known to be grey) makes a hero fear a bite."""
    pick_spot: float = 2.5
    """A hero ending beside an object pile he may pick from."""
    pile_distance: float = 0.25
    """Per step to the nearest object pile (heroes with room in hand)."""
    company: float = 0.8
    """Per other human hero within 2 (at most 2 count)."""
    shot: float = 3.0
    """Times the best chance to hit a werewolf from where the hero ends."""
    bite: float = 10.0
    """A bite, times the chance that the victim is still clean."""
    closing: float = 0.7
    """The pack's reward per step closer to a human hero."""
    barricade_break: float = 1.2
    """Breaking a barricade that stands on the pack's way."""
    pack_company: float = 0.15
    """Per other werewolf within 2 of a werewolf."""
    exposure: float = 0.6
    """A werewolf's penalty per human hero within 4 of where it ends (they may shoot)."""
    secret_bite_rounds: int = 4
    """A secret werewolf bites anyone he can in the last rounds before dawn."""
    take_over_at_once: bool = True
    """The werewolf seat takes a contaminated hero over as soon as his own turn begins, always (our default since
    issue 34: it gained the pack +0.128 a game, docs/bots.md); off, only when he can bite at once or dawn is near."""


# ---- geometry shared by every decision on one board ------------------------------------------------------------


MoveEnds = tuple[tuple[Square, ...], tuple[int, ...], tuple[int, ...], int]
"""Where each of a unit's moves ends, the squares within 2 of each end as a mask, 1 for each end within 2 of where
the unit stands (else 0), and all those squares as one mask (`Geometry.move_ends`)."""


@dataclass
class Geometry:
    """Precomputed neighbourhoods of a board, and the distance fields the bots have asked of it."""

    board: Board
    steps: dict[Square, tuple[Square, ...]] = field(default_factory=dict)
    orthogonal: dict[Square, tuple[Square, ...]] = field(default_factory=dict)
    piles: tuple[Square, ...] = ()
    pile_spots: dict[Square, tuple[int, ...]] = field(default_factory=dict)
    """Open square -> the piles (by number) it may pick from."""
    fields: dict[tuple[Any, ...], dict[Square, int]] = field(default_factory=dict)
    """Distance fields asked already (`field`), by sources and barricades: a pure function of them, shared by every
    bot on this board."""
    reaches: dict[tuple[int, ...], int] = field(default_factory=dict)
    """The squares a unit could bite (`bites_from`), by where it stands, how far it walks and what stands near."""
    pile_fields: dict[tuple[int, ...], dict[Square, int]] = field(default_factory=dict)
    """The heroes' distance fields to the piles with cards (`HeuristicBot._pile_field`), by those piles."""
    reach_maps: dict[tuple[Any, ...], dict[Square, int]] = field(default_factory=dict)
    """`View.wolf_reach`'s counts, by the obstacles, the squares taken and the werewolves (where, how far)."""
    ends: dict[tuple[Square, tuple[str, ...]], MoveEnds] = field(default_factory=dict)
    """Where a unit's moves end, by its square and its moves (`move_ends`)."""
    counts: dict[tuple[int, ...], dict[Square, int]] = field(default_factory=dict)
    """How many units could bite each square (`bite_counts`), by the squares each could bite (masks)."""
    _beside: tuple[int | None, frozenset[Square]] = (None, frozenset())

    FIELDS_KEPT: ClassVar[int] = 256

    @cached_property
    def rings(self) -> dict[Square, int]:
        """The squares 2 to 4 from each square, as masks (`Board.boxes` of 4 less those of 1): where the human heroes
        a werewolf ending there would be exposed to stand."""
        fours, ones = self.board.boxes(4), self.board.boxes(1)
        return {square: fours[square] & ~ones[square] for square in fours}

    def __post_init__(self) -> None:
        board = self.board
        for square in board.squares():
            if board.is_open(square):
                self.steps[square] = board.steps(square)
                self.orthogonal[square] = tuple(n for n in board.orthogonal_neighbours(square) if board.is_open(n))
        self.piles = board.object_squares
        spots: dict[Square, list[int]] = {}
        for number, pile in enumerate(self.piles):
            for n in board.orthogonal_neighbours(pile):
                if board.is_open(n):
                    spots.setdefault(n, []).append(number)
        self.pile_spots = {s: tuple(v) for s, v in spots.items()}

    def field(self, sources: Iterable[Square], barricades: frozenset[Square]) -> dict[Square, int]:
        """`distance_field(self, sources, barricades)`, remembered (read it, never change it)."""
        key = (frozenset(sources), barricades)
        found = self.fields.get(key)
        if found is None:
            if len(self.fields) >= self.FIELDS_KEPT:
                self.fields.clear()
            found = self.fields[key] = distance_field(self, key[0], barricades)
        return found

    def bites_from(self, start: Square, limit: int, obstacles: int, taken: int) -> int:
        """The squares (a mask, `Board.bits`) a unit on `start` could bite after walking up to `limit` steps around the
        `obstacles` (itself not one) and ending on a square not `taken` (or its own): remembered by what lies within
        `limit` of it, all that the walk can meet, so that a unit nobody came near since is not walked again."""
        board = self.board
        start_bit = board.bits[start]
        box = board.box_mask(start, limit)
        near, near_taken = box & obstacles & ~start_bit, box & taken
        key = (start_bit, limit, near, near_taken)
        found = self.reaches.get(key)
        if found is None:
            ends = walk_destinations(board, start_bit, limit, near, near_taken)
            if len(self.reaches) >= self.FIELDS_KEPT * 16:
                self.reaches.clear()
            found = self.reaches[key] = board.orthogonal_spread(ends) & board.open_mask
        return found

    def move_ends(self, here: Square, actions: tuple[str, ...]) -> MoveEnds:
        """Where each move of a unit on `here` ends (staying: `here`), the squares within 2 of each end as a mask
        (`Board.box_mask`: the werewolves there are the company it ends in), 1 for each end within 2 of `here` (the
        unit is no company of itself), else 0, and all those squares as one mask (remembered: the same walks come
        back from pack turn to pack turn)."""
        key = (here, actions)
        found = self.ends.get(key)
        if found is None:
            x, y = here
            boxes, known = self.board.boxes(2), _END_SQUARES.get
            # `_end_square`, its table read first (staying, None there, asks the function, which knows it too)
            squares = tuple([known(action) or _end_square(action) or here for action in actions])
            around = tuple(map(boxes.__getitem__, squares))
            anywhere = reduce(or_, around, 0)
            own = tuple([1 if -2 <= x - s[0] <= 2 and -2 <= y - s[1] <= 2 else 0 for s in squares])
            if len(self.ends) >= self.FIELDS_KEPT * 16:
                self.ends.clear()
            found = self.ends[key] = squares, around, own, anywhere
        return found

    def beside_barricades(self, barricades: int) -> frozenset[Square]:
        """The open squares sharing a side with one of the barricades on `barricades` (a mask; remembered for the
        last one asked)."""
        if self._beside[0] != barricades:
            board = self.board
            beside = board.orthogonal_spread(barricades) & board.open_mask
            self._beside = (barricades, frozenset(board.squares_in(beside)))
        return self._beside[1]

    def bite_counts(self, bitten: tuple[int, ...]) -> dict[Square, int]:
        """For each square, in how many of the masks `bitten` it is (remembered: read it, never change it)."""
        found = self.counts.get(bitten)
        if found is None:
            found = self.board.counted(bitten)
            if len(self.counts) >= self.FIELDS_KEPT * 16:
                self.counts.clear()
            self.counts[bitten] = found
        return found


_GEOMETRY: dict[int, Geometry] = {}


def geometry(board: Board) -> Geometry:
    """The geometry of `board` (computed once per board)."""
    found = _GEOMETRY.get(id(board))
    if found is None or found.board is not board:
        found = _GEOMETRY[id(board)] = Geometry(board)
    return found


def distance_field(geo: Geometry, sources: Iterable[Square], barricades: frozenset[Square]) -> dict[Square, int]:
    """Steps from the nearest source to every open square, walls impassable, a barricade `BARRICADE_STEPS` dear
    (the bots ask it for a field of the whole board at many of their moves).

    Breadth first over masks (`Board.bits`), a layer of squares per step: a square is reached first by the cheapest
    way, as every step onto it costs the same (1, or `BARRICADE_STEPS` onto a barricade, which then waits for its
    layer)."""
    board = geo.board
    bits, open_, spread = board.bits, board.open_mask, board.spread
    reached = dear = 0
    for source in sources:
        reached |= bits.get(source, 0)
    for barricade in barricades:
        dear |= bits.get(barricade, 0)
    reached &= open_
    unreached = open_ ^ reached
    frontier = reached
    layers = [reached]
    waiting: dict[int, int] = {}
    """Barricades reached, by the layer they join."""
    steps = 0
    while frontier or waiting:
        steps += 1
        following = spread(frontier) & unreached
        unreached ^= following
        costly = following & dear
        if costly:
            later = steps + BARRICADE_STEPS - 1
            waiting[later] = waiting.get(later, 0) | costly
            following ^= costly
        frontier = following | waiting.pop(steps, 0)
        layers.append(frontier)
    return board.numbered(layers)


# ---- what a seat sees, in handy shapes ----------------------------------------------------------------------------


def _own_view(state: State[Any]) -> View:
    """The view of the seat to act (the part of its observation a decision reads, `views.bot_view`)."""
    seat = state.current_player()
    # Only a hero's move reads the piles, and only how many cards each holds (public): not the cards' masked list.
    sizes = pile_sizes(state) if getattr(state, "step", None) == "move" else None  # type: ignore[arg-type]
    return View(state.game.content, bot_view(state, seat, piles=False), seat, sizes)  # type: ignore[arg-type, attr-defined]


def seat_view(state: State[Any], seat: int) -> dict[str, Any]:
    """What `seat` sees: its observation by id, without the names from the pack beside the ids (which no bot reads,
    and which would cost a bot's decision as much again)."""
    return id_view(state, seat)  # type: ignore[arg-type]


class View:
    """One seat's observation, parsed: units by square, sides, hands as the seat sees them."""

    __slots__ = (
        "_clean",
        "_reach",
        "barricade_mask",
        "barricades",
        "blocker_mask",
        "content",
        "enemy_wolves",
        "geo",
        "heroes",
        "human_mask",
        "human_squares",
        "humans",
        "hunt_field",
        "last_hope",
        "obs",
        "pack_seat",
        "pile_sizes",
        "round",
        "rounds_left",
        "seat",
        "shots",
        "target_squares",
        "terms_checked",
        "unit_mask",
        "units",
        "unseen_black",
        "unseen_cards",
        "where",
        "wolf_mask",
        "wolf_squares",
    )

    def __init__(
        self, content: WolfContent, obs: Mapping[str, Any], seat: int, sizes: Sequence[int] | None = None
    ) -> None:
        self.content = content
        self.obs = obs
        self.pile_sizes: Sequence[int] = (
            [len(pile["cards"]) for pile in obs.get("piles", ())] if sizes is None else sizes
        )
        """How many cards each object pile holds, in the board's order (`views.pile_sizes`; from the observation's
        piles if it has them)."""
        self.seat = seat
        self.geo = geometry(content.board)
        self.pack_seat = int(obs["players"]) - 1
        self.heroes: Mapping[str, Any] = obs["heroes"]
        self.round = int(obs["round"])
        self.rounds_left = int(obs["max_rounds"]) - self.round
        self.barricades, self.barricade_mask = _barricades(content.board, tuple(obs["barricades"]))
        """The barricades' squares, as a set and as a mask."""
        self.units: dict[Square, str] = {}
        self.where: dict[str, Square] = {}
        """Where each unit on the board stands (`square`)."""
        self.enemy_wolves: list[str] = []
        """Werewolf units and transformed heroes on the board."""
        self.humans: list[str] = []
        """Living untransformed heroes."""
        self._reach: dict[Square, int] | None = None
        self._clean: dict[str, float] = {}
        self.target_squares: dict[Square, str] | None = None
        """The pack's targets by square (filled by the heuristic when it first needs them)."""
        self.shots: dict[tuple[str, tuple[str, ...]], Shots] = {}
        """What a hero may shoot with what (`shots`), by hero and weapons."""
        self.hunt_field: dict[Square, int] | None = None
        """The pack's distance field to its targets (filled by the heuristic when it first needs it)."""
        self.terms_checked = False
        """Whether the heuristic has checked its kept pack terms against this view (`_kept_terms`)."""
        # One pass over the units and one over the heroes (a view is made at every decision); the lists keep the
        # observation's order: the werewolf units, then the heroes.
        units, where = self.units, self.where
        enemy_wolves, humans = self.enemy_wolves, self.humans
        wolf_squares: list[Square] = []
        human_squares: list[Square] = []
        bits, named = content.board.name_bits, content.board.named_squares
        human_mask = blocker_mask = wolf_mask = 0
        for unit_id, wolf in obs["wolves"].items():
            name = wolf["square"]
            if name is not None and wolf["alive"]:
                square = where[unit_id] = named[name]
                units[square] = unit_id
                bit = bits[name]
                wolf_mask |= bit
                if not wolf["invisible"] and not wolf["intoxicated"]:
                    blocker_mask |= bit
                enemy_wolves.append(unit_id)
                wolf_squares.append(square)
        unit_mask = wolf_mask  # the werewolf units' squares; the heroes' follow
        hidden = black_seen = 0
        unproven = []
        for hero_id, hero in self.heroes.items():
            cards = hero["wolf_cards"]
            for card in cards:
                if card == HIDDEN:
                    hidden += 1
                elif card.startswith("black"):
                    black_seen += 1
            if not hero["alive"]:
                continue
            name = hero["square"]
            if name is not None:
                square = where[hero_id] = named[name]
                units[square] = hero_id
                bit = bits[name]
                unit_mask |= bit
                if not hero["invisible"] and not hero["intoxicated"]:
                    blocker_mask |= bit
                if hero["transformed"]:
                    enemy_wolves.append(hero_id)
                    wolf_squares.append(square)
                    wolf_mask |= bit
                else:
                    humans.append(hero_id)
                    human_squares.append(square)
                    human_mask |= bit
            if not hero["transformed"] and "black" not in cards:
                unproven.append(hero_id)
        self.wolf_squares = wolf_squares
        """Where the werewolves and transformed heroes stand."""
        self.wolf_mask = wolf_mask
        """`wolf_squares` as a mask (one unit a square: a count of its bits counts werewolves)."""
        self.human_mask = human_mask
        """`human_squares` as a mask."""
        self.unit_mask = unit_mask
        """The squares of `units` as a mask."""
        self.blocker_mask = blocker_mask
        """The squares of the units that stop movement and fire, as a mask."""
        self.human_squares = human_squares
        """Where the human heroes stand."""
        self.unseen_cards = hidden + int(obs["stock"])
        """The wolf cards whose colour the seat does not know: in heroes' hands, and the stock (its size is public)."""
        self.unseen_black = max(0, _black_cards(content, int(obs["players"])) - black_seen)
        """The black cards in the game the seat has not seen (cured ones count as seen)."""
        self.last_hope = unproven[0] if len(unproven) == 1 else None
        """The one living human hero not shown contaminated, if only one is left: he is clean, because the game
        would be over if no living human hero were (rule 20: the wolves win)."""

    def unit(self, unit_id: str) -> Mapping[str, Any]:
        """A hero's or a werewolf's record as the seat sees it."""
        found: Mapping[str, Any] = self.heroes[unit_id] if unit_id in self.heroes else self.obs["wolves"][unit_id]
        return found

    def square(self, unit_id: str) -> Square:
        """Where a unit stands."""
        return self.where[unit_id]

    def shown_black(self, hero_id: str) -> bool:
        """Whether the seat has seen an uncured black card of this hero (he is contaminated)."""
        return "black" in self.heroes[hero_id]["wolf_cards"]

    def clean_chance(self, hero_id: str) -> float:
        """How likely the seat thinks a hero still clean: 0 if it saw a black card, 1 if it saw every card grey or
        he is the one living human hero not shown contaminated; else the chance that none of his unseen cards is
        black, were the seat's unseen cards dealt at random from the public counts (`unseen_black` among
        `unseen_cards`)."""
        found = self._clean.get(hero_id)
        if found is None:
            found = self._clean[hero_id] = self._clean_chance(hero_id)
        return found

    def _clean_chance(self, hero_id: str) -> float:
        cards = self.heroes[hero_id]["wolf_cards"]
        if "black" in cards:
            return 0.0
        if self.last_hope == hero_id:
            return 1.0
        hidden = cards.count(HIDDEN)
        return math.comb(self.unseen_cards - self.unseen_black, hidden) / math.comb(self.unseen_cards, hidden)

    def unknown_cards(self, hero_id: str) -> int:
        """How many wolf cards of a hero the seat has not seen."""
        return int(self.heroes[hero_id]["wolf_cards"].count(HIDDEN))

    def secret_wolf(self, hero_id: str) -> bool:
        """Whether a human hero of this seat knows himself contaminated (he plays for the pack)."""
        hero = self.heroes[hero_id]
        return hero["seat"] == self.seat and not hero["transformed"] and self.shown_black(hero_id)

    def enemies_of_humans(self) -> set[str]:
        """The units a human hero fights: werewolves, transformed heroes, heroes seen to be contaminated."""
        return set(self.enemy_wolves) | {h for h in self.humans if self.shown_black(h)}

    def weapons(self, hero_id: str) -> list[str]:
        """The weapon and silver-bullet cards this seat sees in a hero's hand."""
        return [c for c in self.heroes[hero_id]["objects"] if c != HIDDEN and self.kind(c) in WEAPON_COST]

    def kind(self, card_id: str) -> str:
        """The kind of an object card."""
        return _card_kind(self.content, card_id)

    def wolf_reach(self) -> dict[Square, int]:
        """For each square, how many werewolves (and transformed heroes) could bite a hero standing there next."""
        if self._reach is not None:
            return self._reach
        taken_mask = self.barricade_mask | self.unit_mask
        obstacle_mask = self.barricade_mask | self.blocker_mask
        limits = self.content.components.movement
        biters = []
        for unit_id in self.enemy_wolves:
            if not self.unit(unit_id)["intoxicated"]:
                limit = limits.transformed_max if unit_id in self.heroes else limits.werewolf_max
                biters.append((self.where[unit_id], limit))
        # Remembered whole while nothing stands elsewhere (a hero who only ended his turn, the next one's move), else
        # werewolf by werewolf (`Geometry.bites_from`).
        key = (obstacle_mask, taken_mask, tuple(biters))
        found = self.geo.reach_maps.get(key)
        if found is None:
            bitten = tuple(self.geo.bites_from(start, limit, obstacle_mask, taken_mask) for start, limit in biters)
            if len(self.geo.reach_maps) >= Geometry.FIELDS_KEPT * 16:
                self.geo.reach_maps.clear()
            found = self.geo.reach_maps[key] = self.geo.bite_counts(bitten)
        self._reach = found
        return found


ESCAPES: Final = ("watch", "box", "rollers", "power ")
"""The beginnings of a hero's special actions whose worth depends on whether a werewolf could bite him next."""
UNIT_SCORES_KEPT: Final = 4096
"""The most units' move scores a bot keeps (`HeuristicBot._unit_moves`) before it starts again."""
EndTerms = tuple[dict[Square, float], frozenset[Square], Mapping[Square, int]]
"""What `HeuristicBot._wolf_end` reads of a view: the best bite by square (`HeuristicBot._bites`), the squares beside
a barricade, and the squares 2 to 4 away by square (`Geometry.rings`)."""
UnitScores = tuple[float, dict[str, float]]
"""A unit's moves' scores, with the best of them (`HeuristicBot._unit_moves`)."""
PackTerms = tuple[float, float, int, float, float]
"""What a werewolf ending on a square gets, whoever it is (`HeuristicBot._wolf_moves`)."""
_END_SQUARES: dict[str, Square | None] = {}
_UNKNOWN: Final[Any] = object()
"""An action `_END_SQUARES` does not know yet."""


UnitBase = tuple[tuple[float, ...], tuple[float, ...], tuple[int, ...], tuple[int, ...], int]
"""Per move of a unit: its score before the company, the exposure's score it then takes off, the squares within 2
of its end as a mask, and 1 if the unit itself stands there, else 0; then all those squares as one mask
(`HeuristicBot._unit_base`)."""


def _company_scores(actions: Sequence[str], base: UnitBase, wolves: int, weight: float) -> dict[str, float]:
    """A unit's moves' scores: `base` (`HeuristicBot._unit_base`) with the company of the werewolves on `wolves` (a
    mask) within 2 of each move's end, the unit itself left out, at most 3 counted."""
    scores: dict[str, float] = {}
    for action, score, exposure_term, around, itself in zip(actions, *base[:4], strict=True):
        company = (around & wolves).bit_count() - itself
        score += weight * (company if company < 3 else 3)  # min(3, company), without the call
        score -= exposure_term
        scores[action] = score
    return scores


def _end_square(action: str) -> Square | None:
    """Where a move (`move e7`, the pack's `boss e7`) ends; None for staying (remembered: a move is weighed often)."""
    found = _END_SQUARES.get(action, False)
    if found is False:
        words = action.split()
        found = _END_SQUARES[action] = None if words[0] == "stay" or len(words) < 2 else sq(words[-1])
    return found  # type: ignore[return-value]


_RUNS: dict[str, tuple[str, str]] = {}


def _run_bounds(unit: str) -> tuple[str, str]:
    """Where a unit's moves (`<unit> <square>`) begin and end among sorted actions: `<unit> ` and `<unit>!` ("!"
    follows " ", and comes before any id's letter; remembered per unit id)."""
    if len(_RUNS) >= UNIT_SCORES_KEPT:
        _RUNS.clear()
    found = _RUNS[unit] = (unit + " ", unit + "!")
    return found


_BARRICADES: dict[tuple[Board, tuple[str, ...]], tuple[frozenset[Square], int]] = {}


def _barricades(board: Board, names: tuple[str, ...]) -> tuple[frozenset[Square], int]:
    """The squares of the barricades on `names`, as a set and as a mask (remembered: they change seldom)."""
    key = (board, names)
    found = _BARRICADES.get(key)
    if found is None:
        if len(_BARRICADES) >= UNIT_SCORES_KEPT:
            _BARRICADES.clear()
        squares = frozenset(map(sq, names))
        found = _BARRICADES[key] = squares, board.mask(squares)
    return found


_KINDS: dict[int, tuple[WolfContent, dict[str, str]]] = {}
_BLACK: dict[tuple[int, int], tuple[WolfContent, int]] = {}


def _black_cards(content: WolfContent, players: int) -> int:
    """The black wolf cards in a game of `players` players (`WolfContent.wolf_stock`, remembered per pack)."""
    found = _BLACK.get((id(content), players))
    if found is None or found[0] is not content:
        found = _BLACK[(id(content), players)] = (content, content.wolf_stock(players)["black"])
    return found[1]


def score_needed(content: WolfContent, column: str, at: int) -> int | None:
    """The Weapons Table's score for `column` at distance `at` (the pack remembers it)."""
    return content.score_needed(column, at)


def _card_kind(content: WolfContent, card_id: str) -> str:
    """The kind of an object card (a table built once per content pack)."""
    found = _KINDS.get(id(content))
    if found is None or found[0] is not content:
        found = _KINDS[id(content)] = (content, {card.id: str(card.kind) for card in content.objects.cards})
    return found[1][card_id]


# ---- the bot ------------------------------------------------------------------------------------------------------


class HeuristicBot(Bot):
    """Plays any seat of WOLF from its observation alone: scores every legal action with hand-set rules."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or Weights()
        self._ends_key: tuple[Any, ...] | None = None
        self._ends: dict[Square, PackTerms] = {}
        """`_wolf_end`'s terms by square, while what they read stays as `_ends_key` says (`_kept_terms`)."""
        self._kept_field: dict[Square, int] | None = None
        """The pack's hunt field (`_hunt_field`), while `_ends_key` stays."""
        self._kept_bites: dict[Square, float] | None = None
        """The best bite by square (`_bites`), while `_ends_key` stays."""
        self._unit_scores: dict[tuple[Any, ...], tuple[UnitBase, dict[int, UnitScores]]] = {}
        """The pack's units' move scores (`_unit_moves`) by unit, square and moves, then by the werewolves near, while
        `_ends_key` stays."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """The best-scoring legal action for the seat to act."""
        legal = bot_choices(state, state.legal_actions(player))
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        view = _own_view(state)
        if view.obs["step"] == "pack":
            top = self._pack_top(view, legal)  # the same best actions, without a score per legal action
        else:
            scores = self.scores(view, legal)
            values = [scores.get(a, 0.0) for a in legal]
            floor = max(values) - TIE
            top = [action for action, value in zip(legal, values, strict=True) if value >= floor]  # `ranked`'s best
        return top[0] if len(top) == 1 else self.rng.choice(sorted(top))

    def ranked(self, state: State[Any], legal: Sequence[str] | None = None) -> list[tuple[float, str]]:
        """Every legal action with its score, best first (the search bot's candidates)."""
        legal = bot_choices(state, state.legal_actions() if legal is None else legal)
        scores = self.scores(_own_view(state), legal)
        return sorted(((scores.get(a, 0.0), a) for a in legal), key=lambda pair: -pair[0])

    def scores(self, view: View, legal: Sequence[str]) -> dict[str, float]:
        """A score for each legal action of the step the view shows."""
        step = view.obs["step"]
        pending = view.obs["pending"]
        if step == "place":
            return self._place(view, pending["unit"], legal)
        if step == "takeover":
            return self._takeovers(view, legal)
        if step == "pack":
            return self._pack(view, legal)
        if step == "pack-action":
            return self._wolf_action(view, pending["unit"], legal)
        if step == "consent":
            return {"accept": 1.0, "refuse": 0.0}
        if step == "hand":
            return self._hand(view, pending, legal)
        if step == "force":
            return self._force(view, pending["unit"], legal)
        if step == "vision":
            return self._vision(view, pending["unit"], legal)
        unit = pending["unit"]
        transformed = unit not in view.heroes or view.heroes[unit]["transformed"]
        if step == "move":
            if transformed:
                return self._wolf_moves(view, unit, legal)
            return self._hero_moves(view, unit, legal)
        if step == "action":
            if transformed:
                return self._wolf_action(view, unit, legal)
            if view.secret_wolf(unit):
                return self._secret_action(view, unit, legal)
            return self._hero_action(view, unit, legal)
        return {}

    # ---- setup ------------------------------------------------------------------------------------------------

    def _place(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """Heroes start near the object piles; werewolves near the heroes already placed."""
        scores: dict[str, float] = {}
        hero_squares = [view.square(h) for h in view.humans]
        for action in legal:
            s = sq(action.split()[1])
            if unit in view.heroes:
                scores[action] = -min(distance(s, p) for p in view.geo.piles)
            else:
                scores[action] = -min((distance(s, h) for h in hero_squares), default=0)
        return scores

    # ---- heroes -----------------------------------------------------------------------------------------------

    def _hero_moves(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """Where a hero ends his move: objects, company, safety, a shot; a secret werewolf beside his victim."""
        w = self.weights
        here = view.square(unit)
        hero = view.heroes[unit]
        secret = view.secret_wolf(unit)
        reach = view.wolf_reach() if not secret else {}
        fear = w.threat * (1 + w.threat_per_card * sum(1 for c in hero["wolf_cards"] if c != "grey"))
        room = len(hero["objects"]) < view.content.components.objects.hand_limit
        piles = [n for n, size in enumerate(view.pile_sizes) if size]
        pile_field = self._pile_field(view, piles) if room else {}
        others = 0  # the other human heroes' squares, as a mask (one unit a square: its bits count them)
        for h in view.humans:
            if h != unit:
                others |= view.content.board.bits[view.square(h)]
        weapons = view.weapons(unit) if not secret else []
        aims = shots(view, unit, weapons) if weapons else None
        victim = self._victim(view, unit) if secret else None
        with_cards = set(piles)
        pile_spots, board, boxes = view.geo.pile_spots, view.content.board, view.content.board.boxes(2)
        pick_spot, pile_distance, company_weight, shot, bite = w.pick_spot, w.pile_distance, w.company, w.shot, w.bite
        scores: dict[str, float] = {}
        known = _END_SQUARES.get
        for action in legal:
            s = known(action, _UNKNOWN)  # `_end_square`, inline: asked for every move weighed
            if s is _UNKNOWN:
                s = _end_square(action)
            if s is None:
                s = here
            score = 0.0
            if room:
                if not with_cards.isdisjoint(pile_spots.get(s, ())):
                    score += pick_spot
                steps = pile_field.get(s, FAR)
                score -= pile_distance * (steps if steps < 20 else 20)  # min(steps, 20), without the call
            company = (boxes[s] & others).bit_count()  # the other human heroes within 2
            score += company_weight * (company if company < 2 else 2)  # min(company, 2), without the call
            if not secret:
                threats = reach.get(s)
                if threats:  # taking off nothing changes no score
                    score -= fear * threats
                if aims is not None:
                    score += shot * best_shot(s, aims, board)
            elif victim is not None and orthogonally_adjacent(s, view.square(victim)):
                score += bite
            scores[action] = score
        return scores

    def _pile_field(self, view: View, piles: Sequence[int]) -> dict[Square, int]:
        """Steps to the nearest square beside a pile with cards left (remembered by the piles: they empty slowly)."""
        geo = view.geo
        key = tuple(piles)
        found = geo.pile_fields.get(key)
        if found is None:
            spots = [s for s, numbers in geo.pile_spots.items() if any(n in piles for n in numbers)]
            if len(geo.pile_fields) >= geo.FIELDS_KEPT:
                geo.pile_fields.clear()
            found = geo.pile_fields[key] = geo.field(spots, frozenset())
        return found

    def _best_shot(self, view: View, unit: str, square: Square, weapons: Sequence[str]) -> float:
        """The best chance to remove a werewolf with one of `weapons` fired from `square` (line of fire checked)."""
        return best_shot(square, shots(view, unit, weapons), view.content.board)

    def _hero_action(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """A human hero's special action."""
        here = view.square(unit)
        hero = view.heroes[unit]
        enemies = view.enemies_of_humans()
        # Only escapes (the watch, a second move, a power) weigh the threat: the reach is worked out when one is legal.
        escapes = any(action.startswith(ESCAPES) for action in legal)
        threatened = escapes and view.wolf_reach().get(here, 0) > 0 and not hero["invisible"]
        near_wolves = [e for e in view.enemy_wolves if distance(view.square(e), here) <= 5]
        content = view.content
        scores: dict[str, float] = {"end": 0.0}
        for action in legal:
            words = action.split()
            verb = words[0]
            if verb in ("end", "done"):
                continue
            score = -1.0
            if verb == "fire":
                card, target = words[1], sq(words[2])
                victim = view.units.get(target)
                if victim in enemies:
                    column = content.card(card).column or card
                    chance = weapon_chance(content, score_needed(content, column, max(1, distance(here, target))))
                    score = 10 * chance - 10 * WEAPON_COST[view.kind(card)] * (1 - chance)
                    if victim in view.enemy_wolves and distance(target, here) <= 3:
                        score += 2 * chance  # the nearest are the ones that bite next
            elif verb == "antidote":
                target = sq(words[1])
                victim = view.units.get(target, "")
                chance = weapon_chance(content, score_needed(content, "antidote", max(1, distance(here, target))))
                if victim == unit:
                    score = 6 * chance * (1 - view.clean_chance(unit)) - 1
                elif victim in view.heroes and view.heroes[victim]["transformed"]:
                    score = 14 * chance
                elif victim in enemies:
                    score = 10 * chance - 2
                elif victim in view.heroes:
                    score = 5 * chance * (1 - view.clean_chance(victim)) - 1
            elif verb == "bare":
                victim = view.units.get(sq(words[1]))
                score = 10 / 6 - 0.2 if victim in enemies else -1.0
            elif verb == "pick":
                score = 4.0
            elif verb == "flytox":
                score = self._flytox(view, unit, enemies)
            elif verb in ("watch", "box", "rollers"):
                score = 3.0 if threatened else -1.0
            elif verb == "glasses":
                score = self._look_value(view, unit, words[1], 1.0)
            elif verb == "barricade":
                score = self._barricade_value(view, sq(words[1]), near_wolves)
            elif verb == "power":
                score = self._hero_power(view, unit, words[1], threatened, near_wolves)
            elif verb == "ask":
                score = -0.5
            scores[action] = score
        return scores

    def _flytox(self, view: View, unit: str, enemies: set[str]) -> float:
        """Gas: worth the werewolves it stops minus the heroes it stops, the user among them (rulebook 15)."""
        radius = view.content.card("flytox").radius or 0
        area = view.content.board.gas_area(view.square(unit), radius, view.barricades)
        hit = [u for s, u in view.units.items() if s in area]
        return 3.0 * sum(1 for u in hit if u in enemies) - 2.0 * sum(1 for u in hit if u not in enemies) - 2.0

    def _look_value(self, view: View, unit: str, target: str, base: float) -> float:
        """Looking at a hero's cards is worth more the more of his wolf cards are unknown; a pile a little."""
        if target in view.heroes:
            if target == unit:
                return -1.0
            return base * (1 - view.clean_chance(target)) * 3 - 0.5
        return -0.5

    def _barricade_value(self, view: View, threshold: Square, near_wolves: Sequence[str]) -> float:
        """Barricading a threshold is worth it when a werewolf is near it."""
        if not near_wolves:
            return -1.0
        closest = min(distance(view.square(e), threshold) for e in near_wolves)
        exit_bonus = 0.5 if threshold in view.content.board.exits else 0.0
        return 3.0 + exit_bonus - 0.3 * closest

    def _hero_power(self, view: View, unit: str, power: str, threatened: bool, near: Sequence[str]) -> float:
        """A hero's power, worth its effect times the third of the time it works."""
        chance = (view.content.power(power).succeeds_on or 0) / 6  # type: ignore[arg-type]
        if power == "invisibility" or power == "teleportation":
            return chance * 4.0 if threatened else -1.0
        if power == "force":
            return chance * 3.0 if near else -1.0
        if power == "vision":
            suspects = [h for h in view.humans if h != unit and view.unknown_cards(h) >= 2]
            return chance * 2.0 if suspects else -1.0
        return -1.0

    # ---- a secret werewolf ------------------------------------------------------------------------------------

    def _victim(self, view: View, unit: str) -> str | None:
        """The hero a secret werewolf would bite: the most alone among the clean-looking, if the moment is good."""
        here = view.square(unit)
        clean = [h for h in view.humans if h != unit and not view.shown_black(h) and not view.heroes[h]["invisible"]]
        if not clean:
            return None
        late = view.rounds_left < self.weights.secret_bite_rounds
        boxes, others = view.content.board.boxes(3), view.human_mask & ~view.content.board.bits[here]

        def company(hero: str) -> int:
            """The human heroes within 3 of `hero`, but himself and the werewolf weighing him (on masks)."""
            return (boxes[view.square(hero)] & others).bit_count() - 1

        best = min(clean, key=lambda h: (company(h), distance(view.square(h), here), h))
        if late or len(clean) <= 1 or company(best) == 0:
            return best
        return None

    def _secret_action(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """A secret werewolf: bite at a good moment; otherwise look busy and keep objects from the heroes."""
        victim = self._victim(view, unit)
        scores: dict[str, float] = {"end": 0.0}
        for action in legal:
            words = action.split()
            verb = words[0]
            if verb in ("end", "done"):
                continue
            score = -1.0
            if verb == "bite":
                target = words[1]
                if target == victim:
                    score = self.weights.bite * view.clean_chance(target) + 1
            elif verb == "pick":
                score = 4.0
            elif verb == "fire" and sq(words[2]) in view.barricades:
                score = 1.5  # opens the house to the pack, and looks like fighting
            elif verb == "bare":
                score = 0.5 if sq(words[1]) in view.barricades else -1.0
            elif verb == "flytox":
                score = -self._flytox(view, unit, set(view.enemy_wolves)) - 4.0
            elif verb in ("glasses", "power") and "vision" not in action:
                score = -1.0
            scores[action] = score
        return scores

    # ---- the pack ---------------------------------------------------------------------------------------------

    def _takeovers(self, view: View, legal: Sequence[str]) -> dict[str, float]:
        """Take a hero over only as his own turn begins, when it pays (`_take_over`); at other turns' starts, never
        (he would act for the pack only at his turn, and the table would see him turned sooner)."""
        scores = {"leave": 0.0}
        for action in legal:
            hero_id = action.split()[-1]
            if action.startswith("take "):
                own_turn = hero_id == view.obs["turn"]
                scores[action] = (1.0 if self._take_over(view, hero_id) else -1.0) if own_turn else EARLY_TAKEOVER
        return scores

    def _take_over(self, view: View, hero_id: str) -> bool:
        """Take a contaminated hero over at once (`take_over_at_once`), or when he can bite a clean-looking hero at
        once, or dawn is near."""
        weights = self.weights
        return (
            weights.take_over_at_once or view.rounds_left < weights.secret_bite_rounds or bites_at_once(view, hero_id)
        )

    def _targets(self, view: View) -> list[str]:
        """The human heroes worth biting (visible, not known contaminated)."""
        return [h for h in view.humans if not view.heroes[h]["invisible"] and view.clean_chance(h) > 0.05]

    def _target_squares(self, view: View) -> dict[Square, str]:
        """The targets (`_targets`) by square (once per view)."""
        if view.target_squares is None:
            view.target_squares = {view.square(h): h for h in self._targets(view)}
        return view.target_squares

    def _hunt_field(self, view: View) -> dict[Square, int]:
        """Steps from every open square to the nearest square beside a target hero (barricades cost extra; once per
        view)."""
        if view.hunt_field is None:
            self._kept_terms(view)  # the field reads the targets' squares and the barricades, which that key holds
            if self._kept_field is None:
                spots = [n for h in self._targets(view) for n in view.geo.orthogonal.get(view.square(h), ())]
                self._kept_field = view.geo.field(spots, view.barricades)
            view.hunt_field = self._kept_field
        return view.hunt_field

    def _pack(self, view: View, legal: Sequence[str]) -> dict[str, float]:
        """Which werewolf moves where: the best (unit, square) over all units still to act."""
        scores: dict[str, float] = {}
        for _, part in self._pack_parts(view, legal):
            scores.update(part)
        return scores

    def _pack_parts(self, view: View, legal: Sequence[str]) -> list[UnitScores]:
        """`_pack`'s scores in parts, each with its best: `end` (if legal), then each unit's moves (`_unit_moves`).

        A unit's moves (`<unit> <square>`) are one run of the legal actions in sorted order, found by bisection
        rather than by reading every action's first word."""
        ordered = sorted(legal)  # sorted already when the rules list them: then a single pass
        parts: list[UnitScores] = [(-100.0, {"end": -100.0})] if "end" in legal else []
        for unit, wolf in view.obs["wolves"].items():
            if wolf["alive"]:
                start, stop = _RUNS.get(unit) or _run_bounds(unit)
                first = bisect_left(ordered, start)
                last = bisect_left(ordered, stop, first)
                if last > first:
                    parts.append(self._unit_moves(view, unit, tuple(ordered[first:last])))
        return parts

    def _pack_top(self, view: View, legal: Sequence[str]) -> list[str]:
        """`step`'s best actions at the pack's move (those within `TIE` of the best score), from `_pack_parts`: only
        the parts whose best is among them are read."""
        parts = self._pack_parts(view, legal)
        floor = max(best for best, _ in parts) - TIE
        return [action for best, part in parts if best >= floor for action, value in part.items() if value >= floor]

    def _unit_moves(self, view: View, unit: str, actions: tuple[str, ...]) -> UnitScores:
        """`_wolf_moves` of one unit of the pack, with its best score, remembered through the pack's turn: its scores
        read the kept terms (`_kept_terms`), where it stands, and the werewolves within 2 of where it may end; when
        the unit moved before did not come that near, the next decision finds them unchanged."""
        self._kept_terms(view)  # the kept terms, and the scores with them, are dropped if what they read changed
        key = (unit, view.square(unit), actions)
        kept = self._unit_scores.get(key)
        if kept is None:
            kept = self._unit_scores[key] = (self._unit_base(view, unit, actions), {})
        base, by_company = kept
        near = base[4] & view.wolf_mask  # all the werewolves its scores read
        found = by_company.get(near)
        if found is None:
            scores = _company_scores(actions, base, view.wolf_mask, self.weights.pack_company)
            found = by_company[near] = (max(scores.values()), scores)
        return found

    def _wolf_moves(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """Where a werewolf (or transformed hero) ends: beside a clean hero, else closer, in company, unexposed."""
        return _company_scores(legal, self._unit_base(view, unit, legal), view.wolf_mask, self.weights.pack_company)

    def _unit_base(self, view: View, unit: str, legal: Sequence[str]) -> UnitBase:
        """`_wolf_moves` but the company: each move's score before it, the exposure it then takes off, the squares
        within 2 of its end (`Board.box_mask`: the werewolves there are its company) and 1 if the unit itself stands
        there (it is no company of itself), else 0."""
        w = self.weights
        bite_weight, closing, exposure = w.bite, w.closing, w.exposure
        here = view.square(unit)
        field_ = self._hunt_field(view)
        start = min(field_.get(here, FAR), 30)
        kept = self._kept_terms(view)
        squares, around, own, anywhere = view.geo.move_ends(here, tuple(legal))
        bases, exposures = [], []
        ends: EndTerms | None = None
        for s in squares:
            terms = kept.get(s)
            if terms is None:
                if ends is None:  # what `_wolf_end` reads, once per call
                    beside = view.geo.beside_barricades(view.barricade_mask)
                    ends = self._bites(view), beside, view.geo.rings
                bite, distance_there, barricade, exposed = self._wolf_end(view, s, field_, ends)
                # the products every unit ending here adds, made once (the same numbers, added in the same order)
                terms = kept[s] = (bite, bite_weight * bite, min(distance_there, 30), barricade, exposure * exposed)
            bite, bite_term, distance_there, barricade, exposure_term = terms
            score = 0.0
            if bite:
                score += bite_term
            else:
                score += closing * (start - distance_there)
                score += barricade
            bases.append(score)
            exposures.append(exposure_term)
        return tuple(bases), tuple(exposures), around, own, anywhere

    def _wolf_end(
        self, view: View, s: Square, field_: Mapping[Square, int], ends: EndTerms
    ) -> tuple[float, int, float, int]:
        """What a werewolf ending on `s` gets, whoever it is and wherever the other werewolves stand: (best bite,
        steps to a target, barricade bonus, human heroes within 2-4). `ends` is what it reads of the view."""
        bites, beside, rings = ends
        bite = bites.get(s, 0.0)
        barricade = 0.0
        if s in beside and self._useful_barricade(view, s, field_):
            barricade = self.weights.barricade_break
        humans = view.human_mask  # one hero a square: a mask's bits count heroes
        exposed = (rings[s] & humans).bit_count()
        return bite, field_.get(s, FAR), barricade, exposed

    def _bites(self, view: View) -> dict[Square, float]:
        """For each square beside a target (`_target_squares`), the best chance that a bite from there takes a clean
        hero (how clean the cleanest target beside it looks); kept with `_kept_terms`, whose key holds what it reads."""
        if self._kept_bites is None:
            bites: dict[Square, float] = {}
            for target, hero in self._target_squares(view).items():
                chance = view.clean_chance(hero)
                for n in view.geo.orthogonal.get(target, ()):
                    bites[n] = max(bites.get(n, 0.0), chance)
            self._kept_bites = bites
        return self._kept_bites

    def _kept_terms(self, view: View) -> dict[Square, PackTerms]:
        """`_wolf_end`'s terms by square, as far as they have been asked, kept from view to view.

        `_wolf_end` reads only the targets and how clean they look, the barricades and where the human heroes stand,
        which none of the pack's moves changes: the terms (and the units' scores, `_unit_moves`, and the hunt field,
        `_hunt_field`) are kept while those stay the same (through the pack's turn, unit after unit); the view checks
        that once."""
        if not view.terms_checked:
            targets = self._target_squares(view)
            key = (
                view.content.board,  # a bot may play on another board (an organiser's pack) next
                tuple((square, hero, view.clean_chance(hero)) for square, hero in targets.items()),
                view.barricades,
                tuple(view.human_squares),
            )
            if self._ends_key != key or len(self._unit_scores) >= UNIT_SCORES_KEPT:
                self._ends_key, self._ends, self._unit_scores, self._kept_field = key, {}, {}, None
                self._kept_bites = None
            view.terms_checked = True
        return self._ends

    def _useful_barricade(self, view: View, square: Square, field_: Mapping[Square, int]) -> bool:
        """Whether a barricade beside `square` stands on the way to the heroes (beyond it is nearer to them)."""
        here = field_.get(square, FAR)
        for b in view.geo.orthogonal.get(square, ()):
            if b in view.barricades:
                beyond = (2 * b[0] - square[0], 2 * b[1] - square[1])
                if field_.get(beyond, FAR) < here:
                    return True
        return False

    def _wolf_action(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """A werewolf's (or transformed hero's) action: bite the cleanest, break a barricade on its way, powers."""
        w = self.weights
        here = view.square(unit)
        field_ = self._hunt_field(view)
        useful = self._useful_barricade(view, here, field_)
        near_humans = sum(1 for h in view.humans if distance(view.square(h), here) <= 6)
        scores: dict[str, float] = {"done": 0.0, "end": 0.0}
        for action in legal:
            words = action.split()
            verb = words[0]
            if verb in ("end", "done"):
                continue
            score = -1.0
            if verb == "bite":
                score = w.bite * view.clean_chance(words[1]) + 0.1
            elif verb == "break":
                score = 1.0 if useful else 0.2
            elif verb == "power":
                power = words[1]
                if power == "force":
                    score = 1.6 if useful else -1.0
                elif power == "teleportation":
                    score = 0.8 if field_.get(here, FAR) > 6 else -1.0
                elif power == "invisibility":
                    score = 0.7 if near_humans else -1.0
            scores[action] = score
        return scores

    # ---- answers and follow-ups -----------------------------------------------------------------------------

    def _hand(self, view: View, pending: Mapping[str, Any], legal: Sequence[str]) -> dict[str, float]:
        """Asked for a card: a human helps a human with a spare weapon; a secret werewolf hands only pins."""
        me, asker = pending["other"], pending["unit"]
        scores = {"refuse": 0.0}
        secret = view.secret_wolf(me)
        weapons = view.weapons(me)
        for action in legal:
            if action == "refuse":
                continue
            card = action.split()[1]
            kind = view.kind(card)
            if secret:
                scores[action] = 1.0 if kind == "drawing_pin" else -1.0
            elif view.shown_black(asker):
                scores[action] = -1.0
            elif kind == "silver_bullet" and len(weapons) >= 2:
                scores[action] = 1.0
            elif kind == "drawing_pin":
                scores[action] = 0.5
            else:
                scores[action] = -0.5
        return scores

    def _force(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """Force worked: the pack (and a secret werewolf) breaks, a human hero builds where the pack comes."""
        pack_side = unit not in view.heroes or view.heroes[unit]["transformed"] or view.secret_wolf(unit)
        near = [e for e in view.enemy_wolves if distance(view.square(e), view.square(unit)) <= 6]
        scores = {"end": 0.0}
        for action in legal:
            verb, where = action.split() if " " in action else (action, "")
            if verb == "break":
                scores[action] = 1.0 if pack_side else -1.0
            elif verb == "build":
                scores[action] = -1.0 if pack_side else self._barricade_value(view, sq(where), near)
        return scores

    def _vision(self, view: View, unit: str, legal: Sequence[str]) -> dict[str, float]:
        """Vision worked: look at the hero most likely contaminated, else a pile."""
        scores = {"end": 0.0}
        for action in legal:
            if action.startswith("look "):
                target = action.split()[1]
                scores[action] = self._look_value(view, unit, target, 1.0) if target in view.heroes else 0.1
        return scores


Shots = tuple[tuple[tuple[Square, int], ...], tuple[float, ...], float]
"""What `best_shot` weighs: the targets (where each stands, what blocks a shot at it as a mask), the best chance to
hit with the weapons not hand to hand by distance 0 to 10, and with a hand-to-hand weapon from beside the target."""


def shots(view: View, unit: str, weapons: Sequence[str]) -> Shots:
    """The targets a hero may shoot and the weapons he may shoot them with, from wherever he ends (once per view)."""
    key = (unit, tuple(weapons))
    found = view.shots.get(key)
    if found is None:
        content = view.content
        targets = []
        bits = view.content.board.bits
        standing = (view.blocker_mask | view.barricade_mask) & ~bits[view.square(unit)]  # he will have moved
        for enemy in view.enemies_of_humans():
            target = view.unit(enemy)
            if not target["invisible"]:
                there = view.where[enemy]
                targets.append((there, standing & ~bits[there]))
        columns = {content.card(card).column or card for card in weapons}
        found = view.shots[key] = (tuple(targets), *best_chances([_arm(content, column) for column in columns]))
    return found


def best_chances(arms: Sequence[tuple[bool, tuple[float, ...]]]) -> tuple[tuple[float, ...], float]:
    """The best chance to hit with any of the weapons (`_arm`s) not hand to hand, by distance 0 to 10, and with a
    hand-to-hand one from beside the target: all `best_shot` needs of them, the line of fire being the same for all."""
    ranged = tuple(max((chances[at] for close, chances in arms if not close), default=0.0) for at in range(11))
    return ranged, max((chances[1] for close, chances in arms if close), default=0.0)


_ARMS: dict[tuple[int, str], tuple[WolfContent, tuple[bool, tuple[float, ...]]]] = {}


def _arm(content: WolfContent, column: str) -> tuple[bool, tuple[float, ...]]:
    """Whether a Weapons Table column is hand to hand, and its chance to hit by distance 0 to 10 (per pack)."""
    found = _ARMS.get((id(content), column))
    if found is None or found[0] is not content:
        chances = tuple(weapon_chance(content, score_needed(content, column, max(1, at))) for at in range(11))
        found = _ARMS[(id(content), column)] = (content, (content.column(column).hand_to_hand, chances))
    return found[1]


def best_shot(square: Square, shots: Shots, board: Board) -> float:
    """The best chance to hit one of the targets from `square` with one of the weapons (`shots`), the line of fire
    checked (a weapon out of range has no chance)."""
    best = 0.0
    targets, ranged, melee = shots
    x, y = square
    for there, blockers in targets:
        at = there[0] - x  # `distance`, inline and without calls: asked for every square weighed
        if at < 0:
            at = -at
        down = there[1] - y
        if down < 0:
            down = -down
        if down > at:
            at = down
        if at > 10:
            continue
        chance = ranged[at]
        if melee > chance and orthogonally_adjacent(square, there):
            chance = melee
        if chance > best and board.fire_clear(square, there, blockers):
            best = chance
    return best


def _clean_looking(view: View, hero_id: str) -> list[str]:
    """The visible human heroes other than `hero_id` that the seat thinks more likely clean than not."""
    return [
        other
        for other in view.humans
        if other != hero_id and not view.heroes[other]["invisible"] and view.clean_chance(other) >= 0.5
    ]


def bites_at_once(view: View, hero_id: str) -> bool:
    """Whether a hero, taken over now, could walk (6 steps) beside a clean-looking hero and bite him this turn."""
    board = view.content.board  # on masks (`Board.bits`): the walk, the squares it may end on, the spots beside
    start = board.bits[view.square(hero_id)]
    limit = view.content.components.movement.transformed_max
    blocked = view.barricade_mask | view.blocker_mask & ~start
    ends = walk_mask(board, start, limit, blocked) & ~(view.unit_mask | view.barricade_mask) | start
    spots = board.mask(view.square(other) for other in _clean_looking(view, hero_id))
    return bool(board.orthogonal_spread(spots) & ends)


TAKEOVER_FEATURES: Final = (
    "rounds_left",
    "humans",
    "clean_looking",
    "bites_at_once",
    "steps",
    "near",
    "objects",
    "wolves",
    "turned",
    "known",
)
"""The names of `takeover_features`, in order."""


def takeover_features(view: View, hero_id: str) -> list[float]:
    """What the werewolf seat sees when it may take `hero_id` over (`TAKEOVER_FEATURES`): rounds before dawn, human
    heroes alive, clean-looking ones besides him, whether he could bite at once, his steps to the nearest square
    beside a clean-looking hero (capped), clean-looking heroes within 2 of him, his object cards, werewolf units,
    transformed heroes, and human heroes the seat has seen contaminated."""
    others = _clean_looking(view, hero_id)
    spots = [n for other in others for n in view.geo.orthogonal.get(view.square(other), ())]
    here = view.square(hero_id)
    steps = min(distance_field(view.geo, spots, view.barricades).get(here, FAR), POSITION_CAP)
    near = sum(1 for other in others if distance(view.square(other), here) <= 2)
    turned = sum(1 for h in view.enemy_wolves if h in view.heroes)
    return [
        float(view.rounds_left),
        float(len(view.humans)),
        float(len(others)),
        float(bites_at_once(view, hero_id)),
        float(steps),
        float(near),
        float(len(view.heroes[hero_id]["objects"])),
        float(len(view.enemy_wolves) - turned),
        float(turned),
        float(sum(1 for h in view.humans if view.shown_black(h))),
    ]


def logistic(x: float) -> float:
    """1 / (1 + e^-x)."""
    return 1 / (1 + math.exp(-x))


# ---- the search bot -----------------------------------------------------------------------------------------------

PEOPLES_SHORTCUTS: Final = frozenset({"leave-always", "ask-again"})
"""The werewolf seat's standing answer to the takeover question, which saves a person answering it at every turn's
start: a bot answers it each time (and so plays exactly as it did before the answer existed)."""


def bot_choices(state: State[Any], legal: Sequence[str]) -> list[str]:
    """The legal actions a bot weighs: not the standing answer, nor the pack's `end` after a unit's move (a person's
    shortcut past the idle units; a bot moves each unit as it did before). The list given itself when it leaves
    nothing out: read it, never change it."""
    after_a_move = getattr(state, "step", None) == "pack-action"
    if not (after_a_move and "end" in legal) and PEOPLES_SHORTCUTS.isdisjoint(legal):
        return legal if isinstance(legal, list) else list(legal)  # nothing to leave out (most decisions)
    return [a for a in legal if a not in PEOPLES_SHORTCUTS and not (after_a_move and a == "end")]


SEARCHED_STEPS: Final = frozenset({"takeover", "action", "pack-action", "pack"})
"""The decisions the search bot searches (when the heuristic is unsure, and for the pack's side only)."""
FIGHTING_VERBS: Final = frozenset({"take", "bite", "fire", "antidote", "bare", "flytox"})
"""A searched decision must offer one of these among the heuristic's best: the moments a game turns on."""
BITING_MOVE: Final = 5.0
"""A werewolf's move the heuristic scores this high ends beside a hero it may bite: searched like a bite."""


@dataclass(frozen=True)
class SearchSettings:
    """How much the search bot searches (docs/bots.md gives the measured cost and strength)."""

    iterations: int = 24
    """IS-MCTS iterations (one determinization each) per searched decision."""
    candidates: int = 3
    """The heuristic's best few actions the search chooses among, at every node of the tree."""
    rollout_depth: int = 10
    """Decisions the heuristic plays on from a new node before the evaluation scores the position."""
    margin: float = 3.0
    """Search only when the heuristic's two best actions score within this of each other."""
    exploration: float = 0.7
    """UCB1's exploration constant (values are in [-1, 1])."""
    to_round_end: bool = False
    """Rollouts play on to the end of the round (the pack's turn done), at most `round_cap` decisions, instead of
    `rollout_depth` decisions: a cut in the middle of a turn scores a position before its bites are made."""
    round_cap: int = 80
    """The most decisions a rollout to the round's end plays."""
    heroes: bool = False
    """Also search a human hero's close calls: a fight among his best actions, or moves that differ in danger."""
    hero_contenders: bool = False
    """With `heroes`: only the hero's candidates scored within `margin` of his best count in a close call (a fight
    the heuristic ranks third, far behind, does not make one)."""
    hero_iterations: int = 0
    """With `heroes`: IS-MCTS iterations for a hero's close call (0: `iterations`)."""
    paired_samples: int = 0
    """If above 0, a hero's close call is not searched by IS-MCTS but compared on this many determinizations, every
    candidate played from the same sample with the same dice to the round's end: only real differences count."""
    paired_z: float = 0.0
    """How many standard errors of the paired difference a candidate must beat the heuristic's first choice by."""
    pack_paired_samples: int = 0
    """If above 0, the pack's close calls too are compared on this many shared determinizations and dice (played to
    the round's end) instead of searched by IS-MCTS."""
    pack_paired_z: float = 0.0
    """`paired_z` for the pack's paired comparison."""
    paired_to_end: bool = False
    """The paired comparisons play every sample on to the game's end and count its result (no value model), every
    seat playing as the search expects (`eager_rollouts`)."""
    weights: Weights = Weights()
    """The heuristic's weights where the bot plays as its guide and ranks a searched decision's candidates; inside a
    search (the tree's candidates, the rollouts) every seat plays the default heuristic, as the opponents do."""
    takeover: bool = True
    """Search the takeover question too (without it, the heuristic answers it: only when the hero can bite at once
    or dawn is near)."""
    takeover_iterations: int = 0
    """IS-MCTS iterations for the takeover question (0: `iterations`): the decision the pack's edge turns on."""
    positional: bool = False
    """Score the rollouts' ends with `PositionalValueModel` (cards, units and where they stand) instead of
    `ValueModel` (cards and units only)."""
    pack_contenders: bool = False
    """At the pack's searched decisions, the search's first choice is only among the heuristic's best candidates that
    score within `margin` of its best (a move it ranks far behind is no longer tried first)."""
    eager_takeover: bool = False
    """Answer the takeover question without searching: take over the contaminated hero whose own turn begins, always
    (what the searched question answers 95% of the time, docs/bots.md); at other turns' starts, the heuristic's
    answer (leave)."""
    eager_rollouts: bool = False
    """Inside the search (the tree's candidates and the rollouts), the werewolf seat is expected to take a
    contaminated hero over as his own turn begins, always (`EAGER_WEIGHTS`), as `eager_takeover` plays, instead of
    the default heuristic's wait."""
    tied: bool = False
    """Score the rollouts' ends with `TiedValueModel` (a transformed hero weighs as a hidden one: no lean towards
    taking over)."""


def value_features(state: Any) -> list[float]:
    """The value model's inputs in a full position, in the order of its weights: 1 (the bias), clean, hidden and
    transformed heroes alive, living werewolves, rounds left, black cards in the stock, clean heroes beyond them."""
    clean = hidden = transformed = 0
    for hero_id, hero in state.heroes.items():
        if not hero["alive"]:
            continue
        if hero["transformed"]:
            transformed += 1
        elif state.contaminated(hero_id):
            hidden += 1
        else:
            clean += 1
    wolves = sum(1 for wolf in state.wolves.values() if wolf["alive"])
    black = state.stock["black"]
    rounds_left = state.game.options.max_rounds - state.round
    return [1.0, clean, hidden, transformed, wolves, rounds_left, black, max(0, clean - black)]


@dataclass(frozen=True)
class ValueModel:
    """A logistic estimate of the werewolves' chance to win from a full position.

    The weights are a logistic regression fitted to 3,814 positions (every 15th decision) of 150 two-player games
    between heuristic bots (log loss 0.54, 72% of outcomes called right); `benchmarks/wolf_bots.py` documents how.
    """

    bias: float = -1.701
    clean: float = -1.111
    """Per living, untransformed, uncontaminated hero."""
    hidden: float = 0.365
    """Per living hero contaminated in secret."""
    transformed: float = 0.608
    """Per living transformed hero."""
    wolves: float = 0.192
    """Per werewolf unit in the game."""
    rounds_left: float = 0.188
    """Per round before dawn."""
    stock_black: float = 0.369
    """Per black card left in the stock."""
    short: float = -9.527
    """Per clean hero more than black cards left in the stock: the werewolves cannot contaminate them all."""

    def inputs(self, state: Any) -> list[float]:
        """The model's inputs in a full position, in the order of its fields (its weights)."""
        return value_features(state)

    def wolves_win(self, state: Any) -> float:
        """The estimated chance that the werewolves win from `state` (a full state: a determinization)."""
        weights = [getattr(self, f.name) for f in fields(self)]
        return logistic(sum(w * x for w, x in zip(weights, self.inputs(state), strict=True)))

    def values(self, state: Any) -> list[float]:
        """Each seat's value in [-1, 1]: the werewolves' estimated chance turned into an expected return."""
        wolves = 2 * self.wolves_win(state) - 1
        values = []
        for seat in range(state.players):
            side = state.side_of(seat)
            values.append(-1.0 if side is None else wolves if side == "wolves" else -wolves)
        return values


@dataclass(frozen=True)
class TiedValueModel(ValueModel):
    """`ValueModel` in which a hero contaminated in secret and a transformed one weigh the same (`hidden` counts
    both; `transformed` stays 0), so that a takeover's value comes from what the rollout makes of it, not from the
    model's weights. Its weights are `ValueModel`'s, the transformed heroes' dropped; `benchmarks/wolf_bots.py --fit
    --model tied` refits them under the tie."""

    transformed: float = 0.0  # a redefined field keeps its place among the weights; the others keep their values

    def inputs(self, state: Any) -> list[float]:
        """The counts, with the transformed heroes counted among the hidden ones."""
        counts = value_features(state)
        counts[2], counts[3] = counts[2] + counts[3], 0.0
        return counts


POSITION_CAP: Final = 12
"""Steps beyond which a werewolf counts as far from every clean hero (the positional features' cap)."""


def positional_features(state: Any) -> list[float]:
    """Where the sides stand, in a full position: the pack's mean steps to a clean hero, the pack's units that could
    reach one this turn, clean heroes with no other hero within 2, weapons the clean heroes hold, barricades."""
    content = state.content
    geo = geometry(content.board)
    clean: list[Square] = []
    humans: list[Square] = []
    weapons = 0
    for hero_id, hero in state.heroes.items():
        if not hero["alive"] or hero["square"] is None or hero["transformed"]:
            continue
        humans.append(sq(hero["square"]))
        if not state.contaminated(hero_id):
            clean.append(humans[-1])
            weapons += sum(1 for card in hero["objects"] if _card_kind(content, card[0]) in WEAPON_COST)
    barricades = frozenset(sq(b) for b in state.barricades)
    spots = [n for h in clean for n in geo.orthogonal.get(h, ())]
    field_ = distance_field(geo, spots, barricades)
    limits = content.components.movement
    pack = [(sq(w["square"]), limits.werewolf_max) for w in state.wolves.values() if w["alive"] and w["square"]]
    turned = [h for h in state.heroes.values() if h["alive"] and h["transformed"] and h["square"]]
    pack += [(sq(h["square"]), limits.transformed_max) for h in turned]
    steps = [min(field_.get(square, FAR), POSITION_CAP) for square, _ in pack]
    reach = sum(1 for (_, limit), step in zip(pack, steps, strict=True) if step <= limit)
    alone = sum(1 for h in clean if not any(o != h and distance(o, h) <= 2 for o in humans))
    mean_steps = sum(steps) / len(steps) if steps else float(POSITION_CAP)
    return [mean_steps, reach, alone, weapons, len(barricades)]


@dataclass(frozen=True)
class PositionalValueModel(ValueModel):
    """`ValueModel` with positional inputs (`positional_features`) after the counts.

    The weights are a logistic regression fitted to 12,446 positions (every 10th decision) of 300 two-player games of
    arena seed 5 between the search bot as it is (on seat i % 2) and the heuristic, by `benchmarks/wolf_bots.py --fit
    --fit-search --model positional --games 300 --every 10 --seed 5` (log loss 0.517 in sample; docs/bots.md)."""

    bias: float = 3.170
    clean: float = 0.126
    hidden: float = 0.322
    transformed: float = 0.620
    wolves: float = 0.123
    rounds_left: float = 0.252
    stock_black: float = -0.533
    short: float = -18.443
    pack_steps: float = -0.039
    """Per step, on average, from a werewolf to the nearest square beside a clean hero."""
    in_reach: float = 0.086
    """Per werewolf that could reach a clean hero's side this turn."""
    alone: float = -0.089
    """Per clean hero with no other hero within 2."""
    weapons: float = -0.139
    """Per weapon or silver bullet a clean hero holds."""
    barricades: float = -0.376
    """Per barricade standing."""

    def inputs(self, state: Any) -> list[float]:
        """The counts, then where the sides stand."""
        return value_features(state) + positional_features(state)


EAGER_WEIGHTS: Final = Weights(secret_bite_rounds=FAR)
"""The default heuristic, except that dawn always counts as near: the werewolf seat takes a contaminated hero over as
his own turn begins, always (and, with three players or more, a secret werewolf bites whenever he may)."""


def _for_the_pack(state: Any) -> bool:
    """Whether a decision is one the search bot searches: a step of `SEARCHED_STEPS` taken for the pack's side (the
    werewolf seat's, or a transformed or knowingly contaminated hero's). Its seat sees who acts and what he knows."""
    step = getattr(state, "step", None)
    if step not in SEARCHED_STEPS:
        return False
    if step != "action":
        return True
    obs = seat_view(state, state.current_player())
    hero = obs["heroes"][obs["pending"]["unit"]]
    return bool(hero["transformed"]) or "black" in hero["wolf_cards"]


def _for_a_human_hero(state: Any) -> bool:
    """Whether a decision is a move or special action of a hero whose seat does not know him contaminated."""
    if getattr(state, "step", None) not in ("move", "action"):
        return False
    obs = seat_view(state, state.current_player())
    hero = obs["heroes"].get(obs["pending"]["unit"])
    return hero is not None and not hero["transformed"] and "black" not in hero["wolf_cards"]


def _heroes_close_call(state: Any, candidates: Sequence[str]) -> bool:
    """A hero's decision worth searching: a fight among his best actions, or best moves that differ in how many
    werewolves could reach him there."""
    if state.step == "action":
        return any(action.split()[0] in FIGHTING_VERBS for action in candidates)
    seat = state.current_player()
    view = View(state.game.content, seat_view(state, seat), seat)
    reach = view.wolf_reach()
    here = view.square(view.obs["pending"]["unit"])
    dangers = {reach.get(here if action == "stay" else sq(action.split()[1]), 0) for action in candidates}
    return len(dangers) > 1


class SearchBot(Bot):
    """The heuristic bot, which searches its unsure decisions with IS-MCTS over determinizations of what it saw."""

    name = "search"

    def __init__(
        self, seed: int | None = None, settings: SearchSettings | None = None, model: ValueModel | None = None
    ) -> None:
        from wolfpack.bots.ismcts import ISMCTSBot
        from wolfpack.games.wolf.determinize import determinize

        super().__init__(seed)
        self._determinize = determinize
        self.settings = settings or SearchSettings()
        self.model = model or (
            PositionalValueModel()
            if self.settings.positional
            else TiedValueModel()
            if self.settings.tied
            else ValueModel()
        )
        # where it does not search it plays exactly as a heuristic bot with its seed (and its weights)
        self.guide = HeuristicBot(seed, self.settings.weights)
        modelled = EAGER_WEIGHTS if self.settings.eager_rollouts else Weights()
        self.model_of_play = HeuristicBot(seed, modelled)
        """How the search expects every seat to play: the default heuristic (the tree's candidates)."""
        self.searches = 0
        """How many decisions this bot has searched (the rest it took from the heuristic)."""
        self._root_round = 0
        settings = self.settings
        self.search = ISMCTSBot(
            self.rng.randrange(2**32),
            iterations=self.settings.iterations,
            determinize=determinize,  # type: ignore[arg-type]
            rollout=lambda seed: HeuristicBot(seed, modelled),
            rollout_depth=settings.round_cap if settings.to_round_end else settings.rollout_depth,
            evaluate=self.model.values,
            candidates=self._candidates,
            exploration=settings.exploration,
            stop=self._round_over if settings.to_round_end else None,
        )

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """The heuristic's action, or the search's where the heuristic is unsure at a searched step."""
        legal = bot_choices(state, state.legal_actions(player))
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        if self.settings.eager_takeover and getattr(state, "step", None) == "takeover":
            return self._eager_takeover(state, legal)
        close_call = self.close_call(state, legal)
        if close_call is None:
            return self.guide.step(state)
        ranked, pack = close_call
        self.searches += 1
        self._root_round = state.round  # type: ignore[attr-defined]
        root = [action for _, action in ranked[: self.settings.candidates]]
        if pack and self.settings.pack_contenders:
            root = [action for score, action in ranked[: len(root)] if score >= ranked[0][0] - self.settings.margin]
        settings = self.settings
        if pack and settings.pack_paired_samples:
            return self._paired_choice(state, root, settings.pack_paired_samples, settings.pack_paired_z)
        if settings.paired_samples and not pack:
            return self._paired_choice(state, root, settings.paired_samples, settings.paired_z)
        if not pack and settings.hero_iterations:
            return self._searched_with(settings.hero_iterations, state, root)
        if pack and settings.takeover_iterations and state.step == "takeover":  # type: ignore[attr-defined]
            return self._searched_with(settings.takeover_iterations, state, root)
        return self.search.search(state, state.current_player(), root)

    def close_call(self, state: State[Any], legal: Sequence[str]) -> tuple[list[tuple[float, str]], bool] | None:
        """The guide's ranking at a decision this bot searches, and whether it is the pack's; None where it does not."""
        pack = _for_the_pack(state) and (self.settings.takeover or getattr(state, "step", None) != "takeover")
        if pack:
            ranked = self.guide.ranked(state, legal)
            moves = getattr(state, "step", None) == "pack"
            worth = any(
                (score >= BITING_MOVE) if moves else (action.split()[0] in FIGHTING_VERBS)
                for score, action in ranked[: self.settings.candidates]
            )
        elif self.settings.heroes and _for_a_human_hero(state):
            ranked = self.guide.ranked(state, legal)
            close = ranked[: self.settings.candidates]
            if self.settings.hero_contenders:
                close = [(score, action) for score, action in close if score >= ranked[0][0] - self.settings.margin]
            worth = len(close) > 1 and _heroes_close_call(state, [action for _, action in close])
        else:
            return None
        if not worth or ranked[0][0] - ranked[1][0] > self.settings.margin:
            return None
        return ranked, pack

    def _eager_takeover(self, state: State[Any], legal: Sequence[str]) -> Any:
        """Take over the hero whose own turn begins if the seat may; else the heuristic's answer."""
        own = f"take {seat_view(state, state.current_player())['turn']}"
        return own if own in legal else self.guide.step(state)

    def _searched_with(self, iterations: int, state: State[Any], root: Sequence[str]) -> Any:
        """The search's choice among `root` with `iterations` instead of the bot's usual number."""
        kept = self.search.iterations
        self.search.iterations = iterations
        try:
            return self.search.search(state, state.current_player(), root)
        finally:
            self.search.iterations = kept

    def _paired_choice(self, state: State[Any], candidates: Sequence[str], samples: int, z: float) -> str:
        """The heuristic's first candidate, unless another beats it on `samples` determinizations shared by all
        candidates (each played on with the same dice and the same rollout bot) by `z` standard errors of the paired
        difference; the best such one."""
        seat = state.current_player()
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(samples):
            sample = self._determinize(state, seat, self.rng)  # type: ignore[arg-type]
            seed = self.rng.randrange(2**32)
            for index, action in enumerate(candidates):
                twin = sample.clone()
                twin.apply_action(action)
                values[index].append(self._playout(twin, seed)[seat])
        best, best_gain = 0, 0.0
        for index in range(1, len(candidates)):
            gains = [b - a for a, b in zip(values[0], values[index], strict=True)]
            gain = sum(gains) / len(gains)
            spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / max(len(gains) - 1, 1) / len(gains))
            if gain > best_gain + TIE and gain > z * spread:
                best, best_gain = index, gain
        return candidates[best]

    def _playout(self, state: State[Any], seed: int) -> Sequence[float]:
        """Each seat's value after the heuristic plays `state` on to the end of the round (`round_cap` at most), or
        of the game (`paired_to_end`)."""
        rng = random.Random(seed)
        policy = HeuristicBot(seed, self.model_of_play.weights)
        decisions = 0
        to_end = self.settings.paired_to_end
        while not state.is_terminal() and (
            to_end or (decisions < self.settings.round_cap and not self._round_over(state))
        ):
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            state.apply_action(policy.step(state))
            decisions += 1
        return state.returns() if state.is_terminal() else self.model.values(state)

    def _round_over(self, state: State[Any]) -> bool:
        """Whether a rollout has reached the end of the round its search began in."""
        return bool(state.round != self._root_round)  # type: ignore[attr-defined]

    def _candidates(self, state: State[Any]) -> list[str]:
        """The heuristic's best few actions at a decision inside the search (all of them when few)."""
        legal = bot_choices(state, state.legal_actions())
        if len(legal) <= self.settings.candidates:
            return legal
        return [action for _, action in self.model_of_play.ranked(state, legal)[: self.settings.candidates]]
