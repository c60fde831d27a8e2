"""How long a player waits for ``make play``'s JupyterLab: launch to the server answering, with the
RFC 3987 grammar deferred (tools/startup.py) against the same server building it as it imports.

Both start ``jupyterlab`` with the same options on a free port, in a temporary folder, with no
browser; one through ``python -m tools.startup jupyterlab``, the other through ``python -m
jupyterlab``, in turn, so that a drift of the machine's speed hits both. Each is timed from launch
to ``/api/status`` answering 200, with the CPU the server process spent by then. The target: the
deferred start takes at most 0.7× the eager one, pair by pair (median).

Run from the repository root: ``python -m bench server_start`` (``--runs N``, default 5;
``--quick``: 3). Exits 1 when the median ratio is over the target.
"""

from __future__ import annotations

import argparse
import os
import platform
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the tests' server helpers, a plain module

from lab_servers import free_port, http_status  # noqa: E402

#: The deferred start's time, at most this many times the eager one's.
TARGET = 0.7
TIMEOUT = 120.0  # seconds for a server to answer; not a timed figure


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a running process, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_once(deferred: bool, folder: Path) -> tuple[float, float]:
    """Seconds from launch to ``/api/status`` answering, and the server's CPU seconds by then."""
    port, token = free_port(), secrets.token_hex(8)
    module = ["tools.startup", "jupyterlab"] if deferred else ["jupyterlab"]
    env = {**os.environ, "JUPYTER_TOKEN": token, "JUPYTER_CONFIG_DIR": str(folder / "config")}
    env["JUPYTER_RUNTIME_DIR"] = str(folder / "runtime")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    root = ["--allow-root"] if os.geteuid() == 0 else []
    command = [sys.executable, "-m", *module, "--no-browser", *root, "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--ServerApp.root_dir={folder}"]  # fmt: skip
    url = f"http://127.0.0.1:{port}/api/status?token={token}"
    started = time.perf_counter()
    server = subprocess.Popen(
        command, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while http_status(url) != 200:
            if server.poll() is not None or time.perf_counter() - started > TIMEOUT:
                raise SystemExit(f"the server ({' '.join(module)}) did not answer on {port}")
            time.sleep(0.02)
        return time.perf_counter() - started, _cpu_seconds(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench server_start")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    runs = 3 if args.quick else args.runs
    with tempfile.TemporaryDirectory(prefix="lantern-bench-start-") as tmp:
        folder = Path(tmp)
        start_once(True, folder)  # warm-up: the first start reads the files from disk
        pairs = [(start_once(True, folder), start_once(False, folder)) for _ in range(runs)]
    ratio = statistics.median(fast[0] / slow[0] for fast, slow in pairs)
    for label, index in (("deferred", 0), ("eager", 1)):
        seconds = statistics.median(pair[index][0] for pair in pairs)
        cpu = statistics.median(pair[index][1] for pair in pairs)
        print(f"{label}: answers in {seconds:.2f} s (median), {cpu:.2f} s of the server's CPU")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    verdict = "ok" if ratio <= TARGET else "OVER TARGET"
    print(
        f"deferred/eager: {ratio:.2f}x (target <= {TARGET}x, {runs} pairs): {verdict}; "
        f"{platform.machine()}, {os.cpu_count()} cores, load {load}"
    )
    return 0 if ratio <= TARGET else 1
