"""The Voidlight panel: a whole expedition with clicks, on the shared game frame; the crew's
roster, the GM's live timer and a seat for each player (:mod:`widgets.voidlight.seat`).

May import :mod:`rules`, :mod:`widgets.parts` and :mod:`widgets.frame`; no rule logic lives here.
"""

from widgets.voidlight.panel import VoidlightPanel
from widgets.voidlight.timer import LiveTimer

__all__ = ["LiveTimer", "VoidlightPanel"]
