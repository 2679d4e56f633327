"""Game records: a plain-text notation a person can read (docs/notation.md), and JSON.

    [Game "cottage-garden"]
    [Name "friday"]
    [Players "Ann,Ben"]

    1. Ann: score Ann pots=3 cloches=1 orange=1 blue=2; next
    2. Ben: refill; next

One line per turn: the turn number and whose turn it is, then the actions of
that turn in order, separated by `;`. What another player does during the turn
(a declaration every player makes, say) is written on a line of its own with the
same turn number and that player's name, so a line never reads as one player
acting for another. `#` opening a line or after a space starts a comment.
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple
from typing import Any

from assistant.errors import GardenError
from assistant.games import registry

FORMAT = "garden-record"
VERSION = 1
_HEADER = re.compile(r'^\[(\w+) "(.*)"\]$')
_TURN = re.compile(r"^(\d+)\.\s+([^:]+):\s*(.*)$")
#: a comment: `#` opening a line or after a space (`shape=##/#.` holds #s that are not one)
_COMMENT = re.compile(r"(?:^|\s)#.*$")
_HEADER_COMMENT = re.compile(r'^(\[\w+ ".*"\])\s*(?:#.*)?$')


class Record(NamedTuple):
    game: str
    name: str
    setup: dict[str, Any]
    actions: list[dict[str, Any]]


def write_text(record: Record) -> str:
    eng = registry.game(record.game)
    headers = [("Game", record.game), ("Name", record.name), *eng.setup_headers(record.setup)]
    out = [f'[{key} "{value}"]' for key, value in headers] + [""]
    state = eng.new_state(record.setup)
    players = set(record.setup["players"])
    turn_no, mover = _label(eng.turn_label(state))
    speaker, line = mover, []
    for action in record.actions:
        actor = action.get("player") if action.get("player") in players else mover
        if actor != speaker and line:
            out.append(f"{turn_no}. {speaker}: {'; '.join(line)}")
            line = []
        speaker = actor
        line.append(eng.format_action(action))
        state = eng.apply_event(state, action).state
        if action["type"] == "next":
            out.append(f"{turn_no}. {speaker}: {'; '.join(line)}")
            line = []
            turn_no, mover = _label(eng.turn_label(state))
            speaker = mover
    if line:
        out.append(f"{turn_no}. {speaker}: {'; '.join(line)}")
    return "\n".join(out) + "\n"


def _label(label: str) -> tuple[int, str]:
    """A turn label's number and player: `12. Ann:` -> (12, "Ann")."""
    m = _TURN.match(label)
    assert m, label
    return int(m.group(1)), m.group(2).strip()


def write_json(record: Record) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "game": record.game, "name": record.name,
                       "setup": record.setup, "actions": record.actions}, indent=1, ensure_ascii=False) + "\n"


def read(text: str, source: str) -> Record:
    """A record from either notation; errors name the source and the line."""
    if text.lstrip().startswith("{"):
        return _read_json(text, source)
    return _read_text(text, source)


def _read_json(text: str, source: str) -> Record:
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise GardenError(f"{source}: not a garden record (format {data.get('format')!r})")
        return Record(str(data["game"]), str(data.get("name", "")), dict(data["setup"]), list(data["actions"]))
    except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as err:
        raise GardenError(f"{source}: not a readable garden record ({err})") from None


def _without_comment(raw: str) -> str:
    """A record line without its comment; a header's quoted value may hold ` #`."""
    line = raw.strip()
    if m := _HEADER_COMMENT.match(line):
        return m.group(1)
    return _COMMENT.sub("", line).strip()


def _read_text(text: str, source: str) -> Record:
    headers: dict[str, str] = {}
    turns: list[tuple[int, int, str, str]] = []  # (line number, turn number, player, actions)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _without_comment(raw)
        if not line:
            continue
        if m := _HEADER.match(line):
            headers[m.group(1)] = m.group(2)
        elif m := _TURN.match(line):
            turns.append((number, int(m.group(1)), m.group(2).strip(), m.group(3)))
        else:
            raise GardenError(f"{source}, line {number}: neither a [Header \"...\"] nor a turn line: {line[:60]!r}")
    if "Game" not in headers:
        raise GardenError(f"{source}: a game record starts with a [Game \"...\"] header")
    eng = registry.game(headers["Game"])
    try:
        setup = eng.setup_from_headers(headers)
    except GardenError as err:
        raise GardenError(f"{source}: {err}") from None
    actions: list[dict[str, Any]] = []
    state = eng.new_state(setup)
    for line_no, turn_no, player, body in turns:
        at, whose = _label(eng.turn_label(state))
        # a line names the turn's player, or another player who makes every action on it
        if turn_no != at or player not in setup["players"]:
            raise GardenError(f"{source}, line {line_no}: the record says turn {turn_no} is {player}'s; "
                              f"the game is at turn {at}, {whose}'s")
        for token in (t.strip() for t in body.split(";")):
            if not token:
                continue
            try:
                action = eng.parse_action(token)
                if player != whose and action.get("player") != player:
                    raise GardenError(f"the record says turn {turn_no} is {player}'s; the game is at turn {at}, "
                                      f"{whose}'s ({token!r} is not {player}'s own action)")
                state = eng.apply_event(state, action).state
            except GardenError as err:
                raise GardenError(f"{source}, line {line_no}: {err}") from None
            actions.append(action)
    return Record(headers["Game"], headers.get("Name", ""), setup, actions)
