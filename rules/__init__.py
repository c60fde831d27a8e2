"""Lantern's rules: cards, dice, tables, chance and one module per game.

Standard library only: no widget, display or data-frame package is imported here, so the rules run
(and are tested) anywhere. Values are immutable; a state change returns a new value. All randomness
comes through a :class:`~rules.table.chance.Chance` created from a recorded seed, and every chance step
can report its exact distribution (as :class:`fractions.Fraction`) before it is sampled.

The packages, from the ground up (``tests/test_layers.py`` holds it): :mod:`rules.errors`;
:mod:`rules.table` (cards, dice, tables, chance); :mod:`rules.record` (a journey that replays);
:mod:`rules.play` (simulation, the search behind advice) and :mod:`rules.book` (the Journey Book);
one package per game (:mod:`rules.firelights`, :mod:`rules.voidlight`, :mod:`rules.embers`);
:mod:`rules.studies`. Each imports only the ones before it; a game never imports the book.

A game is played through a journey, a seed and the actions played: here an Embers night started
from seed 7 and played by the heuristic player. Saved as JSON and read back, it replays to the
same state:

>>> import json
>>> from rules.embers import heuristic
>>> from rules.record.journey import Journey
>>> journey = Journey.start("embers", seed=7)
>>> report = journey.play(heuristic(journey.state))
>>> report.title, report.lines[1]
('Begin', 'Smoke Wraith spawns at NE')
>>> journey.play(heuristic(journey.state)).lines
('Defender defeats the Ember Bear',)
>>> saved = json.dumps(journey.to_json())
>>> Journey.from_json(json.loads(saved)).state == journey.state
True
"""

from rules.errors import IllegalAction, InvalidInput, LanternError

__all__ = ["IllegalAction", "InvalidInput", "LanternError"]
