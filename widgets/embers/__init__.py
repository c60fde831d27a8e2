"""The Embers panel: a night around the campfire with clicks, on the shared game frame (the
ring of camps, the heroes' and the phase's buttons, the advice hook).

Main entry point: :class:`EmbersPanel` (``EmbersPanel(cards="my-cards.toml")`` plays your own
card file). Every button is a move :func:`rules.embers.moves.legal` offers:

>>> panel = EmbersPanel(seed=3)
>>> panel.begin_button.click()
>>> panel.state.phase
'actions'

May import :mod:`rules`, :mod:`widgets.parts` and :mod:`widgets.frame`; no rule logic lives here.
"""

from widgets.embers.panel import EmbersPanel

__all__ = ["EmbersPanel"]
