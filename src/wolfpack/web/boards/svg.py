"""Small SVG builders shared by the board drawings: escaped elements, text, dice faces, cards, the document.

Every attribute value and every text goes through `esc`, so a string from an observation (a player name, a card
id, a canary) can never open a tag or break the XML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Final

SVG_NS: Final = "http://www.w3.org/2000/svg"
FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
INK: Final = "#222"
PAPER: Final = "#fdfaf3"
CARD_BACK: Final = "#4a3b6b"
HIDDEN: Final = "?"
"""How an observation marks a card the viewer has not seen."""

# XML 1.0 forbids these code points (control characters, lone surrogates, U+FFFE/F) even as character references;
# a stray one would make the page's SVG unparsable.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Most values (numbers, colours, words) need no escaping: one search finds the few that do.
_SPECIAL: Final = re.compile("[&<>\"'\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

# Pip centres of a die face on a 0..1 square, per value.
PIPS: Final[Mapping[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def esc(value: object) -> str:
    """`value` as text safe inside an XML element or a quoted attribute."""
    shown = str(value)
    if _SPECIAL.search(shown) is None:
        return shown
    return html.escape(_NOT_XML.sub("", shown), quote=True)


def num(value: float) -> str:
    """A coordinate written short (at most two decimals, no trailing zeros)."""
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@cache
def _key(name: str) -> str:
    """An attribute's name from a keyword: a trailing `_` dropped (class_), `_` turned into `-` (data_player)."""
    return name.rstrip("_").replace("_", "-")


def _attrs(attrs: Mapping[str, object]) -> str:
    """` name="value"` pairs, values escaped; an attribute whose value is None is left out."""
    parts = []
    for name, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, float):
            shown = num(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            shown = str(value)
        else:
            shown = esc(value)
        parts.append(f' {_key(name)}="{shown}"')
    return "".join(parts)


def el(tag: str, *children: str, **attrs: object) -> str:
    """An element with escaped attributes around already-built `children` (self-closing when there are none)."""
    if not children:
        return f"<{tag}{_attrs(attrs)}/>"
    return f"<{tag}{_attrs(attrs)}>{''.join(children)}</{tag}>"


def text(x: float, y: float, content: object, **attrs: object) -> str:
    """A <text> element whose content is escaped."""
    return el("text", esc(content), x=float(x), y=float(y), **attrs)


def title(content: object) -> str:
    """A <title> child: the tooltip and accessible name of its parent."""
    return el("title", esc(content))


def group(children: Iterable[str], **attrs: object) -> str:
    """A <g> around `children` (an empty <g/> when there are none)."""
    return el("g", *children, **attrs)


def document(width: float, height: float, body: Iterable[str], label: str, **attrs: object) -> str:
    """The whole drawing: one <svg> that scales to its container's width (viewBox, no fixed pixel size)."""
    return el(
        "svg",
        title(label),
        el("rect", x=0.0, y=0.0, width=float(width), height=float(height), fill=PAPER, class_="background"),
        *body,
        xmlns=SVG_NS,
        viewBox=f"0 0 {num(width)} {num(height)}",
        width="100%",
        preserveAspectRatio="xMidYMin meet",
        role="img",
        font_family=FONT,
        font_size="12",
        fill=INK,
        **attrs,
    )


def die(
    x: float,
    y: float,
    size: float,
    value: object,
    *,
    fill: str = "#fff",
    pip: str = INK,
    cls: str = "die",
    label: object = None,
    **data: object,
) -> str:
    """A die face with `value` pips (a value outside 1-6, say before the first roll, shows as its text)."""
    parts = [title(f"{label}: {value}" if label is not None else value)]
    parts += [el("rect", x=float(x), y=float(y), width=float(size), height=float(size), rx=float(size) / 6, fill=fill)]
    pips = PIPS.get(value) if isinstance(value, int) and not isinstance(value, bool) else None
    if pips is None:
        parts.append(text(x + size / 2, y + size * 0.66, value, text_anchor="middle", fill=pip))
    else:
        radius = size * 0.09
        parts += [el("circle", cx=x + px * size, cy=y + py * size, r=radius, fill=pip, class_="pip") for px, py in pips]
    return group(parts, class_=cls, data_value=value, stroke=INK, stroke_width="1", **data)


@lru_cache(maxsize=4096)
def card(
    x: float, y: float, width: float, height: float, face: object, *, cls: str, fill: str = "#fff", size: str = "9"
) -> str:
    """A card: face up with its text, or, when the face is HIDDEN, a back with a question mark (class `hidden`).

    Remembered: boards draw cards at the origin and move them into place, so the same few backs recur.
    """
    hidden = face == HIDDEN
    rect = el(
        "rect",
        x=float(x),
        y=float(y),
        width=float(width),
        height=float(height),
        rx=3.0,
        fill=CARD_BACK if hidden else fill,
        stroke=INK,
        stroke_width="1",
    )
    label = text(
        x + width / 2,
        y + height / 2 + 4,
        HIDDEN if hidden else face,
        text_anchor="middle",
        font_size="14" if hidden else size,
        fill="#fff" if hidden or _dark(fill) else INK,
    )
    shown = "hidden" if hidden else "face"
    return group([title("face down" if hidden else face), rect, label], class_=f"card {shown} {cls}".strip())


def _dark(fill: str) -> bool:
    """Whether text on `fill` should be white (a rough luminance test on #rrggbb)."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", fill):
        return False
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue < 140


def on_dark(fill: str) -> str:
    """The text colour that reads on `fill`."""
    return "#fff" if _dark(fill) else INK


def lines(x: float, y: float, rows: Sequence[str], step: float = 16, **attrs: object) -> str:
    """Several lines of text, one below the other."""
    return group(text(x, y + index * step, row, **attrs) for index, row in enumerate(rows))
