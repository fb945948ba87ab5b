"""WOLF: the state machine. One position of the game, its legal actions, and how each action changes it.

Seats: the hero seats first (the player-count table of the content pack says which heroes each plays), then the
werewolf seat, last. Turns go hero by hero in the pack's hero order, then the pack; a seat with several heroes
plays each hero's turn. A turn is a sequence of steps (roll, move, special action, its rolls and draws); `step`
names the one waiting, `pending` holds what it needs. Everything is JSON-ready so that a position can be saved,
loaded and written by hand (docs/games/wolf.md, "Position notation").

Secrets (the wolf cards a hero holds, object cards in hands and piles) carry the list of seats that have seen
them; `observation(seat)` and `log(seat)` show a secret only to those seats (and every wolf card to everyone once
the game is over, rulebook 6). The wolf-card stock's make-up and the object cards not yet dealt from a pile exist
only as counts, and chance decides a card when it is drawn or seen.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.constants import CHANCE, TERMINAL
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import State
from wolfpack.games.wolf.content import WolfContent
from wolfpack.games.wolf.rules import BLACK, GREY, HEROES, PACK, WOLVES, dice_totals, name_of
from wolfpack.games.wolf.turn import APPLY, CHANCE_STEPS, DECISIONS, SETUP_STEPS

if TYPE_CHECKING:
    from wolfpack.games.wolf.game import WolfGame

FIELDS: Final = (
    "round",
    "slot",
    "step",
    "pending",
    "heroes",
    "wolves",
    "barricades",
    "piles",
    "pool",
    "stock",
    "deal",
    "discard",
    "released",
    "acted",
    "leave_always",
    "revealed",
    "winner",
    "events",
)
"""The position: every field a saved state holds besides the history."""


PARSED_KEPT: Final = 4096
"""Texts whose canonical action `WolfState._parse_action` remembers (the dice, the draws: the same few again and
again)."""
_PARSED: dict[str, str] = {}
LISTED_KEPT: Final = 4096
"""Lists of options whose legal actions (sorted, each once) `WolfState._legal_actions` remembers."""
_LISTED: dict[tuple[str, ...], tuple[str, ...]] = {}


class WolfState(State[str]):
    """A position of WOLF. Actions are strings in the game's notation (docs/games/wolf.md, "Action notation")."""

    __slots__ = ("_listed_board", "_listing", "content", "order", "pack_seat", "players", *FIELDS)

    def __init__(self, game: WolfGame) -> None:
        super().__init__(game)
        content = game.content
        self.content: WolfContent = content
        self.players: int = game.options.players
        self.pack_seat: int = self.players - 1
        heroes = [hero.id for hero in content.characters.heroes]
        self.order: tuple[str, ...] = (*heroes, PACK)
        seats = {hero: seat for seat, group in enumerate(content.player_count(self.players).heroes) for hero in group}
        self.round = 1
        self.slot = 0
        self.step = "deal"
        self.pending: dict[str, Any] = {"hero": heroes[0]}
        self.heroes: dict[str, dict[str, Any]] = {
            hero: {
                "seat": seats[hero],
                "home": seats[hero],
                "square": None,
                "alive": True,
                "transformed": False,
                "invisible": 0,
                "intoxicated": False,
                "wolf_cards": [],
                "objects": [],
            }
            for hero in heroes
        }
        self.wolves: dict[str, dict[str, Any]] = {
            unit: {"square": None, "alive": True, "invisible": 0, "intoxicated": False}
            for unit, _ in content.werewolf_units()
        }
        self.barricades: list[str] = sorted(name_of(s) for s in content.board.barricades)
        self.piles: list[list[list[Any]]] = [
            [[None, []] for _ in range(content.components.objects.per_square)] for _ in content.board.object_squares
        ]
        self.pool: dict[str, int] = {card.id: card.count for card in content.objects.cards}
        deal = content.components.deal
        stock = content.wolf_stock(self.players)
        self.stock: dict[str, int] = {BLACK: stock["black"] - deal.black, GREY: stock["grey"] - deal.grey}
        self.deal: dict[str, int] = {BLACK: deal.black, GREY: deal.grey}
        self.discard: list[str] = []
        self.released = 0
        self.acted: list[str] = []
        self.leave_always = False
        """The werewolf seat's standing answer to the takeover question: leave everyone, until it changes it."""
        self.revealed = False
        self.winner: str | None = None
        self.events: list[list[Any]] = []
        self._listing = False
        """Whether the legal actions are being listed (which changes nothing): `on_board` is then made once."""
        self._listed_board: dict[str, str] | None = None
        """`on_board`, made once while the legal actions are listed (they ask it again and again)."""

    # ---- the engine's hooks ------------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, CHANCE, or TERMINAL."""
        if self.winner is not None:
            return TERMINAL
        if self.step in CHANCE_STEPS:
            return CHANCE
        return self.actor()

    def is_terminal(self) -> bool:
        """Whether the game is over (`current_player` without the actor: play-outs ask this at every step)."""
        return self.winner is not None

    def is_chance_node(self) -> bool:
        """Whether a roll or a draw is pending (`current_player` without the actor)."""
        return self.winner is None and self.step in CHANCE_STEPS

    def is_simultaneous_node(self) -> bool:
        """Never: every decision of WOLF is one seat's."""
        return False

    def _legal_actions(self, player: int) -> list[str]:
        self._listing = True
        try:
            options = tuple(DECISIONS[self.step](self))
        finally:
            self._listing, self._listed_board = False, None
        found = _LISTED.get(options)
        if found is None:  # the same lists come back (the same walks, the same units): sorted once
            if len(_LISTED) >= LISTED_KEPT:
                _LISTED.clear()
            # each once, sorted: deduplicated in order first, as the lists come in sorted runs (a unit's walk after
            # another's), which a sort merges at little cost
            found = _LISTED[options] = tuple(sorted(dict.fromkeys(options)))
        return list(found)

    def _chance_outcomes(self) -> Sequence[tuple[str, float]]:
        # The same floats as `chance_table`'s fractions give (a ratio of ints divides correctly rounded either way),
        # without making the fractions: the play-outs ask this at every roll and draw.
        draw = self.drawn_from()
        if draw is not None:
            return _counts_outcomes(*draw)
        return _roll_outcomes(int(self.pending.get("dice", 1)))

    def _chance_actions(self) -> Collection[str]:
        draw = self.drawn_from()
        if draw is not None:
            return [outcome for outcome, _ in _counts_outcomes(*draw)]
        return _roll_names(int(self.pending.get("dice", 1)))  # the same few sets, made once

    def _apply_action(self, action: str) -> None:
        words = action.split()
        if self.step in CHANCE_STEPS:
            CHANCE_STEPS[self.step](self, words)
        else:
            APPLY[self.step](self, words)
        self.check_end()

    def _returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.players
        return [1.0 if self.side_of(seat) == self.winner else -1.0 for seat in range(self.players)]

    def _observation(self, player: int | None) -> dict[str, Any]:
        from wolfpack.games.wolf.views import observation

        return observation(self, player)

    def _shared_observation(self, player: int | None) -> dict[str, Any]:
        from wolfpack.games.wolf.views import observation

        return observation(self, player, shared=True)

    def _log(self, player: int | None) -> list[str]:
        from wolfpack.games.wolf.words import namer

        say = namer(self.content).line
        lines = []
        for public, secret, seen in self.events:
            lines.append(say(f"{public}: {secret}" if secret is not None and self.sees(seen, player) else public))
        return lines

    def _coerce_action(self, action: object) -> str:
        listed = self._legal_cache
        if listed is not None and action in listed:
            return action  # a listed action is in canonical notation already
        if not isinstance(action, str):
            raise InvalidActionError(f"a WOLF action is text in notation, got {type(action).__name__}")
        return self._parse_action(action)

    def _action_to_string(self, action: str) -> str:
        return action

    def _parse_action(self, text: str) -> str:
        found = _PARSED.get(text)
        if found is None:
            from wolfpack.games.wolf.actions import parse

            if len(_PARSED) >= PARSED_KEPT:
                _PARSED.clear()
            found = _PARSED[text] = parse(text)  # malformed text raises, and is not remembered
        return found

    def _why_illegal(self, action: str, player: int) -> tuple[str, str]:
        from wolfpack.games.wolf.explain import why_illegal

        return why_illegal(self, action, player)

    def _copy(self) -> WolfState:
        twin = object.__new__(WolfState)
        State.__init__(twin, self.game)
        twin.content, twin.players, twin.pack_seat, twin.order = self.content, self.players, self.pack_seat, self.order
        twin._listing, twin._listed_board = False, None
        for field in FIELDS:
            if field != "events":
                setattr(twin, field, copy.deepcopy(getattr(self, field)))
        # The log only grows and its lines are replaced, never edited in place, so copies may share them.
        twin.events = list(self.events)
        return twin

    def _to_dict(self) -> dict[str, Any]:
        # A JSON round trip is an independent copy too, and five times cheaper than deepcopy on these plain fields.
        return {"position": json.loads(json.dumps({field: getattr(self, field) for field in FIELDS}))}

    def with_canaries(self) -> tuple[WolfState, dict[int | None, tuple[set[str], set[str]]]]:
        """A copy whose every secret card and secret log entry holds a canary, with who may see each."""
        planted = self._copy()
        secrets: list[tuple[str, list[int]]] = []

        def plant(card: list[Any], label: str, seen: list[int] | None = None) -> None:
            if card[0] is not None:
                card[0] = f"CANARY<{label}>"  # closed, so that no canary is a prefix of another
                secrets.append((card[0], card[1] if seen is None else seen))

        everyone = list(range(self.players)) if self.winner is not None else None  # the end shows the wolf cards
        for hero_id, hero in planted.heroes.items():
            for index, card in enumerate(hero["wolf_cards"]):
                plant(card, f"wolf-{hero_id}-{index}", everyone)
            for index, card in enumerate(hero["objects"]):
                plant(card, f"object-{hero_id}-{index}")
        for number, pile in enumerate(planted.piles):
            for index, card in enumerate(pile):
                plant(card, f"pile-{number}-{index}")
        for index, (public, secret, seen) in enumerate(planted.events):
            if secret is not None:
                planted.events[index] = [public, f"CANARY<log-{index}>", seen]
                secrets.append((f"CANARY<log-{index}>", seen))
        viewers: dict[int | None, tuple[set[str], set[str]]] = {}
        for viewer in [None, *range(self.players)]:
            shown = {canary for canary, seen in secrets if self.sees(seen, viewer)}
            viewers[viewer] = (shown, {canary for canary, _ in secrets} - shown)
        return planted, viewers

    # ---- who, where, what --------------------------------------------------------------------------------

    def sees(self, seen: Iterable[int], viewer: int | None) -> bool:
        """Whether `viewer` (None: the public view) may see a secret seen by the seats `seen`."""
        return len(set(seen)) == self.players if viewer is None else viewer in seen

    def shows_wolf_card(self, card: list[Any], viewer: int | None) -> bool:
        """Whether `viewer` sees a wolf card: the seats that have seen it, and everyone once the game is over."""
        return self.winner is not None or self.sees(card[1], viewer)

    @property
    def turn(self) -> str:
        """Whose turn it is: a hero id or `pack`."""
        return self.order[self.slot]

    def actor(self) -> int:
        """The seat that answers the pending decision."""
        if self.step in ("consent", "hand"):
            return int(self.heroes[self.pending["other"]]["seat"])
        if self.step == "place":
            unit = self.pending["unit"]
            return int(self.heroes[unit]["seat"]) if unit in self.heroes else self.pack_seat
        if self.step in ("takeover", "pack", "pack-action") or self.turn == PACK:
            return self.pack_seat
        return int(self.heroes[self.turn]["seat"])

    def unit(self, unit_id: str) -> dict[str, Any]:
        """The record of a hero or a werewolf unit."""
        return self.heroes[unit_id] if unit_id in self.heroes else self.wolves[unit_id]

    def on_board(self) -> dict[str, str]:
        """Square name -> the unit standing there (heroes and werewolves in play)."""
        if self._listing and self._listed_board is not None:
            return self._listed_board
        units = {**self.heroes, **self.wolves}
        found = {u["square"]: unit_id for unit_id, u in units.items() if u["alive"] and u["square"] is not None}
        if self._listing:
            self._listed_board = found
        return found

    def is_wolf_unit(self, unit_id: str) -> bool:
        """Whether a unit fights for the pack openly: a werewolf, or a transformed hero."""
        return unit_id in self.wolves or bool(self.heroes[unit_id]["transformed"])

    def contaminated(self, hero_id: str) -> bool:
        """Whether a hero holds a black wolf card whose effect no antidote has cancelled."""
        return any(card[0] == BLACK and not card[2] for card in self.heroes[hero_id]["wolf_cards"])

    def knows_contaminated(self, hero_id: str) -> bool:
        """Whether the seat playing a hero has seen that he is contaminated (it then plays for the pack)."""
        hero = self.heroes[hero_id]
        return any(card[0] == BLACK and not card[2] and hero["seat"] in card[1] for card in hero["wolf_cards"])

    def heroes_of(self, seat: int) -> list[str]:
        """The living heroes a seat plays."""
        return [h for h, hero in self.heroes.items() if hero["alive"] and hero["seat"] == seat]

    def card_viewers(self, hero_id: str) -> list[int]:
        """Who sees a wolf card dealt to a hero: his seat if it plays him alone, else the werewolf seat."""
        seat = self.heroes[hero_id]["seat"]
        return [seat] if len(self.heroes_of(seat)) <= 1 else [self.pack_seat]

    def side_of(self, seat: int) -> str | None:
        """The side a seat plays for now (None: a hero seat with no living hero, which has lost)."""
        if seat == self.pack_seat:
            return WOLVES
        heroes = self.heroes_of(seat)
        if not heroes:
            return None
        if any(not self.heroes[h]["transformed"] and not self.knows_contaminated(h) for h in heroes):
            return HEROES
        return WOLVES

    def power_of(self, unit_id: str) -> list[str]:
        """The powers a unit may use as its action (Speed, being permanent, is not one)."""
        if unit_id in self.heroes:
            powers = [self.content.hero(unit_id).power]
        else:
            powers = list(dict(self.content.werewolf_units())[unit_id].powers)
        return [p for p in powers if p != "speed"]

    def speed_bonus(self, unit_id: str) -> int:
        """The Speed power's extra step (Miss Q), which she may always use."""
        if unit_id not in self.heroes or self.content.hero(unit_id).power != "speed":
            return 0
        return self.content.power("speed").bonus or 0

    def log_event(self, public: str, secret: str | None = None, seen: Iterable[int] = ()) -> None:
        """Add a log line; `secret` is shown only to the seats in `seen`."""
        self.events.append([public, secret, sorted(set(seen)) if seen else []])

    # ---- chance ------------------------------------------------------------------------------------------

    def chance_table(self) -> list[tuple[str, Fraction]]:
        """The pending chance event's outcomes and their exact probabilities."""
        draw = self.drawn_from()
        if draw is not None:
            return _counts_table(*draw)
        return [(f"roll {total}", p) for total, p in dice_totals(int(self.pending.get("dice", 1)))]

    def drawn_from(self) -> tuple[str, dict[str, int]] | None:
        """A pending draw's outcome word and the counts it draws from (the deal, the stock, the pool); None for a
        roll."""
        if self.step == "deal":
            return "deal", self.deal
        if self.step == "wolf-card":
            return "wolf", self.stock
        if self.step == "object":
            return "card", self.pool
        return None

    # ---- ending ------------------------------------------------------------------------------------------

    def check_end(self) -> None:
        """Decide the game if a side has won (rulebook 5 and 9; docs/games/wolf.md, Interpretations)."""
        if self.winner is not None or self.step in SETUP_STEPS:
            return
        # Asked after every action: one pass over the heroes, stopping the card checks at the first clean hero, and the
        # lists of heroes made only when every werewolf is gone.
        clean = transformed = False
        for hero in self.heroes.values():
            if hero["alive"]:
                if hero["transformed"]:
                    transformed = True
                elif not clean:
                    for card in hero["wolf_cards"]:
                        if card[0] == BLACK and not card[2]:  # `contaminated`
                            break
                    else:
                        clean = True
        if not clean:
            self.finish(WOLVES, "no uncontaminated hero is left")
        elif sum(self.stock.values()) == 0:
            self.finish(HEROES, "the wolf cards have run out: dawn rises")
        elif not transformed and not any(wolf["alive"] for wolf in self.wolves.values()):
            living = [h for h, hero in self.heroes.items() if hero["alive"] and not hero["transformed"]]
            if not all(self.shown_to_all(h) for h in living):
                self.revealed = True
                for hero_id in living:
                    self.reveal(hero_id)
                self.log_event("only heroes remain: they all show their wolf cards")
            if not any(self.contaminated(h) for h in living):
                self.finish(HEROES, "every werewolf is gone and no hero is contaminated")

    def finish(self, side: str, why: str) -> None:
        """End the game: `side` has won, and every wolf card is shown (rulebook 6: the end of the game)."""
        self.winner = side
        self.step = "over"
        self.pending = {}
        self.log_event(f"the {side} win: {why}")
        for hero_id in self.heroes:
            if not self.shown_to_all(hero_id):
                self.log_event(f"{hero_id} shows his wolf cards: {self.wolf_cards_text(hero_id)}")

    def shown_to_all(self, hero_id: str) -> bool:
        """Whether every seat has seen all of a hero's wolf cards."""
        return all(len(set(card[1])) == self.players for card in self.heroes[hero_id]["wolf_cards"])

    def wolf_cards_text(self, hero_id: str) -> str:
        """A hero's wolf cards as the log shows them when he shows them."""
        cards = self.heroes[hero_id]["wolf_cards"]
        return ", ".join(card[0] + (" (cured)" if card[2] else "") for card in cards) or "none"

    def reveal(self, hero_id: str) -> None:
        """Show a hero's wolf cards to everyone."""
        cards = self.heroes[hero_id]["wolf_cards"]
        for card in cards:
            card[1] = list(range(self.players))
        self.log_event(f"{hero_id} shows his wolf cards: {self.wolf_cards_text(hero_id)}")


@cache
def _roll_names(dice: int) -> frozenset[str]:
    """The `roll N` outcomes of `dice` dice, as a set."""
    return frozenset(outcome for outcome, _ in _roll_outcomes(dice))


@cache
def _roll_outcomes(dice: int) -> tuple[tuple[str, float], ...]:
    """`roll N` outcomes of `dice` dice added, with their chances as floats."""
    return tuple((f"roll {total}", float(p)) for total, p in dice_totals(dice))


def _counts_outcomes(word: str, counts: dict[str, int]) -> list[tuple[str, float]]:
    """`_counts_table` with float chances: `n / total` is the float of the fraction `n/total`."""
    total = sum(counts.values())
    return [(f"{word} {kind}", n / total) for kind, n in sorted(counts.items()) if n > 0]


def _counts_table(word: str, counts: dict[str, int]) -> list[tuple[str, Fraction]]:
    """Outcomes `word KIND` weighted by how many of each kind remain."""
    total = sum(counts.values())
    return [(f"{word} {kind}", Fraction(n, total)) for kind, n in sorted(counts.items()) if n > 0]
