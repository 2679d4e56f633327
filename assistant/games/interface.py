"""The game interface: what every game provides, declared once, and the data it speaks in.

A game is a package under `assistant/games/` whose `game` module holds `GAME`, an object
satisfying `Game`. Everything outside a game's own package (the session, `play.Table`, the
faces) reaches the game through this interface and never names it:

- set-up: `player_counts`, `new_options` (its options of `garden new` beyond the shared
  ones), `setup(options)` -> the set-up data kept with the game, `new_state(setup)`;
- moves: `commands(state)` (those open now, as data), `act(state, command, options)` ->
  every event the move implies, in order, with the notes to show; `apply_event` (the one
  checked way to change a state) and `replay`;
- what is owed: `pending(state)`, each item with its rule id and the command that settles it;
- views as data: `status`, `tally`, `turn`, `turn_summary`; `board_sizes` and
  `covered_cells(state, player, bed)` (a tracked board cell by cell, for a photo to be compared with),
  `layout_warnings` (a calibrated board side's printed symbols that its components make unusual);
- records: `setup_headers`, `setup_from_headers`, `notation` (format_action / parse_action);
- the user's files: `check_files(home)`, what is wrong with the game's catalogues there (garden doctor);
- rules: `rules` (the rulebook by id) and `switches` (house rules).

Options are keyed by the command line's names: an argument by its name, an option by its
long name with '-' as '_' (`--from` is "from"). `check_options` turns values as the command
line takes them, or their JSON types, into the values a game's `act` reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from assistant.errors import IllegalMove, UsageError

if TYPE_CHECKING:  # annotations only: reading a game's status needs neither
    from assistant.games.houserules import Switch
    from assistant.games.rulebook import Rule

TYPES = ("str", "int", "bool", "list[str]", "list[int]")


class Option(NamedTuple):
    """One option of a command, as data (a face draws its flag or form field from it)."""

    name: str
    type: str  # one of TYPES; list[...]: given several times
    help: str
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()
    argument: bool = False  # positional on the command line
    low: int | None = None  # bounds of an int
    high: int | None = None
    metavar: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "help": self.help, "required": self.required,
                "default": self.default, "choices": list(self.choices), "argument": self.argument,
                "min": self.low, "max": self.high}


class Command(NamedTuple):
    """A move a game takes: its name, its help (first line: the summary) and its options."""

    name: str
    help: str
    options: tuple[Option, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "help": self.help, "options": [o.to_json() for o in self.options]}


class Acted(NamedTuple):
    """What a move implies: the events to record, in order, and the notes that say why
    (choices made for the player: the best cube, the payment that came first)."""

    events: list[dict[str, Any]]
    notes: list[str]


class Outcome(NamedTuple):
    """One event applied: the new state and what it did, in words."""

    state: Any
    notes: tuple[str, ...] = ()


class Pending(NamedTuple):
    """Something a player still owes (must) or may do only now (a right lost when the turn ends)."""

    who: str
    what: str
    must: bool
    rule: str
    command: str

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


class Game(Protocol):
    """What every game provides (see the module's docstring)."""

    key: str
    title: str
    package: str  # the game's package: its code stamps the state snapshots kept (session/snapshots.py)
    player_counts: tuple[int, ...]
    switches: tuple[Switch, ...]
    rules: tuple[Rule, ...]
    new_options: tuple[Option, ...]
    board_sizes: tuple[tuple[int, int], ...]  # (rows, cols) of a player's board, as text and photos show it
    points_key: str | None  # the key of a tally's ranking rows that holds a player's points (None: no points)

    def setup(self, options: Mapping[str, Any]) -> dict[str, Any]: ...
    def new_state(self, setup: dict[str, Any]) -> Any: ...
    def apply_event(self, state: Any, event: dict[str, Any]) -> Outcome: ...
    def replay(self, setup: dict[str, Any], log: list[dict[str, Any]]) -> Any: ...
    def commands(self, state: Any | None = None) -> tuple[Command, ...]: ...
    def act(self, state: Any, command: str, options: Mapping[str, Any]) -> Acted: ...
    def pending(self, state: Any) -> list[Pending]: ...
    def status(self, state: Any, name: str) -> dict[str, Any]: ...
    def tally(self, state: Any) -> dict[str, Any]: ...
    def turn(self, state: Any) -> dict[str, Any]: ...
    def turn_summary(self, state: Any) -> str: ...
    def turn_label(self, state: Any) -> str: ...
    def covered_cells(self, state: Any, player: int, bed: int | None) -> tuple[str, list[list[bool]]]: ...
    def layout_warnings(self, layout: str, rows: int, cols: int) -> list[str]: ...
    def setup_headers(self, setup: dict[str, Any]) -> list[tuple[str, str]]: ...
    def setup_from_headers(self, headers: dict[str, str]) -> dict[str, Any]: ...
    def format_action(self, event: dict[str, Any]) -> str: ...
    def parse_action(self, text: str) -> dict[str, Any]: ...
    def check_files(self, home: Path) -> list[str]: ...  # the game's user data files' problems (garden doctor)


#: the commands every game takes, on top of its own moves
NEXT = Command("next", "End the current player's turn (the game moves on).", (
    Option("yes", "bool", "Pass even though a right that only this turn gives would be lost (the refill of an "
                          "emptied path).", default=False),
))


def check_options(command: Command, given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of `command` with its value: given ones converted and checked, the rest at
    their defaults. UsageError naming the option for an unknown name, a missing required
    option, a wrong type, a value out of its choices or bounds."""
    known = {o.name: o for o in command.options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        takes = ", ".join(_label(o) for o in known.values()) or "no options"
        flag = "--" + unknown[0].replace("_", "-")
        raise _naming(UsageError(f"{command.name} takes no option {unknown[0]!r} ({flag}) here; it takes {takes}"),
                      unknown[0])
    out: dict[str, Any] = {}
    for name, option in known.items():
        value = given.get(name)
        if value is None:
            if option.required:
                raise _naming(UsageError(f"{command.name}: {_label(option)} is required"), name)
            out[name] = option.default
            continue
        try:
            out[name] = _converted(command.name, option, value)
        except UsageError as err:
            raise _naming(err, name) from None
    return out


def _naming(err: UsageError, field: str) -> UsageError:
    err.field = field
    return err


def _label(option: Option) -> str:
    return option.name.upper() if option.argument else "--" + option.name.replace("_", "-")


def _converted(command: str, option: Option, value: Any) -> Any:
    what = f"{command}: {_label(option)}"
    if option.type.startswith("list["):
        items = value if isinstance(value, (list, tuple)) else [value]
        return [_scalar(what, option, option.type[5:-1], item) for item in items]
    return _scalar(what, option, option.type, value)


def _scalar(what: str, option: Option, kind: str, value: Any) -> Any:
    if kind == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "1", "on"):
            return True
        if text in ("false", "no", "0", "off"):
            return False
        raise UsageError(f"{what} takes true or false, not {value!r}")
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise UsageError(f"{what} takes a whole number, not {value!r}")
        try:
            number = int(value)
        except ValueError:
            raise UsageError(f"{what} takes a whole number, not {value!r}") from None
        if option.low is not None and number < option.low or option.high is not None and number > option.high:
            span = f"{option.low if option.low is not None else '...'}-{option.high if option.high is not None else '...'}"
            raise UsageError(f"{what} {number} is out of range ({span})")
        return number
    if isinstance(value, (list, tuple)):  # a comma list given as a JSON list
        value = ",".join(str(v) for v in value)
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise UsageError(f"{what} takes text, not {value!r}")
    text = str(value)
    if option.choices and text not in option.choices:
        raise UsageError(f"{what} {text!r}: choose one of {', '.join(option.choices)}")
    return text


def parse_cell(text: str, what: str = "--at") -> tuple[int, int]:
    """A board cell "ROW,COL" as an option gives it; UsageError naming the option."""
    try:
        r, c = (int(x) for x in str(text).split(","))
    except ValueError:
        raise UsageError(f"{what} {text!r}: write ROW,COL, e.g. 2,3") from None
    return r, c


def problems_of(*loaders: Callable[[], Any]) -> list[str]:
    """The one-line problems of loading a game's user files: each loader's GardenError, if any."""
    from assistant.errors import GardenError

    out = []
    for load in loaders:
        try:
            load()
        except GardenError as err:
            out.append(str(err))
    return out


def find_command(commands: tuple[Command, ...], name: str) -> Command | None:
    return next((c for c in commands if c.name == name), None)


def refuse_while_owed(owed: list[Pending]) -> None:
    """A turn does not end while a must is open: IllegalMove naming it and the command that settles it."""
    for item in owed:
        if item.must:
            raise IllegalMove(item.rule, f"{item.who} must first {item.what} ({item.command}).")
