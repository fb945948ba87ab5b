"""TextChunks: an append-only sequence of texts kept in compressed chunks, shared by copies (engine/chunks.py)."""

from __future__ import annotations

import pytest

from wolfpack.engine.chunks import CHUNK_LINES, TextChunks


def sample_texts(count: int) -> list[str]:
    """Texts with what a log line may hold: quotes, a newline, a comma, non-ASCII letters, the empty text."""
    kinds = ['control set dione.fuel 3 "a leak"', "a line\nand its second", "", "Ægir, ß and 狼", "plain"]
    return [f"{number}: {kinds[number % len(kinds)]}" if number % 7 else "" for number in range(count)]


def test_thousands_of_texts_read_back_identical_by_index_slice_and_iteration() -> None:
    texts = sample_texts(5 * CHUNK_LINES + 17)
    chunks = TextChunks(texts)
    assert len(chunks) == len(texts) and list(chunks) == texts and chunks == texts
    assert [chunks[i] for i in range(len(texts))] == texts and chunks[-1] == texts[-1]
    for start, stop in [(0, 3), (CHUNK_LINES - 2, CHUNK_LINES + 2), (10, 4 * CHUNK_LINES + 1), (len(texts) - 5, None)]:
        assert chunks[start:stop] == texts[start:stop] and chunks.texts(start, stop) == texts[start:stop]
    assert chunks[::3] == texts[::3]
    # Not vacuous: the texts were closed into compressed chunks, all but the newest.
    assert len(chunks._closed) == 5 and len(chunks._open) == 17


def test_an_index_past_either_end_is_refused() -> None:
    chunks = TextChunks(sample_texts(3))
    with pytest.raises(IndexError, match="index 3 out of range"):
        chunks[3]
    with pytest.raises(IndexError, match="index -4 out of range"):
        chunks[-4]


def test_a_copy_shares_the_closed_chunks_and_goes_its_own_way() -> None:
    texts = sample_texts(2 * CHUNK_LINES + 5)
    chunks = TextChunks(texts)
    twin = chunks.copy()
    assert twin == chunks and all(a is b for a, b in zip(twin._closed, chunks._closed, strict=True))
    twin.append("only in the copy")
    chunks.extend(["only in the original", "and another"])
    assert list(twin) == [*texts, "only in the copy"]
    assert list(chunks) == [*texts, "only in the original", "and another"]


def test_only_text_is_taken_and_a_refused_append_changes_nothing() -> None:
    chunks = TextChunks(["a"])
    with pytest.raises(TypeError, match="TextChunks holds text, got int"):
        chunks.append(3)  # type: ignore[arg-type]
    assert list(chunks) == ["a"]


def test_equal_texts_are_equal_chunks_whatever_their_history() -> None:
    texts = sample_texts(CHUNK_LINES + 1)
    assert TextChunks(texts) == TextChunks(texts).copy() != TextChunks(texts[:-1])
    assert TextChunks(texts) != [*texts[:-1], "changed"]


def test_texts_at_scattered_positions_read_back_as_a_list_would() -> None:
    texts = sample_texts(4 * CHUNK_LINES + 9)
    chunks = TextChunks(texts)
    for positions in (
        [],
        [0],
        [5, CHUNK_LINES, CHUNK_LINES + 1, 3 * CHUNK_LINES + 2, len(texts) - 1],
        range(1, 900, 7),
    ):
        assert chunks.texts_at(positions) == [texts[p] for p in positions]
