"""The plots of `wolfpack analyze --html`: matplotlib figures drawn off-screen, returned as PNG bytes.

Figures are built with `matplotlib.figure.Figure` directly (no pyplot), so nothing needs a display or a global
backend: saving a Figure draws it with Agg, and no state is shared between plots or threads.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

WIDTH = 7.0
"""Inches; at DPI this is 700 pixels, narrow enough for a phone to scale down and still read."""
DPI = 100
"""Our default: small files (a report stays well under a megabyte) that are sharp on a laptop."""
COLOURS = ("#1f5f8b", "#c8553d")
"""A and B (or the one series): dark blue and rust, told apart also by their hatch and label."""


def png(figure: Figure) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    return buffer.getvalue()


def rate_bars(labels: Sequence[str], rates: pd.DataFrame, title: str, ylabel: str) -> Figure:
    """Bars of rates with their Wilson intervals as error bars (one bar per label; columns rate, low, high)."""
    figure = Figure(figsize=(WIDTH, 3.2))
    axes = figure.subplots()
    positions = range(len(labels))
    errors = [rates["rate"] - rates["low"], rates["high"] - rates["rate"]]
    axes.bar(positions, rates["rate"], yerr=errors, capsize=4, color=COLOURS[0])
    _label_bars(axes, labels)
    axes.set_ylim(0, 1)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.grid(axis="y", alpha=0.3)
    return figure


def paired_rate_bars(labels: Sequence[str], a: pd.DataFrame, b: pd.DataFrame, names: tuple[str, str]) -> Figure:
    """Two files' rates side by side per label, each with its interval (A solid, B hatched)."""
    figure = Figure(figsize=(WIDTH, 3.4))
    axes = figure.subplots()
    width = 0.4
    for offset, (rates, name, colour, hatch) in enumerate(zip((a, b), names, COLOURS, ("", "//"), strict=True)):
        positions = [index + (offset - 0.5) * width for index in range(len(labels))]
        errors = [rates["rate"] - rates["low"], rates["high"] - rates["rate"]]
        axes.bar(positions, rates["rate"], width, yerr=errors, capsize=3, color=colour, hatch=hatch, label=name)
    _label_bars(axes, labels)
    axes.set_ylim(0, 1)
    axes.set_ylabel("rate (95% interval)")
    axes.legend(fontsize="small")
    axes.grid(axis="y", alpha=0.3)
    return figure


def histogram(values: pd.Series, title: str, xlabel: str) -> Figure:
    """A histogram of whole numbers (one bar per value when they are few)."""
    figure = Figure(figsize=(WIDTH, 3.0))
    axes = figure.subplots()
    clean = pd.to_numeric(values, errors="coerce").dropna()
    axes.hist(clean, bins=_bins(clean), color=COLOURS[0], edgecolor="white")
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.set_title(title)
    return figure


def paired_histogram(a: pd.Series, b: pd.Series, xlabel: str, names: tuple[str, str]) -> Figure:
    """Two files' distributions of one number on the same bins, as outlines (A solid, B dashed)."""
    figure = Figure(figsize=(WIDTH, 3.0))
    axes = figure.subplots()
    left, right = (pd.to_numeric(s, errors="coerce").dropna() for s in (a, b))
    bins = _bins(pd.concat([left, right]))
    for values, name, colour, style in zip((left, right), names, COLOURS, ("solid", "dashed"), strict=True):
        axes.hist(values, bins=bins, histtype="step", linewidth=2, color=colour, linestyle=style, label=name)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.legend(fontsize="small")
    return figure


def fan_chart(fan: pd.DataFrame, measure: str) -> Figure:
    """Small multiples, one per ship: the median of `measure` over turns with its 50% and 90% bands across games."""
    ships = list(dict.fromkeys(fan.index.get_level_values("ship")))
    columns = 4 if len(ships) > 6 else max(1, min(len(ships), 3))
    rows = -(-len(ships) // columns)
    figure = Figure(figsize=(WIDTH, 1.7 * rows + 0.6))
    grid = figure.subplots(rows, columns, sharex=True, sharey=True, squeeze=False)
    for axes, ship in zip(grid.flat, ships, strict=False):
        data = fan.loc[ship]
        turns = data.index.to_numpy()
        axes.fill_between(turns, data["q05"], data["q95"], color=COLOURS[0], alpha=0.2, linewidth=0)
        axes.fill_between(turns, data["q25"], data["q75"], color=COLOURS[0], alpha=0.4, linewidth=0)
        axes.plot(turns, data["q50"], color=COLOURS[0], linewidth=1.5)
        axes.set_title(ship, fontsize="small")
        axes.tick_params(labelsize="x-small")
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    for index, axes in enumerate(grid.flat):
        if index >= len(ships):
            axes.set_visible(False)
        elif index + columns >= len(ships):
            axes.tick_params(labelbottom=True)  # the last chart in its column: it carries the turn numbers
    figure.supxlabel("turn", fontsize="small")
    figure.supylabel(measure, fontsize="small")
    figure.tight_layout()
    return figure


def _label_bars(axes: Axes, labels: Sequence[str]) -> None:
    """Put the labels under the bars, slanted when they would collide (many, or long)."""
    slanted = len(labels) > 6 or sum(len(label) for label in labels) > 40
    rotation, align = (25, "right") if slanted else (0, "center")
    axes.set_xticks(list(range(len(labels))), list(labels), rotation=rotation, ha=align)


def _bins(values: pd.Series) -> int | list[float]:
    """One bin per whole number when the values span few of them, else 30 bins."""
    if values.empty:
        return 1
    low, high = float(values.min()), float(values.max())
    whole = bool((values == values.round()).all())
    if whole and high - low <= 40:
        return [low - 0.5 + step for step in range(int(high - low) + 2)]
    return 30
