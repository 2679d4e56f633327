"""The Hanging Gardens' key and title and its moves, as data (faces draw their flags and forms
from these; moves.py gives the moves their meaning).

A turn: `card` (place a face-up card, or discard one that fits nowhere), then perhaps
`temple` and the score tile it earns (`take`), then `next`.
"""

from __future__ import annotations

from assistant.games.hanging_gardens.components import tile_names
from assistant.games.interface import NEXT, Command, Option

KEY = "hanging-gardens"
TITLE = "The Hanging Gardens"
NEW_OPTIONS: tuple[Option, ...] = ()

_TILES = tile_names()

CARD = Command("card", "Place the card you took on your garden (or --discard it when it fits nowhere).", (
    Option("card", "str", "The card: an id from your catalogue (garden cards) or its layout, two rows of three "
                          "cells seen upright: R terrace, G park, Y arcade, B fountain, '.' blank, e.g. RG./..B.",
           required=True, argument=True),
    Option("at", "str", "ROW,COL of the card's top-left cell after turning; the start card covers rows 0-1, "
                        "columns 0-2; negative rows and columns as --at=-1,0."),
    Option("turn", "str", "Turn the card clockwise: r0 (upright), r90, r180, r270.", default="r0",
           choices=("r0", "r90", "r180", "r270")),
    Option("discard", "bool", "No face-up card can be placed: discard this one (refused when it fits somewhere); "
                              "the turn ends.", default=False),
))
TEMPLE = Command("temple", "Build a temple on a themed cell of the card just placed, in an area of 3+ it grew.", (
    Option("cell", "str", "ROW,COL of the temple's cell (a negative row after --: garden temple -- -1,2).",
           required=True, argument=True, metavar="ROW,COL"),
    Option("move_from", "str", "All 5 temples out: ROW,COL of the temple moved, in your smallest templed area "
                               "(said for you when there is one choice)."),
))
TAKE = Command("take", "Take the score tile for the area just templed, from a column no larger than the area.", (
    Option("series", "str", "The tile taken: its series (queen, king, tiger, garden, statue, chalice, gate) or "
                            "character (animal-handler, gardener, sculptor, priest, guard).",
           required=True, argument=True, choices=_TILES),
    Option("column", "int", "The display's column: 3, 4 or 5 (no larger than the area).", required=True, low=3,
           high=5),
    Option("row", "str", "The display's row it lay in: top or bottom (default: top while it holds a tile there).",
           choices=("top", "bottom")),
    Option("draw", "str", "An area of 6 or more also draws one tile face down: the tile drawn.", choices=_TILES),
))

ALL = (CARD, TEMPLE, TAKE, NEXT)
