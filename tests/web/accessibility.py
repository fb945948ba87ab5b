"""What the event pages' browser tests check of accessibility: axe-core (axe-playwright-python, which ships it)
run in the page against WCAG 2.1 A and AA, colour contrast included."""

from __future__ import annotations

from importlib.resources import files

from playwright.sync_api import Page

SIZES = {"phone": (390, 844), "laptop": (1366, 768), "projector": (1920, 1080)}
"""The screen sizes every event page is designed for (docs/design/frontend.md)."""
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

AXE_RUN = """options => axe.run(document, options).then((results) => results.violations.map((rule) =>
  ({id: rule.id, impact: rule.impact, help: rule.help, at: rule.nodes.slice(0, 3).map((node) => node.target)})))"""
"""axe-core's run over the whole page, answering with each rule broken and its first three places.

axe works out a selector for every node of every result it keeps; told to keep violations alone (`resultTypes`),
it keeps one node of the rest, which makes a run several times cheaper and changes no violation found."""


def wcag_violations(page: Page, size: str) -> list[str]:
    """What axe-core finds against WCAG 2.1 A and AA in `page` laid out at `size` (its size is put back after)."""
    before = page.viewport_size
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    if not page.evaluate("typeof window.axe === 'object'"):  # once per document: a reload or a new page needs it again
        page.evaluate((files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8"))
    options = {"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]}
    found = page.evaluate(AXE_RUN, options)
    if before is not None:
        page.set_viewport_size(before)
    return [f"{rule['id']} ({rule['impact']}): {rule['help']} at {rule['at']}" for rule in found]


TARGET_PX = 44
"""The least width and height of a control a finger taps (WCAG 2.5.5, and docs/design/frontend.md)."""

SMALL_TARGETS = f"""() => [...document.querySelectorAll(":is(main, nav) :is(button, select, input, textarea, summary)")]
  .filter((e) => e.offsetParent !== null && e.type !== "hidden")
  .map((e) => [e.dataset.action || e.id || e.textContent.trim().slice(0, 30),
               (["checkbox", "radio"].includes(e.type) && e.labels.length ? e.labels[0] : e).getBoundingClientRect()])
  .filter(([, box]) => box.height < {TARGET_PX} || box.width < {TARGET_PX})
  .map(([name, box]) => `${{name}} ${{Math.round(box.width)}}x${{Math.round(box.height)}}`)"""
"""Visible controls smaller than 44x44 px; a checkbox or a radio button is measured by its label, which takes the
tap for it."""


def small_targets(page: Page) -> list[str]:
    """The controls of `page` as laid out now that a finger could miss (see SMALL_TARGETS)."""
    return list(page.evaluate(SMALL_TARGETS))


SMALL_PICKS = f"""() => {{
  const svg = document.querySelector("#board svg");
  const frame = svg ? svg.getBoundingClientRect() : null;
  return [...document.querySelectorAll("#board [data-pick].pick-lit, #board [data-pick].pick-selected")]
    .map((e) => [e.dataset.label || e.dataset.pick, e.getBoundingClientRect()])
    .map(([name, box]) => {{
      const small = box.width < {TARGET_PX} || box.height < {TARGET_PX};
      const cut = frame && (box.left < frame.left - 1 || box.top < frame.top - 1 ||
                            box.right > frame.right + 1 || box.bottom > frame.bottom + 1);
      const size = `${{Math.round(box.width)}}x${{Math.round(box.height)}}`;
      return small || cut ? `${{name}} ${{size}}${{cut ? " cut off" : ""}}` : "";
    }})
    .filter(Boolean);
}}"""
"""The board's clickable elements (lit or selected) as laid out now whose tap area, the element's box with any hit
area drawn in it, is under 44x44 px, or that reach outside the drawing (cut off)."""


def small_picks(page: Page) -> list[str]:
    """The board's clickable elements in `page` that a finger could miss or that are cut off (see SMALL_PICKS)."""
    return list(page.evaluate(SMALL_PICKS))
