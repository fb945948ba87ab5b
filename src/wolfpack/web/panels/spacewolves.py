"""Spacewolves! panels: each colour's spacemen on Earth (and the points they score), in space and taken; the dice to
use; at the end, who has the best Earth total and from which numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wolfpack.web.boards.spacewolves import COLOURS, UNKNOWN_COLOUR
from wolfpack.web.boards.svg import INK
from wolfpack.web.panels.common import dice_row, ending, fact, headline, listed, mark, person, results_by_best

Observation = Mapping[str, Any]


def earth_numbers(observation: Observation, colour: str) -> list[int]:
    """The Earth numbers a colour's spacemen took, highest first."""
    return sorted((int(slot["value"]) for slot in observation["earth"] if slot["colour"] == colour), reverse=True)


def in_space(observation: Observation, colour: str) -> int:
    """How many of a colour's spacemen are still on the moving tiles."""
    return sum(int(row["pieces"].get(colour, 0)) for row in observation["tiles"])


def colour_mark(colour: str) -> str:
    """A colour's disc with its first letter, as the board draws its spacemen."""
    return mark([(COLOURS.get(colour, UNKNOWN_COLOUR), colour[:1].upper(), "circle")])


def points(observation: Observation, colour: str) -> str:
    """A colour's score with the Earth numbers that make it ("21 points (12 + 9)")."""
    numbers = earth_numbers(observation, colour)
    score = int(observation["scores"].get(colour, 0))
    made = f" ({' + '.join(str(n) for n in numbers)})" if len(numbers) > 1 else ""
    return f"{score} point{'' if score == 1 else 's'}{made}"


def seats(observation: Observation, seat: int | None) -> list[dict[str, Any]]:
    """A panel per colour: its score, its spacemen on Earth, in space and taken by the Spacewolves."""
    panels = []
    playing = observation["phase"] != "over"
    for index, colour in enumerate(observation["players"]):
        on_earth = earth_numbers(observation, colour)
        notes = [
            note
            for note, applies in (
                ("to move", playing and colour == observation.get("actor")),
                ("first player", colour == observation.get("first")),
            )
            if applies
        ]
        panels.append(
            {
                "seat": index,
                "title": colour.capitalize(),
                "mark": colour_mark(colour),
                "notes": notes,
                "facts": [
                    fact("Score", points(observation, colour)),
                    fact("On Earth", len(on_earth)),
                    fact("In space", in_space(observation, colour)),
                    fact("Taken by the Spacewolves", int(observation["wolves"].get(colour, 0))),
                ],
            }
        )
    return panels


def shared(observation: Observation) -> list[dict[str, str]]:
    """The round, out of how many the game may last."""
    return [fact("Round", f"{observation['round']} of at most {observation['max_rounds']}")]


def dice(observation: Observation) -> str | None:
    """The dice still to use this turn, as faces."""
    values = list(observation["dice"])
    if not values:
        return None
    return dice_row([(value, "#ffffff", INK, "die") for value in values], "Dice to use")


def end(observation: Observation, returns: Sequence[float], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """Who won with which Earth numbers (or that nobody scored); every colour's points; the round limit, if that is
    what stopped play."""
    players = list(observation["players"])
    scores = [int(observation["scores"].get(colour, 0)) for colour in players]
    nobody = max(scores) == 0
    # Ties for the best total share the win, but a shared 0 is no win: nobody scored.
    results = results_by_best(returns, all_equal="drawn" if nobody else "shared")
    winners = [players[index].capitalize() for index, result in enumerate(results) if result in ("won", "shared")]
    if nobody:
        decided = "Nobody scored: every colour ends on 0 points, so nobody wins."
    elif len(winners) == 1:
        decided = f"{winners[0]} has the best Earth total: {points(observation, players[results.index('won')])}."
    else:
        decided = f"{listed(winners)} share the best Earth total: {max(scores)} points."
    if any(in_space(observation, colour) for colour in players):
        decided += (
            f" Play stopped at the round limit (round {observation['max_rounds']}): spacemen still in space"
            " scored nothing."
        )
    standings = [
        (index, f"{person(names, index, colour.capitalize())}: {points(observation, colour)}", results[index], score)
        for index, (colour, score) in enumerate(zip(players, scores, strict=True))
    ]
    if nobody:
        return ending("Nobody scored", "drawn" if seat is not None else "watching", decided, standings)
    if seat is None:
        top = f"{listed(winners)} {'wins' if len(winners) == 1 else 'share the win'}"
        return ending(top, "watching", decided, standings)
    return ending(headline(results[seat]), results[seat], decided, standings)
