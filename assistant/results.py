"""What a finished play leaves: each player's place, points and win, when and how long; written
out for other tools (BG Stats' play import, CSV) and summed over plays (`garden stats`).

A play's time is its game's, from `garden new` to its last change (the store keeps both)."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

SOURCE = "garden"
CSV_COLUMNS = ("game", "play", "date", "duration_min", "players", "player", "place", "score", "winner", "start_player")


@dataclass(frozen=True)
class Seat:
    name: str
    place: int | None
    score: float | None  # None: the game has no points (Indian Summer) or the play is unranked
    winner: bool
    start: bool


@dataclass(frozen=True)
class Play:
    game: str  # the registry key
    title: str
    name: str
    started: float  # Unix time
    last: float
    over: bool
    seats: tuple[Seat, ...] = field(default_factory=tuple)

    @property
    def minutes(self) -> int:
        return max(0, round((self.last - self.started) / 60))

    @property
    def date(self) -> str:
        return datetime.fromtimestamp(self.started).strftime("%Y-%m-%d %H:%M:%S")


def play_of(loaded: Any) -> Play:
    """A stored game (sessions.Loaded) as a play: its tally's ranking, through the game's points_key."""
    game, row = loaded.game, loaded.row
    tally = game.tally(loaded.state)
    decided = bool(tally.get("over")) and tally.get("decided", True)
    players = list(row.setup.get("players", []))
    ranking = tally.get("ranking") or [{"name": n, "place": None} for n in players]
    seats = tuple(Seat(name=str(r["name"]), place=r.get("place"),
                       score=r.get(game.points_key) if game.points_key else None,
                       winner=bool(decided and r.get("place") == 1), start=bool(players) and r["name"] == players[0])
                  for r in ranking)
    return Play(row.game, game.title, row.name, row.created, row.touched, bool(tally.get("over")), seats)


def bgstats(play: Play) -> dict[str, Any]:
    """BG Stats' documented play import object (its "push plays from other apps" format)."""
    return {
        "sourceName": SOURCE,
        "sourcePlayId": f"{play.game}/{play.name}",
        "playDate": play.date,
        "durationMin": play.minutes,
        "game": {"name": play.title, "sourceGameId": play.game, "highestWins": True,
                 "noPoints": all(s.score is None for s in play.seats)},
        "players": [{"name": s.name, "score": s.score, "winner": s.winner, "rank": s.place, "startPlayer": s.start,
                     "sourcePlayerId": s.name, "role": ""} for s in play.seats],
    }


def csv_text(plays: list[Play]) -> str:
    """One row a player a play."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for s in play.seats:
            writer.writerow([play.game, play.name, play.date, play.minutes, len(play.seats), s.name,
                             "" if s.place is None else s.place, "" if s.score is None else s.score,
                             "yes" if s.winner else "no", "yes" if s.start else "no"])
    return out.getvalue()


def stats(plays: list[Play]) -> dict[str, Any]:
    """Over finished plays: wins and time per player; average and best points by game and player
    count; head-to-head (who placed ahead when both played)."""
    done = [p for p in plays if p.over]
    per_player: dict[str, dict[str, int]] = defaultdict(lambda: {"plays": 0, "wins": 0, "minutes": 0})
    scores: dict[tuple[str, int, str], list[float]] = defaultdict(list)
    meetings: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # plays, a ahead, b ahead, level
    for play in done:
        for s in play.seats:
            mine = per_player[s.name]
            mine["plays"] += 1
            mine["wins"] += s.winner
            mine["minutes"] += play.minutes
            if s.score is not None:
                scores[(play.game, len(play.seats), s.name)].append(s.score)
        for a, b in combinations(sorted(play.seats, key=lambda s: s.name), 2):
            tally = meetings[(a.name, b.name)]
            tally[0] += 1
            if a.place is None or b.place is None or a.place == b.place:
                tally[3] += 1
            else:
                tally[1 if a.place < b.place else 2] += 1
    return {
        "plays": len(done),
        "minutes_played": sum(p.minutes for p in done),
        "players": [{"name": name, **counts} for name, counts in
                    sorted(per_player.items(), key=lambda kv: (-kv[1]["wins"], kv[0]))],
        "scores": [{"game": game, "players": count, "name": name, "plays": len(points),
                    "average": round(sum(points) / len(points), 2), "best": max(points)}
                   for (game, count, name), points in sorted(scores.items())],
        "head_to_head": [{"a": a, "b": b, "plays": t[0], "a_ahead": t[1], "b_ahead": t[2], "level": t[3]}
                         for (a, b), t in sorted(meetings.items())],
    }
