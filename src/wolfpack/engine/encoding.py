"""Fixed action spaces and numeric features: what learning libraries (PettingZoo, OpenSpiel) need of a game.

A game that offers them names, in `Game.encoding`, a "module:function" taking the game and returning an
`ActionSpace`: a bijection between the game's actions and 0..size-1 (and its chance outcomes and 0..chance_size-1)
whose sizes depend only on the game and its options, and a fixed-shape vector of features read from one seat's
observation. The games keep it in their own `encoding.py`, which nothing in their rules imports. A game without one
is refused by `action_space` with an error naming it.

`WordSpace` builds such a bijection for games whose actions are words (WOLF, Wolves on the Hunt, Den of Wolves):
every action of a form is a fixed number of words, each drawn from its own finite vocabulary, and an action's index
is its form's offset plus its words' place in the product of the vocabularies (mixed radix).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game, GameOptions, State
from wolfpack.engine.registry import import_object

A = TypeVar("A", bound=Hashable)

Determinizer = Callable[[State[Any], int, random.Random], State[Any]]
"""`determinize(state, seat, rng)`: a state `seat` cannot tell from `state`, the secrets it has not seen sampled."""
Features = npt.NDArray[np.float32]
"""A seat's features: a flat float32 vector of the length its `FeatureLayout` gives."""


class NoActionSpaceError(WolfpackError, TypeError):
    """A game has no fixed action space and features, so learning libraries cannot take it."""


class OutsideActionSpaceError(WolfpackError, ValueError):
    """An action (or an index) the fixed action space does not hold."""


@dataclass(frozen=True)
class FeatureLayout:
    """The features' layout: named segments in order, each a number of floats, and what each segment holds."""

    segments: tuple[tuple[str, int, str], ...]
    """(name, length, meaning) of each segment, in the order they sit in the vector."""

    @property
    def size(self) -> int:
        """The length of the feature vector."""
        return sum(length for _, length, _ in self.segments)


class ActionSpace(Protocol[A]):
    """A game's fixed action space, chance outcomes apart, and its features (what `Game.encoding` returns)."""

    size: int
    """How many indices the seats' actions have: 0..size-1."""
    chance_size: int
    """How many indices the chance outcomes have: 0..chance_size-1."""
    layout: FeatureLayout
    """What `features` returns, segment by segment."""

    def index(self, action: A) -> int:
        """The index of a seat's action; OutsideActionSpaceError if the space does not hold it."""
        ...

    def action(self, index: int, state: State[A]) -> A:
        """The seat's action at `index` in `state` (where the state fixes a part the index leaves out: the value a
        die of a given colour shows); OutsideActionSpaceError if out of range."""
        ...

    def chance_index(self, outcome: A) -> int:
        """The index of a chance outcome; OutsideActionSpaceError if the space does not hold it."""
        ...

    def chance_outcome(self, index: int) -> A:
        """The chance outcome at `index`; OutsideActionSpaceError if out of range."""
        ...

    determinize: Determinizer | None
    """For a game with secrets, a sampler of the secrets a seat has not seen (None: the game has none, or cannot)."""

    def features(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The observation of `seat` as a float32 vector of `layout.size`: it reads that observation, and the seat's
        number (which a game's observation may not say), and nothing else."""
        ...


_SPACES: dict[tuple[type[Game[Any]], GameOptions], ActionSpace[Any]] = {}
"""Each game's action space by its class and options (all a space may depend on), built once: a space of words reads
thousands of forms through the game's notation, and every environment loads its game afresh."""


def action_space(game: Game[Any]) -> ActionSpace[Any]:
    """The fixed action space of `game` (built once per game class and options); NoActionSpaceError naming the game
    if it has none."""
    key = (type(game), game.options)
    space = _SPACES.get(key)
    if space is None:
        space = _SPACES[key] = _build(game)
    return space


def _build(game: Game[Any]) -> ActionSpace[Any]:
    """The fixed action space of `game`, built by the function its class names."""
    spec = getattr(type(game), "encoding", None)
    if spec is None:
        raise NoActionSpaceError(
            f"game {game.name!r} has no fixed action space and features (its Game class sets no `encoding`), "
            "so it cannot be used through PettingZoo or OpenSpiel"
        )
    build = import_object(spec)
    space: ActionSpace[Any] = build(game)
    return space


Form = tuple[tuple[str, ...], ...]
"""One form of action: the vocabulary of each of its words, in order (a fixed word is a vocabulary of one)."""


class WordSpace:
    """A bijection between actions written as words (one vocabulary per word of each form) and 0..size-1.

    Each form holds every combination of its words, including many the rules never allow (a knife at two locations
    that are not adjacent): the space is a superset of the legal actions, and the action mask picks the legal ones.
    Two forms of the same length whose vocabularies overlap at every word would name one text twice: refused.
    """

    def __init__(self, forms: Sequence[Form]) -> None:
        self.forms = [tuple(tuple(words) for words in form) for form in forms]
        self._lookup = [[{word: at for at, word in enumerate(words)} for words in form] for form in self.forms]
        self.offsets: list[int] = []
        total = 0
        by_head: dict[tuple[int, str], list[int]] = {}
        by_length: dict[int, list[int]] = {}
        for number, form in enumerate(self.forms):
            for words in form:
                if not words or len(set(words)) != len(words) or any(" " in word or not word for word in words):
                    raise ValueError(f"form {number}: a vocabulary is empty, repeats a word or has a word with a space")
            for earlier in by_length.get(len(form), []):
                if all(set(a) & set(b) for a, b in zip(self.forms[earlier], form, strict=True)):
                    raise ValueError(f"forms {earlier} and {number} can name the same action")
            by_length.setdefault(len(form), []).append(number)
            for head in form[0]:
                by_head.setdefault((len(form), head), []).append(number)
            self.offsets.append(total)
            total += int(np.prod([len(words) for words in form], dtype=np.int64))
        self._by_head = by_head
        self.size = total

    def index(self, text: str) -> int:
        """The index of an action's words; OutsideActionSpaceError if no form holds them."""
        words = text.split(" ")
        for number in self._by_head.get((len(words), words[0]), ()):
            lookup = self._lookup[number]
            index = 0
            for word, vocabulary in zip(words, lookup, strict=True):
                at = vocabulary.get(word)
                if at is None:
                    break
                index = index * len(vocabulary) + at
            else:
                return self.offsets[number] + index
        raise OutsideActionSpaceError(f"{text!r} is outside the fixed action space")

    def text(self, index: int) -> str:
        """The words at `index`; OutsideActionSpaceError if it is out of range."""
        if not isinstance(index, (int, np.integer)) or not 0 <= index < self.size:
            raise OutsideActionSpaceError(f"action index {index!r} is outside 0..{self.size - 1}")
        number = bisect_right(self.offsets, int(index)) - 1
        rest = int(index) - self.offsets[number]
        words = []
        for vocabulary in reversed(self.forms[number]):
            rest, at = divmod(rest, len(vocabulary))
            words.append(vocabulary[at])
        return " ".join(reversed(words))


class WordActionSpace(Generic[A]):
    """An `ActionSpace` of a game whose actions and chance outcomes are their notation (text), built from the forms
    of each (`WordSpace`).

    A game whose notation has runs of words that combine too freely for one vocabulary per word (a reroll of any
    dice, traps on any locations) gives `to_words`, which rewrites its notation into the forms' words (a run as one
    word), and `from_words`, which writes the notation back, reading from the state what the words left out."""

    def __init__(
        self,
        actions: Sequence[Form],
        chance: Sequence[Form],
        features: FeatureReader,
        to_words: Callable[[str], str] | None = None,
        from_words: Callable[[str, State[A]], str] | None = None,
        determinize: Determinizer | None = None,
    ) -> None:
        self.words = WordSpace(actions)
        self.chance_words = WordSpace(chance)
        self.size = self.words.size
        self.chance_size = self.chance_words.size
        self.layout = features.layout
        self._features = features
        self._to_words = to_words
        self._from_words = from_words
        self.determinize = determinize
        """For a game with secrets: a sampler of the secrets a seat has not seen (OpenSpiel's IS-MCTS asks)."""

    def index(self, action: A) -> int:
        """The index of a seat's action."""
        text = str(action)
        return self.words.index(text if self._to_words is None else self._to_words(text))

    def action(self, index: int, state: State[A]) -> A:
        """The seat's action at `index` in `state`."""
        text = self.words.text(index)
        if self._from_words is not None:
            text = self._from_words(text, state)
        return text  # type: ignore[return-value]  # these games' actions are their text

    def chance_index(self, outcome: A) -> int:
        """The index of a chance outcome."""
        return self.chance_words.index(str(outcome))

    def chance_outcome(self, index: int) -> A:
        """The chance outcome at `index`."""
        return self.chance_words.text(index)  # type: ignore[return-value]

    def features(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The observation of `seat` as features."""
        return self._features(observation, seat)


class FeatureReader(Protocol):
    """Reads a seat's observation into its features, laid out as `layout` says."""

    layout: FeatureLayout

    def __call__(self, observation: Mapping[str, Any], seat: int, /) -> Features: ...


class FeatureWriter:
    """Fills a feature vector segment by segment, in the layout's order (a segment written out of order fails)."""

    def __init__(self, layout: FeatureLayout) -> None:
        self.layout = layout
        self.vector = np.zeros(layout.size, dtype=np.float32)
        self._starts = {}
        start = 0
        for name, length, _ in layout.segments:
            self._starts[name] = (start, length)
            start += length

    def segment(self, name: str) -> npt.NDArray[np.float32]:
        """The view of segment `name` in the vector, to write into."""
        start, length = self._starts[name]
        return self.vector[start : start + length]

    def one_hot(self, name: str, at: int | None) -> None:
        """Set place `at` of segment `name` to 1 (nothing when `at` is None)."""
        if at is not None:
            self.segment(name)[at] = 1.0


def vocabulary_index(vocabulary: Sequence[object], word: object) -> int | None:
    """The place of `word` in `vocabulary`, or None when it is not there (an unknown word sets no bit)."""
    try:
        return vocabulary.index(word)
    except ValueError:
        return None
