"""The errors Lantern raises: a small hierarchy under :class:`ValueError`.

Every message names the bad value with ``!r`` and says what was allowed, so a panel can show it to
the player as it is.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = [
    "MAX_FILE_BYTES",
    "NAME_LIMIT",
    "NOTE_LIMIT",
    "PRONOUNS_LIMIT",
    "TEXT_LIMIT",
    "IllegalAction",
    "InvalidInput",
    "LanternError",
    "described",
    "read_text",
    "short_repr",
]


class LanternError(ValueError):
    """Base class of every error the rules raise on purpose."""


class InvalidInput(LanternError):
    """Malformed input: a value that is never valid (a d66 of 17, a card named 'XZ')."""


class IllegalAction(LanternError):
    """Well-formed input that the rules do not allow now (drawing from an empty deck)."""


def short_repr(value: object, limit: int = 120) -> str:
    """``repr(value)``, cut to ``limit`` characters: an error names the bad value, not a page."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- the limits of a player's text: one set for every game and every file a player gives --------
# (here, below every layer, so a table file keeps them too; rules.record.action names them)

#: The longest text a free-text field of an action may hold (a question, a slip, a Rest entry),
#: and the longest entry of a table file.
TEXT_LIMIT = 2000
#: The longest name a game takes (a character's, a condition's, a hero's on a card).
NAME_LIMIT = 100
#: The longest pronouns a character takes ("she/her", "they/them" and longer, never a paragraph).
PRONOUNS_LIMIT = 40
#: The longest journal entry a book keeps (about ten pages of prose).
NOTE_LIMIT = 50_000


def described(value: object) -> str:
    """What a value read from a file is, never its text: an error about a file names the file and
    what was expected, and says only the kind and size of what it found (a path may point at a
    file that is not the player's: a key in it must not be echoed into a notebook). Numbers and
    true or false are said as they are: they hold no text.

    >>> described("TOPSECRET-abc"), described([1, 2]), described(2.5), described(None)
    ('text of 13 characters', 'a list of 2 items', '2.5', 'nothing')
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return f"text of {len(value)} character{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return f"a table of {len(value)} field{'' if len(value) == 1 else 's'}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    return f"a {type(value).__name__}"


#: The most bytes a file a player gives is read to (a card file, a table file): anything
#: larger is refused before it is read whole.
MAX_FILE_BYTES = 1_000_000


def read_text(
    path: str | Path, what: str, encoding: str = "utf-8", limit: int = MAX_FILE_BYTES
) -> str:
    """The text of a file a player gives (a card file, a table file). Only a regular file is
    opened for reading (a pipe would block the kernel for ever, ``/dev/zero`` never ends), and
    only ``limit`` bytes of it are read. A path that is not text, a file that is missing,
    unreadable, not a file, too large, not in ``encoding`` or named with a NUL is an
    :class:`InvalidInput` naming ``what``."""
    if not isinstance(path, str | os.PathLike):
        raise InvalidInput(f"a {what} is given by its path (text), got {short_repr(path)}")
    shown = short_repr(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO: no wait
    except OSError as error:
        raise InvalidInput(f"cannot read the {what} {shown}: {error.strerror}") from None
    except (ValueError, TypeError):  # a NUL in the path, bytes paths of another kind
        raise InvalidInput(f"a {what}'s path holds no NUL, got {shown}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InvalidInput(
                f"the {what} {shown} is not a file (a folder, a device or a pipe): give the "
                "path of a saved file"
            )
        chunks, size = [], 0
        while size <= limit and (chunk := os.read(fd, min(1 << 20, limit + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise InvalidInput(f"cannot read the {what} {shown}: {error.strerror}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise InvalidInput(f"the {what} {shown} is over {limit:,} bytes: too large to be one")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise InvalidInput(
            f"the {what} {shown} is not UTF-8 text (byte {error.start}): save it as UTF-8"
        ) from None
