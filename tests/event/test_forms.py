"""Control's verb forms (src/wolfpack/event/forms.py) speak Control's language: every field is named for what it is,
its hint is words, and a bad value gets a sentence naming the field."""

from __future__ import annotations

import re

import pytest

from tests.rules.den.helpers import begin
from wolfpack.engine.errors import InvalidActionError
from wolfpack.event.forms import control_forms

JARGON = {"id", "int", "thing", "target", "path", "holder", "wolfplace", "unitkind", "count", "kind", "args"}
"""Words of the notation's grammar that mean nothing to Control."""
REGEX = re.compile(r"[\[\]\\^$*+?{}()|]|\(\?:")
"""A hint or label with any of these is showing a pattern, not words."""

FORMS = control_forms()
FIELDS = [(verb["verb"], field) for verb in FORMS for form in verb["forms"] for field in form]


@pytest.mark.parametrize(("verb", "field"), FIELDS, ids=[f"{verb}-{i}" for i, (verb, _) in enumerate(FIELDS)])
def test_every_field_is_named_for_what_it_is_in_words(verb: str, field: dict[str, object]) -> None:
    label, name, hint = field.get("label"), field.get("name"), field.get("hint")
    assert isinstance(label, str) and isinstance(name, str) and isinstance(hint, str), (verb, field)
    for shown in (label, name):
        assert shown.lower() not in JARGON, (verb, shown)
        assert not REGEX.search(shown), (verb, shown)
    assert re.fullmatch(r"[A-Z][A-Za-z ]*", label), (verb, label)
    assert hint and not REGEX.search(hint.replace("(", "").replace(")", "")), (verb, hint)


def test_the_fields_say_what_control_means() -> None:
    names = {verb["verb"]: [field["name"] for field in verb["forms"][0]] for verb in FORMS}
    assert names["news"] == ["ship", "change"]
    assert names["set"] == ["number", "value", "reason"]
    assert names["settle"] == ["notice", "reason"]
    assert names["move"] == ["piece", "destination", "reason"]
    assert names["brig"] == ["player", "reason"]
    assert names["freeform"] == ["ship", "cost", "odds", "attempt"]
    assert names["wolves"] == ["wolf-type", "number", "place", "reason"]


BAD = [
    ("control news dione x", "change", "whole number"),
    ('control set pursuit x "counted"', "value", "whole number"),
    ('control set dione.gold 3 "counted"', "number", "pursuit"),
    ("control set pursuit 3", "reason", None),
    ('control damage dione 0 "hit"', "damage", "from 1"),
    ('control freeform dione gold:1 4 "a raid"', "cost", "fuel:2,materials:1"),
    ('control freeform dione - 8 "a raid"', "odds", "1 to 7"),
    ('control settle first "done"', "notice", "number"),
    ('control brig captain "mutiny"', "player", "dione/captain"),
    ("control pause " + '"' + "x" * 201 + '"', "reason", "at most 200 characters"),
]


@pytest.mark.parametrize(("text", "field", "says"), BAD)
def test_a_bad_value_gets_a_sentence_naming_its_field(text: str, field: str, says: str | None) -> None:
    state = begin("classic", "action")
    with pytest.raises(InvalidActionError) as error:
        state.apply_action(text, 0)
    message = str(error.value)
    assert f"the {field}" in message.lower(), message
    if says is not None:
        assert says in message, message
    assert message[0].isupper() and message.endswith("."), message
    for jargon in ("<", "takes", "got ["):
        assert jargon not in message, message


def test_every_verb_with_arguments_answers_a_missing_argument_with_a_sentence() -> None:
    state = begin("classic", "action")
    for verb in FORMS:
        form = verb["forms"][0]
        if not form:
            continue
        with pytest.raises(InvalidActionError) as error:
            state.apply_action(f"control {verb['verb']}", 0)
        message = str(error.value)
        assert message[0].isupper() and message.endswith("."), message
        assert all(field["label"].lower() in message.lower() for field in form), (verb["verb"], message)
        assert "<" not in message and "takes" not in message, message
