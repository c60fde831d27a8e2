"""The Embers panel: a night around the campfire with clicks, on the shared game frame."""

from widgets.embers.panel import EmbersPanel

__all__ = ["EmbersPanel"]
