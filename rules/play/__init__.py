"""Play without a player: simulation by a policy, and the search behind the Advice toggle.

What lives here: :func:`~rules.play.simulate.simulate` (many games from one state, in process,
on a process pool or on Dask) and :mod:`~rules.play.advice` (Monte Carlo rollouts per legal move,
written once for every game).

May import: :mod:`rules.record`, :mod:`rules.table` and :mod:`rules.errors`; never a game package
(a game hands in its own players). The games' search players and :mod:`rules.studies` build on it.
"""
