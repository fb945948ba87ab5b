"""QR codes the pages show: drawn on the server (segno), so no page needs a QR library of its own."""

from __future__ import annotations

import segno

QR_ERROR_LEVEL = "m"
"""Our default: error correction M (15%), as on the event's printed sheets: a phone reads it off a dim screen."""


def qr_data_uri(text: str) -> str:
    """`text` as a QR code: an SVG in a data: address, which the pages' policy lets an <img> show."""
    return str(segno.make(text, error=QR_ERROR_LEVEL, micro=False).svg_data_uri(border=4))
