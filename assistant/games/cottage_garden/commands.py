"""Cottage Garden's key and title, its moves and the options of its `garden new`, as data (faces draw
their flags and forms from these; moves.py gives the moves their meaning)."""

from __future__ import annotations

from assistant.games.interface import NEXT, Command, Option

KEY = "cottage-garden"
TITLE = "Cottage Garden"

_CUBE = "Which cube moves (1-3); default: the best one."
_GAME_BED = Option("bed", "int", "Board mode: which bed (1 or 2).", required=True, low=1, high=2)
_AT = Option("at", "str", "ROW,COL from 0 (top-left of the tile's outline, for a tile).", required=True)

NEW_OPTIONS: tuple[Option, ...] = (
    Option("board_mode", "bool", "Track every bed cell by cell.", default=False),
    Option("bed", "list[str]", "Board mode: PLAYER=SIDE, a bed side name (garden beds) or a layout '..P../...'; "
                               "twice a player."),
    Option("public_bed", "str", "Board mode: the public bed's side."),
    Option("nursery", "str", "Board mode, to track the nursery: its 16 tile ids row by row ('-' empty)."),
    Option("queue", "str", "Board mode, with --nursery: the queue's tile ids, front first."),
)

SCORE = Command("score", "A completed bed: move an orange cube by its pots and a blue cube by its cloches.", (
    Option("player", "str", "Whose bed is complete.", required=True, argument=True),
    Option("pots", "int", "Visible flowerpots on the bed."),
    Option("cloches", "int", "Visible cloches on the bed."),
    Option("orange", "int", _CUBE, low=1, high=3),
    Option("blue", "int", _CUBE, low=1, high=3),
    Option("reward", "bool", "A reward completed this bed after the turn was passed.", default=False),
    Option("bed", "int", "Board mode: which bed (the counts come from it).", low=1, high=2),
))
REFILL = Command("refill", "Pay a cat to refill a gardener line that has 1 or 2 empty cells.")
CAT = Command("cat", "Place held cats on your beds (a cat may complete a bed: then it scores).", (
    Option("player", "str", "Who places cats on their beds.", required=True, argument=True),
    Option("count", "int", "How many cats.", default=1),
    Option("bed", "int", "Board mode: which bed.", low=1, high=2),
    Option("at", "str", "Board mode: ROW,COL of the cell."),
))
PAY = Command("pay", "Final round: pay 2 points with an orange cube (back 2) or a blue cube (back 1).", (
    Option("orange", "int", _CUBE, low=1, high=3),
    Option("blue", "int", _CUBE, low=1, high=3),
))
DISCARD = Command("discard", "Final round start: give up a bed holding 2 or fewer flower tiles (--count 0: none "
                             "to give up).", (
    Option("player", "str", "Who gives up a bed.", required=True, argument=True),
    Option("count", "int", "How many beds (0: none holds 2 or fewer tiles).", default=1, low=0, high=2),
))
WITHDRAW = Command("withdraw", "Final round, house rule final_opt_out=on: give up the remaining beds to stop paying "
                               "(at the start of your own turn, before paying).", (
    Option("player", "str", "Who gives up their remaining beds.", required=True, argument=True),
))
PLANT = Command("plant", "Board mode: place a flower tile; a bed it completes scores at once.", (
    Option("player", "str", "Who plants (the current player).", required=True, argument=True),
    Option("tile", "str", "A tile id (4B) or a shape ('##/#.').", required=True, argument=True),
    _GAME_BED._replace(help="Which of the player's beds (1 or 2)."),
    _AT,
    Option("turn", "str", "Orientation: r0, r90, r180, r270, flip, flip+r90, ...", default="r0"),
    Option("from", "str", "Tracked nursery: the gardener-line cell ROW,COL the tile comes from."),
))
POT = Command("pot", "Board mode: place a flowerpot token (the plant phase's choice, or a reward).", (
    Option("player", "str", "Whose bed.", required=True, argument=True),
    _GAME_BED._replace(help="Which of the player's beds (1 or 2)."),
    _AT,
    Option("reward", "bool", "The reward pot (last cube off start), not the plant choice.", default=False),
))

SCORE_MODE = (SCORE, REFILL, CAT, PAY, DISCARD, WITHDRAW, NEXT)
BOARD_MODE = (SCORE, REFILL, CAT, PAY, WITHDRAW, PLANT, POT, NEXT)
ALL = (SCORE, REFILL, CAT, PAY, DISCARD, WITHDRAW, PLANT, POT, NEXT)
