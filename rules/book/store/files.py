"""What a journey file's creation leaves on disk, and how a new file is put in place.

Why apart from :mod:`rules.book.store.database`: these are file-system steps (a hard link, a directory
``fsync``, the leftovers of a killed start), not the journey's content.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from rules.book.store.check import JourneyExists
from rules.table import platform

__all__ = ["AFTER_WRITE", "LEFTOVER", "SUFFIX", "clean_leftovers", "link_new", "written"]

#: The name ending of a journey file.
SUFFIX = ".lantern"

#: What a killed :meth:`Store.create <rules.book.store.database.Store.create>` leaves:
#: ``.<name>.lantern.<pid>.tmp`` (and its SQLite ``-journal``, ``-wal`` or ``-shm``), removed when
#: the process is gone or after 60 seconds.
LEFTOVER = re.compile(rf"\..+{re.escape(SUFFIX)}\.(\d+)\.tmp(-journal|-wal|-shm)?")


#: Called with a journey file's path after each write to it is committed. Empty on a computer; in a
#: browser the journeys folder lives in memory and is copied to the browser's lasting storage
#: after each write (widgets/frame/keep.py adds that copy here).
AFTER_WRITE: list[Callable[[Path], object]] = []


def written(path: Path) -> None:
    """Tell :data:`AFTER_WRITE` that ``path`` was written (a failing callback loses nothing)."""
    for callback in list(AFTER_WRITE):
        with suppress(Exception):
            callback(path)


def clean_leftovers(folder: Path, age: float = 60) -> None:
    """Remove the half-made journeys killed starts left in ``folder`` (see :data:`LEFTOVER`)."""
    with suppress(OSError):
        for each in folder.iterdir():
            if found := LEFTOVER.fullmatch(each.name):
                with suppress(OSError):
                    if time.time() - each.stat().st_mtime > age or _gone(int(found[1])):
                        each.unlink()


def _gone(pid: int) -> bool:
    """Whether no process has this id (never asked on Windows: os.kill would end it)."""
    if pid == os.getpid() or os.name == "nt":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):  # another user's process, or an impossible id
        return False
    return False


def link_new(source: Path, target: Path) -> None:
    """Put ``source`` at ``target`` atomically, never replacing a file already there.

    Where there are no hard links (a browser's file system, where ``os.link`` does not exist, or
    some network or FAT folders), the name is claimed first by an exclusive create, which fails
    when a file is there, and ``source`` is then renamed onto the empty file it made."""
    try:
        if not platform.HAS.hard_links:
            raise OSError("no hard links here")
        os.link(source, target)
    except FileExistsError:
        raise _exists(target) from None
    except OSError:
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            raise _exists(target) from None
        os.replace(source, target)
    with suppress(OSError):  # make the new name itself durable
        directory = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _exists(target: Path) -> JourneyExists:
    return JourneyExists(
        f"a journey already exists at {str(target)!r}: open it, or choose another name"
    )
