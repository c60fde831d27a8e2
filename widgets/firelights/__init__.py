"""The Firelights panel and its parts (sheet, world map)."""

from widgets.firelights.panel import FirelightsPanel

__all__ = ["FirelightsPanel"]
