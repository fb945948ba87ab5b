"""The shape of inbound frames: parse_message accepts the three messages and refuses everything else by name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wolfpack.server.protocol import (
    KNOWN_TYPES,
    MAX_FRAME_BYTES,
    Act,
    Join,
    Ping,
    Rejection,
    parse_message,
    request_id_of,
)

TOKEN = "A" * 20
ACT: dict[str, Any] = {"type": "act", "token": TOKEN, "action": "r4+3", "version": 2, "request_id": "r-1"}


def refused(frame: str | bytes) -> Rejection:
    with pytest.raises(Rejection) as caught:
        parse_message(frame)
    return caught.value


def with_(base: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**base, **changes})


def without(base: dict[str, Any], key: str) -> str:
    return json.dumps({k: v for k, v in base.items() if k != key})


# ---- accepted ---------------------------------------------------------------------------------------------------


def test_join_with_a_token_is_read() -> None:
    message = parse_message(json.dumps({"type": "join", "token": TOKEN, "render": True}))
    assert message == Join(type="join", token=TOKEN, render=True)


def test_join_without_a_token_watches() -> None:
    message = parse_message('{"type": "join", "token": null}')
    assert isinstance(message, Join)
    assert message.token is None and message.render is False


def test_act_is_read_with_every_field() -> None:
    message = parse_message(json.dumps(ACT))
    assert message == Act(type="act", token=TOKEN, action="r4+3", version=2, request_id="r-1")


def test_act_request_id_is_optional() -> None:
    message = parse_message(without(ACT, "request_id"))
    assert isinstance(message, Act) and message.request_id is None


def test_ping_is_read() -> None:
    assert isinstance(parse_message('{"type": "ping"}'), Ping)


def test_a_binary_frame_is_read_like_text() -> None:
    assert isinstance(parse_message(b'{"type": "ping"}'), Ping)


def test_a_frame_of_exactly_the_limit_is_read() -> None:
    head = '{"type": "ping"}'
    frame = head + " " * (MAX_FRAME_BYTES - len(head))
    assert len(frame.encode()) == MAX_FRAME_BYTES
    assert isinstance(parse_message(frame), Ping)


# ---- refused: size and encoding -------------------------------------------------------------------------------


def test_too_large_text_is_refused_unread() -> None:
    frame = '{"type": "ping"}' + " " * MAX_FRAME_BYTES
    rejection = refused(frame)
    assert rejection.code == "too-large"
    assert str(len(frame)) in rejection.message and str(MAX_FRAME_BYTES) in rejection.message


def test_too_large_is_measured_in_bytes_not_characters() -> None:
    frame = json.dumps({"type": "act", "token": TOKEN, "action": "é" * 4500, "version": 0}, ensure_ascii=False)
    assert len(frame) <= MAX_FRAME_BYTES < len(frame.encode())
    assert refused(frame).code == "too-large"


def test_too_large_binary_is_refused() -> None:
    assert refused(b"x" * (MAX_FRAME_BYTES + 1)).code == "too-large"


@pytest.mark.parametrize("frame", ["", "not json", "{", '{"type": "ping"', "{'type': 'ping'}", "\x00"])
def test_text_that_is_not_json_is_malformed(frame: str) -> None:
    rejection = refused(frame)
    assert rejection.code == "malformed"
    assert "not JSON" in rejection.message


def test_bytes_that_are_not_utf8_are_malformed() -> None:
    rejection = refused(b"\xff\xfe\xfa{")
    assert rejection.code == "malformed"
    assert "not JSON" in rejection.message


@pytest.mark.parametrize("frame", ["[]", '["ping"]', "1", '"ping"', "null", "true", "3.5"])
def test_json_that_is_not_an_object_is_malformed(frame: str) -> None:
    rejection = refused(frame)
    assert rejection.code == "malformed"
    assert "JSON object" in rejection.message


# ---- refused: type -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["move", "JOIN", "", None, 3, ["act"], {"a": 1}])
def test_unknown_type_is_named(kind: Any) -> None:
    rejection = refused(json.dumps({"type": kind}))
    assert rejection.code == "unknown-type"
    assert repr(kind) in rejection.message
    assert all(known in rejection.message for known in KNOWN_TYPES)


def test_missing_type_is_an_unknown_type() -> None:
    rejection = refused('{"token": null}')
    assert rejection.code == "unknown-type"
    assert "None" in rejection.message


# ---- refused: fields ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["token", "action", "version"])
def test_act_missing_a_field_names_it(field: str) -> None:
    rejection = refused(without(ACT, field))
    assert rejection.code == "malformed"
    assert rejection.message == f"An act message needs its {field}."


@pytest.mark.parametrize(
    ("frame", "field"),
    [
        (with_(ACT, seat=1), "seat"),
        ('{"type": "ping", "version": 3}', "version"),
        ('{"type": "join", "token": null, "seat": 0}', "seat"),
    ],
)
def test_extra_fields_are_named(frame: str, field: str) -> None:
    rejection = refused(frame)
    assert rejection.code == "malformed"
    assert field in rejection.message
    assert rejection.message.endswith(f"message has no field {field}.")


@pytest.mark.parametrize(
    "token",
    [
        "short",
        "A" * 15,
        "A" * 65,
        "A" * 19 + "!",
        "A" * 19 + " ",
        "A" * 19 + "é",
        "../../etc/passwd-xxxx",
        12345678901234567,
    ],
)
def test_act_with_a_token_off_the_pattern_is_malformed(token: Any) -> None:
    rejection = refused(with_(ACT, token=token))
    assert rejection.code == "malformed"
    assert "token" in rejection.message


def test_join_with_a_token_off_the_pattern_is_malformed() -> None:
    rejection = refused('{"type": "join", "token": "not a token"}')
    assert rejection.code == "malformed"
    assert "token" in rejection.message


@pytest.mark.parametrize("token", ["A" * 16, "A" * 64, "aZ09_-" * 4])
def test_tokens_on_the_pattern_are_read(token: str) -> None:
    message = parse_message(with_(ACT, token=token))
    assert isinstance(message, Act) and message.token == token


@pytest.mark.parametrize("version", [-1, -(2**40)])
def test_negative_version_is_malformed(version: int) -> None:
    rejection = refused(with_(ACT, version=version))
    assert rejection.code == "malformed"
    assert "version" in rejection.message
    assert rejection.message == "The version must be 0 or more."


@pytest.mark.parametrize("version", [1.5, "two", None, [2], {"v": 2}])
def test_version_that_is_not_a_whole_number_is_malformed(version: Any) -> None:
    rejection = refused(with_(ACT, version=version))
    assert rejection.code == "malformed"
    assert "version" in rejection.message


@pytest.mark.parametrize("action", ["", "x" * 201, None, 7])
def test_action_out_of_bounds_is_malformed(action: Any) -> None:
    rejection = refused(with_(ACT, action=action))
    assert rejection.code == "malformed"
    assert "action" in rejection.message


@pytest.mark.parametrize("request_id", ["", "r" * 81, 5])
def test_request_id_out_of_bounds_is_malformed(request_id: Any) -> None:
    rejection = refused(with_(ACT, request_id=request_id))
    assert rejection.code == "malformed"
    assert "The request id " in rejection.message


def test_render_must_be_a_flag() -> None:
    rejection = refused('{"type": "join", "token": null, "render": "please"}')
    assert rejection.code == "malformed"
    assert rejection.message == "Render must be true or false."


def test_every_problem_of_a_message_is_listed() -> None:
    rejection = refused('{"type": "act", "token": "x", "version": -1}')
    assert rejection.code == "malformed"
    for field in ("token", "action", "version"):
        assert field in rejection.message


def test_deeply_nested_json_is_malformed_not_a_crash() -> None:
    frame = "[" * 5000
    assert len(frame) <= MAX_FRAME_BYTES
    assert refused(frame).code == "malformed"


def test_a_number_too_long_to_read_is_malformed_not_a_crash() -> None:
    frame = '{"type": "act", "version": ' + "9" * 5000 + "}"
    assert len(frame) <= MAX_FRAME_BYTES
    assert refused(frame).code == "malformed"


# ---- the rejection and its frame --------------------------------------------------------------------------


def test_rejection_frame_carries_code_message_request_id_and_extras() -> None:
    rejection = Rejection("stale", "old news", version=7)
    assert rejection.frame("r-1") == {
        "type": "error",
        "code": "stale",
        "message": "old news",
        "request_id": "r-1",
        "version": 7,
    }
    assert "request_id" not in rejection.frame()
    assert rejection.close is False
    assert Rejection("bad-token", "no", close=True).close is True


# ---- request_id_of ---------------------------------------------------------------------------------------------


def test_request_id_of_reads_it_from_any_object() -> None:
    assert request_id_of(json.dumps(ACT)) == "r-1"
    assert request_id_of('{"type": "nonsense", "request_id": "abc"}') == "abc"
    assert request_id_of(b'{"request_id": "bytes-id"}') == "bytes-id"


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        b"\xff\xfe",
        "[1, 2]",
        '"r-1"',
        '{"type": "act"}',
        '{"request_id": 5}',
        '{"request_id": null}',
        '{"request_id": ["r-1"]}',
        json.dumps({"request_id": "r" * 81}),
        "[" * 5000,
    ],
)
def test_request_id_of_gives_none_when_there_is_no_readable_one(frame: str | bytes) -> None:
    assert request_id_of(frame) is None


def test_request_id_of_allows_the_longest_legal_id() -> None:
    assert request_id_of(json.dumps({"request_id": "r" * 80})) == "r" * 80


def test_request_id_of_survives_a_number_too_long_to_read() -> None:
    assert request_id_of('{"request_id": "r-1", "n": ' + "9" * 5000 + "}") is None
