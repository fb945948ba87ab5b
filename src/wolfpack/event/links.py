"""The event's links: every one made from the event's base URL (the address other devices reach the server at), so
that it opens on any phone or laptop at the venue, never from the address one browser happens to use.

With no base URL yet, a link is its path alone (`/event/<id>/...`): it opens only after the server's address, and
the pages and commands that show one say so plainly rather than guess an address (a guess from a browser on the
server's own machine would be `localhost`, which no other device can open).
"""

from __future__ import annotations

from urllib.parse import quote


def page_link(base_url: str | None, event_id: str, page: str, token: str | None = None) -> str:
    """A page of the event (its token after #, never in a request line); its path alone without a base URL."""
    link = f"{base_url or ''}/event/{quote(event_id)}/{page}"
    return link if token is None else f"{link}#token={token}"


def is_whole(link: str) -> bool:
    """Whether a link opens anywhere (it starts with the base URL), not only after the server's address."""
    return not link.startswith("/")


def desk_links(base_url: str | None, event_id: str, token: str, organiser: bool) -> dict[str, str]:
    """What a Control desk shows: the projector's address, the desk's own link and, on the organiser's own desk
    (Control's seat token) only, the organiser page's link."""
    links = {
        "projector": page_link(base_url, event_id, "projector"),
        "desk": page_link(base_url, event_id, "control", token),
    }
    if organiser:
        links["organiser"] = page_link(base_url, event_id, "organiser", token)
    return links
