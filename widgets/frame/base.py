"""The game table every Lantern panel shares: header, journey controls, result, messages, the log,
"At the table", the ending, and a look back at any point of the journey.

Why a frame: what a player needs around the rules is the same for every game, and each defect
fixed here is fixed for all three. A game panel subclasses :class:`GameFrame` and supplies only
its own parts (a sheet and board on the left; its actions on the right, under the result of the
last click and the messages; the log full width below) and how its state reads (the hooks
below); the frame lays them out so that the controls, the result of the last click and any
error are in view together, next to each other, in a 1400×1000 window.

The hooks a game panel provides, required and optional, are stated once, with their signatures,
in :class:`widgets.frame.contract.GamePanel`; a panel that names its game but leaves a required
hook undefined is refused when its class is defined. Every per-game part comes from the panel
(its Advice too: ``advice_hook``), never from importing a game's module by name.

Every handler goes through :meth:`GameFrame.act`, under :func:`~widgets.parts.messages.guarded`:
a rule error shows as a sentence next to the actions, never as a traceback.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets

from rules.book import JourneyBook
from rules.record.journey import Journey
from widgets.frame.advice import AdviceHook, AdviceView, hook_for
from widgets.frame.connection import FRAME_CLASS, ShowsFallback
from widgets.frame.connection import FRAME_CSS as CONNECTION_CSS
from widgets.frame.contract import check_panel
from widgets.frame.controls import JourneyControls
from widgets.frame.delivery import keep_every_message
from widgets.frame.dock import SECTION_CLASS, ResultDock, just_now_html, slot
from widgets.frame.log_view import JourneyLog, LogView
from widgets.frame.page_script import PageScripts
from widgets.frame.recap import ending_export_button, ending_tail
from widgets.frame.style import ADVICE_CSS, FRAME_CSS
from widgets.frame.table_input import AtTheTable
from widgets.frame.tree import descendants
from widgets.frame.whole import check_in_background, distrusted_note
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.theme import button, escape, style_widget

__all__ = ["GameFrame", "descendants", "section"]


def section(title: str, *body: widgets.Widget, css_class: str = "") -> widgets.VBox:
    """A titled part of a panel (``World map``): a place for the result dock after each row."""
    rows = [row_and_slot for row in body for row_and_slot in (row, slot())]
    box = widgets.VBox([widgets.HTML(f'<div class="lantern-section">{escape(title)}</div>'), *rows])
    box.add_class(SECTION_CLASS)
    if css_class:
        box.add_class(css_class)
    return box


class GameFrame(ShowsFallback, widgets.VBox):
    """A game panel: one journey (a :class:`~rules.book.JourneyBook`, or one in memory only)."""

    #: The game's name in :data:`rules.record.journey.GAMES`: the journeys the panel starts.
    game_name: ClassVar[str] = ""
    title: ClassVar[str] = "Lantern"  #: The title line of the panel's header.
    #: What front ends without widgets show for the panel (nbconvert, an untrusted notebook).
    plain_text: ClassVar[str] = "✹ Lantern game panel"
    css: ClassVar[str] = ""  #: The panel's own CSS, under its ``lantern-<game_name>`` class.
    #: What the "At the table" box suggests typing (a game without cards says only dice).
    table_placeholder: ClassVar[str] = "7H QS 4 5 — your own cards and dice"
    #: The panel showing each journey file, so that Run All can close the previous run's panel.
    _showing: ClassVar[dict[Path, GameFrame]] = {}
    #: The game's Advice: an :class:`~widgets.frame.advice.AdviceHook` subclass the frame makes
    #: with the panel (None: no rows).
    advice_hook: ClassVar[type[AdviceHook] | None] = None
    # Not a ClassVar: mypy would bind a callable ClassVar as a method, and a panel stores a
    # staticmethod (called with the states alone).
    #: The rules' ``recap(states)``, told under the ending (None: the ending stands alone).
    recap_of: Callable[[Sequence[Any]], Any] | None = None
    #: Whether the panel is the GM's table: the journey's controls (Undo, New, Open, Write to
    #: journal), Export and Advice. A player's seat builds none of them: a widget a page holds a
    #: model of can be clicked by a forged message, whatever it shows (see the seat's module).
    gm_table: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A panel that names its game is checked against the contract when it is defined."""
        super().__init_subclass__(**kwargs)
        check_panel(cls, GameFrame)

    def __init__(
        self,
        journey: Journey[Any, Any] | JourneyBook[Any, Any] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        """Play ``journey``: a :class:`~rules.book.JourneyBook` (saved after every action, with
        Undo, Redo, Reroll, Write to journal, Export, New and Open), or a bare journey kept in
        memory only (from ``seed``, or a random seed)."""
        keep_every_message()  # before the panel's first widget: no message of it may be lost
        classes = ("lantern-panel", FRAME_CLASS, f"lantern-{self.game_name}")
        super().__init__(_dom_classes=classes)  # in its first message, not three more
        if journey is None:
            seed = secrets.randbelow(2**31) if seed is None else seed
            journey = Journey.start(self.game_name, seed=seed)
        self.journey: Any = journey  #: The journey played: a Journey Book, or one in memory.
        self._replace_earlier_panel()
        self.messages = MessageArea()
        self.header = widgets.HTML()
        self.header.add_class("lantern-header")
        self.page = PageScripts(self)  # into view after Run All; a result shown whole
        self.report = widgets.HTML()
        self.report.add_class("lantern-report-view")
        self.at_table = AtTheTable(self.table_placeholder)
        self.table_input = self.at_table.text  # what the player typed "At the table"
        self.log_view = LogView(self.look_back)
        self._log = JourneyLog()
        self.controls: JourneyControls | None = None  #: The journey's buttons (a GM's table only).
        if isinstance(journey, JourneyBook) and self.gm_table:
            self.controls = JourneyControls(
                journey,
                on_change=self._changed_book,
                on_switch=self.use,
                begun=lambda: self.begun(self.state),
            )
        last = journey.last  # the results of this panel's clicks (a seat's start empty), and
        self._reports: list[Any] = [] if last is None or not self.gm_table else [last]
        self._elsewhere: Any = last  # the last action another kernel played, told "just now"
        self.just_now = widgets.HTML()
        self.just_now.add_class("lantern-just-now-view")
        self._looking: Any = None  # the log line looked back at, or None: now
        self.back_button = button(
            "Back to now", "lantern-back", "Return to the journey as it stands"
        )
        self.back_button.on_click(lambda _b: self.back_to_now())
        self.looking = widgets.VBox([widgets.HTML(), self.back_button])
        self.looking.add_class("lantern-looking-back")
        self.ending = widgets.HTML()
        self.ending.add_class("lantern-ending")
        self.ending_export = ending_export_button(self)
        self._clicks_seen = (0, 0)  # (actions asked for, messages shown) when a click was last seen
        self._asked = 0
        self.build()
        self.advice = AdviceView(hook_for(self)) if self.gm_table else None
        self._actions_box = widgets.VBox(list(self.actions()))
        self._actions_box.add_class("lantern-actions")
        self._create_view, self._play_view = self._layout()
        self.render()
        self._check_whole()

    # --- the hooks a game fills in ---------------------------------------------------------------

    def build(self) -> None:
        """Make the game's own widgets (called once, before the first render)."""

    def board(self) -> Sequence[widgets.Widget]:
        return ()

    def actions(self) -> Sequence[widgets.Widget]:
        return ()

    def create(self) -> widgets.Widget | None:
        return None

    def reset_create(self) -> None:
        """Empty the creation form (another journey is shown: its character is not this one)."""

    def extras(self) -> Sequence[widgets.Widget]:
        return ()

    def due(self) -> Sequence[widgets.Widget]:
        """What the rules ask of the player now (a choice, a cost owed): shown under the result of
        the last click, so it follows the control clicked
        (:class:`~widgets.frame.dock.ResultDock`)."""
        return ()

    def begun(self, state: Any) -> bool:
        return True

    def render_board(self, state: Any, live: bool) -> None:
        """Show ``state`` on the board; ``live`` False: a past point, nothing in it may act."""

    def render_actions(self, state: Any) -> None:
        """Enable, label and show the odds of what ``state`` offers."""

    def status_html(self, state: Any) -> str:
        return ""

    def report_html(self, reports: Sequence[Any]) -> str:
        return "".join(f"<div>{escape(report)}</div>" for report in reports)

    def ending_html(self, state: Any) -> str | None:
        return None

    def continues(self, action: Any) -> bool:
        return False

    # --- journeys ------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The journey's state now (what the panel shows when not looking back)."""
        return self.journey.state

    @property
    def book(self) -> JourneyBook[Any, Any] | None:
        """The Journey Book the panel plays, or None for a journey kept in memory only."""
        return self.journey if isinstance(self.journey, JourneyBook) else None

    def _replace_earlier_panel(self) -> None:
        """Run All builds a new panel on the same journey file: close the one it replaces (its
        widgets, and its own connection to the file when it is not this panel's)."""
        if not isinstance(self.journey, JourneyBook):
            return
        earlier = GameFrame._showing.get(self.journey.path)
        if earlier is not None and earlier is not self:
            earlier.close(close_journey=earlier.journey is not self.journey)
        GameFrame._showing[self.journey.path] = self

    def use(self, journey: Journey[Any, Any] | JourneyBook[Any, Any]) -> None:
        """Play another journey in this panel (a new one, or one opened from the journeys)."""
        if isinstance(self.journey, JourneyBook):
            GameFrame._showing.pop(self.journey.path, None)
        self.journey = journey
        self._replace_earlier_panel()
        self._reports = [] if journey.last is None else [journey.last]
        self.just_now.value = ""
        self._looking = None
        self._log = JourneyLog()
        self.at_table.clear_note()
        self.reset_create()
        self.dock.go_home()
        if self.controls is not None and isinstance(journey, JourneyBook):
            self.controls.book = journey
        self.render()
        self._check_whole()
        self.update_fallback()

    def fallback_journey(self) -> str | None:
        return None if self.book is None else str(self.book.name)

    def close(self, close_journey: bool = True) -> None:
        """Close the panel's widgets (front end and kernel) and, by default, its journey file."""
        self.page.stop()
        if isinstance(self.journey, JourneyBook):
            if GameFrame._showing.get(self.journey.path) is self:
                del GameFrame._showing[self.journey.path]
            if close_journey:
                self.journey.close()
        for widget in descendants(self)[:-1]:
            widget.close()
        super().close()

    def _check_whole(self) -> None:
        """Say if opening set a changed snapshot aside; check the whole file in the background."""
        book = self.book
        if book is None:
            return
        note = distrusted_note(book)
        if note is not None:
            self.messages.info(note)

        def show(text: str) -> None:
            if self.book is book:
                self.messages.error(text)

        check_in_background(book, show)

    # --- acting --------------------------------------------------------------------------------

    def act(self, action: Any, supplied: list[object] | None = None, *, table: bool = True) -> Any:
        """Play ``action`` through the journey and re-render; an error shows next to the actions.

        ``action`` may be a function that builds it from the player's inputs: it is called here,
        so a field refused as the action is built (text past its limit, a control character)
        shows like any other refusal instead of vanishing in the button's callback.

        Cards and dice typed "At the table" are used instead of Lantern's draw and roll
        (``table=False``: this action never takes them, e.g. a roll on the oracle tables).
        """
        report = None
        self._asked += 1
        if self._looking is not None:
            self._looking = None
            self.log_view.clear_pick()
        with guarded(self.messages):
            if callable(action):
                action = action()
            typed = self.at_table.typed() if supplied is None and table else None
            given = supplied if supplied is not None else typed
            report = self.play(action, given, draw_rest=self.at_table.draw_rest.value)
            self._reports = [*self._reports, report] if self.continues(action) else [report]
            if typed:
                self.at_table.used(self.journey.entries[-1])
            else:
                self.at_table.clear_note()
            if self.controls is not None:
                self.controls.messages.clear()  # "a new journey begins" is old news now
        self.render()
        return report

    def play(self, action: Any, given: Any = None, *, draw_rest: bool = False) -> Any:
        """Write ``action`` to the journey: the one way the panel's controls write (a seat
        checks here that it may play it, and says who played it)."""
        if given:
            return self.journey.play(action, given, draw_rest=draw_rest)
        return self.journey.play(action)

    def _changed_book(self) -> None:
        """After an undo, a redo or a reroll: show the journey as it now stands."""
        self._looking = None
        last = self.journey.last  # this panel's controls changed it: its result box shows it
        self._reports = [] if last is None else [last]
        self.at_table.clear_note()  # what it said belonged to the action taken back or replaced
        self.messages.clear()
        self.render()

    # --- looking back ----------------------------------------------------------------------------

    def look_back(self, line: Any) -> None:
        """Show the sheet and board as they stood after ``line`` of the log (read-only)."""
        with guarded(self.messages):
            self._looking = line
            self.render()

    def back_to_now(self) -> None:
        """Leave the look back: the sheet and the board show the journey as it stands again."""
        self._looking = None
        self.log_view.clear_pick()
        self.render()

    def state_after(self, count: int) -> Any:
        """The state after the first ``count`` entries, the journey itself left where it is."""
        finder = getattr(self.journey, "state_after", None)
        if callable(finder):
            return finder(count)
        journey = self.journey
        return Journey(journey.game, journey.seed, journey.options, journey.entries[:count]).state

    # --- rendering -----------------------------------------------------------------------------

    def render(self) -> None:
        """Project the journey onto every part of the panel (each part sends only what changed)."""
        state = self.state
        with self.hold_sync():
            self.header.value = self._header_html(state)
            last = self.journey.last  # played elsewhere: told in a line, never in the dock
            if last is not None and last not in self._reports and last is not self._elsewhere:
                self._elsewhere = last
                self.just_now.value = just_now_html(last, self.journey.entries[-1].by)
            self.report.value = self.report_html(self._reports)
            looking = self._looking
            if looking is None:
                self.render_board(state, True)
            else:
                self.render_board(self.state_after(looking.count), False)
            self.render_actions(state)
            self._render_play_column(state, looking)
            if self.advice is not None:
                self.advice.follow(state, self.begun(state) and self.ending_html(state) is None)
            if self.controls is not None:
                self.controls.refresh()
            self.log_view.show(self._log(self.journey))
            view = self._play_view if self.begun(state) else self._create_view
            if self.children != view:
                self.children = view
            if looking is not None or self.ending_html(state) is not None:
                self.dock.go_home()
            self.dock.settle()

    def _click_told(self) -> bool:
        """Whether the click just handled played an action or showed a message (the dock moves
        under it only then)."""
        now = (self._asked, self.messages.serial)
        told, self._clicks_seen = now != self._clicks_seen, now
        return told

    def _render_play_column(self, state: Any, looking: Any) -> None:
        ending = self.ending_html(state)
        if looking is not None:
            number = {
                "superseded": "a try a reroll replaced",
                "undone": "an action later undone",
            }.get(looking.status, f"action {looking.number}")
            self.looking.children[0].value = (  # type: ignore[attr-defined]
                f'<div class="lantern-looking-text"><b>Looking back</b>: the journey as it stood '
                f"after {escape(number)} — {escape(looking.text)}. Nothing here can be changed; "
                "go back to now to play on.</div>"
            )
            shown: tuple[widgets.Widget, ...] = (self.looking,)
        elif ending is not None:
            self.ending.value = ending + self._ending_tail()
            shown = (self.ending, *self._ending_buttons())
        else:
            shown = (self._actions_box,) if self._actions_box.children else ()
        if self._play_slot.children != shown:
            self._play_slot.children = shown

    def _ending_tail(self) -> str:
        return ending_tail(self)

    def _ending_buttons(self) -> tuple[widgets.Widget, ...]:
        return () if self.ending_export is None else (self.ending_export,)

    def _header_html(self, state: Any) -> str:
        book = self.book
        if book is not None:
            journey = (
                f'<span class="lantern-journey-name" title="{escape(book.path)}">Journey '
                f"<b>{escape(book.name)}</b></span>"
            )
        else:
            journey = '<span class="lantern-journey-name">A journey kept in memory only (not saved)</span>'
        status = self.status_html(state)
        return (
            f'<div class="lantern-header-line"><span class="lantern-title">{escape(self.title)}</span>'
            f"{journey}{status}</div>"
        )

    def _layout(self) -> tuple[tuple[widgets.Widget, ...], tuple[widgets.Widget, ...]]:
        """The panel before the game begins, and during it: built once."""
        style = style_widget(FRAME_CSS, CONNECTION_CSS, ADVICE_CSS, self.css)
        controls = () if self.controls is None else (self.controls,)
        top = (style, self.page.output, self.header, self.just_now, *controls)
        self._play_slot = widgets.VBox()
        self._play_slot.add_class("lantern-play-slot")
        top_slot = slot()  # the dock's home: the top of the actions
        advice = () if self.advice is None else (self.advice,)
        play = widgets.VBox([top_slot, self._play_slot, *advice, self.at_table])
        play.add_class("lantern-play-column")
        play.layout = widgets.Layout(flex="1 1 30em", min_width="26em")
        log = section("Log", self.log_view, css_class="lantern-log-section")
        board = widgets.VBox(list(self.board()))
        board.add_class("lantern-board-column")
        board.layout = widgets.Layout(flex="1 1 26em", min_width="22em", margin="0 1.2em 0 0")
        body = widgets.Box([board, play])
        body.layout = widgets.Layout(flex_flow="row wrap", align_items="flex-start")
        body.add_class("lantern-body")
        extras = tuple(self.extras())
        self.dock = ResultDock(
            (self.report, *self.due(), self.messages),
            roots=lambda: (board, self._play_slot, *extras),
            moves=self._click_told,
            told=lambda: self.page.show("result-whole"),
        )
        self.dock.home = top_slot
        self.dock.go_home()
        create = self.create()
        create_view = (*top, create, self.messages) if create is not None else ()
        return create_view, (*top, body, log, *extras)
