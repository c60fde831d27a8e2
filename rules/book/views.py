"""What a panel reads of a Journey Book: the names of a Journey, and what the buttons may do now.

Why apart from :mod:`rules.book`: a book answers like a :class:`~rules.record.journey.Journey` (``state``,
``last``, ``entries``, ``chance``...), so a panel written for a journey takes a book unchanged;
these answers only read. What changes a book, and commits, is :class:`rules.book.JourneyBook`,
which is a :class:`BookView`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Generic, TypeVar

from rules.book import export, pages, verify
from rules.book.store.database import CorruptJourney, Store
from rules.record.journey import Entry, Game, Journey
from rules.table.chance import JSON, Chance

__all__ = ["BookView"]

S = TypeVar("S")
R = TypeVar("R")


class BookView(Generic[S, R]):
    """The reading side of a :class:`~rules.book.JourneyBook` (which sets these three)."""

    #: The book's open file.
    store: Store
    #: The journey it plays, replayed from the file.
    journey: Journey[S, R]
    _redo: list[list[tuple[int, Entry]]]  # the undone actions' rows and entries, next redo last

    @property
    def path(self) -> Path:
        """The journey's file."""
        return self.store.path

    @property
    def name(self) -> str:
        """The journey's name."""
        return self.store.info.name

    @property
    def game(self) -> Game[S, R]:
        """The rules the journey plays."""
        return self.journey.game

    @property
    def seed(self) -> int:
        """The seed of the journey's one random generator."""
        return self.journey.seed

    @property
    def options(self) -> Mapping[str, JSON]:
        """The options the journey was begun with."""
        return self.journey.options

    @property
    def state(self) -> S:
        """The state the journey stands in now."""
        return self.journey.state

    @property
    def last(self) -> R | None:
        """The report of the last action played (None before the first, or after undoing it)."""
        return self.journey.last

    @property
    def entries(self) -> list[Entry]:
        """The journey's record: every action played and its chance outcomes."""
        return self.journey.entries

    @property
    def chance(self) -> Chance:
        """Where the journey's cards and dice come from, at the point play has reached."""
        return self.journey.chance

    @property
    def actions(self) -> int:
        """How many actions stand (superseded tries and undone actions not counted)."""
        return pages.actions(self.journey.entries)  # reads no entry from the file

    @property
    def can_undo(self) -> bool:
        """Whether an action stands to be taken back (the Undo button's state)."""
        return self.actions > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone action can be played again (the Redo button's state)."""
        return bool(self._redo)

    def reroll_refusal(self) -> str | None:
        """Why :meth:`~rules.book.journey_book.JourneyBook.reroll` would refuse now (a button's
        tooltip says it), or None."""
        if not self.can_undo:
            return "there is no action to reroll: nothing has been played yet"
        return self.journey.reroll_refusal()

    @property
    def can_reroll(self) -> bool:
        """Whether the last action can be rerolled: it stands, and it drew or rolled something."""
        return self.reroll_refusal() is None

    def check(self) -> None:
        """Check the whole journey, as opening checks only what it reads: every row of the file,
        the chain of hashes and every snapshot's seal, then one replay of the record from the
        start (:func:`rules.book.verify.check_store`), which must give the state the book holds
        from its snapshots; a :class:`~rules.book.store.CorruptJourney` says what is wrong."""
        if verify.check_store(self.store).state != self.state:
            raise CorruptJourney(
                self.path, "holds snapshots that do not give the state its record gives: open it "
                "again after deleting its snapshots (the record is whole)")  # fmt: skip

    def to_json(self) -> dict[str, JSON]:
        """The journey as JSON (game, seed, options, entries): what replays it elsewhere."""
        return self.journey.to_json()

    def summary(self) -> str:
        """The state in Markdown: the game's ``summary(state)`` hook, else a generic outline."""
        hook = getattr(self.game, "summary", None)
        if callable(hook):
            return str(hook(self.state))
        return export.outline(self.state)

    def __repr__(self) -> str:
        return (
            f"<JourneyBook {self.name!r} of {self.game.name!r}: {self.actions} actions, "
            f"seed {self.seed}, {str(self.path)!r}>"
        )
