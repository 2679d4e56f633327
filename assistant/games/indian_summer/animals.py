"""Indian Summer's animals (IS-ANIMAL-1): an animal over holes, in score mode counted, in board mode
on explicit cells, and the treasures and stack tokens it earns. Pure, like rules.py, which calls it."""

from __future__ import annotations

from assistant.errors import GardenError, IllegalMove
from assistant.games.indian_summer import board, laying, supply
from assistant.games.indian_summer.actions import Animal
from assistant.games.indian_summer.state import GameState, Player
from assistant.games.indian_summer.supply import ANIMAL_SIZE, ANIMALS, STACK_TOKEN, TREASURES


def place(state: GameState, action: Animal) -> tuple[GameState, list[str]]:
    kind = action.animal.strip().lower()
    if kind not in ANIMAL_SIZE:
        raise GardenError(f"animal {action.animal!r}: use one of {', '.join(ANIMAL_SIZE)}")
    size = ANIMAL_SIZE[kind]
    player = state.current_player
    if state.animals_left == 0:
        raise IllegalMove("IS-ANIMAL-1", f"All {ANIMALS} animals are placed.")
    if not state.turn.placed:
        raise IllegalMove("IS-ANIMAL-1", "An animal goes on holes as they form: in a turn that placed something.")
    if player.board is not None:
        return _on_board(state, action, kind)
    if action.cells or action.shape:
        raise IllegalMove("IS-ANIMAL-1", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
    free_holes = player.holes - player.animal_cells - sum(player.on_board())
    if size > free_holes:
        raise IllegalMove("IS-ANIMAL-1", f"The {kind} animal covers {size} hole cells; {player.name} has {free_holes} "
                          "hole(s) free of animals and tokens.")
    under = supply.treasures_of(action.treasures)
    if len(under) > size:
        raise IllegalMove("IS-ANIMAL-1", f"The {kind} animal covers {size} cells: at most {size} printed treasures.")
    counts = tuple(sum(1 for u in under if u == k) for k in TREASURES)
    for k, name in enumerate(TREASURES):
        if counts[k] > player.revealed[k]:
            raise IllegalMove("IS-ANIMAL-1", f"{player.name} has {player.revealed[k]} printed {name}(s) showing in a hole "
                              "with no token on it (found earlier, region paid out): an animal cannot earn more.")
    player = player._replace(revealed=supply.minus(player.revealed, counts), animals=player.animals + (kind,),
                             animal_cells=player.animal_cells + size)
    return _pays(state, player, kind, size, counts)


def _on_board(state: GameState, action: Animal, kind: str) -> tuple[GameState, list[str]]:
    """Board mode: the animal on explicit hole cells; the treasures under it are read from the board."""
    player = state.current_player
    if not action.cells or not action.shape:
        raise IllegalMove("IS-ANIMAL-1", f"Board mode: say which hole cells the {kind} animal covers (--at or --cells).")
    if action.treasures.strip():
        raise IllegalMove("IS-ANIMAL-1", "In board mode the board says which treasures lie under an animal: leave out under=.")
    size = ANIMAL_SIZE[kind]
    new_board, shows = laying.put_animal(player.board, kind, action.shape, action.cells)
    cells = len(laying.parse_cells(action.cells, "the animal")[0])
    if cells != size:
        raise IllegalMove("IS-ANIMAL-1", f"The {kind} animal covers {size} cells, not {cells}.")
    counts = tuple(shows.get(k, 0) for k in TREASURES)
    player = player._replace(board=new_board, revealed=tuple(max(0, r - c) for r, c in zip(player.revealed, counts)),
                             animals=player.animals + (kind,), animal_cells=player.animal_cells + size)
    return _pays(state, player, kind, size, counts)


def _pays(state: GameState, player: Player, kind: str, size: int,
                 counts: supply.Counts) -> tuple[GameState, list[str]]:
    state = state.with_player(state.current, player)._replace(animals_left=state.animals_left - 1)
    state, taken = board.take_tokens(state, state.current, counts)
    notes = [f"{player.name} places the {kind} animal over {size} holes"
             + (f" and takes {supply.describe(taken)} for the treasures under it." if any(counts) else ".")]
    if taken != counts:
        notes.append("The supply was short: " + supply.describe(supply.minus(counts, taken)) + " not taken. [IS-SUPPLY-1]")
    if kind in state.stacks:
        token = STACK_TOKEN[kind]
        p = state.current_player
        state = state.with_player(state.current, p._replace(held=supply.add(p.held, supply.tindex(token), 1)))
        state = state._replace(stacks=tuple(s for s in state.stacks if s != kind))
        notes.append(f"The {kind} stack's {token} token goes to {player.name}.")
    return state, notes
