"""Indian Summer's house-rule switches: each a [ruling] of rules/, a rules/ vs seed disagreement
(docs/rules-vs-seeds.md, IS-n), or an unknown component fact. Defaults follow rules/."""

from __future__ import annotations

from assistant.games.houserules import Switch


def _int_check(low: int, high: int):
    def check(val: str) -> str | None:
        if not val.isdigit() or not low <= int(val) <= high:
            return f"give a whole number from {low} to {high}"
        return None
    return check


SWITCHES: tuple[Switch, ...] = (
    Switch("ring_capacity", "40", None, "IS-PATH-4",
           "Tiles the common path holds when it rings the board (no source gives the number: a PLACEHOLDER; "
           "set it to what your table lays). Leftovers form the reserve; topping up refills to it.",
           _int_check(7, 75)),
    Switch("robbed_refill", "must", ("must", "may"), "IS-PATH-3",
           "IS-3: rules/ says a robbed player whose path is empty refills at once (must); the seed says may."),
    Switch("mushroom_decline", "any", ("any", "one"), "IS-MAIN-C",
           "IS-4: rules/ lets a tile that does not fit be declined (any); the seed allows declining one of the two."),
    Switch("final_turn", "convert-then-act", ("convert-then-act", "act-then-convert", "convert-only"), "IS-END-2",
           "IS-1: the last turn after a full board: the chain first, then the main action (rules/ 'first'); or the "
           "main action first; or the chain only."),
    Switch("solo_feather_points", "1", None, "IS-SOLO-4",
           "[ruling] A feather left at the end of a solo game scores this (the seed prints 1; IS-2: likely a typo).",
           _int_check(0, 9)),
    Switch("solo_convert", "all", ("all", "until-full"), "IS-SOLO-4",
           "IS-2: solo end converts all treasures to nuts (rules/, the seed), or only as many as fill the board, "
           "cheapest first, so the rest still score."),
    Switch("solo_refill_choice", "once", ("once", "per-tile"), "IS-SOLO-3",
           "IS-9: rules/ chooses the row and end once per refill; the seed repeats the choice for every tile."),
)
