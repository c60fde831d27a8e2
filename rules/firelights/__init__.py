"""Firelights (Fari RPGs, CC-BY 4.0): a solo journey to re-ignite six beacons.

What lives here: the state (character, world map, curses), the actions and :func:`available`,
``apply`` and its reports, the Story Deck's exact odds, the house rules, the sensible player and
the search player behind advice. May import :mod:`rules.table`, :mod:`rules.record`,
:mod:`rules.play`; never the Journey Book, another game or a widget.

Main entry points:

- :data:`GAME`: Firelights as a journey plays it; :func:`apply` plays one action on a state;
- the actions (:class:`Begin`, :class:`Discover`, :class:`Confront`, ...) and :func:`available`,
  what the rules offer now, with :func:`why_not` saying why another is not;
- :func:`odds` and :func:`odds_for`: the exact chances of Light, Shade and Darkness from the cards
  left; :func:`chance_to_complete`: the journey's, by simulation;
- :class:`SensiblePlayer` and :func:`advise`: a plain way to play, and the moves ranked by their
  chance of a good ending.

>>> from rules.record.journey import Journey
>>> from rules.firelights import Begin, Discover, available
>>> journey = Journey.start("firelights", seed=1)
>>> report = journey.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
>>> len(journey.state.world.regions)
1
>>> "discover" in available(journey.state)
True
"""

from rules.firelights.action_roll import Result, read
from rules.firelights.actions import (
    LIKELIHOODS,
    Ask,
    Begin,
    BuyInformation,
    Choose,
    Confront,
    Consult,
    Discover,
    Evade,
    Fight,
    Flee,
    Rest,
    Search,
    Slip,
    Travel,
)
from rules.firelights.character import APPROACHES, Character
from rules.firelights.curses import CURSES, CurseTrack
from rules.firelights.game import GAME, TABLE, apply
from rules.firelights.house_rules import HOUSE_RULES
from rules.firelights.moves import (
    ACTION_CARDS,
    available,
    can_roll,
    fightable,
    hidden_path_names,
    hidden_paths,
    ignitable,
    modifier,
    odds,
    odds_for,
    option_text,
    risk,
    why_not,
)
from rules.firelights.offered import legal
from rules.firelights.recap import recap
from rules.firelights.report import OUTCOMES, Report
from rules.firelights.search import advise
from rules.firelights.state import FATIGUE_BOXES, Pending, State, locations
from rules.firelights.strategy import SensiblePlayer, chance_to_complete, journey_outcome
from rules.firelights.summary import ending
from rules.firelights.words import move_words
from rules.firelights.world import BEACONS, Region, WorldMap

__all__ = [
    "ACTION_CARDS",
    "APPROACHES",
    "BEACONS",
    "CURSES",
    "FATIGUE_BOXES",
    "GAME",
    "HOUSE_RULES",
    "LIKELIHOODS",
    "OUTCOMES",
    "TABLE",
    "Ask",
    "Begin",
    "BuyInformation",
    "Character",
    "Choose",
    "Confront",
    "Consult",
    "CurseTrack",
    "Discover",
    "Evade",
    "Fight",
    "Flee",
    "Pending",
    "Region",
    "Report",
    "Rest",
    "Result",
    "Search",
    "SensiblePlayer",
    "Slip",
    "State",
    "Travel",
    "WorldMap",
    "advise",
    "apply",
    "available",
    "can_roll",
    "chance_to_complete",
    "ending",
    "fightable",
    "hidden_path_names",
    "hidden_paths",
    "ignitable",
    "journey_outcome",
    "legal",
    "locations",
    "modifier",
    "move_words",
    "odds",
    "odds_for",
    "option_text",
    "read",
    "recap",
    "risk",
    "why_not",
]
