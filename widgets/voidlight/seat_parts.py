"""The parts of a player's seat that the GM's table builds otherwise: its seat id, and its view of
the Voidlight when the GM hides the timer. (Its gear rows are the GM's Gear bar's own:
:class:`~widgets.voidlight.items.ItemRows`.)

Why apart: a seat builds only what it may play (a widget a page holds a model of can be clicked by
a forged message, whatever the page shows), so it does not reuse the GM's bars whole; and what it
shows of the light must not hold the interval or the minute of the next roll.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from rules.voidlight import State, light_life
from rules.voidlight.pools import FULL
from widgets.parts.theme import escape
from widgets.voidlight.sheet import light_html

__all__ = ["GM_TIMER", "NOT_YOURS", "seat_id", "seat_light_html"]

#: Why a seat's buttons are off while the character the page shows is not the seat's own.
NOT_YOURS = "not your character's turn"
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
