"""Indian Summer's set-up from a dict and from record headers, events in, state out (game.py
puts it behind the game interface)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from assistant.errors import GardenError
from assistant.games import events, houserules
from assistant.games.indian_summer.commands import TITLE
from assistant.games.indian_summer.houserules import SWITCHES
from assistant.games.indian_summer.state import GameState, Setup


def setup_from_dict(data: dict[str, Any]) -> Setup:
    try:
        chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in data.get("house_rules", {}).items()])
        players = tuple(data["players"])
        board_mode = bool(data.get("board_mode", False))
        sides: tuple = ()
        if board_mode:
            from assistant.games.indian_summer import laying

            given = data.get("woods", {})
            sides = tuple(laying.side_from_dict(given[name]) for name in players)
        return Setup(players=players, solo=bool(data.get("solo", False)),
                     name=str(data.get("name", "")), house_rules=MappingProxyType(chosen),
                     rules=events.rules_version(data), board_mode=board_mode, woods=sides)
    except (KeyError, TypeError) as err:
        raise GardenError(f"the game set-up is incomplete or malformed ({err})") from None


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    data = {"players": list(setup.players), "solo": setup.solo, "name": setup.name,
            "house_rules": houserules.differing(SWITCHES, setup.house_rules)}
    if setup.board_mode:
        data.update({"board_mode": True, "woods": {name: side._asdict() for name, side in zip(setup.players, setup.woods)}})
    return data



def setup_headers(setup_data: dict[str, Any]) -> list[tuple[str, str]]:
    setup = setup_from_dict(setup_data)
    headers = events.common_headers(setup.players, setup.solo, SWITCHES, dict(setup.house_rules), setup.rules)
    if setup.board_mode:
        from assistant.games.indian_summer.laying import sides_text

        headers.append(("Woods", sides_text(setup_data["woods"])))
    return headers


def setup_from_headers(headers: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = events.common_setup(headers, SWITCHES, TITLE)
    if "Woods" in headers:
        from assistant.games.indian_summer.laying import sides_from_text

        data.update({"board_mode": True, "woods": sides_from_text(headers["Woods"])})
    return data


def board_setup(players: list[str], bed_args: list[str], public: str | None, board_mode: bool,
                nursery: str | None = None, queue: str | None = None) -> dict[str, Any]:
    """Board mode's set-up from `--bed PLAYER=SIDE`: each player's woodland board, a side of the
    catalogue (garden woodlands) or a layout (9 rows of 8 of '.', B, N, M, F split by '/').
    A player nobody named a side for gets a clearly labelled blank placeholder."""
    from assistant.errors import UsageError
    from assistant.games.indian_summer import laying

    if not board_mode:
        raise UsageError("--bed goes with --board-mode")
    if public is not None or nursery is not None or queue is not None:
        raise UsageError("--public-bed, --nursery and --queue are Cottage Garden options; Indian Summer takes "
                         "--bed PLAYER=SIDE (a woodland side or layout)")
    given: dict[str, dict[str, str]] = {}
    for arg in bed_args:
        owner, side = events.bed_owner(arg, players)
        if owner in given:
            raise UsageError(f"--bed {arg!r}: {owner} already has a woodland board")
        given[owner] = _side(side, owner)
    for name in players:
        if name not in given:
            given[name] = laying.blank_side(name)._asdict()
    woods = {name: given[name] for name in players}
    for side in woods.values():
        laying.side_from_dict(side)  # refuses a malformed layout now, before anything is stored
    return {"board_mode": True, "woods": woods}


def _side(text: str, owner: str) -> dict[str, str]:
    from assistant.data import indian_catalogue
    from assistant.errors import UsageError

    if "/" in text:
        try:
            layout, _ = indian_catalogue.check_layout(text)
        except ValueError as err:
            raise UsageError(f"--bed {owner}=...: {err}") from None
        return {"name": f"layout-{owner}", "layout": layout}
    spec = indian_catalogue.woodland(text)
    return {"name": spec.name, "layout": spec.known_layout()}


def turn_summary(state: GameState) -> str:
    """One line after each command: whose turn, what is done, what is owed."""
    p = state.current_player
    if state.setup.solo:
        if not state.dealt:
            return f"Solo game {state.game}: report the layout (garden deal)"
        where = f"Solo game {state.game}, round {state.round} of 10"
    else:
        where = f"Turn {state.turn_number}: {p.name}"
        if state.ending is not None and state.current != state.ending:
            where += " · LAST TURN"
    done = f"main action {state.turn.main} done" if state.turn.main else "main action to take"
    if state.turn.chain:
        done += " · end chain done"
    return f"{where} · {done} · path {len(p.path)} · {p.empty} empty cell(s)"
