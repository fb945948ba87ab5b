"""Every wolfpack game as an OpenSpiel Python game: `import wolfpack.interop.openspiel` registers them all.

Each game is registered as "wolfpack_<name>" (dashes as underscores: `pyspiel.load_game("wolfpack_wolf",
{"players": 3})`), its options as the game's parameters (an option whose default is None is unset as -1 if it is a
number, "" if it is text). The game type is declared from the game's own metadata: chance explicit or deterministic,
information perfect or imperfect, utility, terminal rewards; dynamics are sequential, since a wolfpack simultaneous
moment is offered seat by seat (`wolfpack.interop.seats`). Actions are indices of the game's fixed action space
(`wolfpack.engine.encoding`), chance outcomes indices of its chance space. Observations: the observation string is
the seat's observation as JSON, the observation tensor its features, and the information state string the same
JSON with the seat's log (what it has seen happen). `resample_from_infostate` samples the secrets a seat has not seen
for a game that can (WOLF's determinization) and copies the state for a game of perfect information.
Needs the extra: `pip install 'wolfpack[openspiel]'`.
"""

from __future__ import annotations

import json
import random
from typing import Any, get_args
from weakref import WeakKeyDictionary

import numpy as np

from wolfpack.engine.constants import CHANCE, TERMINAL
from wolfpack.engine.encoding import NoActionSpaceError, action_space
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game
from wolfpack.engine.registry import game_class, game_names, load_game
from wolfpack.interop.seats import SeatByseat

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - the extra is installed wherever the tests run
    raise ImportError(
        "wolfpack.interop.openspiel needs OpenSpiel (the module pyspiel is missing): pip install 'wolfpack[openspiel]'"
    ) from None

PREFIX = "wolfpack_"
LONGEST = 2**31 - 1
"""OpenSpiel keeps a game's length in 32 bits: a megagame's bound (its actions, each after a pass of every other of 52
seats) is declared as this, far beyond any game played."""

_CHANCE_MODES = {
    "explicit": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    "deterministic": pyspiel.GameType.ChanceMode.DETERMINISTIC,
}
_INFORMATION = {
    "perfect": pyspiel.GameType.Information.PERFECT_INFORMATION,
    "imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
_UTILITY = {
    "zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general-sum": pyspiel.GameType.Utility.GENERAL_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
}


_RESAMPLING: WeakKeyDictionary[Game[Any], random.Random] = WeakKeyDictionary()
"""Each game's stream of seeds for `resample_from_infostate`."""


def short_name(game: str) -> str:
    """The OpenSpiel name of wolfpack game `game`."""
    return PREFIX + game.replace("-", "_")


def _unset(annotation: Any) -> int | str:
    """How an OpenSpiel parameter says None for an option whose default is None: -1 for a number (every such option
    counts from 0 up), "" for text. OpenSpiel types a parameter by its default, and reads a saved game's parameters
    back by their look, so a number must stay a number."""
    return -1 if int in get_args(annotation) else ""


def _parameters(name: str) -> dict[str, Any]:
    """The game's options with their defaults, as OpenSpiel parameters (None as `_unset` says)."""
    options = game_class(name).Options
    return {
        option: _unset(field.annotation) if field.default is None else field.default
        for option, field in options.model_fields.items()
    }


def _options(name: str, params: dict[str, Any] | None) -> dict[str, Any]:
    """The wolfpack options of OpenSpiel parameters (defaults left out, the unset value back to None)."""
    fields = game_class(name).Options.model_fields
    defaults = _parameters(name)
    options = {}
    for key, value in dict(params or {}).items():
        if defaults.get(key) == value:
            continue
        unset = key in fields and fields[key].default is None and value == _unset(fields[key].annotation)
        options[key] = None if unset else value
    return options


def game_type(game: Game[Any]) -> pyspiel.GameType:
    """The OpenSpiel game type of a wolfpack game, declared from its metadata."""
    info = game.info
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"wolfpack {info.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_CHANCE_MODES[info.chance],
        information=_INFORMATION[info.information],
        utility=_UTILITY[info.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game.name),
    )


def game_info(game: Game[Any]) -> pyspiel.GameInfo:
    """The OpenSpiel game info of a wolfpack game with its options: sizes from its action space, bounds from its
    metadata."""
    table = SeatByseat(game)
    info = game.info
    utility_sum = {"zero-sum": 0.0, "constant-sum": _constant_sum(game)}.get(info.utility)
    # OpenSpiel wants a range: a game whose every return is the same (a megagame has no winner, all 0) declares a
    # range of 1 above it, which still holds every return.
    widen = 1.0 if info.max_return == info.min_return else 0.0
    return pyspiel.GameInfo(
        num_distinct_actions=table.size,
        max_chance_outcomes=table.space.chance_size,
        num_players=info.num_players,
        min_utility=info.min_return,
        max_utility=info.max_return + widen,
        utility_sum=utility_sum,
        max_game_length=min(table.max_length(), LONGEST),
    )


def _constant_sum(game: Game[Any]) -> float:
    """The sum of a constant-sum game's returns (Spacewolves!: the winner's 1 shared)."""
    state = game.new_initial_state()
    rng = random.Random(0)
    from wolfpack.engine.chance import sample_chance_outcome

    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat = state.waiting_for()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat if state.is_simultaneous_node() else None)
    return float(sum(state.returns()))


class WolfpackSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A wolfpack game with its options as an OpenSpiel game (a subclass per game names it: `GAMES`)."""

    wolfpack_name = ""
    """The wolfpack game's name (set by each game's subclass)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.wolfpack_name
        self.wolfpack_game = load_game(name, **_options(name, params))
        action_space(self.wolfpack_game)  # a game without one is refused here, with its name
        super().__init__(game_type(self.wolfpack_game), game_info(self.wolfpack_game), dict(params or {}))

    def new_initial_state(self) -> WolfpackSpielState:
        """The start of a game."""
        return WolfpackSpielState(self, SeatByseat(self.wolfpack_game))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WolfpackObserver:
        """The observer of a seat: its features as the tensor, its observation (and, with perfect recall, its log)
        as the string; asked for public information only, the public view's. No observer shows every seat's
        secrets at once."""
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS and self.wolfpack_game.info.information == "imperfect":
            raise WolfpackError(f"{self.wolfpack_game.name} has no observer of every seat's secrets at once")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WolfpackObserver(self, perfect_recall, public=private == pyspiel.PrivateInfoType.NONE)


class WolfpackSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a wolfpack state (and who is asked next at a simultaneous moment)."""

    def __init__(self, game: WolfpackSpielGame, table: SeatByseat) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        """The seat asked now, or OpenSpiel's chance or terminal player."""
        seat = self.table.to_act()
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The indices `player` may choose now, ascending."""
        return self.table.legal_indices(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending chance event's outcomes as (index, probability)."""
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Play the index chosen by the seat asked (or the chance outcome)."""
        seat = self.table.to_act()
        if seat == CHANCE:
            self.table.apply_chance(int(action))
        else:
            self.table.apply(seat, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's notation."""
        return self.table.describe(CHANCE if player == pyspiel.PlayerId.CHANCE else player, int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.table.is_over()

    def returns(self) -> list[float]:
        """Each seat's return (zeros before the end)."""
        return [float(value) for value in self.table.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WolfpackSpielState:
        """A state `player_id` cannot tell from this one, its unseen secrets sampled (OpenSpiel's IS-MCTS asks)."""
        determinize = self.table.space.determinize
        state = self.table.state
        if determinize is None:
            if self.table.game.info.information == "imperfect":
                raise WolfpackError(f"{self.table.game.name} cannot sample the secrets a seat has not seen")
            sampled = state.clone()
        else:
            # OpenSpiel's IS-MCTS hands a fresh sampler (the same first number) to every call: the game's own stream
            # of seeds keeps the samples apart, and seeded runs repeat.
            stream = _RESAMPLING.setdefault(self.table.game, random.Random(0))
            sampled = determinize(state, player_id, random.Random(stream.getrandbits(63)))
        copy: WolfpackSpielState = self.clone()  # OpenSpiel's history of moves kept
        copy.table = SeatByseat(self.table.game, sampled, self.table.space)
        copy.table.passed = self.table.passed
        return copy

    def __str__(self) -> str:
        return json.dumps(self.table.state.observation(None), sort_keys=True)


class WolfpackObserver:
    """A seat's view for OpenSpiel (or, `public`, what everyone sees): the features as the tensor, the observation as
    JSON as the string."""

    def __init__(self, game: WolfpackSpielGame, perfect_recall: bool, public: bool = False) -> None:
        space = action_space(game.wolfpack_game)
        self.perfect_recall = perfect_recall
        self.public = public
        self.tensor = np.zeros(space.layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, length, _ in space.layout.segments:
            self.dict[name] = self.tensor[start : start + length]
            start += length

    def _viewer(self, player: int) -> int | None:
        """Whose view is read: `player`'s, or the public one (None)."""
        return None if self.public else player

    def set_from(self, state: WolfpackSpielState, player: int) -> None:
        """Fill the tensor with the features of `player`'s view (the seat's number is no secret)."""
        observation = state.table.state.observation(self._viewer(player))
        self.tensor[:] = state.table.space.features(observation, player)

    def string_from(self, state: WolfpackSpielState, player: int) -> str:
        """The view as JSON (and, with perfect recall, the log it reads after it)."""
        wolfpack_state = state.table.state
        viewer = self._viewer(player)
        text = json.dumps(wolfpack_state.observation(viewer), sort_keys=True)
        if self.perfect_recall:
            text += "\n" + "\n".join(wolfpack_state.log(viewer))
        return text


def register(name: str) -> None:
    """Register wolfpack game `name` with OpenSpiel (a game without a fixed action space is refused, named)."""
    game = load_game(name)
    action_space(game)
    # OpenSpiel keeps the factory until the interpreter ends: a class kept in GAMES (a closure here aborted the
    # interpreter at exit, dropped without the GIL).
    factory = type(f"WolfpackSpielGame_{name.replace('-', '_')}", (WolfpackSpielGame,), {"wolfpack_name": name})
    GAMES[name] = factory
    pyspiel.register_game(game_type(game), factory)


def _register_all() -> list[str]:
    """Register every wolfpack game that has a fixed action space; the names registered."""
    registered = []
    known = set(pyspiel.registered_names())
    for name in game_names():
        if short_name(name) in known:
            registered.append(name)
            continue
        try:
            register(name)
        except NoActionSpaceError:
            continue  # loading it by name then fails in OpenSpiel; WolfpackSpielGame(name) says why
        registered.append(name)
    return registered


GAMES: dict[str, type[WolfpackSpielGame]] = {}
"""Each registered game's OpenSpiel class, by wolfpack name."""
REGISTERED = _register_all()
"""The wolfpack games OpenSpiel now knows, by wolfpack name."""


def load(name: str, /, **options: Any) -> WolfpackSpielGame:
    """Wolfpack game `name` with `options` as an OpenSpiel game (what `pyspiel.load_game` gives for it)."""
    if name not in GAMES:
        # A game plugin installed after this module was imported is registered now; an unknown game, or one
        # without a fixed action space, is refused, named.
        register(name)
    return GAMES[name](options)
