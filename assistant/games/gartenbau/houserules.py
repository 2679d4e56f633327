"""Gartenbau's house-rule switches: each a [ruling] of rules/ or an unknown component fact
(docs/rules-vs-seeds.md, GB-n). Defaults follow rules/."""

from __future__ import annotations

from assistant.games.houserules import Switch


def _cart(value: str) -> str | None:
    if not value.isdigit() or not 20 <= int(value) <= 200:
        return "give a whole number from 20 to 200"
    return None


SWITCHES: tuple[Switch, ...] = (
    Switch("cart", "60", None, "GB-SETUP-1",
           "Sun tokens, and water tokens, in the game (each cart full; no source gives the number: a PLACEHOLDER, "
           "set it to your box's). The players' start resources come from it.", _cart),
    Switch("start_circle", "counts", ("counts", "skipped"), "GB-MARKET-1",
           "[ruling] The orange start circle is a circle a plant or flower move may stop on (counts), or only where "
           "the markers start (skipped)."),
    Switch("skips", "many", ("many", "one"), "GB-MARKET-2",
           "GB-2 [ruling]: several unoccupied petals may be skipped, one resource each (many); the seed's words "
           "name one (one)."),
)
