"""The Voidlight panel: a whole expedition with clicks, on the shared game frame."""

from widgets.voidlight.panel import VoidlightPanel
from widgets.voidlight.timer import LiveTimer

__all__ = ["LiveTimer", "VoidlightPanel"]
