"""The boards' colours for seats and sides: the Okabe-Ito palette, which people with the common kinds of colour
blindness can tell apart (docs/design/boards.md). A colour is never the only sign: every seat's piece also carries
a letter or a number, and the sides of WOLF differ in shape (heroes round, the pack's units square)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

OKABE_ITO: Final[Mapping[str, str]] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
"""Okabe and Ito (2008), "Color Universal Design": eight colours distinct under protanopia, deuteranopia and
tritanopia."""

SEAT_COLOURS: Final[Mapping[str, str]] = {
    "red": OKABE_ITO["vermillion"],
    "yellow": OKABE_ITO["yellow"],
    "blue": OKABE_ITO["blue"],
    "green": OKABE_ITO["bluish green"],
    "orange": OKABE_ITO["orange"],
    "sky": OKABE_ITO["sky blue"],
    "purple": OKABE_ITO["reddish purple"],
}
"""A game colour by its name in the rules, drawn in the palette's nearest colour."""

SEAT_ORDER: Final = ("orange", "sky", "green", "purple")
"""Seats without a colour of their own in the rules (Hunt's hunters), in seat order; each also shows its number."""
