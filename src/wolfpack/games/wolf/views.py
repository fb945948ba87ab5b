"""What each seat of WOLF may know: the observation, built only from public facts and the secrets it has seen.

A secret card shows as its id to the seats that have seen it and as "?" to everyone else; the wolf-card stock's
make-up and the object cards nobody has seen yet are never shown, only counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wolfpack.games.wolf.state import WolfState

HIDDEN = "?"
"""A card the viewer has not seen."""
PUBLIC_PENDING = frozenset(
    {"unit", "limit", "through", "at_most", "at_least", "dice", "purpose", "hero", "other", "pile"}
)
"""What a pending step shows everyone; the card offered in a trade is shown only to the two seats trading."""


def observation(state: WolfState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    """Exactly what `viewer` (a seat, or None for the public view) may know, its ids named from the content pack
    (its catalog the one frozen catalog that views showing the same cards share, if `shared`)."""
    from wolfpack.games.wolf.catalog import named  # the catalog reads this module's HIDDEN

    return named(id_view(state, viewer), state.content, shared)


def id_view(state: WolfState, viewer: int | None) -> dict[str, Any]:
    """Exactly what `viewer` (a seat, or None for the public view) may know, by id: secrets masked as HIDDEN."""
    seen = bot_view(state, viewer)
    return {
        "viewer": viewer,
        "players": seen["players"],
        "round": seen["round"],
        "max_rounds": seen["max_rounds"],
        "turn": seen["turn"],
        "step": seen["step"],
        "to_act": state.current_player(),
        "pending": seen["pending"],
        "heroes": seen["heroes"],
        "wolves": seen["wolves"],
        "barricades": seen["barricades"],
        "barricades_left": state.content.components.barricades.units - len(state.barricades),
        "piles": seen["piles"],
        "stock": seen["stock"],
        "discard": list(state.discard),
        "released": state.released,
        "acted": list(state.acted),
        # The werewolf seat's standing answer to the takeover question is its own: no other seat is told it.
        "leave_always": state.leave_always if viewer == state.pack_seat else None,
        "revealed": state.revealed,
        "winner": state.winner,
        "sides": {str(seat): state.side_of(seat) for seat in range(state.players) if _knows_side(state, seat, viewer)},
    }


def bot_view(state: WolfState, viewer: int | None, piles: bool = True) -> dict[str, Any]:
    """The part of `id_view` that the heuristic bot reads, the same entries: what its seat may know, without the
    rest (the sides, the discard...), which would be built at every decision for nothing; without the piles too
    unless `piles` (only a hero's move reads them)."""
    view = {
        "players": state.players,
        "round": state.round,
        "max_rounds": state.game.options.max_rounds,  # type: ignore[attr-defined]
        "turn": state.turn,
        "step": state.step,
        "pending": _pending_view(state, viewer),
        "heroes": {hero_id: _hero_view(state, hero, viewer) for hero_id, hero in state.heroes.items()},
        "wolves": {unit_id: wolf.copy() for unit_id, wolf in state.wolves.items()},  # (public, but not live)
        "barricades": list(state.barricades),
        "stock": sum(state.stock.values()),
    }
    if piles:
        view["piles"] = [
            {"square": name, "cards": _cards(state, pile, viewer)}
            for name, pile in zip(state.content.board.object_names, state.piles, strict=True)
        ]
    return view


def pile_sizes(state: WolfState) -> list[int]:
    """How many cards each object pile holds, in the board's order (public: every seat sees the piles' sizes)."""
    return [len(pile) for pile in state.piles]


def _pending_view(state: WolfState, viewer: int | None) -> dict[str, Any]:
    """The pending step as the viewer sees it: its public part, and the card offered in a trade to the two seats."""
    shown = state.pending
    # most pending steps hold only public entries: copied whole (in C) rather than entry by entry
    pending = (
        dict(shown) if PUBLIC_PENDING.issuperset(shown) else {k: v for k, v in shown.items() if k in PUBLIC_PENDING}
    )
    if state.step == "consent" and viewer in _trade_seats(state):
        pending["card"] = state.pending["card"]
    return pending


def _trade_seats(state: WolfState) -> set[int]:
    """The seats of the two heroes of a pending trade."""
    return {state.heroes[state.pending["unit"]]["seat"], state.heroes[state.pending["other"]]["seat"]}


def _cards(state: WolfState, cards: list[list[Any]], viewer: int | None) -> list[str]:
    """Cards as the viewer sees them: the ids of those it has seen, HIDDEN for the others."""
    if viewer is not None:  # `WolfState.sees` for a seat, inline: every bot's decision shows every card
        return [card[0] if viewer in card[1] and card[0] is not None else HIDDEN for card in cards]
    sees = state.sees
    return [card[0] if card[0] is not None and sees(card[1], viewer) else HIDDEN for card in cards]


def _hero_view(state: WolfState, hero: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A hero as the viewer sees him: where he is and what he holds, secrets masked."""
    cards = hero["wolf_cards"]
    if viewer is None or state.winner is not None:
        shows = state.shows_wolf_card
        wolf_cards = [_wolf_card(card[0], card[2]) if shows(card, viewer) else HIDDEN for card in cards]
    else:  # `shows_wolf_card` and `_wolf_card` for a seat in play, inline: every bot's decision shows every hero
        wolf_cards = [
            (f"{colour} (cured)" if cured else colour) if viewer in seen else HIDDEN for colour, seen, cured in cards
        ]
    objects = hero["objects"]
    return {
        "seat": hero["seat"],
        "square": hero["square"],
        "alive": hero["alive"],
        "transformed": hero["transformed"],
        "invisible": hero["invisible"],
        "intoxicated": hero["intoxicated"],
        "wolf_cards": wolf_cards,
        "objects": _cards(state, objects, viewer) if objects else [],
    }


def _wolf_card(colour: str, cured: bool) -> str:
    """A wolf card shown: its colour, marked if cured."""
    return f"{colour} (cured)" if cured else colour


def _knows_side(state: WolfState, seat: int, viewer: int | None) -> bool:
    """Whether the viewer knows which side a seat plays for: its own, the pack's, and every side at the end."""
    return state.winner is not None or seat == viewer or seat == state.pack_seat
