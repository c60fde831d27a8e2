"""Lantern's rules: cards, dice, tables, chance and one module per game.

Standard library only: no widget, display or data-frame package is imported here, so the rules run
(and are tested) anywhere. Values are immutable; a state change returns a new value. All randomness
comes through a :class:`~rules.table.chance.Chance` created from a recorded seed, and every chance step
can report its exact distribution (as :class:`fractions.Fraction`) before it is sampled.
"""

from rules.errors import IllegalAction, InvalidInput, LanternError

__all__ = ["IllegalAction", "InvalidInput", "LanternError"]
