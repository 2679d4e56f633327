"""The command-group modules that make up `garden`, and the commands each one adds.

`garden CMD` imports only the module that holds CMD (start-up time is benchmarked);
`garden --help` and the tests import them all. The games' moves are drawn from the games'
own declarations (cli/moves.py); a game's printing and catalogue commands come from its own
CLI module, named in the game registry. Modules listed here must import only light
modules at top level (no numpy, no cv2).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from assistant.games import registry as games

#: shared command groups, listed first in `garden --help`
COMMANDS: dict[str, tuple[str, ...]] = {
    "game_cmds": ("new", "games", "status", "tally", "next", "undo", "redo", "export", "stats", "replay", "rules"),
    "photo_cmds": ("calibrate", "boards", "check", "markers"),
    "catalogue_cmds": ("tiles",),
    "fit_cmds": ("fit", "advise"),
    "doctor_cmds": ("doctor",),
    "serve_cmds": ("serve",),
}


def _game_cli(entry: games.Entry) -> ModuleType:
    return importlib.import_module(entry.cli)  # type: ignore[arg-type]


def game_cli(key: str) -> ModuleType:
    """A game's own command-line module: COMMANDS, register(app), and what the shared commands ask
    of a game's command line: fit and print_fit (fit), print_advice (advise), tile_matches,
    tile_doubt, tile_known, save_scanned and forget_tile (tiles scan). What fit, advise, check and
    tally --photo report is the game's reports module's (assistant/reports/)."""
    return _game_cli(games.entry(key))


def tile_game(game: str | None) -> ModuleType:
    """The command-line module of the game whose tiles `garden tiles` lists, defines and scans
    (default: the first game, Cottage Garden)."""
    return game_cli(game if game is not None else next(iter(games.GAMES)))


def register_all(app, command: str | None = None) -> None:
    """Register the module(s) that hold `command`, or everything when it is None or unknown."""
    shared = [m for m, names in COMMANDS.items() if command in names]
    if shared:  # only the command asked for is built (game_cmds builds new and next from every game)
        importlib.import_module(f"assistant.cli.{shared[0]}").register(app, only=command)
        return
    extras = [e for e in games.GAMES.values() if e.cli and command in _game_cli(e).COMMANDS]
    if extras:
        _game_cli(extras[0]).register(app)
        return
    from assistant.cli import moves

    if command is not None and command in moves.move_names():
        moves.register(app, only=command)
        return
    for name in COMMANDS:
        importlib.import_module(f"assistant.cli.{name}").register(app)
    moves.register(app)
    for entry in games.GAMES.values():
        if entry.cli:
            _game_cli(entry).register(app)


def all_commands() -> set[str]:
    """Every command `garden` has: the shared groups', each game's own CLI module's, every move."""
    from assistant.cli import moves

    names = {c for commands in COMMANDS.values() for c in commands} | moves.move_names()
    return names | {c for e in games.GAMES.values() if e.cli for c in _game_cli(e).COMMANDS}


def is_command(name: str | None) -> bool:
    """Whether `garden NAME` is a command; the shared table first, so a shared command (status)
    loads no game's command-line module."""
    if name is None:
        return False
    if any(name in commands for commands in COMMANDS.values()):
        return True
    return name in all_commands()
