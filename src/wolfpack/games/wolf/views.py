"""What each seat of WOLF may know: the observation, built only from public facts and the secrets it has seen.

A secret card shows as its id to the seats that have seen it and as "?" to everyone else; the wolf-card stock's
make-up and the object cards nobody has seen yet are never shown, only counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfpack.games.wolf.rules import name_of

if TYPE_CHECKING:
    from wolfpack.games.wolf.state import WolfState

HIDDEN = "?"
"""A card the viewer has not seen."""
PUBLIC_PENDING = ("unit", "limit", "through", "at_most", "at_least", "dice", "purpose", "hero", "other", "pile")
"""What a pending step shows everyone; the card offered in a trade is shown only to the two seats trading."""


def observation(state: WolfState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    """Exactly what `viewer` (a seat, or None for the public view) may know, its ids named from the content pack
    (its catalog the one frozen catalog that views showing the same cards share, if `shared`)."""
    from wolfpack.games.wolf.catalog import named  # the catalog reads this module's HIDDEN

    return named(id_view(state, viewer), state.content, shared)


def id_view(state: WolfState, viewer: int | None) -> dict[str, Any]:
    """Exactly what `viewer` (a seat, or None for the public view) may know, by id: secrets masked as HIDDEN."""
    pending = {k: v for k, v in state.pending.items() if k in PUBLIC_PENDING}
    if state.step == "consent" and viewer in _trade_seats(state):
        pending["card"] = state.pending["card"]
    return {
        "viewer": viewer,
        "players": state.players,
        "round": state.round,
        "max_rounds": state.game.options.max_rounds,  # type: ignore[attr-defined]
        "turn": state.turn,
        "step": state.step,
        "to_act": state.current_player(),
        "pending": pending,
        "heroes": {hero_id: _hero_view(state, hero_id, viewer) for hero_id in state.heroes},
        "wolves": {unit_id: dict(wolf) for unit_id, wolf in state.wolves.items()},
        "barricades": list(state.barricades),
        "barricades_left": state.content.components.barricades.units - len(state.barricades),
        "piles": [_pile_view(state, number, viewer) for number in range(len(state.piles))],
        "stock": sum(state.stock.values()),
        "discard": list(state.discard),
        "released": state.released,
        "acted": list(state.acted),
        # The werewolf seat's standing answer to the takeover question is its own: no other seat is told it.
        "leave_always": state.leave_always if viewer == state.pack_seat else None,
        "revealed": state.revealed,
        "winner": state.winner,
        "sides": {str(seat): state.side_of(seat) for seat in range(state.players) if _knows_side(state, seat, viewer)},
    }


def _trade_seats(state: WolfState) -> set[int]:
    """The seats of the two heroes of a pending trade."""
    return {state.heroes[state.pending["unit"]]["seat"], state.heroes[state.pending["other"]]["seat"]}


def _card(state: WolfState, card: list[Any], viewer: int | None) -> str:
    """A card as the viewer sees it."""
    return str(card[0]) if card[0] is not None and state.sees(card[1], viewer) else HIDDEN


def _hero_view(state: WolfState, hero_id: str, viewer: int | None) -> dict[str, Any]:
    """A hero as the viewer sees him: where he is and what he holds, secrets masked."""
    hero = state.heroes[hero_id]
    wolf_cards = []
    for card in hero["wolf_cards"]:
        shown = str(card[0]) if state.shows_wolf_card(card, viewer) else HIDDEN
        wolf_cards.append(f"{shown} (cured)" if shown != HIDDEN and card[2] else shown)
    return {
        "seat": hero["seat"],
        "square": hero["square"],
        "alive": hero["alive"],
        "transformed": hero["transformed"],
        "invisible": hero["invisible"],
        "intoxicated": hero["intoxicated"],
        "wolf_cards": wolf_cards,
        "objects": [_card(state, card, viewer) for card in hero["objects"]],
    }


def _pile_view(state: WolfState, number: int, viewer: int | None) -> dict[str, Any]:
    """An object pile: its square and its cards top first, those the viewer has not seen masked."""
    square = state.content.board.object_squares[number]
    return {"square": name_of(square), "cards": [_card(state, card, viewer) for card in state.piles[number]]}


def _knows_side(state: WolfState, seat: int, viewer: int | None) -> bool:
    """Whether the viewer knows which side a seat plays for: its own, the pack's, and every side at the end."""
    return state.winner is not None or seat == viewer or seat == state.pack_seat
