"""The full check of a journey file: ``python -m rules.book verify PATH``, and a panel's check in
the background of its first render.

Why: opening checks what it reads (the snapshot it starts from, and the rows after it:
:mod:`rules.book.opening`) so that reopening costs the same at any length; a row edited before that
snapshot opens unnoticed. The full check reads everything: every action row reads as an action
of its game, every row and the journey row match the chain of hashes, every snapshot is sealed
(:mod:`rules.book.store.chain`), and one replay of the record from the start gives each snapshot's
state. It reads a checked private copy (:meth:`rules.book.store.Store.read_only`) and never writes,
so it runs beside a journey in play.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.book.store.chain import CHAINED
from rules.book.store.check import LIVE
from rules.book.store.database import CorruptJourney, JourneyFileError, Store, rules_fingerprint
from rules.book.store.schema import HEADED
from rules.errors import InvalidInput, LanternError
from rules.record import codec, journey

__all__ = [
    "Verdict",
    "check_steps",
    "check_store",
    "main",
    "verify",
    "verify_in_steps",
    "verify_later",
]

#: How many entries the replay of :func:`check_steps` plays between two pauses.
STEP_ENTRIES = 50

#: What ``python -m rules.book`` prints when called without a file to check.
USAGE = (
    "usage: python -m rules.book verify PATH: checks a journey file whole (every row, every "
    "snapshot, one replay from the start); exits 0 when it is whole, 1 when it is damaged"
)


@dataclass(frozen=True)
class Verdict:
    """A journey file found whole: how much was checked, and the state its record gives."""

    #: The journey file checked.
    path: Path
    #: How many rows of the book were read and found whole.
    rows: int
    #: How many journey entries the replay played.
    entries: int
    #: How many snapshots were found sealed and giving the replayed state.
    snapshots: int
    #: False: written before the chain of hashes, not upgraded yet (opening it for play does it).
    chained: bool
    #: The state the record gives, replayed from the start.
    state: Any
    #: False: written before the head (the book's length), not upgraded yet: a book whose last
    #: rows were removed cannot be told from a short one until it is opened for play.
    headed: bool = True

    def sentence(self) -> str:
        """What the check found, in a sentence a player reads."""
        found = (
            f"{str(self.path)!r} is whole: its {self.rows} rows read, its record replays from "
            f"the start ({self.entries} entries) and gives each of its {self.snapshots} snapshots"
        )
        if self.chained and self.headed:
            return (
                f"{found}; every row and snapshot is as Lantern wrote it (chain of hashes), and "
                "it ends where it was last saved"
            )
        if self.chained:
            return (
                f"{found}; every row and snapshot is as Lantern wrote it (chain of hashes), but "
                "it has no record of its length yet (written before it had one), so rows cut "
                "from its end cannot be told: open it to add one"
            )
        return f"{found}; it has no chain of hashes yet (written before them): open it to add one"


def verify(path: Path | str) -> Verdict:
    """Check the journey file at ``path`` whole (see the module docstring), changing nothing.

    Refuses a damaged file as :class:`~rules.book.store.CorruptJourney` naming the row, the journey
    row or the snapshot (any :class:`~rules.book.store.JourneyFileError` that opening would raise).
    """
    return _finish(verify_in_steps(path))


def verify_in_steps(path: Path | str) -> Generator[None, None, Verdict]:
    """:func:`verify` in pieces: each ``next`` does a short part of the check, and the verdict
    comes back as the generator's return value. Why: where no thread can start (a browser), a
    panel runs the check a piece at a time on the kernel's loop, and a click waits for one piece
    at most, not for the whole check."""
    with Store.read_only(Path(path)) as store:
        yield
        return (yield from check_steps(store))


def check_store(store: Store) -> Verdict:
    """The full check of an open store (a book's own, or a read-only copy)."""
    return _finish(check_steps(store))


def _finish(steps: Generator[None, None, Verdict]) -> Verdict:
    """Every step of a check at once: its verdict."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            verdict: Verdict = done.value
            return verdict


def check_steps(store: Store) -> Generator[None, None, Verdict]:
    """The full check of an open store, a piece at a time (see :func:`verify_in_steps`)."""
    store.check_rows(after=0)
    yield
    store.check_chain(after=0)
    yield
    broken = store.broken_seals()
    if broken:
        raise CorruptJourney(
            store.path,
            f"has a damaged snapshot (after {broken[0]} entries): it was changed after it was "
            "stored; opening the journey rebuilds it from the record",
        )
    info, code = store.info, rules_fingerprint()
    chosen = journey.game(info.game)
    rows = store.rows_where(LIVE)
    try:
        state_type = type(chosen.initial(info.options))
        played: journey.Journey[Any, Any] = journey.Journey(chosen, info.seed, info.options)
        counts = sorted(store.snapshot_counts(code))
        for number, count in enumerate([*counts, len(rows)]):
            while len(played.entries) < min(count, len(rows)):
                yield
                start = len(played.entries)
                played.extend(row.entry() for row in rows[start : min(count, start + STEP_ENTRIES)])
            if number < len(counts):
                _compare(store, played, count, code, state_type)
    except CorruptJourney:
        raise
    except InvalidInput as error:
        raise CorruptJourney(store.path, f"does not replay: {error}") from None
    total = len(store.rows_where("1"))
    chained = info.schema >= CHAINED
    headed = info.schema >= HEADED
    return Verdict(store.path, total, len(rows), len(counts), chained, played.state, headed)


def _compare(
    store: Store, played: journey.Journey[Any, Any], count: int, code: str, state_type: type
) -> None:
    """The snapshot after ``count`` entries holds the state the replay reached there."""
    found = store.snapshot(count + 1, code)
    if found is None or found[0] != count or len(played.entries) != count:
        return  # more snapshots than entries: opening never starts from one
    try:
        state = codec.decode(state_type, store.unpack(found[2]))
    except (ValueError, TypeError, KeyError) as error:  # a piece of it edited or lost
        raise CorruptJourney(
            store.path,
            f"has a damaged snapshot (after {count} entries): {error}; opening the journey "
            "rebuilds it from the record",
        ) from None
    if state != played.state:
        raise CorruptJourney(
            store.path,
            f"has a snapshot (after {count} entries) that is not the state its record gives "
            "(edited before the file had its chain of hashes, or its hashes recomputed): the "
            "record stands; delete the file's snapshots and open it again",
        )


def verify_later(
    path: Path | str, done: Callable[[Verdict | JourneyFileError], object]
) -> threading.Thread:
    """Run :func:`verify` in a background thread (a panel's first render: the log reads the
    whole record anyway) and call ``done`` with the verdict or the refusal, in that thread."""

    def run() -> None:
        try:
            found: Verdict | JourneyFileError = verify(path)
        except JourneyFileError as error:
            found = error
        except LanternError as error:  # a rules error the replay raised, in words
            found = CorruptJourney(Path(path), f"does not replay: {error}")
        except Exception as error:  # anything else, in a sentence too
            found = JourneyFileError(Path(path), f"could not be checked ({_why(error)})")
        done(found)

    thread = threading.Thread(target=run, name=f"lantern-verify {Path(path).name}", daemon=True)
    thread.start()
    return thread


def main(argv: Sequence[str]) -> int:
    """``verify PATH``: print what the check found; 0 whole, 1 damaged or not checked (any
    failure, said in a sentence), 2 a usage error."""
    if len(argv) != 2 or argv[0] != "verify":
        print(USAGE, file=sys.stderr)
        return 2
    try:
        verdict = verify(Path(argv[1]))
    except LanternError as error:
        print(error)
        return 1
    except Exception as error:  # every failure in a sentence, never a traceback
        print(f"{argv[1]!r} could not be checked ({_why(error)}): it is not known to be whole")
        return 1
    print(verdict.sentence())
    return 0


def _why(error: Exception) -> str:
    """An unforeseen error in words (an operating system's error by its own words)."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return f"{type(error).__name__}: {error}"
