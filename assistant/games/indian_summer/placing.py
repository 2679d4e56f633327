"""Indian Summer's pieces onto a player's board: leaf tiles and what their holes find, a squirrel's
cell in board mode, and what a full board sets off. Pure, like rules.py, which calls it; every
refusal names its rule id."""

from __future__ import annotations

from assistant.errors import GardenError, IllegalMove
from assistant.games.indian_summer import board, laying, supply, woods
from assistant.games.indian_summer.state import GameState
from assistant.games.indian_summer.supply import LEAF_SIZE, PRINTED, REGIONS
from assistant.wording import a


def leaf_tiles(colours: list[str] | tuple[str, ...]) -> str:
    """Leaf tiles in words: "an orange leaf tile", "a green and a red leaf tile", "two red leaf tiles"."""
    if not colours:
        return "no leaf tile"
    if len(colours) == 2 and colours[0] == colours[1]:
        return f"two {colours[0]} leaf tiles"
    return " and ".join(a(c) for c in colours) + " leaf tile"


def _parse_found(text: str) -> list[tuple[str, int]]:
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        kind, sep, region = part.partition(":")
        if not sep or not region.strip().isdigit():
            raise GardenError(f"found {part!r}: write TREASURE:REGION, e.g. nut:3")
        out.append((supply.treasure_of(kind), int(region)))
    return out


def _find(state: GameState, index: int, kind: str, region: int) -> tuple[GameState, str]:
    """A hole over a printed treasure: a token from the supply onto that region."""
    player = state.players[index]
    k = supply.tindex(kind)
    if not 1 <= region <= REGIONS:
        raise IllegalMove("IS-HOLE-1", f"Regions are numbered 1 to {REGIONS}, not {region}.")
    if region in player.completed:
        raise IllegalMove("IS-HOLE-1", f"{player.name}'s region {region} is complete: no hole can lie there now.")
    # score mode caps the finds at a side's printed count; in board mode the hole lies on a printed
    # cell of the board's own layout (which may print other counts), each covered once
    if player.board is None and player.found[k] >= PRINTED[k]:
        raise IllegalMove("IS-HOLE-1", f"A board side prints {PRINTED[k]} {kind}(s); {player.name} has found them all.")
    tokens = list(player.tokens)
    player = player._replace(found=supply.add(player.found, k, 1))
    if state.supply[k] == 0:
        # the printed treasure shows in the hole, no token on it: an animal may earn it later
        player = player._replace(revealed=supply.add(player.revealed, k, 1))
        return state.with_player(index, player), f"A hole over a printed {kind} in region {region}: the supply has no {kind} token left, so none is put there. [IS-SUPPLY-1]"
    tokens[region - 1] = supply.add(tokens[region - 1], k, 1)
    state = state._replace(supply=supply.add(state.supply, k, -1))
    return state.with_player(index, player._replace(tokens=tuple(tokens))), f"A hole over a printed {kind}: a {kind} token goes on region {region}."


def place_leaves(state: GameState, colours: list[str], found: str, at: str = "") -> tuple[GameState, list[str]]:
    """Leaf tiles placed by the current player, their holes' findings, a full board's consequences."""
    index = state.current
    if state.setup.board_mode:
        return _lay_leaves(state, colours, found, at)
    if at:
        raise IllegalMove("IS-PLACE-1", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
    notes: list[str] = []
    for colour in colours:
        player = state.players[index]
        state = board.cover(state, index, LEAF_SIZE[colour], f"{a(colour)} leaf tile")
        player = state.players[index]
        state = state.with_player(index, player._replace(leaves=supply.add(player.leaves, supply.cindex(colour), 1)))
    finds = _parse_found(found)
    if len(finds) > len(colours):
        raise IllegalMove("IS-HOLE-1", f"{len(colours)} leaf tile(s) placed: at most {len(colours)} hole(s) over a treasure, not {len(finds)}.")
    for kind, region in finds:
        state, note = _find(state, index, kind, region)
        notes.append(note)
    state = state._replace(turn=state.turn._replace(holes=state.turn.holes + len(colours), placed=True))
    return after_cover(state, index, notes)


def _lay_leaves(state: GameState, colours: list[str], found: str, at: str) -> tuple[GameState, list[str]]:
    """Board mode: each tile on its cells; a hole over a printed treasure gets that token from the supply."""
    index = state.current
    if found.strip():
        raise IllegalMove("IS-HOLE-1", "In board mode the board says what a hole finds: leave out found=.")
    tiles = laying.split_tiles(at)
    if len(tiles) != len(colours):
        raise IllegalMove("IS-PLACE-1", f"Board mode: give the cells of each of the {len(colours)} tile(s) placed "
                          f"({len(tiles)} given).")
    notes: list[str] = []
    for n, (colour, text) in enumerate(zip(colours, tiles), 1):
        what = f"the {colour} leaf tile" + (f" ({n} of {len(colours)})" if len(colours) > 1 else "")
        player = state.players[index]
        laid = laying.lay_leaf(player.board, LEAF_SIZE[colour], text, what)
        state = board.cover(state, index, LEAF_SIZE[colour], what)
        player = state.players[index]
        state = state.with_player(index, player._replace(board=laid.board,
                                                         leaves=supply.add(player.leaves, supply.cindex(colour), 1)))
        r, c = laid.hole
        if laid.printed:
            had = state.supply[supply.tindex(laid.printed)]
            state, note = _find(state, index, laid.printed, woods.region_of(r, c))
            cell_state = woods.TOKEN[laid.printed] if had else woods.SHOWS[laid.printed]
            player = state.players[index]
            state = state.with_player(index, player._replace(board=player.board.with_state([(r, c)], cell_state)))
            notes.append(note.rstrip(".") + f" (cell {r},{c}). [IS-HOLE-1]")
        if laid.lost:
            notes.append(f"{what.capitalize()} covers printed {', '.join(laid.lost)} with a plain cell: "
                         "they are gone for good.")
    state = state._replace(turn=state.turn._replace(holes=state.turn.holes + len(colours), placed=True))
    return after_cover(state, index, notes)


def board_squirrel(state: GameState, at: str, what: str) -> GameState:
    """Board mode: the squirrel's cell (score mode: refuses a cell)."""
    player = state.current_player
    if player.board is None:
        if at:
            raise IllegalMove("IS-PLACE-1", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
        return state
    if not at.strip():
        raise IllegalMove("IS-PLACE-1", f"Board mode: say where {what} goes (--at ROW,COL).")
    cells, _ = laying.put_squirrel(player.board, at, what)
    return state.with_player(state.current, player._replace(board=cells))


def after_cover(state: GameState, index: int, notes: list[str]) -> tuple[GameState, list[str]]:
    state, more = board.complete_rest_if_full(state, index)
    notes.extend(more)
    player = state.players[index]
    if player.full and not state.setup.solo and state.ending is None:
        state = state._replace(ending=index)
        n = len(state.players)
        others = [state.players[(index + k) % n].name for k in range(1, n)]
        notes.append(f"{player.name}'s board is full! Every other player takes one more turn ({', '.join(others)}), "
                     "starting with the end chain; then the game ends. [IS-END-1]")
    elif player.full:
        notes.append(f"{player.name}'s board is full.")
    return state, notes
