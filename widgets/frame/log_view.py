"""The journey's log in the panel: a journal of every action, newest first, and a look back.

Why a journal and not only the last result: a player scrolls back to see what the cards did, that
an Undo took something back, or that a Reroll replaced a result. Each entry is the same text that
*Write to journal* and *Export* use (the book's ``log()``: one source), read as a journal reads:
wrapped in the notebook's font, the action's title once and in bold, its cards and dice drawn as
the small views the reports use. Superseded tries and undone actions stay, marked. An entry's
*look* button asks the panel to show the sheet and board as they stood after it
(``on_pick(line)``), read-only: the journey record already holds every point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from rules.book.log import LogLine, describer, line_of, walk
from widgets.parts.dice_view import FACES
from widgets.parts.theme import button, button_look, escape

__all__ = ["MARKS", "JourneyLog", "LogLine", "LogView", "from_seat", "journey_log"]

#: How a line's status reads (besides its struck-through text).
MARKS = {"played": "", "superseded": "⟳ rerolled, replaced: ", "undone": "↶ undone: "}
#: How many entries the log shows at first, and how many more each *Show older* adds: each entry
#: is a widget, so the page stays light; the whole log is in the Journey Book's export.
SHOWN = 30


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
            line = line_of(known, number, journey.last, text, "played", len(entries))
            self._lines.append(line)
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
        text = str(describe(report))
        if entry.superseded:
            found.append(line_of(index, None, report, text, "superseded", count))
            continue
        number += 1
        count = index + 1
        found.append(line_of(index, number, report, text, "played", count))
    return found


def from_seat(text: str, by: str) -> str:
    """``text`` saying who played it when a seat did (``by``: its character's name; blank: the
    GM, and the text as it was): ``Kai: Check…`` reads ``Kai, from Kai's seat: Check…``.

    >>> from_seat("Kai: Check: Vigor 2", "Kai"), from_seat("Fortune Roll", "")
    ("Kai, from Kai's seat: Check: Vigor 2", 'Fortune Roll')
    """
    if not by or not text:
        return text
    named = f"{by}: "
    if text.startswith(named):
        return f"{by}, from {by}'s seat: {text[len(named) :]}"
    return f"From {by}'s seat: {text}"


def line_label(line: Any) -> str:
    """A line as plain text: ``12 · Discover a Region +2: …``, marked when not standing."""
    number = f"{line.number} · " if line.number is not None else "· "
    text = from_seat(line.text, getattr(line, "by", ""))
    return f"{number}{MARKS.get(line.status, '')}{text}"


def line_html(line: Any) -> str:
    """An entry as the journal shows it: number, mark, the title once in bold, the rest of the
    mechanics line with its cards drawn as small cards, and its dice as small dice after it. Its
    text reads as :func:`line_label`'s, the dice aside."""
    number = f"{line.number} · " if line.number is not None else "· "
    by = getattr(line, "by", "")
    title, text = from_seat(getattr(line, "title", ""), by), from_seat(line.text, by)
    if title and text.startswith(title):
        text = text[len(title) :]
        if text.startswith("; "):  # "Flee; you flee…": the title reads as a heading
            text = ": " + text[2:]
    else:
        title = ""
    body, at = [], 0
    for label in getattr(line, "cards", ()):
        found = text.find(label, at)
        if found < 0:
            continue
        colour = "red" if label[-1:] in "♥♦" else "black"
        body += [
            escape(text[at:found]),
            f'<span class="lantern-log-card lantern-card-{colour}">{escape(label)}</span>',
        ]
        at = found + len(label)
    body.append(escape(text[at:]))
    dice = "".join(
        f'<span class="lantern-die lantern-log-die" title="{face}">{FACES.get(face, face)}</span>'
        for face in getattr(line, "dice", ())
    )
    dice = f' <span class="lantern-log-dice" title="the dice rolled">{dice}</span>' if dice else ""
    mark = MARKS.get(line.status, "")
    return (
        f'<div class="lantern-log-entry lantern-log-{escape(line.status)}">'
        f'<span class="lantern-log-number">{escape(number)}</span>'
        f'<span class="lantern-log-mark">{escape(mark)}</span>'
        f'<b class="lantern-log-title">{escape(title)}</b>'
        f'<span class="lantern-log-text">{"".join(body)}</span>{dice}</div>'
    )


class _Shared:
    """What every row of one log shares: its text's layout and style, its button's (each a
    widget the page opens with a message of its own, so a row made on a click is four widgets,
    not eight)."""

    def __init__(self) -> None:
        self.text_layout, self.text_style = widgets.Layout(), HTMLStyle()
        self.look = button_look()


class _Slot(widgets.HBox):
    """A row of the log: an entry's text and its look button, shown where its CSS ``order``
    puts it. A slot is given another entry rather than replaced (see :class:`LogView`)."""

    def __init__(self, on_look: Callable[[Any], None], shared: _Shared) -> None:
        self.text = widgets.HTML(layout=shared.text_layout, style=shared.text_style)
        self.text.add_class("lantern-log-line")
        tip = "See the journey as it stood after this entry"
        self.look = button("↺", "lantern-log-look", tip, shared=shared.look)
        self.look.on_click(lambda _b: on_look(self.line))
        super().__init__([self.text, self.look], layout=widgets.Layout())
        self.add_class("lantern-log-row")
        self.line: Any = None

    def hold(self, line: Any, place: int) -> None:
        """Show ``line``, the ``place``-th in play order (the later, the higher it shows)."""
        if line != self.line:
            self.line = line
            self.text.value = line_html(line)
        order = str(-place)
        if self.layout.order != order:
            self.layout.order = order
        if self.layout.display is not None:
            self.layout.display = None

    def empty(self) -> None:
        """Hold nothing, hidden, until an entry needs a row."""
        if self.line is not None:
            self.line, self.text.value = None, ""
            self.remove_class("lantern-log-picked")
            self.layout.display = "none"


class LogView(widgets.VBox):
    """The journal of the journey, newest first; each entry with a button to look back at it.

    Why rows are slots that take another entry, never dropped nor put in front: the page's view
    of a box re-creates every child after the first one that changed, so an entry put at the
    front, or the oldest dropped from it, redrew every row (every tenth click was the slowest,
    when ten were dropped at once). Here the list only ever grows at its end (when *Show older*
    asks for more rows); a new entry takes the row of the one that left the window, or a hidden
    one, and each row's CSS ``order`` shows the newest first: one row changes per click.
    """

    def __init__(self, on_pick: Callable[[Any], None]) -> None:
        super().__init__()
        self.add_class("lantern-log")
        self._on_pick = on_pick
        self._lines: tuple[Any, ...] = ()
        self._all: Sequence[Any] = ()
        self._rows: dict[Any, _Slot] = {}
        self._slots: list[_Slot] = []
        self._shared = _Shared()
        self._picked: Any = None
        self.limit = SHOWN
        self.list = widgets.VBox()
        self.list.add_class("lantern-log-lines")
        self.older = button("Show older entries", "lantern-log-older", "Show more of the log")
        self.older.layout.order = "1"  # under every entry (theirs are 0 or less)
        self.older.layout.display = "none"
        self.older.on_click(lambda _b: self._show_older())
        self.list.children = (self.older,)
        self.detail = widgets.HTML()
        self.detail.add_class("lantern-log-detail")
        self.children = (self.detail, self.list)

    @property
    def lines(self) -> tuple[Any, ...]:
        """The lines shown, newest first."""
        return self._lines

    def show(self, lines: Sequence[Any]) -> None:
        """Show the newest ``limit`` of ``lines`` (in play order), newest first; nothing is sent
        when they did not change, and an entry already shown keeps its row."""
        self._all = lines
        first = max(0, len(lines) - self.limit)
        newest = tuple(reversed(lines[first:]))
        if newest == self._lines:
            return
        self._lines = newest
        wanted = set(newest)
        rows = {line: slot for line, slot in self._rows.items() if line in wanted}
        held = {id(slot) for slot in rows.values()}
        free = [slot for slot in self._slots if id(slot) not in held]
        free.reverse()  # the first rows are taken first
        count = len(self._slots)
        for place, line in enumerate(lines[first:], start=first):
            slot = rows.get(line)
            if slot is None:
                slot = free.pop() if free else self._slot()
                if line != slot.line:
                    slot.remove_class("lantern-log-picked")
                rows[line] = slot
            slot.hold(line, place)
        for slot in free:
            slot.empty()
        self._rows = rows
        if len(self._slots) != count:
            self.list.children = (self.older, *self._slots)
        self.older.layout.display = None if first > 0 else "none"
        if self._picked not in rows:
            self._picked = None
        if not newest:
            self.detail.value = '<span class="lantern-muted">Nothing played yet.</span>'
        elif self._picked is None:
            self.detail.value = (
                '<span class="lantern-muted">Newest first. ↺ shows the journey as it stood '
                "after an entry.</span>"
            )

    def row(self, index: int) -> widgets.HBox:
        """The row of the ``index``-th entry shown (0 is the newest), as the page shows them."""
        return self._rows[self._lines[index]]

    def clear_pick(self) -> None:
        """No entry looked at (the panel went back to now)."""
        self._mark(None)

    def pick(self, index: int) -> None:
        """Look at the ``index``-th entry shown (0 is the newest), as its button would."""
        self._look(self._lines[index])

    def _slot(self) -> _Slot:
        """A new row, for the end of the list (the only place a new child redraws nothing else)."""
        slot = _Slot(self._look_from_row, self._shared)
        self._slots.append(slot)
        return slot

    def close(self) -> None:
        """Close the log and what its rows share (held by no trait while it has no row)."""
        super().close()
        for shared in (self._shared.text_layout, self._shared.text_style, *self._shared.look):
            shared.close()

    def _look_from_row(self, line: Any) -> None:
        if line is not None:  # an emptied row's button is hidden with it
            self._look(line)

    def _show_older(self) -> None:
        self.limit += SHOWN
        self.show(self._all)

    def _mark(self, line: Any) -> None:
        if self._picked is not None and self._picked in self._rows:
            self._rows[self._picked].remove_class("lantern-log-picked")
        self._picked = line
        if line is not None and line in self._rows:
            self._rows[line].add_class("lantern-log-picked")

    def _look(self, line: Any) -> None:
        self._mark(line)
        status = {"superseded": " (replaced by a reroll)", "undone": " (undone)"}.get(
            line.status, ""
        )
        self.detail.value = (
            f'<div class="lantern-log-picked-text lantern-log-{escape(line.status)}">'
            f"Looking at: {escape(line_label(line))}{escape(status)}</div>"
        )
        self._on_pick(line)
