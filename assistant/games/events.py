"""What every game's engine shares: actions <-> log events, replaying a log, the record
headers every set-up has (players, solo, house rules), the `--bed PLAYER=...` set-up
argument, and finding a player or replacing one in immutable state."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from assistant.errors import GardenError, IllegalMove, UsageError
from assistant.games import houserules
from assistant.games.interface import parse_cell
from assistant.wording import a


def to_event(action: NamedTuple) -> dict[str, Any]:
    return {"type": action.kind, **action._asdict()}  # type: ignore[attr-defined]


def from_event(event: dict[str, Any], action_types: dict[str, type], title: str) -> Any:
    """The action an event stands for; a malformed event is refused by name."""
    kind = event.get("type")
    cls = action_types.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise GardenError(f"unknown {title} event type {kind!r}")
    extra = set(event) - set(cls._fields) - {"type"}  # type: ignore[attr-defined]
    if extra:
        raise GardenError(f"event {kind!r} has unknown fields: {', '.join(sorted(extra))}")
    try:
        return cls(**{k: v for k, v in event.items() if k != "type"})
    except TypeError as err:
        raise GardenError(f"event {kind!r} is incomplete: {err}") from None


def replay_log(new_state: Callable[[dict[str, Any]], Any], apply_event: Callable[[Any, dict[str, Any]], Any],
               setup_data: dict[str, Any], log: list[dict[str, Any]]) -> Any:
    """The state after every event of `log` from a new game of `setup_data`, each checked again."""
    state = new_state(setup_data)
    for event in log:
        state = apply_event(state, event).state
    return state


def turn_label(state: Any) -> str:
    """The record's prefix of a turn: "3. Ann:"."""
    return f"{state.turn_number}. {state.current_player.name}:"


#: the rule checks a game is played under, kept in its set-up ("rules"; [Rules] in a text
#: record) so that a game stored or recorded under older checks replays every move it holds.
#: 1: until 2026-11-30. 2: Cottage Garden's two beds a turn and --reward scores only for the
#: turn just passed; Indian Summer's holes holding treasure counted against completing a
#: region, and no player named 'ring'. 3 (2026-12-01): Cottage Garden's give-up (final_opt_out)
#: only at the start of one's own turn, before paying; Indian Summer's exchanges wait for a
#: convert-then-act last turn's end chain. 4 (2026-12-06): Cottage Garden's final round waits for
#: every player with a bed to say which small beds they give up (`discard P N`, 0 for none)
RULES_VERSION = 4


def rules_version(data: dict[str, Any]) -> int:
    """The rule checks of a stored set-up (1 when it names none: made before they were kept)."""
    value = data.get("rules", 1)
    if type(value) is not int or not 1 <= value <= RULES_VERSION:
        raise GardenError(f"the game's rules version {value!r} is not one this assistant knows (1-{RULES_VERSION})")
    return value


def common_headers(players: Iterable[str], solo: bool, switches: Iterable[houserules.Switch],
                   chosen: dict[str, str], rules: int = 1) -> list[tuple[str, str]]:
    rules_text = " ".join(f"{k}={v}" for k, v in houserules.differing(switches, chosen).items())
    headers = [("Players", ",".join(players)), ("Solo", "yes" if solo else "no"), ("HouseRules", rules_text)]
    return headers + ([("Rules", str(rules))] if rules > 1 else [])


def common_setup(headers: dict[str, str], switches: tuple[houserules.Switch, ...], title: str) -> dict[str, Any]:
    if "Players" not in headers:
        raise GardenError(f'{a(title)} record needs a [Players "A,B"] header')
    pairs = headers.get("HouseRules", "").split()
    data = {"players": [p for p in headers["Players"].split(",") if p], "solo": headers.get("Solo", "no") == "yes",
            "name": headers.get("Name", ""),
            "house_rules": houserules.differing(switches, houserules.parse(switches, pairs))}
    if "Rules" in headers:
        rules = headers["Rules"].strip()
        data["rules"] = int(rules) if rules.isdigit() else rules
        rules_version(data)  # refuses one it does not know
    return data


def bed_owner(arg: str, players: Iterable[str]) -> tuple[str, str]:
    """(the player as named in the game, what follows '=') for a `--bed PLAYER=...` argument; UsageError otherwise."""
    names = list(players)
    lowered = {name.lower(): name for name in names}
    who, sep, side = arg.partition("=")
    if not sep or who.strip().lower() not in lowered:
        raise UsageError(f"--bed {arg!r}: write PLAYER=SIDE with a player of this game ({', '.join(names)})")
    return lowered[who.strip().lower()], side.strip()


def check_players(players: tuple[str, ...], solo: bool, counts: Iterable[int], rule: str, title: str) -> None:
    """A multiplayer game's players: a count it allows, no solo, each name different (any case);
    IllegalMove naming `rule` otherwise."""
    allowed = sorted(counts)
    if solo or len(players) not in allowed:
        raise IllegalMove(rule, f"{title} takes {allowed[0]} to {allowed[-1]} players, not {len(players)}"
                          f"{' (no solo variant)' if solo else ''}.")
    if len({p.lower() for p in players}) != len(players):
        raise IllegalMove(rule, "every player needs a different name")


def token_form(token: str, forms: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
               ) -> tuple[str, list[str], tuple[str, ...], tuple[str, ...]]:
    """(kind, the words after it, its positional fields, its optional key=value fields) of a record
    token, by the game's forms; GardenError naming the token for an unknown kind."""
    words = token.split()
    if not words or words[0] not in forms:
        raise GardenError(f"cannot read the action {token!r}")
    positional, optional = forms[words[0]]
    return words[0], words[1:], positional, optional


def keyed_fields(token: str, args: list[str], optional: tuple[str, ...], read: dict[str, str]) -> dict[str, str]:
    """The `key=value` words of a record token, keys as written (`read` maps a written key to its
    field) and each one of `optional`; GardenError naming the token otherwise."""
    out: dict[str, str] = {}
    for arg in args:
        if "=" in arg:
            key, _, value = arg.partition("=")
            key = read.get(key, key)
            if key not in optional:
                raise GardenError(f"cannot read the action {token!r}: unknown {key!r}")
            out[key] = value
    return out


def event_cell(text: str, what: str) -> tuple[int, int]:
    """A cell "ROW,COL" kept in an event; GardenError naming the field when the log holds another."""
    try:
        return parse_cell(text, what)
    except UsageError as err:
        raise GardenError(f"event: {err}") from None


def find_player(players: Iterable[Any], name: str) -> int | None:
    """The index of the player called `name` (any case, spaces around ignored), or None."""
    lowered = name.strip().lower()
    for i, p in enumerate(players):
        if p.name.lower() == lowered:
            return i
    return None


def replaced_at(items: tuple, index: int, item: Any) -> tuple:
    """A tuple with one element replaced (players, beds: state is immutable)."""
    return items[:index] + (item,) + items[index + 1:]
