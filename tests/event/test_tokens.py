"""Join tokens and links (src/wolfpack/event/tokens.py): a secret per seat, and moving a seat to another device."""

from __future__ import annotations

import re

import pytest

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.tokens import SeatTokens, join_link
from wolfpack.server.protocol import TOKEN_PATTERN

from .conftest import BASE_URL


def test_every_seat_has_its_own_token_in_the_servers_token_format(classic: Event) -> None:
    tokens = classic.tokens.tokens
    assert len(tokens) == len(classic.seats)
    assert len(set(tokens)) == len(tokens)
    assert all(re.fullmatch(TOKEN_PATTERN, token) for token in tokens)
    assert [classic.seat_for_token(token) for token in tokens] == list(range(len(tokens)))


def test_moving_a_seat_gives_it_a_new_token_and_refuses_the_old_one_at_once(classic: Event) -> None:
    old = classic.tokens.tokens[9]
    moved = classic.move_seat("dione/captain")
    new = moved.tokens.tokens[9]
    assert new != old
    assert moved.seat_for_token(old) is None
    assert moved.seat_for_token(new) == 9
    assert [t for i, t in enumerate(moved.tokens.tokens) if i != 9] == [
        t for i, t in enumerate(classic.tokens.tokens) if i != 9
    ]
    assert classic.seat_for_token(old) == 9  # the event that was asked is unchanged: a value, not a mutation
    assert moved.link(9).endswith(f"#token={new}")


def test_a_strangers_token_holds_no_seat(classic: Event) -> None:
    assert classic.seat_for_token("x" * 32) is None
    assert classic.seat_for_token("") is None


def test_moving_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(EventError, match="seat 5: this event has seats 0 to 2"):
        SeatTokens.fresh(3).moved(5)


def test_a_join_link_is_the_base_url_the_event_and_the_token_after_a_hash(classic: Event) -> None:
    token = classic.tokens.tokens[3]
    assert classic.link(3) == f"{BASE_URL}/event/c1a551c0/join#token={token}"


def test_without_a_base_url_no_link_is_written_and_the_error_says_how_to_give_one() -> None:
    with pytest.raises(EventError, match=r"no base URL yet.*wolfpack event set abc --base-url"):
        join_link(None, "abc", "t" * 32)
