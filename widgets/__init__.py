"""Lantern's widgets: ipywidgets building blocks that game panels compose.

They call :mod:`rules` and display the results; no rule logic lives here. Every view is a
projection of its traits, every interactive element carries a ``lantern-*`` CSS class (for the
theme and for browser tests), and every handler runs under :func:`~widgets.parts.messages.guarded`, so a
rule error shows in the panel instead of vanishing with the button callback.

The packages: :mod:`widgets.parts` (small views every game uses), :mod:`widgets.frame` (the
shared game frame) and one package per game. Each imports :mod:`rules` and only the widget
packages before it; this one hands on the parts' most used names.

A panel on an Embers journey kept in a temporary folder: a click plays the rules, the Journey Book
saves the action, and the panel shows its result, the log and the buttons open now:

>>> import tempfile
>>> from rules.book import JourneyBook
>>> from widgets.embers import EmbersPanel
>>> book = JourneyBook.start("camp", game="embers", seed=7, folder=tempfile.mkdtemp())
>>> panel = EmbersPanel(book)
>>> panel.begin_button.click()
>>> "Smoke Wraith spawns at NE" in panel.report.value
True
>>> [line.title for line in book.log()]
['Begin']
>>> [button.description for button in panel.heroes_row.children]
['Scout', 'Leader', 'Defender', 'Herbalist']
>>> book.close()
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
