"""Every wolfpack game as a PettingZoo AEC environment: `wolfpack.interop.pettingzoo.env("wolf", players=3)`.

Agents are the seats ("seat_0", "seat_1", ...). Chance is played inside the environment, from the seed given to
`reset`. Each agent observes a dict: "observation", its features (the game's `ActionSpace.features` of its own
observation, float32), and "action_mask", 1 at every index of the game's fixed action space it may choose now; its
`info` holds the raw observation (the JSON-ready dict the engine gives that seat) under "observation". Rewards come at
the end: each seat's return. At a simultaneous moment the seats are asked one by one (`wolfpack.interop.seats`); the
last index lets an optional moment pass. Needs the extra: `pip install 'wolfpack[pettingzoo]'`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import CHANCE
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game, State
from wolfpack.engine.registry import load_game
from wolfpack.interop.seats import SeatByseat

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
except ImportError as missing:  # pragma: no cover - the extra is installed wherever the tests run
    raise ImportError(
        f"wolfpack.interop.pettingzoo needs PettingZoo ({missing.name} is missing): pip install 'wolfpack[pettingzoo]'"
    ) from None


def env(game: str, /, render_mode: str | None = None, **options: Any) -> WolfpackEnv:
    """The game `game` with `options` as a PettingZoo AEC environment (call `reset(seed=...)` before playing)."""
    return WolfpackEnv(load_game(game, **options), render_mode=render_mode)


def agent_name(seat: int) -> str:
    """The agent playing `seat`."""
    return f"seat_{seat}"


class WolfpackEnv(AECEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """A wolfpack game as an AEC environment: seats are agents, chance is played inside from the reset seed."""

    def __init__(self, game: Game[Any], render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise WolfpackError(f"render_mode {render_mode!r}: this environment renders only 'ansi' (text) or None")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"wolfpack_{game.name.replace('-', '_')}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.table = SeatByseat(game)
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players())]
        features = self.table.space.layout.size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(features,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.table.size,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.table.size)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._rng = random.Random(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space: its features and its action mask."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space: the game's fixed action space (and the pass, in games that have one)."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; `seed` seeds the chance played inside (None: a fresh random seed)."""
        self._rng = random.Random(seed)
        self.table = SeatByseat(self.game, space=self.table.space)
        self._views: dict[str, tuple[int, dict[str, Any]]] = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._play_chance()
        self._after_step()

    def set_state(self, state: State[Any]) -> None:
        """Go on from `state`, a state of this environment's game (a position to start from, a canary copy to check
        that no secret shows): infos, rewards and the agent asked follow it."""
        if state.game.name != self.game.name or state.game.options != self.game.options:
            raise WolfpackError(f"a state of {state.game!r} cannot go on in an environment of {self.game!r}")
        self.table.go_on_from(state)
        self._views = {}  # view versions of another state say nothing of this one
        self._play_chance()
        self._after_step()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's features and action mask, from its own observation only."""
        seat = self._seats[agent]
        state = self.table.state
        version = state.view_version(seat)
        if self._views.get(agent, (None,))[0] != version:
            self._views[agent] = (version, state.observation(seat))
        observation = self._views[agent][1]
        return {"observation": self.table.space.features(observation, seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        """The selected agent chooses `action` (an index of the action space); a finished agent passes None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise WolfpackError(f"{agent} must choose an action (an index whose action_mask is 1), not None")
        self._cumulative_rewards[agent] = 0.0
        self.table.apply(self._seats[agent], int(action))
        self._play_chance()
        self._after_step()
        self._accumulate_rewards()

    def _play_chance(self) -> None:
        """Play chance outcomes from the reset seed until a seat acts or the game ends."""
        state = self.table.state
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, self._rng))

    def _after_step(self) -> None:
        """Rewards at the end, fresh infos, and the agent asked next."""
        state = self.table.state
        if self.table.is_over():
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seats[agent]])
                self.terminations[agent] = True
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        for agent in self.agents:
            seat = self._seats[agent]
            version = state.view_version(seat)
            if self._views.get(agent, (None,))[0] != version:  # an unchanged version promises the same view
                self._views[agent] = (version, state.observation(seat))
            self.infos[agent] = {"observation": self._views[agent][1]}
        live = [agent for agent in self.agents if not self.terminations[agent]]
        self.agent_selection = agent_name(self.table.to_act()) if live else self.agents[0]

    def render(self) -> str | None:
        """The public view as text (render_mode "ansi"), or nothing."""
        if self.render_mode is None:
            return None
        return self.game.render(self.table.state.observation(None))

    def close(self) -> None:
        """Nothing to release."""
