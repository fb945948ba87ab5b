"""What every browser test watches: the errors a page's console reports (a policy violation, a failed script)."""

from __future__ import annotations

from playwright.sync_api import Page


def console_errors(page: Page, found: list[str] | None = None) -> list[str]:
    """The list (`found`, or a new one) that every error `page` reports from now on is appended to, as it happens."""
    errors: list[str] = [] if found is None else found
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors
