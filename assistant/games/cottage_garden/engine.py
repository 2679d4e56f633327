"""Cottage Garden's set-up from a dict and from record headers, events in, state out (game.py
puts it behind the game interface)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from assistant.errors import GardenError
from assistant.games import events, houserules
from assistant.games.cottage_garden.commands import TITLE
from assistant.games.cottage_garden.houserules import SWITCHES
from assistant.games.cottage_garden.state import GameState, Setup


def setup_from_dict(data: dict[str, Any]) -> Setup:
    try:
        chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in data.get("house_rules", {}).items()])
        players = tuple(data["players"])
        board_mode = bool(data.get("board_mode", False))
        start_beds: tuple = ()
        public = None
        if board_mode:
            from assistant.games.cottage_garden import planting

            given = data.get("beds", {})
            start_beds = tuple(tuple(planting.slot_from_dict(d) for d in given[name]) for name in players)
            if any(len(slots) != 2 for slots in start_beds):
                raise GardenError("board mode: each player has exactly 2 beds")
            public = planting.slot_from_dict(data["public_bed"]) if data.get("public_bed") else None
        nursery = None
        if data.get("nursery"):
            from assistant.games.cottage_garden.nursery import from_dict

            nursery = from_dict(data["nursery"])
        return Setup(players=players, solo=bool(data.get("solo", False)), name=str(data.get("name", "")),
                     house_rules=MappingProxyType(chosen), rules=events.rules_version(data), board_mode=board_mode,
                     start_beds=start_beds, start_public=public, start_nursery=nursery)
    except (KeyError, TypeError) as err:
        raise GardenError(f"the game set-up is incomplete or malformed ({err})") from None



def setup_headers(setup_data: dict[str, Any]) -> list[tuple[str, str]]:
    setup = setup_from_dict(setup_data)
    headers = events.common_headers(setup.players, setup.solo, SWITCHES, dict(setup.house_rules), setup.rules)
    if setup.board_mode:
        from assistant.games.cottage_garden.planting import slots_text

        headers.append(("Beds", slots_text(setup_data["beds"], setup_data.get("public_bed"))))
    if setup_data.get("nursery"):
        headers.append(("Nursery", ",".join(setup_data["nursery"]["cells"])))
        headers.append(("Queue", ",".join(setup_data["nursery"]["queue"])))
    return headers


def setup_from_headers(headers: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = events.common_setup(headers, SWITCHES, TITLE)
    if "Beds" in headers:
        from assistant.games.cottage_garden.planting import slots_from_text

        beds, public = slots_from_text(headers["Beds"])
        data.update({"board_mode": True, "beds": beds, "public_bed": public})
        if "Nursery" in headers:
            data["nursery"] = {"cells": headers["Nursery"].split(","), "queue": [q for q in headers.get("Queue", "").split(",") if q]}
    return data


def turn_summary(state: GameState) -> str:
    """One line after each command: whose turn, the gardener line, the round."""
    return (f"Turn {state.turn_number}: {state.current_player.name} · gardener line "
            f"{state.die.line_name(state.die_position)} · "
            + ("final round" if state.final_round else f"round {state.face}"))


def board_setup(players: list[str], bed_args: list[str], public: str | None, board_mode: bool,
                nursery: str | None = None, queue: str | None = None) -> dict[str, Any]:
    """The board-mode part of a set-up from `--bed PLAYER=SIDE`, `--public-bed SIDE` and, to
    track the nursery, `--nursery` (16 ids, row by row, '-' empty) and `--queue` (ids, front first).
    A bed nobody named gets a clearly labelled blank placeholder."""
    from assistant.errors import UsageError
    from assistant.games.cottage_garden import planting

    if not board_mode:
        raise UsageError("--bed, --public-bed, --nursery and --queue go with --board-mode")
    tracked = _nursery_setup(nursery, queue)
    given: dict[str, list[dict[str, Any]]] = {name: [] for name in players}
    in_play: dict[frozenset[str], str] = {}  # a catalogue bed (both its sides) -> where it lies

    def laid(slot: dict[str, Any], side: str | None, where: str) -> dict[str, Any]:
        if side is not None and "/" not in side:  # a catalogue bed is one board: it lies in one place
            board = frozenset((slot["up"]["name"], slot["down"]["name"]))
            if board in in_play:
                raise UsageError(f"{where}: bed side {side}'s board is already in play ({in_play[board]}); "
                                 "each bed is one board with two sides")
            in_play[board] = where
        return slot

    for arg in bed_args:
        owner, side = events.bed_owner(arg, players)
        if len(given[owner]) == 2:
            raise UsageError(f"--bed {arg!r}: {owner} already has 2 beds")
        given[owner].append(laid(_bed_slot(side, f"{owner}-{len(given[owner]) + 1}"), side, f"--bed {arg!r}"))
    for name, slots in given.items():
        while len(slots) < 2:
            slots.append(_bed_slot(None, f"{name}-{len(slots) + 1}"))
    public_slot = laid(_bed_slot(public, "public"), public, f"--public-bed {public!r}")
    for slots in [*given.values(), [public_slot]]:
        for slot in slots:
            planting.slot_from_dict(slot)  # refuses a malformed layout now, before anything is stored
    return {"board_mode": True, "beds": given, "public_bed": public_slot, **tracked}


def _nursery_setup(nursery: str | None, queue: str | None) -> dict[str, Any]:
    from assistant.errors import UsageError

    if nursery is None and queue is None:
        return {}
    if nursery is None or queue is None:
        raise UsageError("tracking the nursery takes both --nursery (16 tile ids, row by row) and --queue (front first)")
    from assistant.data import catalogue
    from assistant.games.cottage_garden.nursery import check_against_catalogue, from_dict, to_dict

    def ids(text: str) -> list[str]:
        return [t.strip() if t.strip() == "-" else catalogue.normalise_id(t) for t in text.split(",") if t.strip()]

    tracked = from_dict({"cells": ids(nursery), "queue": ids(queue)})
    check_against_catalogue(tracked, {spec.id: spec.count for spec in catalogue.load().tiles.values()})
    return {"nursery": to_dict(tracked)}


def _bed_slot(side: str | None, label: str) -> dict[str, Any]:
    from assistant.games.cottage_garden import planting

    if side is None:
        up = planting.blank_side(label)
        return {"up": up._asdict(), "down": planting.blank_side(label + "-back")._asdict()}
    if "/" in side:  # an inline layout; its other side is unknown
        return {"up": {"name": f"layout-{label}", "layout": side},
                "down": planting.blank_side(label + "-back")._asdict()}
    from assistant.data import catalogue

    up_side, down_side = catalogue.bed_sides(side)
    return {"up": {"name": up_side[0], "layout": up_side[1]}, "down": {"name": down_side[0], "layout": down_side[1]}}
