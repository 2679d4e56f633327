"""The Hanging Gardens' house-rule switches: each a [ruling] of rules/ or a rules/ vs seed
disagreement (docs/rules-vs-seeds.md, HG-n). Defaults follow rules/."""

from __future__ import annotations

from assistant.games.houserules import Switch


def _stacks(value: str) -> str | None:
    top, sep, bottom = value.partition("/")
    if not (sep and top.isdigit() and bottom.isdigit()) or int(top) + int(bottom) != 49 or min(int(top), int(bottom)) < 3:
        return "give the two stacks' sizes before the display is laid, TOP/BOTTOM, adding up to 49 (e.g. 25/24)"
    return None


SWITCHES: tuple[Switch, ...] = (
    Switch("temples", "per-area", ("per-area", "per-cell"), "HG-TEMPLE-3",
           "HG-5 [ruling]: one temple per area (rules/, the published reading); per-cell: the seed's one temple per "
           "themed cell, so a grown area may take another."),
    Switch("tile_stacks", "25/24", None, "HG-SETUP-1",
           "[ruling] The two face-down stacks of score tiles, top row's/bottom row's, before 3 of each are revealed "
           "(no source splits the 49).", _stacks),
)
