"""Reading a journey file's bytes without undoing SQLite's locks on it.

Why: SQLite's locks on a journey are POSIX advisory locks, and POSIX drops every lock a process
holds on a file when that process closes *any* descriptor of it ("How To Corrupt An SQLite
Database File", 2.2). A WAL connection holds a shared lock on the file for as long as it is
open: it tells another kernel closing its own connection that it is not the last one. Reading the
file's header or copying it with ``open()``/``close()`` in a kernel that has the journey open (the
panel's background full check, a second book on the file, a seat opening its own) silently
unlocked that kernel's connection; the next kernel to close then folded the WAL in and deleted
the ``-shm`` under the live connections, and every later reader found the file "damaged".

So while a :class:`~rules.book.store.Store` of this process has a journey open (:func:`hold`), its
bytes are read through one descriptor kept open until the last such store closes
(:func:`release`); a file no store holds is opened and closed as any file.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["NotAFile", "copy_out", "hold", "read_head", "release"]


class NotAFile(OSError):
    """A path that is no regular file: a named pipe (no position to read from: SQLite cannot
    use it), a device or a socket."""


@dataclass
class _Held:
    """A held file: how many stores of this process have it open, and the descriptor kept."""

    stores: int = 0
    fd: int | None = None


#: Each held file, by (device, inode).
_held: dict[tuple[int, int], _Held] = {}
_lock = threading.Lock()
#: How many bytes are read at a time when a held file is copied (a mebibyte).
CHUNK = 1 << 20


def _key(stat: os.stat_result) -> tuple[int, int]:
    return stat.st_dev, stat.st_ino


def hold(path: Path) -> tuple[int, int]:
    """A store of this process opened ``path``: keep its reads on one descriptor from now on."""
    key = _key(os.stat(path))
    with _lock:
        _held.setdefault(key, _Held()).stores += 1
    return key


def release(key: tuple[int, int]) -> None:
    """A store that :func:`hold` counted closed (after its connection did); the last one closes
    the kept descriptor, when no lock of this process is left on the file to lose."""
    with _lock:
        entry = _held.get(key)
        if entry is None:
            return
        entry.stores -= 1
        if entry.stores <= 0:
            del _held[key]
            if entry.fd is not None:
                os.close(entry.fd)


@contextmanager
def _descriptor(path: Path) -> Iterator[int]:
    """A read-only descriptor of ``path``: for a held file the kept one (and the lock, so the
    last store cannot close it mid-read), else one closed after."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)  # a FIFO in its place: no wait
    key = _key(os.stat(path))
    with _lock:
        entry = _held.get(key)
        if entry is not None:
            if entry.fd is None:
                entry.fd = os.open(path, flags)
            yield entry.fd
            return
    fd = os.open(path, flags)
    try:
        yield fd
    finally:
        os.close(fd)


def read_head(path: Path, size: int) -> tuple[bytes, int]:
    """The first ``size`` bytes of ``path`` and its length in bytes (:class:`NotAFile`: it is not
    a regular file; a folder raises :class:`IsADirectoryError`)."""
    with _descriptor(path) as fd:
        found = os.fstat(fd)
        if stat.S_ISDIR(found.st_mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(found.st_mode):
            raise NotAFile(path)
        return os.pread(fd, size, 0), found.st_size


def copy_out(path: Path, target: Path) -> None:
    """Copy ``path``'s bytes to ``target`` (created or replaced)."""
    with _descriptor(path) as fd, open(target, "wb") as out:
        offset = 0
        while chunk := os.pread(fd, CHUNK, offset):
            out.write(chunk)
            offset += len(chunk)
