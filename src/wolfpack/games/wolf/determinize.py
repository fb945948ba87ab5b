"""WOLF determinization: a full state one seat cannot tell from the real one, its unseen secrets sampled afresh.

`determinize(state, seat, rng)` copies the state and re-deals every secret the seat has not seen, consistently with
what it has seen and with the public counts:

- Wolf cards. The colours of the cards the seat has not seen (in any hero's hand, living or dead but unrevealed),
  and the make-up of the stock, are drawn again from a model of how they were dealt: each hero's first card comes
  from the ten set aside for the deal (one black in the rulebook), every later card from the stock, into which the
  five undealt cards went back. How many black cards went to heroes in the deal is sampled first, weighted by how
  well it explains the colours the seat saw drawn from the stock; then the cards the seat did not see and the stock
  are shuffled together. Public facts bind the sample: a transformed hero holds an uncancelled black card
  (the takeover question, asked at every turn's start, proves nothing); the game is not over, so some living
  untransformed hero is clean.
- Object cards. The cards the seat has not seen in hands and piles (face-down cards nobody has seen stay undecided,
  as in the real state), the cards that went face down to the discard with a dead hero, and the undealt pool are
  shuffled together from the cards the seat cannot account for (the pack's counts minus the public discard and the
  cards it has seen) and dealt back into the same places. A card offered in a trade the seat is not part of is one
  of the giver's (resampled) cards.
- The log. Secret parts of log lines the seat cannot read are rewritten: a wolf card's colour to the sampled one, an
  object card's name to "?" (the bots never read other seats' secret log lines).

Everything the seat may see (`observation(seat)` and `log(seat)`) is unchanged; tests/games/wolf/test_bots.py checks
it. Known simplification: the seat's memory of cards it once saw that have since left the game with a dead hero is
not used, and nothing is inferred from how other seats played.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from math import comb
from typing import Any, Final

from wolfpack.games.wolf.rules import BLACK, GREY
from wolfpack.games.wolf.state import WolfState

UNKNOWN_SECRET: Final = "?"
"""The secret of a log line about an object card the seat did not see, once determinized."""
TRIES: Final = 50
"""Samples drawn before the binding public facts are enforced by hand."""
WOLF_CARD_EVENTS: Final = (" is dealt a wolf card", " draws a wolf card")
"""The log lines whose secret is the colour of one hero's next wolf card."""


def determinize(state: WolfState, seat: int, rng: random.Random) -> WolfState:
    """A copy of `state` that `seat` cannot tell apart from it, every secret it has not seen sampled again."""
    twin = state._copy()  # a fresh copy: no legal-action cache that the new secrets could make stale
    twin._history = state.history()
    _wolf_cards(twin, seat, rng)
    _objects(twin, seat, rng)
    _pending_card(twin, seat, rng)
    _log(twin, seat)
    return twin


# ---- wolf cards --------------------------------------------------------------------------------------------------


def _wolf_cards(state: WolfState, seat: int, rng: random.Random) -> None:
    """Sample the colours of the wolf cards `seat` has not seen, and the stock's make-up."""
    content = state.content
    total: dict[str, int] = {str(k): v for k, v in content.wolf_stock(state.players).items()}
    deal = content.components.deal
    dealing = state.step == "deal"
    dealt: list[list[Any]] = []
    drawn: list[list[Any]] = []
    for hero in state.heroes.values():
        for index, card in enumerate(hero["wolf_cards"]):
            (dealt if index == 0 else drawn).append(card)
    hidden_dealt = [c for c in dealt if seat not in c[1]]
    hidden_drawn = [c for c in drawn if seat not in c[1]]
    if not hidden_dealt and not hidden_drawn and not dealing:
        _stock_from_counts(state, dealt, drawn, total)  # every card seen: the stock's make-up follows
        return
    seen_dealt = Counter(c[0] for c in dealt if seat in c[1])
    seen_drawn = Counter(c[0] for c in drawn if seat in c[1])
    deal_black = deal.black - seen_dealt[BLACK]
    deal_grey = deal.grey - seen_dealt[GREY]
    base_black, base_grey = total[BLACK] - deal.black, total[GREY] - deal.grey
    must = _must_be_black(state, seat)
    sample: dict[int, str] = {}
    for _ in range(TRIES):
        sample = _sample_wolf_cards(
            rng, hidden_dealt, hidden_drawn, deal_black, deal_grey, base_black, base_grey, seen_drawn, dealing
        )
        if _consistent(state, sample, must):
            break
    else:
        _force_black(state, sample, must, rng)
    for card in [*hidden_dealt, *hidden_drawn]:
        card[0] = sample[id(card)]
    _stock_from_counts(state, dealt, drawn, total)


def _sample_wolf_cards(
    rng: random.Random,
    hidden_dealt: list[list[Any]],
    hidden_drawn: list[list[Any]],
    deal_black: int,
    deal_grey: int,
    base_black: int,
    base_grey: int,
    seen_drawn: Counter[str],
    dealing: bool,
) -> dict[int, str]:
    """Colours for the hidden cards (by `id` of the card record)."""
    n = len(hidden_dealt)
    weights = []
    for k in range(0, min(n, deal_black) + 1):
        if n - k > deal_grey:
            weights.append(0.0)
            continue
        prior = comb(deal_black, k) * comb(deal_grey, n - k)
        if dealing:
            weights.append(float(prior))
            continue
        # The deal's other cards went back into the stock that every later card came from.
        stock_black = base_black + deal_black - k
        stock_grey = base_grey + deal_grey - (n - k)
        weights.append(prior * _falling_ratio(stock_black, stock_grey, seen_drawn[BLACK], seen_drawn[GREY]))
    k = rng.choices(range(len(weights)), weights=weights)[0] if sum(weights) > 0 else min(n, deal_black)
    colours: dict[int, str] = {}
    blacks = set(rng.sample(range(n), k))
    for index, card in enumerate(hidden_dealt):
        colours[id(card)] = BLACK if index in blacks else GREY
    if dealing:
        return colours
    stock_black = base_black + deal_black - k - seen_drawn[BLACK]
    stock_grey = base_grey + deal_grey - (n - k) - seen_drawn[GREY]
    pool = [BLACK] * max(stock_black, 0) + [GREY] * max(stock_grey, 0)
    rng.shuffle(pool)
    for index, card in enumerate(hidden_drawn):
        colours[id(card)] = pool[index] if index < len(pool) else GREY
    return colours


def _falling_ratio(black: int, grey: int, seen_black: int, seen_grey: int) -> float:
    """The chance that draws from a stock of `black` and `grey` cards show these seen colours."""
    if seen_black > black or seen_grey > grey:
        return 0.0
    chance = 1.0
    for i in range(seen_black):
        chance *= (black - i) / (black + grey - i)
    for j in range(seen_grey):
        chance *= (grey - j) / (black - seen_black + grey - j)
    return chance


def _must_be_black(state: WolfState, seat: int) -> list[str]:
    """Heroes the public facts say are contaminated, whose black card the seat has not seen."""
    heroes = []
    for hero_id, hero in state.heroes.items():
        known = any(c[0] == BLACK and not c[2] and seat in c[1] for c in hero["wolf_cards"])
        if known:
            continue
        # A transformed hero must hold an uncancelled black card. (The takeover question proves nothing: it is
        # asked at every turn's start while a seat plays several heroes.)
        if hero["alive"] and hero["transformed"]:
            heroes.append(hero_id)
    return heroes


def _consistent(state: WolfState, colours: dict[int, str], must: list[str]) -> bool:
    """Whether sampled colours respect the public facts."""

    def colour(card: list[Any]) -> str:
        return str(colours.get(id(card), card[0]))

    for hero_id in must:
        if not any(colour(c) == BLACK and not c[2] for c in state.heroes[hero_id]["wolf_cards"]):
            return False
    if state.winner is not None or state.step in ("deal", "place"):
        return True
    living = [h for h in state.heroes.values() if h["alive"] and not h["transformed"]]
    return any(not any(colour(c) == BLACK and not c[2] for c in h["wolf_cards"]) for h in living)


def _force_black(state: WolfState, colours: dict[int, str], must: list[str], rng: random.Random) -> None:
    """Make the heroes who must be contaminated hold a black card (after unlucky samples), moving a black card
    from a hidden card elsewhere when one is free, so that the number of black cards stays right."""
    bound: set[int] = set()
    for hero_id in must:
        cards = [c for c in state.heroes[hero_id]["wolf_cards"] if id(c) in colours]
        blacks = [c for c in cards if colours[id(c)] == BLACK]
        if blacks:
            bound.add(id(blacks[0]))
            continue
        if not cards:
            continue
        chosen = rng.choice(cards)
        colours[id(chosen)] = BLACK
        bound.add(id(chosen))
        spare = [key for key, colour in colours.items() if colour == BLACK and key not in bound]
        if spare:
            colours[rng.choice(spare)] = GREY


def _stock_from_counts(
    state: WolfState, dealt: list[list[Any]], drawn: list[list[Any]], total: Mapping[str, int]
) -> None:
    """The stock holds every wolf card not in a hero's hand (nor still to be dealt)."""
    if state.step == "deal":
        deal = state.content.components.deal
        held = Counter(c[0] for c in dealt)
        state.deal = {BLACK: deal.black - held[BLACK], GREY: deal.grey - held[GREY]}
        state.stock = {BLACK: total[BLACK] - deal.black, GREY: total[GREY] - deal.grey}
        return
    held = Counter(c[0] for c in [*dealt, *drawn])
    size = sum(state.stock.values())
    black = max(0, min(size, total[BLACK] - held[BLACK]))
    state.stock = {BLACK: black, GREY: size - black}


# ---- object cards ------------------------------------------------------------------------------------------------


def _objects(state: WolfState, seat: int, rng: random.Random) -> None:
    """Deal the object cards `seat` has not seen (hands, decided pile cards, the dead's, the pool) again."""
    deck = Counter(state.content.object_deck())
    deck.subtract(state.discard)
    hidden: list[list[Any]] = []
    for hero in state.heroes.values():
        for card in hero["objects"]:
            (deck.subtract([card[0]]) if seat in card[1] else hidden.append(card))
    for pile in state.piles:
        for card in pile:
            if card[0] is None:
                continue
            (deck.subtract([card[0]]) if seat in card[1] else hidden.append(card))
    unknown = [card_id for card_id, count in sorted(deck.items()) for _ in range(max(count, 0))]
    rng.shuffle(unknown)
    for card, card_id in zip(hidden, unknown, strict=False):
        card[0] = card_id
    rest = unknown[len(hidden) + state.released :]
    pool = Counter(rest)
    state.pool = {card_id: pool.get(card_id, 0) for card_id in state.pool}


def _pending_card(state: WolfState, seat: int, rng: random.Random) -> None:
    """A card offered in a trade the seat is not part of: one of the giver's cards."""
    if state.step != "consent":
        return
    giver, other = state.pending["unit"], state.pending["other"]
    if seat in (state.heroes[giver]["seat"], state.heroes[other]["seat"]):
        return
    state.pending["card"] = rng.choice(state.heroes[giver]["objects"])[0]


def _log(state: WolfState, seat: int) -> None:
    """Rewrite the secrets of log lines the seat cannot read to match the sampled cards."""
    drawn: Counter[str] = Counter()
    for number, (public, secret, seen) in enumerate(state.events):
        wolf_card = next((public[: -len(end)] for end in WOLF_CARD_EVENTS if public.endswith(end)), None)
        if wolf_card is not None and wolf_card in state.heroes:
            index = drawn[wolf_card]
            drawn[wolf_card] += 1
            if secret is not None and not state.sees(seen, seat):
                cards = state.heroes[wolf_card]["wolf_cards"]
                state.events[number] = [public, cards[index][0] if index < len(cards) else secret, seen]
        elif secret is not None and not state.sees(seen, seat):
            state.events[number] = [public, UNKNOWN_SECRET, seen]
