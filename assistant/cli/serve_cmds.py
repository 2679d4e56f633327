"""`garden serve`: the web page for phones at the table (assistant/web), on the local network.

FastAPI, uvicorn and segno are imported only when the command runs (start-up is benchmarked)."""

from __future__ import annotations

import secrets
import socket
from typing import Annotated

import typer

from assistant.cli.errors import reports_errors
from assistant.errors import GardenError


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket is only
    pointed at a non-local address to learn the route's source); 127.0.0.1 when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@reports_errors
def serve(
    game: Annotated[str | None, typer.Option("--game", help="The game the page opens on (default: the most recent).")] = None,
    host: Annotated[str | None, typer.Option("--host", help="Address to listen on (default: this machine's address on "
                                             "the local network, so phones can join; 127.0.0.1 keeps it local).")] = None,
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8765,
    token: Annotated[str | None, typer.Option("--token", help="The join token (default: a fresh random one a run).")] = None,
) -> None:
    """Serve the game to phones: its status live, its moves, the photo check. Stop with Ctrl-C."""
    import segno
    import uvicorn

    from assistant.cli.common import table
    from assistant.web.app import create_app

    if token is not None and (len(token) < 8 or not token.replace("-", "").replace("_", "").isalnum()):
        raise GardenError("--token: at least 8 letters, digits, - or _ (it goes into the page's address)")
    token = token or secrets.token_urlsafe(12)
    if game is not None:
        table().load(game)  # a wrong name is refused before the server starts
    host = host or lan_address()
    _check_free(host, port)
    shown = lan_address() if host in ("0.0.0.0", "") else host
    address = f"http://{shown}:{port}/?token={token}"
    config_of = {"host": host, "port": port, "log_level": "warning", "timeout_graceful_shutdown": 2}
    server: uvicorn.Server | None = None
    app = create_app(token, None, game, stopping=lambda: server is not None and server.should_exit)
    server = uvicorn.Server(uvicorn.Config(app, **config_of))
    print(f"Open on a phone on this network: {address}")
    segno.make(address, error="m").terminal(compact=True)
    print("Stop with Ctrl-C.", flush=True)
    try:
        server.run()  # on Ctrl-C it shuts down, then raises the signal again (KeyboardInterrupt here)
    except KeyboardInterrupt:
        pass
    except SystemExit:  # uvicorn exits when it cannot start (it has logged why)
        raise GardenError(f"could not serve on {host}:{port}") from None
    print("Stopped.")


def _check_free(host: str, port: int) -> None:
    """Refuses, in one line, an address this machine does not have or a port already taken."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            raise GardenError(f"cannot listen on {host}:{port}: {err.strerror or err} (choose another --port, "
                              "or --host 127.0.0.1)") from None


def register(app: typer.Typer, only: str | None = None) -> None:
    app.command("serve")(serve)
