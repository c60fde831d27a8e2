"""A player's seat at the Voidlight table: their own screen, on the journey the GM plays.

Why a seat: the crew shares one Voidlight and one journey file, but each player looks at their
own character. A seat runs in a kernel of its own (a seat notebook, or a seat page served by
Voilà) with its own :class:`~rules.book.JourneyBook` on the same file; the book is the shared model
(widgets do not sync between kernels). It follows the journey live as the GM's panel does
(:class:`widgets.frame.follow.Follower`).

A seat is bound to one character by an action in the journey (:mod:`rules.voidlight.seats`):
``VoidlightSeat(book, claim="Kai")`` sits as Kai unless another seat plays Kai (then it says who,
and plays nothing until the GM frees that seat); the same seat (``seat``: its id, stable across a
re-run, a kernel restart and Run All) sits again without a new row.

What a seat may not do, it holds no widget for (absent, not hidden: ipywidgets does not check in
the kernel whether a control is shown or enabled, so the page's widget manager can click any
model it holds). It builds no journey controls (Undo, New, Open, Write to journal), no timer, no
beam, pools or oracle, no joining or leaving, no harm, rests or Advice. And every action it plays
passes one check in Python (:meth:`VoidlightSeat.play`, the one way the frame writes) before the
Journey Book sees it: only what a seat may play, only for its own character
(:func:`rules.voidlight.seats.seat_refusal`); the book records the seat as who played it.

When the GM hides the timer (``state.hidden_timer``, group play's default) no model of the seat
holds the countdown, the interval or the minute of the next roll: its Voidlight, result box and
log show the reports' lines for the players (:meth:`rules.voidlight.Report.for_players`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets

from rules.book import JourneyBook
from rules.book.follow import PlayedFirst
from rules.book.seat_pages import holds, take
from rules.errors import IllegalAction, InvalidInput
from rules.voidlight import Report, State, TakeSeat, seat_refusal, seated_as
from widgets.frame import section
from widgets.frame.choice import ChoiceRow
from widgets.frame.recap import recap_html
from widgets.frame.tree import descendants
from widgets.parts.theme import escape
from widgets.voidlight.action_bar import CheckBar
from widgets.voidlight.crew import roster_line
from widgets.voidlight.items import ItemRows
from widgets.voidlight.panel import VoidlightPanel
from widgets.voidlight.seat_parts import GM_TIMER, NOT_YOURS, seat_id, seat_light_html
from widgets.voidlight.sheet import (
    encounters_html,
    enemies_html,
    report_html,
    sheet_html,
    status_html,
)
from widgets.voidlight.timer import next_due

__all__ = ["GM_TIMER", "HIDDEN", "SIT_TRIES", "TAKEN_OVER", "VoidlightSeat"]

#: What a page says once the same seat was opened elsewhere (another device, another tab).
TAKEN_OVER = (
    "{name}'s seat was opened on another device or tab, which plays for {name} now: this page "
    "plays nothing more. Reload it to play here again (the other page then stops)."
)

#: How often a seat asks to sit, at once, when the GM wrote while it asked (by itself or by the
#: player's *Sit here*; a busy table could race it each time: it then says so, and a seat that
#: sits by itself tries again at the next write it reads).
SIT_TRIES = 3

#: What a seat says of the countdown when the GM hides it.
HIDDEN = GM_TIMER
#: What a seat shows before the GM has created the crew.
WAITING = (
    '<div class="lantern-seat-waiting"><b>A seat at the table</b>: the GM creates the crew on '
    "their notebook; this seat shows it as soon as they do.</div>"
)


class VoidlightSeat(VoidlightPanel):
    """One player's view of the crew's journey, acting for the character it is bound to only.

    ``claim``: the character's name this seat sits as (it waits for them to join when they have
    not yet); ``choose``: with no ``claim``, the seat offers the crew's characters and sits as the
    one the player picks (the seat notebook on the GM's machine; a seat link never offers it:
    its character is the link's), the pick checked in the kernel as any claim is; ``seat``: the seat's id (by default one derived from the journey, the notebook
    and ``claim``: :func:`~widgets.voidlight.seat_parts.seat_id`); ``player``: the player's name,
    shown on the GM's roster; ``sleep``: what the follow task awaits between looks (tests inject
    a fake; by default :func:`asyncio.sleep`).
    """

    title = "◐ Voidlight — a seat"
    plain_text = "◐ Voidlight: a player's seat (run the notebook to sit at the table)"
    gm_table = False
    #: The seat showing each journey file, by seat id (a GM's panel on the file is not replaced
    #: by it, nor is another seat).
    _seats: ClassVar[dict[tuple[Path, str], VoidlightSeat]] = {}
    #: The seat's gear, Take and Drop, not the GM's whole Gear bar: every method of the panel
    #: that uses ``gear`` (build, actions, render_actions) is replaced here.
    gear: ItemRows  # type: ignore[assignment]

    def __init__(
        self,
        book: JourneyBook[Any, Any],
        *,
        claim: str = "",
        seat: str = "",
        player: str = "",
        choose: bool = False,
        sleep: Callable[[float], Awaitable[Any]] | None = None,
    ) -> None:
        if not isinstance(book, JourneyBook):
            raise InvalidInput(
                f"a seat follows a journey file: give it a JourneyBook, not {type(book).__name__}"
            )
        if not isinstance(claim, str) or not isinstance(seat, str):
            raise InvalidInput(f"a seat's claim and id are text, not {claim!r} and {seat!r}")
        self.seat_id = seat or seat_id(book.path, claim)
        self.player = player
        self.wanted = claim  # the character this seat asks to sit as
        self._refused = ""  # the refusal of the last try to sit, shown until it changes
        self._sat = False  # whether this seat has sat: once the GM frees it, it sits no more
        if book.state.hidden_timer:  # the log's lines as the players read them
            book.describe = _for_players(book.describe)
        self._chooses = bool(choose) and not claim  # a seat on one machine: the player picks
        self._page = take(book.path, self.seat_id)  # this page sits here now, not an older one
        self._taken_over = False
        super().__init__(book, follow_sleep=sleep)
        self._sit()

    # --- whose seat --------------------------------------------------------------------------

    @property
    def claimed(self) -> str:
        """The character this seat plays, as the journey records it ("" when none)."""
        return seated_as(self.state, self.seat_id)

    def claim(self, name: str) -> None:
        """Sit as ``name`` (one of the crew): the sheet shown and every action played are theirs.
        Sitting again where this seat sits already writes nothing; a character another seat
        plays is refused, naming who holds them. A write that loses a race (someone played
        first) is asked again at once on the journey as it now stands, up to :data:`SIT_TRIES`
        times: the player did nothing wrong."""
        names = self.state.names
        if name not in names:
            crew = ", ".join(map(repr, names)) or "no one yet"
            raise InvalidInput(f"{name!r} is not in the crew: choose one of {crew}")
        self.wanted = name
        for tried in range(1, SIT_TRIES + 1):
            if self.claimed == name:
                break
            try:
                self.play(TakeSeat(name, self.seat_id, self.player))
            except PlayedFirst:  # the book holds what was played first now: ask again on it
                if tried == SIT_TRIES:
                    raise
        self._sat = True
        self.render()

    def _sit(self) -> None:
        """Sit as the character asked for, once they are in the crew and this seat plays no
        one; a refusal is said once, in the seat's note and messages. A seat the GM freed sits
        no more (until it is opened again: a re-run, a restart)."""
        name, state = self.wanted, self.state
        if self.claimed:
            self._sat = True
        if not name or self.claimed or name not in state.names or self._sat:
            return
        try:
            self.claim(name)
            self._refused = ""
            return
        except (PlayedFirst, IllegalAction, InvalidInput) as error:
            refused = str(error)
        if refused != self._refused:
            self._refused = refused
            self.messages.error(refused)
        self.render()

    @property
    def taken_over(self) -> bool:
        """Whether the same seat was opened since on another page (it plays there now)."""
        if not self._taken_over and not holds(self.journey.path, self.seat_id, self._page):
            self._taken_over = True
        return self._taken_over

    def _taken_over_sentence(self) -> str:
        return TAKEN_OVER.format(name=self.claimed or self.wanted or "This")

    def poll(self) -> int:
        if not self._taken_over and self.taken_over:  # said once, the controls put out
            self.messages.error(self._taken_over_sentence())
            self.render()
        read = super().poll()
        if read and not self._taken_over:
            self._sit()  # the crew may now hold the character asked for, or their seat be free
        return read

    def play(self, action: Any, given: Any = None, *, draw_rest: bool = False) -> Any:
        """The one way this seat writes: an action it may not play is refused here, in a
        sentence, before the Journey Book sees it (whatever the page sent); the book records
        this seat's character as who played it."""
        state = self.state
        kind = getattr(action, "kind", "")
        if self.taken_over:
            raise IllegalAction(self._taken_over_sentence())
        if isinstance(action, TakeSeat):
            why = None if action.seat == self.seat_id else "a seat sits only as itself"
        else:
            why = seat_refusal(state, self.seat_id, str(kind), getattr(action, "who", ""))
        if why is not None:
            raise IllegalAction(why)
        by = action.who if isinstance(action, TakeSeat) else self.claimed
        if given:
            return self.journey.play(action, given, draw_rest=draw_rest, by=by)
        return self.journey.play(action, by=by)

    def who(self) -> str:
        """The character this seat plays ("" for a crew of one: a solo record reads as it
        always did)."""
        return self.open_in(self.state)

    def open_in(self, state: State) -> str:
        names, claimed = state.names, seated_as(state, self.seat_id)
        if len(names) <= 1 and claimed in names:
            return ""
        return claimed

    def open_sheet(self, name: str) -> None:
        """A seat shows its own character's sheet only."""

    def _mine(self, state: State) -> bool:
        """Whether this seat may act now: it plays someone, and no choice is asked of another."""
        claimed = seated_as(state, self.seat_id)
        if not claimed or self._taken_over:
            return False
        pending = state.pending
        return pending is None or not pending.who or pending.who == claimed

    # --- what a seat shows -------------------------------------------------------------------

    def _replace_earlier_panel(self) -> None:
        """Run All in the seat's notebook closes the seat it replaces (the same seat), never the
        GM's panel or another seat."""
        key = (self.journey.path, self.seat_id)
        earlier = VoidlightSeat._seats.get(key)
        if earlier is not None and earlier is not self:
            earlier.close(close_journey=earlier.journey is not self.journey)
        VoidlightSeat._seats[key] = self

    def build(self) -> None:
        self.checks = CheckBar(self.act, self.who)
        self.gear = ItemRows(self.act, self.who)
        self.checks.position.observe(lambda _c: self._rerender_actions(), "value")
        self.checks.save_position.observe(lambda _c: self._rerender_actions(), "value")
        self.sheet, self.light, self.encounters, self.enemies = (widgets.HTML() for _ in range(4))
        for part, name in ((self.sheet, "sheet"), (self.light, "light")):
            part.add_class(f"lantern-{name}-view")
        self.encounters.add_class("lantern-encounters-view")
        self.roster = widgets.HTML()
        self.roster.add_class("lantern-roster")
        self.seat_note = widgets.HTML()
        self.seat_note.add_class("lantern-seat-note")
        self.countdown = widgets.HTML()
        self.countdown.add_class("lantern-seat-countdown")
        self.waiting = widgets.HTML(WAITING)
        self.choice = ChoiceRow(self._choose)
        self._choice_key: object = ()
        self.sit_as: widgets.Dropdown | None = None
        self.sit_button: widgets.Button | None = None
        self._sit_row: widgets.HBox | None = None
        if self._chooses:  # absent from every other seat, a link's above all
            self.sit_as = widgets.Dropdown(description="Sit as", options=())
            self.sit_button = widgets.Button(description="Sit here", button_style="primary")
            self.sit_button.on_click(lambda _b: self._pick())
            self._sit_row = widgets.HBox([self.sit_as, self.sit_button])
            self._sit_row.add_class("lantern-seat-pick")

    def board(self) -> Sequence[widgets.Widget]:
        return (
            section(
                "Your seat",
                self.seat_note,
                *([self._sit_row] if self._sit_row is not None else []),
                css_class="lantern-seat",
            ),
            section("Crew", self.roster, css_class="lantern-crew-section"),
            self.sheet,
            section("Voidlight", self.light, self.countdown, css_class="lantern-voidlight-section"),
            section("Encounter Pools and enemies", self.encounters, self.enemies),
        )

    def actions(self) -> Sequence[widgets.Widget]:
        return (
            section("Checks", *self.checks.widgets()),
            section("Gear", *self.gear.rows()),
        )

    def create(self) -> widgets.Widget:
        return self.waiting

    def reset_create(self) -> None:
        """A seat creates no character: the GM does."""

    # --- rendering ---------------------------------------------------------------------------

    def _pick(self) -> None:
        """Sit as the character picked: the seat's id becomes the one of that character on this
        notebook (a reload that picks them again sits at the same seat, with no new row); the
        rules refuse a character another seat plays, naming who holds them."""
        name = self.sit_as.value if self.sit_as is not None else None
        if not isinstance(name, str) or not name:
            self.messages.error("Pick the character you play, then click Sit here.")
            return
        if self.claimed or self._taken_over:
            self.messages.error(f"This seat plays {self.claimed or 'no one'} already.")
            return
        self.seat_id = seat_id(self.journey.path, name)
        self._page = take(self.journey.path, self.seat_id)
        try:
            self.claim(name)
        except (PlayedFirst, IllegalAction, InvalidInput) as error:
            self.messages.error(str(error))
            self.render()
        else:
            self.messages.clear()  # what an earlier click was told is past: the seat sits

    def render_board(self, state: State, live: bool) -> None:
        if self._sit_row is not None and self.sit_as is not None:
            names = tuple(state.names)
            if tuple(self.sit_as.options) != names:
                self.sit_as.options = names
            shown = not seated_as(state, self.seat_id) and not self._taken_over and names
            self._sit_row.layout.display = None if shown else "none"
        self.seat_note.value = self._seat_html(state)
        self.countdown.value = self._countdown_html(state)
        self.roster.value = self._roster_html(state)
        if state.character is None:
            return
        claimed = seated_as(state, self.seat_id)
        self.sheet.value = sheet_html(state, self.open_in(state)) if claimed else ""
        self.light.value = seat_light_html(state)
        self.encounters.value = encounters_html(state)
        self.enemies.value = enemies_html(state)
        for part in (self.sheet, self.light, self.encounters, self.enemies):
            (part.remove_class if live else part.add_class)("lantern-board-past")

    def render_actions(self, state: State) -> None:
        mine = self._mine(state)
        if seated_as(state, self.seat_id):  # its odds and gates, for its own character
            self.checks.render(state)
            self.gear.render(state, None if mine else NOT_YOURS)
        if not mine:
            for each in descendants(self._actions_box):
                if isinstance(each, widgets.Button):
                    each.disabled = True
        if self._choice_key != (state.pending, mine):
            self._choice_key = (state.pending, mine)
            if mine:
                self._render_choice(state)
            else:
                self.choice.show(None if state.pending is None else state.pending.prompt)

    def _roster_html(self, state: State) -> str:
        claimed = seated_as(state, self.seat_id)
        rows = []
        for name in state.names:
            mark = " (you)" if name == claimed else ""
            rows.append(
                f'<div class="lantern-roster-row"><b>{escape(name)}</b>{escape(mark)} '
                f"{roster_line(state, name)}</div>"
            )
        return "".join(rows)

    def _seat_html(self, state: State) -> str:
        claimed = seated_as(state, self.seat_id)
        if self._taken_over:
            return f'<div class="lantern-seat-refused">{escape(self._taken_over_sentence())}</div>'
        if not claimed:
            if self._sat:
                return (
                    '<div class="lantern-seat-refused">The GM freed this seat: it plays no one '
                    "now.</div>"
                )
            if self._refused:
                return f'<div class="lantern-seat-refused">{escape(self._refused)}</div>'
            if self.wanted and self.wanted not in state.names:
                return (
                    f'<div class="lantern-muted">This seat is for <b>{escape(self.wanted)}</b>: '
                    "it sits as soon as the GM adds them to the crew.</div>"
                )
            if self._chooses:
                return '<div class="lantern-muted">Pick your character and click Sit here.</div>'
            return '<div class="lantern-muted">This seat plays no one: it plays nothing.</div>'
        pending = state.pending
        if pending is not None and pending.who and pending.who != claimed:
            return (
                f"<div>You play <b>{escape(claimed)}</b>. Waiting for "
                f"<b>{escape(pending.who)}</b>: {escape(pending.asked)}</div>"
            )
        return f"<div>You play <b>{escape(claimed)}</b>: your actions act for them.</div>"

    def _countdown_html(self, state: State) -> str:
        """The next thing due in expedition minutes, or, when the GM hides it, only that."""
        if state.hidden_timer:
            return f'<div class="lantern-muted">{escape(HIDDEN)}</div>'
        ahead = next_due(state) if state.clock.timer == "interval" else None
        if ahead is None:
            return '<div class="lantern-muted">The GM rolls the Voidlight between scenes.</div>'
        minutes, what = ahead
        return f"<div>Next on the GM's timer: {escape(what)} in {minutes} expedition minutes.</div>"

    def status_html(self, state: State) -> str:
        return status_html(state, minute=not state.hidden_timer)

    def _ending_tail(self) -> str:
        """The recap, and what comes next in words a player can act on: the frame's tail names
        Undo and New journey, which are the GM's (a seat holds neither)."""
        return recap_html(self) + (
            '<div class="lantern-ending-count">The GM starts the next journey: ask them for '
            "your new link.</div>"
        )

    def report_html(self, reports: Sequence[Report]) -> str:
        """The last results as the players read them: when the GM hides the timer, without the
        lines that would tell it (:meth:`rules.voidlight.Report.for_players`)."""
        if self.state.hidden_timer:
            reports = [report.for_players() for report in reports]
        return report_html(reports)

    def close(self, close_journey: bool = True) -> None:
        if isinstance(self.journey, JourneyBook):
            key = (self.journey.path, self.seat_id)
            if VoidlightSeat._seats.get(key) is self:
                del VoidlightSeat._seats[key]
        super().close(close_journey)


def _for_players(describe: Callable[[Any], str]) -> Callable[[Any], str]:
    """``describe`` of each report as the players read it (a seat's log, when the GM hides the
    timer)."""

    def described(report: Any) -> str:
        told = getattr(report, "for_players", None)
        return describe(told() if callable(told) else report)

    return described
