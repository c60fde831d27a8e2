"""The shared game frame: what every Lantern game panel composes.

:class:`GameFrame` (the layout and the journey around the rules), :class:`JourneyControls`
(Undo, Redo, Reroll, Write to journal, Export, New / Open journey), :class:`LogView` (the log and
the look back), :class:`AtTheTable` (the player's own cards and dice), :class:`ChoiceRow` (a choice the rules
leave to the player).

Main entry points:

- :class:`GameFrame`: the class a game panel subclasses; it plays each click through the rules,
  saves it in the Journey Book before showing its result, and shows refusals as sentences;
- :class:`~widgets.frame.contract.GamePanel`: the hooks a panel hands the frame, required and
  optional, stated once (:mod:`widgets.frame.contract`);
- :class:`JourneyControls`: the journey's own buttons, present when the panel plays a
  :class:`~rules.book.journey_book.JourneyBook`;
- :class:`LogView` and :func:`journey_log`: the log that reads like a journal;
- :class:`~widgets.frame.advice.AdviceHook`: how a game's Advice joins the frame.

A panel on a Journey Book, played and taken back by clicks:

>>> import tempfile
>>> from rules.book import JourneyBook
>>> from widgets.firelights import FirelightsPanel
>>> book = JourneyBook.start("wick", game="firelights", seed=11, folder=tempfile.mkdtemp())
>>> panel = FirelightsPanel(book)
>>> isinstance(panel, GameFrame)
True
>>> panel.name_input.value = "Wick"
>>> panel.begin_button.click()
>>> panel.buttons["discover"].click()
>>> len(book.log()), len(panel.state.world.regions)
(2, 3)
>>> panel.controls.undo_button.click()
>>> len(panel.state.world.regions)
1
>>> book.close()

May import :mod:`rules` and :mod:`widgets.parts`; never a game's widgets (a game hands its own
in: its panel subclasses :class:`GameFrame` and implements the contract).
"""

from widgets.frame.base import GameFrame, descendants, section
from widgets.frame.choice import ChoiceRow
from widgets.frame.contract import lend_docstrings
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

lend_docstrings(GameFrame)  # the hooks' defaults read as the contract states them
