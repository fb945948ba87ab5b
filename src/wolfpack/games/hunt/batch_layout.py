"""Wolves on the Hunt batch engine: where each field of a game and of the content pack sits in its int64 vector.

A game is one row of an int64 matrix and the content pack one int64 vector, both with fixed offsets (sized for the
largest pack the schema allows that the engine takes), so the jitted kernel in `batch_kernel` compiles once for
every pack and player count. `batch_content.compile_content` fills the pack vector; `batch_position` reads a row
back as the scalar engine's JSON position.
"""

from __future__ import annotations

from typing import Final

# ---- sizes ---------------------------------------------------------------------------------------------------

MAX_PLAYERS: Final = 4
LOCS: Final = 8
DICE: Final = 7
WILD_DIE: Final = 6
"""The white die's index in DICE_COLOURS."""
ROWS: Final = 6
MAX_BOXES: Final = 20
MAX_WOLVES: Final = 160
MAX_TRAPS: Final = 16
MAX_DOGS: Final = 8
MAX_CHARACTERS: Final = 20
MAX_ROUNDS: Final = 20
MAX_TASKS: Final = 128
TASK_WIDTH: Final = 4
ACTION_WIDTH: Final = 12
"""Words of an encoded action: its verb, then arguments (see the A_ and V_ names below)."""
MAX_ACTIONS: Final = 16384
"""Room for one position's legal actions (a Snare of 2 traps has a few thousand forms)."""
CAPTURED: Final = 1000
"""A die held by wolf w sits at CAPTURED + w."""

# ---- the game vector -----------------------------------------------------------------------------------------

ROUND: Final = 0
PHASE: Final = 1  # 0 setup, 1 players, 2 wolves, 3 over
STEP: Final = 2  # 0 "", 1 choose, 2 action
CROSS: Final = 3
ACTIVE: Final = 4
PLAYERS: Final = 5
RESULT: Final = 6  # 0 none, 1 win, 2 loss
ELDERS: Final = 7
DOG_SUPPLY: Final = 8
LEADER: Final = 9
LAST_ARRIVAL: Final = 10
HISTORY: Final = 11
TRAP_CLOCK: Final = 12
DISCARD_CLOCK: Final = 13
NTASKS: Final = 14
DECISIONS: Final = 15
TURN_DIE: Final = 16
TURN_MOVED: Final = 17
TURN_WRITTEN: Final = 18
TURN_MAIN: Final = 19
TURN_ASSISTS: Final = 20
TURNS: Final = 24
PASSED: Final = 28
DIE_VAL: Final = 32
DIE_AT: Final = 40
WOLF_AT: Final = 48
WOLF_DMG: Final = 56
WOLF_OUT: Final = 64
DOG: Final = 72
DECK_TOP: Final = 80
TRAP_LOC: Final = 88
TRAP_VAL: Final = 104
TRAP_ORDER: Final = 120
IN_DECK: Final = 136
DISCARD: Final = IN_DECK + MAX_WOLVES
HUNTERS: Final = DISCARD + MAX_WOLVES
H_CHAR: Final = 0
H_SPACE: Final = 1
H_HEARTS: Final = 2
H_DASHED: Final = 3
H_STATS: Final = 4
H_FREE: Final = 7
H_MAINS: Final = 10  # -1: never unlocked (absent from the scalar dict)
H_ROWLEN: Final = 16
H_RESETN: Final = 22
H_ROWS: Final = 28
H_RESETS: Final = H_ROWS + ROWS * MAX_BOXES
HUNTER_SIZE: Final = H_RESETS + ROWS * MAX_BOXES
TASKS: Final = HUNTERS + MAX_PLAYERS * HUNTER_SIZE
STATE_SIZE: Final = TASKS + MAX_TASKS * TASK_WIDTH

# ---- task kinds ----------------------------------------------------------------------------------------------

T_CHARACTER, T_LEADER, T_ROLL, T_FACE, T_BACK, T_HOWL = 0, 1, 2, 3, 4, 5
"""Chance tasks (kind < T_TARGET)."""
T_TARGET, T_BONUS = 6, 7
"""Choice tasks."""
T_NEWWOLF, T_ARRIVE, T_PACK_LEADER, T_ATTACK, T_END_ABILITIES, T_ABILITY, T_END_ROUND, T_CLEANUP, T_NEXT_TURN = (
    8,
    9,
    10,
    11,
    12,
    13,
    14,
    15,
    16,
)
TASK_NAMES: Final = (
    "character",
    "leader",
    "roll",
    "face",
    "back",
    "howl",
    "target",
    "bonus",
    "newwolf",
    "arrive",
    "pack_leader",
    "attack",
    "end_abilities",
    "ability",
    "end_round",
    "cleanup",
    "next_turn",
)
BONUS_WHAT: Final = ("enhance", "heal_dog", "reset")

# ---- verbs of encoded actions --------------------------------------------------------------------------------

V_PASS, V_TURN, V_END, V_ASSIST, V_TAKE, V_MOVE, V_WRITE, V_MAIN = 0, 1, 2, 3, 4, 5, 6, 7
V_TARGET, V_BONUS_STAT, V_BONUS_DOG, V_RESET, V_MODIFY, V_REROLL = 8, 9, 10, 11, 12, 13
V_CHARACTER, V_LEADER, V_ROLL, V_FACE, V_BACK, V_HOWL = 20, 21, 22, 23, 24, 25
# V_MAIN: [verb, kind, extra, ...]; kind indexes KINDS.
KNIFE, RIFLE, TRAP, POWER, SAMOVAR, OUTWIT = 0, 1, 2, 3, 4, 5
KINDS: Final = ("knife", "rifle", "trap", "power", "samovar", "outwit")
STAT_NAMES: Final = ("knife", "rifle", "traps")
FREE_NAMES: Final = ("assist", "modify", "reroll", "health")
# Attack kinds given to hurt_wolf.
HIT_KNIFE, HIT_RIFLE, HIT_TRAPS, HIT_DOG = 0, 1, 2, 3

# ---- the content vector --------------------------------------------------------------------------------------

C_NWOLF: Final = 0
C_NCHAR: Final = 1
C_NDOG: Final = 2
C_NTRAP: Final = 3
C_NROUNDS: Final = 4
C_OUTWITS: Final = 5
C_DOG_TOTAL: Final = 6
C_DOG_ON_MAP: Final = 7
C_DOG_HEALTH: Final = 8
C_DOG_STRIKE: Final = 9
C_HEART_START: Final = 10
C_HEART_EXTRA: Final = 11
C_DICE_SPACES: Final = 12
C_ROCK_COST: Final = 13
C_RIVER_COST: Final = 14
C_NLEADERS: Final = 15
C_ELDERS: Final = 16  # by difficulty: easy, normal, hard
C_FREE_START: Final = 20  # [difficulty * 3 + free kind]
C_SPACE_ROCKS: Final = 32
C_SPACE_BONUS_KIND: Final = 40  # -1 or KNIFE / RIFLE / TRAP
C_SPACE_BONUS_AMOUNT: Final = 48
C_LINE_COST: Final = 56
C_LINE_RIVER: Final = 64
C_DOG_LOC: Final = 72  # [dog * 2 + side], -1 when a dog space faces one location
C_ROW_COLOUR: Final = 88
C_ROW_NBOXES: Final = 94
C_ROW_KIND: Final = 100
C_BOX_FREE: Final = 112  # [row * MAX_BOXES + box]: -1 or FREE_NAMES index
C_BOX_MAIN: Final = C_BOX_FREE + ROWS * MAX_BOXES  # -1 or KINDS index
C_TRACK_LEN: Final = C_BOX_MAIN + ROWS * MAX_BOXES
C_TRACK_VAL: Final = C_TRACK_LEN + 4  # [stat * MAX_BOXES + step - 1]
C_TRAP_SIDE: Final = C_TRACK_VAL + 3 * MAX_BOXES  # [token * 2 + side]
C_ROUND_KIND: Final = C_TRAP_SIDE + 2 * MAX_TRAPS  # 0 day, 1 night, 2 endgame
C_ROUND_DECK: Final = C_ROUND_KIND + MAX_ROUNDS  # 0 day, 1 night
C_CHAR: Final = C_ROUND_DECK + MAX_ROUNDS  # [character * CHAR_SIZE + field]
CH_KNIFE, CH_RIFLE, CH_TRAPS, CH_START, CH_POWER, CH_AMOUNT = 0, 1, 2, 3, 4, 5
CHAR_SIZE: Final = 6
C_WOLF: Final = C_CHAR + MAX_CHARACTERS * CHAR_SIZE  # [wolf * WOLF_SIZE + field]
W_HEALTH, W_DAMAGE, W_BACK, W_DECK, W_ABILITY, W_TIMING, W_ABILITY_DIE, W_IMMUNE, W_BONUS, W_BONUS_STAT = range(10)
WOLF_SIZE: Final = 10
C_LEADERS: Final = C_WOLF + MAX_WOLVES * WOLF_SIZE  # the pack leaders' wolf indices
CONTENT_SIZE: Final = C_LEADERS + MAX_WOLVES

ABILITIES: Final = (
    "capture",
    "first_strike",
    "pinned",
    "howling",
    "heal_adjacent",
    "heal_all",
    "aggression",
    "immune",
)
A_CAPTURE, A_FIRST_STRIKE, A_PINNED, A_HOWLING, A_HEAL_ADJACENT, A_HEAL_ALL, A_AGGRESSION, A_IMMUNE = range(8)
TIMINGS: Final = ("arrival", "end_of_round", "ongoing")
BONUSES: Final = ("enhance", "heal_dog", "heal_player", "reset_line")
POWERS: Final = ("long_shot", "charge", "snare", "hounds", "field_medic", "lure")
P_LONG_SHOT, P_CHARGE, P_SNARE, P_HOUNDS, P_FIELD_MEDIC, P_LURE = range(6)
DECKS: Final = ("day", "night", "leader")
ROUND_KINDS: Final = ("day", "night", "endgame")
DIFFICULTY_NAMES: Final = ("easy", "normal", "hard")
