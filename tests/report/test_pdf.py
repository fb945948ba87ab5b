"""Pages made into PDF (tests mirror src/wolfpack/report/pdf.py)."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

from wolfpack.report.pdf import PdfUnavailable, pdf_of


def test_a_page_becomes_a_pdf() -> None:
    made = pdf_of("<!doctype html><html><body><h1>Turn 1</h1><p>The fleet jumps.</p></body></html>")
    assert made.startswith(b"%PDF-") and made.rstrip().endswith(b"%%EOF")


def test_a_machine_without_pango_is_told_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def without_pango(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "weasyprint":
            raise OSError("cannot load library 'libpango-1.0-0'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_pango)
    with pytest.raises(PdfUnavailable, match=r"libpango-1.0-0.*apt-get install libpango-1.0-0 libpangoft2-1.0-0"):
        pdf_of("<p>x</p>")
