"""The table: cards, dice, oracle tables and chance, each able to state its exact odds.

What lives here: decks and draws (``cards``), dice and hit pools (``dice``), the d66 and other
lookup tables read from ``rules/data`` (``tables``), exact distributions (``distribution``), the
seeded source every outcome comes from and results typed at a real table (``chance``,
``physical``), closed-form pool lifetimes (``odds_chain``) and estimates with their intervals for
what is simulated (``estimate``).

May import: the standard library and :mod:`rules.errors` only. Everything else builds on it.
"""
