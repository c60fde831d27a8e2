"""Voidlight (Fari RPGs): a sci-fi horror dungeon crawl under a shrinking beam of light.

Version 2 of the Boundless engine: Checks by Attribute and Position, Pushes, Critical Saves, ten
Slots, a crew of 1 to 6 sharing the P6 Voidlight on an expedition clock, and the solo tools (Fortune and Reaction
Rolls, Encounter Pools, the enemy guide, the theme and action oracle). Every value is immutable;
every die goes through the injected chance source, so a journey replays exactly.

What lives here: the character and crew, the actions, moves and ``apply``, the Voidlight and its
timer, the exact odds of checks, saves and pools, the house rules, the explorer and the search
player behind advice. May import :mod:`rules.table`, :mod:`rules.record`, :mod:`rules.play`;
never the Journey Book, another game or a widget.

Main entry points:

- :data:`GAME`: Voidlight as a journey plays it; :func:`apply` plays one action on a state,
  :func:`legal` lists every action the rules accept now (as in every game), :func:`available`
  the kinds of move offered and :func:`open_moves` each (kind, who) a panel enables
  (:func:`why_not`: why not; :func:`take_refusal`: whether an item of a size fits);
- the actions (:class:`Create`, :class:`Check`, :class:`Push`, :class:`Save`, :class:`Elapse`,
  ...) and the sheet (:class:`Character`);
- :func:`check_odds`, :func:`save_odds`, :func:`crew_save_odds` and :func:`battery_life`: the
  exact odds of a Check, a Critical Save, the dark's round and the light;
- :func:`advise`: the moves ranked by their chance of a good ending.

>>> from rules.record.journey import Journey
>>> journey = Journey.start("voidlight", seed=1)
>>> _ = journey.play(Create("Vex", "she/her", vigor=2, operate=1, insight=1, diplomacy=1), [[3]])
>>> journey.state.sheet.credits
30
>>> _ = journey.play(Check("vigor"), [[5, 2]])
>>> journey.last.outcome, "push" in available(journey.state)
('partial', True)
>>> check_odds(2, "standard", pushed=True)["success"]
Fraction(25, 81)
"""

from __future__ import annotations

from rules.play.advice import Advice
from rules.record.game_module import GameModule
from rules.voidlight.actions import (
    ACTIONS,
    Advance,
    Beam,
    Check,
    Choose,
    Cost,
    Create,
    CreateRandom,
    Credits,
    Damage,
    Drop,
    Elapse,
    EndEncounter,
    Fortune,
    GainCondition,
    HurtEnemy,
    Inspire,
    Join,
    Leave,
    LongRest,
    Push,
    React,
    RollEncounter,
    RollEnemy,
    RollLight,
    Save,
    SetTimer,
    ShortRest,
    SkipCost,
    StartEncounter,
    SwapBattery,
    Take,
    Treat,
)
from rules.voidlight.character import ATTRIBUTES, SLOTS, Character, Condition, Item, Penalty
from rules.voidlight.checks import SaveOdds, check_odds, save_odds
from rules.voidlight.clock import INTERVAL_MOST
from rules.voidlight.costs import effect, entry_text
from rules.voidlight.crew import CrewSaveOdds, crew_save_odds
from rules.voidlight.game import DEFAULTS, apply, initial, record_options
from rules.voidlight.house_rules import HOUSE_RULES
from rules.voidlight.moves import (
    available,
    check_position,
    countdown,
    light_life,
    odds,
    open_moves,
    option_text,
    take_refusal,
    why_not,
)
from rules.voidlight.offered import legal
from rules.voidlight.owed import Due, owed, passed_by, still_due
from rules.voidlight.pools import BatteryLife, battery_life, pool_empty_within, pool_rolls
from rules.voidlight.recap import recap
from rules.voidlight.report import OUTCOMES, Report
from rules.voidlight.seats import SEAT_KINDS, FreeSeat, TakeSeat, parse, seat_refusal, seated_as
from rules.voidlight.solo import ENEMY_HP, FORTUNE_DICE
from rules.voidlight.state import (
    CREW_MOST,
    Clock,
    EncounterPool,
    Enemy,
    LastCheck,
    Pending,
    State,
    Voidlight,
    check,
)
from rules.voidlight.summary import slot_boxes, summary

__all__ = [
    "ACTIONS",
    "ATTRIBUTES",
    "CREW_MOST",
    "DEFAULTS",
    "ENEMY_HP",
    "FORTUNE_DICE",
    "GAME",
    "HOUSE_RULES",
    "INTERVAL_MOST",
    "OUTCOMES",
    "SEAT_KINDS",
    "SLOTS",
    "Advance",
    "BatteryLife",
    "Beam",
    "Character",
    "Check",
    "Choose",
    "Clock",
    "Condition",
    "Cost",
    "Create",
    "CreateRandom",
    "Credits",
    "CrewSaveOdds",
    "Damage",
    "Drop",
    "Due",
    "Elapse",
    "EncounterPool",
    "EndEncounter",
    "Enemy",
    "Fortune",
    "FreeSeat",
    "GainCondition",
    "HurtEnemy",
    "Inspire",
    "Item",
    "Join",
    "LastCheck",
    "Leave",
    "LongRest",
    "Penalty",
    "Pending",
    "Push",
    "React",
    "Report",
    "RollEncounter",
    "RollEnemy",
    "RollLight",
    "Save",
    "SaveOdds",
    "SetTimer",
    "ShortRest",
    "SkipCost",
    "StartEncounter",
    "State",
    "SwapBattery",
    "Take",
    "TakeSeat",
    "Treat",
    "Voidlight",
    "advise",
    "apply",
    "available",
    "battery_life",
    "check_odds",
    "check_position",
    "countdown",
    "crew_save_odds",
    "effect",
    "entry_text",
    "initial",
    "legal",
    "light_life",
    "odds",
    "open_moves",
    "option_text",
    "owed",
    "parse",
    "passed_by",
    "pool_empty_within",
    "pool_rolls",
    "recap",
    "save_odds",
    "seat_refusal",
    "seated_as",
    "slot_boxes",
    "still_due",
    "summary",
    "take_refusal",
    "why_not",
]


#: The game as :mod:`rules.record.journey` plays it. Options (all house rules, see DEFAULTS): "play"
#: "solo" (Voidlight rolled every 20 minutes) or "group" (10); "timer" "interval" or "scenes";
#: "interval" minutes (overrides play); "points" to spread at creation; "hit_points" to start;
#: "costs" "due" (a new journey's: a Check's cost is owed until taken or skipped) or "lapse";
#: "hidden" (the countdown hidden from the players; default: in group play).
GAME = GameModule("voidlight", initial, apply, parse, summary, check, record_options, legal=legal)


def advise(
    state: State, runs: int = 200, seed: int = 0, scenes: int = 12, beam: str = "standard"
) -> list[Advice]:
    """One row per decision open now on a solo expedition: the chance to come back alive from
    ``scenes`` more scenes (:func:`rules.voidlight.search.advise`; imported when first asked,
    as it plays the study's explorer, which imports this package)."""
    from rules.voidlight.search import advise as look

    return look(state, runs, seed, scenes, beam)
