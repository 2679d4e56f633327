"""Undo and redo over an append-only log: both are entries too, nothing is ever deleted.

A log entry is one command: {"type": "move", "actions": [...]} (a command may
record several actions, e.g. an automatic payment before a score), or
{"type": "undo", "steps": n} / {"type": "redo", "steps": n}.
"""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError

Entry = dict[str, Any]
MOVE, UNDO, REDO = "move", "undo", "redo"


def effective(entries: list[Entry]) -> tuple[list[Entry], list[Entry]]:
    """(the moves in force, the undone moves redo would bring back, latest last)."""
    active: list[Entry] = []
    undone: list[Entry] = []
    for entry in entries:
        kind = entry.get("type")
        steps = int(entry.get("steps", 1))
        if kind == UNDO:
            for _ in range(steps):
                undone.append(active.pop())
        elif kind == REDO:
            for _ in range(steps):
                active.append(undone.pop())
        elif kind == MOVE:
            active.append(entry)
            undone.clear()
        else:
            raise GardenError(f"the game log holds an entry of unknown type {kind!r}")
    return active, undone


def actions_of(moves: list[Entry]) -> list[dict[str, Any]]:
    return [action for move in moves for action in move["actions"]]


def check_steps(kind: str, steps: int, available: int) -> None:
    if steps < 1:
        raise GardenError(f"{kind} takes a number of steps of 1 or more, not {steps}")
    if steps > available:
        noun = "move" if available == 1 else "moves"
        what = f"{noun} to undo" if kind == UNDO else f"undone {noun} to redo"
        raise GardenError(f"cannot {kind} {steps} step(s): {'only ' if available else ''}{available or 'no'} {what}")
