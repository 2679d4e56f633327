"""Cottage Garden's house-rule switches, each a [ruling] or an unknown component fact."""

from __future__ import annotations

from assistant.games.houserules import Switch
from assistant.games.cottage_garden.tracks import TRACK_VALUES
from assistant.wording import a


def _red_line_check(colour: str):
    def check(val: str) -> str | None:
        values = TRACK_VALUES[colour]  # type: ignore[index]
        if not val.isdigit() or int(val) not in values[1:-2]:
            return f"the line must follow {a(colour)} track value from {values[1]} to {values[-3]}"
        return None
    return check


def _corners_check(val: str) -> str | None:
    if val == "0":
        return None
    parts = val.split(",")
    if not all(p in {"1", "2", "3", "4"} for p in parts) or len(set(parts)) != len(parts):
        return "give 0 (off) or the corners holding a cat, e.g. 1,3 (1 = top right, clockwise)"
    return None


SWITCHES: tuple[Switch, ...] = (
    Switch("red_line_orange", "6", None, "CG-REWARD-1",
           "The red line on the orange track follows this value (components.md: unknown; default between 6 and 7).",
           _red_line_check("orange")),
    Switch("red_line_blue", "6", None, "CG-REWARD-1",
           "The red line on the blue track follows this value (components.md: unknown; default between 6 and 8).",
           _red_line_check("blue")),
    Switch("final_discard", "queue", ("queue", "box"), "CG-FINAL-1",
           "[ruling] Tiles of a bed given up at the start of the final round go to the back of the queue (or out of the game)."),
    Switch("final_low_payment", "orange-one", ("orange-one", "none"), "CG-FINAL-2",
           "[ruling] When every cube stands on 0 or 1, an orange cube on 1 goes back to 0 (orange-one), or nothing is paid (none)."),
    Switch("final_opt_out", "off", ("off", "on"), "CG-FINAL-6",
           "[ruling] The Thai text lets a player give up their remaining beds in the final round to stop paying "
           "(on: at the start of their own turn, before paying); off by default."),
    Switch("tie", "shared", ("shared", "later-player"), "CG-END-3",
           "[ruling] Still tied after beehive points: a shared win (shared), or the player later in turn order wins (later-player)."),
    Switch("solo_beehives", "off", ("off", "on"), "CG-VAR-1",
           "[ruling] Solo has no beehives (rules/); the Chinese seed says solo uses the 2-player rules, which have them."),
    Switch("children", "0", None, "CG-VAR-2",
           "Young-children variant: 0 off, or the nursery corners holding a cat, e.g. 1,2 (1 = top right, clockwise).",
           _corners_check),
    Switch("children_rewards", "on", ("on", "off"), "CG-VAR-2",
           "Young-children variant: whether the scoring-board rewards (cats, flowerpot) are used."),
)
