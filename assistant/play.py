"""Table: the one API every face calls (the command line, the web page, a script).

    from assistant.play import Table
    table = Table(home=PATH)            # the store GARDEN_HOME would name; Table() uses the default
    table.new("cottage-garden", {"players": "Ann,Ben", "name": "friday"})
    table.act("friday", "score", {"player": "Ann", "pots": 7, "cloches": 2})
    table.status("friday")              # exactly `garden status --json`
    table.commands("friday")            # the moves open now and their options, as data
    table.undo("friday", 1); table.redo("friday", 1)

A game name may be None: the most recent game. Options are keyed by the command line's
names (interface.check_options). A refused move raises IllegalMove (`.rule`, `.sentence`), a
malformed option UsageError naming it. Imports neither typer, rich, numpy nor cv2.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistant.errors import IllegalMove, NotFound, UnknownMove, UsageError
from assistant.games import registry
from assistant.games.events import RULES_VERSION
from assistant.games.interface import NEXT, Command, Game, Option, check_options, find_command
from assistant.session import games as sessions
from assistant.session import history
from assistant.session.store import DB_NAME, Store, no_game, open_store
from assistant.wording import a

#: player names go into one-line game records: letters, digits, - and _, no spaces
PLAYER_NAME = r"^\w[\w-]{0,31}$"  # matched through re's cache: no compiling at start-up

#: `new`'s options every game takes; a game adds its own (Game.new_options)
NEW_SHARED: tuple[Option, ...] = (
    Option("game", "str", "The game: " + ", ".join(registry.GAMES), required=True, argument=True),
    Option("players", "str", "Names in turn order, comma-separated: Ann,Ben,Cy"),
    Option("name", "str", "A name for this game (default: GAME-N)."),
    Option("solo", "bool", "The solo variant (one player).", default=False),
    Option("house_rule", "list[str]", "KEY=VALUE; see `garden rules house`."),
)


def new_command(game: Game | None = None) -> Command:
    """`new` for one game, or for every game (its options: the shared ones, then each game's own once)."""
    games = [game] if game is not None else [registry.game(key) for key in registry.GAMES]
    options = {o.name: o for o in NEW_SHARED}
    for g in games:
        for option in g.new_options:
            options.setdefault(option.name, option)
    return Command("new", "Start a game and print its set-up.", tuple(options.values()))


def player_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    for position, name in enumerate(names, start=1):
        if not name:
            raise UsageError(f"--players {text!r}: name {position} is empty; write the names split by commas, "
                             "e.g. Ann,Ben")
        if not re.match(PLAYER_NAME, name):
            raise UsageError(f"player name {name!r}: use letters, digits, - or _ (no spaces), up to 32 characters")
    return names


class Table:
    """The games in one store, played through their game interface."""

    def __init__(self, home: Path | str | None = None) -> None:
        self._home = Path(home) if home is not None else None
        self._store: Store | None = None

    @property
    def home(self) -> Path:
        if self._home is None:
            from assistant.paths import garden_home

            self._home = garden_home()
        else:
            self._home.mkdir(parents=True, exist_ok=True)
        return self._home

    def has_store(self) -> bool:
        """Whether the game database exists (reading commands never create it)."""
        return (self.home / DB_NAME).exists()

    def store(self, create: bool = True) -> Store:
        if self._store is None:
            if not create and not self.has_store():
                raise NotFound(no_game())
            self._store = open_store(self.home)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    # -- reading ---------------------------------------------------------------

    def load(self, name: str | None) -> sessions.Loaded:
        """The game's row and state (what the faces draw their views from)."""
        return sessions.load(self.store(create=False), name)

    def game_of(self, name: str | None) -> str:
        """Which game `name` (None: the most recent) is: its key, read from its row alone."""
        return self.store(create=False).find(name).game

    def log_length(self, name: str | None) -> int:
        """The game's log length (status's "events") without loading the game."""
        store = self.store(create=False)
        return store.log_length(store.find(name).id)

    def games(self) -> list[dict[str, Any]]:
        """`garden games --json`'s rows, most recent first: name, game, players, touched (Unix time)."""
        rows = self.store().games() if self.has_store() else []
        return [{"name": r.name, "game": r.game, "players": list(r.setup.get("players", [])), "touched": r.touched}
                for r in rows]

    def status(self, name: str | None) -> dict[str, Any]:
        loaded = self.load(name)
        return status_json(loaded.game, loaded.state, loaded.row.name, loaded.events)

    def tally(self, name: str | None) -> dict[str, Any]:
        loaded = self.load(name)
        return loaded.game.tally(loaded.state)

    def commands(self, name: str | None) -> list[dict[str, Any]]:
        loaded = self.load(name)
        return [c.to_json() for c in loaded.game.commands(loaded.state)]

    # -- changing ----------------------------------------------------------------

    def new(self, game: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """Start a game; its set-up checked before anything is written."""
        rules = registry.game(game)
        opts = check_options(new_command(rules), {**options, "game": game})
        if opts["players"] is None and not opts["solo"]:
            raise UsageError("give the players in turn order: --players Ann,Ben (or --solo)")
        names = player_names(opts["players"]) if opts["players"] is not None else ["Player"]
        store = self.store()
        game_name = opts["name"] or _default_name(game, {g.name for g in store.games()})
        if not sessions.name_ok(game_name):
            raise UsageError(f"game name {game_name!r}: use letters, digits, - or _ (up to 40 characters)")
        from assistant.games import houserules

        chosen = houserules.parse(rules.switches, opts["house_rule"] or [])
        setup = {"players": names, "solo": opts["solo"], "name": game_name,
                 "house_rules": houserules.differing(rules.switches, chosen), "rules": RULES_VERSION}
        setup.update(rules.setup({**opts, "players": names}))
        loaded = sessions.create(store, game, game_name, setup)
        return {"name": game_name, "game": game, "setup": setup, **self._result(loaded, [], [])}

    def act(self, name: str | None, command: str, options: Mapping[str, Any] | None = None,
            seen: int | None = None) -> dict[str, Any]:
        """One move, as one log entry: {"events", "notes", "turn", "pending", "log"}. `seen`: the
        log length (status's "events") the mover saw; a game that moved on since refuses (MovedOn)."""

        def make(loaded: sessions.Loaded) -> Any:
            game, state = loaded.game, loaded.state
            spec = self._command(game, command, loaded.row.name)
            opts = check_options(spec, options or {})
            if command == NEXT.name:
                _confirm_pass(game, state, bool(opts.get("yes")))
            return game.act(state, command, opts)

        loaded, notes = sessions.record(self.store(create=False), name, make, seen)
        return self._result(loaded, loaded.moves[-1]["actions"], notes)

    def save_record(self, record: Any, name: str) -> int:
        """A replayed game record kept as a game (one command per action, so undo steps through it);
        its log's length (status's "events")."""
        return sessions.import_record(self.store(), record, name).events

    def undo(self, name: str | None, steps: int = 1, seen: int | None = None) -> dict[str, Any]:
        return self._step(name, history.UNDO, steps, seen)

    def redo(self, name: str | None, steps: int = 1, seen: int | None = None) -> dict[str, Any]:
        return self._step(name, history.REDO, steps, seen)

    def _step(self, name: str | None, kind: str, steps: int, seen: int | None) -> dict[str, Any]:
        loaded = sessions.step_history(self.store(create=False), name, kind, steps, seen)
        word = "Undone" if kind == history.UNDO else "Redone"
        return self._result(loaded, [], [f"{word} {steps} command(s)."])

    @staticmethod
    def _result(loaded: sessions.Loaded, events: list[dict[str, Any]], notes: list[str]) -> dict[str, Any]:
        game = loaded.game
        return {"events": list(events), "notes": list(notes), "turn": game.turn(loaded.state),
                "pending": [p.to_json() for p in game.pending(loaded.state)], "log": loaded.events}

    @staticmethod
    def _command(game: Game, command: str, name: str) -> Command:
        spec = find_command(game.commands(), command)
        if spec is not None:
            return spec
        own = ", ".join(c.name for c in game.commands())
        for key in registry.GAMES:
            other = registry.game(key)
            if find_command(other.commands(), command) is not None:
                raise NotFound(f"{name!r} is {a(game.title)} game; {command!r} is a move of {other.title}, "
                               f"not of {game.title} (its moves: {own})")
        raise UnknownMove(f"{command!r} is not a move of {game.title} (its moves: {own})")


def status_json(game: Game, state: Any, name: str, events: int | None) -> dict[str, Any]:
    """`status --json`: the game's status, what is still owed, and the log's length (`events`;
    None for a game not stored, a replayed record): a write may say what it saw (Table.act's `seen`)."""
    return {**game.status(state, name), "pending": [p.to_json() for p in game.pending(state)], "events": events}


def _confirm_pass(game: Game, state: Any, yes: bool) -> None:
    """Before a turn ends: a right that only this turn gives asks for --yes before it is lost. A
    must still open is the game's own to refuse (its `next` names it and the command that settles
    it; some, like resources above a limit, `next` itself settles)."""
    owed = game.pending(state)
    if any(item.must for item in owed):
        return
    if owed and not yes:  # what is left is rights, not musts
        right = owed[0]
        raise IllegalMove(right.rule, f"{right.who} may still {right.what} ({right.command}); ending the turn "
                          "gives that up: pass with --yes to do so.")


def _default_name(game: str, taken: set[str]) -> str:
    n = 1
    while f"{game}-{n}" in taken:
        n += 1
    return f"{game}-{n}"
