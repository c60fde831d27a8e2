"""The servers the browser tests drive, each on a free loopback port with state folders of its
own: a JupyterLab (:class:`JupyterServer`, a random token, fresh user settings) and a Voilà page
(:class:`VoilaServer`, started as ``make voila`` starts it, with a token of its own); each is
waited for until it answers, and stopped with SIGTERM (so it shuts its kernels down), killed if
it does not stop.

The helpers that drive them (open a notebook, run a cell, check for tracebacks, screenshots) are
in harness.py.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from stuck import kernel_startup

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

SERVER_START_TIMEOUT = 60.0  # seconds; a cold start here takes about 2 s


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_lab_settings(settings_dir: Path) -> None:
    """Fresh JupyterLab user settings: no news/update toast, every cell attached to the DOM."""
    settings = {
        # --LabApp.news_url does not stop the "official Jupyter news?" toast; this does.
        "@jupyterlab/apputils-extension/notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
        # Steadier locators in long notebooks.
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    }
    for plugin, values in settings.items():
        path = settings_dir / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2))


# --- servers -----------------------------------------------------------------------------------


def http_status(url: str, headers: dict[str, str] | None = None) -> int | None:
    """The HTTP status of GET url, or None when nothing answers."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (OSError, urllib.error.URLError):
        return None


@dataclass
class _Process:
    """A server subprocess with its log file; stopped by SIGTERM to its PID, then SIGKILL."""

    name: str
    command: list[str]
    log_path: Path
    cwd: Path
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    proc: subprocess.Popen[bytes] | None = None
    _log: IO[bytes] | None = None

    def start(self) -> None:
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            self.command,
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def wait_until(self, ready: Any, what: str, timeout: float = SERVER_START_TIMEOUT) -> None:
        """Poll ready() until true; raise with the log tail on timeout or early exit."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"{self.name} exited with code {self.proc.returncode} before {what}.\n"
                    f"Command: {' '.join(self.command)}\nLog tail:\n{self.log_tail()}"
                )
            if ready():
                return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(
            f"{self.name} did not answer {what} within {timeout:.0f} s.\n"
            f"Command: {' '.join(self.command)}\nLog tail:\n{self.log_tail()}"
        )

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # the servers shut their kernels down
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        if self._log is not None:
            self._log.close()
            self._log = None


def server_env(state_dir: Path) -> dict[str, str]:
    """The environment of a server the tests start, and so of its kernels.

    The checkout under test goes first on PYTHONPATH: the venv's editable install may point at
    another checkout of Lantern (a git worktree's kernels would import main's rules/widgets).
    The user's ~/.jupyter config stays out; the venv's config still applies.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    env["JUPYTER_CONFIG_DIR"] = str(state_dir / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(state_dir / "runtime")
    return env


def _root_flag() -> list[str]:
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


class JupyterServer:
    """A `jupyter lab` serving `root_dir` on a free port with a random token.

    Attributes: base_url ("http://127.0.0.1:PORT"), token, root_dir (Path), log_path.
    """

    def __init__(self, root_dir: Path, state_dir: Path) -> None:
        self.root_dir = root_dir
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.base_url = f"http://127.0.0.1:{self.port}"
        settings_dir = state_dir / "settings"
        write_lab_settings(settings_dir)
        env = server_env(state_dir)
        kernel_startup(state_dir, env)  # a Run All that never ends tells where each kernel stood
        #: The environment of the server and its kernels.
        self.env = env
        # Journeys the notebooks start live in the served copy, and go with each test's sessions.
        self.journeys = root_dir / "journeys"
        env["LANTERN_JOURNEYS"] = str(self.journeys)
        self.log_path = state_dir / "jupyter-lab.log"
        self._process = _Process(
            name="jupyter lab",
            command=[
                sys.executable,
                "-m",
                "tools.startup",  # ``-m jupyterlab``, as tools.serve starts it (tools/startup.py)
                "jupyterlab",
                "--no-browser",
                *_root_flag(),
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={root_dir}",
                "--LabApp.expose_app_in_browser=True",
                "--JupyterNotebookApp.expose_app_in_browser=True",  # Notebook 7 too
                f"--LabApp.user_settings_dir={settings_dir}",
                f"--LabApp.workspaces_dir={state_dir / 'workspaces'}",
            ],
            log_path=self.log_path,
            cwd=root_dir,
            env=env,
        )

    def start(self) -> JupyterServer:
        """Start the server and wait until /api/status and /lab both answer 200."""
        self._process.start()
        self._process.wait_until(lambda: self._get("/api/status") == 200, "/api/status with 200")
        self._process.wait_until(
            lambda: http_status(f"{self.base_url}/lab?token={self.token}") == 200,
            "/lab with 200",
        )
        return self

    def stop(self) -> None:
        """SIGTERM to the server's PID (SIGKILL after 10 s)."""
        self._process.stop()

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server's log."""
        return self._process.log_tail(lines)

    def url(self, path: str) -> str:
        """An absolute URL on this server for `path` ("/lab/..."), token included."""
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}{path}{sep}token={self.token}"

    def _request(self, method: str, path: str) -> tuple[int, bytes]:
        request = urllib.request.Request(
            f"{self.base_url}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status), response.read()
        except urllib.error.HTTPError as error:
            return int(error.code), error.read()

    def _get(self, path: str) -> int | None:
        return http_status(f"{self.base_url}{path}", {"Authorization": f"token {self.token}"})

    def sessions(self) -> list[dict[str, Any]]:
        """The server's sessions (one per open notebook with a kernel)."""
        status, body = self._request("GET", "/api/sessions")
        assert status == 200, f"GET /api/sessions answered {status}: {body[:200]!r}"
        sessions: list[dict[str, Any]] = json.loads(body)
        return sessions

    def delete_sessions(self) -> None:
        """Delete every session (and so shut its kernel down), so tests do not share kernels,
        then the journeys those kernels saved, so each test starts a fresh journey."""
        for session in self.sessions():
            self._request("DELETE", f"/api/sessions/{session['id']}")
        shutil.rmtree(self.journeys, ignore_errors=True)


class VoilaServer:
    """Voilà on one notebook as ``make voila`` serves it (``python -m tools.serve voila``: a token,
    the host and origin checks, a page's kernel stopped as the page unloads), on a free port; the
    page is at ``url``, which carries the token as the launcher's printed link does."""

    def __init__(self, notebook: Path, state_dir: Path) -> None:
        self.notebook = notebook
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}/?token={self.token}"
        self.log_path = state_dir / f"voila-{notebook.stem}-{self.port}.log"
        env = server_env(state_dir)
        env["JUPYTER_TOKEN"] = self.token  # the launcher's way in: never on the command line
        env.pop("JUPYTER_TOKEN_FILE", None)
        env["LANTERN_JOURNEYS"] = tempfile.mkdtemp(prefix="voila-journeys-", dir=state_dir)
        #: The journeys folder of this server's kernels (a test may put a journey there first).
        self.journeys = Path(env["LANTERN_JOURNEYS"])
        self._process = _Process(
            name="voila",
            command=[
                sys.executable,
                "-m",
                "tools.serve",
                "voila",
                str(notebook),
                "--no-browser",
                f"--port={self.port}",
                "--Voila.ip=127.0.0.1",
                # Show a cell's traceback on the page (assert_no_tracebacks sees it).
                "--show_tracebacks=True",
            ],
            log_path=self.log_path,
            cwd=REPO,
            env=env,
        )

    def start(self) -> VoilaServer:
        """Start Voila and wait until its HTTP server answers (the page itself runs the kernel)."""
        self._process.start()
        self._process.wait_until(
            lambda: (
                http_status(f"http://127.0.0.1:{self.port}/voila/static/extension.js") is not None
            ),
            "HTTP",
        )
        return self

    def stop(self) -> None:
        """SIGTERM to Voila's PID (SIGKILL after 10 s)."""
        self._process.stop()

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of Voila's log."""
        return self._process.log_tail(lines)
