"""The Journey Book: a journey that saves itself, so re-running a notebook never re-rolls.

A :class:`JourneyBook` is a :class:`~rules.record.journey.Journey` bound to its file
(:mod:`rules.book.store.database`). Every change (an action, an undo, a redo, a reroll, a journal
entry) is committed to the file before the call returns, so a panel shows a result only once it is
safe. Opening the same name again (Run All, or tomorrow) continues where the journey stands; a new
journey is an explicit :meth:`JourneyBook.start` under a new name, and the old file stays.

A book answers like a journey (``state``, ``last``, ``entries``, ``chance``, ``play``), so a
panel written for a :class:`Journey` takes a book unchanged (:mod:`rules.book.views`). Its
:meth:`~JourneyBook.log` lists every action ever played in it, rerolled and undone ones too
(:mod:`rules.book.log`), and :meth:`~JourneyBook.state_after` gives the state after any of them.

The parts, each in its module: where journeys live (:mod:`rules.book.files`), opening and snapshots
(:mod:`rules.book.opening`), the journal entries (:mod:`rules.book.journal`), the log, the books
open here (:mod:`rules.book.registry`) and the full check of a file (:mod:`rules.book.verify`:
``python -m rules.book verify PATH``).

>>> import tempfile
>>> from rules.firelights import Ask, Begin
>>> folder = tempfile.mkdtemp()
>>> book = JourneyBook.open_or_start("wick", game="firelights", seed=7, folder=folder)
>>> _ = book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
>>> _ = book.play(Ask("likely", "Is the bridge still standing?"))
>>> _ = book.note("The bridge sways, but it holds.")
>>> state = book.state
>>> book.close()
>>> again = JourneyBook.open_or_start("wick", game="firelights", seed=7, folder=folder)
>>> again.state == state, len(again.entries)
(True, 2)
>>> again.close()
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from rules.book import follow, opening, registry
from rules.book import options as book_options
from rules.book.files import (
    FOLDER_ENV,
    SEED_ENV,
    Stamp,
    fresh_name,
    journey_path,
    journeys_folder,
    last_played,
    list_journeys,
    remember_played,
    seed_from_env,
)
from rules.book.journal import JournalEntries, Note
from rules.book.lock import locked
from rules.book.log import Log, LogLine, build, describer, line_of
from rules.book.opening import SNAPSHOT_EVERY
from rules.book.pages import read_items
from rules.book.store.database import SUFFIX, Store, sidecar
from rules.book.views import BookView
from rules.errors import IllegalAction, InvalidInput
from rules.record.journey import Entry, Journey, group_start, recorded_options
from rules.record.journey import game as _game
from rules.table.chance import JSON, Chance

__all__ = [
    "FOLDER_ENV",
    "SEED_ENV",
    "SNAPSHOT_EVERY",
    "JourneyBook",
    "LogLine",
    "Note",
    "journey_path",
    "journeys_folder",
    "last_played",
    "list_journeys",
]


S = TypeVar("S")
R = TypeVar("R")


class JourneyBook(JournalEntries, BookView[S, R]):
    """A journey kept in a file; every method that changes it has committed when it returns."""

    def __init__(self, store: Store, opened: opening.Opened) -> None:
        """Use :meth:`open`, :meth:`start` or :meth:`open_or_start`."""
        self._lock = threading.RLock()
        self.store = store
        self._pointer: Stamp = None  # the last-played file as this book last saw it
        #: Whether this book follows its file (:meth:`refresh` was called): a write that loses
        #: a race then refreshes it and says what came first (PlayedFirst).
        self.following = False
        self._adopt(opened)
        registry.add(self)
        self.make_latest()

    def _adopt(self, opened: opening.Opened) -> None:
        """Take the journey opening gave (also when following found it changed elsewhere)."""
        self.journey: Journey[S, R] = opened.journey
        journey = self.journey
        self._seqs = opened.seqs
        self._redo = opened.redo
        self._state_type = type(journey.game.initial(journey.options))
        self._snapshots = opened.taking  # False once the codec cannot hold the state exactly
        self._describe: Callable[[R], str] = describer(journey.game)
        self._log: Log | None = None  # built by the first log(), then kept up to date
        #: Counts of the snapshots found changed on opening (not used: rebuilt from the record).
        self.distrusted: frozenset[int] = opened.distrusted
        book = weakref.ref(self)  # no cycle: a dropped book closes now

        def its_store() -> Store | None:
            found = book()
            return None if found is None else found.store

        journey.find_point = opening.finder(its_store, self._state_type, journey.game)
        opened.pages.store = its_store  # the entries not read yet are read from this book's file

    # --- opening -------------------------------------------------------------------------------

    @classmethod
    def open(
        cls, where: Path | str, *, game: str | None = None, folder: Path | str | None = None
    ) -> JourneyBook[Any, Any]:
        """Open a journey (a name or a path), checked first; ``game`` refuses another game's.

        A journey with a ``-wal`` file (a kernel died, or it is open elsewhere) is replayed from
        a private read-only copy before it is opened for writing: that folds its WAL in, so a
        journey refused for not replaying would no longer be the file it was. (Snapshots that
        are missing then wait for the next opening.) The folder remembers it as the journey of
        its game played last (:meth:`last_played`).
        """
        return cls._open(journey_path(where, folder), game)._played()

    @classmethod
    def _open(cls, path: Path, game: str | None) -> JourneyBook[Any, Any]:
        if not sidecar(path, "-wal").exists():
            return cls._load(Store.open(path, game=game))
        with Store.read_only(path, game=game) as copy:
            book = cls._replay(copy, check_only=True)
            stamp = copy.stamp()
        store = Store.open(path, game=game)
        try:
            unchanged = store.stamp() == stamp
        except BaseException:
            store.close()
            raise
        if not unchanged:  # another notebook played meanwhile: replay what the file holds now
            return cls._load(store)
        book.store = store
        book.make_latest()
        return book

    @classmethod
    def start(
        cls,
        where: Path | str | None = None,
        *,
        game: str = "firelights",
        seed: int | None = None,
        options: Mapping[str, JSON] | None = None,
        folder: Path | str | None = None,
    ) -> JourneyBook[Any, Any]:
        """A new journey; refuses a name already taken (the old journey stays as it is).

        Without a name it is called ``<game>-<date>`` (``-2``, ``-3``... when taken); without a
        seed it is ``$LANTERN_SEED`` when set (tests, demos), else drawn at random, and kept
        with the journey.
        """
        if where is None:
            where = fresh_name(game, folder)
        if seed is None:
            seed = seed_from_env()
        Chance(seed)  # refuses a seed that is not an int, naming it
        options = recorded_options(_game(game), options)  # a card file: the cards themselves
        _game(game).initial(options)  # refuses bad options before a file exists
        path = journey_path(where, folder)
        name = path.name.removesuffix(SUFFIX)
        store = Store.create(path, game=game, name=name, seed=seed, options=options)
        return cls._load(store)._played()

    @classmethod
    def open_or_start(
        cls,
        where: Path | str | None = None,
        *,
        game: str = "firelights",
        seed: int | None = None,
        options: Mapping[str, JSON] | None = None,
        folder: Path | str | None = None,
    ) -> JourneyBook[Any, Any]:
        """The notebook's one line: continue the journey ``where``, or start it if there is none.
        Re-running it continues at the same state, never re-rolls.

        Without ``where`` it is the journey of ``game`` played last in the folder
        (:meth:`last_played`: started by the panel's New journey, opened with Open, or started
        in code), else (none, or its file is gone) the game's own journey, named after it. A
        ``seed`` or ``options`` that differ from the ones the journey was started with are
        refused: change the name to start a new journey. Options are compared as the journey
        records them (:mod:`rules.book.options`): a card file by its cards.
        """
        remembered = None if where else last_played(game, folder)
        path = remembered or journey_path(where or game, folder)
        if not path.exists():
            return cls.start(path, game=game, seed=seed, options=options)
        book = cls._open(path, game)
        given = (seed, book.seed)
        why = book_options.refusal(
            book.game, str(path), seed=given, given=options, recorded=book.options
        )
        if why is not None:
            book.close()
            raise InvalidInput(why)
        return book._played()

    @staticmethod
    def last_played(game: str, folder: Path | str | None = None) -> Path | None:
        """The file of the journey of ``game`` played last in the journeys folder (``folder``,
        else ``$LANTERN_JOURNEYS``, else ``journeys``), or None when none is remembered or its
        file is gone. Starting, opening and playing a journey make it the one remembered."""
        return last_played(game, folder)

    @classmethod
    def _load(cls, store: Store) -> JourneyBook[Any, Any]:
        """The book of an open store, replayed; the store is closed if that fails."""
        try:
            return cls._replay(store)
        except BaseException:
            store.close()
            raise

    @classmethod
    def _replay(cls, store: Store, *, check_only: bool = False) -> JourneyBook[Any, Any]:
        """The book of ``store``, replayed; ``check_only``: no snapshots are written, and the
        book is not the one ``%%journal`` writes to (it is only a check)."""
        opened = opening.replay(store, store_missing=not check_only)
        book: JourneyBook[Any, Any] = cls(store, opened)
        if check_only:
            registry.unset_latest(book)
        return book

    @staticmethod
    def latest() -> JourneyBook[Any, Any] | None:
        """The book opened most recently in this process (what ``%%journal`` writes to)."""
        return registry.latest()

    def make_latest(self) -> None:
        """Make this the book :meth:`latest` returns (opening a book does it; a panel that
        switches back to a book after a failed switch does it too)."""
        registry.set_latest(self)

    @property
    def describe(self) -> Callable[[R], str]:
        """How a report reads as one mechanics line (the game's ``describe`` hook, the report's
        ``mechanics()``, else ``str``): the journal, the log and the exports use it. A panel may
        replace it; the log is then written again with it."""
        return self._describe

    @describe.setter
    def describe(self, describe: Callable[[R], str]) -> None:
        with self._lock:
            self._describe, self._log = describe, None

    # --- changing it: each commits before returning --------------------------------------------

    @locked
    def play(
        self,
        action: Any,
        supplied: Sequence[object] | None = None,
        *,
        draw_rest: bool = False,
        by: str = "",
    ) -> R:
        """Play ``action``, save it, return its report.

        ``supplied``: the outcomes the player drew and rolled at the table; too few are refused
        unless ``draw_rest`` (see :meth:`Journey.play`); ``by``: who played it (blank: the GM).
        """
        report = self.journey.play(action, supplied, draw_rest=draw_rest, by=by)
        try:
            with self.store.transaction():
                if self._redo:
                    self.store.forget_undone(after=self._seqs[-1] if self._seqs else None)
                seq = self.store.add_action(self.journey.entries[-1], _now())
                self._maybe_snapshot()
        except BaseException:
            self.journey.undo()
            raise
        self._seqs.append(seq)
        self._redo.clear()
        self._logged(seq, report)
        self._played()
        return report

    @locked
    def undo(self) -> tuple[Entry, ...]:
        """Take back the last action (and the tries a reroll superseded); it can be redone."""
        if not self.can_undo:
            raise IllegalAction("there is no action to undo: nothing has been played yet")
        removed = self.journey.undo()
        seqs = self._seqs[len(self.journey.entries) :]
        try:
            with self.store.transaction():
                self.store.set_undone(seqs, True)
                self.store.drop_snapshots(after=len(self.journey.entries))
        except BaseException:
            self.journey.extend(removed)
            raise
        del self._seqs[len(self.journey.entries) :]
        self._redo.append(list(zip(seqs, removed, strict=True)))
        if self._log is not None:
            self._log.undone(seqs, self._seqs)
        self._played()
        return removed

    @locked
    def redo(self) -> R | None:
        """Play the last undone action again, exactly as it went; returns its report."""
        if not self._redo:
            raise IllegalAction("there is nothing to redo: no action was undone since the last one")
        seqs, entries = zip(*self._redo[-1], strict=True)
        report = self.journey.extend(entries)
        try:
            with self.store.transaction():
                self.store.set_undone(seqs, False)
                self._maybe_snapshot()
        except BaseException:
            self.journey.undo()
            raise
        group = self._redo.pop()
        self._seqs.extend(seqs)
        if self._log is not None:
            self._log.redone(group, self.actions, self._seqs)
        self._played()
        return report

    @locked
    def reroll(self, supplied: Sequence[object] | None = None, *, draw_rest: bool = False) -> R:
        """The last action again with fresh chance; the first result stays, marked superseded.

        Refused when the last action drew and rolled nothing (see
        :meth:`~rules.book.views.BookView.reroll_refusal`); ``supplied`` and ``draw_rest`` as in
        :meth:`play`.
        """
        refusal = self.reroll_refusal()
        if refusal is not None:
            raise IllegalAction(refusal)
        count = len(self.journey.entries)
        group = self.journey.entries[group_start(self.journey.entries) :]
        report = self.journey.reroll(supplied, draw_rest=draw_rest)
        try:
            with self.store.transaction():
                if self._redo:
                    self.store.forget_undone(after=self._seqs[-1])
                self.store.set_superseded(self._seqs[-1])
                self.store.drop_snapshots(after=count - 1)
                seq = self.store.add_action(self.journey.entries[-1], _now())
                self._maybe_snapshot()
        except BaseException:
            self.journey.undo()
            self.journey.extend(group)
            raise
        if self._log is not None:
            self._log.superseded(self._seqs[-1])
        self._seqs.append(seq)
        self._redo.clear()
        self._logged(seq, report)
        self._played()
        return report

    @locked
    def refresh(self) -> int:
        """Read what another process (the GM's notebook, a seat) wrote to the file since this
        book last looked, and play it onto the open journey (:mod:`rules.book.follow`); returns
        how many entries it read, 0 when nothing changed (then it costs one pragma)."""
        self.following = True
        return follow.refresh(self)[0]

    @locked
    def log(self) -> list[LogLine]:
        """Every action recorded, in order: played, superseded by a reroll, or undone.

        Built by one replay of the record on the first call, then kept up to date as the book
        plays (see :mod:`rules.book.log`); each line's ``text`` is :attr:`describe` of its report.
        """
        if self._log is None:
            read = dict(read_items(self.journey.entries))  # the log reads the rest from rows
            known = {seq: read[place] for place, seq in read_items(self._seqs) if place in read}
            rows = self.store.rows()
            self._log = build(rows, self.game, self.options, self.describe, known)
        return list(self._log.lines)

    @locked
    def state_after(self, count: int) -> S:
        """The state after the first ``count`` entries (a :class:`LogLine`'s ``count``), read only:
        from the nearest remembered point or stored snapshot, then replayed. The book does not
        move."""
        return self.journey.state_after(count)

    # --- the file ------------------------------------------------------------------------------

    @locked
    def backup(self, path: Path | str) -> Path:
        """A consistent copy of the journey file at ``path``, safe while in play."""
        return self.store.backup(path)

    @locked
    def close(self) -> None:
        """Close the file; the book is no longer one this process has open."""
        registry.discard(self)
        self.store.close()

    def __enter__(self) -> JourneyBook[S, R]:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- helpers -------------------------------------------------------------------------------

    def _played(self) -> JourneyBook[S, R]:
        """Remember this as the journey of its game played last in its folder (a ``stat`` only,
        once it is the one remembered: see :func:`rules.book.files.remember_played`)."""
        self._pointer = remember_played(self.path, self.game.name, self._pointer)
        return self

    def _logged(self, seq: int, report: R) -> None:
        """The log's line of the action just played as row ``seq`` (when the log is built)."""
        if self._log is not None:
            text = self.describe(report)
            by = self.journey.entries[-1].by
            line = line_of(seq, self.actions, report, text, "played", len(self._seqs), by)
            self._log.add(line, self._seqs[-2] if len(self._seqs) > 1 else None)

    def _maybe_snapshot(self) -> None:
        if self._snapshots and len(self.journey.entries) % opening.SNAPSHOT_EVERY == 0:
            point = self.journey.point()
            self._snapshots = opening.put_snapshot(self.store, point, self._state_type)


def _now() -> int:
    return int(time.time())
