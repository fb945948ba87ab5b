"""Why a well-formed WOLF action is not legal now: the rule that forbids it, in a sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from wolfpack.engine.constants import CHANCE, player_label

if TYPE_CHECKING:
    from wolfpack.games.wolf.state import WolfState

RULES: Final[dict[str, tuple[str, str]]] = {
    "deal": ("2 Game setting", "the wolf cards are being dealt"),
    "place": ("2 Game setting", "heroes start on free H squares, werewolves on free W squares"),
    "takeover": (
        "10 2 to 5 players",
        "the werewolf seat answers 'leave' (or 'leave-always', until its 'ask-again'), or 'take <hero>' for a hero"
        " of a multi-hero seat it saw contaminated",
    ),
    "roll": ("4 Movements", "a die is being rolled"),
    "move": ("4 Movements", "the unit can reach only squares within its move, around obstacles, free to stop on"),
    "action": ("7 Heroes special actions", "that special action is not open to this hero here"),
    "pack": ("4 Movements", "each werewolf unit moves once a turn, up to 3 squares, around obstacles"),
    "pack-action": ("5 Werewolves special actions", "that special action is not open to this unit here"),
    "consent": ("7 Heroes special actions", "the hero offered a card answers 'accept' or 'refuse'"),
    "hand": ("7 Heroes special actions", "the hero asked hands over a card he holds, or refuses"),
    "force": ("14 Powers", "Force breaks or builds a barricade sharing a side with the unit"),
    "vision": ("14 Powers", "Vision reaches heroes and piles within its radius"),
    "object": ("15 Object cards", "an object card is being drawn"),
    "wolf-card": ("5 Werewolves special actions", "a wolf card is being drawn"),
    "over": ("9 End of the game", "the game is over"),
}


def why_illegal(state: WolfState, action: str, player: int) -> tuple[str, str]:
    """(rule, reason) for an action the seat may not take now."""
    current = state.current_player()
    if current == CHANCE:
        return "chance", f"{action!r} is not an outcome of the pending chance event ({state.step})"
    if player != current:
        return "turn", f"seat {player_label(current)} acts now, not seat {player_label(player)}"
    rule, reason = RULES.get(state.step, ("turn", "not now"))
    unit = state.pending.get("unit")
    who = f" ({unit})" if unit else ""
    return rule, f"{reason}{who}; see legal_actions() for what is allowed"
