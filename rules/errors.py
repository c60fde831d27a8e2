"""The errors Lantern raises: a small hierarchy under :class:`ValueError`.

Every message names the bad value with ``!r`` and says what was allowed, so a panel can show it to
the player as it is.
"""

from __future__ import annotations

__all__ = ["IllegalAction", "InvalidInput", "LanternError", "short_repr"]


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
