"""The Voidlight panel: a whole expedition with clicks, on the shared game frame; the crew's
roster, the GM's live timer and a seat for each player (:mod:`widgets.voidlight.seat`).

Main entry points: :class:`VoidlightPanel` (the GM's table, solo or a crew),
:class:`LiveTimer` (the Voidlight rolled on the clock) and
:class:`~widgets.voidlight.seat.VoidlightSeat` (a player's seat, bound to one character).

>>> panel = VoidlightPanel(seed=5)
>>> panel.name_input.value = "Vex"
>>> panel.create_button.click()
>>> [character.name for character in panel.state.crew]
['Vex']

May import :mod:`rules`, :mod:`widgets.parts` and :mod:`widgets.frame`; no rule logic lives here.
"""

from widgets.voidlight.panel import VoidlightPanel
from widgets.voidlight.timer import LiveTimer

__all__ = ["LiveTimer", "VoidlightPanel"]
