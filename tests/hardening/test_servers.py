"""No way into the servers Lantern starts.

Why: "`make voila` serves with no token: `GET /` answers 200 to anyone on the machine,
starts a kernel per request and writes a journey file; it accepts `Host: evil.com` and a kernel
WebSocket with a foreign `Origin` ... Instead: token (or password) authentication on every server
Lantern starts, host and origin checks on, secrets passed through the environment or a file with
mode 600, and a test that reads the effective settings of each server and probes it with and
without the token and with a foreign Host and Origin."

Each server is started as ``make play`` / ``make voila`` start it (``python -m tools.serve``), on
a free port, with the token in ``$JUPYTER_TOKEN`` only. A browser logged in with the token holds a
cookie; a page on another site (or one reached by DNS rebinding) would send that cookie with a
foreign ``Origin`` (or a foreign ``Host``): those requests must be refused. The launcher's own
rules, which need no server, are in test_serve_launcher.py.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from serving import EXPECTED_SETTINGS, free_port

from tools import serve

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 90.0  # seconds; JupyterLab starts in about 3 s on an idle machine
SETTINGS = re.compile(r"^Lantern server settings: (\{.*\})$", re.MULTILINE)
EVIL = "http://evil.example"


@dataclass
class Server:
    """A server started by tools.serve: its port, token, process and log."""

    port: int
    token: str
    proc: subprocess.Popen[bytes]
    log: Path

    def settings(self) -> dict[str, object]:
        found = SETTINGS.search(self.log.read_text(errors="replace"))
        assert found is not None, self.log.read_text(errors="replace")[-2000:]
        settings: dict[str, object] = json.loads(found[1])
        return settings

    def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: str = ""
    ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(method, path, body=body or None, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def auth(self) -> dict[str, str]:
        return {"Authorization": f"token {self.token}"}

    def upgrade(self, path: str, headers: dict[str, str]) -> int:
        """The status of a WebSocket upgrade request (101: the socket would open)."""
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(
                "GET",
                path,
                headers={
                    "Upgrade": "websocket",
                    "Connection": "Upgrade",
                    "Sec-WebSocket-Key": key,
                    "Sec-WebSocket-Version": "13",
                    **headers,
                },
            )
            return conn.getresponse().status
        finally:
            conn.close()


def login(server: Server, path: str) -> tuple[str, str]:
    """What a browser holds after opening ``path?token=...``: its Cookie header and XSRF token."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("GET", f"{path}?token={server.token}")
        response = conn.getresponse()
        response.read()
        assert response.status == 200, response.status
        jar = dict(
            value.split(";", 1)[0].split("=", 1)
            for name, value in response.getheaders()
            if name.lower() == "set-cookie"
        )
    finally:
        conn.close()
    assert any(name.startswith("username-") for name in jar), jar
    return "; ".join(f"{name}={value}" for name, value in jar.items()), jar.get("_xsrf", "")


def start(kind: str, args: list[str], tmp: Path) -> Iterator[Server]:
    """Start ``python -m tools.serve KIND ARGS`` with the token in the environment only."""
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    env.pop("JUPYTER_TOKEN_FILE", None)
    env.update(
        JUPYTER_TOKEN=token,
        PYTHONPATH=os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])]),
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        JUPYTER_DATA_DIR=str(tmp / "data"),
        LANTERN_JOURNEYS=str(tmp / "journeys"),
    )
    port_flag = "--ServerApp.port" if kind == "lab" else "--port"
    command = [sys.executable, "-m", "tools.serve", kind, *args, f"{port_flag}={port}"]
    log = tmp / f"{kind}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=out
        )
    server = Server(port, token, proc, log)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not SETTINGS.search(log.read_text(errors="replace")):
            assert proc.poll() is None, f"{kind} exited:\n{log.read_text(errors='replace')}"
            assert time.monotonic() < deadline, f"{kind} did not start:\n{log.read_text()}"
            time.sleep(0.2)
        yield server
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(15)


def root_flag() -> list[str]:
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


# --- JupyterLab (make play) ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("lab")
    (tmp / "notebooks").mkdir()
    args = ["--no-browser", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0"]
    args += [f"--ServerApp.root_dir={tmp / 'notebooks'}", *root_flag()]
    yield from start("lab", args, tmp)


def test_jupyterlab_runs_with_a_token_and_the_host_and_origin_checks(lab: Server) -> None:
    assert lab.settings() == EXPECTED_SETTINGS
    log = lab.log.read_text()
    assert log.count(f"?token={lab.token}") == 1  # the URL with the token, printed once
    command = Path(f"/proc/{lab.proc.pid}/cmdline").read_bytes().decode()
    assert lab.token not in command  # not in argv, so not in `ps`


def test_jupyterlab_answers_only_with_the_token(lab: Server) -> None:
    assert lab.request("GET", "/api/status")[0] == 403
    assert lab.request("GET", "/api/status", {"Authorization": "token wrong"})[0] == 403
    status, headers, _ = lab.request("GET", "/lab")
    assert status == 302 and headers["Location"].startswith("/login")
    assert lab.request("GET", "/api/status", lab.auth())[0] == 200
    assert lab.request("POST", "/api/kernels", body="{}")[0] == 403


def test_jupyterlab_starts_without_a_deprecation_warning(lab: Server) -> None:
    """``make play`` began with "DeprecationWarning: ServerApp.token config is deprecated" and
    the source line that raised it; the token goes to the IdentityProvider."""
    log = lab.log.read_text(errors="replace")
    assert "Warning" not in log, log[:3000]
    assert "ServerApp.token" not in log, log[:3000]


def test_jupyterlab_keeps_its_workspaces_apart_from_other_jupyterlabs(lab: Server) -> None:
    """Every JupyterLab of a user shared ``~/.jupyter/lab/workspaces`` (a second player's page
    opened the tab another JupyterLab showed last): Lantern's keeps its own, in its environment."""
    own = serve.workspaces_dir()
    assert own == Path(sys.prefix) / "share" / "lantern" / "workspaces"
    assert f"--LabApp.workspaces_dir={own}" in serve.lab_argv(["--no-browser"], "t")
    given = ["--LabApp.workspaces_dir=/elsewhere"]
    assert [a for a in serve.lab_argv(given, "t") if "workspaces_dir" in a] == given
    name = "lantern-test-" + secrets.token_hex(4)
    body = json.dumps({"data": {}, "metadata": {"id": name}})
    path = f"/lab/api/workspaces/{name}"
    status, _, answer = lab.request(
        "PUT", path, {**lab.auth(), "Content-Type": "application/json"}, body
    )
    try:
        assert status == 204, answer
        assert [p.name for p in own.glob(f"{name}*")], sorted(os.listdir(own))
    finally:
        lab.request("DELETE", path, lab.auth())
    assert not list(own.glob(f"{name}*"))


def test_jupyterlab_refuses_a_foreign_host_even_with_the_token(lab: Server) -> None:
    """DNS rebinding: evil.example resolves to 127.0.0.1, and the browser sends its own Host."""
    for host in ("evil.example", f"evil.example:{lab.port}", "10.1.2.3"):
        assert lab.request("GET", "/api/status", {**lab.auth(), "Host": host})[0] == 403
    assert lab.request("GET", "/api/status", {**lab.auth(), "Host": f"localhost:{lab.port}"})[
        0
    ] == (200)


def test_jupyterlab_refuses_a_foreign_origin_with_the_players_cookie(lab: Server) -> None:
    """A page on another site cannot use the logged-in browser's cookie: not through the API and
    not through a kernel's WebSocket."""
    cookie, xsrf = login(lab, "/lab")
    same = f"http://127.0.0.1:{lab.port}"
    browser = {"Cookie": cookie, "X-XSRFToken": xsrf, "Content-Type": "application/json"}
    kernels = len(json.loads(lab.request("GET", "/api/kernels", lab.auth())[2]))
    assert lab.request("POST", "/api/kernels", {**browser, "Origin": EVIL}, "{}")[0] in (403, 404)
    assert len(json.loads(lab.request("GET", "/api/kernels", lab.auth())[2])) == kernels
    status, _, body = lab.request("POST", "/api/kernels", {**browser, "Origin": same}, "{}")
    assert status == 201, body
    kernel = json.loads(body)["id"]
    channels = f"/api/kernels/{kernel}/channels"
    try:
        assert lab.upgrade(channels, {"Cookie": cookie, "Origin": EVIL}) == 403
        assert lab.upgrade(channels, {"Origin": same}) == 403  # no cookie, no token
        assert lab.upgrade(channels, {"Cookie": cookie, "Origin": same}) == 101
        assert kernel_sees_token(lab.log.parent / "runtime" / f"kernel-{kernel}.json") == "False"
    finally:
        lab.request("DELETE", channels.removesuffix("/channels"), lab.auth())


def kernel_sees_token(connection_file: Path) -> str:
    """What the kernel of ``connection_file`` prints for "is JUPYTER_TOKEN in my environment"."""
    from jupyter_client import BlockingKernelClient

    client = BlockingKernelClient(connection_file=str(connection_file))
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        seen: list[str] = []
        client.execute_interactive(
            "import os; print('JUPYTER_TOKEN' in os.environ)",
            timeout=60,
            output_hook=lambda msg: seen.append(msg["content"].get("text", "")),
        )
    finally:
        client.stop_channels()
    return "".join(seen).strip()


# --- Voilà (make voila) -------------------------------------------------------------------------

#: A notebook that leaves a mark when a kernel runs it (as the play notebook writes a journey),
#: saying whether the kernel could read the server's token from its environment.
PROBE = """\
import os
open("ran.txt", "a").write(f"ran; token in the kernel's environment: {'JUPYTER_TOKEN' in os.environ}\\n")
print("the probe ran")
"""


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("voila")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PROBE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    (tmp / "site").mkdir()
    nbformat.write(notebook, tmp / "site" / "probe.ipynb")
    args = [str(tmp / "site" / "probe.ipynb"), "--no-browser", "--Voila.ip=127.0.0.1"]
    yield from start("voila", args, tmp)


def ran(server: Server) -> list[str]:
    """What each kernel that ran the probe notebook wrote."""
    mark = server.log.parent / "site" / "ran.txt"
    return mark.read_text().splitlines() if mark.exists() else []


def test_voila_runs_with_a_token_and_the_host_and_origin_checks(voila: Server) -> None:
    assert voila.settings() == EXPECTED_SETTINGS
    assert voila.log.read_text().count(f"?token={voila.token}") == 1
    command = Path(f"/proc/{voila.proc.pid}/cmdline").read_bytes().decode()
    assert voila.token not in command


def test_voila_starts_no_kernel_without_the_token_or_for_a_foreign_host(voila: Server) -> None:
    status, headers, _ = voila.request("GET", "/")
    assert status == 302 and headers["Location"].startswith("/login")
    assert voila.request("GET", "/?token=wrong")[0] == 302
    assert voila.request("GET", f"/?token={voila.token}", {"Host": "evil.example"})[0] == 403
    assert ran(voila) == []


def test_voila_serves_the_page_with_the_token_and_refuses_a_foreign_origin(voila: Server) -> None:
    cookie, _ = login(voila, "/")
    assert ran(voila) == ["ran; token in the kernel's environment: False"]
    status, _, page = voila.request("GET", "/", {"Cookie": cookie})
    assert status == 200 and b"the probe ran" in page
    kernel = re.search(rb'"kernelId": "([0-9a-f-]+)"', page)
    assert kernel is not None
    channels = f"/api/kernels/{kernel[1].decode()}/channels"
    same = f"http://127.0.0.1:{voila.port}"
    assert voila.upgrade(channels, {"Cookie": cookie, "Origin": EVIL}) == 403
    assert voila.upgrade(channels, {"Cookie": cookie, "Origin": same, "Host": "evil.example"}) == (
        403
    )
    assert voila.upgrade(channels, {"Origin": same}) == 403  # no cookie
    assert voila.upgrade(channels, {"Cookie": cookie, "Origin": same}) == 101


def test_a_voila_page_that_unloads_stops_its_kernel(voila: Server) -> None:
    """A reload or a closed tab: the page asks its server to stop its kernel with a beacon, which
    carries the player's cookie but no XSRF token. The server stops it when the request comes from
    its own origin (else each reload left a kernel running until culled); another site, a request
    with no origin and one with no cookie are refused as before."""
    cookie, _ = login(voila, "/")
    page = voila.request("GET", "/", {"Cookie": cookie})[2]
    found = re.search(rb'"kernelId": "([0-9a-f-]+)"', page)
    assert found is not None
    kernel = found[1].decode()
    shutdown, running = f"/voila/api/shutdown/{kernel}", f"/api/kernels/{kernel}"
    same = f"http://127.0.0.1:{voila.port}"
    for headers in ({"Cookie": cookie, "Origin": EVIL}, {"Cookie": cookie}, {"Origin": same}):
        # jupyter_server hides a foreign origin's API call (404); no origin needs the XSRF token
        # and no cookie is no login (403)
        assert voila.request("POST", shutdown, headers)[0] in (403, 404), headers
        assert voila.request("GET", running, voila.auth())[0] == 200, headers
    assert voila.request("POST", shutdown, {"Cookie": cookie, "Origin": same})[0] == 204
    assert voila.request("GET", running, voila.auth())[0] == 404
