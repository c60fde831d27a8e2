"""What the GM's table lets through (:mod:`tools.table`): the paths it answers, the ``Host`` names
it answers to, and whether a request comes from a page of its own.

Why apart from the server: these are the table's security rules, plain functions of a request's
parts, tested one by one without starting a server (``tests/hardening/test_table_gate.py``).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from urllib.parse import unquote, urlsplit

__all__ = ["ROUTES", "VOILA_ROUTES", "host_allowed", "same_origin", "served"]

_KERNEL = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
#: Every path the table answers; anything else is "not served".
ROUTES = tuple(
    re.compile(pattern)
    for pattern in (
        r"/",
        rf"/api/kernels/{_KERNEL}",
        rf"/api/kernels/{_KERNEL}/channels",
        rf"/voila/api/shutdown/{_KERNEL}",
        r"/voila/static/[\w./-]+",
        r"/voila/templates/[\w./-]+",
        r"/voila/labextensions/[\w./@-]+",
        r"/voila/api/themes/[\w./@-]+",
    )
)

#: The prefixes of Voilà's own routes the seat page needs (its kernel, its static files).
VOILA_ROUTES = (
    "/api/kernels/",
    "/voila/static/",
    "/voila/templates/",
    "/voila/labextensions/",
    "/voila/api/themes/",
    "/voila/api/shutdown/",
)


def host_allowed(host: str, names: Sequence[str]) -> bool:
    """Whether a request's ``Host`` header (with or without a port) names the table: one of
    ``names`` (the GM's chosen address, ``localhost``) or a loopback address."""
    match = re.fullmatch(r"(\[[^\]]*\]|[^:]*)(:\d{1,5})?", host.strip().lower())
    if match is None:
        return False
    name = match[1].removeprefix("[").removesuffix("]")
    if not name:
        return False
    if name in {each.lower().strip("[]") for each in names}:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def same_origin(origin: str | None, host: str) -> bool:
    """Whether a request's ``Origin`` header names the table itself (the address and port the
    request was sent to): a page of the table's own, not another site in the player's browser."""
    if not origin or not host:
        return False
    parts = urlsplit(origin.strip())
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()


def served(path: str) -> bool:
    """Whether ``path`` (a request's path, still percent-encoded) is one of :data:`ROUTES`, with
    no ``..`` segment however it is written."""
    plain = unquote(unquote(path))
    if "\\" in plain or "\x00" in plain or any(part == ".." for part in plain.split("/")):
        return False
    return any(route.fullmatch(path) for route in ROUTES)
