"""Board-mode Indian Summer states for tests: boards drawn as text (woods.LEGEND)."""

from __future__ import annotations

from assistant.games.indian_summer.game import GAME
from assistant.games.indian_summer import supply, woods
from assistant.games.indian_summer.laying import blank_side
from assistant.games.indian_summer.state import GameState

FULL = "/".join(["########"] * 9)
BLANK = woods.BLANK_LAYOUT
LAYOUT = "B.N.M..F/B......./NN....../B......./BB..N.../B......./BN....../BBB.N.../..NM.M.."  # 10 7 3 1


def new_board_game(layouts: dict[str, str] | None = None, players: str = "Ann,Ben", **house: str) -> GameState:
    names = players.split(",")
    given = layouts or {}
    woods_data = {n: ({"name": f"layout-{n}", "layout": given[n]} if n in given else blank_side(n)._asdict())
                  for n in names}
    return GAME.new_state({"players": names, "name": "t", "house_rules": house, "board_mode": True,
                             "woods": woods_data})


def with_board(state: GameState, index: int, text: str, **fields) -> GameState:
    """Player `index` with this played board; empty cells, completed regions and tokens follow from it."""
    board = woods.parse_woods(text)
    tokens = []
    for mask in woods.region_masks():
        tokens.append(tuple((board.mask(woods.TOKEN[k]) & mask).bit_count() for k in woods.TREASURES))
    player = state.players[index]._replace(
        board=board, empty=woods.free_mask(board).bit_count(), completed=tuple(woods.complete_regions(board)),
        tokens=tuple(tokens), **fields)
    moved = tuple(sum(t[i] for t in tokens) for i in range(4))
    return state.with_player(index, player)._replace(supply=supply.minus(state.supply, moved))


def rows(*lines: str) -> str:
    """Nine rows; missing rows are plain '.'."""
    out = list(lines) + ["........"] * (9 - len(lines))
    return "/".join(out)
