"""Control's operators (src/wolfpack/event/operators.py): several desks, each its own token, name and focus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.operators import LONGEST_NAME, Operators
from wolfpack.event.store import EventStore
from wolfpack.server.protocol import TOKEN_PATTERN


def _desks(event: Event) -> Event:
    return event.add_operator("Ann Smith").add_operator("Bob", ("aegis", "Dione")).add_operator("Cy", ("vulcan",))


def test_several_operators_each_get_their_own_token_in_the_seats_scheme(classic: Event) -> None:
    event = _desks(classic)
    tokens = [operator.token for operator in event.operators.members]
    assert len(set(tokens)) == 3
    assert not set(tokens) & set(event.tokens.tokens)
    assert all(re.fullmatch(TOKEN_PATTERN, token) for token in tokens)
    assert [event.operator_for_token(token).name for token in tokens] == ["Ann Smith", "Bob", "Cy"]  # type: ignore[union-attr]
    assert event.operator_for_token(event.tokens.tokens[0]) is None
    assert event.operator_for_token("") is None


def test_a_desks_focus_is_some_of_the_events_ships_or_all_of_them(classic: Event) -> None:
    event = _desks(classic)
    assert "aegis" in event.ships and "control" not in event.ships and "media" not in event.ships
    assert event.operators.find("ann smith").focus == frozenset()
    assert event.operators.find("BOB").focus == {"aegis", "dione"}
    refocused = event.refocus_operator("Bob", ("carmine",))
    assert refocused.operators.find("Bob").focus == {"carmine"}
    assert refocused.operators.find("Bob").token == event.operators.find("Bob").token


def test_a_focus_on_a_ship_the_event_lacks_is_refused_and_changes_nothing(classic: Event) -> None:
    event = _desks(classic)
    with pytest.raises(EventError, match=r"focus: no ship 'galactica' in this event \(the ships are aegis, "):
        event.add_operator("Dee", ("aegis", "galactica"))
    with pytest.raises(EventError, match="focus: no ship 'media' in this event"):
        event.refocus_operator("Bob", ("media",))
    assert event.operators.find("Bob").focus == {"aegis", "dione"}
    assert len(event.operators.members) == 3


def test_removing_an_operator_or_revoking_their_token_refuses_the_old_token_at_once(classic: Event) -> None:
    event = _desks(classic)
    bob = event.operators.find("Bob").token
    revoked = event.revoke_operator_token("bob")
    assert revoked.operator_for_token(bob) is None
    assert revoked.operator_for_token(revoked.operators.find("Bob").token).name == "Bob"  # type: ignore[union-attr]
    cy = event.operators.find("Cy").token
    removed = event.remove_operator("Cy")
    assert removed.operator_for_token(cy) is None
    assert [operator.name for operator in removed.operators.members] == ["Ann Smith", "Bob"]
    assert event.operator_for_token(cy) is not None  # the event asked is unchanged: a value, not a mutation


def test_renaming_keeps_the_token_and_names_stay_distinct(classic: Event) -> None:
    event = _desks(classic)
    renamed = event.rename_operator("cy", "  Cyrus   Vance ")
    assert renamed.operators.find("cyrus vance").token == event.operators.find("Cy").token
    with pytest.raises(EventError, match="operator 'bob': an operator of that name exists already"):
        event.rename_operator("Cy", "bob")
    with pytest.raises(EventError, match="operator 'ANN smith': an operator of that name exists already"):
        event.add_operator("ANN  smith ")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "an operator needs a name: the name given is empty"),
        ("x" * (LONGEST_NAME + 1), f"a name has at most {LONGEST_NAME} characters"),
    ],
)
def test_a_bad_name_is_refused_naming_the_problem(classic: Event, name: str, message: str) -> None:
    with pytest.raises(EventError, match=message):
        classic.add_operator(name)
    assert classic.operators == Operators()


def test_an_unknown_operator_is_named_with_those_there_are(classic: Event) -> None:
    with pytest.raises(EventError, match=r"operator 'Zed': there is no such operator \(the operators are: Ann Smith"):
        _desks(classic).remove_operator("Zed")
    with pytest.raises(EventError, match=r"the operators are: none yet"):
        classic.rename_operator("Zed", "Zoe")


def test_operators_are_kept_in_the_database_and_a_revoked_token_finds_nobody(tmp_path: Path, classic: Event) -> None:
    database = f"sqlite:///{tmp_path}/e.db"
    store = EventStore.open(database)
    event = _desks(classic)
    store.create(event)
    assert store.load(event.id) == event
    old = event.operators.find("Bob").token
    assert store.find_operator_token(old) == (event.id, "Bob")
    changed = store.load(event.id).revoke_operator_token("Bob").remove_operator("Ann Smith")
    store.save(changed)
    store.close()
    reopened = EventStore.open(database)
    assert reopened.find_operator_token(old) is None
    assert reopened.find_operator_token(changed.operators.find("Bob").token) == (event.id, "Bob")
    loaded = reopened.load(event.id)
    assert loaded.operators == changed.operators
    assert loaded.operators.find("Bob").focus == {"aegis", "dione"}
    reopened.close()
