"""The GM's table server (``make table``): the seat pages, on another computer's address, and nothing
else of the GM's machine.

The user guide ("Playing Voidlight as a crew", docs/play/crew.md): "`make table HOST=...` serves
the seat pages on the address you choose and prints one link per character"; "anyone on that
network who has a link can sit at that seat; nothing else is served: no JupyterLab, no other
notebook, no file"; "a page's kernel takes widget messages, not code"; "at most 8 seat pages run
at once, and a seat left idle is stopped".

"Another computer" is another loopback address, 127.0.0.2: the server binds there and every
request names it as its ``Host``, as a player's browser on the network would name the GM's
address. Never a real network address. The gate's rules, one by one without a server, are in
test_table_gate.py.
"""

from __future__ import annotations

import asyncio
import datetime
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from rules.book import JourneyBook
from rules.book.seat_keys import TABLE_FILE, check_key, parse_link, read_secret, table_url
from rules.voidlight import Create, Join
from tools import table

REPO = Path(__file__).resolve().parents[2]
ADDRESS = "127.0.0.2"  # another computer on the GM's network, as far as the table can tell
START_TIMEOUT = 120.0  # seconds to start (about 3 s on an idle machine); not a timed assertion
SETTINGS = re.compile(r"^Lantern table settings: (\{.*\})$", re.MULTILINE)
LINK = re.compile(r"^ {6}(\w+): (http://\S+)$", re.MULTILINE)
ANNOUNCED = re.compile(r"^ {4}Seat links for .*:\n(?: {6}\w+: http://\S+\n)+\n", re.MULTILINE)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((ADDRESS, 0))
        return int(sock.getsockname()[1])


@dataclass
class Table:
    port: int
    proc: subprocess.Popen[bytes]
    log: Path
    folder: Path
    tmp: Path

    @property
    def host(self) -> str:
        return f"{ADDRESS}:{self.port}"

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def links(self) -> dict[str, str]:
        return dict(LINK.findall(self.text()))

    def request(
        self, method: str, path: str, host: str | None = None, origin: str | None = None
    ) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection(ADDRESS, self.port, timeout=90)
        headers = {"Host": host or self.host, **({"Origin": origin} if origin else {})}
        try:
            conn.request(method, path, headers=headers)
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def get(self, url_or_path: str, host: str | None = None) -> tuple[int, bytes]:
        parts = urlsplit(url_or_path)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        return self.request("GET", path or "/", host)

    def kernels(self) -> int:
        """How many seat kernels run: their connection files (Voilà's folder in our TMPDIR)."""
        return len(list((self.tmp / "tmpdir").glob("voila_*/kernel-*.json")))


def crew(folder: Path) -> None:
    book = JourneyBook.start("wreck", game="voidlight", seed=5, folder=folder,
                             options={"timer": "scenes"})  # fmt: skip
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    book.play(Join("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1))
    book.play(Join("Rook", "they/them", vigor=2, operate=0, insight=2, diplomacy=1))
    book.close()


def start_table(tmp: Path, *args: str) -> Generator[Table, None, None]:
    folder = tmp / "journeys"
    crew(folder)
    (tmp / "tmpdir").mkdir()
    port = free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE")
    }
    env.update(
        PYTHONPATH=os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])]),
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        JUPYTER_DATA_DIR=str(tmp / "data"),
        LANTERN_JOURNEYS=str(folder),
        TMPDIR=str(tmp / "tmpdir"),
    )
    command = [sys.executable, "-m", "tools.serve", "table", f"--host={ADDRESS}",
               f"--port={port}", *args]  # fmt: skip
    log = tmp / "table.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=out)  # fmt: skip
    server = Table(port, proc, log, folder, tmp)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not ANNOUNCED.search(server.text()):  # the settings, then each link, then a blank
            assert proc.poll() is None, f"the table exited:\n{server.text()}"
            assert time.monotonic() < deadline, f"the table did not start:\n{server.text()}"
            time.sleep(0.2)
        yield server
    finally:
        stop(proc)


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(15)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    yield from start_table(tmp_path_factory.mktemp("table"), "--journey=wreck")


def kernel_of(page: bytes) -> str:
    found = re.search(rb'"kernelId": "([0-9a-f-]+)"', page)
    assert found is not None, page[-2000:]
    return found[1].decode()


# --- how it runs ----------------------------------------------------------------------------------


def test_the_table_runs_with_no_token_widget_messages_only_and_idle_seats_stopped(
    served: Table,
) -> None:
    found = json.loads(SETTINGS.search(served.text())[1])  # type: ignore[index]
    assert found == {
        "token": "",
        "allow_origin": "",
        "allow_origin_pat": "",
        "disable_check_xsrf": False,
        "allowed_message_types": sorted(table.ALLOWED_MESSAGES),
        "cull_idle_timeout": table.DEFAULT_IDLE,
        "cull_connected": False,
        "file_allowlist": [],
        "gate": "TableApplication",
    }


def test_it_prints_one_link_per_character_and_says_where_it_listens(served: Table) -> None:
    links = served.links()
    assert list(links) == ["Vex", "Kai", "Rook"]
    secret = read_secret(served.folder, create=False)
    for name, url in links.items():
        assert url.startswith(f"http://{served.host}/?")
        seat = parse_link(urlsplit(url).query)
        assert (seat.journey, seat.character) == ("wreck", name)
        assert check_key("wreck", name, seat.key, secret)
    assert (served.folder / ".seat-secret").stat().st_mode & 0o777 == 0o600
    assert table_url(served.folder) == f"http://{served.host}/"


# --- the seat page and its kernel -----------------------------------------------------------------


def test_a_good_link_opens_the_seat_page_for_another_computer(served: Table) -> None:
    status, page = served.get(served.links()["Kai"])
    assert status == 200
    assert b"application/vnd.jupyter.widget-view+json" in page
    assert b"This link opens no seat" not in page
    kernel_of(page)


def _message(kind: str, content: dict[str, object], channel: str = "shell") -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "player",
                   "session": uuid.uuid4().hex, "version": "5.3",
                   "date": datetime.datetime.now(datetime.UTC).isoformat()},
        "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": [],
    })  # fmt: skip


async def _talk(served: Table, kernel: str, sent: list[str], until: str) -> list[str]:
    """Send ``sent`` on the kernel's socket as the seat page would; the message types received
    until one of type ``until`` arrives (the kernel answers in order: what came before it is all
    the kernel did with the earlier messages)."""
    request = HTTPRequest(
        f"ws://{served.host}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}",
        headers={"Host": served.host, "Origin": f"http://{served.host}"},
    )
    socket_ = await websocket_connect(request)
    try:
        for message in sent:
            await socket_.write_message(message)
        seen: list[str] = []
        while until not in seen:
            raw = await asyncio.wait_for(socket_.read_message(), 90)
            assert raw is not None, seen
            seen.append(json.loads(raw)["header"]["msg_type"])
        return seen
    finally:
        socket_.close()


def test_an_execute_request_on_the_seats_socket_runs_nothing(served: Table) -> None:
    """The page's kernel takes widget messages; a forged code message is dropped before it."""
    _, page = served.get(served.links()["Rook"])
    kernel = kernel_of(page)
    mark = served.tmp / "the-player-ran-code"
    code = f"open({str(mark)!r}, 'w').write('ran')"
    execute = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
               "allow_stdin": False, "stop_on_error": True}  # fmt: skip
    sent = [_message("execute_request", execute), _message("comm_info_request", {}),
            _message("kernel_info_request", {})]  # fmt: skip
    seen = asyncio.run(_talk(served, kernel, sent, "kernel_info_reply"))
    assert "comm_info_reply" in seen  # widget messages pass
    assert not {"execute_input", "execute_reply", "execute_result", "error"} & set(seen), seen
    assert not mark.exists()
    assert 'Received message of type "execute_request", which is not allowed' in served.text()


def test_the_seats_socket_refuses_a_foreign_origin(served: Table) -> None:
    _, page = served.get(served.links()["Vex"])
    kernel = kernel_of(page)
    request = HTTPRequest(
        f"ws://{served.host}/api/kernels/{kernel}/channels",
        headers={"Host": served.host, "Origin": "http://evil.example"},
    )

    async def connect() -> None:
        await websocket_connect(request)

    with pytest.raises(HTTPClientError, match="403"):
        asyncio.run(connect())


# --- what is refused ------------------------------------------------------------------------------


def test_a_key_that_does_not_match_gets_a_sentence_and_starts_no_kernel(served: Table) -> None:
    links = served.links()
    kai_key = parse_link(urlsplit(links["Kai"]).query).key
    before = served.kernels()
    for path in (
        f"/?journey=wreck&character=Vex&key={kai_key}",  # Kai's key for Vex's seat
        f"/?journey=wreck&character=Kai&key={kai_key[:-1]}",
        "/?journey=wreck&character=Kai",
        "/",
    ):
        status, page = served.get(path)
        assert status == 403, path
        assert b"This link opens no seat at the table" in page and b"kernelId" not in page
    assert served.kernels() == before


GUESSES = [
    "/voila/files/journeys/wreck.lantern",
    "/voila/files/journeys/.seat-secret",
    "/voila/files/journeys/.table.json",
    "/voila/files/voidlight-seat-link.ipynb",
    "/voila/files/voidlight.ipynb",
    "/voila/files/../rules/book/seat_keys.py",
    "/journeys/.seat-secret",
    "/api/contents",
    "/api/contents/journeys/wreck.lantern",
    "/api/kernels",
    "/api/sessions",
    "/api/kernelspecs",
    "/api/status",
    "/tree",
    "/voila/tree",
    "/lab",
    "/login",
    "/notebooks/voidlight.ipynb",
    "/voila/render/voidlight.ipynb",
    "/voila/render/voidlight-seat-link.ipynb",
    "/voila/api/contents",
    "/voidlight.ipynb",
    "/voila/static/../../journeys/.seat-secret",
    "/voila/static/%2e%2e/%2e%2e/journeys/.seat-secret",
    "/voila/static/..%2f..%2fjourneys%2f.seat-secret",
    "/voila/templates/../../../../etc/passwd",
    "/voila/labextensions/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/files/journeys/wreck.lantern",
    "/files/journeys/.seat-secret",
    "/files/voidlight.ipynb",
    "/view/journeys/wreck.lantern",
    "/edit/journeys/.seat-secret",
    "/api/contents/voidlight.ipynb",
    "/api/contents/journeys/.seat-secret",
    f"/api/sessions/{uuid.UUID(int=1)}",
    "/api/terminals",
    "/terminals/1",
    "/lab/tree/voidlight.ipynb",
    "/lab/api/workspaces",
    "/nbconvert/html/voidlight.ipynb",
    "/voila/render/play-voidlight-seat.ipynb",
    "/voila/render/voidlight-seat.ipynb",
    f"/api/kernels/{uuid.UUID(int=1)}/restart",
    f"/api/kernels/{uuid.UUID(int=1)}/interrupt",
]


@pytest.mark.parametrize("path", GUESSES)
def test_no_url_a_player_could_guess_serves_anything_else(served: Table, path: str) -> None:
    secret = (served.folder / ".seat-secret").read_bytes().strip()
    for method in ("GET", "POST"):
        status, body = served.request(method, path)
        assert status in (403, 404), (method, path, status)
        assert secret not in body and b"SQLite" not in body and b"nbformat" not in body
        assert b"root:" not in body


def test_a_seat_page_cannot_reach_another_seats_kernel(served: Table) -> None:
    """Each seat's page names its own kernel only; no route lists the others (``/api/kernels``,
    ``/api/sessions`` are not served), a kernel's id is a random UUID, and what would stop,
    restart or interrupt a kernel by its id is not served either: Rook's kernel runs on."""
    kai_status, kai_page = served.get(served.links()["Kai"])
    rook_status, rook_page = served.get(served.links()["Rook"])
    assert (kai_status, rook_status) == (200, 200)
    kai, rook = kernel_of(kai_page), kernel_of(rook_page)
    assert kai != rook and uuid.UUID(rook).version == 4
    assert rook.encode() not in kai_page
    for method, path in (("GET", "/api/kernels"), ("GET", "/api/sessions"),
                         ("DELETE", f"/api/kernels/{rook}"),
                         ("POST", f"/api/kernels/{rook}/restart"),
                         ("POST", f"/api/kernels/{rook}/interrupt"),
                         ("GET", f"/api/kernels/{uuid.uuid4()}")):  # fmt: skip
        status, body = served.request(method, path)
        assert status in (403, 404, 405), (method, path, status)
        assert rook.encode() not in body, (method, path)
    running = served.kernels()
    assert running >= 2
    status, _ = served.request("DELETE", f"/api/kernels/{rook}")
    assert status in (403, 404, 405) and served.kernels() == running


def test_a_foreign_host_is_refused_even_with_a_good_link(served: Table) -> None:
    """DNS rebinding: a page of another site, resolved to the GM's address, names its own Host."""
    link = served.links()["Kai"]
    for host in (
        "evil.example",
        f"evil.example:{served.port}",
        "10.1.2.3",
        "127.0.0.2.evil.example",
    ):
        status, page = served.get(link, host=host)
        assert status == 403 and b"answers only at the address its links name" in page, host
    assert served.get(link, host=f"localhost:{served.port}")[0] == 200


# --- the cap and idle seats -----------------------------------------------------------------------


def test_a_seat_page_that_unloads_stops_its_kernel_and_frees_its_place(tmp_path: Path) -> None:
    """A reload or a closed tab: the page asks the table to stop its kernel with a beacon, which
    carries no XSRF token. The table stops it when the page is its own (its Origin), so a player
    who reloads does not fill the table; a request from another site is refused as before."""
    server = start_table(tmp_path, "--seats=1")
    table_ = next(server)
    try:
        links = table_.links()
        status, page = table_.get(links["Kai"])
        assert status == 200 and table_.kernels() == 1
        kernel = kernel_of(page)
        shutdown = f"/voila/api/shutdown/{kernel}"
        for origin in ("http://evil.example", f"http://{ADDRESS}:{table_.port + 1}", None):
            # refused: jupyter_server hides a foreign origin's API call (404), and a request
            # with no origin needs the XSRF token (403)
            assert table_.request("POST", shutdown, origin=origin)[0] in (403, 404), origin
            assert table_.kernels() == 1, origin
        assert table_.get(links["Rook"])[0] == 503  # the one place is taken
        assert table_.request("POST", shutdown, origin=f"http://{table_.host}")[0] == 204
        assert table_.kernels() == 0
        assert table_.get(links["Rook"])[0] == 200  # the place it held is free again
    finally:
        server.close()


def test_the_table_caps_the_seats_running_at_once(tmp_path: Path) -> None:
    # Idle seats are not stopped within this test (its own below): under load a page's kernel
    # took longer to start than a short idle time, and the first was culled before the third
    # link was opened.
    server = start_table(tmp_path, "--seats=2", "--idle=600")
    table_ = next(server)
    try:
        links = table_.links()
        assert table_.get(links["Vex"])[0] == 200
        assert table_.get(links["Kai"])[0] == 200
        status, page = table_.get(links["Rook"])
        assert status == 503 and b"The table is full: 2 seat pages are open" in page
        assert table_.kernels() == 2
    finally:
        server.close()
    assert table_.proc.returncode is not None
    assert not (table_.folder / TABLE_FILE).exists()  # stopped: the GM's panel offers no links


def test_the_table_stops_idle_seats_and_frees_their_places(tmp_path: Path) -> None:
    server = start_table(tmp_path, "--seats=1", "--idle=1")
    table_ = next(server)
    try:
        links = table_.links()
        assert table_.get(links["Vex"])[0] == 200
        deadline = time.monotonic() + START_TIMEOUT  # no page is connected: the seat is idle
        while table_.kernels() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert table_.kernels() == 0, table_.text()[-2000:]
        assert "Culling kernel" in table_.text() or "culled" in table_.text().lower()
        # The place it held is free again. jupyter_client removes the connection file (what
        # kernels() counts) before the kernel leaves the table's list: under load, ask again.
        while (answer := table_.get(links["Rook"]))[0] == 503 and time.monotonic() < deadline:
            time.sleep(0.2)  # a refused ask starts no kernel
        assert answer[0] == 200, answer[1][-2000:]
    finally:
        server.close()
