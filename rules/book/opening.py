"""Opening a Journey Book: the record replayed from its last snapshot, the missing ones stored.

Why snapshots: replaying 10,000 actions takes longer than a player should wait, so the state is
stored after every :data:`SNAPSHOT_EVERY` entries (:mod:`rules.record.codec`, only when it gives the
state back exactly), and opening replays only the entries after the last one. It reads only
those rows, too: the entries before are read when something asks for them
(:mod:`rules.book.pages`), so what opening reads does not grow with the journey. A snapshot
of other rules code (another fingerprint) is never trusted: it is rebuilt by the replay instead.

Why a replayed journey is the file's record (:mod:`rules.book.store.chain`): the snapshot used must
be sealed to the record (else it is rebuilt, with a :class:`SnapshotDistrusted` warning), and
the journey row and the rows replayed after it must match the chain of hashes (else the file
is a :class:`CorruptJourney` naming the row) before anything is written. A row before the
snapshot is not read: the full check (:mod:`rules.book.verify`) reads them all.
"""

from __future__ import annotations

import sqlite3
import sys
import warnings
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from rules.book.pages import UNREAD, Pages, Record
from rules.book.store.check import LIVE
from rules.book.store.database import CorruptJourney, JourneyChanged, Row, Store, rules_fingerprint
from rules.errors import InvalidInput
from rules.record import codec
from rules.record.journey import Entry, Journey, Point, game, short_repr

__all__ = [
    "SNAPSHOT_EVERY",
    "Opened",
    "SnapshotDistrusted",
    "catch_up",
    "finder",
    "load_point",
    "put_snapshot",
    "redo_stack",
    "replay",
]

#: A snapshot of the state is stored after every this many entries (see :mod:`rules.record.codec`).
SNAPSHOT_EVERY = 256


@dataclass
class Opened:
    """What opening a store gives a book, to play on from where the file left off."""

    #: The journey replayed from the file: its state, record and chance, ready to play on.
    journey: Journey[Any, Any]
    #: The book row of each entry, in order, read from the file only when asked for.
    seqs: Record[int]
    #: The undone actions that can still be redone, each as its rows and entries, the next redo
    #: last.
    redo: list[list[tuple[int, Entry]]]
    #: Whether snapshots can be taken as play goes on (not for a copy opened only to be checked).
    taking: bool
    #: Where the entries before the last snapshot are read from, when something asks for them.
    pages: Pages
    #: The counts of snapshots found changed and not used (the state was rebuilt from the record
    #: instead).
    distrusted: frozenset[int] = frozenset()


def replay(store: Store, *, store_missing: bool = True) -> Opened:
    """The journey a store holds, replayed from its last usable snapshot (see :class:`Opened`).

    Only the rows after that snapshot are read; the entries it covers are read when first used
    (:mod:`rules.book.pages`). ``store_missing``: store the snapshots the replay passed that the
    file lacks (not for a read-only copy). A record that does not replay is a
    :class:`CorruptJourney`.
    """
    info = store.info
    try:
        chosen = game(info.game)
        state_type = type(chosen.initial(info.options))
        distrusted: set[int] = set()
        before = sys.maxsize  # no count of the entries: that would read every row
        while True:  # the latest snapshot with at least one entry after it (for its report)
            point = load_point(store, state_type, before, _check(chosen), distrusted)
            start = point.count if point else 0
            found = store.live_rows(start - 1, 1) if start else []
            after = found[0].seq if found else -1
            rows = store.rows_where(f"{LIVE} AND seq > ?", (after,))
            if not start or (found and rows):
                break
            before = start
        if before != sys.maxsize or distrusted:  # fell back: these rows were not checked yet
            store.check_rows(after=max(after, 0))
        trusted = max(after, 0)

        def whole() -> None:  # the journey row and the rows replayed, once they replay
            store.check_chain(after=trusted)

        pages = Pages(lambda: store, start, store.superseded_among(start, after) if start else 0)
        entries = Record([UNREAD] * start + [row.entry() for row in rows], pages, "entry", start)
        seqs = Record([UNREAD] * start + [row.seq for row in rows], pages, "seq", start)
        journey: Journey[Any, Any] = Journey(
            chosen, info.seed, info.options, entries[:start], point
        )
        taking = catch_up(
            journey, entries, store, state_type, store_missing=store_missing, redo=distrusted,
            check=whole,
        )  # fmt: skip
        redo = redo_stack(store.rows_where("kind = 'action' AND undone = 1"))
    except CorruptJourney:
        raise
    except InvalidInput as error:
        raise CorruptJourney(store.path, f"does not replay: {error}") from None
    return Opened(journey, seqs, redo, taking, pages, frozenset(distrusted))


def catch_up(
    journey: Journey[Any, Any],
    entries: Sequence[Entry],
    store: Store,
    state_type: type,
    *,
    store_missing: bool = True,
    redo: set[int] | None = None,
    check: Callable[[], None] = lambda: None,
) -> bool:
    """Replay the entries after the loaded point, then ``check`` the file, then store the
    snapshots that are missing (and those of the counts in ``redo``, distrusted: the others of
    those counts are dropped); False when the codec cannot hold the state exactly (then no
    snapshot is taken at all).

    Why check after the replay: a row the rules refuse is named by the replay, in the rules'
    words; a row edited to another possible value only by the chain."""
    code = rules_fingerprint()
    have = store.snapshot_counts(code) - (redo or set())
    missing: list[Point[Any, Any]] = []
    done = len(journey.entries)
    while done < len(entries):
        upto = min(len(entries), (done // SNAPSHOT_EVERY + 1) * SNAPSHOT_EVERY)
        journey.extend(entries[done:upto])
        done = upto
        if done % SNAPSHOT_EVERY == 0 and done not in have:
            missing.append(journey.point())
    check()
    taking = True
    if (missing or redo) and store_missing:
        # A read-only copy cannot take them: snapshots only make opening faster.
        with suppress(sqlite3.Error, JourneyChanged), store.transaction():
            store.drop_stale_snapshots(code)
            store.drop_snapshots(sys.maxsize, sorted(redo or ()))
            for point in missing:
                taking = taking and put_snapshot(store, point, state_type)
    return taking


def put_snapshot(store: Store, point: Point[Any, Any], state_type: type) -> bool:
    """Store ``point`` if the codec gives it back exactly (inside a transaction); else False."""
    try:
        data = codec.encode(point.state)
        exact = bool(codec.decode(state_type, data) == point.state)
    except (ValueError, TypeError):
        exact = False
    if exact:
        store.put_snapshot(point.count, point.steps, rules_fingerprint(), data)
    return exact


class SnapshotDistrusted(UserWarning):
    """A stored snapshot did not hold a possible state, or was not the one stored for this
    record (the file was edited, or damaged): it was not used, and the state was rebuilt from
    the record (or an earlier snapshot)."""


def load_point(
    store: Store,
    state_type: type,
    before: int,
    check: Callable[[Any], object] | None = None,
    distrusted: set[int] | None = None,
) -> Point[Any, Any] | None:
    """The latest stored snapshot of fewer than ``before`` entries, decoded and (``check``: the
    game's hook) checked against the game's invariants and sealed to the record
    (:mod:`rules.book.store.chain`); None if none fits. One that does not decode, fails the check or
    is not sealed is skipped with a :class:`SnapshotDistrusted` warning, its count added to
    ``distrusted``, and the one before it tried."""
    while (found := store.snapshot(before, rules_fingerprint())) is not None:
        count, steps, state = found
        try:  # CodecError, JSON's and the rules' errors are ValueErrors
            decoded = codec.decode(state_type, store.unpack(state))
            if check is not None:
                check(decoded)
            sealed = store.sealed(count, steps, rules_fingerprint(), state)
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            why = f"does not hold a possible state ({short_repr(str(error), 160)[1:-1]})"
        else:
            if sealed:
                return Point(count, decoded, steps)
            why = "was changed after it was stored (it no longer matches the journey's record)"
        warnings.warn(
            f"{str(store.path)!r}: the snapshot after {count} entries {why}: not used, the "
            "state is rebuilt from the record",
            SnapshotDistrusted,
            stacklevel=2,
        )
        if distrusted is not None:
            distrusted.add(count)
        before = count
    return None


def _check(chosen: object) -> Callable[[Any], object] | None:
    """The game's optional ``check(state)`` hook (see :class:`rules.record.journey.Game`)."""
    hook = getattr(chosen, "check", None)
    return hook if callable(hook) else None


def finder(
    store: Callable[[], Store | None], state_type: type, chosen: object = None
) -> Callable[[int], Point[Any, Any] | None]:
    """A journey's ``find_point``: the stored snapshots of the store ``store()`` gives, checked
    by the game ``chosen``'s hook (None once the book is gone: the journey then replays from
    the start)."""
    check = _check(chosen)

    def find(before: int) -> Point[Any, Any] | None:
        found = store()
        return None if found is None else load_point(found, state_type, before, check)

    return find


def redo_stack(rows: Sequence[Row]) -> list[list[tuple[int, Entry]]]:
    """The redo stack the rows hold: the undone actions not left behind, in groups (a group ends
    at its live try); the next redo is the last group."""
    groups: list[list[tuple[int, Entry]]] = [[]]
    for row in rows:
        if row.kind == "action" and row.undone and not row.forgotten:
            groups[-1].append((row.seq, row.entry()))
            if not row.superseded:
                groups.append([])
    return [group for group in reversed(groups) if group]
