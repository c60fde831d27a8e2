"""The Firelights panel and its parts (sheet, world map, action bar), its advice hook and its
odds explorer (:mod:`widgets.firelights.odds`).

May import :mod:`rules`, :mod:`widgets.parts` and :mod:`widgets.frame`; no rule logic lives here.
"""

from widgets.firelights.panel import FirelightsPanel

__all__ = ["FirelightsPanel"]
