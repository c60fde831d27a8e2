"""Where journeys live: the journeys folder, a journey's file from its name, what a folder holds.

Why a folder of files: a name is a file, ``journeys/<name>.lantern`` next to the notebook (a
kernel runs in its notebook's folder; ``$LANTERN_JOURNEYS`` or ``folder=`` choose another). One
journey per file, so finding, copying, backing up or deleting one is a file operation;
:func:`list_journeys` reads what a folder holds. A path (with a ``/`` or ending in ``.lantern``)
is used as it is. :mod:`rules.book` re-exports all of this.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from pathlib import Path

from rules.errors import InvalidInput
from rules.store import SUFFIX, JourneyFileError, JourneyInfo, inspect

__all__ = [
    "FOLDER_ENV",
    "NAME",
    "SEED_ENV",
    "fresh_name",
    "journey_path",
    "journeys_folder",
    "list_journeys",
    "seed_from_env",
]

#: Where journeys live unless a folder is given: ``$LANTERN_JOURNEYS``, else ``./journeys``
#: (next to the notebook: a kernel runs in its notebook's folder).
FOLDER_ENV = "LANTERN_JOURNEYS"
#: A whole number here fixes the seed of new journeys started without one (tests, demos).
SEED_ENV = "LANTERN_SEED"
NAME = re.compile(r"\w[\w .,'()+-]{0,79}")


def journeys_folder(folder: Path | str | None = None) -> Path:
    """The folder journeys are kept in: ``folder``, else ``$LANTERN_JOURNEYS``, else ``journeys``."""
    return Path(folder if folder is not None else os.environ.get(FOLDER_ENV) or "journeys")


def journey_path(where: Path | str, folder: Path | str | None = None) -> Path:
    """The file of a journey: a name (``"wick"`` is ``journeys/wick.lantern``) or a path."""
    if isinstance(where, Path) or "/" in where or os.sep in where or where.endswith(SUFFIX):
        return Path(where)
    name = where.strip()
    if not NAME.fullmatch(name):
        raise InvalidInput(
            f"a journey name is letters, digits, spaces and - _ . , ' ( ) + (at most 80, not "
            f"starting with a dot or a space), got {where!r}"
        )
    return journeys_folder(folder) / f"{name}{SUFFIX}"


def list_journeys(folder: Path | str | None = None) -> list[JourneyInfo | JourneyFileError]:
    """Every journey file in the folder, by file name: its game, name, seed and start, or the
    error that says why it cannot be opened. The files are only read, never changed."""
    found: list[JourneyInfo | JourneyFileError] = []
    for path in sorted(journeys_folder(folder).glob(f"*{SUFFIX}")):
        try:
            found.append(inspect(path))
        except JourneyFileError as error:
            found.append(error)
    return found


def seed_from_env() -> int:
    """``$LANTERN_SEED`` when set, else a fresh random seed."""
    text = os.environ.get(SEED_ENV, "").strip()
    if not text:
        return secrets.randbelow(2**31)
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(f"${SEED_ENV} must be a whole number, got {text!r}") from None


def fresh_name(game_name: str, folder: Path | str | None) -> str:
    """``<game>-<date>``, or ``-2``, ``-3``... after it when that journey exists already."""
    stem = f"{game_name}-{time.strftime('%Y-%m-%d')}"
    name, number = stem, 1
    while journey_path(name, folder).exists():
        number += 1
        name = f"{stem}-{number}"
    return name
