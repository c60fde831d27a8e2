"""What the tests of the servers Lantern starts (``python -m tools.serve``) share: a free port,
and the settings every server must report it runs with."""

from __future__ import annotations

import socket

__all__ = ["EXPECTED_SETTINGS", "free_port"]

#: The effective settings each server prints when it starts: a token from the environment, no
#: remote access, the host and origin checks on, the XSRF check on.
EXPECTED_SETTINGS = {
    "token_authentication": True,
    "token_from": "$JUPYTER_TOKEN",
    "allow_remote_access": False,
    "local_hostnames": ["localhost"],
    "allow_origin": "",
    "allow_origin_pat": "",
    "disable_check_xsrf": False,
}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now (as tests/browser/lab_servers.py)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
