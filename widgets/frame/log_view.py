"""The journey's log in the panel: every action in one line, newest first, and a look back.

Why a list and not only the last result: a player scrolls back to see what the cards did, that an
Undo took something back, or that a Reroll replaced a result. Each line is the same text that
*Write to journal* and *Export* use (the book's ``log()``: one source); superseded tries and undone
actions stay in the list, marked. Selecting a line asks the panel to show the sheet and board as
they stood after it (``on_pick(line)``), read-only: the journey record already holds every point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from rules.book_log import LogLine, describer, walk
from widgets.theme import escape

__all__ = ["MARKS", "JourneyLog", "LogLine", "LogView", "journey_log"]

#: How a line's status reads in the list (a Select shows plain text: the mark says it).
MARKS = {"played": "", "superseded": "⟳ rerolled, replaced: ", "undone": "↶ undone: "}
#: The most lines the list holds (the newest): the list is sent whole when it changes, so it
#: stays short; the whole log is in the Journey Book's export.
SHOWN = 100


class JourneyLog:
    """The lines of one panel's journey: the book's own ``log()``; for a journey kept in memory
    only, one replay of its record read the way the book reads it, then one line per new action
    (a memory journey has no undo: its record only grows)."""

    def __init__(self) -> None:
        self._lines: list[LogLine] = []
        self._entries: list[Any] = []

    def __call__(self, journey: Any) -> Sequence[Any]:
        log = getattr(journey, "log", None)
        if callable(log):
            lines: Sequence[Any] = log()
            return lines
        entries = journey.entries
        describe = describer(journey.game)
        known = len(self._entries)
        if known == len(entries) and entries[-1:] == self._entries[-1:]:
            return self._lines
        if known + 1 == len(entries) and entries[:known] == self._entries and journey.last:
            number = sum(line.status == "played" for line in self._lines) + 1
            text = str(describe(journey.last))
            self._lines.append(LogLine(known, number, text, "played", len(entries)))
        else:
            self._lines = journey_log(journey)
        self._entries = list(entries)
        return self._lines


def journey_log(journey: Any) -> list[LogLine]:
    """Every line of a journey kept in memory, from one replay of its record."""
    describe = describer(journey.game)
    found: list[LogLine] = []
    number = count = 0
    for index, (entry, report) in enumerate(walk(journey.game, journey.options, journey.entries)):
        if entry.superseded:
            found.append(LogLine(index, None, str(describe(report)), "superseded", count))
            continue
        number += 1
        count = index + 1
        found.append(LogLine(index, number, str(describe(report)), "played", count))
    return found


def line_label(line: Any) -> str:
    """A line as the list shows it: ``12 · Discover a Region +2: …``, marked when not standing."""
    number = f"{line.number} · " if line.number is not None else "· "
    return f"{number}{MARKS.get(line.status, '')}{line.text}"


class LogView(widgets.VBox):
    """The log as a scrollable list (newest first) and the selected line in full below it."""

    def __init__(self, on_pick: Callable[[Any], None]) -> None:
        super().__init__()
        self.add_class("lantern-log")
        self._on_pick = on_pick
        self._lines: tuple[Any, ...] = ()
        self._quiet = False
        self.list = widgets.Select(options=[], rows=8, layout=widgets.Layout(width="100%"))
        self.list.add_class("lantern-log-list")
        self.list.observe(self._picked, "value")
        self.detail = widgets.HTML()
        self.detail.add_class("lantern-log-detail")
        self.children = (self.list, self.detail)

    @property
    def lines(self) -> tuple[Any, ...]:
        """The lines shown, newest first."""
        return self._lines

    def show(self, lines: Sequence[Any]) -> None:
        """Show ``lines`` (in play order); nothing is sent when they did not change."""
        newest = tuple(reversed(lines[-SHOWN:]))
        if newest == self._lines:
            return
        self._lines = newest
        self._quiet = True
        try:
            with self.list.hold_sync():
                self.list.options = [(line_label(line), i) for i, line in enumerate(newest)]
                self.list.value = None
        finally:
            self._quiet = False
        if not newest:
            self.detail.value = '<span class="lantern-muted">Nothing played yet.</span>'
        else:
            self.detail.value = (
                '<span class="lantern-muted">Click a line to see the journey as it stood '
                "after it.</span>"
            )

    def clear_pick(self) -> None:
        """Unselect the line (the panel went back to now)."""
        self._quiet = True
        try:
            self.list.value = None
        finally:
            self._quiet = False

    def pick(self, index: int) -> None:
        """Select the ``index``-th line shown (0 is the newest), as a click would."""
        self.list.value = index

    def _picked(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        line = self._lines[change["new"]]
        status = {"superseded": " (replaced by a reroll)", "undone": " (undone)"}.get(
            line.status, ""
        )
        self.detail.value = (
            f'<div class="lantern-log-picked lantern-log-{escape(line.status)}">'
            f"{escape(line.text)}{escape(status)}</div>"
        )
        self._on_pick(line)
