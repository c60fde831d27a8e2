"""Which page sits at a seat now: the last one opened takes the seat over.

Why: a player who opens their seat link on a phone while the laptop's page is still open expects
the phone to play, as a reload does, and the laptop to say so, not two pages acting for one
character (each would answer the same save, click the same Check). Each seat page takes a fresh
token when it opens and writes it in a small file beside the journeys, one per journey and seat
(:func:`take`); before each action, and at each look at the journey, a page asks whether the
token is still its own (:func:`holds`). A page that lost it plays nothing more and says why; a
reload takes the seat back. Nothing is written in the journey (a reload adds no row).

Standard library only: the seat's kernel uses it; the files hold random tokens, nothing secret.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

__all__ = ["FOLDER", "holds", "take"]

#: The folder beside the journeys where each seat's current page is written.
FOLDER = ".seat-pages"


def _file(journey: Path | str, seat: str) -> Path:
    path = Path(journey).resolve()
    name = hashlib.sha256("\0".join((path.name, seat)).encode("utf-8", "surrogatepass"))
    return path.parent / FOLDER / name.hexdigest()[:32]


def take(journey: Path | str, seat: str) -> str:
    """Make this page the one that sits at ``seat`` of ``journey``; its token. Written whole
    (a new file renamed over the old one) so a page never reads half a token."""
    token = secrets.token_hex(16)
    target = _file(journey, seat)
    target.parent.mkdir(mode=0o700, exist_ok=True)
    fresh = target.with_name(f"{target.name}.{token[:8]}.new")
    fresh.write_text(token, encoding="ascii")
    os.replace(fresh, target)
    return token


def holds(journey: Path | str, seat: str, token: str) -> bool:
    """Whether the page with ``token`` still sits at ``seat`` (no page written: it does; the
    file unreadable: it does, rather than lock a player out of their own seat)."""
    try:
        now = _file(journey, seat).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return True
    return not now or now == token
