"""The GM's table server (``make table HOST=...``): the players' seat pages, and nothing else.

    python -m tools.serve table --host=HOST [--port=PORT] [--journey=NAME] [--seats=N] [--idle=S]

Why a server of its own: a player at another device must reach their seat, and nothing more of
the GM's machine. ``make play`` is JupyterLab (its token runs any code) and ``make voila`` answers
on loopback only; this serves one page, the seat a link opens (``notebooks/voidlight-seat-link
.ipynb``, :mod:`widgets.voidlight.seat_link`), on the address the GM chooses, with no Jupyter token:
a link's key (:mod:`rules.book.seat_keys`) is the seat's credential, checked here before a kernel
starts and again in the kernel. What it holds to:

* **One front gate** (:class:`TableApplication`): a request whose ``Host`` is not the GM's
  chosen name or a loopback address is refused (DNS rebinding); a path that is not one of
  :data:`ROUTES` (the page, its kernel's socket, Voilà's static files) is answered "not served"
  before any handler runs: no ``/voila/files``, no contents or kernels API, no tree, no login,
  no other notebook; a path with a ``..`` segment, encoded or not, is refused too.
* **The page only for a good key**: a link whose key does not match gets a sentence and starts
  no kernel; when :data:`DEFAULT_SEATS` pages (``--seats``) run kernels, the next gets a sentence
  ("the table is full") and starts none.
* **Widget messages only**: a page's kernel takes comm and kernel-info messages from its socket
  (:data:`ALLOWED_MESSAGES`: Voilà's own list, checked at start), so a forged ``execute_request``
  runs nothing.
* **Idle seats stop**: a kernel with no page connected and nothing done for ``--idle`` seconds is
  shut down (jupyter_server's culling); a page that unloads (a reload, a closed tab) stops its
  kernel at once (:mod:`tools.voila_unload`: its beacon carries no XSRF token).
* On start it writes its address beside the journeys (:func:`rules.book.seat_keys.write_table`),
  so the GM's panel can offer the links, and prints one link per character of the journey.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import tornado.httputil
import tornado.ioloop
import tornado.web

from rules.book import FOLDER_ENV, JourneyBook, journey_path, last_played
from rules.book.seat_keys import (
    SeatKeyError,
    check_key,
    forget_table,
    link,
    parse_link,
    read_secret,
    write_table,
)
from rules.errors import LanternError
from tools.gate import ROUTES, VOILA_ROUTES, host_allowed, same_origin, served

__all__ = [
    "ALLOWED_MESSAGES",
    "ROUTES",
    "TableError",
    "host_allowed",
    "links",
    "main",
    "page",
    "same_origin",
    "served",
]

REPO = Path(__file__).resolve().parent.parent
SEAT_NOTEBOOK = REPO / "notebooks" / "voidlight-seat-link.ipynb"
DEFAULT_PORT = 8890
#: How many seat pages may run a kernel at once (six players and a reload or two).
DEFAULT_SEATS = 8
#: Seconds after which a seat's kernel with no page connected and nothing done is stopped.
DEFAULT_IDLE = 1800
#: What a page's kernel takes from its socket: widget (comm) messages and kernel info, no code.
ALLOWED_MESSAGES = frozenset(
    {
        "comm_open",
        "comm_close",
        "comm_msg",
        "comm_info_request",
        "kernel_info_request",
        "shutdown_request",
    }
)
NOT_SERVED = "The GM's table serves the players' seat pages only: open the link the GM gave you."
FOREIGN_HOST = (
    "The GM's table answers only at the address its links name: open the link the GM gave you."
)
FULL = (
    "The table is full: {seats} seat pages are open. Close a seat page you no longer use, or ask "
    "the GM, then try your link again."
)


class TableError(Exception):
    """The table cannot be served as asked; the message says why and what to do."""


def page(sentence: str) -> str:
    """A page of one sentence, light or dark as the player's browser prefers."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Lantern: the GM's table</title><style>"
        "body{font:1.1em/1.5 system-ui,sans-serif;max-width:38em;margin:4em auto;padding:0 1em;"
        "color:#222;background:#fafafa}"
        "@media (prefers-color-scheme: dark){body{color:#eee;background:#1e1e1e}}"
        f'</style></head><body><p class="lantern-table-sentence">{escape(sentence)}'
        "</p></body></html>"
    )


class Sentence(tornado.web.RequestHandler):
    """Answers any request with a status and a sentence page, and does nothing else."""

    def initialize(self, status: int, sentence: str) -> None:
        self._answer = (status, sentence)

    def prepare(self) -> None:
        status, sentence = self._answer
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page(sentence))


class TableApplication(tornado.web.Application):
    """Voilà's application behind the front gate: the Host, then the path, before any handler."""

    def __init__(self, names: Sequence[str], **settings: Any) -> None:
        self.table_names = list(names)
        super().__init__(**settings)

    def find_handler(
        self, request: tornado.httputil.HTTPServerRequest, **kwargs: Any
    ) -> tornado.web._HandlerDelegate:
        if not host_allowed(request.host or "", self.table_names):
            refusal: tuple[int, str] | None = (403, FOREIGN_HOST)
        elif not served(request.path):
            refusal = (404, NOT_SERVED)
        else:
            refusal = None
        if refusal is not None:
            status, sentence = refusal
            return self.get_handler_delegate(
                request, Sentence, {"status": status, "sentence": sentence}
            )
        return super().find_handler(request, **kwargs)


# --- the links ----------------------------------------------------------------------------------


def base_url(host: str, port: int) -> str:
    name = f"[{host}]" if ":" in host else host
    return f"http://{name}:{port}/"


def links(folder: Path, journey: str | None, base: str) -> tuple[str, list[tuple[str, str]]]:
    """The journey the table invites to (``journey``, else Voidlight's last played in ``folder``)
    and a link for each character of its crew."""
    if journey:
        path = journey_path(journey, folder)
        if not path.is_file():
            raise TableError(f"there is no journey named {journey!r} in {folder}")
    else:
        found = last_played("voidlight", folder)
        if found is None:
            return "", []
        path = found
    name = path.name.removesuffix(".lantern")
    book = JourneyBook.open(path, game="voidlight")
    try:
        crew = list(book.state.names)
    finally:
        book.close()
    secret = read_secret(folder)
    return name, [(each, link(base, name, each, secret)) for each in crew]


# --- the server ---------------------------------------------------------------------------------


def arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.serve table", add_help=True)
    parser.add_argument("--host", required=True, help="the address the players' devices reach")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--journey", default="", help="the journey to invite to (else the last)")
    parser.add_argument("--seats", type=int, default=DEFAULT_SEATS)
    parser.add_argument("--idle", type=int, default=DEFAULT_IDLE)
    found = parser.parse_args(list(argv))
    if not found.host.strip() or "/" in found.host or found.host.strip() in ("0.0.0.0", "::"):
        raise TableError(
            f"HOST={found.host!r}: give the one address the players reach, such as this "
            "computer's address on your network (192.168.1.20) or 127.0.0.1 for a tunnel; "
            "not every address at once"
        )
    if found.seats < 1 or found.idle < 1:
        raise TableError(f"--seats and --idle are whole numbers of 1 or more, got {found}")
    return found


def serve_table(argv: Sequence[str]) -> None:
    """Voilà on the seat page behind the gate, as the module's docstring says."""
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    from tools.voila_unload import own_shutdown

    options = arguments(argv)
    folder = Path(os.environ.get(FOLDER_ENV) or REPO / "notebooks" / "journeys").resolve()
    os.environ[FOLDER_ENV] = str(folder)  # the seat pages' kernels play in the same folder
    for name in ("JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE"):
        os.environ.pop(name, None)
    secret = read_secret(folder)
    base = base_url(options.host, options.port)
    journey, invited = links(folder, options.journey or None, base)
    names = ["localhost", options.host]
    opening: set[int] = set()

    class SeatPage(TornadoVoilaHandler):  # type: ignore[misc]
        """The seat page, for a link whose key matches and while the table has room."""

        async def prepare(self) -> None:
            await super().prepare()
            if self._finished:
                return
            refusal = self._refusal()
            if refusal is not None:
                self.set_status(refusal[0])
                self.set_header("Cache-Control", "no-store")
                self.finish(page(refusal[1]))
                return
            opening.add(id(self))

        def on_finish(self) -> None:
            opening.discard(id(self))
            super().on_finish()

        def _refusal(self) -> tuple[int, str] | None:
            try:
                seat = parse_link(self.request.query)
            except SeatKeyError as error:
                return 403, f"This link opens no seat at the table: {error}."
            if not check_key(seat.journey, seat.character, seat.key, secret):
                return 403, (
                    "This link opens no seat at the table: its key does not match (a letter "
                    "changed or missing, or a link of another table). Ask the GM for your link."
                )
            running = len(self.kernel_manager.list_kernel_ids()) + len(opening)
            if running >= options.seats:
                return 503, FULL.format(seats=options.seats)
            return None

    class TableVoila(Voila):  # type: ignore[misc]
        """Voilà with the gate, the seat page handler and the checks above."""

        def initialize(self, argv: Any = None) -> None:
            super().initialize(argv)
            self.token = ""  # the link's key is the credential; no Jupyter token exists
            self.voila_configuration.file_allowlist = []  # no file of the notebooks' folder

        def init_handlers(self) -> list[Any]:
            """Voilà's routes that the seat page uses, with the page at ``/`` only; no files,
            no login, no other notebook (the gate refuses those paths too)."""
            kept: list[Any] = []
            for route in super().init_handlers():
                pattern, handler = route[0], route[1]
                if handler is TornadoVoilaHandler:
                    kept.append((r"/", SeatPage, *route[2:]))
                elif pattern.startswith(VOILA_ROUTES):
                    kept.append(route)
            # A seat page's kernel stopped as the page unloads: else a player who reloaded a
            # few times held every place at the table until the idle cull.
            return own_shutdown(kept)

        def start(self) -> None:
            # As Voilà's own start, with the application behind the gate.
            self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
            settings = self.init_settings()
            self.app = TableApplication(names, **settings)
            self.app.settings.update(self.tornado_settings)
            self.app.add_handlers(".*$", self.init_handlers())
            tornado.ioloop.IOLoop.current().add_callback(self._lantern_ready)
            self.listen()

        def _lantern_ready(self) -> None:
            found = table_settings(self)
            try:
                check_table(found, options.seats, options.idle)
            except TableError as error:
                refused.append(error)
                self.ioloop.stop()
                return
            write_table(base, folder)
            announce(found, journey, invited, base)

        def stop(self) -> None:
            forget_table(folder)
            super().stop()

    refused: list[TableError] = []
    voila_argv = [
        str(SEAT_NOTEBOOK),
        "--no-browser",
        f"--Voila.ip={options.host}",
        f"--Voila.port={options.port}",
        "--Voila.port_retries=0",
        f"--Voila.root_dir={SEAT_NOTEBOOK.parent}",
        f"--MappingKernelManager.cull_idle_timeout={options.idle}",
        f"--MappingKernelManager.cull_interval={min(60, options.idle)}",
        "--MappingKernelManager.cull_connected=False",
    ]
    TableVoila.launch_instance(voila_argv)
    if refused:
        raise refused[0]


def table_settings(app: Any) -> dict[str, Any]:
    """What the running table's handlers and kernels read."""
    settings, manager = app.app.settings, app.kernel_manager
    pattern = settings.get("allow_origin_pat") or ""
    return {
        "token": app.identity_provider.token,
        "allow_origin": settings.get("allow_origin", ""),
        "allow_origin_pat": getattr(pattern, "pattern", pattern),
        "disable_check_xsrf": bool(settings.get("disable_check_xsrf", False)),
        "allowed_message_types": sorted(manager.allowed_message_types),
        "cull_idle_timeout": manager.cull_idle_timeout,
        "cull_connected": manager.cull_connected,
        "file_allowlist": list(app.voila_configuration.file_allowlist),
        "gate": type(app.app).__name__,
    }


def check_table(found: dict[str, Any], seats: int, idle: int) -> None:
    """Refuse (:class:`TableError`) a running table whose settings open more than the seats."""
    wrong = []
    if found["token"]:
        wrong.append("a Jupyter token is set (the table's credential is the link's key)")
    if found["allow_origin"] or found["allow_origin_pat"] or found["disable_check_xsrf"]:
        wrong.append("cross-origin access or XSRF settings are opened")
    messages = set(found["allowed_message_types"])
    if not messages or not messages <= ALLOWED_MESSAGES:
        wrong.append(f"the kernels take messages {sorted(messages) or 'of every kind'}")
    if found["cull_idle_timeout"] != idle or found["cull_connected"]:
        wrong.append("idle seats are not stopped as asked")
    if found["file_allowlist"] or found["gate"] != TableApplication.__name__:
        wrong.append("files or routes outside the seat page are served")
    if wrong:
        raise TableError(
            f"refusing to serve the table: {'; '.join(wrong)} (a Jupyter config file overrides "
            f"them?). Found: {json.dumps(found, sort_keys=True)}"
        )


def announce(
    found: dict[str, Any], journey: str, invited: list[tuple[str, str]], base: str
) -> None:
    print(f"Lantern table settings: {json.dumps(found, sort_keys=True)}", flush=True)
    print(f"\n    The GM's table is served at {base}", flush=True)
    if not invited:
        print(
            "    No Voidlight crew to invite yet: create the crew in the GM's notebook (make play,"
            " voidlight.ipynb); its panel's Invite players then gives each player's link.\n",
            flush=True,
        )
        return
    print(f"    Seat links for the journey {journey!r} (give each player theirs only):", flush=True)
    for name, url in invited:
        print(f"      {name}: {url}", flush=True)
    print("", flush=True)


def main(argv: Sequence[str]) -> int:
    try:
        serve_table(argv)
    except (TableError, LanternError) as error:
        print(f"tools.serve table: {error}", flush=True)
        return 1
    return 0
