"""Take an item, drop one: the gear rows of the GM's table and of a player's seat, built once.

Why a part of its own: both the table (:class:`widgets.voidlight.gear.GearBar`) and a seat
(:class:`widgets.voidlight.seat.VoidlightSeat`) play these two moves for one character, and
Take is the one button whose answer hangs on an input as well as on the state: the rules offer it
while a small item still fits, so the button asks the rules again whenever the size picked
changes (:func:`rules.voidlight.take_refusal`), and is on only when that item fits.
"""

from __future__ import annotations

import ipywidgets as widgets

from rules.voidlight import Drop, State, Take, available, take_refusal, why_not
from widgets.voidlight.controls import Act, Who, button, gate, seat_of, set_options

__all__ = ["ITEM_TIPS", "ItemRows"]

#: The Take and Drop buttons' tooltips: the rule, and the house rule Lantern plays by.
ITEM_TIPS = {
    "take": "Carry it. House rule: small items take 0 slots, normal 1, large 2",
    "drop": "Leave it behind: its slots are free again",
}


class ItemRows:
    """The item to take (its name and size) and the item to drop, for ``who()``."""

    def __init__(self, act: Act, who: Who) -> None:
        self._act, self._who = act, who
        self.item_name = widgets.Text(
            placeholder="an item (Battery, Crowbar...)", layout={"width": "16em"}
        )
        self.item_name.add_class("lantern-item-name")
        self.item_size = widgets.Dropdown(
            options=[("small (0 slots)", "small"), ("normal (1)", "normal"), ("large (2)", "large")],
            value="normal", layout={"width": "10em"},
        )  # fmt: skip
        self.item_drop = widgets.Dropdown(options=[], layout={"width": "14em"})
        self.buttons = {
            kind: button(label, kind, ITEM_TIPS[kind])
            for kind, label in (("take", "Take"), ("drop", "Drop"))
        }
        self.buttons["take"].on_click(lambda _b: self._take())
        self.buttons["drop"].on_click(
            lambda _b: self._act(lambda: Drop(self.item_drop.value or "", self._who()))
        )
        self._state: State | None = None
        self._not_yours: str | None = None
        self.item_size.observe(lambda _change: self._gate_take(), "value")

    def _take(self) -> None:
        name, size = self.item_name.value.strip(), self.item_size.value
        if self._act(lambda: Take(name, size, self._who())) is not None:
            self.item_name.value = ""

    def rows(self) -> list[widgets.Widget]:
        """Take's row (name, size, button), then Drop's (the item, button)."""
        return [
            widgets.HBox([self.item_name, self.item_size, self.buttons["take"]]),
            widgets.HBox([self.item_drop, self.buttons["drop"]]),
        ]

    def render(self, state: State, not_yours: str | None = None) -> None:
        """Show what ``state`` offers the open sheet; ``not_yours`` is why every button is off
        when the character is not this page's to play (None: it is)."""
        self._state, self._not_yours = state, not_yours
        who = self._who() if state.crew else ""
        if not_yours is None:
            offered = available(state, who or None) if state.crew else ()
            gate(self.buttons["drop"], offered, "drop", ITEM_TIPS["drop"],
                 why_not(state, "drop", who or None))  # fmt: skip
        else:
            gate(self.buttons["drop"], (), "drop", ITEM_TIPS["drop"], not_yours)
        self._gate_take()
        sheet = state.crew[seat_of(state, who)] if state.crew and not_yours is None else None
        set_options(
            self.item_drop, [] if sheet is None else [(i.label, i.name) for i in sheet.items]
        )

    def _gate_take(self) -> None:
        """Take is on when an item of the size picked fits the open sheet now; else it says why."""
        state = self._state
        if state is None:
            return
        why = self._not_yours or take_refusal(
            state, self.item_size.value, self._who() if state.crew else ""
        )
        gate(self.buttons["take"], () if why else ("take",), "take", ITEM_TIPS["take"], why or "")
