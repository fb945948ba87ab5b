"""Playing a whole Den of Wolves event headless: bots in every seat, chance from the seed, a summary per turn.

    >>> import wolfpack
    >>> from wolfpack.games.den.event import run_event
    >>> event = run_event(wolfpack.load_game("den-of-wolves", turns=2), seed=7)
    >>> [turn["turn"] for turn in event.turns]
    [1, 2]

The event runs through a `wolfpack.engine.records.Match`, so chance comes from `random.Random(seed)` exactly as in
`wolfpack play`, and with `record=` (an open text file) the whole event is written as a JSON-lines record that
`wolfpack replay FILE` re-applies. Every action at the simultaneous node names its seat in the record.

Who is asked, within each step: every team, Media and wildcard seat in seat order, each until it passes (a team's
first seat usually does the team's work; the others find it done); the round is repeated while anybody acted; once
a whole round passes, Control acts until it moves the event on (`control advance` or `control resolve-jumps`), and
the teams get their round again. Chance events are sampled as soon as they come up; with table dice (option
`table_dice`) a ship's dice wait for its team's bots to enter them (or Control's, before it advances).

A summary is taken as each turn ends (after the broadcast's rolls: with table dice, as its last die is entered, by
a team's seat or by Control), from Control's observation: see `TurnSummary`.
`play_turns` yields them as they come; `headless(game, seed, record)` plays an event with the game's bots in every
seat and yields each turn as text (`describe_turn`), for a terminal that shows a megagame turn by turn.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, Final

from wolfpack.bots import make_bot
from wolfpack.engine.bot import Bot, seat_seed
from wolfpack.engine.game import Game, State
from wolfpack.engine.play import BotError
from wolfpack.engine.records import Match
from wolfpack.games.den.bots import ControlBot
from wolfpack.games.den.rules import CONTROL

MOVES_ON: Final = frozenset(
    {"advance", "resolve-jumps", "attack", "wolf-round", "end-attack", "cancel-jump", "clear-riot", "enter"}
)
"""Control's verbs after which the teams are asked again (a called-off jump may be declared again, a station freed
of its riot worked, a ship whose die Control entered may act again)."""

TurnSummary = dict[str, Any]
"""One turn, as data:

- `turn`, `pursuit` (after the turn's rise), `fleet_at` (the fleet's coordinates, or "origin"), `rewards` left on
  the map;
- `jumped`: the ships whose jump was resolved this turn; `fleet_jumped`: whether the Aegis was among them;
- `separated`: the ships not with the fleet at the turn's end;
- `actions`: the seats' actions this turn (Control's included, chance outcomes not); `control_actions`: Control's
  alone (its workload: standing policies lower it, docs/event.md);
- `ships`: per ship `morale`, `hold` (every resource), `riots` (stations with an active riot), `anarchy`,
  `supplied` (the food and water ration levels the broadcast paid), `crew` (counters on its stations) and
  `wounded` (of those), `jumped`, `with_fleet`;
- `battles`: the Wolf Attacks fought this turn, as `state.battles` records them (attack.py);
- `votes`: the Council's votes decided this turn, from its minutes (council.py); `laws`: the laws in force.
"""


@dataclass
class Event:
    """A finished (or stopped) event: its final state, the per-turn summaries, the count of seat actions."""

    state: State[Any]
    turns: list[TurnSummary] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0


def event_bots(
    game: Game[Any],
    seed: int,
    team: str = "heuristic",
    control: str = "control",
    policies: Mapping[str, str] | None = None,
) -> dict[int, Bot]:
    """A bot in every seat: `control` in seat 0, `team` elsewhere, seeded as `wolfpack play` seeds them; with
    `policies`, Control's bot first sets those standing policies (kind of notice -> ruling)."""
    bots = {
        seat: make_bot(game, control if seat == CONTROL else team, seat_seed(seed, seat))
        for seat in range(game.num_players())
    }
    if policies:
        bots[CONTROL] = ControlBot(seat_seed(seed, CONTROL), policies=policies)
    return bots


def run_event(
    game: Game[Any],
    seed: int,
    bots: Mapping[int, Bot] | None = None,
    record: IO[str] | None = None,
    on_action: Callable[[int, str], None] | None = None,
) -> Event:
    """Play a whole event of `game` from `seed` with `bots` (default: `event_bots`), recording it if asked."""
    match = Match(game, seed, record=record)
    return play_event(match, bots if bots is not None else event_bots(game, seed), on_action)


def play_event(match: Match, bots: Mapping[int, Bot], on_action: Callable[[int, str], None] | None = None) -> Event:
    """Play `match` to its end; `on_action(seat, notation)` hears every seat's action (not chance outcomes).

    Seats without a bot never act; Control (seat 0) must have one. A bot that declines to act for Control raises
    BotError; an illegal action raises the engine's IllegalActionError."""
    event = Event(match.state)
    for _ in play_turns(match, bots, event, on_action):
        pass
    return event


def play_turns(
    match: Match, bots: Mapping[int, Bot], event: Event, on_action: Callable[[int, str], None] | None = None
) -> Iterator[TurnSummary]:
    """Play `match` to its end as `play_event` does, yielding each turn's summary as the turn ends (they are also
    added to `event.turns`, and `event` counts the actions and the time)."""
    if CONTROL not in bots:
        raise BotError("Control (seat 0) needs a bot: play waits for it")
    started = time.perf_counter() - event.seconds
    state = match.state
    others = [seat for seat in range(1, state.num_players()) if seat in bots]
    watch = TurnWatch(state)

    def act(seat: int, action: Any) -> tuple[str, TurnSummary | None]:
        watch.before(seat, state.action_to_string(action))
        notation = match.apply(action, seat)
        event.actions += 1
        while state.is_chance_node():
            match.roll()
        if on_action is not None:
            on_action(seat, notation)
        ended = watch.after(seat, notation)
        if ended is not None:
            event.turns.append(ended)
            event.seconds = time.perf_counter() - started
        return notation, ended

    passed: dict[int, int] = {}
    """Per seat, the length of the history when it last let the moment pass: it is not asked again until then."""

    while state.is_chance_node():
        match.roll()
    while not state.is_terminal():
        acted = False
        for seat in others:
            while not state.is_terminal() and passed.get(seat) != state.history_length():
                action = bots[seat].step(state, seat)
                if action is None:
                    passed[seat] = state.history_length()
                    break
                _, ended = act(seat, action)
                acted = True
                if ended is not None:
                    yield ended
        if acted or state.is_terminal():
            continue
        while not state.is_terminal():
            action = bots[CONTROL].step(state, CONTROL)
            if action is None:
                raise BotError("the Control bot declined to act, but play waits for it")
            notation, ended = act(CONTROL, action)
            if ended is not None:
                yield ended
            if notation.split()[1] in MOVES_ON:
                break
    event.seconds = time.perf_counter() - started


class TurnWatch:
    """Tells where each turn ends in a stream of seats' actions, live or replayed from a record, and takes its
    summary then (`summarise`). Call `before` and `after` around every seat's action (chance outcomes rolled in
    between are not actions of a seat)."""

    def __init__(self, state: State[Any]) -> None:
        self.state = state
        self.playing = int(state.observation(None)["turn"])
        """The turn being played: its summary is taken as it ends."""
        self.jumped: set[str] = set()
        """The ships whose jumps were resolved this turn."""
        self.actions = 0
        """The seats' actions this turn."""
        self.control_actions = 0
        """Control's actions this turn."""
        self._step_before = ""

    def before(self, seat: int, notation: str) -> None:
        """Note what the action about to be applied needs known beforehand: the step it leaves, the ships jumping."""
        words = notation.split()
        self._step_before = ""
        if seat == CONTROL and words[:2] == ["control", "advance"]:
            self._step_before = str(self.state.observation(None)["step"])
        elif seat == CONTROL and words[:2] == ["control", "resolve-jumps"]:
            ships = self.state.observation(None)["ships"]
            self.jumped |= {sid for sid, facts in ships.items() if facts["jumping"]}

    def after(self, seat: int, notation: str) -> TurnSummary | None:
        """The summary of the turn this action (and the chance outcomes after it) ended, else None."""
        self.actions += 1
        self.control_actions += seat == CONTROL
        if not self._turn_ended(notation):
            return None
        summary = summarise(self.state, self.playing, self.jumped, self.actions, self.control_actions)
        self.jumped, self.actions, self.control_actions = set(), 0, 0
        self.playing = int(self.state.observation(None)["turn"])
        return summary

    def _turn_ended(self, notation: str) -> bool:
        # A turn ends with Control's advance out of the Team Phase, or (table dice) with the broadcast's last die.
        words = notation.split()
        if self.state.is_terminal():
            return True
        if (words[:2] == ["control", "advance"] and self._step_before == "team") or "enter" in words[:2]:
            return int(self.state.observation(None)["turn"]) != self.playing
        return False


def headless(game: Game[Any], seed: int, record: IO[str] | None = None) -> Iterator[str]:
    """The whole event with the game's bots in every seat (`event_bots`), the record written to `record` (an open
    text file, or None): yields each turn's summary as text as the turn ends (`describe_turn`), then a last line."""
    match = Match(game, seed, record=record)
    event = Event(match.state)
    for summary in play_turns(match, event_bots(game, seed), event):
        yield describe_turn(summary)
    # No timing here: the same seed must print the same text.
    yield f"the event is over: {event.actions} actions by the seats"


def describe_turn(summary: TurnSummary) -> str:
    """A turn's summary as a few lines of text: the fleet, then a line per ship."""
    jumped = summary["jumped"]
    head = (
        f"turn {summary['turn']}: pursuit {summary['pursuit']}, fleet at {summary['fleet_at']}"
        + (f", {len(jumped)} ships jumped" if jumped else ", no jump")
        + (f", separated: {', '.join(summary['separated'])}" if summary["separated"] else "")
        + (f", rewards left: {_counts(summary['rewards'])}" if summary["rewards"] else "")
        + f"; Control acted {summary.get('control_actions', 0)} times"
    )
    lines = [head]
    for sid, ship in summary["ships"].items():
        marks = [f"rations {ship['supplied']['food']}/{ship['supplied']['water']}"]
        if ship["riots"]:
            marks.append(f"riots: {', '.join(ship['riots'])}")
        if ship["anarchy"]:
            marks.append("ANARCHY")
        if ship["jumped"]:
            marks.append("jumped")
        if not ship["with_fleet"]:
            marks.append("separated")
        lines.append(f"  {sid:<12} morale {ship['morale']:>2}  {_counts(ship['hold'])}  " + "; ".join(marks))
    lines += [describe_battle(battle) for battle in summary["battles"]]
    if summary["votes"]:
        lines.append("  Council: " + "; ".join(describe_vote(vote) for vote in summary["votes"]))
    return "\n".join(lines)


def describe_vote(vote: Mapping[str, Any]) -> str:
    """A Council vote in a few words: what was voted on, the result and the show of hands."""
    tally = vote["tally"]
    result = "passes" if vote["passed"] else "fails"
    return f"{vote['kind']} {result} {tally['yea']}-{tally['nay']}-{tally['abstain']}"


def describe_battle(battle: Mapping[str, Any]) -> str:
    """A Wolf Attack in one line: its strength, how it ended, the damage, boarders and fleet units lost."""
    destroyed = battle["arrived"] - battle["left"]
    text = (
        f"  Wolf Attack at pursuit {battle['pursuit']}: {destroyed} of {battle['arrived']} Wolves destroyed in "
        f"{battle['rounds']} Fleet round(s)"
    )
    if battle["damage"]:
        text += f"; damage: {_counts(battle['damage'])}"
    if battle["boarded"]:
        text += f"; boarders: {_counts(battle['boarded'])}"
    if battle["lost"]:
        text += f"; units lost: {', '.join(battle['lost'])}"
    return text


def _counts(counts: Mapping[str, int]) -> str:
    return " ".join(f"{name} {count}" for name, count in counts.items())


def summarise(state: State[Any], turn: int, jumped: set[str], actions: int, control_actions: int = 0) -> TurnSummary:
    """The summary of the turn that has just ended (see `TurnSummary`), from Control's observation."""
    view = state.observation(CONTROL)
    ships: dict[str, Any] = {}
    for sid, facts in view["ships"].items():
        panel = view["panels"][sid]
        ships[sid] = {
            "morale": panel["morale"],
            "hold": dict(panel["hold"]),
            "riots": list(facts["riots"]),
            "anarchy": facts["anarchy"],
            "supplied": dict(panel["supplied"]),
            "crew": sum(len(station["crew"]) for station in panel["stations"].values()),
            "wounded": sum(crew["wounded"] for station in panel["stations"].values() for crew in station["crew"]),
            "jumped": sid in jumped,
            "with_fleet": facts["with_fleet"],
        }
    aegis = next((sid for sid, facts in view["ships"].items() if facts["quadrant"] == 0), None)
    return {
        "turn": turn,
        "pursuit": view["pursuit"],
        "fleet_at": view["fleet_at"],
        "rewards": {k: v for k, v in view["rewards"].items() if v},
        "jumped": sorted(jumped),
        "fleet_jumped": aegis in jumped,
        "separated": sorted(sid for sid, ship in ships.items() if not ship["with_fleet"]),
        "actions": actions,
        "control_actions": control_actions,
        "ships": ships,
        "battles": [battle for battle in view["battles"] if battle["turn"] == turn],
        "votes": [vote for vote in view["council"]["record"] if vote["turn"] == turn],
        "laws": sum(law["status"] == "in force" for law in view["council"]["laws"]),
    }


__all__ = [
    "Event",
    "TurnSummary",
    "TurnWatch",
    "describe_battle",
    "describe_turn",
    "describe_vote",
    "event_bots",
    "headless",
    "play_event",
    "play_turns",
    "run_event",
    "summarise",
]
