"""The Firelights panel: play a whole journey with clicks, from the first card to the last beacon.

A projection of one journey: every handler builds an action, hands it to the journey (which
applies the rules and records it), and re-renders from the new state. Which buttons are enabled
is :func:`rules.firelights.available`; the odds shown before acting are
:func:`rules.firelights.odds`. Rule errors appear in the message area, never as a traceback.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets

from rules import tables
from rules.book import JourneyBook
from rules.cards import Card
from rules.firelights import (
    APPROACHES,
    LIKELIHOODS,
    TABLE,
    Ask,
    Begin,
    BuyInformation,
    Choose,
    Confront,
    Consult,
    Discover,
    Evade,
    Fight,
    Flee,
    Report,
    Rest,
    Search,
    Slip,
    State,
    Travel,
    available,
    can_roll,
    fightable,
    hidden_paths,
    ignitable,
    why_not,
)
from rules.firelights.actions import ACTIONS
from rules.journey import Journey
from rules.physical import parse_table_results
from widgets import theme
from widgets.firelights.report_view import odds_line_html, report_html
from widgets.firelights.sheet import curses_html, sheet_html, status_html
from widgets.firelights.style import CSS
from widgets.firelights.world_map import WorldMapView
from widgets.journal import JournalTools
from widgets.messages import MessageArea, guarded
from widgets.table_lookup import TableLookup
from widgets.theme import escape, style_widget

__all__ = ["FirelightsPanel"]

#: The action buttons, in the order shown, labelled with the rulebook's names of the actions.
ACTION_LABELS = {
    kind: ACTIONS[kind].title
    for kind in ("discover", "search", "confront", "evade", "fight", "flee", "buy", "ask", "rest")
}
TOOLTIPS = {
    "discover": "Action+Approach: find a new path",
    "search": "Action+Approach: Light 2 treasures, Shade 1",
    "confront": "Action+Approach: act in the face of adversity. Aimed at a beacon or a hidden "
    "path, it ignites or reveals it on Light or Shade (house rule)",
    "evade": "Action+Approach: avoid an impending threat",
    "fight": "Action+Approach: stack cards on the curse",
    "flee": "Flee from the Curse; its stack persists",
    "buy": "Action+Treasures spent",
    "ask": "Action+2 likely, +1 otherwise, +0 unlikely",
    "rest": "Write a Journey Book entry, shuffle the discards back, clear Fatigue",
}
APPROACH_VALUES = [("+2", 2), ("+1", 1), ("0", 0)]


def _button(description: str, kind: str, tooltip: str = "", style: str = "") -> widgets.Button:
    return theme.button(description, f"lantern-act-{kind}", tooltip, style, min_width="9em")


def _descendants(root: widgets.Widget) -> list[widgets.Widget]:
    """Every widget under ``root`` (itself last), through children and the panel's parts."""
    found: list[widgets.Widget] = []
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
        for value in vars(widget).values():
            values = value.values() if isinstance(value, dict) else value
            if isinstance(values, tuple | list | type({}.values())):
                stack.extend(v for v in values if isinstance(v, widgets.Widget))
            elif isinstance(value, widgets.Widget):
                stack.append(value)
    return found[::-1]


def _cell(text: str) -> tuple[int, int] | None:
    """A map cell from a dropdown value ``"x,y"`` (``""``: none)."""
    if not text:
        return None
    x, y = text.split(",")
    return int(x), int(y)


def _set_options(dropdown: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Replace a dropdown's options only when they changed, keeping the choice if still offered."""
    if [tuple(o) for o in dropdown.options] == options:
        return
    keep = dropdown.value
    dropdown.options = options
    values = [value for _label, value in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)


class _JourneyTables(TableLookup):
    """The d66 tables, rolled through the journey so that each roll is recorded and replayed."""

    def __init__(self, panel: FirelightsPanel) -> None:
        self._panel = panel
        super().__init__(tables.load(TABLE), panel.journey.chance, messages=panel.messages)

    def roll(self) -> tuple[int, Mapping[str, str]] | None:
        return self._consult(None)

    def pick(self, value: object) -> tuple[int, Mapping[str, str]] | None:
        return self._consult([value])

    def _consult(self, supplied: list[object] | None) -> tuple[int, Mapping[str, str]] | None:
        report = self._panel.act(Consult(self.column), supplied)
        if report is None or report.d66 is None:
            return None
        return self._show(report.d66, self.table.lookup(report.d66))


class FirelightsPanel(widgets.VBox):
    """Everything a Firelights player needs, re-rendered from ``journey.state`` after each act."""

    #: The panel showing each journey file, so that Run All can close the previous run's panel.
    _showing: ClassVar[dict[Path, FirelightsPanel]] = {}

    def __init__(
        self,
        journey: Journey[State, Report] | JourneyBook[State, Report] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        """Play ``journey``: a :class:`JourneyBook` (saved after every action, with Undo, Redo,
        Reroll, Write to journal and Export), or a bare journey kept in memory only (from
        ``seed``, or a random seed)."""
        super().__init__()
        self.add_class("lantern-panel")
        self.add_class("lantern-firelights")
        if journey is None:
            seed = secrets.randbelow(2**31) if seed is None else seed
            journey = Journey.start("firelights", seed=seed)
        self.journey = journey
        self._replace_earlier_panel()
        self.messages = MessageArea()
        self._reports: list[Report] = []
        self._build_create()
        self._build_actions()
        self.sheet = widgets.HTML()
        self.status = widgets.HTML()
        self.report = widgets.HTML()
        self.report.add_class("lantern-report-view")
        self.choice = widgets.HBox()
        self.choice.add_class("lantern-choice")
        self.map = WorldMapView(self._travel)
        self.curses = widgets.HTML()
        self.tables = _JourneyTables(self)
        self.journal_tools: JournalTools | None = None
        if isinstance(self.journey, JourneyBook):
            self.journal_tools = JournalTools(
                self.journey, on_change=self.render, on_switch=self.use, messages=self.messages
            )
        self._shown: dict[str, object] = {}  # what each part last showed, to skip equal renders
        self._create_view, self._play_view = self._build_views()
        self.render()

    def _replace_earlier_panel(self) -> None:
        """Run All builds a new panel on the same journey file: close the one it replaces (its
        widgets, and its own connection to the file when it is not this panel's)."""
        if not isinstance(self.journey, JourneyBook):
            return
        earlier = FirelightsPanel._showing.get(self.journey.path)
        if earlier is not None and earlier is not self:
            earlier.close(close_journey=earlier.journey is not self.journey)
        FirelightsPanel._showing[self.journey.path] = self

    def use(self, journey: Journey[State, Report] | JourneyBook[State, Report]) -> None:
        """Play another journey in this panel (a new one, or one opened from the journeys)."""
        if isinstance(self.journey, JourneyBook):
            FirelightsPanel._showing.pop(self.journey.path, None)
        self.journey = journey
        self._replace_earlier_panel()
        self._reports = []
        self._shown.clear()
        if self.journal_tools is not None and isinstance(journey, JourneyBook):
            self.journal_tools.book = journey
        self.render()

    def close(self, close_journey: bool = True) -> None:
        """Close the panel's widgets (front end and kernel) and, by default, its journey file."""
        if isinstance(self.journey, JourneyBook):
            if FirelightsPanel._showing.get(self.journey.path) is self:
                del FirelightsPanel._showing[self.journey.path]
            if close_journey:
                self.journey.close()
        for widget in _descendants(self)[:-1]:
            widget.close()
        super().close()

    # --- building --------------------------------------------------------------------------

    def _build_create(self) -> None:
        self.table_input = widgets.Text(
            description="At the table",
            placeholder="7H QS 4 5 — your own cards and dice (optional)",
            layout={"width": "34em"},
            style={"description_width": "initial"},
        )
        self.table_input.add_class("lantern-table-results")
        self.name_input = widgets.Text(description="Name", placeholder="your Firelight's name")
        self.name_input.add_class("lantern-name")
        self.pronouns_input = widgets.Text(
            description="Pronouns", placeholder="she/her, they/them…"
        )
        self.pronouns_input.add_class("lantern-pronouns")
        self.approach_inputs = {
            name: widgets.Dropdown(options=APPROACH_VALUES, value=value, description=name.title())
            for name, value in zip(APPROACHES, (2, 1, 0), strict=True)
        }
        self.push_on_input = widgets.Checkbox(
            value=False,
            description="Push on (house rule): act while exhausted; Fatigue past full puts out your light",
            indent=False,
            layout={"width": "auto"},
        )
        self.push_on_input.add_class("lantern-push-on")
        self.begin_button = _button(
            "Begin the journey",
            "begin",
            "Create your Firelight and draw the first region",
            "primary",
        )
        self.begin_button.on_click(lambda _b: self._begin())
        self.create_box = widgets.VBox(
            [
                widgets.HTML(
                    "<b>Create your Firelight</b>: assign +2, +1 and 0 to the three approaches."
                ),
                widgets.HBox([self.name_input, self.pronouns_input]),
                widgets.HBox(list(self.approach_inputs.values())),
                self.push_on_input,
                widgets.HBox([self.begin_button, self.table_input]),
            ]
        )
        self.create_box.add_class("lantern-create")

    def _build_actions(self) -> None:
        self.approach = widgets.ToggleButtons(
            options=[(a.title(), a) for a in APPROACHES], description="Approach"
        )
        self.approach.add_class("lantern-approach")
        self.approach.observe(lambda _c: self.render(), "value")
        self.odds = widgets.HTML()
        self.odds.add_class("lantern-odds-view")
        self.buttons = {
            kind: _button(label, kind, TOOLTIPS[kind]) for kind, label in ACTION_LABELS.items()
        }
        self.buttons["discover"].on_click(lambda _b: self.act(Discover(self.approach.value)))
        self.buttons["search"].on_click(lambda _b: self.act(Search(self.approach.value)))
        self.buttons["confront"].on_click(lambda _b: self._confront())
        self.buttons["evade"].on_click(lambda _b: self.act(Evade(self.approach.value)))
        self.buttons["fight"].on_click(
            lambda _b: self.act(Fight(self.approach.value, self.curse_input.value))
        )
        self.buttons["flee"].on_click(lambda _b: self.act(Flee()))
        self.buttons["buy"].on_click(lambda _b: self._buy())
        self.buttons["ask"].on_click(lambda _b: self._ask())
        self.buttons["rest"].on_click(lambda _b: self._rest())
        self.confront_input = widgets.Dropdown(
            description="Confront", options=[("a risk", "risk")], layout={"width": "19em"}
        )
        self.confront_input.add_class("lantern-confront-purpose")
        self.curse_input = widgets.Dropdown(
            description="Curse", options=[], layout={"width": "19em"}
        )
        self.curse_input.add_class("lantern-curse-choice")
        self.spend_input = widgets.BoundedIntText(
            value=1, min=1, max=1, description="Spend", layout={"width": "10em"}
        )
        self.spend_input.add_class("lantern-spend")
        self.spend_input.observe(lambda _c: self._render_extra_odds(), "value")
        self.reveal_input = widgets.Dropdown(
            description="Reveal", options=[("nothing", "")], layout={"width": "17em"}
        )
        self.reveal_input.add_class("lantern-reveal")
        self.likelihood_input = widgets.Dropdown(
            description="Likely?",
            options=[(f"{k} (+{v})", k) for k, v in LIKELIHOODS.items()],
            value="even",
            layout={"width": "15em"},
        )
        self.likelihood_input.observe(lambda _c: self._render_extra_odds(), "value")
        self.question_input = widgets.Text(placeholder="a yes/no question", description="Question")
        self.question_input.add_class("lantern-question")
        self.entry_input = widgets.Textarea(
            placeholder="Your Journey Book entry for this rest", layout={"width": "30em"}
        )
        self.entry_input.add_class("lantern-rest-entry")
        self.buy_odds = widgets.HTML()
        self.ask_odds = widgets.HTML()
        self.slip_input = widgets.Text(
            placeholder="a detail of this place, noted on a slip on its card",
            layout={"width": "24em"},
        )
        self.slip_input.add_class("lantern-slip-text")
        self.slip_button = _button("Write on a slip", "slip", "Note it on your location's card")
        self.slip_button.on_click(lambda _b: self._slip())

    # --- acting ----------------------------------------------------------------------------

    def act(self, action: Any, supplied: list[object] | None = None) -> Report | None:
        """Play ``action`` through the journey and re-render; errors show in the panel.

        Cards and dice typed in "At the table" are used instead of Lantern's draw and roll.
        """
        report: Report | None = None
        with guarded(self.messages):
            typed = self.table_input.value.strip()
            if supplied is None and typed and not isinstance(action, Consult):
                supplied = parse_table_results(typed)
            report = self.journey.play(action, supplied)
            self._reports = [*self._reports, report] if isinstance(action, Choose) else [report]
            if typed and supplied:
                self.table_input.value = ""
        self.render()
        return report

    def _begin(self) -> None:
        values = {name: box.value for name, box in self.approach_inputs.items()}
        name, pronouns = self.name_input.value.strip(), self.pronouns_input.value.strip()
        self.act(Begin(name, pronouns, **values, push_on=self.push_on_input.value))

    def _confront(self) -> None:
        purpose, _, cell = self.confront_input.value.partition(":")
        self.act(Confront(self.approach.value, purpose, _cell(cell)))

    def _buy(self) -> None:
        self.act(BuyInformation(self.spend_input.value, _cell(self.reveal_input.value)))

    def _ask(self) -> None:
        self.act(Ask(self.likelihood_input.value, self.question_input.value.strip()))

    def _rest(self) -> None:
        if self.act(Rest(self.entry_input.value.strip())) is not None:
            self.entry_input.value = ""

    def _slip(self) -> None:
        if self.act(Slip(self.slip_input.value)) is not None:
            self.slip_input.value = ""

    def _travel(self, at: tuple[int, int]) -> None:
        self.act(Travel(at))

    def _choose(self, option: str) -> None:
        self.act(Choose(option))

    # --- rendering -------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.journey.state

    def render(self) -> None:
        """Project the journey's state onto every part of the panel.

        Parts whose input did not change are left alone, so a click sends the browser only what
        changed (and the kernel builds no new widgets but the choice buttons).
        """
        state = self.state
        offered = available(state)
        with self.hold_sync():
            self.sheet.value = sheet_html(state)
            self.status.value = status_html(state)
            if self.journey.last not in self._reports:
                self._reports = [] if self.journey.last is None else [self.journey.last]
            self.report.value = report_html(self._reports)
            for kind, button in self.buttons.items():
                button.disabled = kind not in offered
                tip = TOOLTIPS[kind]
                button.tooltip = (
                    f"{tip} — not now: {why_not(state, kind)}" if button.disabled else tip
                )
            self.slip_button.disabled = "slip" not in offered
            self._render_inputs(state)
            if self._changed("choice", state.pending):
                self._render_choice(state)
            if self._changed("map", (state.world, "travel" in offered)):
                self.map.render(state, "travel" in offered)
            self.curses.value = curses_html(state)
            self._render_extra_odds()
            if self.journal_tools is not None:
                self.journal_tools.refresh()
            view = self._create_view if state.character is None else self._play_view
            if self.children != view:
                self.children = view

    def _changed(self, part: str, key: object) -> bool:
        """Whether ``part`` must be rendered again for ``key`` (and remember it)."""
        if part in self._shown and self._shown[part] == key:
            return False
        self._shown[part] = key
        return True

    def _render_inputs(self, state: State) -> None:
        if state.character is not None:
            _set_options(
                self.approach,
                [(f"{a.title()} {state.character.modifier(a):+d}", a) for a in APPROACHES],
            )
        purposes: list[tuple[str, str]] = [("a risk", "risk")]
        if ignitable(state):
            purposes.append(("the beacon here (ignite it)", "ignite"))
        hidden = hidden_paths(state)
        purposes += [(f"the hidden path at {list(at)}", f"reveal:{at[0]},{at[1]}") for at in hidden]
        _set_options(self.confront_input, purposes)
        _set_options(
            self.reveal_input,
            [("nothing", ""), *((f"hidden path {list(at)}", f"{at[0]},{at[1]}") for at in hidden)],
        )
        _set_options(self.curse_input, [(name, name) for name in fightable(state)])
        self.spend_input.max = max(1, state.treasures)
        odds_ok = can_roll(state) and state.character is not None
        self.odds.value = (
            f"<div>Odds now, {escape(self.approach.value)}: "
            f"{odds_line_html(state, Discover(self.approach.value))}</div>"
            if odds_ok
            else '<div class="lantern-muted">No odds: an action needs two cards in the Story Deck.</div>'
        )

    def _render_extra_odds(self) -> None:
        state = self.state
        if not can_roll(state):
            self.buy_odds.value = self.ask_odds.value = ""
            return
        spend = min(self.spend_input.value, max(1, state.treasures))
        buy = odds_line_html(state, BuyInformation(spend))
        ask = odds_line_html(state, Ask(self.likelihood_input.value))
        self.buy_odds.value = (
            f'<div class="lantern-odds-line">Buy Information +{spend}: {buy}</div>'
        )
        self.ask_odds.value = f'<div class="lantern-odds-line">Oracle: {ask}</div>'

    @property
    def choice_buttons(self) -> tuple[widgets.Button, ...]:
        """The buttons of the choice the rules leave to the player now (none when no choice)."""
        if len(self.choice.children) < 2:
            return ()
        row = self.choice.children[1]
        assert isinstance(row, widgets.HBox)
        return tuple(row.children)  # type: ignore[arg-type]

    def _render_choice(self, state: State) -> None:
        for old in self.choice_buttons:
            old.close()  # replaced below: free its model in the kernel and the browser
        pending = state.pending
        if pending is None or pending.kind == "evade":
            self.choice.children = ()
            if pending is not None:
                self.choice.children = (
                    widgets.HTML(f'<b class="lantern-prompt">{escape(pending.prompt)}</b>'),
                )
            return
        buttons = []
        for option in pending.options:
            label = Card.parse(option).label if pending.kind != "curse" else option
            button = _button(label, "choose", f"Choose {label}", "warning")
            button.add_class(f"lantern-choose-{option}")
            button.on_click(lambda _b, option=option: self._choose(option))
            buttons.append(button)
        self.choice.children = (
            widgets.HTML(f'<b class="lantern-prompt">{escape(pending.prompt)}</b>'),
            widgets.HBox(buttons),
        )

    def _build_views(self) -> tuple[tuple[widgets.Widget, ...], tuple[widgets.Widget, ...]]:
        """The panel before the Firelight exists, and during the journey: built once."""
        header = widgets.HTML('<div class="lantern-title">✹ <b>Firelights</b></div>')
        top = (style_widget(CSS), header, self.status, self.messages)
        tables = self._section("Tables", self.tables)
        b = self.buttons
        actions = widgets.VBox(
            [
                widgets.HBox([self.approach]),
                self.odds,
                widgets.HBox([b["discover"], b["search"], b["evade"]]),
                widgets.HBox([self.confront_input, b["confront"]]),
                widgets.HBox([self.curse_input, b["fight"], b["flee"]]),
                widgets.HBox([self.spend_input, self.reveal_input, b["buy"]]),
                self.buy_odds,
                widgets.HBox([self.likelihood_input, self.question_input, b["ask"]]),
                self.ask_odds,
                widgets.HBox([self.entry_input, b["rest"]]),
                self.table_input,
            ]
        )
        actions.add_class("lantern-actions")
        journal = () if self.journal_tools is None else (self.journal_tools,)
        play = widgets.VBox(
            [self.sheet, self.choice, self.report, *journal, self._section("Actions", actions)],
            layout=widgets.Layout(flex="1 1 38em", min_width="30em"),
        )
        board = widgets.VBox(
            [
                self._section("World map", self.map),
                widgets.HBox([self.slip_input, self.slip_button]),
                self._section("Curses", self.curses),
            ],
            layout=widgets.Layout(flex="1 1 24em", min_width="20em", margin="0 0 0 1em"),
        )
        columns = widgets.Box([play, board], layout=widgets.Layout(flex_flow="row wrap"))
        create = (*top, self.create_box, tables)
        return create, (*top, columns, tables)

    @staticmethod
    def _section(title: str, body: widgets.Widget) -> widgets.Widget:
        box = widgets.VBox(
            [widgets.HTML(f'<div class="lantern-section">{escape(title)}</div>'), body]
        )
        box.add_class("lantern-section-box")
        return box
