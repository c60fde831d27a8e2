"""The table: cards, dice, oracle tables and chance, each able to state its exact odds.

What lives here: decks and draws (``cards``), dice and hit pools (``dice``), the d66 and other
lookup tables read from ``rules/data`` (``tables``), exact distributions (``distribution``), the
seeded source every outcome comes from and results typed at a real table (``chance``,
``physical``), closed-form pool lifetimes (``odds_chain``) and estimates with their intervals for
what is simulated (``estimate``).

Main entry points:

- :class:`~rules.table.cards.Deck` and :class:`~rules.table.cards.Card`: a deck that knows the
  exact chance of its next card;
- :func:`~rules.table.dice.sum_distribution`, :func:`~rules.table.dice.hits_distribution` and
  :class:`~rules.table.dice.D66`: dice as exact distributions;
- :class:`~rules.table.chance.Chance`: the one seeded source of every outcome, so a journey
  replays; :class:`~rules.table.chance.FastChance` for big simulations;
- :func:`~rules.table.tables.load`: an oracle table from ``rules/data``;
- :class:`~rules.table.distribution.Distribution`: exact odds as fractions;
- :func:`~rules.table.estimate.wilson_interval` and :class:`~rules.table.estimate.Estimate`: what
  a simulation found, with its 95% interval.

Every chance step goes through a :class:`~rules.table.chance.Chance`, and every one can say its
odds before it happens:

>>> from rules.table.chance import Chance
>>> from rules.table.dice import Roll, sum_distribution
>>> sum_distribution(2)[7]  # the exact chance of 7 on 2d6
Fraction(1, 6)
>>> Chance(seed=7).resolve(Roll(2)) == Chance(seed=7).resolve(Roll(2))  # a seed replays
True
>>> from rules.table.tables import load
>>> load("firelights-d66").lookup(11)["region"]
'Grove'

May import: the standard library and :mod:`rules.errors` only. Everything else builds on it.
"""
