"""The card set a journey records: the card file's text itself, with a short hash of it.

Why the text and not the path: a journey replays anywhere, and a card file edited or moved after
the journey began never changes it; the hash tells a recorded text that was altered in the
journey file. Apart from :mod:`rules.embers.cards`, which reads a card file, because keeping one
in a journey is a question of its own (how large, what is stored, what is trusted on reading).

>>> from rules.embers.cards import SHIPPED
>>> recorded = record(SHIPPED)
>>> sorted(recorded) == sorted(RECORD_FIELDS), from_record(recorded).name == recorded["name"]
(True, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from rules.embers.cards import MAX_CARD_FILE, CardSet, loads
from rules.errors import InvalidInput, described, read_text

__all__ = ["RECORD_FIELDS", "from_record", "record", "record_text"]

#: The fields of a recorded card set: its name and the file it was read from (for display), the
#: short hash of its text, and the text itself (what is played).
RECORD_FIELDS = ("name", "file", "sha256", "toml")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def record(path: str | Path) -> dict[str, str]:
    """The card file at ``path`` as a journey keeps it: the text itself, so the journey replays
    anywhere and an edited or moved file never changes it. A bad file is refused now."""
    text = read_text(path, "card file", limit=4 * MAX_CARD_FILE)
    return record_text(text, str(Path(path)))


def record_text(text: str, file: str) -> dict[str, str]:
    """A card file's ``text`` as a journey keeps it (see :func:`record`), ``file`` the name it came
    by (a path, or the name of an uploaded file); refused now if it is not a card set."""
    if len(text) > MAX_CARD_FILE:
        raise InvalidInput(
            f"{file} has {len(text):,} characters; a card file has at most {MAX_CARD_FILE:,}"
        )
    cards = loads(text, file)
    return {"name": cards.name, "file": file, "sha256": _digest(text), "toml": text}


def from_record(data: object) -> CardSet:
    """The card set a journey recorded (see :func:`record`); refused if it is not one, or if
    its text no longer matches its hash."""
    if (
        not isinstance(data, Mapping)
        or sorted(data) != sorted(RECORD_FIELDS)
        or not all(isinstance(data[key], str) for key in RECORD_FIELDS)
    ):
        raise InvalidInput(
            "a journey's card set is the path of a card file or the recorded set (the texts "
            f"{', '.join(RECORD_FIELDS)}), got {described(data)}"
        )
    text, name = data["toml"], data["name"]
    if _digest(text) != data["sha256"]:
        raise InvalidInput(
            f"the card set {name!r} recorded in this journey was altered: its text's hash is "
            f"{_digest(text)}, the record says {data['sha256']}"
        )
    return _recorded(text, data["file"])


@lru_cache(maxsize=16)
def _recorded(text: str, file: str) -> CardSet:
    """One card set per recorded text (a journey reads it again at every replay and undo)."""
    return loads(text, file)
