"""WOLF's fixed action space and features, for learning libraries (docs/interop.md); the rules never import it.

Every action is a verb and its words (actions.py): each word of each verb is drawn from a vocabulary the content
pack fixes (the board's squares, the heroes, the object cards, the powers, the werewolf units), so the space is every
combination (`WordSpace`), the same for every state of a game with these options. Features come from the seat's own
observation, where every secret it may not know is already masked ("?").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wolfpack.engine.encoding import FeatureLayout, Features, FeatureWriter, Form, WordActionSpace, vocabulary_index
from wolfpack.games.wolf.content import WolfContent, parse_square
from wolfpack.games.wolf.determinize import determinize
from wolfpack.games.wolf.game import WolfGame
from wolfpack.games.wolf.rules import PACK
from wolfpack.games.wolf.turn import CHANCE_STEPS, DECISIONS

MAX_PLAYERS: Final = 6
MAX_DICE: Final = 3
"""The most dice a move rolls (the content schema's bound on `move_dice`), so rolls total at most 18."""
BARE_WORDS: Final = (
    "leave", "leave-always", "ask-again", "stay", "end", "done", "accept", "refuse",
    "flytox", "watch", "box", "rollers",
)  # fmt: skip
SQUARE_VERBS: Final = ("place", "move", "pick", "bare", "antidote", "barricade", "break", "build")
HERO_VERBS: Final = ("take", "ask", "bite")
STEPS: Final = (*DECISIONS, *CHANCE_STEPS)
COLOURS: Final = ("black", "grey")


def _forms(content: WolfContent) -> tuple[list[Form], list[Form]]:
    """The seats' forms and the chance outcomes' forms for this content pack."""
    squares = tuple(content.board.square_names.values())
    heroes = tuple(hero.id for hero in content.characters.heroes)
    objects = tuple(card.id for card in content.objects.cards)
    weapons = tuple(card.id for card in content.objects.cards if card.column is not None)
    powers = tuple(power.id for power in content.characters.powers)
    units = tuple(unit_id for unit_id, _ in content.werewolf_units())
    forms: list[Form] = [((word,),) for word in BARE_WORDS]
    forms += [((verb,), squares) for verb in SQUARE_VERBS]
    forms += [((verb,), heroes) for verb in HERO_VERBS]
    forms += [(("give",), objects, heroes), (("hand",), objects), (("fire",), weapons, squares), (("power",), powers)]
    forms += [(("look",), heroes + squares), (("glasses",), heroes + squares), (units, squares)]
    chance: list[Form] = [(("deal", "wolf"), COLOURS), (("card",), objects)]
    chance.append((("roll",), tuple(str(total) for total in range(1, 6 * MAX_DICE + 1))))
    return forms, chance


def _layout(content: WolfContent) -> FeatureLayout:
    """The features' segments for this content pack."""
    board = content.board
    cells = board.width * board.height
    heroes = len(content.characters.heroes)
    objects = len(content.objects.cards)
    units = len(content.werewolf_units())
    hero_fields = 6 + 2 + 3 + MAX_PLAYERS + objects + 1
    return FeatureLayout(
        (
            ("viewer", MAX_PLAYERS, "one-hot: the seat observing"),
            ("to_act", MAX_PLAYERS, "one-hot: the seat to act (none at a chance node or the end)"),
            ("round", 1, "round / max_rounds"),
            ("turn", 1 + heroes, "one-hot: whose turn (the pack, then each hero in the content's order)"),
            ("step", len(STEPS), f"one-hot: the step ({', '.join(STEPS)})"),
            ("pending", heroes + units, "one-hot: the hero or werewolf unit the pending step is about"),
            (
                "heroes",
                heroes * hero_fields,
                "per hero (content order): alive, transformed, invisible, intoxicated, column/width, row/height; "
                "wolf cards seen black and grey; wolf cards unseen, cured, total; one-hot of its seat; objects held "
                "by id (content order) and unseen",
            ),
            (
                "wolves",
                units * 6,
                "per werewolf unit: alive, invisible, intoxicated, on the board, column/width, row/height",
            ),
            ("hero_squares", cells, "per square (reading order): heroes alive on it"),
            ("wolf_squares", cells, "per square (reading order): werewolf units alive on it"),
            ("barricade_squares", cells, "per square (reading order): 1 if a barricade stands on it"),
            ("pile_squares", cells, "per square (reading order): object cards left in the pile on it"),
            ("counts", 4, "wolf cards in the stock, barricades left, wolf cards released, cards in the discard"),
            ("flags", 3, "revealed, the werewolves won, the heroes won"),
        )
    )


class WolfFeatures:
    """Reads a seat's WOLF observation into the layout's features."""

    def __init__(self, content: WolfContent) -> None:
        self.layout = _layout(content)
        board = content.board
        self.width, self.height = board.width, board.height
        self.heroes = [hero.id for hero in content.characters.heroes]
        self.objects = [card.id for card in content.objects.cards]
        self.units = [unit_id for unit_id, _ in content.werewolf_units()]
        self.hero_fields = 6 + 2 + 3 + MAX_PLAYERS + len(self.objects) + 1

    def _cell(self, name: str) -> int:
        column, row = parse_square(name)
        return row * self.width + column

    def __call__(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The features of one seat's observation."""
        out = FeatureWriter(self.layout)
        to_act = observation["to_act"]
        out.one_hot("viewer", seat)
        out.one_hot("to_act", to_act if to_act >= 0 else None)
        out.segment("round")[0] = observation["round"] / observation["max_rounds"]
        out.one_hot("turn", vocabulary_index([PACK, *self.heroes], observation["turn"]))
        out.one_hot("step", vocabulary_index(STEPS, observation["step"]))
        out.one_hot("pending", vocabulary_index([*self.heroes, *self.units], observation["pending"].get("unit")))
        heroes, hero_squares = out.segment("heroes"), out.segment("hero_squares")
        for number, hero_id in enumerate(self.heroes):
            hero = observation["heroes"].get(hero_id)
            if hero is None:
                continue
            row = heroes[number * self.hero_fields : (number + 1) * self.hero_fields]
            row[0:4] = [hero["alive"], hero["transformed"], hero["invisible"], hero["intoxicated"]]
            if hero["square"] is not None:
                column, line = parse_square(hero["square"])
                row[4:6] = [column / self.width, line / self.height]
                if hero["alive"]:
                    hero_squares[self._cell(hero["square"])] += 1.0
            cards = hero["wolf_cards"]
            row[6] = sum(card.startswith("black") for card in cards)
            row[7] = sum(card.startswith("grey") for card in cards)
            row[8] = sum(card not in COLOURS and not card.startswith(COLOURS) for card in cards)
            row[9] = sum(card.endswith("(cured)") for card in cards)
            row[10] = len(cards)
            if isinstance(hero["seat"], int):
                row[11 + hero["seat"]] = 1.0
            for card in hero["objects"]:
                at = vocabulary_index(self.objects, card)
                row[11 + MAX_PLAYERS + (len(self.objects) if at is None else at)] += 1.0
        wolves, wolf_squares = out.segment("wolves"), out.segment("wolf_squares")
        for number, unit_id in enumerate(self.units):
            wolf = observation["wolves"].get(unit_id)
            if wolf is None:
                continue
            on_board = wolf["square"] is not None
            wolves[number * 6 : number * 6 + 4] = [wolf["alive"], wolf["invisible"], wolf["intoxicated"], on_board]
            if on_board:
                column, line = parse_square(wolf["square"])
                wolves[number * 6 + 4 : number * 6 + 6] = [column / self.width, line / self.height]
                if wolf["alive"]:
                    wolf_squares[self._cell(wolf["square"])] += 1.0
        barricades = out.segment("barricade_squares")
        for square in observation["barricades"]:
            barricades[self._cell(square)] = 1.0
        piles = out.segment("pile_squares")
        for pile in observation["piles"]:
            piles[self._cell(pile["square"])] = len(pile["cards"])
        out.segment("counts")[:] = [
            observation["stock"],
            observation["barricades_left"],
            observation["released"],
            len(observation["discard"]),
        ]
        winner = observation["winner"]
        out.segment("flags")[:] = [observation["revealed"], winner == "wolves", winner == "heroes"]
        return out.vector


def action_space(game: WolfGame) -> WordActionSpace[str]:
    """WOLF's action space for `game`'s content pack (the player count changes nothing in it)."""
    forms, chance = _forms(game.content)
    features = WolfFeatures(game.content)
    return WordActionSpace(forms, chance, features, determinize=determinize)  # type: ignore[arg-type]
