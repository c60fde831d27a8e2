"""Bring a panel into view once its notebook has finished running.

A game notebook is the panel first and the player's Journey Book below it. After *Run All*,
JupyterLab and Notebook 7 follow the run down to the last cell, and a player with a long journal
found the window far below the panel they came to play with. Nothing in ipywidgets scrolls a
notebook (a view's ``focus`` message focuses an element only where the view makes one
focusable, and a notebook's panel has none), so the panel shows, in an output area of its own,
one line of script that scrolls the panel's top into view: ``element`` is the output's own node
in JupyterLab's, Notebook 7's and Voilà's renderers, so the script finds this panel and no other.

When: once, a moment after the kernel went quiet following the cell that showed the panel.
Earlier, the cells still running below would scroll the window down again as each one starts;
later runs of single cells leave the player's own scrolling alone. The script is cleared from the
output soon after, so that a page showing the panel again later (a reload) does not pull the
player up a second time. Outside an IPython kernel (plain Python, the unit tests) nothing is
registered and nothing is shown.

The script is a constant of this module: no text of a player's or a file's is ever part of it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import ipywidgets as widgets
from IPython.display import Javascript

#: How long the kernel must be quiet after a cell before the panel scrolls itself into view
#: (seconds): longer than the gaps between the cells of one *Run All*, short enough to feel at once.
SETTLE = 0.4

#: How long the script stays in its output before it is cleared (seconds).
CLEAR_AFTER = 3.0

#: The script: from its own output node up to the panel that holds it, then into view. A
#: renderer may run it before its node is in the page, so it looks on the next frame.
SCRIPT = (
    "var node = element; requestAnimationFrame(function () {"
    " var panel = node.closest ? node.closest('.lantern-frame') : null;"
    " if (panel) { panel.scrollIntoView({block: 'start'}); } });"
)


class IntoView:
    """Scroll ``panel`` into view once, after the first quiet moment following a cell's run in
    which a page shows it (see the module's docstring). ``output`` goes into the panel."""

    def __init__(self, panel: widgets.DOMWidget, *, settle: float = SETTLE) -> None:
        self.panel = panel
        self.settle = settle
        self.done = False
        self.output = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
        self.output.add_class("lantern-into-view")
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
        self._timer = _later(self.settle, self._quiet)

    def _quiet(self) -> None:
        self._timer = None
        if self.done or not (self.panel._view_count or 0):
            return  # not shown yet: the cell that shows it will end, and ask again
        self.stop()
        self.output.append_display_data(Javascript(SCRIPT))
        self._timer = _later(CLEAR_AFTER, self._clear)

    def _clear(self) -> None:
        self._timer = None
        self.output.outputs = ()

    def stop(self) -> None:
        """Scroll nothing more (it has, or the panel was replaced or closed)."""
        self.done = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._shell is not None:  # listening: stop, once
            shell, self._shell = self._shell, None
            self.panel.unobserve(self._after_cell, "_view_count")
            with contextlib.suppress(ValueError):  # unregistered by someone else
                shell.events.unregister("post_run_cell", self._after_cell)


def _later(delay: float, then: Any) -> asyncio.TimerHandle | None:
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
