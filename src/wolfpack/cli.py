"""The `wolfpack` command: play any registered game in the terminal, replay records, list the games.

It speaks only the engine protocol (`load_game`, the `State` methods, `Game.render`, `make_bot`), so a game that
registers appears here with nothing else to write.

    wolfpack play spacewolves --players 4 --bots 3       # you are seat 0 against three bots
    wolfpack play spacewolves --bots all --seed 7        # bots only: the same seed prints the same game
    wolfpack replay game.jsonl                           # re-apply a record, print the final position
    wolfpack replay wolf.jsonl --seat 2                  # a game with secrets, as seat 2 saw it (--all: everything)
    wolfpack games                                       # the games, their options and their bots
    wolfpack serve --port 8000                           # the browser server (see docs/server.md)
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sys
import textwrap
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console

from wolfpack.bots import (
    DIFFICULTIES,
    GENERIC_BOTS,
    Bot,
    PluginBotWarning,
    bot_for,
    bot_names,
    default_bot_name,
    difficulty_bots,
    make_bot,
    plugin_problems,
)
from wolfpack.engine.bot import seat_seed
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS
from wolfpack.engine.errors import IllegalActionError, InvalidActionError, RecordError, WolfpackError
from wolfpack.engine.game import Game, State
from wolfpack.engine.play import BotError, decision_order
from wolfpack.engine.records import Match, replay_record
from wolfpack.engine.registry import (
    PluginGameWarning,
    describe_options,
    game_class,
    game_names,
    import_object,
    load_game,
)
from wolfpack.engine.registry import plugin_problems as game_plugin_problems

if TYPE_CHECKING:
    import pandas as pd
    from rich.table import Table

    from wolfpack.event.model import Event
    from wolfpack.event.store import EventStore
    from wolfpack.sim.simulate import RunSpec

EXIT_USAGE = 2
"""Bad command line: unknown game, bad option, bad --bots or --bot (click's usage-error code)."""
EXIT_ABANDONED = 1
"""The game stopped early because input ended, or a record does not replay."""
EXIT_INTERRUPTED = 130
"""Ctrl-C: the shell convention, 128 + SIGINT."""

SEED_RANGE = 1_000_000
"""Fresh seeds are drawn below this, so that they are short enough to type back."""

GROUP_LIMIT = 16
"""A family of moves (same first word) larger than this is summarised instead of listed one by one."""

_INT = re.compile(r"[+-]?\d+")

app = typer.Typer(
    name="wolfpack",
    help="Play, replay and list wolfpack games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class UsageError(Exception):
    """A problem with the command line, reported as one message and exit code 2."""


# ---- helpers shared by the commands --------------------------------------------------------------------------


def make_console(*, stderr: bool = False) -> Console:
    """A console that prints game text as given: no markup, no emoji codes, no highlighting, no re-wrapping."""
    return Console(stderr=stderr, highlight=False, emoji=False, markup=False, soft_wrap=True)


def parse_game_options(values: Sequence[str]) -> dict[str, Any]:
    """Read `KEY=VALUE` pairs; a value that looks like an integer becomes one."""
    options: dict[str, Any] = {}
    for item in values:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"--option {item!r}: write it as KEY=VALUE, for example --option max_rounds=20")
        if key in options:
            raise UsageError(f"--option {key} is given twice")
        value = value.strip()
        options[key] = int(value) if _INT.fullmatch(value) else value
    return options


def open_game(name: str, options: Mapping[str, Any]) -> Game[Any]:
    """Load game `name` with `options`; an unknown game or a bad option becomes a UsageError with the engine's text."""
    try:
        return load_game(name, **options)
    except WolfpackError as exc:
        raise UsageError(str(exc)) from None


def bot_seats(bots: str | None, players: int) -> list[int]:
    """The seats that bots play: the last N of them (`bots` is N or "all"; default all but the first)."""
    if bots is None:
        count = players - 1
    elif bots.strip().lower() == "all":
        count = players
    else:
        try:
            count = int(bots)
        except ValueError:
            raise UsageError(f"--bots {bots!r}: give a number from 0 to {players}, or 'all'") from None
        if not 0 <= count <= players:
            raise UsageError(f"--bots {count}: this game has {players} seats, so give 0 to {players}, or 'all'")
    return list(range(players - count, players))


def seat_name(observation: Mapping[str, Any], seat: int) -> str:
    """A seat's name: from the observation's "players" list, else "seat N" with what the seat plays, if known.

    Games that do not name their seats may say what a seat plays through two conventions of the observation: a
    top-level mapping of units that carry a "seat" (WOLF's heroes), and a "sides" mapping from seat to side. So a
    WOLF seat reads "seat 0 (jack, miss-q)" or "seat 5 (wolves)". Pass the public view: a seat's own view may
    hold its secret side.
    """
    names = observation.get("players")
    if isinstance(names, list) and 0 <= seat < len(names):
        return str(names[seat])
    units = [
        str(unit_id)
        for value in observation.values()
        if isinstance(value, Mapping)
        for unit_id, unit in value.items()
        if isinstance(unit, Mapping) and unit.get("seat") == seat and unit.get("alive", True)
    ]
    sides = observation.get("sides")
    side = sides.get(str(seat)) if isinstance(sides, Mapping) else None
    roles = ", ".join(units)
    if side is not None:
        roles = f"{side}: {roles}" if roles else str(side)
    return f"seat {seat} ({roles})" if roles else f"seat {seat}"


def format_number(value: float) -> str:
    """A return or score, short: 1.0 -> "1", 0.5 -> "0.5"."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def result_lines(game: Game[Any], state: State[Any]) -> list[str]:
    """Each seat's return and, if the public observation has "scores", its score."""
    observation = state.observation(None)
    scores = observation.get("scores")
    names = [seat_name(observation, seat) for seat in range(game.num_players())]
    width = max(len(name) for name in names)
    lines = []
    for seat, (name, value) in enumerate(zip(names, state.returns(), strict=True)):
        line = f"  {name:<{width}}  return {format_number(value)}"
        score: Any = None
        if isinstance(scores, Mapping):
            score = scores.get(name, scores.get(str(seat)))
        elif isinstance(scores, list) and seat < len(scores):
            score = scores[seat]
        if score is not None:
            line += f"  score {format_number(score)}"
        lines.append(line)
    return lines


def describe_game(game: Game[Any]) -> str:
    """One line: the game's name and every option it was loaded with."""
    options = ", ".join(f"{key}={value}" for key, value in game.options_dict().items())
    return f"{game.info.long_name} ({game.name}){': ' + options if options else ''}"


def wrap_choices(choices: Sequence[str], width: int) -> list[str]:
    """Number the choices "1) a  2) b ..." and fill lines no wider than `width` (a single long item may be)."""
    lines: list[str] = []
    line = ""
    for number, text in enumerate(choices, start=1):
        item = f"{number}) {text}"
        if line and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else f"  {item}"
    if line:
        lines.append(line)
    return lines


def natural_key(text: str) -> list[Any]:
    """Sort key putting numbers in numeric order: "e6" before "e11"."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part]


def group_choices(notations: Sequence[str], limit: int = GROUP_LIMIT) -> tuple[list[int], list[str]]:
    """Which moves to number, and one summary line for each family (same first word) too large to list.

    A family of two-word moves (WOLF's `move e6`, or `boss e6` for each werewolf unit) is summarised with every
    second word, so that the squares a unit may reach are all on screen; any other family (Wolves on the Hunt's
    `reroll` with a hundred combinations of dice) with two examples. Such moves are typed in notation rather than
    picked by number.
    """
    families: dict[str, list[int]] = {}
    for index, text in enumerate(notations):
        families.setdefault(text.split(" ", 1)[0], []).append(index)
    numbered: list[int] = []
    summaries: list[str] = []
    for family, members in families.items():
        if len(members) <= limit:
            numbered.extend(members)
            continue
        words = [notations[i].split(" ") for i in members]
        if all(len(split) == 2 for split in words):
            seconds = " ".join(sorted((split[1] for split in words), key=natural_key))
            summaries.append(f"{family}: {len(members)} choices, type {family!r} and one of: {seconds}")
        else:
            examples = ", ".join(repr(notations[i]) for i in (members[0], members[-1]))
            summaries.append(f"{family}: {len(members)} choices, type one in notation (e.g. {examples})")
    return sorted(numbered), summaries


# ---- terminal play -------------------------------------------------------------------------------------------


@dataclass
class TerminalPlay:
    """One game in the terminal: humans type moves, bots and chance play themselves, and what happens is printed.

    With perfect information every action is printed in notation. With hidden information
    (`game.info.information == "imperfect"`) nothing secret reaches the wrong eyes: the screen belongs to one
    viewer at a time (the only human seat, the human seat that played last, or everyone when bots hold every
    seat), and what happens is printed as that viewer's lines of `state.log(viewer)`, never as notation (a chance
    outcome or a bot's move may name a secret card). When two or more human seats share the terminal, the screen
    is hidden before a different seat's decision, and that seat is asked to take the keyboard.
    """

    match: Match
    bots: dict[int, Bot]
    console: Console
    interactive: bool = field(default_factory=lambda: sys.stdin.isatty())
    """Whether a person types at a terminal; if not (piped input), each answer is echoed after its prompt."""
    _round: Any = None
    _screen: int | None = None
    """With hidden information: the seat whose eyes the screen is for now (None: everyone's)."""
    _shown: dict[int | None, int] = field(default_factory=dict)
    """With hidden information: how many lines of each viewer's log that viewer has been shown."""
    _public_mark: int = 0
    """With hidden information: the length of the public log when the screen was last given to a seat."""

    def __post_init__(self) -> None:
        humans = self.humans
        if self.hidden and len(humans) == 1:
            self._screen = humans[0]  # one person at the keyboard: the screen is theirs all game

    @property
    def game(self) -> Game[Any]:
        """The game being played."""
        return self.match.game

    @property
    def hidden(self) -> bool:
        """Whether the game has hidden information, so that the terminal must keep secrets apart."""
        return self.game.info.information == "imperfect"

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return [seat for seat in range(self.game.num_players()) if seat not in self.bots]

    @property
    def hot_seat(self) -> bool:
        """Whether several people share this terminal in a game with secrets: the screen is hidden between them."""
        return self.hidden and len(self.humans) >= 2

    def run(self) -> None:
        """Play until the game is over (EOFError, KeyboardInterrupt and the engine's errors pass through)."""
        state = self.match.state
        while not state.is_terminal():
            public = state.observation(None)
            self._announce_round(public)
            current = state.current_player()
            if current == CHANCE:
                self.match.roll()
            else:
                seat, action = self.decide()
                notation = self.match.apply(action, seat if current == SIMULTANEOUS else None)
                if self.hidden and seat not in self.bots:  # a person sees the move they typed; bots' may hide
                    self.say(f"{seat_name(public, seat)}: {notation}")
            self.show_log()
        if self.hot_seat and self._screen is not None:
            self.hide_screen()  # the last seat's secrets stay with it; the end is for everyone
            self._screen = None
            self._shown[None] = self._public_mark
            self.show_log()  # what happened since that seat took the keyboard, as everyone may read it
        self.say("")
        self.say(f"game over after {state.history_length()} actions")
        self.say(self.game.render(state.observation(None)))
        self.say("result:")
        for line in result_lines(self.game, state):
            self.say(line)

    def decide(self) -> tuple[int, Any]:
        """The next (seat, action): bots choose for their seats, humans are asked; optional seats may skip."""
        state = self.match.state
        simultaneous = state.is_simultaneous_node()
        for seat, must_act in decision_order(state, start=state.history_length()):
            if seat in self.bots:
                action = self.bots[seat].step(state, seat if simultaneous else None)
            else:
                action = self.ask(seat, optional=not must_act)
            if action is not None:
                return seat, action
            if must_act:
                raise BotError(f"the bot in seat {seat} declined to act, but play waits for it")
        raise BotError("no seat acted at a simultaneous node")

    def ask(self, seat: int, optional: bool = False) -> Any | None:
        """Show `seat` its view and legal moves, and read a move (its number or notation) until one is legal.

        With hidden information the seat first takes the keyboard (hot-seat play) and reads the log lines it has
        not seen yet. With `optional` (the seat may act now but play does not wait for it) an empty line lets the
        moment pass.
        """
        state = self.match.state
        name = seat_name(state.observation(None), seat)
        if self.hidden:
            self.take_screen(seat, name)
        view = state.observation(seat)
        legal = state.legal_actions(seat)
        notations = [state.action_to_string(action) for action in legal]
        numbered, summaries = group_choices(notations)
        self.say("")
        self.say(self.game.render(view))
        if optional:
            self.say(f"{name} may act now; type a number or a move, or just Enter to let it pass:")
        else:
            self.say(f"{name} to move; type a number or a move:")
        self._list([notations[i] for i in numbered], summaries)
        prompt = f"{name}> "
        while True:
            text = self.read(prompt).strip()
            if not text:
                if optional:
                    return None
                self._list([notations[i] for i in numbered], summaries)
                continue
            if _INT.fullmatch(text):
                number = int(text)
                if 1 <= number <= len(numbered):
                    return legal[numbered[number - 1]]
                self.say(f"no move number {number}: choose 1 to {len(numbered)}, or type a move")
                continue
            try:
                return state.parse_action(text, seat)
            except (InvalidActionError, IllegalActionError) as exc:
                self.say(str(exc))

    def take_screen(self, seat: int, name: str) -> None:
        """Give the screen to `seat`: in hot-seat play hide it and wait for the seat to take the keyboard; then
        print the lines of its log it has not seen yet."""
        if self._screen != seat:
            if self.hot_seat:
                self.hide_screen()
                self.read(f"Pass to {name} and press Enter ")
            self._screen = seat
        self._public_mark = len(self.match.state.log(None))
        recap = self._unseen(seat)
        if recap:
            self.say("")
            self.say(f"{name}, since you last looked:")
            for line in recap:
                self.say(f"  {line}")

    def show_log(self) -> None:
        """Print the log lines the screen's viewer has not seen yet (everyone's when the screen is public)."""
        for line in self._unseen(self._screen):
            self.say(line)

    def hide_screen(self) -> None:
        """Clear the screen and its scrollback (at a terminal), or print a rule (piped output) between seats."""
        if self.interactive and self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")  # home, clear the screen, clear the scrollback
            self.console.file.flush()
        else:
            self.say("")
            self.say("=" * min(self.console.width, 80))

    def read(self, prompt: str) -> str:
        """One line typed after `prompt`; EOFError at the end of input."""
        self.console.file.flush()
        text = input(prompt)
        if not self.interactive:
            self.say(text)
        return text

    def say(self, text: str) -> None:
        """Print a line of game text exactly as given."""
        self.console.print(text)

    def _unseen(self, viewer: int | None) -> list[str]:
        """The lines of `viewer`'s log not shown to it yet (each with its notation, which is what one types, where
        the game gives it), now counted as shown."""
        state = self.match.state
        lines = with_notation(state.log(viewer), state.log_notation(viewer))
        seen = self._shown.get(viewer, 0)
        self._shown[viewer] = len(lines)
        return lines[seen:]

    def _list(self, notations: Sequence[str], summaries: Sequence[str] = ()) -> None:
        for line in wrap_choices(notations, self.console.width):
            self.say(line)
        for summary in summaries:
            for line in textwrap.wrap(
                summary,
                width=max(self.console.width, 40),
                initial_indent="  ",
                subsequent_indent="      ",
                break_long_words=False,
                break_on_hyphens=False,
            ):
                self.say(line)

    def _announce_round(self, public: Mapping[str, Any]) -> None:
        """Print a "round N" line whenever the public view's "round" changes (for games that have rounds)."""
        value = public.get("round")
        if value is not None and value != self._round:
            self._round = value
            self.say(f"-- round {value} --")


GameOptionValues = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option; repeat for several."),
]
"""A command's game options, as `wolfpack play` and `wolfpack simulate` take them."""
EditionOption = Annotated[
    str | None, typer.Option("--edition", help="The rulebook edition, for games that have several.")
]
TurnsOption = Annotated[
    int | None, typer.Option("--turns", help="How many turns the game lasts, for games that take it.")
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (default: the game's default).")
]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes on this machine.")]
ClusterOption = Annotated[
    str | None,
    typer.Option("--cluster", metavar="tcp://HOST:PORT", help="Play on the workers of this Dask scheduler."),
]


@app.command()
def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game; see `wolfpack games`.")],
    players: PlayersOption = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", metavar="N|all", help="Bots take the last N seats (default: all but the first)."),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot", metavar="NAME", help="Which bot plays (default: heuristic if the game has it, else random)."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed of the dice and the bots (default: a fresh one, printed).")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", "-r", metavar="FILE", help="Write the game record (JSON lines) here.")
    ] = None,
    option: GameOptionValues = None,
    edition: EditionOption = None,
    turns: TurnsOption = None,
) -> None:
    """Play GAME in the terminal against bots (or watch bots play with --bots all)."""
    out = make_console()
    try:
        shorthands = {"players": players, "edition": edition, "turns": turns}
        loaded = _game_for_play(game, shorthands, option or [])
        bot_seat_list = bot_seats(bots, loaded.num_players())
        bot_name = bot_for(loaded, bot or default_bot_name(loaded))
        if bot_seat_list and bot_name not in bot_names(loaded):
            raise UsageError(
                f"--bot {bot_name!r}: {loaded.name} has the bots {', '.join(bot_names(loaded))}, "
                f"or a difficulty: {', '.join(DIFFICULTIES)}"
            )
    except UsageError as exc:
        _fail(str(exc), EXIT_USAGE)
    if seed is None:
        seed = secrets.randbelow(SEED_RANGE)
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history at the prompt)
    try:
        seat_bots = {seat: make_bot(loaded, bot_name, seat_seed(seed, seat)) for seat in bot_seat_list}
    except (ImportError, AttributeError) as exc:
        _fail(f"the {bot_name} bot for {loaded.name} cannot be loaded: {exc}", EXIT_ABANDONED)
    try:
        record_file = record.open("w", encoding="utf-8") if record is not None else None
    except OSError as exc:
        _fail(f"--record {record}: cannot write it: {exc.strerror or exc}", EXIT_USAGE)
    if loaded.headless is not None and len(bot_seat_list) == loaded.num_players():
        _play_headless(loaded, seed, record, record_file, out)
        return
    try:
        match = Match(loaded, seed, record=record_file)
        public = match.state.observation(None)
        out.print(describe_game(loaded))
        out.print(f"seed {seed}")
        roles = [
            f"{seat_name(public, seat)}: {bot_name + ' bot' if seat in seat_bots else 'human'}"
            for seat in range(loaded.num_players())
        ]
        out.print("seats: " + ", ".join(roles))
        terminal = TerminalPlay(match, seat_bots, out)
        if len(seat_bots) < loaded.num_players():
            out.print("Type a move's number or its notation; Ctrl-D or Ctrl-C abandons the game.")
        if terminal.hot_seat:
            out.print(
                "This game has secrets: the screen is hidden before each seat's turn; pass the keyboard when asked."
            )
        terminal.run()
    except KeyboardInterrupt:
        _abandon(out, "interrupted", record, EXIT_INTERRUPTED)
    except EOFError:
        _abandon(out, "end of input", record, EXIT_ABANDONED)
    except WolfpackError as exc:
        _fail(str(exc), EXIT_ABANDONED)
    finally:
        if record_file is not None:
            record_file.close()


def _play_headless(game: Game[Any], seed: int, record: Path | None, record_file: Any, out: Console) -> None:
    """Bots in every seat of a game that plays headless: a summary of each turn instead of every move."""
    run = import_object(game.headless or "")
    out.print(describe_game(game))
    out.print(f"seed {seed}; bots in all {game.num_players()} seats")
    try:
        for summary in run(game, seed, record_file):
            out.print(summary, highlight=False)
    except KeyboardInterrupt:
        _abandon(out, "interrupted", record, EXIT_INTERRUPTED)
    except WolfpackError as exc:
        _fail(str(exc), EXIT_ABANDONED)
    finally:
        if record_file is not None:
            record_file.close()
    if record is not None:
        out.print(f"record: {record} (`wolfpack replay {record}` replays it)")


def _game_for_play(name: str, shorthands: Mapping[str, object], option_values: Sequence[str]) -> Game[Any]:
    """The game with its options: `--option KEY=VALUE` ones and the shorthand flags (--players, --edition, --turns)."""
    options = parse_game_options(option_values)
    for key, value in shorthands.items():
        if value is None:
            continue
        if key in options:
            raise UsageError(f"give the {key} once: --{key} or --option {key}=...")
        options[key] = value
    return open_game(name, options)


def _abandon(out: Console, why: str, record: Path | None, code: int) -> NoReturn:
    out.print("")
    err = make_console(stderr=True)
    err.print(f"game abandoned ({why})")
    if record is not None:
        err.print(f"the record so far is in {record}; `wolfpack replay {record}` shows where it stopped")
    raise typer.Exit(code)


def _fail(message: str, code: int) -> NoReturn:
    make_console(stderr=True).print(f"error: {message}")
    raise typer.Exit(code)


# ---- replay and games ----------------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record written by `wolfpack play --record`.")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", metavar="N", help="Show the game as seat N saw it: its view and its log."),
    ] = None,
    everything: Annotated[
        bool,
        typer.Option("--all", help="Show everything (Control's view): every secret in the log, every seat's view."),
    ] = False,
    notation: Annotated[
        bool,
        typer.Option(
            "--notation", help="Follow each line of the log by its action in notation (games that log each action)."
        ),
    ] = False,
) -> None:
    """Re-apply a game record and print its log in words, the final position and the result.

    A record holds the whole truth, secrets included, so a game with hidden information is shown from the public
    view with its public log unless --seat N or --all asks for more.
    """
    out = make_console()
    if seat is not None and everything:
        _fail("give --seat N or --all, not both", EXIT_USAGE)
    try:
        state = replay_record(file)
    except RecordError as exc:
        _fail(str(exc), EXIT_ABANDONED)
    game = state.game
    if seat is not None and not 0 <= seat < game.num_players():
        _fail(f"--seat {seat}: this game has seats 0 to {game.num_players() - 1}", EXIT_USAGE)
    out.print(describe_game(game))
    out.print(f"{state.history_length()} actions replayed")
    public = state.observation(None)
    hidden = game.info.information == "imperfect"
    if notation and state.log_notation(seat) is None:
        _fail(f"--notation: the log of {game.info.long_name} is not one line per action; leave it out", EXIT_USAGE)
    if not hidden:
        out.print("log:")
        for line in with_notation(state.log(), state.log_notation() if notation else None):
            out.print(f"  {line}")
    if everything:
        if hidden:
            out.print("log, every secret shown (Control):")
            for line in control_log(state):
                out.print(f"  {line}")
            for viewer in range(game.num_players()):
                out.print("")
                out.print(f"as {seat_name(public, viewer)} sees it:")
                out.print(game.render(state.observation(viewer)))
        else:
            out.print(game.render(public))
    else:
        if hidden:
            whose = "public" if seat is None else f"{seat_name(public, seat)}'s"
            out.print(f"log ({whose} view):")
            for line in state.log(seat):
                out.print(f"  {line}")
        out.print(game.render(state.observation(seat)))
    if state.is_terminal():
        out.print("result:")
        for line in result_lines(game, state):
            out.print(line)
    else:
        out.print("the record stops before the game is over (an abandoned game)")


def with_notation(lines: Sequence[str], notation: Sequence[str] | None) -> list[str]:
    """Log lines in words, each followed by its notation in brackets when the game gives it."""
    if notation is None or len(notation) != len(lines):
        return list(lines)
    return [f"{line}  [{text}]" for line, text in zip(lines, notation, strict=True)]


def control_log(state: State[Any]) -> list[str]:
    """The log with every secret shown: each line as a seat that saw its secret reads it.

    This relies on every viewer's log having one line per event (WOLF's does); a game whose logs differ in length
    gets its actions in notation instead, which is the whole truth too.
    """
    public = state.log(None)
    seats = [state.log(seat) for seat in range(state.num_players())]
    if any(len(lines) != len(public) for lines in seats):
        return [state.action_to_string(action) for action in state.history()]
    return [next((lines[i] for lines in seats if lines[i] != line), line) for i, line in enumerate(public)]


@app.command()
def games() -> None:
    """List the registered games with their options and bots, and any game or bot plugin that cannot be used."""
    out = make_console()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginBotWarning)  # said below, once, in the listing's own words
        warnings.simplefilter("ignore", PluginGameWarning)
        problems = plugin_problems()
        game_problems = game_plugin_problems()
    for name in game_names():
        cls = game_class(name)
        game: Game[Any] | None = None
        try:
            game = load_game(name)
        except WolfpackError:
            out.print(name)
            bots = sorted({*GENERIC_BOTS, *cls.bots})
        else:
            info = game.info
            seats = (
                f"{info.min_players} seats"
                if info.min_players == info.max_players
                else f"{info.min_players} to {info.max_players} players"
            )
            out.print(f"{name}: {info.long_name}, {seats}")
            bots = bot_names(game)
        for option, text in describe_options(name).items():
            out.print(f"  --option {option}=...  {text}")
        out.print(f"  bots: {', '.join(bots)}")
        if game is not None:
            levels = difficulty_bots(game)
            out.print(f"  difficulties: {', '.join(f'{level} = {levels[level]}' for level in DIFFICULTIES)}")
    for plugin, why in game_problems.items():
        out.print(f"game plugin {plugin!r} is left out: {why}")
    for plugin, why in problems.items():
        out.print(f"bot plugin {plugin!r} is left out: {why}")


def _pdf(page: str) -> bytes:
    """`page` as a PDF; a machine that cannot make one is told what to install (exit code 1)."""
    from wolfpack.report.pdf import PdfUnavailable, pdf_of

    try:
        return pdf_of(page)
    except PdfUnavailable as exc:
        _fail(str(exc), EXIT_ABANDONED)


def _write_files(files: Sequence[tuple[Path, str | bytes]], what: str) -> None:
    """Write each file and say where; one that cannot be written is named (exit code 2)."""
    for path, content in files:
        try:
            path.write_bytes(content.encode() if isinstance(content, str) else content)
        except OSError as exc:
            _fail(f"{path}: cannot write the {what}: {exc.strerror or exc}", EXIT_USAGE)
        make_console().print(f"{what} written to {path}", highlight=False, markup=False)


@app.command()
def report(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A Den of Wolves record: a live event's export or `--record`.")
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="OUT", help="Where to write the page (FILE.html).")
    ] = None,
    pdf: Annotated[bool, typer.Option("--pdf", help="Also write the report as a PDF, beside the page.")] = False,
) -> None:
    """Den of Wolves: the after-action report of an event, as one HTML page (timeline, each ship's morale, hold
    and crew per turn as plots, jumps, attacks, the Council's votes and laws, casualties) that needs no network."""
    from wolfpack.report.den import read_report, render_html

    try:
        page = render_html(read_report(file))
    except RecordError as exc:
        _fail(str(exc), EXIT_ABANDONED)
    target = output if output is not None else file.with_suffix(".html")
    files: list[tuple[Path, str | bytes]] = [(target, page)]
    if pdf:
        files.append((target.with_suffix(".pdf"), _pdf(page)))
    _write_files(files, "report")


@app.command("print")
def print_kit(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game whose kit to print: den-of-wolves.")],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="OUT", help="The PDF to write (kit.pdf).")] = Path(
        "kit.pdf"
    ),
    edition: Annotated[str | None, typer.Option("--edition", help="classic (the default) or infinite-domain.")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", metavar="KEY=VALUE", help="A game option: content=DIR (an organiser's pack), turns=N."
        ),
    ] = None,
    event_id: Annotated[
        str | None,
        typer.Option("--event", metavar="ID", help="An event's kit: its own pack and settings, with its join slips."),
    ] = None,
    database: DatabaseOption = "sqlite:///var/wolfpack.db",
    html_too: Annotated[bool, typer.Option("--html", help="Also write the kit's HTML beside the PDF.")] = False,
) -> None:
    """Den of Wolves: the printed kit made from the content pack (the edition's, or an organiser's with
    --option content=DIR): ship panels, jump sheets, role sheets, damage decks, action and destination cards. With
    --event, the kit of that event (its pack, edition and turns) and every table's join slips with their QR codes."""
    from wolfpack.print.den import kit_html

    if game_name != "den-of-wolves":
        _fail(f"{game_name!r}: only den-of-wolves has a printed kit", EXIT_USAGE)
    join = None
    if event_id is not None:
        if edition is not None or option:
            _fail("--event prints the event's own pack and settings: leave out --edition and --option", EXIT_USAGE)
        from wolfpack.event.sheets import SLIP_STYLE, join_section

        with _event_store(database) as store:
            event = store.load(event_id)
            join = (SLIP_STYLE, join_section(event))
        game: Any = event.game
    try:
        if event_id is None:
            game = _game_for_play(game_name, {"edition": edition or "classic"}, option or [])
        page = kit_html(game.content, game.options.edition, game.options.turns, join)
    except (UsageError, WolfpackError, ValueError) as exc:
        _fail(str(exc), EXIT_USAGE)
    files: list[tuple[Path, str | bytes]] = [(output, _pdf(page))]
    if html_too:
        files.append((output.with_suffix(".html"), page))
    _write_files(files, "kit")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game; see `wolfpack games`.")],
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="The Parquet file to write (one row per game).")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games (at least 1).")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The run's seed: game i is the same in every run.")] = 1,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", "-b", metavar="NAME[,NAME...]", help="One bot for every seat, or one per seat, comma-separated."
        ),
    ] = None,
    jobs: JobsOption = 1,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            metavar="scalar|batch",
            help="scalar: the game's State, one game at a time; batch: its batch engine, many games as arrays.",
        ),
    ] = "scalar",
    cluster: ClusterOption = None,
    players: PlayersOption = None,
    option: GameOptionValues = None,
    edition: EditionOption = None,
    turns: TurnsOption = None,
) -> None:
    """Play GAME many times between bots and write one row per game to a Parquet file (docs/simulation.md).

    Finished chunks are kept in FILE.parts/: after an interruption, the same command goes on where it stopped."""
    from wolfpack.sim.simulate import make_spec

    shorthands = {"players": players, "edition": edition, "turns": turns}
    _run_games(
        lambda options: make_spec(game, options, bots, seed, engine), option, shorthands, games, out, jobs, cluster
    )


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game; see `wolfpack games`.")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots", "-b", metavar="NAME,NAME[,...]", help="The entrants: at least one per seat; a bot may repeat."
        ),
    ],
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="The Parquet file to write (one row per game).")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games (at least 1).")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="The tournament's seed: game i is the same in every run.")
    ] = 1,
    jobs: JobsOption = 1,
    cluster: ClusterOption = None,
    players: PlayersOption = None,
    option: GameOptionValues = None,
    edition: EditionOption = None,
    turns: TurnsOption = None,
) -> None:
    """Seat the bots in turn over seeded games of GAME and rate them with OpenSkill (docs/bots.md, "Tournaments").

    Every entrant sits in every seat and meets every other equally often over a full round; the rows go to FILE as
    `wolfpack simulate` writes them (so `wolfpack analyze` reads them), and the same command goes on after a stop."""
    from wolfpack.sim.arena import round_length
    from wolfpack.sim.tournament import ladder, make_tournament_spec

    shorthands = {"players": players, "edition": edition, "turns": turns}
    spec = _run_games(
        lambda options: make_tournament_spec(game, options, bots, seed), option, shorthands, games, out, jobs, cluster
    )
    full = round_length(len(spec.entrants), len(spec.bots))
    out_console = make_console()
    if games % full:
        out_console.print(
            f"note: a full round of this seating is {full} games; with {games} the seats are not all balanced "
            f"(give a multiple of {full})"
        )
    out_console.print(_ladder_table(ladder(out)))


def _ladder_table(table: pd.DataFrame) -> Table:
    """A tournament's ladder as a rich table: wins with their interval, mean return, rating with its interval."""
    from rich.table import Table

    shown = Table(title="ladder: OpenSkill (Plackett-Luce) ratings, best first; intervals about 95%", box=None)
    for heading in ("#", "entrant", "games", "wins", "win rate", "interval", "rating", "interval", "ordinal"):
        shown.add_column(heading, justify="left" if heading == "entrant" else "right")
    for place, row in enumerate(table.to_dict("records"), start=1):
        shown.add_row(
            str(place),
            row["entrant"],
            str(row["games"]),
            str(row["wins"]),
            f"{row['win_rate']:.2f}",
            f"{row['win_low']:.2f}-{row['win_high']:.2f}",
            f"{row['mu']:.1f}",
            f"{row['low']:.1f} to {row['high']:.1f}",
            f"{row['ordinal']:.1f}",
        )
    return shown


def _run_games(
    make: Callable[[dict[str, Any]], RunSpec],
    option: list[str] | None,
    shorthands: Mapping[str, object],
    games: int,
    out: Path,
    jobs: int,
    cluster: str | None,
) -> RunSpec:
    """Make a run's spec from its options (`make`), play its games into `out` with a progress bar, say what was
    played; the spec. Bad input ends the command with a sentence (exit 2), an interruption keeps the games done."""
    from wolfpack.sim.cluster import ClusterLostError, DaskExecutor, open_executor
    from wolfpack.sim.simulate import SimulationError, check_out, done_indices
    from wolfpack.sim.simulate import simulate as run_simulation

    err = make_console(stderr=True)
    try:
        options = parse_game_options(option or [])
        options.update(_shorthand_options(options, shorthands))
        spec = make(options)
        check_out(out, spec, games)
        executor = open_executor(jobs, cluster)
    except (UsageError, SimulationError) as exc:
        _fail(str(exc), EXIT_USAGE)
    started = time.perf_counter()
    with _games_progress(err, games, len(done_indices(out))) as advance:
        try:
            summary = run_simulation(spec, games, out, executor, on_done=advance)
        except KeyboardInterrupt:
            err.print(f"interrupted: the finished games are kept in {out}.parts; the same command goes on from there")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except SimulationError as exc:
            _fail(str(exc), EXIT_USAGE)
        except ClusterLostError as exc:
            _fail(f"{exc}; the finished games are kept in {out}.parts: the same command goes on", EXIT_ABANDONED)
        finally:
            if isinstance(executor, DaskExecutor):
                executor.close()
    seconds = time.perf_counter() - started
    rate = f", {summary.played / seconds:.2f} games/s" if summary.played and seconds > 0 else ""
    kept = f" ({summary.kept} kept from before)" if summary.kept else ""
    where = executor.describe() if isinstance(executor, DaskExecutor) else f"{executor.jobs} job(s)"
    make_console().print(
        f"{summary.games} games of {spec.game} in {out}{kept}: {summary.played} played in {seconds:.1f} s "
        f"on {where}{rate}"
    )
    return spec


def _shorthand_options(options: Mapping[str, Any], shorthands: Mapping[str, object]) -> dict[str, Any]:
    """The shorthand flags (--players, --edition, --turns) as options; one also given as --option is refused."""
    given = {key: value for key, value in shorthands.items() if value is not None}
    for key in given:
        if key in options:
            raise UsageError(f"give the {key} once: --{key} or --option {key}=...")
    return given


@contextlib.contextmanager
def _games_progress(console: Console, total: int, kept: int) -> Iterator[Callable[[int], None]]:
    """A progress bar of games done, with games per second and time left (shown only on a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        started = time.perf_counter()
        task = progress.add_task("games", total=total, completed=kept, rate="")
        done = 0

        def advance(count: int) -> None:
            nonlocal done
            done += count
            rate = done / max(time.perf_counter() - started, 1e-9)
            progress.update(task, advance=count, rate=f"{rate:.1f} games/s")

        yield advance


@app.command()
def analyze(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Results files of `wolfpack simulate`.")],
    compare: Annotated[
        bool, typer.Option("--compare", help="Compare exactly two files, A against B, and say if they differ.")
    ] = False,
    html: Annotated[
        Path | None, typer.Option("--html", metavar="REPORT.html", help="Also write one HTML page with the plots.")
    ] = None,
) -> None:
    """What results files of one game show: win rates with intervals, the first-player edge, length, Den of Wolves
    fleets over the turns (docs/simulation.md). Several files are read as one; --compare tests A against B."""
    from wolfpack.sim.analyze import AnalysisError
    from wolfpack.sim.report import build_report, check_html_out, print_text, write_html

    try:
        if html is not None:
            check_html_out(html)
        title, sections = build_report(files, compare)
    except AnalysisError as exc:
        _fail(str(exc), EXIT_USAGE)
    print_text(sections, make_console())
    if html is not None:
        write_html(html, title, sections)
        make_console().print(f"wrote {html}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str, typer.Option(help="sqlite:///FILE or postgresql://USER@HOST:PORT/DB")
    ] = "sqlite:///var/wolfpack.db",
    allow_fixed_seeds: Annotated[
        bool, typer.Option(help="Accept a table's seed from the web (tests, tournaments); every seat is told.")
    ] = False,
    public_url: Annotated[
        str | None, typer.Option(help="Address people reach the server at, for seat links and the Origin check.")
    ] = None,
    unjoined_expiry: Annotated[
        float, typer.Option(help="Seconds before a table nobody sat at leaves the lobby (0: never).")
    ] = 1800.0,
    table_burst: Annotated[int, typer.Option(help="Tables one address may open at once.")] = 20,
    tables_per_minute: Annotated[float, typer.Option(help="Steady rate one address may open tables at.")] = 4.0,
    view_process: Annotated[
        bool,
        typer.Option(help="Build events' views in a second process (off by default: the event's thread builds them)."),
    ] = False,
) -> None:
    """Run the browser server: lobby, tables, bots; every table is rebuilt from the database on start."""
    import pydantic
    import uvicorn

    from wolfpack.server.deflate import SharedDeflateProtocol
    from wolfpack.server.problems import setting_problem
    from wolfpack.server.settings import ServerSettings
    from wolfpack.server.store import engine_url
    from wolfpack.webapp import create_app

    try:
        engine_url(database)
        settings = ServerSettings(
            allow_fixed_seeds=allow_fixed_seeds,
            public_url=public_url,
            unjoined_expiry_seconds=unjoined_expiry or None,
            table_burst=table_burst,
            tables_per_minute=tables_per_minute,
        )
    except pydantic.ValidationError as exc:
        _fail("; ".join(_option_said(*setting_problem(problem), SERVE_OPTIONS) for problem in exc.errors()), EXIT_USAGE)
    except ValueError as exc:
        _fail(str(exc), EXIT_USAGE)
    _print_lines(_serve_banner(host, port, database))
    if allow_fixed_seeds:
        make_console().print("fixed seeds allowed: a table's creator may choose its seed (every seat is told)")
    app = create_app(database, settings, view_process=view_process)
    uvicorn.run(app, host=host, port=port, ws=SharedDeflateProtocol, ws_max_size=WS_MAX_BYTES, log_level="warning")


def _serve_banner(host: str, port: int, database: str) -> list[str]:
    """What `wolfpack serve` says first: where it listens (never an address nobody can open, like 0.0.0.0), where
    people on the venue's network reach it (with a QR code), and where an event is made."""
    from wolfpack.event.lan import ALL_INTERFACES, LOCAL_ONLY, announce

    if host in LOCAL_ONLY:
        where = f"open http://localhost:{port}/"
    elif host in ALL_INTERFACES:
        where = f"listening on every address of this machine, port {port}: here, open http://localhost:{port}/"
    else:
        where = f"listening on {host}, port {port}"
    if host in LOCAL_ONLY or host in ALL_INTERFACES:
        events = f"make one at http://localhost:{port}/events/new (in a browser on this machine) or with "
    else:  # the page answers only a browser on the loopback address, which this server does not listen on
        events = "make one with "
    return [
        f"wolfpack server: {where} (database {database})",
        announce(host, port),
        f"Den of Wolves events: {events}`wolfpack event new`",
    ]


WS_MAX_BYTES = 64 * 1024
"""Frames beyond this close the connection before the server reads them (the guards refuse anything over 8 KiB)."""


# ---- hosting a Den of Wolves event (docs/event.md) -----------------------------------------------------------

event_app = typer.Typer(
    name="event",
    help="Host a Den of Wolves event: its settings, roster, join links and printable sheets (docs/event.md).",
    no_args_is_help=True,
)
app.add_typer(event_app, name="event")

EVENT_DATABASE = "sqlite:///var/wolfpack.db"
"""`wolfpack serve`'s default database, so that the server finds the events made with the defaults."""

DatabaseOption = Annotated[
    str, typer.Option("--database", help="sqlite:///FILE or postgresql://USER@HOST:PORT/DB (as for serve).")
]
EventId = Annotated[str, typer.Argument(metavar="ID", help="The event's id (`wolfpack event list`).")]


SERVE_OPTIONS = {"unjoined_expiry_seconds": "--unjoined-expiry"}
"""`wolfpack serve`'s options whose names are not their settings' (public_url is --public-url, and so on)."""


def _option_said(field: str, said: str, options: dict[str, str] | None = None) -> str:
    """A refused setting's sentence with the setting named as the command line's option: "--turns must be ..."."""
    if not field:
        return said
    return f"{(options or {}).get(field) or '--' + field.replace('_', '-')}{said}"


@contextlib.contextmanager
def _event_store(database: str, options: bool = True) -> Iterator[EventStore]:
    """The database's events; an EventError from the command becomes one sentence and exit code 2 (a refused
    setting named by its option, or, `options` False, by its name: an argument's)."""
    from wolfpack.event.errors import EventError
    from wolfpack.event.settings import SettingError
    from wolfpack.event.store import EventStore

    store: EventStore | None = None
    try:
        store = EventStore.open(database)
        yield store
    except SettingError as exc:
        _fail(exc.named(_option_said(exc.field, "")) if options else str(exc), EXIT_USAGE)
    except EventError as exc:
        _fail(str(exc), EXIT_USAGE)
    finally:
        if store is not None:
            store.close()


def _read_text(path: Path, option: str) -> str:
    """A UTF-8 file's text; a file that cannot be read raises EventError naming the option."""
    from wolfpack.event.errors import EventError

    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise EventError(f"{option} {path}: not UTF-8 text (save the spreadsheet as CSV UTF-8)") from None
    except OSError as exc:
        raise EventError(f"{option} {path}: cannot read it: {exc.strerror or exc}") from None


def _describe_event(event: Event) -> list[str]:
    """An event's settings in a few lines."""
    settings = event.settings
    lines = [
        f"event {event.id}: {event.game.info.long_name}, {len(event.seats)} seats",
        f"  turns: {settings.turns} ({event.turns_played} played); each {settings.turn_minutes} minutes: "
        f"Action Phase {settings.action_minutes}, Team Phase {settings.team_minutes}",
        f"  quadrants: {settings.quadrants or 'as the content pack says'}",
        f"  dice: {'the tables roll and enter them' if settings.table_dice else 'the server rolls'}; the clock warns "
        f"{settings.warning_seconds} s before a phase ends",
        f"  content: {settings.content or 'the edition’s own pack'}",
        f"  base URL: {settings.base_url or 'none yet (wolfpack event set ID --base-url http://ADDRESS:PORT)'}",
    ]
    return lines


def _event_links(event: Event) -> list[str]:
    """The organiser page's link, Control's desk's and the projector's address, from the base URL; without one,
    their paths, saying so plainly and which address to give."""
    from wolfpack.event.lan import ipv4_addresses, machine_interfaces
    from wolfpack.event.links import desk_links

    base = event.settings.base_url
    links = desk_links(base, event.id, event.tokens.tokens[0], organiser=True)
    lines = [
        f"  organiser's page: {links['organiser']}",
        f"  Control's desk: {links['desk']}",
        f"  projector: {links['projector']}",
    ]
    if base is not None:
        return ["links:", *lines]
    found = ipv4_addresses(machine_interfaces())
    address, hint = "ADDRESS", " (this machine is on no network yet)"
    if found:
        interface, address = found[0]
        hint = f" (this machine's address on {interface}, and the port `wolfpack serve` listens on)"
    return [
        "links: no base URL yet, so these are paths for a browser on the server's machine (after the address "
        "`wolfpack serve` prints); for other devices, give the event the address they reach the server at: "
        f"`wolfpack event set {event.id} --base-url http://{address}:8000`{hint}",
        *lines,
    ]


def _roster_lines(event: Event) -> list[str]:
    """Who holds each seat, then merged roles and open seats."""
    width = max(len(seat.label) for seat in event.seats)
    lines = []
    for seat, holder in zip(event.seats, event.roster.holders, strict=True):
        who = "(open)" if holder is None else holder.describe()
        lines.append(f"  {seat.index:>3}  {seat.label:<{width}}  {seat.team_name}: {seat.role_title}  -> {who}")
    for name, held in event.roster.merged().items():
        lines.append(f"merged roles: {name} holds seats {', '.join(map(str, held))}")
    open_seats = event.roster.unassigned()
    lines.append(f"open seats: {len(open_seats)}" + (f" ({', '.join(map(str, open_seats))})" if open_seats else ""))
    return lines


def _print_lines(lines: Sequence[str]) -> None:
    out = make_console()
    for line in lines:
        out.print(line)


@event_app.command("new")
def event_new(
    database: DatabaseOption = EVENT_DATABASE,
    edition: Annotated[str, typer.Option(help="classic or infinite-domain.")] = "classic",
    content: Annotated[
        Path | None, typer.Option(metavar="DIR", help="An organiser's content pack (files it lacks: the edition's).")
    ] = None,
    turns: Annotated[int | None, typer.Option(help="Turns the event lasts (default: the game's, 12).")] = None,
    quadrants: Annotated[int | None, typer.Option(help="Fleet map quadrants (default: the pack's).")] = None,
    action_minutes: Annotated[int | None, typer.Option(help="The Action Phase's length (default 18).")] = None,
    team_minutes: Annotated[int | None, typer.Option(help="The Team Phase's length (default 12).")] = None,
    warning_seconds: Annotated[
        int | None, typer.Option(help="The clock warns this many seconds before a phase ends (default 120).")
    ] = None,
    table_dice: Annotated[
        bool, typer.Option(help="Tables roll real dice for their ship's rolls and enter them (default: the server).")
    ] = False,
    roster: Annotated[
        Path | None, typer.Option(metavar="CSV", help="Players to seat: columns name, team, role.")
    ] = None,
    base_url: Annotated[
        str | None, typer.Option(metavar="URL", help="Where people reach the server: http://ADDRESS:PORT.")
    ] = None,
    sheets: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Where the sheets go (default: ./event-ID-sheets).")
    ] = None,
) -> None:
    """Create an event: print its id and Control's token, and write its sheets if it has a base URL."""
    from wolfpack.event.model import new_event
    from wolfpack.event.settings import make_settings
    from wolfpack.event.sheets import write_sheets

    with _event_store(database) as store:
        settings = make_settings(
            edition=edition,
            content=None if content is None else str(content),
            turns=turns,
            quadrants=quadrants,
            action_minutes=action_minutes,
            team_minutes=team_minutes,
            warning_seconds=warning_seconds,
            table_dice=table_dice or None,
            base_url=base_url,
        )
        event = new_event(settings)
        if roster is not None:
            event = event.import_roster(_read_text(roster, "--roster"), source=str(roster))
        written = None
        if settings.base_url is not None:
            written = write_sheets(event, sheets or Path(f"event-{event.id}-sheets"))
        store.create(event)
    lines = [*_describe_event(event), f"  database: {database}", f"Control's token: {event.tokens.tokens[0]}"]
    lines += _event_links(event)
    if written is not None:
        lines.append(f"sheets: {written[-1].resolve()} (a page per table; print on A4)")
    else:
        lines.append(
            f"sheets: none yet, for join links need the server's address: `wolfpack event set {event.id} "
            f"--base-url http://ADDRESS:PORT`, then `wolfpack event sheets {event.id} --out DIR`"
        )
    lines.append(f"open seats: {len(event.roster.unassigned())} (`wolfpack event show {event.id}` lists them)")
    _print_lines(lines)


@event_app.command("list")
def event_list(database: DatabaseOption = EVENT_DATABASE) -> None:
    """List the events of a database, newest first."""
    import datetime

    with _event_store(database) as store:
        events = store.events()
    if not events:
        _print_lines([f"no events in {database} (`wolfpack event new` makes one)"])
        return
    lines = []
    for summary in events:
        created = datetime.datetime.fromtimestamp(summary.created).strftime("%Y-%m-%d %H:%M")
        settings = summary.settings
        lines.append(
            f"{summary.id}  {created}  {settings.edition}  turns {summary.turns_played}/{settings.turns}  "
            f"seats {summary.seats - summary.open_seats}/{summary.seats} taken"
        )
    _print_lines(lines)


@event_app.command("show")
def event_show(event_id: EventId, database: DatabaseOption = EVENT_DATABASE) -> None:
    """Show an event's settings and who holds each seat."""
    with _event_store(database) as store:
        event = store.load(event_id)
        lines = [*_describe_event(event), *_event_links(event), "seats:", *_roster_lines(event)]
    _print_lines(lines)


@event_app.command("roster")
def event_roster(
    event_id: EventId,
    database: DatabaseOption = EVENT_DATABASE,
    import_file: Annotated[
        Path | None, typer.Option("--import", metavar="CSV", help="Seat the players of a CSV file.")
    ] = None,
    export_file: Annotated[
        Path | None, typer.Option("--export", metavar="CSV", help="Write the roster as CSV ('-': print it).")
    ] = None,
    assign: Annotated[
        tuple[str, str] | None, typer.Option(metavar="SEAT NAME", help="Give a seat (number or label) to a person.")
    ] = None,
    bot: Annotated[str | None, typer.Option(metavar="SEAT", help="Leave a seat to the game's bot.")] = None,
    control: Annotated[str | None, typer.Option(metavar="SEAT", help="Leave a seat to Control.")] = None,
    unassign: Annotated[str | None, typer.Option(metavar="SEAT", help="Leave a seat open.")] = None,
) -> None:
    """Change who plays which seat (one change per command), or import or export the roster as CSV."""
    from wolfpack.event.errors import EventError

    given = [
        option
        for option, value in [
            ("--import", import_file),
            ("--export", export_file),
            ("--assign", assign),
            ("--bot", bot),
            ("--control", control),
            ("--unassign", unassign),
        ]
        if value is not None
    ]
    if len(given) != 1:
        which = "none" if not given else " and ".join(given)
        _fail(f"give one of --import, --export, --assign, --bot, --control, --unassign (got {which})", EXIT_USAGE)
    with _event_store(database) as store:
        event = store.load(event_id)
        if export_file is not None:
            text = event.export_roster()
            if str(export_file) == "-":
                sys.stdout.write(text)
                return
            try:
                export_file.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise EventError(f"--export {export_file}: cannot write it: {exc.strerror or exc}") from None
            _print_lines([f"roster of {len(event.seats)} seats written to {export_file}"])
            return
        if import_file is not None:
            changed = event.import_roster(_read_text(import_file, "--import"), source=str(import_file))
        elif assign is not None:
            changed = event.assign(*assign)
        elif bot is not None:
            changed = event.leave_to_bot(bot)
        elif control is not None:
            changed = event.leave_to_control(control)
        else:
            changed = event.unassign(unassign or "")
        store.save(changed)
    moved = sum(a != b for a, b in zip(event.roster.holders, changed.roster.holders, strict=True))
    _print_lines(
        [
            f"event {event.id}: seats changed: {moved}; open seats: {len(changed.roster.unassigned())}",
            f"print the sheets again: `wolfpack event sheets {event.id} --out DIR`",
        ]
    )


@event_app.command("turns")
def event_turns(
    event_id: EventId,
    turns: Annotated[int, typer.Argument(metavar="N", help="How many turns the event lasts now.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """Change how many turns the event lasts (never fewer than it has played)."""
    with _event_store(database, options=False) as store:
        event = store.load(event_id).with_turns(turns)
        store.save(event)
    _print_lines([f"event {event.id}: {event.settings.turns} turns ({event.turns_played} played)"])


@event_app.command("set")
def event_set(
    event_id: EventId,
    database: DatabaseOption = EVENT_DATABASE,
    base_url: Annotated[
        str | None, typer.Option(metavar="URL", help="Where people reach the server: http://ADDRESS:PORT.")
    ] = None,
    action_minutes: Annotated[int | None, typer.Option(help="The Action Phase's length.")] = None,
    team_minutes: Annotated[int | None, typer.Option(help="The Team Phase's length.")] = None,
    warning_seconds: Annotated[
        int | None, typer.Option(help="The clock warns this many seconds before a phase ends.")
    ] = None,
) -> None:
    """Change an event's base URL, phase lengths or the clock's warning."""
    values = {
        "base_url": base_url,
        "action_minutes": action_minutes,
        "team_minutes": team_minutes,
        "warning_seconds": warning_seconds,
    }
    if all(value is None for value in values.values()):
        _fail("give at least one of --base-url, --action-minutes, --team-minutes, --warning-seconds", EXIT_USAGE)
    with _event_store(database) as store:
        event = store.load(event_id).with_settings(**values)
        store.save(event)
    _print_lines(_describe_event(event))


@event_app.command("move-seat")
def event_move_seat(
    event_id: EventId,
    seat: Annotated[str, typer.Argument(metavar="SEAT", help="The seat's number or label.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """Move a seat to another device: a new token and link; the old ones stop working at once."""
    with _event_store(database) as store:
        event = store.load(event_id)
        moved = event.move_seat(seat)
        store.save(moved)
        info = moved.seat(seat)
        lines = [f"seat {info.index} ({info.label}) has a new token: {moved.tokens.tokens[info.index]}"]
        if moved.settings.base_url is not None:
            lines.append(f"its link: {moved.link(info.index)}")
        lines.append("the old link no longer works; print its sheet again with `wolfpack event sheets`")
    _print_lines(lines)


@event_app.command("sheets")
def event_sheets(
    event_id: EventId,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Where to write the sheets.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """Write the printable sheets: a page per table, a slip per seat with its join link and QR code."""
    from wolfpack.event.sheets import write_sheets

    with _event_store(database) as store:
        written = write_sheets(store.load(event_id), out)
    _print_lines([f"{len(written) - 1} sheets written; open {written[-1].resolve()} and print them on A4"])


@event_app.command("backup")
def event_backup(
    event_id: EventId,
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="Where to write the copy.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """Copy a live event's store while the server runs: SQLite's whole database, or PostgreSQL's rows of the event."""
    from wolfpack.event.backup import backup

    with _event_store(database) as store:
        made = backup(store.engine, event_id, out)
    what = "a copy of the whole SQLite database" if made.kind == "sqlite" else "a dump of the event's rows"
    _print_lines(
        [
            f"event {event_id}: {what} at version {made.version}, {made.bytes:,} bytes, in {out}",
            f"read it into a database with `wolfpack event restore {event_id} --from {out} --database URL`",
        ]
    )


@event_app.command("restore")
def event_restore(
    event_id: EventId,
    source: Annotated[Path, typer.Option("--from", metavar="FILE", help="A copy `wolfpack event backup` wrote.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """Read an event from a backup into a database that does not hold it yet."""
    from wolfpack.event.backup import restore_backup

    with _event_store(database) as store:
        version = restore_backup(store.engine, event_id, source)
    _print_lines([f"event {event_id} restored at version {version} into {database}"])


@event_app.command("export")
def event_export(
    event_id: EventId,
    out: Annotated[Path, typer.Option("--out", metavar="FILE.jsonl", help="Where to write the record.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """Write the whole event as one game record, which `wolfpack replay FILE` plays."""
    from wolfpack.event.export import export_record

    with _event_store(database) as store:
        made = export_record(store.engine, store.load(event_id).game, event_id, out)
    status = "over" if made.over else "not over yet"
    _print_lines([f"event {event_id}: {made.actions} actions ({status}), {made.bytes:,} bytes, in {out}"])


@event_app.command("paper")
def event_paper(
    event_id: EventId,
    out: Annotated[Path, typer.Option("--out", metavar="FILE.pdf", help="Where to write the PDF.")],
    database: DatabaseOption = EVENT_DATABASE,
) -> None:
    """The paper fallback: every ship's state now (hold, morale, stations with their crew, damage and riots, units),
    a page per ship, to play on by hand if the network dies mid-event."""
    from wolfpack.event import history
    from wolfpack.games.den.editions import EDITION_NAMES
    from wolfpack.games.den.rules import CONTROL
    from wolfpack.print.den import fleet_state_html

    with _event_store(database) as store:
        event = store.load(event_id)
        state, version = history.restore(store.engine, event.game, event_id)
    view = state.observation(CONTROL)
    title = f"Den of Wolves, {EDITION_NAMES.get(str(view['edition']), view['edition'])}, event {event_id}"
    _write_files([(out, _pdf(fleet_state_html(view, title)))], "fleet on paper")
    _print_lines([f"event {event_id}: the fleet at version {version}, turn {view['turn']}"])


def main() -> None:
    """The console script's entry point."""
    app(prog_name="wolfpack")
