"""The Journey Book: a journey that saves itself, so re-running a notebook never re-rolls.

A :class:`JourneyBook` is a :class:`~rules.journey.Journey` bound to its file
(:mod:`rules.store`). Every change (an action, an undo, a redo, a reroll, a journal entry) is
committed to the file before the call returns, so a panel shows a result only once it is safe.
Opening the same name again (Run All, or tomorrow) continues where the journey stands; a new
journey is an explicit :meth:`JourneyBook.start` under a new name, and the old file stays.

A book answers like a journey (``state``, ``last``, ``entries``, ``chance``, ``play``), so a
panel written for a :class:`Journey` takes a book unchanged.

Where journeys live: a name is a file in the journeys folder, ``journeys/<name>.lantern`` next to
the notebook (:mod:`rules.book_files`; a path is used as it is). The journal entries are
:mod:`rules.book_journal`.

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

import json
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import suppress
from functools import wraps
from pathlib import Path
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from rules import codec, export
from rules.book_files import (
    FOLDER_ENV,
    SEED_ENV,
    fresh_name,
    journey_path,
    journeys_folder,
    list_journeys,
    seed_from_env,
)
from rules.book_journal import Note
from rules.chance import JSON, Chance
from rules.errors import IllegalAction, InvalidInput
from rules.journey import Entry, Game, Journey, Point, game, walk
from rules.store import (
    SUFFIX,
    CorruptJourney,
    JourneyChanged,
    Row,
    Store,
    rules_fingerprint,
    sidecar,
)

__all__ = [
    "FOLDER_ENV",
    "SEED_ENV",
    "SNAPSHOT_EVERY",
    "JourneyBook",
    "Note",
    "journey_path",
    "journeys_folder",
    "list_journeys",
]

#: A snapshot of the state is stored after every this many entries (see :mod:`rules.codec`).
SNAPSHOT_EVERY = 256

S = TypeVar("S")
R = TypeVar("R")

_latest: weakref.ref[JourneyBook[Any, Any]] | None = None


P = ParamSpec("P")
T = TypeVar("T")


def _locked(
    method: Callable[Concatenate[JourneyBook[Any, Any], P], T],
) -> Callable[Concatenate[JourneyBook[Any, Any], P], T]:
    """Run a method under the book's lock: a cell (main thread) and a button click (Jupyter's
    subshell thread) may change the same journey at once."""

    @wraps(method)
    def locked(self: JourneyBook[Any, Any], /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked


class JourneyBook(Generic[S, R]):
    """A journey kept in a file; every method that changes it has committed when it returns."""

    def __init__(self, store: Store, journey: Journey[S, R], rows: Sequence[Row]) -> None:
        """Use :meth:`open`, :meth:`start` or :meth:`open_or_start`."""
        self._lock = threading.RLock()
        self.store = store
        self.journey = journey
        played = [row for row in rows if row.kind == "action" and not row.undone]
        self._seqs = [row.seq for row in played]
        self._redo = _redo_stack([row for row in rows if row.kind == "action" and row.undone])
        self._state_type = type(journey.game.initial(journey.options))
        self._code = rules_fingerprint()
        self._snapshots = True
        #: How a report reads as one mechanics line (the game's ``describe`` hook, the report's
        #: ``mechanics()``, else ``str``); a panel may replace it.
        self.describe: Callable[[R], str] = _describer(journey.game)
        journey.find_point = _finder(weakref.ref(self))  # no cycle: a dropped book closes now
        self.make_latest()

    # --- opening -------------------------------------------------------------------------------

    @classmethod
    def open(
        cls, where: Path | str, *, game: str | None = None, folder: Path | str | None = None
    ) -> JourneyBook[Any, Any]:
        """Open a journey (a name or a path), checked first; ``game`` refuses another game's.

        A journey with a ``-wal`` file (a kernel died, or it is open elsewhere) is replayed from
        a private read-only copy before it is opened for writing: that folds its WAL in, so a
        journey refused for not replaying would no longer be the file it was. (Snapshots that
        are missing then wait for the next opening.)
        """
        path = journey_path(where, folder)
        if not sidecar(path, "-wal").exists():
            return cls._load(Store.open(path, game=game))
        with Store.read_only(path, game=game) as copy:
            book = cls._replay(copy, check_only=True)
            rows = copy.rows()
        store = Store.open(path, game=game)
        try:
            unchanged = store.rows() == rows
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
        options = dict(options or {})
        _game(game).initial(options)  # refuses bad options before a file exists
        path = journey_path(where, folder)
        name = path.name.removesuffix(SUFFIX)
        store = Store.create(path, game=game, name=name, seed=seed, options=options)
        return cls._load(store)

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
        """The notebook's one line: continue the journey ``where`` (default: the game's name),
        or start it if there is none. Re-running it continues at the same state, never re-rolls.

        A ``seed`` or ``options`` that differ from the ones the journey was started with are
        refused: change the name to start a new journey.
        """
        path = journey_path(where or game, folder)
        if not path.exists():
            return cls.start(path, game=game, seed=seed, options=options)
        book = cls.open(path, game=game)
        differs = []
        if seed is not None and seed != book.seed:
            differs.append(f"seed {book.seed!r}, not {seed!r}")
        if options is not None and dict(options) != dict(book.options):
            differs.append(f"options {dict(book.options)!r}, not {dict(options)!r}")
        if differs:
            book.close()
            raise InvalidInput(
                f"the journey {str(path)!r} was started with {' and '.join(differs)}: open it "
                "without them to continue, or give a new name to start another journey"
            )
        return book

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
        latest = _latest
        info = store.info
        rows = store.rows()
        try:
            entries = [row.entry() for row in rows if row.kind == "action" and not row.undone]
            chosen = _game(info.game)
            state_type = type(chosen.initial(info.options))
            point = _load_point(store, state_type, len(entries))
            journey: Journey[Any, Any] = Journey(
                chosen, info.seed, info.options, entries[: point.count] if point else [], point
            )
            book: JourneyBook[Any, Any] = cls(store, journey, rows)
            book._catch_up(entries, store_missing=not check_only)
        except InvalidInput as error:
            raise CorruptJourney(store.path, f"does not replay: {error}") from None
        finally:
            if check_only:
                _set_latest(latest)
        return book

    def _catch_up(self, entries: Sequence[Entry], *, store_missing: bool = True) -> None:
        """Replay the entries after the loaded point, storing snapshots that are missing."""
        have = self.store.snapshot_counts(self._code)
        missing: list[Point[S, R]] = []
        done = len(self.journey.entries)
        while done < len(entries):
            upto = min(len(entries), (done // SNAPSHOT_EVERY + 1) * SNAPSHOT_EVERY)
            self.journey.extend(entries[done:upto])
            done = upto
            if done % SNAPSHOT_EVERY == 0 and done not in have:
                missing.append(self.journey.point())
        if missing and store_missing:
            # A read-only copy cannot take them: snapshots only make opening faster.
            with suppress(sqlite3.Error, JourneyChanged), self.store.transaction():
                self.store.drop_stale_snapshots(self._code)
                for point in missing:
                    self._put_snapshot(point)

    @staticmethod
    def latest() -> JourneyBook[Any, Any] | None:
        """The book opened most recently in this process (what ``%%journal`` writes to)."""
        return None if _latest is None else _latest()

    def make_latest(self) -> None:
        """Make this the book :meth:`latest` returns (opening a book does it; a panel that
        switches back to a book after a failed switch does it too)."""
        _set_latest(weakref.ref(self))

    # --- what a panel reads (the same names as Journey) ----------------------------------------

    @property
    def path(self) -> Path:
        return self.store.path

    @property
    def name(self) -> str:
        return self.store.info.name

    @property
    def game(self) -> Game[S, R]:
        return self.journey.game

    @property
    def seed(self) -> int:
        return self.journey.seed

    @property
    def options(self) -> Mapping[str, JSON]:
        return self.journey.options

    @property
    def state(self) -> S:
        return self.journey.state

    @property
    def last(self) -> R | None:
        return self.journey.last

    @property
    def entries(self) -> list[Entry]:
        return self.journey.entries

    @property
    def chance(self) -> Chance:
        return self.journey.chance

    @property
    def actions(self) -> int:
        """How many actions stand (superseded tries and undone actions not counted)."""
        return sum(not entry.superseded for entry in self.journey.entries)

    @property
    def can_undo(self) -> bool:
        return self.actions > 0

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def reroll_refusal(self) -> str | None:
        """Why :meth:`reroll` would refuse now (a button's tooltip says it), or None."""
        if not self.can_undo:
            return "there is no action to reroll: nothing has been played yet"
        return self.journey.reroll_refusal()

    @property
    def can_reroll(self) -> bool:
        """Whether the last action can be rerolled: it stands, and it drew or rolled something."""
        return self.reroll_refusal() is None

    def to_json(self) -> dict[str, JSON]:
        return self.journey.to_json()

    # --- changing it: each commits before returning --------------------------------------------

    @_locked
    def play(
        self, action: Any, supplied: Sequence[object] | None = None, *, draw_rest: bool = False
    ) -> R:
        """Play ``action``, save it, return its report.

        ``supplied``: the outcomes the player drew and rolled at the table; too few are refused
        unless ``draw_rest`` (Lantern draws and rolls the rest): see :meth:`Journey.play`.
        """
        report = self.journey.play(action, supplied, draw_rest=draw_rest)
        try:
            with self.store.transaction():
                if self._redo:
                    self.store.drop_undone()
                seq = self.store.add_action(self.journey.entries[-1], _now())
                self._maybe_snapshot()
        except BaseException:
            self.journey.undo()
            raise
        self._seqs.append(seq)
        self._redo.clear()
        return report

    @_locked
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
        return removed

    @_locked
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
        self._redo.pop()
        self._seqs.extend(seqs)
        return report

    @_locked
    def reroll(self, supplied: Sequence[object] | None = None, *, draw_rest: bool = False) -> R:
        """The last action again with fresh chance; the first result stays, marked superseded.

        Refused when the last action drew and rolled nothing (see :meth:`reroll_refusal`);
        ``supplied`` and ``draw_rest`` as in :meth:`play`.
        """
        refusal = self.reroll_refusal()
        if refusal is not None:
            raise IllegalAction(refusal)
        count = len(self.journey.entries)
        group = self.journey.entries[_group_start(self.journey.entries) :]
        report = self.journey.reroll(supplied, draw_rest=draw_rest)
        try:
            with self.store.transaction():
                if self._redo:
                    self.store.drop_undone()
                self.store.set_superseded(self._seqs[-1])
                self.store.drop_snapshots(after=count - 1)
                seq = self.store.add_action(self.journey.entries[-1], _now())
                self._maybe_snapshot()
        except BaseException:
            self.journey.undo()
            self.journey.extend(group)
            raise
        self._seqs.append(seq)
        self._redo.clear()
        return report

    # --- the journal ---------------------------------------------------------------------------

    @_locked
    def note(self, text: str, *, key: str | None = None) -> Note:
        """Save a journal entry at this point in play.

        ``key`` names where it came from (a notebook cell's id): the same key again replaces the
        text in place instead of adding an entry, so re-running a journal cell adds nothing.
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput(f"a journal entry is some text, got {text!r}")
        if key is not None:
            row = self.store.note_by_cell(key)
            if row is not None:
                if row.body != text:
                    with self.store.transaction():
                        self.store.set_text(row.seq, text)
                return Note(row.seq, "note", text, self._after(row.seq), key)
        with self.store.transaction():
            seq = self.store.add_note("note", text, _now(), cell=key)
        return Note(seq, "note", text, self.actions, key)

    @_locked
    def write_mechanics(self) -> Note:
        """Save the last action's mechanics line as a journal entry (once per action)."""
        if self.journey.last is None or not self._seqs:
            raise IllegalAction("there is no action to write down: nothing has been played yet")
        live = [
            s for s, e in zip(self._seqs, self.journey.entries, strict=True) if not e.superseded
        ]
        text = self.describe(self.journey.last)
        for row in self.store.rows_where("kind = 'mechanics' AND ref = ?", (live[-1],)):
            if row.body == text:
                return Note(row.seq, "mechanics", text, self._after(row.seq))
        with self.store.transaction():
            seq = self.store.add_note("mechanics", text, _now(), ref=live[-1])
        return Note(seq, "mechanics", text, self.actions)

    def notes(self) -> list[Note]:
        """Every journal entry, in order."""
        return [
            Note(row.seq, row.kind, row.body, self._after(row.seq), row.cell)
            for row in self.store.rows()
            if row.kind != "action"
        ]

    def history(self) -> Iterator[tuple[Row, R | None]]:
        """The book in order: each action row with its report (superseded tries too), each note.

        Replays the journey from the start (for export; it takes about as long as opening a
        journey without snapshots).
        """
        rows = [row for row in self.store.rows() if not row.undone]
        actions = [row for row in rows if row.kind == "action"]
        reports = iter([report for _entry, report in walk(
            self.game, self.options, [row.entry() for row in actions])])  # fmt: skip
        for row in rows:
            yield row, next(reports) if row.kind == "action" else None

    def summary(self) -> str:
        """The state in Markdown: the game's ``summary(state)`` hook, else a generic outline."""
        hook = getattr(self.game, "summary", None)
        if callable(hook):
            return str(hook(self.state))
        return export.outline(self.state)

    # --- the file ------------------------------------------------------------------------------

    @_locked
    def backup(self, path: Path | str) -> Path:
        """A consistent copy of the journey file at ``path``, safe while in play."""
        return self.store.backup(path)

    @_locked
    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> JourneyBook[S, R]:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return (
            f"<JourneyBook {self.name!r} of {self.game.name!r}: {self.actions} actions, "
            f"seed {self.seed}, {str(self.path)!r}>"
        )

    # --- helpers -------------------------------------------------------------------------------

    def _after(self, seq: int) -> int:
        return sum(
            1
            for s, entry in zip(self._seqs, self.journey.entries, strict=True)
            if s < seq and not entry.superseded
        )

    def _stored_point(self, before: int) -> Point[S, R] | None:
        return _load_point(self.store, self._state_type, before)

    def _maybe_snapshot(self) -> None:
        if self._snapshots and len(self.journey.entries) % SNAPSHOT_EVERY == 0:
            self._put_snapshot(self.journey.point())

    def _put_snapshot(self, point: Point[S, R]) -> None:
        """Store ``point`` if the codec gives it back exactly; else stop taking snapshots."""
        try:
            data = codec.encode(point.state)
            exact = codec.decode(self._state_type, data) == point.state
        except (ValueError, TypeError):
            exact = False
        if not exact:
            self._snapshots = False
            return
        self.store.put_snapshot(point.count, point.steps, self._code, data)


def _set_latest(book: weakref.ref[JourneyBook[Any, Any]] | None) -> None:
    global _latest
    _latest = book


def _game(name: str) -> Game[Any, Any]:
    return game(name)


def _finder(book: weakref.ref[JourneyBook[Any, Any]]) -> Callable[[int], Point[Any, Any] | None]:
    def find(before: int) -> Point[Any, Any] | None:
        found = book()
        return None if found is None else found._stored_point(before)

    return find


def _load_point(store: Store, state_type: type, before: int) -> Point[Any, Any] | None:
    """The latest stored snapshot of fewer than ``before`` entries, decoded; None if none fits."""
    found = store.snapshot(before, rules_fingerprint())
    if found is None:
        return None
    count, steps, state = found
    try:
        return Point(count, codec.decode(state_type, json.loads(state)), steps)
    except (ValueError, TypeError):  # CodecError and InvalidInput are ValueErrors
        return None


def _now() -> int:
    return int(time.time())


def _group_start(entries: Sequence[Entry]) -> int:
    live = [i for i, entry in enumerate(entries) if not entry.superseded]
    start = live[-1] if live else len(entries)
    while start > 0 and entries[start - 1].superseded:
        start -= 1
    return start


def _redo_stack(undone: Sequence[Row]) -> list[list[tuple[int, Entry]]]:
    """Undone rows as redo groups (a group ends at its live try); the next redo is the first."""
    groups: list[list[tuple[int, Entry]]] = [[]]
    for row in undone:
        groups[-1].append((row.seq, row.entry()))
        if not row.superseded:
            groups.append([])
    return [group for group in reversed(groups) if group]


def _describer(chosen: Game[Any, R]) -> Callable[[R], str]:
    """How a report reads as one mechanics line: the game's hook, its ``mechanics()``, or str."""
    hook = getattr(chosen, "describe", None)

    def describe(report: R) -> str:
        if callable(hook):
            return str(hook(report))
        method = getattr(report, "mechanics", None)
        return str(method()) if callable(method) else str(report)

    return describe
