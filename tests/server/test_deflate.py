"""WebSocket compression once per frame (`server.deflate`): the same bytes for every connection, each readable alone."""

from __future__ import annotations

import zlib

from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory, PerMessageDeflate
from websockets.frames import TEXT, Frame

from wolfpack.server.deflate import CompressedFrames, SharedDeflate, SharedDeflateFactory

UPDATE = b'{"type":"state","event":"e1","version":7,"patch":[["set",["turn"],2]],"log":["the fleet jumps"]}'


def negotiated(frames: CompressedFrames) -> tuple[SharedDeflate, PerMessageDeflate]:
    """A server's and a browser-like client's ends of one connection, negotiated as a handshake does."""
    client_factory = ClientPerMessageDeflateFactory(client_max_window_bits=True)
    offer = client_factory.get_request_params()
    response, server_end = SharedDeflateFactory(frames).process_request_params(offer, [])
    client_end = client_factory.process_response_params(response, [])
    assert isinstance(server_end, SharedDeflate)
    return server_end, client_end


def test_the_server_keeps_no_context_so_every_message_is_read_alone() -> None:
    frames = CompressedFrames()
    server_end, client_end = negotiated(frames)
    assert server_end.local_no_context_takeover
    messages = [UPDATE, UPDATE.replace(b"7", b"8"), UPDATE]
    for message in messages:
        sent = server_end.encode(Frame(TEXT, message))
        assert sent.rsv1
        assert client_end.decode(sent).data == message
        # Alone, too: no earlier message is needed to read it.
        fresh = zlib.decompressobj(wbits=-server_end.local_max_window_bits)
        assert fresh.decompress(bytes(sent.data) + b"\x00\x00\xff\xff") == message


def test_a_frame_sent_to_many_connections_is_compressed_once() -> None:
    frames = CompressedFrames()
    ends = [negotiated(frames) for _ in range(5)]
    sent = [server_end.encode(Frame(TEXT, UPDATE)) for server_end, _ in ends]
    assert frames.compressed == 1
    assert len({bytes(frame.data) for frame in sent}) == 1
    assert all(client_end.decode(frame).data == UPDATE for (_, client_end), frame in zip(ends, sent, strict=True))
    ends[0][0].encode(Frame(TEXT, UPDATE + b" "))
    assert frames.compressed == 2


def test_only_the_latest_frames_are_kept() -> None:
    frames = CompressedFrames(kept=2)
    server_end, _ = negotiated(frames)
    for n in range(4):
        server_end.encode(Frame(TEXT, UPDATE + str(n).encode()))
    assert len(frames.frames) == 2
    server_end.encode(Frame(TEXT, UPDATE + b"0"))  # let go, so compressed again
    assert frames.compressed == 5
