"""The journal in a Journey Book: the player's entries, kept at their point in play.

Why its own module: journal entries are what a notebook writes into a journey (``%%journal``),
and a notebook can hold cells written in several journeys; what an entry is and where it belongs
is decided here, apart from playing the journey. :mod:`rules.book` re-exports :class:`Note`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Note"]


@dataclass(frozen=True)
class Note:
    """A journal entry in the book: its text, and how many actions had been played before it."""

    seq: int
    kind: str  # "note" (the player's words) or "mechanics" (a line the player wrote in)
    text: str
    after: int
    key: str | None = None
