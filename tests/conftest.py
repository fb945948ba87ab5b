"""Fixtures every test directory shares: one headless Chromium per test worker (Debian's headless shell, driven by
Playwright; never a downloaded browser), in which each test module opens browser contexts of its own.

Playwright's sync API marks its own event loop as the thread's running loop between its calls, so that its
dispatcher can go on whenever a call waits. A Playwright kept for the whole session would leave that mark on every
later test of the worker, and `asyncio.run` refuses to start under it. So the mark is cleared before each test that
does not use the browser, and put back before anything that does.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from . import compiled, longest_first

# Debian's old headless shell of the same Chromium: the engine without the browser around it, made for automation.
# It does the browser tests in 60% of the full browser's CPU time (docs/testing.md, "Room made a fifth time").
CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

_PLAYWRIGHT_LOOP: list[asyncio.AbstractEventLoop] = []
"""The event loop of the worker's Playwright while it runs (empty before and after)."""


def _playwright_marks_the_loop(running: bool) -> None:
    """Mark Playwright's loop as this thread's running loop (its calls need it), or clear the mark (for the rest)."""
    if _PLAYWRIGHT_LOOP:
        asyncio.events._set_running_loop(_PLAYWRIGHT_LOOP[0] if running else None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest test files first, so that the workers finish together (tests/longest_first.py)."""
    longest_first.reorder(items, longest_first.recorded())


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before a test's fixtures are made: Playwright's mark on the loop only for a test that uses the browser."""
    _playwright_marks_the_loop("chromium" in getattr(item, "fixturenames", ()))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Before fixtures are finished: the mark back, since a module's last test may not use the browser its module
    fixtures close."""
    _playwright_marks_the_loop(running=True)


def _devices_ask_for_reduced_motion(browser: Browser) -> None:
    """Open every context and page of `browser` as a device that asks for reduced motion, unless the test says.

    A table page shows a burst of moves at a reader's pace, each one animated, unless the device asks for reduced
    motion (as a person may); the tests read and click far faster than a person and would wait for the pace. The
    tests of the motion itself open their contexts with `reduced_motion="no-preference"`."""
    new_context, new_page = browser.new_context, browser.new_page

    def context(**options: Any) -> BrowserContext:
        return new_context(**{"reduced_motion": "reduce", **options})

    def page(**options: Any) -> Page:
        return new_page(**{"reduced_motion": "reduce", **options})

    setattr(browser, "new_context", context)  # noqa: B010 (a method of this one object, replaced on purpose)
    setattr(browser, "new_page", page)  # noqa: B010


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """The worker's one headless Chromium. Tests take `browser` (below), which closes what their module opened."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        _devices_ask_for_reduced_motion(launched)
        loop = asyncio.events._get_running_loop()
        assert loop is not None, "Playwright's sync API marks its loop as running between its calls"
        _PLAYWRIGHT_LOOP.append(loop)
        try:
            yield launched
        finally:
            _playwright_marks_the_loop(running=True)
            _PLAYWRIGHT_LOOP.clear()
            launched.close()


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Iterator[Browser]:
    """The worker's Chromium for one test module. Each test opens its own contexts (a device each: its own cookies
    and storage); every context the module leaves open is closed after its last test."""
    before = set(chromium.contexts)
    yield chromium
    for context in chromium.contexts:
        if context not in before:
            context.close()


@pytest.fixture(scope="session")
def hunt_batch() -> ModuleType:
    """Wolves on the Hunt's batch engine, its kernel compiled once across the test workers (tests/compiled.py)."""
    return compiled.hunt_batch()


@pytest.fixture(scope="session")
def hunt_heuristic_batch() -> ModuleType:
    """The Hunt's batch engine with the heuristic hunters' kernel too, compiled once across the workers."""
    return compiled.hunt_heuristic_batch()


@pytest.fixture(scope="session")
def spacewolves_batch() -> ModuleType:
    """Spacewolves!'s batch engine, its kernel compiled once across the test workers (tests/compiled.py)."""
    return compiled.spacewolves_batch()
