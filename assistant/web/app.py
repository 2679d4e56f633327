"""The web API and page: the command line's --json contract over HTTP, through play.Table.

    GET  /                                   the page (its script and style inline: nothing else to fetch)
    GET  /api/games                          `garden games --json`
    GET  /api/games/{name}/status            `garden status --json` (with "events", the log's length)
    GET  /api/games/{name}/commands          the moves open now, with their options (the page's forms)
    GET  /api/games/{name}/advice?line=...   `garden advise --json`: where to place, best first
    GET  /api/games/{name}/picture.svg       the game as a picture; tally.svg the scoresheet
    GET  /api/games/{name}/live              server-sent events: "change" whenever the log grows
    GET  /api/boards                         `garden boards --json`
    POST /api/games/{name}/check             a photo (multipart "photo", repeated for more of one board,
                                             read as one; form "board") -> `check --json`
    GET  /api/checks/{id}.png                the reading drawn on that photo
    POST /api/games/{name}/{command}         a move (undo, redo too), its options as a JSON body;
                                             "seen": N refuses it (409) when the log has moved on

Every request carries the join token (?token=T or Authorization: Bearer T), else 401. A refused
move is 422 {"error", "rule"}; a malformed option 422 {"error", "field"}; an unknown game or
command 404. Names from a request are looked up in the store or the list of boards, never used
as a path.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse

from assistant.errors import GardenError, IllegalMove, MovedOn, NotFound, UsageError
from assistant.games import registry
from assistant.play import Table

MAX_UPLOAD = 25 * 1024 * 1024
MAX_PHOTOS = 4  # photos of one board read as one (the second and later from a little to one side)
LIVE_POLL_S = 0.25  # how often the live stream looks at the log: a change shows within a second
LIVE_HEARTBEAT_S = 15.0
KEPT_DRAWINGS = 16  # the latest photo readings' drawings, in memory only
STATIC = Path(__file__).resolve().parent / "static"


class ApiError(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        self.status, self.body = status, body


def _refusal(err: GardenError) -> ApiError:
    """A GardenError as the status and body a client reads."""
    if isinstance(err, IllegalMove):
        return ApiError(422, {"error": err.sentence, "rule": err.rule})
    if isinstance(err, MovedOn):
        return ApiError(409, {"error": str(err)})
    if isinstance(err, NotFound):
        return ApiError(404, {"error": str(err)})
    if isinstance(err, UsageError):
        return ApiError(422, {"error": str(err), "field": err.field})
    return ApiError(400, {"error": str(err)})


def create_app(token: str, home: Path | None = None, game: str | None = None,
               stopping: Callable[[], bool] = lambda: False) -> FastAPI:
    """The app serving the games of `home` (GARDEN_HOME's store when None); `game`: the one the
    page opens on (default: the most recent); `stopping`: whether the server is shutting down
    (the live streams then end, so Ctrl-C stops it at once and cleanly)."""
    app = FastAPI(title="garden", docs_url=None, redoc_url=None, openapi_url=None)
    drawings: OrderedDict[str, bytes] = OrderedDict()

    def table() -> Table:
        return Table(home)

    def run(work) -> Any:
        tab = table()
        try:
            return work(tab)
        except GardenError as err:
            raise _refusal(err) from None
        finally:
            tab.close()

    @app.middleware("http")
    async def joined(request: Request, call_next):
        given = request.query_params.get("token", "")
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            given = auth[7:].strip()
        if not secrets.compare_digest(given.encode(), token.encode()):
            return JSONResponse({"error": "join with the address garden serve printed (its ?token= is missing or wrong)"},
                                status_code=401)
        return await call_next(request)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, err: ApiError) -> JSONResponse:
        return JSONResponse(err.body, status_code=err.status)

    @app.get("/", response_class=HTMLResponse)
    def page() -> HTMLResponse:
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        html = html.replace("/*STYLE*/", (STATIC / "page.css").read_text(encoding="utf-8"))
        html = html.replace("/*SCRIPT*/", (STATIC / "page.js").read_text(encoding="utf-8"))
        html = html.replace("/*START*/", json.dumps({"game": game}))
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return run(lambda tab: {"games": tab.games()})

    @app.get("/api/boards")
    def boards() -> dict[str, Any]:
        from assistant.vision.profile import board_list

        # the folders stay on the server: a page has no use for them
        return {"boards": [{k: v for k, v in b.items() if k != "path"} for b in board_list()]}

    @app.get("/api/games/{name}/status")
    def status(name: str) -> dict[str, Any]:
        return run(lambda tab: tab.status(name))

    @app.get("/api/games/{name}/commands")
    def commands(name: str) -> dict[str, Any]:
        return run(lambda tab: {"commands": tab.commands(name)})

    @app.get("/api/games/{name}/advice")
    def advice(name: str, line: str | None = None) -> dict[str, Any]:
        """`garden advise --json` (its --line as ?line=): the placements open now, best first."""
        from assistant import reports

        def ranked(tab: Table) -> dict[str, Any]:
            loaded = tab.load(name)
            return reports.of(loaded.row.game).advice(loaded, line)
        return run(ranked)

    @app.get("/api/games/{name}/picture.svg")
    def picture(name: str) -> Response:
        def draw(tab: Table) -> str:
            status = tab.status(name)  # one load: the status names its game
            return registry.picture(status["game"]).status_picture(status)
        return Response(run(draw), media_type="image/svg+xml")

    @app.get("/api/games/{name}/tally.svg")
    def tally_picture(name: str) -> Response:
        from assistant.render.scoresheet import scoresheet_svg

        def draw(tab: Table) -> str:
            loaded = tab.load(name)
            return scoresheet_svg(loaded.game.tally(loaded.state), f"{loaded.game.title}: {name}")
        return Response(run(draw), media_type="image/svg+xml")

    @app.get("/api/games/{name}/live")
    async def live(name: str, request: Request) -> StreamingResponse:
        run(lambda tab: tab.log_length(name))  # an unknown game is 404 before the stream starts

        async def changes():
            seen, quiet = None, 0.0
            while not stopping() and not await request.is_disconnected():
                length = await asyncio.to_thread(lambda: run(lambda tab: tab.log_length(name)))
                if length != seen:
                    seen, quiet = length, 0.0
                    yield f"event: change\ndata: {json.dumps({'events': length})}\n\n"
                elif quiet >= LIVE_HEARTBEAT_S:
                    quiet = 0.0
                    yield ": still here\n\n"
                await asyncio.sleep(LIVE_POLL_S)
                quiet += LIVE_POLL_S

        return StreamingResponse(changes(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    @app.post("/api/games/{name}/check")
    async def check(name: str, request: Request) -> dict[str, Any]:
        if int(request.headers.get("content-length") or 0) > MAX_UPLOAD * MAX_PHOTOS:
            raise ApiError(413, {"error": f"the photos are over {MAX_UPLOAD * MAX_PHOTOS // 2**20} MB"})
        form = await request.form(max_part_size=MAX_UPLOAD + 1)
        photos = form.getlist("photo")
        if not photos or any(isinstance(photo, str) for photo in photos):
            raise ApiError(422, {"error": "send the photo as the form field 'photo'", "field": "photo"})
        if len(photos) > MAX_PHOTOS:
            raise ApiError(422, {"error": f"send at most {MAX_PHOTOS} photos of the board", "field": "photo"})
        board = str(form.get("board") or "")
        player = str(form.get("player") or "") or None
        tile = str(form.get("tile") or "").strip() or None
        if board not in _boards_by_name():
            raise ApiError(422, {"error": f"no calibrated board named {board!r} (see garden boards)", "field": "board"})
        uploads = []
        for photo in photos:
            data = await photo.read(MAX_UPLOAD + 1)
            if len(data) > MAX_UPLOAD:
                raise ApiError(413, {"error": f"the photo is over {MAX_UPLOAD // 2**20} MB"})
            uploads.append((data, Path(photo.filename or "photo").name))
        checked = await asyncio.to_thread(_read_upload, uploads, board, player, tile, name, table)
        key = secrets.token_urlsafe(9)
        drawings[key] = checked.pop("_png")
        while len(drawings) > KEPT_DRAWINGS:
            drawings.popitem(last=False)
        return {**checked, "overlay": f"/api/checks/{key}.png"}

    @app.get("/api/checks/{key}.png")
    def drawing(key: str) -> Response:
        if key not in drawings:
            raise ApiError(404, {"error": "no such reading (only the latest are kept)"})
        return Response(drawings[key], media_type="image/png")

    @app.post("/api/games/{name}/{command}")
    async def move(name: str, command: str, request: Request) -> dict[str, Any]:
        try:
            body = await request.json() if await request.body() else {}
        except ValueError:
            raise ApiError(422, {"error": "the body is not JSON"}) from None
        if not isinstance(body, dict):
            raise ApiError(422, {"error": "the body is a JSON object of the command's options"})
        seen = body.pop("seen", None)
        if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)):
            raise ApiError(422, {"error": "seen takes a whole number (status's events)", "field": "seen"})

        def act(tab: Table) -> dict[str, Any]:
            if command in ("undo", "redo"):
                steps = body.pop("steps", 1)
                if body:
                    raise UsageError(f"{command} takes only steps and seen")
                if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
                    raise ApiError(422, {"error": f"{command}: steps takes a whole number from 1", "field": "steps"})
                return (tab.undo if command == "undo" else tab.redo)(name, steps, seen)
            return tab.act(name, command, body, seen)

        return await asyncio.to_thread(run, act)

    return app


def _boards_by_name() -> set[str]:
    from assistant.vision.profile import list_profiles

    return {name for name, _ in list_profiles()}


def _read_upload(uploads: list[tuple[bytes, str]], board: str, player: str | None, tile: str | None, game: str,
                 table) -> dict[str, Any]:
    """`check --json` of uploaded photos of one board, read as one (each (bytes, the upload's name), by
    which an error names it), and its drawing as PNG bytes under "_png"; with `tile`, the best
    placements (`fit PHOTO --json`'s) drawn instead."""
    import cv2

    from assistant.photocheck import check_photo, checked_profile
    from assistant.reports.photo import fit_on_reading, placements_drawn
    from assistant.vision.imageio import decode_photo

    tab = table()
    try:
        first, *more = [decode_photo(data, shown) for data, shown in uploads]
        checked = check_photo(first, tab, checked_profile(board, None), player=player, game=game, more=more)
        out = dict(checked.data)
        if tile is None:
            image = checked.drawing()
        else:
            report = fit_on_reading(checked.reading, checked.game or "", tile, 3)
            out["placements"] = report["placements"]
            image = placements_drawn(checked.photo.image, checked.reading, report["placements"])
    except GardenError as err:
        raise ApiError(422, {"error": str(err)}) from None
    finally:
        tab.close()
    ok, png = cv2.imencode(".png", image)
    return {**out, "_png": png.tobytes() if ok else b""}
