"""The accessibility checks every page test leans on (tests/web/accessibility.py) find what they are there to find:
a page that breaks WCAG 2.1 AA is reported rule by rule, at each size, and a control too small for a finger."""

from __future__ import annotations

from playwright.sync_api import Browser

from .accessibility import small_targets, wcag_violations

BROKEN = """<!doctype html><html><body><main>
<img src="map.png"><button></button><input type="text">
<p style="color: #777; background: #888">faint words</p>
<button style="width: 20px; height: 20px">x</button>
</main></body></html>"""
"""A page with one of each fault: an image without words, a button and a field nobody can name, faint text, no
title and no language, and a button a finger misses."""


def test_a_page_that_breaks_wcag_is_reported_rule_by_rule_at_each_size(browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_content(BROKEN)
    for size in ("phone", "laptop"):
        found = [line.split(" ")[0] for line in wcag_violations(page, size)]
        assert found == ["button-name", "color-contrast", "document-title", "html-has-lang", "image-alt", "label"]
    page.reload()  # a new window, without the axe-core the first runs put in
    page.set_content(BROKEN.replace("<img", '<img alt="the fleet"'))
    assert "image-alt" not in " ".join(wcag_violations(page, "phone"))
    assert "x 20x20" in small_targets(page)
    context.close()
