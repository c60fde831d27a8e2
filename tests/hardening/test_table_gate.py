"""The table server's gate, rule by rule, without starting a server: the ``Host`` a request may
name (the GM's address or loopback), the paths served (the seat page, its kernel, static files),
the ``Origin`` of the table's own pages, the one address it listens on, and ``make table``'s
need of an address. The server itself, on another computer's address, is tested in
test_table.py.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tools import table

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("192.168.1.20:8890", True),
        ("192.168.1.20", True),
        ("192.168.1.21:8890", False),
        ("gm-laptop.local:8890", False),
        ("localhost:8890", True),
        ("127.0.0.1:8890", True),
        ("127.0.0.2:8890", True),
        ("[::1]:8890", True),
        ("evil.example", False),
        ("192.168.1.20.evil.example", False),
        ("", False),
        ("192.168.1.20:8890:1", False),
    ],
)
def test_the_host_names_the_gms_address_or_loopback(host: str, allowed: bool) -> None:
    assert table.host_allowed(host, ["localhost", "192.168.1.20"]) is allowed


def test_the_routes_are_the_page_its_kernel_and_static_files() -> None:
    kernel = "0a1b2c3d-0000-4000-8000-0123456789ab"
    for path in ("/", f"/api/kernels/{kernel}", f"/api/kernels/{kernel}/channels",
                 "/voila/static/voila.js", f"/voila/api/shutdown/{kernel}"):  # fmt: skip
        assert table.served(path), path
    for path in ("/x", "/api/kernels", "/api/kernels/1", "/voila/static/a/../b.js",
                 "/voila/static/a/%2e%2e/b.js", "/voila/static/a/%252e%252e/b.js",
                 "/voila/files/x.png"):  # fmt: skip
        assert not table.served(path), path


@pytest.mark.parametrize(
    ("origin", "host", "own"),
    [
        ("http://192.168.1.20:8890", "192.168.1.20:8890", True),
        ("http://192.168.1.20:8890", "192.168.1.20:8891", False),
        ("http://evil.example", "192.168.1.20:8890", False),
        ("http://192.168.1.20:8890.evil.example", "192.168.1.20:8890", False),
        ("null", "192.168.1.20:8890", False),
        (None, "192.168.1.20:8890", False),
        ("http://192.168.1.20:8890", "", False),
    ],
)
def test_a_page_of_the_tables_own_names_the_table_as_its_origin(
    origin: str | None, host: str, own: bool
) -> None:
    assert table.same_origin(origin, host) is own


@pytest.mark.parametrize("host", ["0.0.0.0", "::", " ", "192.168.1.20/24"])
def test_the_table_is_served_on_one_address(host: str) -> None:
    with pytest.raises(table.TableError, match="give the one address the players reach"):
        table.arguments([f"--host={host}"])


def test_make_table_starts_the_table_and_needs_an_address() -> None:
    dry = subprocess.run(["make", "-n", "table", "HOST=127.0.0.2", "JOURNEY=the wreck"], cwd=REPO,
                         capture_output=True, text=True, check=True)  # fmt: skip
    assert '-m tools.serve table --host="127.0.0.2"' in dry.stdout
    assert '--journey="the wreck"' in dry.stdout and "--port" not in dry.stdout
    missing = subprocess.run(["make", "-n", "table"], cwd=REPO, capture_output=True, text=True)
    assert missing.returncode != 0 and "make table needs HOST=" in missing.stderr
