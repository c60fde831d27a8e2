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
"""

from rules.errors import IllegalAction, InvalidInput, LanternError

__all__ = ["IllegalAction", "InvalidInput", "LanternError"]
