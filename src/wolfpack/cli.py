"""The `wolfpack` command: play any registered game in the terminal, replay records, list the games.

It speaks only the engine protocol (`load_game`, the `State` methods, `Game.render`, `make_bot`), so a game that
registers appears here with nothing else to write.

    wolfpack play spacewolves --players 4 --bots 3       # you are seat 0 against three bots
    wolfpack play spacewolves --bots all --seed 7        # bots only: the same seed prints the same game
    wolfpack replay game.jsonl                           # re-apply a record, print the final position
    wolfpack games                                       # the games, their options and their bots
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from wolfpack.bots import GENERIC_BOTS, Bot, bot_names, make_bot
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS
from wolfpack.engine.errors import IllegalActionError, InvalidActionError, RecordError, WolfpackError
from wolfpack.engine.game import Game, State
from wolfpack.engine.play import BotError, decision_order
from wolfpack.engine.records import Match, replay_record
from wolfpack.engine.registry import describe_options, game_class, game_names, load_game

EXIT_USAGE = 2
"""Bad command line: unknown game, bad option, bad --bots or --bot (click's usage-error code)."""
EXIT_ABANDONED = 1
"""The game stopped early because input ended, or a record does not replay."""
EXIT_INTERRUPTED = 130
"""Ctrl-C: the shell convention, 128 + SIGINT."""

PREFERRED_BOT = "heuristic"
"""The bot `play` uses when the game offers it; otherwise the game-agnostic "random"."""

SEED_RANGE = 1_000_000
"""Fresh seeds are drawn below this, so that they are short enough to type back."""

BOT_SEED_STRIDE = 1000
"""Bot `seat` of a game seeded `seed` gets the seed `seed * BOT_SEED_STRIDE + seat`."""

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


def default_bot_name(game: Game[Any]) -> str:
    """The bot `play` seats by default: "heuristic" if the game offers it, else "random"."""
    return PREFERRED_BOT if PREFERRED_BOT in bot_names(game) else "random"


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
    """A seat's name from the observation's "players" list, or "seat N" when the game gives none."""
    names = observation.get("players")
    if isinstance(names, list) and 0 <= seat < len(names):
        return str(names[seat])
    return f"seat {seat}"


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


def group_choices(notations: Sequence[str], limit: int = GROUP_LIMIT) -> tuple[list[int], list[str]]:
    """Which moves to number, and one summary line for each family (same first word) too large to list.

    A family such as "reroll" with a hundred combinations of dice is summarised with two examples; its moves are
    typed in notation rather than picked by number.
    """
    families: dict[str, list[int]] = {}
    for index, text in enumerate(notations):
        families.setdefault(text.split(" ", 1)[0], []).append(index)
    numbered: list[int] = []
    summaries: list[str] = []
    for family, members in families.items():
        if len(members) > limit:
            examples = ", ".join(repr(notations[i]) for i in (members[0], members[-1]))
            summaries.append(f"{family}: {len(members)} choices, type one in notation (e.g. {examples})")
        else:
            numbered.extend(members)
    return sorted(numbered), summaries


# ---- terminal play -------------------------------------------------------------------------------------------


@dataclass
class TerminalPlay:
    """One game in the terminal: humans type moves, bots and chance play themselves, every action is printed."""

    match: Match
    bots: dict[int, Bot]
    console: Console
    interactive: bool = field(default_factory=lambda: sys.stdin.isatty())
    """Whether a person types at a terminal; if not (piped input), each answer is echoed after its prompt."""
    _round: Any = None

    @property
    def game(self) -> Game[Any]:
        """The game being played."""
        return self.match.game

    def run(self) -> None:
        """Play until the game is over (EOFError, KeyboardInterrupt and the engine's errors pass through)."""
        state = self.match.state
        while not state.is_terminal():
            public = state.observation(None)
            self._announce_round(public)
            current = state.current_player()
            if current == CHANCE:
                self.say(f"chance: {self.match.roll()}")
            else:
                seat, action = self.decide()
                label = f"{seat_name(public, seat)}{' (bot)' if seat in self.bots else ''}"
                self.say(f"{label}: {self.match.apply(action, seat if current == SIMULTANEOUS else None)}")
        self.say("")
        self.say(f"game over after {len(state.history())} actions")
        self.say(self.game.render(state.observation(None)))
        self.say("result:")
        for line in result_lines(self.game, state):
            self.say(line)

    def decide(self) -> tuple[int, Any]:
        """The next (seat, action): bots choose for their seats, humans are asked; optional seats may skip."""
        state = self.match.state
        simultaneous = state.is_simultaneous_node()
        for seat, must_act in decision_order(state, start=len(state.history())):
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

        With `optional` (the seat may act now but play does not wait for it) an empty line lets the moment pass.
        """
        state = self.match.state
        view = state.observation(seat)
        name = seat_name(view, seat)
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

    def _list(self, notations: Sequence[str], summaries: Sequence[str] = ()) -> None:
        for line in wrap_choices(notations, self.console.width):
            self.say(line)
        for summary in summaries:
            self.say(f"  {summary}")

    def _announce_round(self, public: Mapping[str, Any]) -> None:
        """Print a "round N" line whenever the public view's "round" changes (for games that have rounds)."""
        value = public.get("round")
        if value is not None and value != self._round:
            self._round = value
            self.say(f"-- round {value} --")


@app.command()
def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game; see `wolfpack games`.")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of seats (default: the game's default).")
    ] = None,
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
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option; repeat for several."),
    ] = None,
) -> None:
    """Play GAME in the terminal against bots (or watch bots play with --bots all)."""
    out = make_console()
    try:
        loaded = _game_for_play(game, players, option or [])
        bot_seat_list = bot_seats(bots, loaded.num_players())
        bot_name = bot or default_bot_name(loaded)
        if bot_seat_list and bot_name not in bot_names(loaded):
            raise UsageError(f"--bot {bot_name!r}: {loaded.name} has the bots {', '.join(bot_names(loaded))}")
    except UsageError as exc:
        _fail(str(exc), EXIT_USAGE)
    if seed is None:
        seed = secrets.randbelow(SEED_RANGE)
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history at the prompt)
    try:
        seat_bots = {seat: make_bot(loaded, bot_name, seed * BOT_SEED_STRIDE + seat) for seat in bot_seat_list}
    except (ImportError, AttributeError) as exc:
        _fail(f"the {bot_name} bot for {loaded.name} cannot be loaded: {exc}", EXIT_ABANDONED)
    try:
        record_file = record.open("w", encoding="utf-8") if record is not None else None
    except OSError as exc:
        _fail(f"--record {record}: cannot write it: {exc.strerror or exc}", EXIT_USAGE)
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
        if len(seat_bots) < loaded.num_players():
            out.print("Type a move's number or its notation; Ctrl-D or Ctrl-C abandons the game.")
        TerminalPlay(match, seat_bots, out).run()
    except KeyboardInterrupt:
        _abandon(out, "interrupted", record, EXIT_INTERRUPTED)
    except EOFError:
        _abandon(out, "end of input", record, EXIT_ABANDONED)
    except WolfpackError as exc:
        _fail(str(exc), EXIT_ABANDONED)
    finally:
        if record_file is not None:
            record_file.close()


def _game_for_play(name: str, players: int | None, option_values: Sequence[str]) -> Game[Any]:
    options = parse_game_options(option_values)
    if players is not None:
        if "players" in options:
            raise UsageError("give the number of players once: --players or --option players=N")
        options["players"] = players
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
) -> None:
    """Re-apply a game record and print the final position and the result."""
    out = make_console()
    try:
        state = replay_record(file)
    except RecordError as exc:
        _fail(str(exc), EXIT_ABANDONED)
    game = state.game
    out.print(describe_game(game))
    out.print(f"{len(state.history())} actions replayed")
    out.print(game.render(state.observation(None)))
    if state.is_terminal():
        out.print("result:")
        for line in result_lines(game, state):
            out.print(line)
    else:
        out.print("the record stops before the game is over (an abandoned game)")


@app.command()
def games() -> None:
    """List the registered games with their options and bots."""
    out = make_console()
    for name in game_names():
        cls = game_class(name)
        try:
            game = load_game(name)
        except WolfpackError:
            out.print(name)
            bots = sorted({*GENERIC_BOTS, *cls.bots})
        else:
            info = game.info
            out.print(f"{name}: {info.long_name}, {info.min_players} to {info.max_players} players")
            bots = bot_names(game)
        for option, text in describe_options(name).items():
            out.print(f"  --option {option}=...  {text}")
        out.print(f"  bots: {', '.join(bots)}")


def main() -> None:
    """The console script's entry point."""
    app(prog_name="wolfpack")
