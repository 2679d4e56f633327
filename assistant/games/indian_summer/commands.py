"""Indian Summer's key and title, its moves and the options of its `garden new`, as data (faces draw
their flags and forms from these; moves.py gives the moves their meaning).

Main actions (one a turn): leaf, squirrel, mushroom, feather. Special actions: blueberry,
nut, exchange. Reports: region (completed), animal (placed), path (refill of an emptied
path), final (the end chain), deal (solo layout). Colours: green (g), orange/yellow (o),
red (r). Treasures: blueberry, nut, mushroom, feather. Regions: 1-6.
"""

from __future__ import annotations

from assistant.games.interface import NEXT, Command, Option

KEY = "indian-summer"
TITLE = "Indian Summer"

NEW_OPTIONS: tuple[Option, ...] = (
    Option("board_mode", "bool", "Track every cell of each woodland board.", default=False),
    Option("bed", "list[str]", "Board mode: PLAYER=SIDE, a woodland side (garden woodlands) or a layout of 9 rows "
                               "of 8 ('.', B, N, M, F) split by '/'."),
)

_FOUND = Option("found", "list[str]", "A hole over a printed treasure: TREASURE:REGION, e.g. nut:3 (once per tile).")
_REGION = Option("region", "list[int]", "A region (1-6) this completed; repeat for more.")
_DRAW = Option("draw", "str", "Your path is now empty: refill it at once with these tiles, colours in order from the "
                              "common path (g,o,o,r,g), or row ends in solo (UL,UR,LL,LR).")
_TILE = Option("tile", "list[str]", "Board mode: the leaf tile, a catalogue id (G3) or a shape with its hole as 'o' "
                                    "('#o/#.'); once per tile placed.")
_AT = Option("at", "list[str]", "Board mode: ROW,COL from 0 of the top-left of the tile's outline (of the cell, for a "
                                "squirrel).")
_TURN = Option("turn", "list[str]", "Board mode: orientation r0, r90, r180, r270, flip, flip+r90, ... (default r0); "
                                    "once per tile.")
_CELLS = Option("cells", "list[str]", "Board mode, instead of --tile/--at: the tile's cells 'r,c+r,c*+r,c', the hole "
                                      "marked '*'.")
_PLACING = (_TILE, _AT, _TURN, _CELLS)

LEAF = Command("leaf", "Main action A: a leaf tile from your own path, placed on your board.", (
    Option("colour", "str", "The colour of the tile taken from your path: green, orange or red.", required=True,
           argument=True),
    _FOUND, _REGION, _DRAW, *_PLACING,
))
SQUIRREL = Command("squirrel", "Main action B: a squirrel from the supply, placed on your board.", (
    _REGION, Option("at", "str", "Board mode: the cell ROW,COL."),
))
MUSHROOM = Command("mushroom", "Main action C: pay a mushroom, take two tiles from others' paths and place them.", (
    Option("take", "list[str]", "The two tiles, SOURCE:COLOUR: two other players (Ben:orange Cy:green); with 2 "
                                "players the opponent and the front of the common path (Ben:orange ring:red); solo: "
                                "nothing (the mushroom spaces).", argument=True),
    Option("decline", "list[str]", "A taken tile that does not fit stays: its SOURCE (Ben, ring; solo m1 or m2)."),
    _FOUND, _REGION, *_PLACING,
))
FEATHER = Command("feather", "Main action D: pay a feather, take two tiles from your own path and place both.", (
    Option("colours", "list[str]", "The two tiles from your path, e.g. orange green.", required=True, argument=True),
    _FOUND, _REGION, _DRAW, *_PLACING,
))
BLUEBERRY = Command("blueberry", "Special: pay a blueberry, refill your path to 5 (holding 5 already: one more).", (
    Option("draw", "str", "The tiles taken, in order: colours from the common path (g,o,o), or solo row ends "
                          "(UL,UL,LR); '-' when none is left.", required=True, argument=True),
))
NUT = Command("nut", "Special: pay a nut, place a squirrel.", (
    _REGION, Option("at", "str", "Board mode: the squirrel's cell ROW,COL."),
))
EXCHANGE = Command("exchange", "Special: exchange treasures (feather > mushroom > nut > blueberry; 1 buys 1 lower, 2 "
                               "buy the next higher).", (
    Option("give", "str", "The treasure paid: blueberry, nut, mushroom or feather.", required=True, argument=True),
    Option("get", "str", "The treasure bought: one lower kind for one, or the next higher for two.", required=True,
           argument=True),
    Option("times", "int", "Repeat the exchange.", default=1, low=1),
))
REGION = Command("region", "Report completed regions of your board: you take the treasure tokens lying on them.", (
    Option("regions", "list[int]", "The region(s) 1-6 now complete.", required=True, argument=True),
))
ANIMAL = Command("animal", "Place an animal over a connected group of holes of its shape.", (
    Option("kind", "str", "The animal: i3, l3, i4, o, t, z or l.", required=True, argument=True),
    Option("under", "str", "Printed treasures under it (in holes, no token), e.g. nut,blueberry.", default=""),
    Option("at", "str", "Board mode: ROW,COL of the top-left of its outline (default: the one group of holes of "
                        "its shape)."),
    Option("turn", "str", "Board mode: orientation (r0, r90, flip, ...).", default="r0"),
    Option("cells", "str", "Board mode: its hole cells 'r,c+r,c+...'."),
))
PATH = Command("path", "Refill a path emptied this turn to 5 (your own, or a player robbed by a mushroom).", (
    Option("player", "str", "Whose emptied path is refilled.", required=True, argument=True),
    Option("draw", "str", "Colours in order from the common path (g,o,o,r,g); solo row ends (UL,UL,...).",
           required=True, argument=True),
))
FINAL = Command("final", "The end chain of a last turn: all treasures to nuts, nuts to squirrels, completed regions "
                          "pay out, again. In board mode the assistant places the squirrels to leave the fewest empty "
                          "cells and says where.", (
    Option("wave", "list[str]", "The regions the squirrels of one wave complete, e.g. 2,5 ('-' none); repeat per "
                                "wave, in order."),
))
DEAL = Command("deal", "Solo: the layout of this game's stack of 25, by colour.", (
    Option("upper", "str", "Upper row, left to right, 5 colours: ggoor.", required=True),
    Option("lower", "str", "Lower row, left to right, 5 colours.", required=True),
    Option("spaces", "str", "Spaces 1 to 10, 10 colours.", required=True),
    Option("path", "str", "Your path, 5 colours.", required=True),
))

MAIN = (LEAF, SQUIRREL, MUSHROOM, FEATHER)
SPECIAL = (BLUEBERRY, NUT, EXCHANGE)
ALL = (*MAIN, *SPECIAL, REGION, ANIMAL, PATH, FINAL, DEAL, NEXT)
