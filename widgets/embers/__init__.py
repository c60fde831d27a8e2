"""The Embers panel: a night around the campfire with clicks, on the shared game frame (the
ring of camps, the heroes' and the phase's buttons, the advice hook).

May import :mod:`rules`, :mod:`widgets.parts` and :mod:`widgets.frame`; no rule logic lives here.
"""

from widgets.embers.panel import EmbersPanel

__all__ = ["EmbersPanel"]
