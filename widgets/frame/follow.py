"""Following a journey file other kernels write: the panel shows their actions without a click.

Why: a group plays one journey from several kernels (Voidlight's GM notebook and a seat for each
player), each with its own :class:`~rules.book.JourneyBook` on the one file; widgets do not sync
between kernels, the book is the shared model. A panel that follows runs a task on the kernel's
asyncio loop (where ipykernel also handles clicks, so the two never run at once) that calls
:meth:`~rules.book.JourneyBook.refresh` every :data:`EVERY` seconds (one ``PRAGMA data_version``
when nothing changed) and re-renders when another kernel wrote. The task stops when the panel
closes; with no running loop (a plain test) it never starts, and :meth:`Follower.poll` is called
by hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["EVERY", "Follower"]

#: How often a following panel asks its book whether the journey changed (seconds).
EVERY = 0.3


class Follower:
    """Mixed into a :class:`~widgets.frame.GameFrame`: follow its book while it is shown.

    Call :meth:`follow` once the panel is built (and again after it switches journeys: it only
    marks the new book as followed); :meth:`stop_following` before it closes.
    """

    # the frame's: its message area, book and render (declared, not defined, so the MRO keeps
    # GameFrame's own)
    #: The frame's message area, where a write lost to another kernel is told.
    messages: Any
    #: The frame's Journey Book, followed while the panel is shown.
    book: Any
    #: The frame's render, called when another kernel's writes arrive.
    render: Callable[[], None]
    _follow_task: asyncio.Task[None] | None = None
    _follow_stopped: bool = False
    _follow_sleep: Callable[[float], Awaitable[Any]] | None = None  # None: asyncio.sleep

    def follow(self, sleep: Callable[[float], Awaitable[Any]] | None = None) -> None:
        """Follow the book from now on: a write that loses a race to another kernel is told in a
        sentence (:class:`rules.book.follow.PlayedFirst`), and the task (when a loop runs) looks
        for others' writes. ``sleep`` is what the task awaits between looks (tests inject one)."""
        if sleep is not None:
            self._follow_sleep = sleep
        book = self.book
        if book is not None:
            book.refresh()
        if self._follow_task is None and not self._follow_stopped:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._follow_task = loop.create_task(self._follow())

    @property
    def following(self) -> bool:
        """Whether the follow task runs (it needs the kernel's running loop)."""
        return self._follow_task is not None

    def poll(self) -> int:
        """Look once for what another kernel wrote; re-render when anything was read. Returns how
        many entries were read (0: nothing changed, one pragma)."""
        book = self.book
        if book is None or self._follow_stopped:
            return 0
        read: int = book.refresh()
        if read:
            self.render()
        return read

    async def _follow(self) -> None:
        try:
            while not self._follow_stopped:
                await (self._follow_sleep or asyncio.sleep)(EVERY)
                if not self._follow_stopped:
                    try:
                        self.poll()
                    except Exception as error:  # a damaged file is named; the panel goes on
                        # (not guarded(): a look that read nothing must leave the message of
                        # the player's last click where it is)
                        self.messages.show_exception(error)
        except asyncio.CancelledError:
            pass
        finally:
            self._follow_task = None

    def stop_following(self) -> None:
        """Stop the follow task (closing the panel does it)."""
        self._follow_stopped = True
        task, self._follow_task = self._follow_task, None
        if task is not None and task is not _current_task():
            task.cancel()


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
