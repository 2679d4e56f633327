"""What Indian Summer players still owe before the turn can end (must), and the rights that
only this turn gives (the free refill of an emptied path): each with its rule id and the
command that settles it. The rules refuse `next` while a must is open (rules.py); a face asks
for confirmation before a right is lost."""

from __future__ import annotations

from assistant.games.indian_summer.state import GameState, Setup
from assistant.games.interface import Pending

MAIN_COMMANDS = "garden leaf | squirrel | mushroom | feather"
SOLO_ROUNDS = 10


def refill_example(setup: Setup) -> str:
    """What `garden path NAME ...` takes, for a hint: the row ends taken (solo) or the colours
    drawn from the common path, in order."""
    return "UL,UR,..." if setup.solo else "g,o,o,r,g"


def in_final_turn(state: GameState) -> bool:
    """The current player's turn is their last one (another board is full), or solo round 10."""
    if state.setup.solo:
        return state.round == SOLO_ROUNDS
    return state.ending is not None and state.current != state.ending


def pending(state: GameState) -> list[Pending]:
    if state.over:
        return []
    setup, turn, player = state.setup, state.turn, state.current_player
    if setup.solo and not state.dealt:
        return [Pending(player.name, f"report solo game {state.game}'s layout", True, "IS-SETUP-2",
                        "garden deal --upper ... --lower ... --spaces ... --path ...")]
    out: list[Pending] = []
    for index in turn.refills:
        name = state.players[index].name
        forced = index in turn.forced
        out.append(Pending(name, "refill their emptied path to 5" + ("" if forced else " (free, only now)"), forced,
                           "IS-PATH-3" if forced else "IS-PATH-2", f"garden path {name} {refill_example(setup)}"))
    last = in_final_turn(state)
    convert_only = not setup.solo and last and setup.rule("final_turn") == "convert-only"
    if not turn.main and not player.full and not convert_only:
        out.append(Pending(player.name, "take a main action", True, "IS-TURN-2", MAIN_COMMANDS))
    if last and not turn.chain:
        out.append(Pending(player.name, "run the end chain of their last turn", True, "IS-END-2", "garden final"))
    return out
