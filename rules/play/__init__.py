"""Play without a player: simulation by a policy, and the search behind the Advice toggle.

What lives here: :func:`~rules.play.simulate.simulate` (many games from one state, in process,
on a process pool or on Dask) and :mod:`~rules.play.advice` (Monte Carlo rollouts per legal move,
written once for every game).

Main entry points:

- :func:`~rules.play.simulate.simulate`: play ``runs`` whole games from a state by a policy, on
  any :class:`concurrent.futures.Executor`; run *i* is seeded by
  :func:`~rules.play.simulate.run_seed` whatever the executor, so a study gives the same numbers
  wherever it ran. It returns a :class:`~rules.play.simulate.Simulation`;
- :class:`~rules.play.simulate.PerRun`: a policy built afresh for each run;
- :func:`~rules.play.advice.estimate`: one :class:`~rules.play.advice.Advice` row per legal
  move, each move's chance of the good ending by rollouts;
- :class:`~rules.play.advice.SearchPlayer`: the strong player every game builds from the same
  rollouts.

Fifty Embers nights at Recruit, played by the heuristic player:

>>> from rules.embers import GAME, POLICIES, State
>>> from rules.play.simulate import PerRun, simulate
>>> from rules.table.chance import FastChance
>>> result = simulate(GAME, State.new("recruit"), PerRun(POLICIES["heuristic"]), runs=50,
...                   seed=0, chance=FastChance)
>>> result.counts
(('lost', 33), ('won', 17))

May import: :mod:`rules.record`, :mod:`rules.table` and :mod:`rules.errors`; never a game package
(a game hands in its own players). The games' search players and :mod:`rules.studies` build on it.
"""
