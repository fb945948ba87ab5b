"""Pages made into PDF with WeasyPrint (HTML and CSS to PDF; it draws the SVG charts itself), for reports and the
printed kit. WeasyPrint needs the Pango library of the system (Debian: libpango-1.0-0 and libpangoft2-1.0-0)."""

from __future__ import annotations


class PdfUnavailable(RuntimeError):
    """The PDF cannot be made on this machine (a system library WeasyPrint needs is missing)."""


def pdf_of(page: str) -> bytes:
    """`page` (a whole HTML document, with everything it shows inline) as a PDF."""
    try:
        import weasyprint
    except OSError as exc:  # WeasyPrint loads Pango when imported
        raise PdfUnavailable(
            f"cannot make a PDF here: {exc}; install Pango (Debian: apt-get install libpango-1.0-0 libpangoft2-1.0-0)"
        ) from exc
    return bytes(weasyprint.HTML(string=page).write_pdf())
