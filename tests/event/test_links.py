"""The event's links: from its base URL, or their paths alone (and plainly so) when it has none."""

from __future__ import annotations

from wolfpack.event.links import desk_links, is_whole, page_link
from wolfpack.event.web import shared
from wolfpack.server.qr import qr_data_uri

BASE = "http://192.168.1.20:8000"


def test_a_page_link_starts_with_the_base_url_and_carries_its_token_after_the_hash() -> None:
    assert page_link(BASE, "e0e0e0e0", "join", "t" * 32) == f"{BASE}/event/e0e0e0e0/join#token={'t' * 32}"
    assert page_link(BASE, "e0e0e0e0", "projector") == f"{BASE}/event/e0e0e0e0/projector"


def test_without_a_base_url_a_link_is_its_path_and_never_a_guessed_address() -> None:
    link = page_link(None, "e0e0e0e0", "control", "t" * 32)
    assert link == f"/event/e0e0e0e0/control#token={'t' * 32}" and not is_whole(link)
    assert shared(link) == {"link": link}, "no QR code of a link no phone could open"
    whole = page_link(BASE, "e0e0e0e0", "control", "t" * 32)
    assert is_whole(whole) and shared(whole) == {"link": whole, "qr": qr_data_uri(whole)}


def test_only_the_organisers_desk_gets_the_organiser_pages_link() -> None:
    organiser = desk_links(BASE, "e0e0e0e0", "c" * 32, organiser=True)
    assert organiser == {
        "projector": f"{BASE}/event/e0e0e0e0/projector",
        "desk": f"{BASE}/event/e0e0e0e0/control#token={'c' * 32}",
        "organiser": f"{BASE}/event/e0e0e0e0/organiser#token={'c' * 32}",
    }
    assert desk_links(BASE, "e0e0e0e0", "o" * 32, organiser=False) == {
        "projector": f"{BASE}/event/e0e0e0e0/projector",
        "desk": f"{BASE}/event/e0e0e0e0/control#token={'o' * 32}",
    }
