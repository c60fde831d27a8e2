"""Where journeys live: the journeys folder, a journey's file from its name, what a folder holds.

Why a folder of files: a name is a file, ``journeys/<name>.lantern`` next to the notebook (a
kernel runs in its notebook's folder; ``$LANTERN_JOURNEYS`` or ``folder=`` choose another). One
journey per file, so finding, copying, backing up or deleting one is a file operation;
:func:`list_journeys` reads what a folder holds. A name (a ``str``) is always a name, in the
folder, never a path: a name with a ``/`` or ending in ``.lantern`` is refused, so
``start("../../x", folder=...)`` cannot reach outside the folder; a file elsewhere is given
explicitly, as a :class:`pathlib.Path`. :mod:`rules.book` re-exports all of this.

Which journey was played last: the folder remembers it for each game in :data:`LAST_PLAYED`, a
small hidden JSON file (``{"firelights": "wick.lantern"}``) that :func:`list_journeys` never
lists, so that Run All after a restart continues the journey the player was playing, whatever
started it (the panel's New journey, Open, or ``JourneyBook.start`` in code). It is written whole
to a temporary file and moved into place (``os.replace``), so a reader never finds half of it;
it is only a convenience, so a folder that cannot take it plays on without it.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import time
from contextlib import suppress
from pathlib import Path

from rules.book.store.database import SUFFIX, JourneyFileError, JourneyInfo, Store, inspect
from rules.errors import InvalidInput
from rules.record.journey import short_repr

__all__ = [
    "FOLDER_ENV",
    "LAST_PLAYED",
    "NAME",
    "SEED_ENV",
    "changed_elsewhere",
    "fresh_name",
    "journey_path",
    "journeys_folder",
    "last_played",
    "list_journeys",
    "remember_played",
    "seed_from_env",
]

#: Where journeys live unless a folder is given: ``$LANTERN_JOURNEYS``, else ``./journeys``
#: (next to the notebook: a kernel runs in its notebook's folder).
FOLDER_ENV = "LANTERN_JOURNEYS"
#: A whole number here fixes the seed of new journeys started without one (tests, demos).
SEED_ENV = "LANTERN_SEED"
#: What a journey's name may be: a letter or digit first, then up to 79 letters, digits, spaces and
#: plain punctuation, so that the name is also a safe file name in the journeys folder.
NAME = re.compile(r"\w[\w .,'()+-]{0,79}")
#: The file of a journeys folder that remembers the journey last played of each game.
LAST_PLAYED = ".last-played.json"

#: What a caller saw of the LAST_PLAYED file: (inode, size, modification time), or None.
Stamp = tuple[int, int, int] | None


def journeys_folder(folder: Path | str | None = None) -> Path:
    """The folder journeys are kept in: ``folder``, else ``$LANTERN_JOURNEYS``, else ``journeys``."""
    return Path(folder if folder is not None else os.environ.get(FOLDER_ENV) or "journeys")


def journey_path(where: Path | str, folder: Path | str | None = None) -> Path:
    """The file of a journey: a name (``"wick"`` is ``journeys/wick.lantern``), or a file given
    as a :class:`~pathlib.Path` (used as it is; ``folder`` does not apply)."""
    if isinstance(where, Path):
        return where
    if not isinstance(where, str):
        raise InvalidInput(f"a journey is a name (a str) or a Path, got {short_repr(where, 60)}")
    if "/" in where or os.sep in where or where.strip().endswith(SUFFIX):
        raise InvalidInput(
            f"a journey name is a name, not a path: got {short_repr(where)}; to open or start "
            "the file at a path, give it as a pathlib.Path"
        )
    name = where.strip()
    if not NAME.fullmatch(name):
        raise InvalidInput(
            f"a journey name is letters, digits, spaces and - _ . , ' ( ) + (at most 80, not "
            f"starting with a dot or a space), got {short_repr(where)}"
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


def changed_elsewhere(store: Store) -> bool:
    """Whether another notebook or kernel (Voilà) wrote to the journey since ``store`` opened it:
    its next write would then be refused, saying to open the journey again
    (:class:`~rules.book.store.JourneyChanged`). A closed store has nothing to say: False.

    One ``PRAGMA data_version``, which moves for other connections' commits only.
    """
    try:
        return store.changed()
    except sqlite3.Error:
        return False


def seed_from_env() -> int:
    """``$LANTERN_SEED`` when set, else a fresh random seed."""
    text = os.environ.get(SEED_ENV, "").strip()
    if not text:
        return secrets.randbelow(2**31)
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(
            f"${SEED_ENV} must be a whole number, got {short_repr(text, 60)}"
        ) from None


def fresh_name(game_name: str, folder: Path | str | None) -> str:
    """``<game>-<date>``, or ``-2``, ``-3``... after it when that journey exists already."""
    stem = f"{game_name}-{time.strftime('%Y-%m-%d')}"
    name, number = stem, 1
    while journey_path(name, folder).exists():
        number += 1
        name = f"{stem}-{number}"
    return name


# --- the journey last played -----------------------------------------------------------------------


def last_played(game: str, folder: Path | str | None = None) -> Path | None:
    """The journey of ``game`` played last in the folder, or None (none remembered, or its file
    is gone). Only a plain ``.lantern`` file name of the folder is taken from the file."""
    folder = journeys_folder(folder)
    name = _remembered(folder).get(game)
    if (
        not isinstance(name, str)
        or not name.endswith(SUFFIX)
        or name.startswith(".")
        or "/" in name
        or os.sep in name
    ):
        return None
    path = folder / name
    return path if path.is_file() else None


def remember_played(path: Path, game: str, seen: Stamp = None) -> Stamp:
    """Remember the journey at ``path`` as the last one of ``game`` played in its folder.

    ``seen`` is what this returned last time for the same journey: when the file is still as it
    left it, the journey is still the one remembered and nothing is written (so playing costs a
    ``stat``, not a write). Returns the file's stamp now; None when the folder cannot take it.
    """
    pointer = path.parent / LAST_PLAYED
    if seen is not None and _stamp(pointer) == seen:
        return seen
    remembered = _remembered(path.parent)
    if remembered.get(game) != path.name:
        remembered[game] = path.name
        temporary = pointer.with_name(f"{LAST_PLAYED}.{os.getpid()}.tmp")
        try:
            temporary.write_text(json.dumps(remembered, indent=1, sort_keys=True) + "\n")
            os.replace(temporary, pointer)
        except OSError:
            with suppress(OSError):
                temporary.unlink()
            return None
    return _stamp(pointer)


def _remembered(folder: Path) -> dict[str, object]:
    """What the folder's LAST_PLAYED file says (nothing when it is missing or not JSON)."""
    try:
        data = json.loads((folder / LAST_PLAYED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _stamp(pointer: Path) -> Stamp:
    try:
        stat = pointer.stat()
    except OSError:
        return None
    return stat.st_ino, stat.st_size, stat.st_mtime_ns
