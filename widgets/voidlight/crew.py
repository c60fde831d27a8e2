"""The GM's table: the roster of the crew, whose sheet is open, and joining and leaving.

Why a roster: in a crew every control about a character acts for the one whose sheet is open,
so the GM must see at a glance who that is and how each of the others stands (Hit Points, slots,
standing / dying / lost / left), and open another's sheet with one click. A crew of one shows no
roster: solo play looks as it always did. Joining and leaving are actions like any other
(:class:`rules.voidlight.Join`, :class:`rules.voidlight.Leave`); which are offered is
:func:`rules.voidlight.available`.

The roster also says who sits where: a character played from a player's seat is marked so (with
the player's name when the seat gave one), and Free seat lets another seat sit as them (a GM's
action in the journey: :class:`rules.voidlight.FreeSeat`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from rules.voidlight import ATTRIBUTES, SLOTS, FreeSeat, Join, Leave, State, available, why_not
from rules.voidlight.seats import holder
from widgets.frame.connection import replace_children
from widgets.parts.theme import escape
from widgets.voidlight.controls import Act, Who, button, gate
from widgets.voidlight.sheet import hp_bar

__all__ = ["HOW", "CrewBar", "roster_line"]

#: The Join form's choices for the Attributes, as (label, value).
HOW = [("at random", "random"), ("by points", "points")]
#: The Join button's tooltip (``{points}``: the journey's creation points).
JOIN_TIP = (
    "A new character joins the crew at the table (at most 6). House rules: by points, {points} "
    "over the four Attributes, each 0 to 3; or at random, 4 dice per Attribute, each Hit adds 1, "
    "all rerolled while the total is under 3; 1D x 10 Credits"
)
#: The Leave button's tooltip.
LEAVE_TIP = (
    "The character whose sheet is open leaves the expedition, and their gear with them "
    "(someone standing or dying stays behind)"
)
#: A crew member's button's tooltip (``{name}``: theirs).
OPEN_TIP = "Open {name}'s sheet: the checks, gear and rests below act for them"
#: The tooltip of the button that frees a seat (``{name}``: the character played there).
FREE_TIP = (
    "Free the seat {name} is played from: that seat plays nothing more, and another seat may "
    "sit as {name}"
)
#: The roster's word for each status (short: a row stays one line), and what it means.
STATUS_TIPS = {
    "standing": "standing: plays on",
    "dying": "dying: taken out; a Long Rest in time wakes them",
    "lost": "lost to the dark: stays on the roster, plays no more",
}


def roster_line(state: State, name: str) -> str:
    """One character of the roster in words: Hit Points (a bar), slots used, status."""
    sheet = state.member(name)
    status = sheet.status
    mark = "lantern-dead" if status != "standing" else "lantern-success"
    return (
        f'<span class="lantern-roster-line">{hp_bar(sheet.hp, sheet.max_hp)} '
        f"HP <b>{sheet.hp}/{sheet.max_hp}</b> · slots <b>{sheet.used_slots}/{SLOTS}</b> · "
        f'<b class="lantern-roster-status {mark}" data-status="{status}" '
        f'title="{escape(STATUS_TIPS.get(status, status))}">{escape(status)}</b></span>'
    )


def seat_words(seated: tuple[str, str] | None) -> str:
    """Where a character is played from, for the GM's roster: a player's seat, or this table."""
    if seated is None:
        return ' · <span class="lantern-roster-seat lantern-subtle">at this table</span>'
    player = f" ({escape(seated[1])})" if seated[1] else ""
    return f' · <b class="lantern-roster-seat" data-seated="1">from a seat{player}</b>'


class CrewBar:
    """The roster (a crew of two or more) and the joining and leaving controls.

    ``open_sheet(name)`` is the panel's way to open a character's sheet; ``who()`` says whose is
    open now ("" for a crew of one)."""

    def __init__(self, act: Act, open_sheet: Callable[[str], None], who: Who) -> None:
        self._act = act
        self._open_sheet = open_sheet
        self._who = who
        self.roster = widgets.VBox()
        self.roster.add_class("lantern-roster")
        self.roster_note = widgets.HTML()
        self.roster_note.add_class("lantern-roster-note")
        self._rows: dict[str, tuple[widgets.Button, widgets.HTML, widgets.Button]] = {}
        self._shown: tuple[str, ...] = ()
        self.join_name = widgets.Text(
            placeholder="a new character's name", layout={"width": "14em"}
        )
        self.join_name.add_class("lantern-join-name")
        self.join_pronouns = widgets.Text(placeholder="pronouns", layout={"width": "8em"})
        self.join_pronouns.add_class("lantern-join-pronouns")
        self.join_how = widgets.Dropdown(options=HOW, value="random", layout={"width": "9em"})
        self.join_how.add_class("lantern-join-how")
        self.join_how.observe(lambda _c: self._show_points(), "value")
        self.join_points = {
            name: widgets.BoundedIntText(
                value=value, min=0, max=3, description=name.title(),
                layout={"width": "9.5em"}, style={"description_width": "4.5em"},
            )
            for name, value in zip(ATTRIBUTES, (2, 1, 1, 1), strict=True)
        }  # fmt: skip
        self.points_row = widgets.HBox(list(self.join_points.values()))
        self.points_row.add_class("lantern-join-points")
        self.join_button = button("Join the crew", "join", JOIN_TIP, "primary")
        self.join_button.on_click(lambda _b: self._join())
        self.leave_button = button("Leaves the expedition", "leave", LEAVE_TIP)
        self.leave_button.on_click(lambda _b: self._act(lambda: Leave(self._who())))
        self.leave_words = widgets.HTML(
            '<span class="lantern-subtle">with their gear; the roster marks them</span>'
        )
        self.leave_row = widgets.HBox([self.leave_button, self.leave_words])
        self._show_points()

    def sections(self) -> list[tuple[str, list[widgets.Widget]]]:
        """The roster (first on the board) and the joining and leaving (last): titled groups."""
        return [
            ("Crew", [self.roster_note, self.roster]),
            ("Join or leave the crew", [
                widgets.HBox([self.join_name, self.join_pronouns, self.join_how,
                              self.join_button]),
                self.points_row,
                self.leave_row,
            ]),
        ]  # fmt: skip

    # --- acting ------------------------------------------------------------------------------

    def _join(self) -> None:
        name, pronouns = self.join_name.value.strip(), self.join_pronouns.value.strip()
        if self.join_how.value == "random":
            report = self._act(lambda: Join(name, pronouns, at_random=True))
        else:
            # Join's four score fields, by their names in ATTRIBUTES (mypy cannot match names)
            scores: dict[str, Any] = {key: box.value for key, box in self.join_points.items()}
            report = self._act(lambda: Join(name, pronouns, **scores))
        if report is not None:
            self.join_name.value = self.join_pronouns.value = ""
            self._open_sheet(name)  # the GM goes on with the one who just sat down

    def _show_points(self) -> None:
        self.points_row.layout.display = "" if self.join_how.value == "points" else "none"

    # --- showing -----------------------------------------------------------------------------

    def render_roster(self, state: State, open_name: str, left: Sequence[str] = ()) -> None:
        """The roster of ``state``'s crew, ``open_name``'s row marked open; ``left``: those who
        left the expedition (named, their sheets gone with them)."""
        names = state.names
        shown = (*names, *(f"left:{name}" for name in left))
        if shown != self._shown:
            self._shown = shown
            self._rows = {key: self._row(key) for key in shown}
            replace_children(self.roster, [widgets.HBox(list(row)) for row in self._rows.values()])
        for key, (each, line, free) in self._rows.items():
            if key.startswith("left:"):
                line.value = (
                    '<span class="lantern-roster-line lantern-muted" title="left the '
                    'expedition, and their gear with them">left</span>'
                )
                continue
            opened = key == open_name
            each.button_style = "info" if opened else ""
            each.description = f"▸ {key}" if opened else key
            seated = holder(state, key)
            free.layout.display = "" if seated else "none"
            line.value = roster_line(state, key) + seat_words(seated)
        if len(names) > 1 and open_name:
            self.roster_note.value = (
                f'<span class="lantern-subtle">The controls act for <b>{escape(open_name)}</b>, '
                "whose sheet is open: click a name to open another's.</span>"
            )
        else:
            self.roster_note.value = ""

    def _row(self, key: str) -> tuple[widgets.Button, widgets.HTML, widgets.Button]:
        gone = key.startswith("left:")
        name = key.removeprefix("left:")
        each = button(name, "roster-name", OPEN_TIP.format(name=name))
        each.add_class("lantern-roster-name")
        each.layout.width = "9em"
        each.disabled = gone
        if not gone:
            each.on_click(lambda _b: self._open_sheet(name))
        line = widgets.HTML()
        line.add_class("lantern-roster-row")
        free = button("Free seat", "free-seat", FREE_TIP.format(name=name))
        free.add_class("lantern-roster-free")
        free.layout.display = "none"
        if not gone:
            free.on_click(lambda _b: self._act(FreeSeat(name)))
        return each, line, free

    def render_controls(self, state: State, live: bool = True) -> None:
        """Join and leave, gated by the rules (the leave button names whose sheet is open)."""
        who = self._who() if state.crew else ""
        tip = JOIN_TIP.format(points=state.points)
        gate(self.join_button, available(state) if live else (), "join", tip,
             why_not(state, "join") if live else "looking back")  # fmt: skip
        self.leave_row.layout.display = "" if len(state.crew) > 1 else "none"
        if len(state.crew) > 1:
            self.leave_button.description = f"{who} leaves the expedition"
            offered = available(state, who) if live else ()
            why = why_not(state, "leave", who) if live else "looking back"
            gate(self.leave_button, offered, "leave", LEAVE_TIP, why)
