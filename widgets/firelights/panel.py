"""The Firelights panel: play a whole journey with clicks, from the first card to the last beacon.

A projection of one journey on the shared game frame (:class:`widgets.frame.GameFrame`): the
sheet, the World Map and the Curses on the left; the actions, the result of the last click and
any error together on the right; the log, the journey controls and "At the table" from the frame.
Every handler builds an action and hands it to the journey, which applies the rules and records
it. Which buttons are enabled is :func:`rules.firelights.available`; the odds shown before acting
are :func:`rules.firelights.odds`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from rules.firelights import (
    APPROACHES,
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
    ending,
    option_text,
    recap,
)
from rules.table import tables
from widgets.firelights.action_bar import ActionBar, button, parse_cell
from widgets.firelights.advice import FirelightsAdvice
from widgets.firelights.report_view import report_html
from widgets.firelights.sheet import curses_html, sheet_html, status_html
from widgets.firelights.style import CSS
from widgets.firelights.world_map import WorldMapView
from widgets.frame import GameFrame, section
from widgets.frame.choice import ChoiceRow
from widgets.parts.table_lookup import TableLookup
from widgets.parts.theme import escape

__all__ = ["FirelightsPanel"]

#: The creation form's choices for an approach, as (label, value), highest first.
APPROACH_VALUES = [("+2", 2), ("+1", 1), ("0", 0)]


class _JourneyTables(TableLookup):
    """The d66 tables: a roll goes through the journey (recorded and replayed like any roll);
    looking up a row you rolled yourself only reads the table, and records nothing."""

    def __init__(self, panel: FirelightsPanel) -> None:
        self._panel = panel
        super().__init__(tables.load(TABLE), panel.journey.chance)

    def roll(self, column: str | None = None) -> tuple[int, Mapping[str, str]] | None:
        """Roll on ``column`` (the button clicked names it: the column the player saw), through
        the journey."""
        if column is not None:
            self.column = column  # shown large from now on
        report = self._panel.act(Consult(column or self.column), table=False)
        if report is None or report.d66 is None:
            return None
        return self._show(report.d66, self.table.lookup(report.d66))


class FirelightsPanel(GameFrame):
    """Everything a Firelights player needs, re-rendered from ``journey.state`` after each act."""

    game_name = "firelights"
    #: The ending's recap (:mod:`widgets.frame.recap`).
    recap_of = staticmethod(recap)
    title = "✹ Firelights"
    advice_hook = FirelightsAdvice
    plain_text = "✹ Firelights: the game panel (run the notebook to play)"
    css = CSS

    # --- building --------------------------------------------------------------------------

    def build(self) -> None:
        self._build_create()
        self.bar = ActionBar(self._act_kind)
        # The names the tests and notebooks use for the action widgets.
        self.approach = self.bar.approach
        self.buttons = self.bar.buttons
        self.odds = self.bar.odds
        self.approach.observe(lambda _c: self._render_odds(), "value")
        self.bar.spend_input.observe(lambda _c: self._render_odds(), "value")
        self.bar.likelihood_input.observe(lambda _c: self._render_odds(), "value")
        self.sheet = widgets.HTML()
        self.choice = ChoiceRow(self._choose)
        self.map = WorldMapView(self._travel)
        self.curses = widgets.HTML()
        self.slip_input = widgets.Text(
            placeholder="a detail of this place, noted on a slip on its card",
            layout={"width": "22em"},
        )
        self.slip_input.add_class("lantern-slip-text")
        self.slip_button = button("Write on a slip", "slip", "Note it on your location's card")
        self.slip_button.on_click(lambda _b: self._slip())
        self.tables = _JourneyTables(self)
        self._choice_key: object = ()

    def _build_create(self) -> None:
        self.name_input = widgets.Text(description="Name", placeholder="your Firelight's name")
        self.name_input.add_class("lantern-name")
        self.pronouns_input = widgets.Text(
            description="Pronouns", placeholder="she/her, they/them…"
        )
        self.pronouns_input.add_class("lantern-pronouns")
        self.approach_inputs = {
            name: widgets.Dropdown(
                options=APPROACH_VALUES,
                value=value,
                description=name.title(),
                layout=widgets.Layout(width="13em"),
            )
            for name, value in zip(APPROACHES, (2, 1, 0), strict=True)
        }
        self.begin_button = button(
            "Begin the journey",
            "begin",
            "Create your Firelight and draw the first region",
            "primary",
        )
        self.begin_button.on_click(lambda _b: self._begin())
        self.create_box = widgets.VBox(
            [
                widgets.HTML(
                    "<b>Create your Firelight</b>: a name, your pronouns, and +2, +1 and 0 for "
                    "the three approaches."
                ),
                widgets.HBox([self.name_input, self.pronouns_input]),
                widgets.HBox(list(self.approach_inputs.values())),
                widgets.HBox([self.begin_button]),
            ]
        )
        self.create_box.add_class("lantern-create")

    def reset_create(self) -> None:
        self.name_input.value = self.pronouns_input.value = ""
        for name, value in zip(APPROACHES, (2, 1, 0), strict=True):
            self.approach_inputs[name].value = value

    def board(self) -> Sequence[widgets.Widget]:
        return (
            self.sheet,
            section("World map", self.map, widgets.HBox([self.slip_input, self.slip_button])),
            section("Curses", self.curses),
        )

    def actions(self) -> Sequence[widgets.Widget]:
        return (section("Actions", *self.bar.widgets()),)

    def due(self) -> Sequence[widgets.Widget]:
        return (self.choice,)

    def create(self) -> widgets.Widget:
        return self.create_box

    def extras(self) -> Sequence[widgets.Widget]:
        return (section("Tables", self.tables, css_class="lantern-tables-section"),)

    # --- acting ----------------------------------------------------------------------------

    def _act_kind(self, kind: str) -> None:
        bar = self.bar
        approach = self.approach.value
        if kind == "confront":
            purpose, _, cell = bar.confront_input.value.partition(":")
            self.act(lambda: Confront(approach, purpose, parse_cell(cell)))
        elif kind == "buy":
            spend, reveal = bar.spend_input.value, bar.reveal_input.value
            self.act(lambda: BuyInformation(spend, parse_cell(reveal)))
        elif kind == "ask":
            likelihood, question = bar.likelihood_input.value, bar.question_input.value.strip()
            if self.act(lambda: Ask(likelihood, question)):
                bar.question_input.value = ""
        elif kind == "rest":
            entry = bar.entry_input.value.strip()
            if self.act(lambda: Rest(entry)) is not None:
                bar.entry_input.value = ""
        elif kind == "fight":
            curse = bar.curse_input.value
            self.act(lambda: Fight(approach, curse))
        elif kind == "flee":
            self.act(Flee())
        else:
            action = {"discover": Discover, "search": Search, "evade": Evade}[kind]
            self.act(action(approach))

    def _begin(self) -> None:
        values = {name: box.value for name, box in self.approach_inputs.items()}
        name, pronouns = self.name_input.value.strip(), self.pronouns_input.value.strip()
        self.act(lambda: Begin(name, pronouns, **values))

    def _slip(self) -> None:
        text = self.slip_input.value
        if self.act(lambda: Slip(text), table=False) is not None:
            self.slip_input.value = ""

    def _travel(self, at: tuple[int, int]) -> None:
        self.act(Travel(at), table=False)

    def _choose(self, option: str) -> None:
        self.act(Choose(option))

    def continues(self, action: Any) -> bool:
        return isinstance(action, Choose)

    # --- rendering -------------------------------------------------------------------------

    def begun(self, state: State) -> bool:
        return state.character is not None

    def status_html(self, state: State) -> str:
        return status_html(state)

    def report_html(self, reports: Sequence[Report]) -> str:
        """The last report, without the question still pending: the choice row below asks it."""
        pending = self.state.pending
        return report_html(list(reports), asked=None if pending is None else pending.prompt)

    def ending_html(self, state: State) -> str | None:
        text = ending(state)
        if text is None:
            return None
        return (
            '<div class="lantern-ending-title">The journey ends</div>'
            f'<div class="lantern-ending-text">{escape(text)}</div>'
        )

    def render_board(self, state: State, live: bool) -> None:
        self.sheet.value = sheet_html(state)
        can_travel = live and "travel" in available(state)
        self.map.render(state, can_travel)
        self.curses.value = curses_html(state)
        self.slip_button.disabled = not live or "slip" not in available(state)
        for part in (self.sheet, self.map, self.curses):
            if live:
                part.remove_class("lantern-board-past")
            else:
                part.add_class("lantern-board-past")

    def render_actions(self, state: State) -> None:
        self.bar.follow(self.journey)
        self.bar.render(state)
        if self._choice_key != state.pending:
            self._choice_key = state.pending
            self._render_choice(state)

    def _render_odds(self) -> None:
        self.bar.render(self.state)

    @property
    def choice_buttons(self) -> tuple[widgets.Button, ...]:
        """The buttons of the choice the rules leave to the player now (none when no choice)."""
        return self.choice.buttons

    def _render_choice(self, state: State) -> None:
        """The pending choice's prompt and options, each labelled with what it would do (an
        Evade Danger the rules demand is the action's own button: a prompt only)."""
        pending = state.pending
        if pending is None:
            self.choice.show(None)
        elif pending.kind == "evade":
            self.choice.show(pending.prompt)
        else:
            options = [(option, option_text(state, option)) for option in pending.options]
            self.choice.show(pending.prompt, options)
