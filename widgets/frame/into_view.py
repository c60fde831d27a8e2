"""Bring a panel into view once its notebook has finished running.

A game notebook is the panel first and the player's Journey Book below it. After *Run All*,
JupyterLab and Notebook 7 follow the run down to the last cell, and a player with a long journal
found the window far below the panel they came to play with. So, once, the panel runs its
``into-view`` page script (:mod:`widgets.frame.page_script`), which scrolls the panel's top into
view unless the player has already touched the page (then it is theirs) or the header is in view.

When: a moment after the kernel went quiet following the cell that showed the panel. Earlier, the
cells still running below would scroll the window down again as each one starts; later runs of
single cells leave the player's own scrolling alone. Outside an IPython kernel (plain Python, the
unit tests) nothing is registered and nothing is asked.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

__all__ = ["SETTLE", "IntoView", "later"]

#: How long the kernel must be quiet after a cell before the panel comes into view (seconds):
#: longer than the gaps between the cells of one *Run All*, short enough to feel at once.
SETTLE = 0.4


class IntoView:
    """Call ``show()`` once (it runs the ``into-view`` script), after the first quiet moment
    following a cell's run in which a page shows ``panel`` (see the module's docstring)."""

    def __init__(self, panel: widgets.DOMWidget, show: Callable[[], object]) -> None:
        self.panel = panel
        self.show = show
        self.done = False
        self._timer: asyncio.TimerHandle | None = None
        self._shell: Any = _shell()
        if self._shell is None:
            self.done = True
            return
        panel._view_count = 0  # the page counts the views it shows (ipywidgets' own tracking)
        panel.observe(self._after_cell, "_view_count")  # shown after its cell ended: wait too
        self._shell.events.register("post_run_cell", self._after_cell)

    def _after_cell(self, *_: Any) -> None:
        """A cell finished, or a page showed the panel: wait for quiet (again)."""
        if self.done:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer = later(SETTLE, self._quiet)

    def _quiet(self) -> None:
        self._timer = None
        if self.done or not (self.panel._view_count or 0):
            return  # not shown yet: the cell that shows it will end, and ask again
        self.stop()
        self.show()

    def stop(self) -> None:
        """Ask nothing more (it has, or the panel was replaced or closed)."""
        self.done = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._shell is not None:  # listening: stop, once
            shell, self._shell = self._shell, None
            self.panel.unobserve(self._after_cell, "_view_count")
            with contextlib.suppress(ValueError):  # unregistered by someone else
                shell.events.unregister("post_run_cell", self._after_cell)


def later(delay: float, then: Callable[[], Any]) -> asyncio.TimerHandle | None:
    """``then()`` after ``delay`` seconds on the kernel's loop; at once where none runs."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        then()
        return None
    return loop.call_later(delay, then)


def _shell() -> Any:
    """The running IPython shell, or None outside one."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    return get_ipython()
