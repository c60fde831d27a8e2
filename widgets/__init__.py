"""Lantern's widgets: ipywidgets building blocks that game panels compose.

They call :mod:`rules` and display the results; no rule logic lives here. Every view is a
projection of its traits, every interactive element carries a ``lantern-*`` CSS class (for the
theme and for browser tests), and every handler runs under :func:`~widgets.parts.messages.guarded`, so a
rule error shows in the panel instead of vanishing with the button callback.

The packages: :mod:`widgets.parts` (small views every game uses), :mod:`widgets.frame` (the
shared game frame) and one package per game. Each imports :mod:`rules` and only the widget
packages before it; this one hands on the parts' most used names.
"""

from widgets.parts.card_view import CardRow, CardView
from widgets.parts.dice_view import DiceView, PoolRoller
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.table_lookup import TableLookup
from widgets.parts.theme import style_widget

__all__ = [
    "CardRow",
    "CardView",
    "DiceView",
    "MessageArea",
    "PoolRoller",
    "TableLookup",
    "guarded",
    "style_widget",
]
