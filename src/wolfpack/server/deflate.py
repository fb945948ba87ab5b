"""WebSocket compression done once per frame, not once per connection.

An event sends the same frame to many devices (a seat's update to each of its phones, an advance's to every device
of a team), and permessage-deflate as uvicorn sets it up compresses each connection's copy on its own, with a
context per connection: at 600 devices that was a tenth of the server's time. Here the server compresses every
message from a fresh context (`server_no_context_takeover`, which every browser accepts, RFC 7692 section 7.1.1),
so the same text gives the same bytes on every connection, and the bytes are kept for the next connection that
sends that text. A message costs a few more bytes on the wire (no dictionary of the frames before it); it costs
one compression however many devices receive it.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import CONT, CTRL_OPCODES, Frame
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter

WINDOW_BITS = 12
COMPRESS_SETTINGS = {"memLevel": 5}
"""uvicorn's own settings for the server's side (a small window and memory per message)."""
FRAMES_KEPT = 256
"""Compressed frames kept: more than the distinct frames of one action's fan-out (a state frame per seat and kind)."""
TAIL = b"\x00\x00\xff\xff"
"""What a sync flush ends with, left off the wire (RFC 7692 section 7.2.1)."""


class CompressedFrames:
    """The compressed bytes of the latest frames, by (window bits, text): the same text compresses to the same bytes
    from a fresh context, so each is compressed once."""

    def __init__(self, kept: int = FRAMES_KEPT) -> None:
        self.kept = kept
        self.frames: OrderedDict[tuple[int, bytes], bytes] = OrderedDict()
        self.compressed = 0
        """How many messages were compressed (the others were found here)."""

    def get(self, data: bytes, window_bits: int, settings: dict[str, Any]) -> bytes:
        """`data` compressed as a whole message from a fresh context, its sync flush's tail left off."""
        key = (window_bits, data)
        found = self.frames.get(key)
        if found is not None:
            return found
        encoder = zlib.compressobj(wbits=-window_bits, **settings)
        compressed = encoder.compress(data) + encoder.flush(zlib.Z_SYNC_FLUSH)
        found = self.frames[key] = compressed[: -len(TAIL)]
        self.compressed += 1
        if len(self.frames) > self.kept:
            self.frames.popitem(last=False)
        return found


SHARED = CompressedFrames()
"""One cache for the whole server: the frames are the same whichever connection sends them."""


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate whose outgoing messages, each compressed from a fresh context, come from `CompressedFrames`;
    incoming messages are read as usual."""

    def __init__(self, *args: Any, frames: CompressedFrames = SHARED, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames = frames

    def encode(self, frame: Frame) -> Frame:
        """A whole message from the cache; a fragmented one (the server sends none) the usual way."""
        if frame.opcode in CTRL_OPCODES:
            return frame
        if frame.opcode is CONT or not frame.fin:
            return super().encode(frame)
        data = self.frames.get(bytes(frame.data), self.local_max_window_bits, self.compress_settings)
        return Frame(frame.opcode, data, frame.fin, True, frame.rsv2, frame.rsv3)


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate with no context kept on the server's side, and compresses with `SharedDeflate`."""

    def __init__(self, frames: CompressedFrames = SHARED) -> None:
        super().__init__(
            server_no_context_takeover=True,
            server_max_window_bits=WINDOW_BITS,
            client_max_window_bits=WINDOW_BITS,
            compress_settings=COMPRESS_SETTINGS,
        )
        self.frames = frames

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        """The response's parameters as websockets settles them; the extension made to share compressed frames."""
        response, made = super().process_request_params(params, accepted_extensions)
        shared = SharedDeflate(
            made.remote_no_context_takeover,
            made.local_no_context_takeover,
            made.remote_max_window_bits,
            made.local_max_window_bits,
            made.compress_settings,
            frames=self.frames,
        )
        return response, shared


class SharedDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets' sans-I/O one), compressing each frame once for all connections;
    given to uvicorn as its `ws` setting."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[SharedDeflateFactory()], max_size=self.config.ws_max_size, logger=self.conn.logger
            )
