"""Join tokens: one secret per seat, its join link, and moving a seat to another device (a new token; the old one is
refused at once).

Tokens look like the server's table tokens (`wolfpack.server.tables.new_token`), so the server's guards read them
unchanged. They are kept as they are, not hashed as a table's are: an organiser prints the sheets again after every
roster change, and the sheets carry the links. The event's database lives on the organiser's own machine.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, replace

from wolfpack.event.errors import EventError
from wolfpack.event.links import page_link
from wolfpack.server.tables import new_token


@dataclass(frozen=True)
class SeatTokens:
    """Each seat's current token, in seat order."""

    tokens: tuple[str, ...]

    @classmethod
    def fresh(cls, seats: int) -> SeatTokens:
        """A new unguessable token for every seat."""
        return cls(tuple(new_token() for _ in range(seats)))

    def moved(self, seat: int) -> SeatTokens:
        """The tokens after `seat` moves to another device: that seat gets a new token, the others keep theirs."""
        if not 0 <= seat < len(self.tokens):
            raise EventError(f"seat {seat}: this event has seats 0 to {len(self.tokens) - 1}")
        tokens = list(self.tokens)
        tokens[seat] = new_token()
        return replace(self, tokens=tuple(tokens))

    def seat_for(self, token: str) -> int | None:
        """The seat a token holds now, or None (an old token of a moved seat, or no token of this event)."""
        # Compare every seat in constant time, so the answer's timing tells nothing about any token.
        found = None
        for seat, current in enumerate(self.tokens):
            if hmac.compare_digest(current.encode(), token.encode()):
                found = seat
        return found


def join_link(base_url: str | None, event_id: str, token: str) -> str:
    """A seat's join link: the organiser's base URL, the event, and the token after # (never sent in a request line,
    so never in a server's or proxy's log)."""
    if base_url is None:
        raise EventError(
            "the event has no base URL yet, so its join links cannot be written: give it one with "
            f"`wolfpack event set {event_id} --base-url http://ADDRESS:PORT`"
        )
    return page_link(base_url, event_id, "join", token)
