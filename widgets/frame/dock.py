"""The result of the last click, what it asks next and any error, kept beside the control clicked.

Why it moves: a panel is taller than a 1400×1000 window. A result shown at the top of the actions
is 800 px away from a tool near the bottom, so the player clicks and sees nothing change. The dock
is one box (the frame's report, the choice the rules leave to the player, the message line) that
sits at the top of the actions until a control that played an action or posted a message is
clicked; then it moves to just under that control's row, inside the section that holds it
(:func:`~widgets.frame.section`). A control outside every section (or one gone from the page, such
as a choice button that its own click replaced) leaves the dock where it is.

Only sections' own rows take the dock: a section's children are built once and never replaced, so
the dock is never inside a box that a render swaps out (and closes, see
:func:`~widgets.frame.connection.replace_children`).

Why slots: the page's view of a box re-creates every child after the first one that changed. A
dock inserted between two rows redrew every row after it, and a dock leaving the top of the
actions redrew the whole column, on most clicks. So :func:`~widgets.frame.section` keeps an empty
:func:`slot` after each row, the top of the actions is one too, and the dock moves from one slot
into another: two small boxes change, the rows around them stay as they are.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeGuard

import ipywidgets as widgets

from widgets.parts.theme import escape

__all__ = ["SECTION_CLASS", "SLOT_CLASS", "ResultDock", "just_now_html", "shown_tree", "slot"]

#: The class :func:`widgets.frame.section` gives its box: the rows the dock may follow.
SECTION_CLASS = "lantern-section-box"
#: The class of the empty box after each of a section's rows, where the dock goes.
SLOT_CLASS = "lantern-dock-slot"


def just_now_html(report: Any, by: str) -> str:
    """What someone else just played, in one line: ``just now: Kai, from Kai's seat — Check:
    partial``, ``just now: Vex (GM) — Fortune Roll: yes``. The dock holds the result of this
    panel's own clicks only: an action another kernel played (a seat's, the GM's) is told here
    and in the log, never under the controls of someone who did not click it. ``by`` is the
    seat that played it (blank: the GM's table).

    >>> from rules.voidlight import Report
    >>> just_now_html(Report("Skip the cost", who="Kai"), "Kai").split("</span> ")[1]
    'Kai, from Kai&#x27;s seat — Skip the cost</div>'
    """
    who = getattr(report, "who", "") or ""
    title = str(getattr(report, "title", "") or report)
    # The words a player reads for the outcome (a report may say it otherwise than its record).
    outcome = getattr(report, "said_outcome", None) or getattr(report, "outcome", None)
    actor = f"{by}, from {by}'s seat" if by else f"{who} (GM)" if who else "the GM"
    told = f": {outcome}" if outcome else ""
    return (
        '<div class="lantern-just-now"><span class="lantern-subtle">just now:</span> '
        f"{escape(actor)} — {escape(title)}{escape(told)}</div>"
    )


def slot() -> widgets.VBox:
    """An empty place for the dock (see the module's docstring)."""
    made = widgets.VBox()
    made.add_class(SLOT_CLASS)
    return made


def _is_slot(widget: widgets.Widget) -> TypeGuard[widgets.Box]:
    return isinstance(widget, widgets.Box) and SLOT_CLASS in widget._dom_classes


def _is_section(widget: widgets.Widget) -> bool:
    return SECTION_CLASS in getattr(widget, "_dom_classes", ())


def shown_tree(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """``root`` and every widget under it through ``children``: what the page shows of it."""
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(getattr(widget, "children", ()))


def _buttons(root: widgets.Widget) -> Iterator[widgets.Button]:
    return (each for each in shown_tree(root) if isinstance(each, widgets.Button))


def _contains(root: widgets.Widget, target: widgets.Widget) -> bool:
    return any(each is target for each in shown_tree(root))


class ResultDock:
    """``box`` holds ``parts``; it starts first in ``home`` and follows the controls clicked.

    ``roots()`` returns the boxes whose controls are watched (the panel's columns as shown now);
    ``moves()`` says whether the click just handled played or told something (else the dock stays:
    a click that only picks a hero should not push the next row down); ``told()`` is called after
    such a click, the dock in its place (the panel then shows it whole in the window).
    """

    def __init__(
        self,
        parts: Sequence[widgets.Widget],
        roots: Callable[[], Sequence[widgets.Widget]],
        moves: Callable[[], bool],
        told: Callable[[], object] = lambda: None,
    ) -> None:
        self.box = widgets.VBox(list(parts))
        self.box.add_class("lantern-dock")
        self._roots = roots
        self._moves = moves
        self._told = told
        #: Where the dock rests when no click has moved it (the top of the right column).
        self.home: widgets.Box | None = None
        self._parent: widgets.Box | None = None  # the section (or home) the dock is in
        self._holder: widgets.Box | None = None  # the box listing it: a slot, or that section
        self._watched: weakref.WeakSet[widgets.Button] = weakref.WeakSet()

    @property
    def parent(self) -> widgets.Box | None:
        """The box the dock is in now (``home`` until a control moved it)."""
        return self._parent

    def settle(self) -> None:
        """Watch the controls shown now, and go home if the box holding the dock was emptied."""
        for root in self._roots():
            for each in _buttons(root):
                if each not in self._watched:
                    self._watched.add(each)
                    each.on_click(self._clicked)
        holder = self._holder
        if holder is None or self.box not in holder.children or not self._shown(holder):
            self.go_home()

    def go_home(self) -> None:
        """Back to the top of the actions (another journey, the ending, looking back)."""
        home = self.home
        if home is None:
            return
        self._leave()
        if _is_slot(home):
            home.children = (self.box,)
        else:
            home.children = (self.box, *(c for c in home.children if c is not self.box))
        self._parent = self._holder = home

    def follow(self, control: widgets.Widget) -> bool:
        """Move under ``control``'s row in its section; False (left where it is) when it is in
        no section shown now."""
        found = self.row_of(control)
        if found is None:
            return False
        section, row = found
        children = [c for c in section.children if c is not self.box]
        at = next(i for i, c in enumerate(children) if c is row)
        after = children[at + 1] if at + 1 < len(children) else None
        if after is not None and _is_slot(after):
            if self._holder is not after:
                self._leave()
                after.children = (self.box,)
            self._parent, self._holder = section, after
            return True
        # a section that keeps no slots (one a game built itself): the dock goes in as a row
        wanted = (*children[: at + 1], self.box, *children[at + 1 :])
        if section is self._holder and tuple(section.children) == wanted:
            return True
        if section is not self._holder:
            self._leave()
        section.children = wanted
        self._parent = self._holder = section
        return True

    def _clicked(self, control: widgets.Button) -> None:
        if self._moves():
            self.follow(control)
            self._told()

    def _leave(self) -> None:
        holder = self._holder
        if holder is not None and self.box in holder.children:
            holder.children = tuple(c for c in holder.children if c is not self.box)
        self._parent = self._holder = None

    def _shown(self, box: widgets.Widget) -> bool:
        return box is self.home or any(_contains(root, box) for root in self._roots())

    def row_of(self, control: widgets.Widget) -> tuple[widgets.Box, widgets.Widget] | None:
        """The innermost section shown that holds ``control``, and its row that does."""
        best: tuple[widgets.Box, widgets.Widget] | None = None
        stack: list[tuple[widgets.Widget, tuple[widgets.Box, widgets.Widget] | None]] = [
            (root, None) for root in self._roots()
        ]
        while stack:
            widget, inside = stack.pop()
            if widget is control:
                best = inside
                break
            if widget is self.box:
                continue
            for child in getattr(widget, "children", ()):
                if _is_section(widget):
                    stack.append((child, (widget, child)))  # type: ignore[arg-type]
                else:
                    stack.append((child, inside))
        return best
