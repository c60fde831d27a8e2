"""The Firelights panel and its parts (sheet, world map, action bar), its advice hook and its
odds explorer (:mod:`widgets.firelights.odds`).

Main entry point: :class:`FirelightsPanel` (``FirelightsPanel()`` continues the journey played
last; ``FirelightsPanel(seed=...)`` plays one in memory). Every button plays an action of
:mod:`rules.firelights` through the frame, exactly as a click does:

>>> panel = FirelightsPanel(seed=11)
>>> panel.name_input.value = "Wick"
>>> panel.begin_button.click()
>>> panel.state.character.name, "discover" in panel.buttons
('Wick', True)
>>> panel.buttons["discover"].click()
>>> len(panel.state.world.regions)
3

May import :mod:`rules`, :mod:`widgets.parts` and :mod:`widgets.frame`; no rule logic lives here.
"""

from widgets.firelights.panel import FirelightsPanel

__all__ = ["FirelightsPanel"]
