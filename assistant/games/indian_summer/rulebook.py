"""Indian Summer rules by id (from ../shared/rules/indian-summer.md, seed 003; see docs/rules-vs-seeds.md)."""

from __future__ import annotations

from assistant.games.rulebook import Rule

RULES: tuple[Rule, ...] = (
    Rule("IS-SETUP-1", "Set-up", "2-4 players, each with a different name; the first named holds the hiking boot "
         "(start player); play goes clockwise. Each player: a woodland board (either side), a backpack, 1 blueberry, "
         "1 nut, 1 mushroom, and a path of 2 green, 2 orange, 1 red random leaf tiles. The other leaf tiles form the "
         "common path in a ring round the game board with the bush in its gap (house rule ring_capacity); "
         "leftovers form the reserve. Animals in 7 stacks; a blueberry on the Z stack, a nut on the T stack, a "
         "feather on the O stack. Squirrels and treasure tokens in the supply."),
    Rule("IS-SETUP-2", "Solo set-up", "One player; the leaf tiles split into 3 random stacks of 25, one a game. "
         "From this game's stack: 5 tiles in the upper row, 5 in the lower row, one on each of spaces 1-10, the last "
         "5 the path. Report the layout by colour (garden deal) before the first move of each game; a deal must fit "
         "the 17 green, 29 orange and 29 red tiles less those of earlier deals (the third deal is what is left)."),
    Rule("IS-TURN-1", "Turns", "Players act on their own turn (a robbed player refills on the robber's turn); once "
         "the game is over no move is possible."),
    Rule("IS-TURN-2", "One main action", "Each turn exactly one main action (A leaf, B squirrel, C mushroom, "
         "D feather) and any number of special actions; the turn ends only after the main action, unless the "
         "player's board is full."),
    Rule("IS-MAIN-A", "A: leaf tile", "Take a leaf tile from your own path (any tile of it) and place it."),
    Rule("IS-MAIN-B", "B: squirrel", "Take a squirrel from the supply and place it (1 cell)."),
    Rule("IS-MAIN-C", "C: mushroom", "Pay 1 mushroom; take one leaf tile from the paths of each of two different "
         "other players and place both. With 2 players: one from the opponent's path and the front tile of the "
         "common path. A tile that does not fit may be declined and stays (house rule mushroom_decline)."),
    Rule("IS-MAIN-D", "D: feather", "Pay 1 feather; take 2 leaf tiles from your own path (it must hold at least 2) "
         "and place both."),
    Rule("IS-SPEC-1", "Blueberry", "Special action: pay 1 blueberry; refill your path to 5 from the common path "
         "(holding 5 or more already: take 1 more to its end)."),
    Rule("IS-SPEC-2", "Nut", "Special action: pay 1 nut; take a squirrel and place it."),
    Rule("IS-EXCH-1", "Exchange", "Any time in your turn. Value: feather > mushroom > nut > blueberry. One of a "
         "higher kind buys one of any lower kind; two of a kind buy one of the next higher kind (2 blueberries -> "
         "nut, 2 nuts -> mushroom, 2 mushrooms -> feather). Nothing else. The bought token comes from the supply."),
    Rule("IS-PATH-1", "Common path", "Take the first tile clockwise after the bush, put it at the end of your path, "
         "move the bush on; repeat as needed. The colours taken must be among the tiles the common path and reserve "
         "still hold."),
    Rule("IS-PATH-2", "Own path empty", "Taking your last path tile lets you refill it to 5 at once from the common "
         "path (solo: from the rows)."),
    Rule("IS-PATH-3", "Robbed path empty", "A player whose path a mushroom action empties refills it at once to 5 "
         "from the common path (house rule robbed_refill); two such players refill in turn order from the active "
         "player."),
    Rule("IS-PATH-4", "Common path short", "Under 7 tiles, the common path is extended from the reserve at its end "
         "to almost a full ring again (house rule ring_capacity), or with all that remains."),
    Rule("IS-PLACE-1", "Placement", "Leaf tiles and squirrels go on empty or printed-treasure cells, never over an "
         "animal, a squirrel or another leaf tile, never off the board; nothing placed moves again. Score mode counts "
         "empty cells: a leaf tile covers 3 (green), 4 (orange) or 5 (red) cells, its hole included; a squirrel 1; "
         "a board has 72."),
    Rule("IS-HOLE-1", "Hole over a treasure", "A hole placed over a printed treasure: take that treasure token from "
         "the supply and put it on that cell. One hole per leaf tile placed this turn; a board side prints 10 "
         "blueberries, 7 nuts, 3 mushrooms and 1 feather; never in a completed region."),
    Rule("IS-REGION-1", "Region complete", "When all 12 cells of a region are covered (holes count), take all "
         "treasure tokens on it. A region completes once; completed regions never exceed the covered cells; a full "
         "board has all 6 regions complete (the assistant completes the rest)."),
    Rule("IS-ANIMAL-1", "Animal", "In a turn that placed something, an animal matching a connected group of holes "
         "may go over those hole cells (never on a cell holding a token): take a token for each printed treasure "
         "under it (a treasure found earlier whose region has since paid out) and the token on its stack, if any. "
         "7 kinds: i3, l3, i4, o, t, z, l; 20 animals in all (counts per kind unknown). An animal covers no empty "
         "cell: hole cells already count as covered."),
    Rule("IS-SUPPLY-1", "Supplies", "A token is taken only if the supply holds one (else nothing is taken); "
         "treasures paid go back to the supply. Squirrels running out are replaced by any other marker."),
    Rule("IS-END-1", "End", "When a player's board is full, every other player takes one more turn, then the game "
         "ends."),
    Rule("IS-END-2", "The last turn", "In it the player exchanges all treasures for nuts (feather and mushroom 1:1, "
         "2 blueberries 1 nut) and turns every nut into a squirrel on the board; treasures from regions so completed "
         "go round again, until nothing more can be done (house rule final_turn for when the main action comes)."),
    Rule("IS-END-3", "Ranking", "Fewest empty cells wins (a full board is the win); tied: more nuts; then whoever "
         "still holds a blueberry; then shared."),
    Rule("IS-SOLO-1", "Solo rounds", "10 rounds of one turn. Before each round the tile on that round's space moves "
         "to the rightmost free space (spaces 1-10 and the two mushroom spaces to their right)."),
    Rule("IS-SOLO-2", "Solo mushroom", "Pay 1 mushroom; take the tiles of the two mushroom spaces (or the one left) "
         "and place them (one that does not fit may be declined); then the tiles on spaces below the round number "
         "move, highest first, to the rightmost free spaces."),
    Rule("IS-SOLO-3", "Solo refill", "Blueberry and an empty path: choose the upper or lower row and its left or "
         "right end, take tiles one by one until the path holds 5 (house rule solo_refill_choice; a row used up "
         "before that, the rest from another end); no common path."),
    Rule("IS-SOLO-4", "Solo game end", "After round 10: the end chain (IS-END-2), then the game's score: a full board "
         "is a success; otherwise -1 per empty cell; held treasures +1 blueberry, +2 nut, +3 mushroom, +1 feather "
         "(house rule solo_feather_points). A total above 0 is also a success."),
    Rule("IS-SOLO-5", "Three games", "Two or more successes: the sum of the two best scores; exactly one: the sum of "
         "the two lower scores; the first two both failed: the third is not played (the result is 'failed', with the "
         "sum of the two)."),
)
