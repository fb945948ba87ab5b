"""Den of Wolves' combat-only scenario (option `scenario=combat`): one Wolf Attack against turn 1's fleet.

    >>> import wolfpack
    >>> from wolfpack.games.den.event import run_event
    >>> event = run_event(wolfpack.load_game("den-of-wolves", scenario="combat", pursuit=4), seed=1)
    >>> [(battle["pursuit"], battle["turn"]) for battle in event.turns[-1]["battles"]]
    [(4, 1)]

The event starts as any other: the Aegis draws its destination and the seats play the start of turn 1 (the team bots
crew the drives and tell every ship the Aegis' rally point) until Control advances. As the Action Phase opens, the
pursuit track is set to the option `pursuit` and the Wolves it calls for attack at once, before anybody acts. The
attack runs as in an event, but the Wolves withdraw when Control ends Fleet round `attack_rounds` (the attack's
`withdraw`), and the event is over once the attack has ended and its damage cards are drawn. It is a designer's
measuring tool (docs/simulation.md, "Wolf Attacks only"): the rulebooks have no such scenario.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from wolfpack.games.den.attack import StartAttack
from wolfpack.games.den.rules import PUBLIC, note
from wolfpack.games.den.turn import SETTLED

if TYPE_CHECKING:
    from wolfpack.games.den.game import DenOptions
    from wolfpack.games.den.state import DenState

SCENARIOS: Final = ("event", "combat")
"""The option `scenario`: the whole event, or one Wolf Attack."""
SCENARIO_OPTIONS: Final = ("pursuit", "attack_rounds")
"""The options only the combat scenario takes."""
ATTACK_ROUNDS: Final = 6
"""Our default: Fleet rounds before the Wolves withdraw, as the Control bot ends an attack in an event."""


def options_of(state: DenState) -> DenOptions:
    """The game's options (the scenario's settings among them)."""
    options: DenOptions = state.game.options  # type: ignore[assignment]
    return options


def launch_due(state: DenState) -> bool:
    """Whether the combat scenario's attack starts now: the Action Phase has opened and nothing has been fought."""
    if options_of(state).scenario != "combat" or state.over:
        return False
    return state.step == "action" and state.attack is None and not state.battles


def fought(state: DenState) -> bool:
    """Whether the combat scenario is over: its attack has ended and every die and draw after it is done."""
    if options_of(state).scenario != "combat" or state.over:
        return False
    return bool(state.battles) and state.attack is None and not state.pending and not state.dice["awaiting"]


def launch(state: DenState) -> None:
    """The pursuit track is set to the scenario's level and the Wolves it calls for attack."""
    options = options_of(state)
    assert options.pursuit is not None  # the options' validator requires it for the combat scenario
    state.pursuit = options.pursuit
    note(state, PUBLIC, f"combat scenario: the pursuit track is set to {state.pursuit}")
    StartAttack.apply(state, [])
    assert state.attack is not None
    state.attack["withdraw"] = options.attack_rounds


def end(state: DenState) -> None:
    """The event is over with its one attack."""
    state.over = True
    state.step = "over"
    note(state, PUBLIC, "the combat scenario is over")


def on_settled(state: DenState) -> None:
    """Start the scenario's attack, or end the event after it, whenever the dice are done."""
    if launch_due(state):
        launch(state)
    elif fought(state):
        end(state)


SETTLED.append(on_settled)
