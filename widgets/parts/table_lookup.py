"""A d66 oracle table at hand: roll it, or read the row the player rolled with real dice.

Why both: solo players often roll physical dice and only want the lookup, so a row can be picked
by number (11..66) as well as rolled through the panel's :class:`~rules.table.chance.Source`. A bad
number is refused by the rules (:func:`rules.table.dice.d66_value`) and the message shows in the panel;
nothing changes. A pick does not touch the source, so the seeded sequence of rolls is unaffected.

Why a roll button per column (a table of several): a roll must be of the column the player saw
at the click. The page sends a button's click at once, but holds a control's new value while
the kernel has not yet answered its previous one (ipywidgets sends one update of a widget at a
time); a column changed and Roll clicked within a few milliseconds rolled the column before.
A button that names its column carries it in the click itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.table.chance import Source
from rules.table.dice import D66
from rules.table.tables import D66Table
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.theme import escape, format_chance, style_widget

__all__ = ["TableLookup", "column_label", "row_odds_text"]

#: ``hook(roll, row)``: told of each roll on the table and the row it reads.
LookupHook = Callable[[int, Mapping[str, str]], object]


def column_label(name: str) -> str:
    """A column name as a heading: ``"theme_2"`` reads ``"Theme 2"``."""
    return name.replace("_", " ").title()


def row_odds_text() -> str:
    """The odds of any one row, from the rules' d66 distribution: ``"36 rows, each 1/36 ≈ 3%"``."""
    dist = D66().distribution()
    chances = set(dist.values())
    if len(chances) == 1:
        return f"{len(dist)} rows, each {format_chance(chances.pop())}"
    return f"{len(dist)} rows, unequal odds"  # pragma: no cover - d66 is uniform


class TableLookup(widgets.VBox):
    """Roll or pick a row of ``table``; shows "d66 = 34", the entry, and the whole row.

    ``column`` picks the entry shown large (a dropdown appears when the table has several).
    ``last`` is ``(roll, row)`` of the latest roll or pick. ``on_lookup(hook)`` registers
    ``hook(roll, row)``, called after each one. Pass ``messages`` to share a panel's area (the
    panel places it); else the lookup shows its own.
    """

    column = traitlets.Unicode(help="The column whose entry is shown large.")
    last = traitlets.Tuple(
        default_value=None, allow_none=True, help="(roll, row) of the last roll or pick; or None."
    )

    def __init__(
        self,
        table: D66Table,
        source: Source,
        *,
        column: str | None = None,
        messages: MessageArea | None = None,
        **kwargs: Any,
    ) -> None:
        self.table = table
        self.source = source
        self._hooks: list[LookupHook] = []
        self.messages = messages if messages is not None else MessageArea()
        own_messages = () if messages is not None else (self.messages,)
        self.column_input = widgets.Dropdown(
            options=[(column_label(name), name) for name in table.columns],
            description="Column",
            layout={"width": "16em"},
        )
        self.column_input.add_class("lantern-column")
        several = len(table.columns) > 1
        #: One roll button per column (one "Roll d66" for a table of one): see the docstring.
        self.roll_buttons = {
            name: widgets.Button(
                description=f"Roll {column_label(name)}" if several else "Roll d66",
                tooltip=f"Roll d66 on the {column_label(name)} column",
                icon="dice",
                button_style="primary",
            )
            for name in table.columns
        }
        for name, roll_button in self.roll_buttons.items():
            roll_button.add_class("lantern-roll")
            roll_button.on_click(lambda _button, name=name: self.roll(name))
        self.row_input = widgets.IntText(value=11, description="Row", layout={"width": "12em"})
        self.row_input.add_class("lantern-row-input")
        self.pick_button = widgets.Button(description="Look up", icon="search")
        self.pick_button.add_class("lantern-lookup")
        self.result = widgets.HTML()
        self.result.add_class("lantern-table-result")
        super().__init__(column=column or table.columns[0], **kwargs)
        self.add_class("lantern-panel")
        self.add_class("lantern-table-lookup")
        traitlets.link((self, "column"), (self.column_input, "value"))
        self.pick_button.on_click(lambda _button: self.pick(self.row_input.value))
        rolls = tuple(self.roll_buttons.values())
        controls: tuple[widgets.Widget, ...] = (*rolls, self.row_input, self.pick_button)
        if several:
            controls = (self.column_input, *controls)
        title = widgets.HTML(
            f'<div class="lantern-table-title" title="{escape(table.source)}">'
            f"<b>{escape(table.name)}</b> · {escape(row_odds_text())}</div>"
        )
        self.children = (
            style_widget(),
            title,
            widgets.HBox(controls),
            self.result,
            *own_messages,  # a shared area is placed by the panel that owns it
        )
        self._render()

    @property
    def roll_button(self) -> widgets.Button:
        """The roll button of the column chosen now (the one the page shows is clicked by name)."""
        return self.roll_buttons[self.column]

    @traitlets.validate("column")
    def _check_column(self, proposal: traitlets.Bunch) -> str:
        column: str = proposal["value"]
        self.table.entry(11, column)  # the rules refuse an unknown column, naming the columns
        return column

    @traitlets.observe("column", "last")
    def _on_change(self, change: dict[str, object]) -> None:
        self._render()

    def _render(self) -> None:
        if self.last is None:
            self.result.value = (
                '<div class="lantern-row-detail">Roll d66, or type the row you rolled.</div>'
            )
            return
        roll, row = self.last
        detail = " · ".join(
            f"{escape(column_label(name))}: {escape(row[name])}" for name in self.table.columns
        )
        self.result.value = (
            f'<div class="lantern-roll-value" data-roll="{roll}">d66 = {roll}</div>'
            f'<div class="lantern-entry" data-column="{escape(self.column)}">'
            f"{escape(row[self.column])}</div>"
            f'<div class="lantern-row-detail"><small>{detail}</small></div>'
        )

    def on_lookup(self, hook: LookupHook, remove: bool = False) -> None:
        """Call ``hook(roll, row)`` after every roll or pick (or stop, with ``remove=True``)."""
        if remove:
            self._hooks.remove(hook)
        else:
            self._hooks.append(hook)

    @property
    def entry(self) -> str | None:
        """The entry shown large: the current column of the last row."""
        if self.last is None:
            return None
        entry: str = self.last[1][self.column]
        return entry

    def roll(self, column: str | None = None) -> tuple[int, Mapping[str, str]] | None:
        """Roll d66 through the source and show the row (of ``column``: the one clicked, shown
        large from then on; None: the column chosen now); on an error show it, change nothing."""
        with guarded(self.messages):
            if column is not None:
                self.column = column
            return self._show(*self.table.roll(self.source))
        self.last = None
        return None

    def pick(self, value: object) -> tuple[int, Mapping[str, str]] | None:
        """Show the row for a d66 value rolled at the table (11..66); no chance is used."""
        with guarded(self.messages):
            row = self.table.lookup(value)  # type: ignore[arg-type]  # the rules check it
            return self._show(value, row)  # type: ignore[arg-type]
        self.last = None  # refused: the row shown before is not the answer to this one
        return None

    def _show(self, roll: int, row: Mapping[str, str]) -> tuple[int, Mapping[str, str]]:
        with self.hold_sync(), self.result.hold_sync():
            self.row_input.value = roll
            self.last = (roll, row)
        for hook in list(self._hooks):
            hook(roll, row)
        return roll, row
