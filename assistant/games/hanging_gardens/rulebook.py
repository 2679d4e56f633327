"""The Hanging Gardens' rules by id (from ../shared/rules/hanging-gardens.md, seed 002; see
docs/rules-vs-seeds.md, HG-n)."""

from __future__ import annotations

from assistant.games.rulebook import Rule

RULES: tuple[Rule, ...] = (
    Rule("HG-SETUP-1", "Set-up", "2-4 players, each with a different name; the first named is the start player "
         "(the youngest) and play goes clockwise. Each player: a start card (6 blank cells, rows 0-1, columns "
         "0-2 of their garden) and 5 temples. The 60 building cards shuffled face down; the 49 score tiles in two "
         "face-down stacks (house rule tile_stacks), 3 of each revealed in the display's two rows: 3 columns of 2, "
         "for areas of 3, 4 and 5 cells."),
    Rule("HG-ROUND-1", "A round", "At the start of a round cards are revealed from the deck: 4 with 4 players, 3 "
         "with 3, 4 with 2 (the two players alternate, each taking 2). Each turn the player takes one face-up card "
         "and plays it. When the round's cards are taken, the start marker passes left."),
    Rule("HG-TURN-1", "A turn", "Take one face-up card and place it on your garden, or, when no face-up card can be "
         "placed, discard one (the turn ends). Then you may build a temple and, having built one, take its score "
         "tile. One card a turn."),
    Rule("HG-CARD-1", "Building cards", "A card is 2 rows of 3 cells seen upright: R terrace (red), G park "
         "(green), Y arcade (yellow), B fountain (blue), '.' blank; a building card shows 1-4 themed cells. Each "
         "card of the box is played once."),
    Rule("HG-PLACE-1", "Themed cells lie on cards", "A card goes on upright or sideways. Each themed cell of it "
         "must lie over a cell of an earlier card (blank or themed); it may never hang over the table. A blank "
         "cell may hang over the table or lie over anything."),
    Rule("HG-PLACE-2", "Temples stay visible", "A cell holding a temple may never be covered again."),
    Rule("HG-PLACE-3", "On the garden", "A card is laid on your stack: at least one of its cells lies over an "
         "earlier card."),
    Rule("HG-DISCARD-1", "Discarding", "Only when no face-up card can be placed: the card taken is discarded and "
         "the turn ends. The assistant checks the card named; the others on display are the table's to check."),
    Rule("HG-TEMPLE-1", "Temple", "After placing a card, if it added at least one visible cell to an area of 3 or "
         "more orthogonally connected cells of one theme, the player may put a temple on a themed cell of that "
         "card, in that area. Waiting to grow a larger area is allowed."),
    Rule("HG-TEMPLE-2", "One a turn", "At most one temple a turn."),
    Rule("HG-TEMPLE-3", "One per area", "An area holds at most one temple (house rule temples: the seed allows one "
         "per themed cell instead). Splitting: an area cut in two by a card is two areas; the part without a "
         "temple may get one only when a placement adds a cell to it."),
    Rule("HG-TEMPLE-4", "Moving temples", "A player whose 5 temples all stand on cards and who builds another "
         "moves one from their smallest templed area (a choice among equals)."),
    Rule("HG-TILE-1", "Score tile", "Having built a temple, take a score tile from the display's column for the "
         "area's size or a smaller one (columns 3, 4, 5; an area of 5 or more may take from any column); keep it "
         "face down. The slot is refilled at once from the stack of its row."),
    Rule("HG-TILE-2", "Large areas", "An area of 6 or more cells also draws one tile face down from a stack (the top "
         "row's while it has tiles, then the bottom's)."),
    Rule("HG-TILE-3", "The box's tiles", "49 score tiles: series queen 4, king 4, tiger 6, garden 6, statue 6, "
         "chalice 10, gate 8; one tile each of the animal handler, gardener, sculptor, priest and guard. No more of "
         "a series can be taken than the box holds."),
    Rule("HG-END-1", "End", "The game ends when the deck is empty (after the round that took its last cards). "
         "Highest score wins; a tie goes to the player with more score tiles."),
    Rule("HG-END-2", "Tiles run out", "When the score tiles run out before the deck, the round is finished and "
         "the game ends; each tile a player should have taken but could not (none left in the columns allowed, "
         "or none to draw) scores 5 points."),
    Rule("HG-SCORE-1", "Series", "Each series scores by its value table for 1, 2, 3, ... tiles; beyond a complete "
         "series counting starts again (5 garden tiles: 16 + 8 = 24). Known: garden 2, 8, 16 (complete at 3); "
         "statue 1, 3, 20; queen 1, 15. The rest are user data (garden values set)."),
    Rule("HG-SCORE-2", "Characters", "A character tile pairs with one series and scores in addition to it, by how "
         "many tiles of that series its owner holds: the guard 3 per gate tile; the gardener 3 with 1 garden "
         "tile, 11 with 4; the animal handler 3 alone, 10 with a complete set. The rest are user data."),
)
