"""Cottage Garden rules by id (from ../shared/rules/cottage-garden.md)."""

from __future__ import annotations

from assistant.games.rulebook import Rule

RULES: tuple[Rule, ...] = (
    Rule("CG-SETUP-1", "Set-up", "The nursery side goes by player count (4 players: the side with the diagonals). "
         "16 random tiles fill the nursery, the other 20 form the queue with the wheelbarrow at its front; "
         "one bed lies light side up as the public bed. Each player: a scoring board, 3 orange and 3 blue "
         "cubes on start, 2 beds (one light, one dark side up), 2 cats. The gardener die stands on the start "
         "space showing 1 (showing 2 with 1 or 2 players). Play goes clockwise."),
    Rule("CG-DIE-1", "Gardener die", "At the end of each turn the die moves clockwise one position (two in solo). "
         "The line it points at is the gardener line."),
    Rule("CG-DIE-2", "New round", "When the die arrives at the turn-over space it turns to its next face. "
         "Turn-over space: the start space with 2 or 4 players (and solo), two positions before it with 3 players."),
    Rule("CG-DIE-3", "Final round begins", "When the die shows 6 the final round begins."),
    Rule("CG-TURN-1", "Turn order", "Players act on their own turn; a bed scores on its owner's turn (a bed "
         "completed by a reward still scores in that turn: report it with --reward if the turn was already passed, "
         "before the next player's turn is passed, once for each reward of that turn: a cat or flowerpot token won, "
         "cats placed)."),
    Rule("CG-TURN-2", "Game over", "Once no player has a bed left the game is over; no further move is possible."),
    Rule("CG-FILL-1", "Fill: must", "With 3 or 4 empty cells in the gardener line the player must refill it: "
         "queue tiles go to the empty cells nearest the die first, until the line is full or the queue is empty."),
    Rule("CG-FILL-2", "Fill: may, for a cat", "With 1 or 2 empty cells the player may pay one cat to the supply "
         "and refill the same way. Not in the young-children variant."),
    Rule("CG-FILL-3", "Fill comes first", "The fill phase comes once, at the start of the turn, before planting."),
    Rule("CG-PLANT-1", "Plant", "Exactly one of: take a flower tile from the gardener line and place it on one of "
         "your beds, or take a flowerpot token from the supply and place it on one of your beds."),
    Rule("CG-PLANT-2", "Cats", "A player may place any number of their own cats on their beds during their turn."),
    Rule("CG-PLANT-3", "Placement", "Tiles, pot tokens and cats go onto empty or symbol cells (covering a printed "
         "pot or cloche is allowed); tiles may be rotated and flipped; no overlap, never off the 5x5 bed, "
         "never on a pot token or a cat; nothing placed moves again."),
    Rule("CG-PLANT-4", "No passing", "A player who can place no tile of the gardener line must take a flowerpot."),
    Rule("CG-SCORE-1", "Complete bed", "A bed with no empty cell is complete (symbol cells need not be covered) "
         "and scores at once. Its flowerpots and cloches are counted: a 5x5 bed has 25 cells, so no count is "
         "negative and both together are at most 25. A player scores at most two beds a turn: they hold two, and "
         "the bed taken after a scoring is empty."),
    Rule("CG-SCORE-2", "Cube moves", "Flowerpots (uncovered printed pots, pots on its tiles, pot tokens) move one "
         "orange cube of the player's choice that many spaces; cloches (uncovered printed cloches, cloches on its "
         "tiles) move one blue cube that many spaces. Cats score nothing."),
    Rule("CG-SCORE-3", "Twenty", "A cube that reaches 20 stops; movement beyond 20 is lost and cannot be given to "
         "another cube. When all six cubes stand on 20 nothing more moves."),
    Rule("CG-SCORE-4", "Clean-up", "A scored bed's pot tokens and cats return to the supply, its tiles go to the "
         "back of the queue; the empty bed is flipped and becomes the public bed; the player takes the previous "
         "public bed, not flipped."),
    Rule("CG-REWARD-1", "Red line", "A cube moved upwards across the red line earns one cat from the supply, "
         "placed at once or kept. Crossing it upwards again later earns it again."),
    Rule("CG-REWARD-2", "Last cube", "When the last cube of a colour leaves start the player takes a flowerpot "
         "token and places it at once (it may complete a bed, which then scores)."),
    Rule("CG-REWARD-3", "Two cats", "A player holding more than 2 cats at the end of their turn places the extra "
         "cats on their beds (which may complete a bed)."),
    Rule("CG-REWARD-4", "Beehives", "The first player to bring any cube to 20 takes the 2-hive tile, the second "
         "the 1-hive tile; one beehive per player; none in solo. A hive is worth 1 point."),
    Rule("CG-FINAL-1", "Final round: give up small beds", "At the start of the final round every player discards "
         "each bed holding 2 or fewer flower tiles."),
    Rule("CG-FINAL-2", "Final round: pay", "Each turn a player who still has a bed first pays 2 points: one orange "
         "cube back 2 spaces or one blue cube back 1 space (back to start allowed). Only when every cube stands "
         "on 0, 1 or 20 is a cube moved back from 20, one space (orange costs 5, blue 6). If every cube stands on "
         "0 or 1, an orange cube on 1 goes back to 0; if all stand on 0, nothing is paid (house rule "
         "final_low_payment)."),
    Rule("CG-FINAL-3", "Final round: beds", "A completed bed scores and is removed; no new bed is taken."),
    Rule("CG-FINAL-4", "Final round: no bed", "A player with no bed pays nothing; the die still moves on their turn."),
    Rule("CG-FINAL-5", "Final round: die", "The die is not turned at the turn-over space."),
    Rule("CG-FINAL-6", "Final round: no give-up", "Players keep playing until they have completed every bed "
         "they have left (house rule final_opt_out=on allows giving them all up at the start of one's own turn, "
         "before paying)."),
    Rule("CG-END-1", "End", "The game ends when no player has a bed left."),
    Rule("CG-END-2", "Score", "Score = the values of the three orange and three blue cubes + beehive points."),
    Rule("CG-END-3", "Ties", "Highest score wins; tied: more beehive points wins; still tied: a shared win "
         "(house rule tie)."),
    Rule("CG-VAR-1", "Solo", "2-player set-up, die starting at 2; only 3 beds (2 for the player, 1 public); no "
         "beehives; the die moves two positions a turn (rows and columns 1 and 3 only): 32 turns, then the "
         "final round. Over 70 is very good, 80 outstanding."),
    Rule("CG-VAR-2", "Young children", "Cats on nursery corners at set-up; when the die passes a corner holding a "
         "cat, the child takes a cat from the supply. A child may hold more than 2 cats. The group decides "
         "whether rewards are used; nobody may refill for a cat."),
)
