"""Is the journey's file whole? What the panel says about the Journey Book's integrity checks.

Why the panel says it: opening a journey checks only what it reads (the latest snapshot and the
rows after it), so reopening stays fast however long the journey is; a snapshot found changed is
set aside and the state rebuilt from the record, which a player should hear about, not only a
Python warning in a cell's output. The full check (:func:`rules.book.verify.verify`) reads every
row and replays the whole record; it runs in a thread on the panel's first render, and a damaged
file is named in the panel's message line when it finishes.

Why through the kernel's loop: the check's thread must not touch widgets; its answer is handed to
the loop the panel was built on (``call_soon_threadsafe``). Without a running loop (a test, a
script) nothing runs in the background: call :func:`rules.book.verify.verify` directly.

Where no thread can start (a browser: :data:`rules.table.platform.HAS`), the same check runs in
pieces on that loop (:func:`rules.book.verify.verify_in_steps`), one piece per turn of the loop
after the panel's first render: a click waits for one piece at most, never for the whole check,
and a damaged file is named in the same words.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.book.store.database import CorruptJourney, JourneyFileError
from rules.book.verify import verify_in_steps, verify_later
from rules.errors import LanternError
from rules.table import platform

__all__ = ["check_in_background", "damaged_note", "distrusted_note"]


def distrusted_note(book: Any) -> str | None:
    """What to tell the player when opening set snapshots aside (None: it used them all)."""
    counts = sorted(getattr(book, "distrusted", ()))
    if not counts:
        return None
    where = ", ".join(str(count) for count in counts)
    return (
        f"The saved state after {where} entries in this journey's file was changed outside "
        "Lantern: it was not used, and the journey was rebuilt from its record of actions."
    )


def damaged_note(error: BaseException) -> str:
    """The sentence for a file the full check found damaged."""
    return (
        f"This journey's file was changed outside Lantern: {error}. What the panel shows may "
        "differ from its record: restore the file from a copy, or start a new journey."
    )


#: How long after the first render the check begins where it runs on the loop (its first render
#: and the player's first clicks go first).
LOOP_DELAY = 0.5


def check_in_background(
    book: Any, show: Callable[[str], object]
) -> threading.Thread | asyncio.Handle | None:
    """Run the full check of ``book``'s file in a thread (or in pieces on the loop, where there
    are no threads); ``show`` gets the sentence, on the kernel's loop, if the file is damaged.
    None (nothing started) without a running loop."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None

    def done(found: object) -> None:
        if isinstance(found, BaseException) and not loop.is_closed():
            loop.call_soon_threadsafe(show, damaged_note(found))

    if not platform.HAS.threads:
        steps = verify_in_steps(book.path)
        return loop.call_later(LOOP_DELAY, _step, loop, steps, Path(book.path), show)
    return verify_later(book.path, done)


def _step(
    loop: asyncio.AbstractEventLoop, steps: Any, path: Path, show: Callable[[str], object]
) -> None:
    """One piece of the check; the next is put on the loop behind whatever came meanwhile."""
    try:
        next(steps)
    except StopIteration:
        return  # whole: nothing to say
    except JourneyFileError as error:
        show(damaged_note(error))
        return
    except LanternError as error:  # a rules error the replay raised, in words
        show(damaged_note(CorruptJourney(path, f"does not replay: {error}")))
        return
    if not loop.is_closed():
        loop.call_soon(_step, loop, steps, path, show)
