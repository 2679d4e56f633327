"""Gartenbau's key and title, its moves and the options of its `garden new`, as data (faces draw
their flags and forms from these; moves.py gives the moves their meaning).

A turn is exactly one action -- seedling (or the flowerpot), plant or flower -- and the
watering can whenever the player likes, then `next` with at most 10 resources.
"""

from __future__ import annotations

from assistant.games.interface import Command, Option

KEY = "gartenbau"
TITLE = "Gartenbau"

NEW_OPTIONS: tuple[Option, ...] = (
    Option("flowers", "str", "Gartenbau: the flower tiles, beginner (icon sets) or advanced (the 3x4 draft).",
           default="beginner", choices=("beginner", "advanced")),
    Option("start", "list[str]", "Gartenbau: a player's start seedling tile, PLAYER=KIND+KIND (the side they "
                                 "chose); plants need its seedlings named."),
)

_AT = Option("at", "str", "ROW,COL of the tile's first cell; the second lies right of it (--turn h) or below "
                          "(--turn v). The start tile covers 0,0 and 0,1; negative cells as --at=-1,0.")
_TURN = Option("turn", "str", "h: the second seedling right of the first; v: below it.", default="h",
               choices=("h", "v"))

SEEDLING = Command("seedling", "Seedling market: move to the next unoccupied petal (skipping some by paying), then "
                               "place its top tile (--tile --at) or take its resources (--resources).", (
    Option("skip", "list[str]", "Skip the next unoccupied petal, paying this resource (sun or water) onto its top "
                                "tile; once per petal skipped."),
    Option("tile", "str", "The tile taken: its seedlings KIND+KIND, first cell first (or its id from garden "
                          "seedlings)."),
    _AT, _TURN,
    Option("resources", "bool", "Take the resources the petal shows instead of its tile.", default=False),
    Option("petal", "int", "Without a defined market ring: the petal landed on, 1 = first clockwise from the "
                           "start.", low=1, high=8),
))
PLANT = Command("plant", "Plant market: move to the next unoccupied circle, buy the top tile of a colour's stack "
                         "and cover two seedlings of two different seedling tiles.", (
    Option("stack", "str", "The plant stack, by colour (red, ...).", required=True, argument=True),
    Option("over", "str", "The two seedling cells it covers, R,C+R,C.", required=True),
    Option("tile", "str", "The tile bought: its id, or KIND+KIND:COST:POINTS when your catalogue lacks it "
                          "(default: the stack's top in your catalogue)."),
))
FLOWER = Command("flower", "Flower: move to the next unoccupied circle, place a flower from your hand over "
                           "adjacent plants of its colours, gain 3 resources.", (
    Option("flower", "str", "The flower: its id, or COLOUR+COLOUR:POINTS.", required=True, argument=True,
           metavar="ID"),
    Option("over", "str", "The plant cells it covers, R,C+R,C+...", required=True),
    Option("gain", "str", "The 3 resources gained, e.g. sun,water,sun.", required=True),
))
FLOWERPOT = Command("flowerpot", "Once a game, as the turn's action: move to any petal and take its top tile "
                                 "(then place it: garden seedling --tile --at).", (
    Option("petal", "int", "The petal, 1 = first clockwise from the start.", required=True, argument=True, low=1,
           high=8),
))
CAN = Command("can", "Once a game: move one uncovered seedling tile (can move R,C --to R,C) or swap two "
                     "(can swap R,C R,C); the garden stays in one piece.", (
    Option("action", "str", "move or swap.", required=True, argument=True, choices=("move", "swap")),
    Option("cells", "list[str]", "A cell of the tile (move), or of each of the two tiles (swap).", required=True,
           argument=True, metavar="R,C"),
    Option("to", "str", "move: ROW,COL of the tile's first cell at its new place."),
    Option("turn", "str", "move: h or v at its new place (default: as it lay).", choices=("h", "v")),
))
HAND = Command("hand", "The flowers a player holds after the draft (then a flower played must be one of them).", (
    Option("player", "str", "Whose hand.", required=True, argument=True),
    Option("flowers", "str", "The flowers, ids or COLOUR+COLOUR:POINTS, split by commas.", required=True,
           argument=True),
))
NEXT = Command("next", "End the turn (at most 10 resources kept: return the excess).", (
    Option("return", "str", "Resources returned to the supply, e.g. sun,sun,water.", default=""),
))

ALL = (SEEDLING, PLANT, FLOWER, FLOWERPOT, CAN, HAND, NEXT)
