"""Seat keys: the credential a player's seat link carries, made and checked by the GM's side only.

Why a key: a player on another device reaches the GM's table through a link, with no Jupyter
token (the token opens JupyterLab and runs any code on the GM's machine). The link names the
journey and the character, and carries a key that only the GM's machine can make: an
HMAC-SHA256 of the journey's name and the character's name under a secret kept beside the
journeys (:data:`SECRET`, a file readable by its owner only). Anyone may read the names in a link;
without the secret nobody can make the key of another character or another journey, and a key is
checked with ``hmac.compare_digest`` (no timing tells how much of a forged key was right).

A **seat id** (:func:`seat_id`) is derived from the key by a one-way hash: stable for one
character of one journey, and safe to record or show, since it gives the key away to no one.

The table server says where it listens in :data:`TABLE_FILE` beside the journeys, so the GM's
notebook can build the links (:func:`table_url`); a file left by a server that is gone is not
believed.

Standard library only: the GM's kernel, the table server and the seat page all use it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlencode

from rules.book.files import journeys_folder
from rules.errors import InvalidInput

__all__ = [
    "SECRET",
    "TABLE_FILE",
    "SeatKeyError",
    "SeatLink",
    "check_key",
    "forget_table",
    "link",
    "parse_link",
    "read_secret",
    "seat_id",
    "seat_key",
    "table_url",
    "write_table",
]

#: The secret's file in the journeys folder (hidden: the journey list never shows it).
SECRET = ".seat-secret"
#: Where a running table server writes its address, in the journeys folder.
TABLE_FILE = ".table.json"
#: How many random bytes the secret holds (256 bits, the HMAC's own size).
SECRET_BYTES = 32
#: The query-string fields of a seat link, in the order a link shows them.
FIELDS = ("journey", "character", "key")


class SeatKeyError(InvalidInput):
    """The seat secret cannot be used (others can read it, it is damaged) or a link is not one."""


@dataclass(frozen=True)
class SeatLink:
    """What a seat link names: a journey, a character of its crew, and the key for the pair."""

    #: The journey's name, shown in the link.
    journey: str
    #: The character of the crew this seat plays, shown in the link.
    character: str
    #: The HMAC key for this journey and character: the seat's credential, which only the GM's
    #: machine can make.
    key: str


def _secret_path(folder: Path | str | None) -> Path:
    return journeys_folder(folder) / SECRET


def read_secret(folder: Path | str | None = None, *, create: bool = True) -> bytes:
    """The secret of the journeys ``folder``, made on first use (``create``).

    Made atomically: written whole, with mode 600 from its first byte, to a private temporary
    file that is then linked into place, so two processes starting at once agree on one secret
    and none reads half of one. A secret that others may read is refused in a sentence: anyone
    who can read it can make every seat's key."""
    path = _secret_path(folder)
    if create and not path.exists():
        _create_secret(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise SeatKeyError(
            f"there is no seat secret at {str(path)!r}: the GM's table makes it when it first "
            "invites players (make table)"
        ) from None
    except OSError as error:
        raise SeatKeyError(f"cannot read the seat secret {str(path)!r}: {error}") from None
    with os.fdopen(fd, "rb") as handle:
        mode = stat.S_IMODE(os.fstat(handle.fileno()).st_mode)
        if mode & 0o077:
            raise SeatKeyError(
                f"the seat secret {str(path)!r} has mode {mode:03o}: others on this computer "
                f"could read it and make any seat's link; make it readable by you only "
                f"(chmod 600 {path})"
            )
        data = handle.read(SECRET_BYTES * 4)
    try:
        secret = bytes.fromhex(data.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        secret = b""
    if len(secret) != SECRET_BYTES:
        raise SeatKeyError(
            f"the seat secret {str(path)!r} is damaged (expected {SECRET_BYTES * 2} hex digits): "
            "delete it and the table makes a new one (the old links stop working)"
        )
    return secret


def _create_secret(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{SECRET}.{secrets.token_hex(8)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(SECRET_BYTES) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        with suppress(FileExistsError):  # another process made it first: theirs stands
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _message(journey: str, character: str) -> bytes:
    """The pair as one unambiguous message: ("a b", "c") and ("a", "b c") never collide."""
    for what, value in (("journey", journey), ("character", character)):
        if not isinstance(value, str) or not value:
            raise SeatKeyError(f"a seat key needs a {what}'s name (a non-empty str), got {value!r}")
    return json.dumps(["lantern seat", journey, character]).encode("utf-8")


def seat_key(journey: str, character: str, secret: bytes) -> str:
    """The key of ``character``'s seat at ``journey``: 64 hex digits."""
    return hmac.new(secret, _message(journey, character), hashlib.sha256).hexdigest()


def check_key(journey: str, character: str, key: str, secret: bytes) -> bool:
    """Whether ``key`` is the key of that seat, compared in constant time."""
    if not isinstance(key, str) or not journey or not character:
        return False
    expected = seat_key(journey, character, secret).encode("ascii")
    return hmac.compare_digest(expected, key.encode("utf-8", "replace"))


def seat_id(journey: str, character: str, secret: bytes) -> str:
    """A stable id of the seat, derived from its key one way (it does not give the key away)."""
    key = seat_key(journey, character, secret)
    return hashlib.sha256(f"lantern seat id:{key}".encode("ascii")).hexdigest()[:20]


def link(base_url: str, journey: str, character: str, secret: bytes) -> str:
    """The seat link: the table server's address with the journey, the character and the key."""
    query = urlencode(
        {"journey": journey, "character": character, "key": seat_key(journey, character, secret)}
    )
    return f"{base_url.rstrip('/')}/?{query}"


def parse_link(query: str) -> SeatLink:
    """The journey, character and key a link's query string names (each exactly once)."""
    if not isinstance(query, str) or len(query) > 2000:
        raise SeatKeyError("this is not a seat link: ask the GM for yours")
    fields = parse_qs(query.removeprefix("?"), keep_blank_values=True)
    missing = [name for name in FIELDS if len(fields.get(name, [])) != 1 or not fields[name][0]]
    if missing:
        raise SeatKeyError(
            f"this seat link has no {' and no '.join(missing)}: ask the GM for your link"
        )
    return SeatLink(*(fields[name][0] for name in FIELDS))


# --- where the table server listens -------------------------------------------------------------


def write_table(url: str, folder: Path | str | None = None, pid: int | None = None) -> Path:
    """Say that a table server listens at ``url`` (written whole, then moved into place)."""
    path = journeys_folder(folder) / TABLE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{TABLE_FILE}.{secrets.token_hex(8)}.tmp")
    temporary.write_text(
        json.dumps({"url": url, "pid": os.getpid() if pid is None else pid}), encoding="utf-8"
    )
    os.replace(temporary, path)
    return path


def forget_table(folder: Path | str | None = None, pid: int | None = None) -> None:
    """The table server at ``pid`` (this process by default) stops: its address goes."""
    path = journeys_folder(folder) / TABLE_FILE
    found = _read_table(path)
    if found is not None and found[1] == (os.getpid() if pid is None else pid):
        path.unlink(missing_ok=True)


def _read_table(path: Path) -> tuple[str, int] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    url, pid = data.get("url"), data.get("pid")
    if not isinstance(url, str) or not url.startswith("http") or type(pid) is not int or pid <= 0:
        return None
    return url, pid


def table_url(folder: Path | str | None = None) -> str | None:
    """The address of the table server running for this folder, or None (none runs: the file is
    absent, or the process that wrote it is gone)."""
    found = _read_table(journeys_folder(folder) / TABLE_FILE)
    if found is None:
        return None
    url, pid = found
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass  # it runs, as another user
    return url
