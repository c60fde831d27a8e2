"""The shared game frame: what every Lantern game panel composes.

:class:`GameFrame` (the layout and the journey around the rules), :class:`JourneyControls`
(Undo, Redo, Reroll, Write to journal, Export, New / Open journey), :class:`LogView` (the log and
the look back), :class:`AtTheTable` (the player's own cards and dice), :class:`ChoiceRow` (a choice the rules
leave to the player).

May import :mod:`rules` and :mod:`widgets.parts`; never a game's widgets (a game hands its own
in: its panel subclasses :class:`GameFrame`, its advice is found by name).
"""

from widgets.frame.base import GameFrame, descendants, section
from widgets.frame.choice import ChoiceRow
from widgets.frame.controls import JourneyControls, frontend
from widgets.frame.log_view import JourneyLog, LogLine, LogView, journey_log
from widgets.frame.table_input import AtTheTable

__all__ = [
    "AtTheTable",
    "ChoiceRow",
    "GameFrame",
    "JourneyControls",
    "JourneyLog",
    "LogLine",
    "LogView",
    "descendants",
    "frontend",
    "journey_log",
    "section",
]
