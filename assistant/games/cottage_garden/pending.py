"""What Cottage Garden players still owe before the turn can end, each with its rule id and
the command that settles it. `next` is refused while any of it is open (rules.py)."""

from __future__ import annotations

from assistant.games.cottage_garden.state import GameState
from assistant.games.interface import Pending


def pending(state: GameState) -> list[Pending]:
    if state.over:
        return []
    out: list[Pending] = []
    setup = state.setup
    if state.final_round and not setup.board_mode and setup.rules >= 4:
        for p in state.players:
            if p.beds and not p.declared:
                out.append(Pending(p.name, "say which beds holding 2 or fewer flower tiles they give up as the final "
                                   "round starts", True, "CG-FINAL-1", f"garden discard {p.name} [--count N] (0: none)"))
    if setup.board_mode:
        out.extend(_board_pending(state))
    return out


def _board_pending(state: GameState) -> list[Pending]:
    player, turn = state.current_player, state.turn
    name = player.name
    out: list[Pending] = []
    nursery = state.nursery
    if (nursery and not turn.refilled and not turn.planted and nursery.queue
            and nursery.empty_in_line(state.die, state.die_position) >= 3):
        out.append(Pending(name, f"refill the gardener line ({nursery.empty_in_line(state.die, state.die_position)} "
                           "empty cells) from the queue", True, "CG-FILL-1", "garden refill"))
    if turn.pots_owed:
        out.append(Pending(name, "place the reward flowerpot", True, "CG-REWARD-2",
                           f"garden pot {name} --bed N --at ROW,COL --reward"))
    if player.cats > 2 and player.beds and not state.setup.children_corners:
        out.append(Pending(name, f"place {player.cats - 2} of their {player.cats} cats on their beds", True,
                           "CG-REWARD-3", f"garden cat {name} --bed N --at ROW,COL"))
    if player.beds and not turn.planted:
        out.append(Pending(name, "plant: a tile from the gardener line or a flowerpot (no passing)", True,
                           "CG-PLANT-4", f"garden plant {name} TILE --bed N --at ROW,COL, or garden pot {name} --bed N --at ROW,COL"))
    return out
