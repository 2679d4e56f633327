"""Gartenbau's rules by id (from ../shared/rules/gartenbau.md, seed 004; see docs/rules-vs-seeds.md, GB-n)."""

from __future__ import annotations

from assistant.games.rulebook import Rule

RULES: tuple[Rule, ...] = (
    Rule("GB-SETUP-1", "Set-up", "2-4 players, each with a different name; the first named starts (who gardened "
         "last). The market side for the count; seedling tiles: 2 players without the 15 marked 3-4 and 3 more "
         "at random (54), 3 players without 9 at random (63), 4 players all 72; 9 a petal, so 6, 7 or 8 petals. "
         "Plant tiles by colour, lowest value on top (2 players: the tiles worth 3 out). Each player: 2 sun, 2 "
         "water, a start seedling tile (either side), a marker on the start circle, a flowerpot and a watering "
         "can. The carts hold the rest of the sun and water (house rule cart)."),
    Rule("GB-SETUP-2", "Flowers", "Beginner: basic flower tiles by the icon on their back, each player takes one "
         "icon set in turn order. Advanced: 12 of the 24 face down in a 3x4 grid, one face up on each; in turn "
         "order each player takes a stack of 2 until each has 3 (2 players: 4), then discards 1 (2 players: 2). "
         "A player's hand may be told to the assistant (garden hand)."),
    Rule("GB-TURN-1", "One action", "Each turn exactly one action: the seedling market, the plant market or a "
         "flower (the flowerpot stands in for the seedling market's move). The watering can may be used as well."),
    Rule("GB-MARKET-1", "The ring", "The market's spaces clockwise from the start circle: petals and circles "
         "(where the circles lie is the user's data: garden market define). Markers move clockwise; a space "
         "holding another player's marker is occupied. The start circle counts as a circle (house rule "
         "start_circle)."),
    Rule("GB-MARKET-2", "Skipping petals", "Seedling market: the marker moves to the next unoccupied petal; it may "
         "skip unoccupied petals, one resource of the player's choice put on each skipped petal's top tile "
         "[ruling: several may be skipped]. An empty petal has no tile to pay onto: it cannot be skipped by "
         "paying [ruling]."),
    Rule("GB-MARKET-3", "Circles", "Plant market and flower: the marker moves to the next unoccupied circle; no "
         "skipping by paying."),
    Rule("GB-SEED-1", "A seedling tile", "Option A: take the petal's top seedling tile and place it in your garden "
         "at once, orthogonally adjacent to a tile already there, on empty cells; take the resources lying on it."),
    Rule("GB-SEED-2", "The petal's resources", "Option B: take the resources printed on the petal."),
    Rule("GB-PLANT-1", "Buying a plant", "Buy the top tile of one colour's stack, paying the resources shown on it."),
    Rule("GB-PLANT-2", "Placing a plant", "It covers two orthogonally adjacent seedlings of two different seedling "
         "tiles, uncovered, showing the two seedlings the plant needs."),
    Rule("GB-FLOWER-1", "Placing a flower", "A flower from your hand covers adjacent uncovered plant tiles of the "
         "colours it requires (one plant a colour named)."),
    Rule("GB-FLOWER-2", "Its reward", "Placing a flower gains 3 resources of the player's choice (sun or water)."),
    Rule("GB-RES-1", "Ten at most", "At the end of a turn a player holds at most 10 resources; the player chooses "
         "what goes back. Resources paid go back to the carts; a player pays only what they hold."),
    Rule("GB-POT-1", "Flowerpot", "Once a game, as the turn's action: move your marker to any petal, occupied or "
         "not, take its top seedling tile and the resources on it, and place the tile as option A."),
    Rule("GB-CAN-1", "Watering can", "Once a game: move one uncovered seedling tile of your garden, or swap two; "
         "the garden may not be split in two."),
    Rule("GB-POWER-1", "Petal powers", "A petal whose stack is empty shows a power a player landing there may use. "
         "What the powers do is in no source: the assistant names the petal, the table applies the power."),
    Rule("GB-END-1", "End", "When 4 petals are empty the end is triggered; play continues until the player to the "
         "right of the start player has finished, so everyone has had as many turns."),
    Rule("GB-SCORE-1", "Scoring", "Points on the flower tiles in the garden, on the plant tiles no flower covers, "
         "and 2 for each unused flowerpot or watering can."),
    Rule("GB-SCORE-2", "Ties", "More flower tiles wins; then fewer plant tiles; then the win is shared."),
    Rule("GB-COMP-1", "Components", "72 seedling tiles of two seedlings each (6 kinds; 15 marked for 3-4 players); "
         "plant tiles (colour, two seedlings needed, cost, points) and flower tiles (colours, points) as the user "
         "defines them or writes them inline; the 24 advanced flowers."),
)
