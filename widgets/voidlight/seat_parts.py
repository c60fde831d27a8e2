"""The parts of a player's seat that the GM's table builds otherwise: its gear row, its seat id,
and its view of the Voidlight when the GM hides the timer.

Why apart: a seat builds only what it may play (a widget a page holds a model of can be clicked by
a forged message, whatever the page shows), so it does not reuse the GM's bars whole; and what it
shows of the light must not hold the interval or the minute of the next roll.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import ipywidgets as widgets

from rules.voidlight import Drop, State, Take, available, light_life, why_not
from rules.voidlight.pools import FULL
from widgets.parts.theme import escape
from widgets.voidlight.controls import Act, Who, button, gate, seat_of, set_options
from widgets.voidlight.gear import TIPS
from widgets.voidlight.sheet import light_html

__all__ = ["GM_TIMER", "SeatGear", "seat_id", "seat_light_html"]

#: What a seat says of the Voidlight's roll when the GM hides the timer.
GM_TIMER = "The Voidlight is rolled on the GM's timer: you see each roll when it lands."


def seat_id(path: Path | str, claim: str) -> str:
    """A seat's id when it is given none: the same for the same notebook on the same journey
    asking for the same character (a re-run, a kernel restart and Run All sit at the same seat
    again), another for another notebook. JupyterLab names the notebook a kernel runs
    (``JPY_SESSION_NAME``); elsewhere the working folder stands for it."""
    where = os.environ.get("JPY_SESSION_NAME") or os.getcwd()
    text = "\0".join((str(Path(path).resolve()), where, claim))
    return "nb-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def seat_light_html(state: State) -> str:
    """The Voidlight as a seat shows it: as the GM's table does, or, when the GM hides the timer,
    its dice, beam and life in rolls, with no interval and no minute (either would time the
    GM's roll)."""
    if not state.hidden_timer:
        return light_html(state)
    light = state.light
    if light.dead:
        life = '<b class="lantern-dead">The battery is spent: the Voidlight is dead.</b>'
    else:
        rolls = light_life(state).rolls
        life = f"Expected life: <b>{float(rolls):.1f} rolls</b>"
    dice = "".join(
        f'<span class="lantern-pool-die{"" if i < light.dice else " lantern-pool-gone"}"></span>'
        for i in range(FULL)
    )
    return (
        f'<div class="lantern-light"><div>Voidlight <b>P{light.dice}</b>/{FULL} · '
        f"<b>{escape(light.beam)}</b> beam · {escape(GM_TIMER)}</div>"
        f'<div><span class="lantern-pool" title="{light.dice} of {FULL} dice">{dice}</span></div>'
        f"<div>{life}</div></div>"
    )


class SeatGear:
    """Take and drop an item, for the seat's own character: the only gear a seat plays."""

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
        self.buttons = {kind: button(label, kind, TIPS[kind]) for kind, label in
                        (("take", "Take"), ("drop", "Drop"))}  # fmt: skip
        self.buttons["take"].on_click(lambda _b: self._take())
        self.buttons["drop"].on_click(
            lambda _b: self._act(lambda: Drop(self.item_drop.value or "", self._who()))
        )

    def _take(self) -> None:
        name, size = self.item_name.value.strip(), self.item_size.value
        if self._act(lambda: Take(name, size, self._who())) is not None:
            self.item_name.value = ""

    def widgets(self) -> list[widgets.Widget]:
        """The seat's gear rows: take an item, drop one."""
        return [
            widgets.HBox([self.item_name, self.item_size, self.buttons["take"]]),
            widgets.HBox([self.item_drop, self.buttons["drop"]]),
        ]

    def render(self, state: State, mine: bool) -> None:
        """Show what ``state`` offers; ``mine`` False: it is not this seat's character's to act, and
        every button says so."""
        who = self._who() if state.crew else ""
        offered = available(state, who or None) if mine and state.crew else ()
        for kind, each in self.buttons.items():
            why = why_not(state, kind, who or None) if mine else "not your character's turn"
            gate(each, offered, kind, TIPS[kind], why)
        sheet = state.crew[seat_of(state, who)] if state.crew and mine else None
        set_options(
            self.item_drop, [] if sheet is None else [(i.label, i.name) for i in sheet.items]
        )
