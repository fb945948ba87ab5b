"""What a device may send an event (src/wolfpack/event/protocol.py): a frame of the wrong shape is refused with a
sentence in Control's words, never a validator's message."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wolfpack.event.protocol import parse_message
from wolfpack.server.protocol import Rejection

ACT = {"type": "act", "seat": 0, "action": "control advance", "version": 3}


def refused(frame: dict[str, Any]) -> Rejection:
    with pytest.raises(Rejection) as caught:
        parse_message(json.dumps(frame))
    assert caught.value.code == "malformed"
    return caught.value


@pytest.mark.parametrize(
    ("frame", "sentence"),
    [
        ({"type": "message", "to": "everyone", "text": ""}, "A message cannot be empty."),
        ({**ACT, "reason": "r" * 201}, "A reason may be at most 200 characters (this one has 201)."),
        ({"type": "rewind", "version": 2, "reason": ""}, "A reason cannot be empty."),
        ({"type": "clock", "op": "stop"}, "The clock's change must be pause, resume, extend or shorten."),
        ({"type": "clock", "op": "extend", "seconds": 0}, "The number of seconds must be 1 or more."),
        ({"type": "clock", "op": "extend", "seconds": 9000}, "The number of seconds must be 7,200 or less."),
        ({**ACT, "version": -1}, "The version must be 0 or more."),
        ({**ACT, "seat": 1.5}, "The seat must be a whole number."),
        ({**ACT, "confirm": "yes"}, "Confirm must be true or false."),
        ({"type": "act", "seat": 0, "version": 1}, "An act message needs its action."),
        ({"type": "ping", "x": 1}, "A ping message has no field x."),
        ({"type": "join", "token": "short"}, "The token must be 16 to 64 letters, digits, _ or -."),
    ],
)
def test_a_frame_of_the_wrong_shape_is_refused_with_a_sentence(frame: dict[str, Any], sentence: str) -> None:
    rejection = refused(frame)
    assert rejection.message == sentence
    for jargon in ("should", "Input", "String", "bad ", "permitted"):
        assert jargon not in rejection.message


def test_every_problem_of_a_frame_is_said() -> None:
    message = refused({"type": "act", "seat": -1, "action": "", "version": 0}).message
    assert message == "The seat must be 0 or more. The action cannot be empty."
