"""The errors Lantern raises: a small hierarchy under :class:`ValueError`.

Every message names the bad value with ``!r`` and says what was allowed, so a panel can show it to
the player as it is.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["IllegalAction", "InvalidInput", "LanternError", "read_text", "short_repr"]


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


def read_text(path: str | Path, what: str, encoding: str = "utf-8") -> str:
    """The text of a file a player gives (a card file, a table file); one that is missing,
    unreadable, not UTF-8 or named with a NUL is an :class:`InvalidInput` naming ``what``."""
    try:
        return Path(path).read_text(encoding=encoding)
    except OSError as error:
        raise InvalidInput(
            f"cannot read the {what} {short_repr(str(path))}: {error.strerror}"
        ) from None
    except UnicodeDecodeError as error:
        raise InvalidInput(
            f"the {what} {short_repr(str(path))} is not UTF-8 text (byte {error.start}): save "
            "it as UTF-8"
        ) from None
    except ValueError:  # a NUL in the path
        raise InvalidInput(f"a {what}'s path holds no NUL, got {short_repr(str(path))}") from None
