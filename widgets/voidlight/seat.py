"""A player's seat at the Voidlight table: their own screen, on the journey the GM plays.

Why a seat: the crew shares one Voidlight and one journey file, but each player looks at their
own character. A seat is a second notebook (``voidlight-seat.ipynb``) in another kernel, with its
own :class:`~rules.book.JourneyBook` on the same file; the book is the shared model (widgets do
not sync between kernels). It shows the claimed character's sheet, the Voidlight's dice and beam,
the crew's roster, the pools and the log, and follows the journey live as the GM's panel does
(:class:`widgets.frame.follow.Follower`): within a second of the GM's, or another seat's, write.

What a seat may do is act for its own character (a Check, a Push, a cost taken or skipped, an
item taken or dropped, their Critical Save): the crew's tools (the beam, the timer, the pools,
the oracle), joining and leaving, harm and rests, and the journey's Undo, New and Open are the
GM's, and a choice asked of another character is not offered. The countdown to the Voidlight's
next roll is never shown when the GM hides it (``state.hidden_timer``); the seat runs no timer.
A write that loses a race with the GM is refused in a sentence and the seat shows what the GM
played (:class:`rules.book.follow.PlayedFirst`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets

from rules.book import JourneyBook
from rules.errors import InvalidInput
from rules.voidlight import State
from widgets.frame import section
from widgets.frame.base import descendants
from widgets.parts.messages import guarded
from widgets.parts.theme import escape
from widgets.voidlight.panel import VoidlightPanel
from widgets.voidlight.timer import next_due

__all__ = ["HIDDEN", "VoidlightSeat"]

#: What a seat says of the countdown when the GM hides it.
HIDDEN = "The countdown is the GM's: hidden from the players' seats."
NO_ONE = "— choose your character —"
WAITING = (
    '<div class="lantern-seat-waiting"><b>A seat at the table</b>: the GM creates the crew on '
    "their notebook; this seat shows it as soon as they do.</div>"
)


class VoidlightSeat(VoidlightPanel):
    """One player's view of the crew's journey, acting for the character it claims only.

    ``claim``: the character's name (or choose it in the seat's dropdown); ``sleep`` is what the
    follow task awaits between looks (tests inject a fake; by default :func:`asyncio.sleep`).
    """

    title = "◐ Voidlight — a seat"
    plain_text = "◐ Voidlight: a player's seat (run the notebook to sit at the table)"
    #: The seat showing each journey file (a GM's panel on the file is not replaced by it).
    _seats: ClassVar[dict[Path, VoidlightSeat]] = {}

    def __init__(
        self,
        book: JourneyBook[Any, Any],
        *,
        claim: str = "",
        sleep: Callable[[float], Awaitable[Any]] | None = None,
    ) -> None:
        if not isinstance(book, JourneyBook):
            raise InvalidInput(
                f"a seat follows a journey file: give it a JourneyBook, not {type(book).__name__}"
            )
        self.claimed = ""
        super().__init__(book, follow_sleep=sleep)
        if self.controls is not None:  # New, Open, Undo... are the GM's
            self.controls.layout.display = "none"
        if claim:
            self.claim(claim)

    # --- what a seat shows -------------------------------------------------------------------

    def _replace_earlier_panel(self) -> None:
        """Run All in the seat's notebook closes the seat it replaces, never the GM's panel."""
        path = self.journey.path
        earlier = VoidlightSeat._seats.get(path)
        if earlier is not None and earlier is not self:
            earlier.close(close_journey=earlier.journey is not self.journey)
        VoidlightSeat._seats[path] = self

    def build(self) -> None:
        super().build()
        self.claim_choice = widgets.Dropdown(description="I play", options=[NO_ONE])
        self.claim_choice.add_class("lantern-seat-claim")
        self.claim_choice.observe(self._claimed, "value")
        self.seat_note = widgets.HTML()
        self.seat_note.add_class("lantern-seat-note")
        self.countdown = widgets.HTML()
        self.countdown.add_class("lantern-seat-countdown")
        self.waiting = widgets.HTML(WAITING)

    def board(self) -> Sequence[widgets.Widget]:
        return (
            section("Your seat", self.claim_choice, self.seat_note, css_class="lantern-seat"),
            self.roster_section,
            self.sheet,
            section("Voidlight", self.light, self.countdown, css_class="lantern-voidlight-section"),
            section("Encounter Pools and enemies", self.encounters, self.enemies),
        )

    def actions(self) -> Sequence[widgets.Widget]:
        gear = [rows for title, rows in self.gear.sections() if title == "Gear and Credits"]
        return (
            section("Checks", *self.checks.widgets()),
            *(section("Gear and Credits", *rows) for rows in gear),
        )

    def create(self) -> widgets.Widget:
        return self.waiting

    # --- whose seat --------------------------------------------------------------------------

    def claim(self, name: str) -> None:
        """Sit as ``name`` (one of the crew): the sheet shown and every action made are theirs."""
        names = self.state.names
        if name not in names:
            crew = ", ".join(map(repr, names)) or "no one yet"
            raise InvalidInput(f"{name!r} is not in the crew: choose one of {crew}")
        self.claimed = name
        self.render()

    def _claimed(self, change: dict[str, Any]) -> None:
        value = change["new"]
        if value != NO_ONE and value != self.claimed:
            with guarded(self.messages):
                self.claim(value)

    def who(self) -> str:
        """The claimed character ("" for a crew of one: a solo record reads as it always did)."""
        return self.open_in(self.state)

    def open_in(self, state: State) -> str:
        names = state.names
        if len(names) <= 1 and self.claimed in names:
            return ""
        return self.claimed if self.claimed in names else (names[0] if names else "")

    def open_sheet(self, name: str) -> None:
        """A name on the roster opens nothing here: a seat shows its own character's sheet."""

    def _mine(self, state: State) -> bool:
        """Whether this seat may act now: it claimed someone in the crew, and no choice is asked
        of another character."""
        if self.claimed not in state.names:
            return False
        pending = state.pending
        return pending is None or not pending.who or pending.who == self.claimed

    # --- rendering ---------------------------------------------------------------------------

    def render_board(self, state: State, live: bool) -> None:
        super().render_board(state, live)
        names = state.names
        options = [NO_ONE, *names]  # never reshuffled under a pick: the page sends an index
        with self.claim_choice.hold_trait_notifications():
            if tuple(self.claim_choice.options) != tuple(options):
                self.claim_choice.options = options
            self.claim_choice.value = self.claimed if self.claimed in names else NO_ONE
        self.seat_note.value = self._seat_html(state)
        self.countdown.value = self._countdown_html(state)
        # The roster shows the crew; a seat opens no other sheet, so its names are not buttons.
        self.crew.roster_note.value = ""
        for each in descendants(self.crew.roster):
            if isinstance(each, widgets.Button):
                each.disabled = True
                each.tooltip = "Each player acts for their own character, from their own seat"

    def render_actions(self, state: State) -> None:
        super().render_actions(state)
        if not self._mine(state):
            for each in descendants(self._actions_box):
                if isinstance(each, widgets.Button):
                    each.disabled = True

    def _seat_html(self, state: State) -> str:
        if self.claimed not in state.names:
            return '<div class="lantern-muted">Choose your character to act for them.</div>'
        pending = state.pending
        if pending is not None and pending.who and pending.who != self.claimed:
            return (
                f"<div>You play <b>{escape(self.claimed)}</b>. Waiting for "
                f"<b>{escape(pending.who)}</b>: {escape(pending.asked)}</div>"
            )
        return f"<div>You play <b>{escape(self.claimed)}</b>: your actions act for them.</div>"

    def _countdown_html(self, state: State) -> str:
        """The next thing due in expedition minutes, or, when the GM hides it, only that."""
        if state.hidden_timer:
            return f'<div class="lantern-muted">{escape(HIDDEN)}</div>'
        ahead = next_due(state) if state.clock.timer == "interval" else None
        if ahead is None:
            return '<div class="lantern-muted">The GM rolls the Voidlight between scenes.</div>'
        minutes, what = ahead
        return f"<div>Next on the GM's timer: {escape(what)} in {minutes} expedition minutes.</div>"

    def close(self, close_journey: bool = True) -> None:
        if isinstance(self.journey, JourneyBook):
            path = self.journey.path
            if VoidlightSeat._seats.get(path) is self:
                del VoidlightSeat._seats[path]
        super().close(close_journey)
